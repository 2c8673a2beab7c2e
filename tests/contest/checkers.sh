#!/usr/bin/env bash
# `cgsolve check` as the checker of judge systems, called as they call it:
# testlib's `checker INPUT OUTPUT ANSWER` (exit 0 OK, 1 wrong answer, 2
# presentation error, 3 fail) through a wrapper as a Polygon package holds
# it, and the Kattis/DOMjudge output validator `run INPUT ANSWER
# FEEDBACK_DIR [FLAGS...] < OUTPUT` (exit 42/43, judgemessage.txt) from a
# problem package's output_validators/ directory.
# Usage: checkers.sh CGSOLVE. Prints "contest checkers: N passed, M failed".
set -u
exe=$1
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
expect() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then ok; else bad "$1: exit $3, expected $2"; fi
}

# A problem's data: one judge input, the jury's answer, and team outputs.
mkdir -p "$work/pkg/data/secret"
printf '3\n.....\nX.....X..X.............X....X..X\n...X\n' > "$work/pkg/data/secret/1.in"
"$exe" treblecross < "$work/pkg/data/secret/1.in" > "$work/pkg/data/secret/1.ans"
cp "$work/pkg/data/secret/1.ans" "$work/right.out"
sed 's/^LOSING$/WINNING/' "$work/right.out" > "$work/wrong.out"
sed 's/^3$/3 /' "$work/right.out" > "$work/spaced.out"
in=$work/pkg/data/secret/1.in
ans=$work/pkg/data/secret/1.ans

# ---- testlib: the checker program is a wrapper around cgsolve ------------
printf '#!/bin/sh\nexec "%s" check treblecross "$@"\n' "$exe" > "$work/checker"
chmod +x "$work/checker"
"$work/checker" "$in" "$work/right.out" "$ans" 2> "$work/err"
expect "testlib: accepted" 0 $?
"$work/checker" "$in" "$work/wrong.out" "$ans" 2> "$work/err"
expect "testlib: wrong answer" 1 $?
if grep -q "^wrong answer: case 2" "$work/err"; then pass=$((pass + 1)); else echo "FAIL testlib: the verdict on stderr"; fail=$((fail + 1)); fi
"$work/checker" "$in" "$work/spaced.out" "$ans" 2> "$work/err"
expect "testlib: presentation error" 2 $?
"$work/checker" "$in" "$work/right.out" "$work/wrong.out" 2> "$work/err"
expect "testlib: a wrong jury answer fails the checker" 3 $?
printf '2\n.....\n' > "$work/bad.in"
"$work/checker" "$work/bad.in" "$work/right.out" "$ans" 2> "$work/err"
expect "testlib: a bad input fails the checker" 3 $?
"$exe" check --checker testlib treblecross "$in" "$work/right.out" "$ans" 2> "$work/err"
expect "testlib: --checker testlib" 0 $?

# ---- Kattis / DOMjudge: output_validators/NAME/run in the package --------
mkdir -p "$work/pkg/output_validators/cgsolve"
printf '#!/bin/sh\nexec "%s" check --checker kattis treblecross "$@"\n' "$exe" > "$work/pkg/output_validators/cgsolve/run"
chmod +x "$work/pkg/output_validators/cgsolve/run"
validator=$work/pkg/output_validators/cgsolve/run
for team in right wrong spaced; do
    feedback=$work/feedback-$team
    mkdir -p "$feedback"
    # DOMjudge adds flags such as space_change_sensitive after the directory
    "$validator" "$in" "$ans" "$feedback/" space_change_sensitive < "$work/$team.out" > /dev/null 2> "$work/err"
    status=$?
    case $team in
        right) expect "kattis: accepted" 42 $status ;;
        *) expect "kattis: $team rejected" 43 $status ;;
    esac
done
if [ "$(head -1 "$work/feedback-right/judgemessage.txt")" = accepted ] &&
    grep -q "^wrong answer: case 2" "$work/feedback-wrong/judgemessage.txt" &&
    grep -q "^presentation error: line 2, column 2" "$work/feedback-spaced/judgemessage.txt" &&
    grep -q "^  3·$" "$work/feedback-spaced/judgemessage.txt"; then
    pass=$((pass + 1))
else
    echo "FAIL kattis: judgemessage.txt: $(cat "$work"/feedback-*/judgemessage.txt)"
    fail=$((fail + 1))
fi
"$validator" "$in" "$work/wrong.out" "$work/feedback-right" < "$work/right.out" > /dev/null 2>&1
status=$?
if [ $status -ne 42 ] && [ $status -ne 43 ]; then pass=$((pass + 1)); else echo "FAIL kattis: a wrong jury answer is a judge error, not $status"; fail=$((fail + 1)); fi
"$validator" "$in" "$ans" "$work/no-such-dir" < "$work/right.out" > /dev/null 2>&1
status=$?
if [ $status -ne 42 ] && [ $status -ne 43 ]; then pass=$((pass + 1)); else echo "FAIL kattis: no feedback directory, yet $status"; fail=$((fail + 1)); fi

echo "contest checkers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
