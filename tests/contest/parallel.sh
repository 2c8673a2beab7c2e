#!/usr/bin/env bash
# `cgsolve stress -j N`: several programs at once, the same verdict and the
# same report as one at a time. The wrong program is cgsolve itself with a
# planted bug, so each run is quick; every stress run is under `timeout`.
# Usage: parallel.sh CGSOLVE. Prints "contest parallel: N passed, M failed".
set -u
exe=$1
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
mark=$((8000 + $$ % 1000)) # a sleep no other process on the machine has
left_behind() { pgrep -f -x "sleep $1" | wc -l; }

# Wrong on a board holding XX.X (case 1's verdict flipped), and slow (1 s)
# on an input of 3 boards or more whose first board is under 20 cells.
# With --cases 3, seeds 1 and 2 pass, seed 3 fails slowly (a 12-cell first
# board) and seed 6 fails at once (a 39-cell one): with -j 4, seed 6 fails
# first in wall time, and seed 3 must still be the one reported.
cat > "$work/wrong.sh" <<'PROGRAM'
in=$(cat)
if printf '%s\n' "$in" | grep -q 'XX\.X'; then
    first=$(printf '%s\n' "$in" | sed -n 2p)
    if [ "$(printf '%s\n' "$in" | head -1)" -ge 3 ] && [ ${#first} -lt 20 ]; then
        sleep 1
    fi
    printf '%s\n' "$in" | "$0" treblecross | sed '1{s/WINNING/LOSING/;t;s/LOSING/WINNING/;}'
else
    printf '%s\n' "$in" | "$0" treblecross
fi
PROGRAM
wrong=(sh -c ". $work/wrong.sh" "$exe")

# The premise: seed 6 fails on its own (and fast), seed 3 slowly.
timeout 60 "$exe" stress treblecross --cases 3 --seed 6 --runs 1 -- "${wrong[@]}" > "$work/out" 2> /dev/null
if grep -q "^stress: wrong answer: case 1 after 1 run (0 passed), seed 6$" "$work/out"; then ok; else bad "seed 6 does not fail: $(head -1 "$work/out")"; fi
start=$(date +%s%N)
"$exe" gen treblecross --cases 3 --seed 3 | "${wrong[@]}" > /dev/null
took=$((($(date +%s%N) - start) / 1000000))
if [ $took -ge 1000 ]; then ok; else bad "seed 3's run takes $took ms, not 1 s"; fi

# -j 1 and -j 4: the same report, byte for byte, seed 3's, shrunk to the
# one board XX.X.
for jobs in "-j 1" "-j 4"; do
    # shellcheck disable=SC2086  # the option and its value
    timeout 60 "$exe" stress treblecross --cases 3 $jobs --time-limit 20 -- "${wrong[@]}" \
        > "$work/out.${jobs// /}" 2> "$work/err"
    status=$?
    if [ $status -eq 1 ]; then ok; else bad "stress $jobs: exit $status: $(head -2 "$work/err")"; fi
done
if grep -q "^stress: wrong answer: case 1 after 3 runs (2 passed), seed 3$" "$work/out.-j1" &&
    [ "$(sed -n '/^input:$/,/^expected output:$/p' "$work/out.-j1" | tr '\n' '|')" = "input:|  1|  XX.X|expected output:|" ]; then
    ok
else
    bad "stress -j 1: not seed 3 shrunk to XX.X: $(head -5 "$work/out.-j1" | tr '\n' '|')"
fi
if cmp -s "$work/out.-j1" "$work/out.-j4"; then ok; else bad "stress -j 4 differs from -j 1: $(diff "$work/out.-j1" "$work/out.-j4" | head -5)"; fi

# Several seeds failing in different ways (the wrong program from --seed 4:
# seeds 4 and 5 pass, 6 fails): --jobs 3 agrees with -j 1 there too.
for jobs in 1 3; do
    timeout 60 "$exe" stress treblecross --cases 3 --seed 4 --jobs $jobs --time-limit 20 -- "${wrong[@]}" \
        > "$work/from4.$jobs" 2> /dev/null
done
if grep -q "seed 6$" "$work/from4.1" && cmp -s "$work/from4.1" "$work/from4.3"; then ok; else bad "stress --seed 4 -j 3: $(head -1 "$work/from4.3"), -j 1: $(head -1 "$work/from4.1")"; fi

# A correct program passes with -j 4: every seed run, none twice.
if timeout 60 "$exe" stress gamecs -j 4 --runs 60 -- "$exe" gamecs > "$work/out" 2> /dev/null &&
    grep -q "^stress: 60 inputs passed (seeds 1 to 60)$" "$work/out"; then
    ok
else
    bad "stress gamecs -j 4 on a correct program: $(head -2 "$work/out")"
fi

# --against with -j (-j3, the option and its value in one word): the
# reference beside the program in each of the runs, the same verdict and
# report as one at a time.
for jobs in 1 3; do
    timeout 60 "$exe" stress treblecross --cases 3 -j$jobs --time-limit 20 --against "$exe treblecross" -- "${wrong[@]}" \
        > "$work/against.$jobs" 2> /dev/null
done
if grep -q "^stress: the program is wrong (the reference is right): wrong answer: case 1 after 3 runs (2 passed), seed 3$" "$work/against.1" &&
    grep -q "^reference output:" "$work/against.1" && cmp -s "$work/against.1" "$work/against.3"; then
    ok
else
    bad "stress --against -j 3: $(head -1 "$work/against.3"), -j 1: $(head -1 "$work/against.1")"
fi

# Ctrl-C (SIGINT) during -j 3: three programs run at once, all of them
# killed, what passed reported, exit 130.
"$exe" stress gamecs -j 3 --time-limit 30 -- sh -c "sleep $mark" > "$work/out" 2> "$work/err" &
pid=$!
(sleep 20 && kill -KILL $pid) > /dev/null 2>&1 &
watchdog=$!
running=0
for _ in 1 2 3 4 5 6 7 8 9 10; do
    sleep 0.3
    running=$(left_behind "$mark")
    [ "$running" -lt 3 ] || break
done
kill -INT $pid
wait $pid
status=$?
kill $watchdog 2> /dev/null
sleep 0.2
if [ "$running" -eq 3 ]; then ok; else bad "-j 3: $running programs at once, not 3"; fi
if [ $status -eq 130 ] && grep -q "^stress: 0 inputs passed.*interrupted" "$work/out"; then ok; else bad "SIGINT during -j 3: exit $status: $(head -2 "$work/out") $(head -2 "$work/err")"; fi
if [ "$(left_behind "$mark")" -eq 0 ]; then ok; else bad "SIGINT during -j 3: programs left running"; fi
pkill -f -x "sleep $mark" 2> /dev/null

# Bad values: a usage error naming the range.
for value in 0 65 -1 x 2.5; do
    "$exe" stress gamecs -j "$value" --runs 1 -- "$exe" gamecs > "$work/out" 2> "$work/err"
    status=$?
    if [ $status -eq 2 ] && grep -q "invalid --jobs" "$work/err" && [ ! -s "$work/out" ]; then ok; else bad "-j $value: exit $status: $(cat "$work/err")"; fi
done
"$exe" stress gamecs --jobs=65 --runs 1 -- "$exe" gamecs > /dev/null 2> "$work/err"
if [ $? -eq 2 ] && grep -q "1 to 64" "$work/err"; then ok; else bad "--jobs=65: $(cat "$work/err")"; fi
# -j stays --json for the solving commands.
printf '1\n2\n0 1 1\n' | "$exe" gamecs -j > "$work/out"
if grep -q '"game":"gamecs",.*"answer":"Case 1: Emily"' "$work/out"; then ok; else bad "gamecs -j is no longer --json: $(cat "$work/out")"; fi

echo "contest parallel: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
