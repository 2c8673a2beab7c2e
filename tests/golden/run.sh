#!/usr/bin/env bash
# Golden tests: for every GOLDEN_DIR/<game>/<name>.in, run `cgsolve <game> [args]`
# and compare stdout byte for byte with <name>.out. Extra arguments, if any,
# are read from <name>.args (one line). Exit 0 only when every case matches.
# Usage: run.sh CGSOLVE GOLDEN_DIR [WRAPPER...]  (e.g. valgrind and its options:
# a wrapper that finds an error must exit non-zero)
set -u
exe=$1
dir=$2
shift 2
wrapper=("$@")
pass=0
fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for input in "$dir"/*/*.in; do
    game=$(basename "$(dirname "$input")")
    base=${input%.in}
    args=()
    if [ -f "$base.args" ]; then
        read -r -a args < "$base.args"
    fi
    if ! "${wrapper[@]}" "$exe" "$game" "${args[@]}" < "$input" > "$tmp" 2>&1; then
        echo "FAIL $game/$(basename "$base"): exit status $?"
        fail=$((fail + 1))
        continue
    fi
    if cmp -s "$tmp" "$base.out"; then
        pass=$((pass + 1))
    else
        echo "FAIL $game/$(basename "$base"): output differs"
        diff "$base.out" "$tmp" | head -20
        fail=$((fail + 1))
    fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
