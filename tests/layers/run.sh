#!/usr/bin/env bash
# The layering check (scripts/check-layers.sh) passes on the tree and fails,
# naming the file, the line and both layers, on a copy where a toolkit file
# includes a framework header or a games file the API's.
# Usage: tests/layers/run.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
check=$source_dir/scripts/check-layers.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0
fail=0
expect() { # expect NAME STATUS PATTERN COMMAND...: exit status and output
    local name=$1 status=$2 pattern=$3 output got=0
    shift 3
    output=$("$@" 2>&1) || got=$?
    if [ "$got" -eq "$status" ] && grep -qE -- "$pattern" <<< "$output"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $got (want $status), output:"
        echo "$output"
    fi
}
expect "the tree keeps its layers" 0 '^$' "$check" "$source_dir"

copy() { # a fresh copy of src/ under $scratch/NAME
    rm -rf "${scratch:?}/$1"
    mkdir -p "$scratch/$1"
    cp -r "$source_dir/src" "$scratch/$1/src"
}
copy up
sed -i '1i #include "framework/game_internal.h"' "$scratch/up/src/core/memo.c"
expect "a toolkit file including the framework" 1 \
    '^src/core/memo.c:1: core includes "framework/game_internal.h" from the higher layer framework$' \
    "$check" "$scratch/up"
copy games
printf '#include "api/api_internal.h" /* a comment */\n' >> "$scratch/games/src/games/path.c"
expect "a game including the API" 1 'src/games/path.c:[0-9]+: games includes "api/api_internal.h" from the higher layer api' \
    "$check" "$scratch/games"
copy stray
sed -i '1i #include "elsewhere/thing.h"' "$scratch/stray/src/octal/octal.c"
expect "a folder that is no layer" 1 'src/octal/octal.c:1: includes "elsewhere/thing.h" from src/elsewhere, which is no layer' \
    "$check" "$scratch/stray"
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
