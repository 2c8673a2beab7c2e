#!/usr/bin/env bash
# cgsolve as a testlib checker and validator, called exactly as Polygon and
# Codeforces call them: the checker `check.sh [--testset T] [--group G]
# INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]` (exit 0 OK, 1 wrong answer,
# 2 presentation error, 3 fail; RESULT_FILE the verdict, in testlib's XML
# with -appes), the validator `validator.sh --testset T --group G
# [--testOverviewLogFileName FILE] < INPUT` (exit 0 valid, else not), from
# a Polygon package cgsolve wrote; and the Kattis/DOMjudge input validator
# `validate --validator kattis` (exit 42 valid, 43 not).
# Usage: testlib_caller.sh CGSOLVE. Prints "contest testlib: N passed, M failed".
set -u
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export CGSOLVE=$exe # the package's scripts call it
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
exits() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then ok; else bad "$1: exit $3, expected $2: $(head -2 "$work/err")"; fi
}

"$exe" package treblecross "$work/pkg" --system polygon > /dev/null
checker=$work/pkg/files/check.sh
validator=$work/pkg/files/validator.sh
printf '3\n.....\nX.....X..X.............X....X..X\n...X\n' > "$work/1.in"
"$exe" treblecross < "$work/1.in" > "$work/1.ans"
cp "$work/1.ans" "$work/right.out"
sed 's/^LOSING$/WINNING/' "$work/1.ans" > "$work/wrong.out"
sed 's/^3$/3 /' "$work/1.ans" > "$work/spaced.out"
# A message with XML's markup characters: the jury's answer wrong, so fail.
printf '<&">\n' > "$work/markup.ans"

# ---- the checker: every form of testlib's command line -------------------
outcome_of() { sed -n 's/.*<result outcome = "\([a-z-]*\)">.*/\1/p' "$1"; }
for team in right wrong spaced; do
    case $team in
        right) want=0 outcome=accepted first=accepted ;;
        wrong) want=1 outcome=wrong-answer first="wrong answer: case 2" ;;
        *) want=2 outcome=presentation-error first="presentation error: line 2, column 2" ;;
    esac
    in=$work/1.in out=$work/$team.out ans=$work/1.ans
    "$checker" "$in" "$out" "$ans" 2> "$work/err"
    exits "checker IN OUT ANS ($team)" $want $?
    "$checker" --testset tests --group 1 "$in" "$out" "$ans" 2> "$work/err"
    exits "checker --testset --group IN OUT ANS ($team)" $want $?
    "$checker" "$in" "$out" "$ans" --testset tests --group 1 2> "$work/err"
    exits "checker IN OUT ANS --testset --group ($team)" $want $?
    rm -f "$work/result.txt"
    "$checker" "$in" "$out" "$ans" "$work/result.txt" 2> "$work/err"
    exits "checker IN OUT ANS RESULT ($team)" $want $?
    if [ "$(head -1 "$work/result.txt" | cut -c1-${#first})" = "$first" ]; then
        ok
    else
        bad "checker RESULT ($team): $(head -1 "$work/result.txt" 2> /dev/null)"
    fi
    rm -f "$work/result.xml"
    "$checker" --testset tests "$in" "$out" "$ans" "$work/result.xml" -appes --group 1 2> "$work/err"
    exits "checker IN OUT ANS RESULT -appes ($team)" $want $?
    if head -c 45 "$work/result.xml" | grep -qxF '<?xml version="1.0" encoding="windows-1251"?>' &&
        [ "$(outcome_of "$work/result.xml")" = $outcome ] && grep -qF "$first" "$work/result.xml" &&
        [ "$(tail -c 10 "$work/result.xml")" = "</result>" ]; then
        ok
    else
        bad "checker -appes ($team): $(head -c 300 "$work/result.xml" 2> /dev/null)"
    fi
    # well-formed XML, only ASCII (the file says windows-1251)
    if command -v python3 > /dev/null; then
        if python3 -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); assert d.documentElement.tagName == "result"' \
            "$work/result.xml" 2> "$work/err" && ! LC_ALL=C grep -q '[^ -~	]' "$work/result.xml"; then
            ok
        else
            bad "checker -appes ($team): not well-formed ASCII XML: $(cat "$work/err")"
        fi
    fi
    "$checker" "$in" "$out" "$ans" "$work/result.txt" -APPES 2> "$work/err"
    exits "checker -APPES ($team)" $want $?
done
"$checker" "$work/1.in" "$work/right.out" "$work/markup.ans" "$work/result.xml" -appes 2> "$work/err"
exits "checker: a wrong jury answer fails" 3 $?
if [ "$(outcome_of "$work/result.xml")" = fail ]; then ok; else bad "checker fail: $(cat "$work/result.xml")"; fi
"$checker" "$work/1.in" "$work/right.out" "$work/1.ans" "$work/result.xml" appes 2> "$work/err"
exits "checker: a 5th argument other than -appes fails" 3 $?
"$checker" "$work/1.in" "$work/right.out" "$work/1.ans" "$work/no-such-dir/result" 2> "$work/err"
exits "checker: an unwritable result file fails" 3 $?
"$exe" check treblecross "$work/1.in" "$work/wrong.out" "$work/1.ans" "$work/result.txt" -appes 2> "$work/err"
exits "check without --checker: testlib's call by its arguments" 1 $?

# ---- the validator: as Polygon calls it ----------------------------------
"$exe" gen treblecross --cases 5 > "$work/gen.in"
printf '2\n..\n' > "$work/bad.in"
for input in 1.in gen.in bad.in; do
    want=0
    [ $input = bad.in ] && want=3
    "$validator" --testset tests --group g1 < "$work/$input" > "$work/out" 2> "$work/err"
    exits "validator --testset --group < $input" $want $?
    rm -f "$work/overview.log"
    "$validator" --testset tests --group g1 --testOverviewLogFileName "$work/overview.log" \
        < "$work/$input" > "$work/out" 2> "$work/err"
    exits "validator --testOverviewLogFileName < $input" $want $?
    if [ -f "$work/overview.log" ] && [ ! -s "$work/out" ]; then ok; else bad "validator < $input: no overview, or stdout written"; fi
    "$validator" < "$work/$input" > /dev/null 2> "$work/err"
    exits "validator < $input" $want $?
done
if grep -q "<stdin>:2:1: " "$work/err"; then ok; else bad "validator: the violation's place: $(cat "$work/err")"; fi
"$exe" validate treblecross --testset tests --group g1 < "$work/1.in" > /dev/null 2> "$work/err"
exits "validate --testset --group (cgsolve's exit codes)" 0 $?

# ---- the Kattis/DOMjudge input validator ---------------------------------
"$exe" validate --validator kattis treblecross < "$work/1.in" > /dev/null 2> "$work/err"
exits "validate --validator kattis: valid" 42 $?
"$exe" validate --validator kattis treblecross < "$work/bad.in" > /dev/null 2> "$work/err"
exits "validate --validator kattis: invalid" 43 $?
if grep -q "<stdin>:2:1: a board" "$work/err"; then ok; else bad "kattis validator: the reason: $(cat "$work/err")"; fi
"$exe" validate --validator kattis treblecross some_flag < "$work/1.in" > /dev/null 2> "$work/err"
exits "validate --validator kattis FLAG: the flag ignored" 42 $?

echo "contest testlib: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
