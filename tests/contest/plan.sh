#!/usr/bin/env bash
# `cgsolve gen GAME --plan FILE --out DIR`: a test directory from a plan of
# generator lines, as testlib's generator scripts are used. Each line's
# input is the bytes `cgsolve gen GAME LINE` writes, its answer what
# `cgsolve GAME` answers; comments and blank lines are skipped; a bad line
# is named by FILE:LINE:COLUMN with what was expected (exit 1), an
# unwritable directory is an I/O error (exit 4), and regenerating gives
# the same bytes.
# Usage: plan.sh CGSOLVE. Prints "contest plan: N passed, M failed".
set -u
exe=$1
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"

# A plan with comments, a blank line, a trailing comment, a tab and '='.
cat > "$work/plan.txt" <<'PLAN'
# small trees
--cases 3 --nodes 2 --seed 7

--cases 4 --hard --seed 9   # the hard ones
	--cases=2 --shape chain --nodes 30 -s 11
PLAN
"$exe" gen gamecs --plan "$work/plan.txt" --out "$work/tests" > "$work/out" 2> "$work/err"
status=$?
if [ $status -eq 0 ]; then ok; else bad "gen --plan: exit $status: $(cat "$work/err")"; fi
if [ "$(cd "$work/tests" && echo *)" = "01.ans 01.in 02.ans 02.in 03.ans 03.in" ]; then
    ok
else
    bad "gen --plan wrote $(cd "$work/tests" && echo *)"
fi
line=0
for args in "--cases 3 --nodes 2 --seed 7" "--cases 4 --hard --seed 9" \
    "--cases=2 --shape chain --nodes 30 -s 11"; do
    line=$((line + 1))
    n=$(printf '%02d' $line)
    # shellcheck disable=SC2086  # the line's words
    "$exe" gen gamecs $args > "$work/want.in"
    if cmp -s "$work/want.in" "$work/tests/$n.in"; then ok; else bad "$n.in is not gen $args"; fi
    "$exe" gamecs < "$work/want.in" > "$work/want.ans"
    if cmp -s "$work/want.ans" "$work/tests/$n.ans"; then ok; else bad "$n.ans is not cgsolve's"; fi
done
"$exe" gen gamecs --plan "$work/plan.txt" --out "$work/again" > /dev/null
if diff -r "$work/tests" "$work/again" > /dev/null; then ok; else bad "regenerating differs"; fi

# A plan that fails at its second line leaves the directory as it was.
cp -r "$work/tests" "$work/before"
printf -- '--cases 2 --seed 1\n--nodes 5000 --seed 2\n' > "$work/late.txt"
"$exe" gen gamecs --plan "$work/late.txt" --out "$work/tests" > /dev/null 2>&1
status=$?
if [ $status -eq 1 ] && diff -r "$work/before" "$work/tests" > /dev/null; then
    ok
else
    bad "a plan failing at line 2: exit $status, the directory changed"
fi

# A shorter plan into the same directory: the tests the longer one wrote
# go, files cgsolve did not write stay (even ones named like tests).
printf -- '--cases 2 --seed 1\n' > "$work/short.txt"
touch "$work/tests/notes.txt" "$work/tests/1.in" "$work/tests/07.in" "$work/tests/2024.ans"
"$exe" gen gamecs --plan "$work/short.txt" --out "$work/tests" > /dev/null
if [ "$(cd "$work/tests" && echo *)" = "01.ans 01.in 07.in 1.in 2024.ans notes.txt" ]; then
    ok
else
    bad "a shorter plan left $(cd "$work/tests" && echo *)"
fi
if [ "$(grep -v '^#' "$work/tests/.cgsolve-tests" | tr '\n' ' ')" = "01.in 01.ans " ]; then
    ok
else
    bad "the list of files written: $(cat "$work/tests/.cgsolve-tests")"
fi

# 100 tests are numbered 001..100; a plan of 2 after them writes 01, 02
# and removes every 001..100.
for k in $(seq 100); do echo "--cases 1 --nodes 2 --seed $k"; done > "$work/hundred.txt"
"$exe" gen gamecs --plan "$work/hundred.txt" --out "$work/wide" > /dev/null
if [ -f "$work/wide/001.in" ] && [ -f "$work/wide/100.ans" ]; then ok; else bad "no 001..100"; fi
printf -- '--cases 2 --seed 1\n--cases 2 --seed 2\n' > "$work/two.txt"
"$exe" gen gamecs --plan "$work/two.txt" --out "$work/wide" > /dev/null
if [ "$(cd "$work/wide" && echo *)" = "01.ans 01.in 02.ans 02.in" ]; then
    ok
else
    bad "a narrower plan left $(cd "$work/wide" && echo * | cut -c1-200)"
fi

# Bad lines: FILE:LINE:COLUMN and what was expected, exit 1, nothing more.
bad_line() { # WHAT PLAN-TEXT WANT-MESSAGE
    printf '%b' "$2" > "$work/bad.txt"
    "$exe" gen gamecs --plan "$work/bad.txt" --out "$work/bad" > /dev/null 2> "$work/err"
    local status=$?
    if [ $status -eq 1 ] && [ "$(cat "$work/err")" = "cgsolve gen: $work/bad.txt:$3" ]; then
        ok
    else
        bad "$1: exit $status: $(cat "$work/err")"
    fi
}
bad_line "an unknown option" '--cases 2 --seed 1\n# two\n--cases 2 --bogus 3 --seed 2\n' \
    "3:11: '--bogus' is not an option of gen gamecs: expected --cases, --seed, --hard, --edge or gamecs's sizes (see 'cgsolve help gen gamecs')"
bad_line "a word that is no option" '--seed 1 five\n' \
    "1:10: 'five' is no option: expected gen's options for a test, such as --cases 5 --hard --seed 3"
bad_line "a bad value" '  --cases x --seed 3\n' "1:11: --cases: 'x' is not an integer from 1 to 1000000"
bad_line "a missing value" '--hard --seed\n' "1:8: --seed needs a value (S)"
bad_line "a flag with a value" '--seed 1 --hard=yes\n' "1:17: --hard takes no value"
bad_line "no seed" '\n--cases 3 --hard\n' \
    "2:1: the test gives no --seed: each line names its seed, so the tests regenerate byte for byte"
bad_line "no test" '# nothing\n\n' \
    "1:1: the plan holds no test: expected a line of gen's options a test, such as --cases 5 --seed 1"
bad_line "a size beyond the limits" '--seed 1\n--nodes 5000 --seed 2\n' \
    "2:1: --nodes 5000 is beyond UVa 12033's limit of 1000; add --beyond-limits to ask for it"

# Usage: --out without --plan, --plan without --out, gen options beside it.
expect_usage() { # WHAT WANT-FIRST-LINE ARGS...
    local what=$1 want=$2
    shift 2
    "$exe" gen gamecs "$@" > /dev/null 2> "$work/err"
    local status=$?
    if [ $status -eq 2 ] && [ "$(head -1 "$work/err")" = "$want" ]; then
        ok
    else
        bad "$what: exit $status: $(cat "$work/err")"
    fi
}
expect_usage "--out alone" "cgsolve gen: --out goes with --plan FILE" --out "$work/x"
expect_usage "--plan alone" "cgsolve gen: --plan writes a directory of tests: name it with --out DIR" \
    --plan "$work/plan.txt"
expect_usage "--hard beside --plan" \
    "cgsolve gen: --hard goes in the plan's lines: with --plan, each test takes its own options" \
    --plan "$work/plan.txt" --out "$work/x" --hard

# Files that cannot be read or written: exit 4 with the system's reason.
"$exe" gen gamecs --plan "$work/none.txt" --out "$work/x" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 4 ] && grep -q "cannot open '$work/none.txt': No such file" "$work/err"; then
    ok
else
    bad "a missing plan: exit $status: $(cat "$work/err")"
fi
"$exe" gen gamecs --plan "$work/plan.txt" --out "$work/plan.txt/tests" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 4 ] && grep -q "cannot create the directory '$work/plan.txt/tests': Not a directory" "$work/err"; then
    ok
else
    bad "an unwritable directory: exit $status: $(cat "$work/err")"
fi

"$exe" gen gamecs --plan "$work/plan.txt" --out "$work/plan.txt" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 4 ] && grep -q "cannot create the directory '$work/plan.txt': a file of that name is there" "$work/err"; then
    ok
else
    bad "a file where the directory goes: exit $status: $(cat "$work/err")"
fi

# --beyond-limits on a line is said on stderr, with the line, as gen says it.
printf -- '--cases 1 --seed 1\n--cases 1 --nodes 1500 --beyond-limits --seed 2\n' > "$work/beyond.txt"
"$exe" gen gamecs --plan "$work/beyond.txt" --out "$work/beyond" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 0 ] && [ "$(cat "$work/err")" = "cgsolve gen: $work/beyond.txt:2: --beyond-limits: inputs may be larger than gamecs's judge allows (see 'cgsolve help gamecs')" ]; then
    ok
else
    bad "--beyond-limits in a plan: exit $status: $(cat "$work/err")"
fi

# The tests' bytes count in --memory: a 56K input drawn and held beside
# its copy in the tree is over 128K (exit 3, nothing written), within 1M.
printf -- '--cases 20 --nodes 300 --seed 1\n' > "$work/big.txt"
"$exe" gen gamecs --plan "$work/big.txt" --out "$work/big" --memory 128K > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 3 ] && grep -q "(raise it with --memory)" "$work/err" && [ ! -e "$work/big" ]; then
    ok
else
    bad "a plan over --memory: exit $status: $(cat "$work/err")"
fi
"$exe" gen gamecs --plan "$work/big.txt" --out "$work/big" --memory 1M > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 0 ]; then ok; else bad "a plan within --memory: exit $status: $(cat "$work/err")"; fi

# A directory where a test's file goes: exit 4, found before anything is
# written.
mkdir -p "$work/taken/02.in"
"$exe" gen gamecs --plan "$work/plan.txt" --out "$work/taken" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 4 ] && grep -q "'$work/taken/02.in': a directory is there" "$work/err" &&
    [ ! -e "$work/taken/01.in" ]; then
    ok
else
    bad "a directory where a test goes: exit $status: $(cat "$work/err")"
fi

echo "contest plan: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
