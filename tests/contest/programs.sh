#!/usr/bin/env bash
# `cgsolve stress` against programs that misbehave: one that closes its
# output and keeps running, ones that leave children behind (in their group
# and out of it), one run with stress's own stdin closed, one that cannot be
# run, one that checks its SIGPIPE disposition, and stress itself stopped by
# SIGTERM and SIGINT. The correct program is cgsolve itself. Every run is
# under `timeout`, so a hang fails the test instead of stalling it.
# Usage: programs.sh CGSOLVE. Prints "contest programs: N passed, M failed".
set -u
exe=$1
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
# A number no other process on the machine sleeps for: what the runs leave.
mark=$((7000 + $$ % 1000))
left_behind() { pgrep -f -x "sleep $1" | wc -l; }

# Closes its output after a correct answer, then sleeps: the time limit
# holds after the end of its output.
start=$(date +%s)
timeout 20 "$exe" stress gamecs --runs 1 --time-limit 0.5 --shrink-seconds 2 -- \
    sh -c "\"$exe\" gamecs; exec >&-; sleep $mark.1" > "$work/out" 2> "$work/err"
status=$?
took=$(($(date +%s) - start))
if [ $status -eq 1 ] && grep -q "^stress: time-out: no answer within 0.5 s" "$work/out" && [ $took -le 10 ]; then
    ok
else
    bad "closes stdout and sleeps: exit $status after $took s: $(head -2 "$work/out") $(tail -1 "$work/err")"
fi
if [ "$(left_behind "$mark.1")" -eq 0 ]; then ok; else bad "closes stdout and sleeps: the sleep is left running"; fi

# Passes, but leaves a child in its group and one that left the group
# (setsid): nothing of the run is left once stress ends.
timeout 20 "$exe" stress gamecs --runs 3 -- \
    sh -c "\"$exe\" gamecs; (sleep $mark.2 > /dev/null 2>&1 &); setsid sleep $mark.3 > /dev/null 2>&1 < /dev/null &" \
    > "$work/out" 2> "$work/err"
status=$?
sleep 0.2
if [ $status -eq 0 ] && grep -q "^stress: 3 inputs passed" "$work/out"; then ok; else bad "leaves a child: exit $status: $(head -2 "$work/out")"; fi
if [ "$(left_behind "$mark.2")" -eq 0 ]; then ok; else bad "leaves a child: its child in the group is left running"; fi
if [ "$(left_behind "$mark.3")" -eq 0 ]; then ok; else bad "leaves a child: its setsid child is left running"; fi
pkill -f "^sleep $mark\\." 2> /dev/null

# stress's own standard input (and error) closed: the pipes must not take
# descriptors 0..2 from the program.
if timeout 20 "$exe" stress gamecs --runs 3 -- "$exe" gamecs > "$work/out" 2> "$work/err" <&- &&
    grep -q "^stress: 3 inputs passed" "$work/out"; then ok; else bad "stress <&-: $(head -2 "$work/out")"; fi
if timeout 20 "$exe" stress gamecs --runs 3 -- "$exe" gamecs > "$work/out" 2>&- <&- &&
    grep -q "^stress: 3 inputs passed" "$work/out"; then ok; else bad "stress <&- 2>&-: $(head -2 "$work/out")"; fi

# A program that cannot be run: one usage error, no shrinking.
timeout 20 "$exe" stress gamecs --runs 5 -- "$work/no-such-program" > "$work/out" 2> "$work/err"
status=$?
if [ $status -eq 2 ] && [ "$(grep -c "cannot run '$work/no-such-program': No such file or directory" "$work/err")" -eq 1 ] &&
    ! grep -q "shrinking" "$work/out" "$work/err"; then
    ok
else
    bad "cannot be run: exit $status: $(head -2 "$work/out") $(head -2 "$work/err")"
fi
printf 'not a program\n' > "$work/not-executable"
timeout 20 "$exe" stress gamecs --runs 5 -- "$work/not-executable" > "$work/out" 2> "$work/err"
status=$?
if [ $status -eq 2 ] && grep -q "cannot run '$work/not-executable': Permission denied" "$work/err"; then ok; else bad "not executable: exit $status: $(head -2 "$work/err")"; fi

# Every run starts with SIGPIPE (bit 13 of SigIgn) at its default.
# shellcheck disable=SC2016  # expanded by the program's shell
sigpipe_program='ignored=$(sed -n "s/^SigIgn:[[:space:]]*//p" /proc/$$/status)
if [ $((0x$ignored & 0x1000)) -ne 0 ]; then exit 9; fi
exec "$0" gamecs'
if [ -r /proc/self/status ]; then
    if timeout 20 "$exe" stress gamecs --runs 3 -- sh -c "$sigpipe_program" "$exe" > "$work/out" 2> "$work/err" &&
        grep -q "^stress: 3 inputs passed" "$work/out"; then ok; else bad "SIGPIPE reset in the child: $(head -1 "$work/out")"; fi
fi

# --program-memory: the program's address space is limited (RLIMIT_AS), so
# one that allocates 1 GiB fails as under a judge's memory limit, and the
# report names the limit; a correct program passes under it.
# shellcheck disable=SC2016  # expanded by the program's shell
hog='exec python3 -c "import sys; sys.stdin.read(); x = bytearray(1 << 30); x[-1] = 1; print(sys.argv[1])" "$(\"$0\" gamecs)"'
if command -v python3 > /dev/null; then
    timeout 60 "$exe" stress gamecs --runs 2 --cases 1 --program-memory 300M --shrink-seconds 5 -- \
        sh -c "$hog" "$exe" > "$work/out" 2> "$work/err"
    status=$?
    if [ $status -eq 1 ] && grep -q "^stress: crash: exit status 1" "$work/out" &&
        grep -q "^program memory limit: 300M of address space per run$" "$work/out" &&
        grep -q "MemoryError" "$work/out"; then
        ok
    else
        bad "--program-memory 300M: exit $status: $(head -3 "$work/out") $(tail -1 "$work/err")"
    fi
fi
if [ -n "${CGSOLVE_SANITIZED:-}" ]; then
    ok # AddressSanitizer's shadow memory is more address space than any limit
elif timeout 20 "$exe" stress gamecs --runs 3 --program-memory 1G -- "$exe" gamecs > "$work/out" 2> "$work/err" &&
    grep -q "^stress: 3 inputs passed" "$work/out" && grep -q "^program memory limit: 1G" "$work/out"; then
    ok
else
    bad "--program-memory 1G: a correct program: $(head -2 "$work/out")"
fi

# SIGTERM and SIGINT while a program runs: its group killed, what passed
# reported, exit 130.
for signal in TERM INT; do
    "$exe" stress gamecs --time-limit 30 -- sh -c "sleep $mark.4" > "$work/out" 2> "$work/err" &
    pid=$!
    (sleep 15 && kill -KILL $pid) > /dev/null 2>&1 &
    watchdog=$!
    sleep 1
    kill -"$signal" $pid
    wait $pid
    status=$?
    kill $watchdog 2> /dev/null
    sleep 0.2
    if [ $status -eq 130 ] && grep -q "^stress: 0 inputs passed.*interrupted" "$work/out"; then
        ok
    else
        bad "SIG$signal: exit $status: $(head -2 "$work/out") $(head -2 "$work/err")"
    fi
    if [ "$(left_behind "$mark.4")" -eq 0 ]; then ok; else bad "SIG$signal: the program is left running"; fi
    pkill -f "^sleep $mark\\.4" 2> /dev/null
done

echo "contest programs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
