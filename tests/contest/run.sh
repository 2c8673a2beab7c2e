#!/usr/bin/env bash
# The contest toolkit: gen, check and stress, with deliberately wrong
# solutions (tests/contest/solutions/*.py, each correct without its flag).
# Usage: run.sh CGSOLVE PYTHON. Prints "contest: N passed, M failed".
set -u
exe=$1
python=$2
here=$(cd "$(dirname "$0")" && pwd)
solutions=$here/solutions
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# ---- gen: valid, reproducible, sized as asked ---------------------------
for game in domino treblecross gamecs path numbergame; do
    for mode in "" --hard --edge; do
        # shellcheck disable=SC2086  # mode may be empty
        "$exe" gen "$game" $mode --cases 25 --seed 11 > "$work/a.in"
        # shellcheck disable=SC2086
        "$exe" gen "$game" $mode --cases 25 --seed 11 > "$work/b.in"
        if cmp -s "$work/a.in" "$work/b.in"; then ok; else bad "gen $game $mode: not reproducible"; fi
        if "$exe" "$game" < "$work/a.in" > /dev/null 2> "$work/err"; then
            ok
        else
            bad "gen $game $mode: invalid input: $(cat "$work/err")"
        fi
    done
done
"$exe" gen gamecs --seed 7 --cases 5 > "$work/a.in"
"$exe" gen gamecs --seed 8 --cases 5 > "$work/b.in"
if ! cmp -s "$work/a.in" "$work/b.in"; then ok; else bad "gen: seeds 7 and 8 give the same input"; fi
# The bytes are fixed by the seed on every machine: a digest of a fixed run.
digest=$("$exe" gen treblecross --seed 42 --cases 3 | cksum)
if [ "$digest" = "$(printf '3\n............\n...X.........XX........X...\n..........X......X.X....X...............\n' | cksum)" ]; then
    ok
else
    bad "gen treblecross --seed 42 changed: $("$exe" gen treblecross --seed 42 --cases 3 | tr '\n' '|')"
fi
"$exe" gen domino --tiles 14 --cases 2 > "$work/a.in"
if [ "$(awk 'NR == 1 { print $1 }' "$work/a.in")" = 14 ]; then ok; else bad "gen domino --tiles 14"; fi
"$exe" gen gamecs --nodes 50000 --shape chain --max-weight 9223372036854775807 --cases 1 > "$work/a.in"
if [ "$(sed -n 2p "$work/a.in")" = 50000 ] && "$exe" gamecs "$work/a.in" > /dev/null; then ok; else bad "gen gamecs --nodes 50000 --shape chain"; fi
"$exe" gen path --size 30 --cases 1 > "$work/a.in"
if [ "$(head -1 "$work/a.in")" = 30 ]; then ok; else bad "gen path --size 30"; fi
"$exe" gen numbergame --max 30 --cases 5 > "$work/a.in"
if "$exe" numbergame --max 30 < "$work/a.in" > /dev/null; then ok; else bad "gen numbergame --max 30"; fi

# ---- check: verdicts and exit codes --------------------------------------
printf '3\n.....\nX.....X..X.............X....X..X\n...X\n' > "$work/t.in"
"$exe" treblecross < "$work/t.in" > "$work/right.out"
"$exe" check treblecross "$work/t.in" "$work/right.out" > "$work/verdict"
status=$?
if [ $status -eq 0 ] && [ "$(head -1 "$work/verdict")" = accepted ]; then ok; else bad "check: accepted ($status)"; fi
sed 's/^LOSING$/WINNING/' "$work/right.out" > "$work/wrong.out"
"$exe" check treblecross "$work/t.in" "$work/wrong.out" > "$work/verdict"
status=$?
if [ $status -eq 10 ] && [ "$(head -1 "$work/verdict")" = "wrong answer: case 2" ] &&
    grep -q "why the expected answer holds:" "$work/verdict"; then
    ok
else
    bad "check: wrong answer ($status): $(head -3 "$work/verdict")"
fi
sed 's/^WINNING$/WINNING /' "$work/right.out" > "$work/spaced.out"
"$exe" check treblecross "$work/t.in" "$work/spaced.out" > "$work/verdict"
status=$?
if [ $status -eq 11 ] && [ "$(head -1 "$work/verdict")" = "presentation error: line 1, column 8: expected a line end, found a space (case 1)" ]; then
    ok
else
    bad "check: presentation error ($status): $(head -1 "$work/verdict")"
fi
head -2 "$work/right.out" > "$work/short.out"
"$exe" check treblecross "$work/t.in" "$work/short.out" > "$work/verdict"
status=$?
if [ $status -eq 10 ] && [ "$(head -1 "$work/verdict")" = "wrong answer: case 2" ] &&
    grep -q "the output ends before this case" "$work/verdict"; then ok; else bad "check: missing case ($status)"; fi
printf '2\n.....\n' > "$work/bad.in"
"$exe" check treblecross "$work/bad.in" "$work/right.out" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 1 ] && grep -q "bad.in:3:1: expected a board" "$work/err"; then ok; else bad "check: bad judge input ($status)"; fi
# shellcheck disable=SC2094  # the pipeline reads t.in twice and writes elsewhere
if "$exe" treblecross < "$work/t.in" | "$exe" check treblecross "$work/t.in" - > "$work/verdict"; then
    ok
else
    bad "check: output on standard input"
fi
"$exe" check --json treblecross "$work/t.in" "$work/wrong.out" > "$work/verdict"
if grep -q '"answer":"wrong answer: case 2","analysis":{"verdict":"wrong_answer","cases":3,"case":2,' "$work/verdict"; then ok; else bad "check --json: $(cat "$work/verdict")"; fi

# ---- stress: wrong solutions found and shrunk; a correct one passes -----
# stress_finds NAME MAX_BYTES ARGS...: a failure found, its input shrunk to
# at most MAX_BYTES, saved, valid, and still failing under check.
stress_finds() {
    local name=$1 max=$2
    shift 2
    local game=$1
    "$exe" stress "$@" > "$work/stress.out" 2> "$work/stress.err"
    local status=$?
    if [ $status -ne 1 ]; then
        bad "stress $name: exit $status, expected 1: $(head -3 "$work/stress.out") $(tail -2 "$work/stress.err")"
        return
    fi
    local bytes
    bytes=$(wc -c < "$work/small.in")
    echo "stress $name: $(head -1 "$work/stress.out"); minimal input $bytes bytes: $(tr '\n' '|' < "$work/small.in")"
    if [ "$bytes" -le "$max" ]; then ok; else bad "stress $name: minimal input of $bytes bytes, more than $max"; fi
    if "$exe" "$game" < "$work/small.in" > "$work/small.expected" 2> /dev/null; then ok; else bad "stress $name: the saved input is invalid"; fi
}
stress_finds "Game of CS, wrong rule for odd weights" 12 \
    gamecs --runs 200 --save "$work/small.in" -- "$python" "$solutions/gamecs.py" --odd-rule
stress_finds "domino, search gives up at the other player's win" 24 \
    domino --tiles 3 --runs 200 --save "$work/small.in" -- "$python" "$solutions/domino.py" --gives-up
stress_finds "domino, assumes Green holds a double" 16 \
    domino --tiles 3 --runs 200 --save "$work/small.in" -- "$python" "$solutions/domino.py" --green-double
stress_finds "PATH, misses N = 1" 8 \
    path --runs 200 --save "$work/small.in" -- "$python" "$solutions/path.py" --misses-n1
stress_finds "Treblecross, a trailing space as a cell" 10 \
    treblecross --hard --length 10 --runs 200 --save "$work/small.in" -- \
    "$python" "$solutions/treblecross.py" --trailing-space
# A program that crashes, and one that hangs.
stress_finds "a crash" 40 treblecross --length 10 --runs 5 --save "$work/small.in" -- \
    "$python" -c 'import sys; sys.stdin.read(); sys.exit(3)'
if grep -q "^stress: crash: exit status 3" "$work/stress.out"; then ok; else bad "stress: crash named"; fi
stress_finds "a hang" 40 treblecross --length 10 --runs 2 --time-limit 0.3 --save "$work/small.in" -- \
    "$python" -c 'import time; time.sleep(30)'
if grep -q "^stress: time-out: no answer within 0.3 s" "$work/stress.out"; then ok; else bad "stress: time-out named"; fi
# Correct solutions pass.
for game in gamecs path; do
    if "$exe" stress "$game" --runs 25 -- "$python" "$solutions/$game.py" > "$work/stress.out" 2> /dev/null &&
        grep -q "^stress: 25 inputs passed (seeds 1 to 25)" "$work/stress.out"; then
        ok
    else
        bad "stress $game: a correct program does not pass: $(head -2 "$work/stress.out")"
    fi
done
if "$exe" stress treblecross --length 10 --seconds 2 -- "$python" "$solutions/treblecross.py" > "$work/stress.out" 2> /dev/null &&
    grep -q "inputs passed" "$work/stress.out"; then ok; else bad "stress --seconds"; fi
"$exe" stress gamecs --runs 1 > /dev/null 2> "$work/err"
if [ $? -eq 2 ]; then ok; else bad "stress without a program: usage error"; fi

echo "contest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
