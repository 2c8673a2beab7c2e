#!/usr/bin/env bash
# stress's shrinking reaches the smallest failing input whatever the seed:
# a corpus of wrong programs (solutions/shrink_GAME.sh), each wrong exactly
# when one case has a documented property, so the smallest failing input is
# known: 1 case of that size. Every seed from 1 to 20 must shrink to it, and
# the report must say so in the game's own terms. Under the sanitizers
# (CGSOLVE_SANITIZED=1) seeds 1 to 5: each run starts thousands of
# instrumented processes, and the 20 seeds alone took minutes of CI's 20.
# Usage: shrink.sh CGSOLVE. Prints "contest shrink: N passed, M failed".
set -u
exe=$1
solutions=$(cd "$(dirname "$0")" && pwd)/solutions
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"

seeds=20
if [ "${CGSOLVE_SANITIZED:-0}" = 1 ]; then seeds=5; fi
# reaches GAME SIZE UNIT GEN-OPTIONS...: seeds 1 to $seeds each shrink to one
# case of SIZE UNIT, said to be 1-minimal.
reaches() {
    local game=$1 size=$2 unit=$3 sizes="" seed
    shift 3
    for seed in $(seq 1 "$seeds"); do
        timeout 120 "$exe" stress "$game" "$@" --seed "$seed" --runs 50 --time-limit 10 -- \
            sh "$solutions/shrink_$game.sh" "$exe" > "$work/out" 2> /dev/null
        local status=$? line
        line=$(sed -n 2p "$work/out")
        sizes="$sizes $(printf '%s\n' "$line" | sed -n 's/.*bytes, 1 case, \([0-9]*\) .*/\1/p')"
        if [ $status -eq 1 ] &&
            printf '%s\n' "$line" | grep -q -F "1 case, $size $unit; " &&
            printf '%s\n' "$line" | grep -q -F "1-minimal: no single reduction still fails):"; then
            ok
        else
            bad "stress $game --seed $seed: exit $status: $line"
        fi
    done
    echo "shrink $game: seeds 1 to $seeds reach$sizes $unit (the smallest is $size)"
}
reaches domino 2 "tiles a hand" --tiles 4 --cases 2
reaches treblecross 4 cells --length 10 --density 15 --cases 2
reaches gamecs 4 nodes --nodes 7 --cases 2
reaches path 4 cells --size 4 --fill 30 --cases 2
reaches numbergame 4 numbers --cases 2

# --verbose lists each step, numbered, with the size it reached.
"$exe" stress gamecs --nodes 8 --cases 2 --verbose -- sh "$solutions/shrink_gamecs.sh" "$exe" \
    > "$work/out" 2> /dev/null
steps=$(sed -n 's/.*; \([0-9]*\) shrinking steps; .*/\1/p' "$work/out")
if [ -n "$steps" ] && [ "$(grep -c '^  [0-9]*\. \(greedy\|final\) pass: case [0-9]* [a-z ]*: [0-9]* cases*, [0-9]* nodes* ([0-9]* bytes)$' "$work/out")" -eq "$steps" ] &&
    grep -q '^shrinking steps:$' "$work/out"; then
    ok
else
    bad "stress --verbose: the steps are not listed: $(head -12 "$work/out")"
fi
echo "contest shrink: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
