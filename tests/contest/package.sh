#!/usr/bin/env bash
# `cgsolve package GAME DIR --system kattis|domjudge|polygon`: each layout
# holds its required files; the statement's samples are byte for byte the
# spec's; every answer file is `cgsolve GAME < input`; the validators and
# checkers behave as the judges call them (Kattis/DOMjudge: the input
# validator `run < input` exits 42/43, the output validator `run INPUT
# ANSWER FEEDBACK_DIR < OUTPUT` exits 42/43 and writes judgemessage.txt;
# Polygon: testlib's `check INPUT OUTPUT ANSWER` exits 0/1, the validator
# 0/else); making a package again, or its plan through gen --plan, gives
# the same bytes; bad plans, options and directories are clear errors.
# Usage: package.sh CGSOLVE SOURCE_DIR. Prints "contest package: N passed,
# M failed".
set -u
exe=$1
source_dir=$2
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
check() { # WHAT COMMAND...: the command succeeds
    local what=$1
    shift
    if "$@"; then ok; else bad "$what"; fi
}
exits() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then ok; else bad "$1: exit $3, expected $2"; fi
}
# The judge runs the scripts with cgsolve on PATH.
mkdir -p "$work/bin"
ln -s "$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")" "$work/bin/cgsolve"
export PATH="$work/bin:$PATH"
spec=/work/shared/spec/samples

# Input validators on every input (and on one broken: a line after the
# end), answers equal to cgsolve's, the sample byte for byte.
check_inputs() { # GAME DIR VALIDATE-CMD VALID-STATUS INVALID-STATUS ANSWER-SUFFIX INPUT...
    local game=$1 dir=$2 validate=$3 valid=$4 invalid=$5 suffix=$6 input status
    shift 6
    for input in "$@"; do
        $validate < "$input" 2> "$work/err"
        status=$?
        exits "$game $dir: the validator on ${input#"$work"/}" "$valid" $status
        "$exe" "$game" < "$input" > "$work/solved"
        check "$game $dir: ${input#"$work"/}'s answer is cgsolve's" \
            cmp -s "$work/solved" "${input%.in}$suffix"
    done
    { cat "$1"; echo x; } > "$work/broken.in"
    $validate < "$work/broken.in" 2> "$work/err"
    status=$?
    exits "$game $dir: the validator on a broken input" "$invalid" $status
    check "$game $dir: the validator says where" grep -q ':[0-9]*:[0-9]*: ' "$work/err"
}

sample_is_spec() { # GAME INPUT ANSWER
    check "$1: the sample input is the golden one" \
        cmp -s "$2" "$source_dir/tests/golden/$1/judge-sample.in"
    check "$1: the sample answer is the golden one" \
        cmp -s "$3" "$source_dir/tests/golden/$1/judge-sample.out"
    if [ -d "$spec" ]; then
        check "$1: the sample input is the spec's" cmp -s "$2" "$spec/$1.in"
        check "$1: the sample answer is the spec's" cmp -s "$3" "$spec/$1.out"
    fi
}

# The output validator as Kattis and DOMjudge call it: 42 on the answer,
# 43 on a wrong output (another test's answer), judgemessage.txt written.
check_kattis_validator() { # GAME PACKAGE
    local validator=$2/output_validators/cgsolve/run status
    local in=$2/data/secret/01.in ans=$2/data/secret/01.ans
    mkdir -p "$work/feedback-right" "$work/feedback-wrong"
    rm -f "$work"/feedback-*/judgemessage.txt
    cp "$ans" "$work/team.out"
    "$validator" "$in" "$ans" "$work/feedback-right/" space_change_sensitive < "$work/team.out" \
        > /dev/null 2>&1
    exits "$1 kattis: the output validator accepts the answer" 42 $?
    "$validator" "$in" "$ans" "$work/feedback-wrong/" < "$2/data/secret/02.ans" > /dev/null 2>&1
    status=$?
    exits "$1 kattis: the output validator rejects a wrong output" 43 $status
    check "$1 kattis: judgemessage.txt says accepted" \
        grep -qx accepted "$work/feedback-right/judgemessage.txt"
    check "$1 kattis: judgemessage.txt says wrong answer" \
        grep -q "^wrong answer" "$work/feedback-wrong/judgemessage.txt"
}

check_kattis() { # GAME FORMAT
    local game=$1 format=$2 pkg=$work/$1-$2
    local f
    for f in problem.yaml problem_statement/problem.en.tex data/sample/01.in data/sample/01.ans \
        data/secret/01.in data/secret/01.ans generators/plan.txt; do
        check "$game $format: $f" test -f "$pkg/$f"
    done
    for f in input_validators/cgsolve/run output_validators/cgsolve/run \
        submissions/accepted/cgsolve.sh; do
        check "$game $format: $f is executable" test -x "$pkg/$f"
    done
    if command -v shellcheck > /dev/null; then
        check "$game $format: the scripts pass shellcheck" shellcheck \
            "$pkg/input_validators/cgsolve/run" "$pkg/output_validators/cgsolve/run" \
            "$pkg/submissions/accepted/cgsolve.sh"
    fi
    if python3 -c 'import yaml' 2> /dev/null; then
        check "$game $format: problem.yaml is YAML" python3 -c \
            'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert d["validation"] == "custom"' \
            "$pkg/problem.yaml"
    fi
    check "$game $format: validation: custom" grep -qx 'validation: custom' "$pkg/problem.yaml"
    check "$game $format: the memory limit" grep -qx '  memory: 256' "$pkg/problem.yaml"
    if [ "$format" = domjudge ]; then
        check "$game domjudge: domjudge-problem.ini's time limit" \
            grep -qx 'timelimit = 2' "$pkg/domjudge-problem.ini"
    else
        check "$game kattis: no domjudge-problem.ini" test ! -e "$pkg/domjudge-problem.ini"
    fi
    sample_is_spec "$game" "$pkg/data/sample/01.in" "$pkg/data/sample/01.ans"
    check_inputs "$game" "$format" "$pkg/input_validators/cgsolve/run" 42 43 .ans \
        "$pkg"/data/*/*.in
    check_kattis_validator "$game" "$pkg"
    "$pkg/submissions/accepted/cgsolve.sh" < "$pkg/data/secret/01.in" > "$work/submitted"
    check "$game $format: the accepted submission is accepted" \
        cmp -s "$work/submitted" "$pkg/data/secret/01.ans"
    # the plan in the package writes the secret tests again through gen
    "$exe" gen "$game" --plan "$pkg/generators/plan.txt" --out "$work/regen" > /dev/null
    check "$game $format: gen --plan of the package's plan is data/secret" \
        diff -r -x .cgsolve-tests "$work/regen" "$pkg/data/secret"
    rm -rf "$work/regen"
}

check_polygon() { # GAME
    local game=$1 pkg=$work/$1-polygon f count status
    for f in problem.xml tests/01 tests/01.a tests/02 tests/02.a files/plan.txt; do
        check "$game polygon: $f" test -f "$pkg/$f"
    done
    for f in files/check.sh files/validator.sh; do
        check "$game polygon: $f is executable" test -x "$pkg/$f"
    done
    if command -v shellcheck > /dev/null; then
        check "$game polygon: the scripts pass shellcheck" shellcheck "$pkg"/files/*.sh
    fi
    count=$(find "$pkg/tests" -name '*.a' | wc -l)
    check "$game polygon: test-count is the tests'" \
        grep -q "<test-count>$count</test-count>" "$pkg/problem.xml"
    check "$game polygon: one <test> a test" \
        [ "$(grep -c '<test method=' "$pkg/problem.xml")" -eq "$count" ]
    check "$game polygon: the limits" grep -q '<time-limit>2000</time-limit>' "$pkg/problem.xml"
    if command -v xmllint > /dev/null; then
        check "$game polygon: problem.xml is well-formed" xmllint --noout "$pkg/problem.xml"
    fi
    sample_is_spec "$game" "$pkg/tests/01" "$pkg/tests/01.a"
    local inputs
    mapfile -t inputs < <(find "$pkg/tests" -type f ! -name '*.a' | sort)
    check_inputs "$game" polygon "$pkg/files/validator.sh" 0 3 .a "${inputs[@]}"
    "$pkg/files/check.sh" "$pkg/tests/02" "$pkg/tests/02.a" "$pkg/tests/02.a" 2> /dev/null
    exits "$game polygon: the checker accepts the answer" 0 $?
    "$pkg/files/check.sh" "$pkg/tests/02" "$pkg/tests/03.a" "$pkg/tests/02.a" 2> "$work/err"
    status=$?
    exits "$game polygon: the checker rejects a wrong output" 1 $status
    check "$game polygon: the verdict on stderr" grep -q "^wrong answer" "$work/err"
}

for game in domino treblecross gamecs path numbergame; do
    for format in kattis domjudge polygon; do
        "$exe" package "$game" "$work/$game-$format" --system "$format" > "$work/out" 2> "$work/err"
        status=$?
        exits "package $game --system $format ($(cat "$work/err"))" 0 $status
        if [ "$format" = polygon ]; then check_polygon "$game"; else check_kattis "$game" "$format"; fi
        # the same command again: the same bytes
        "$exe" package "$game" "$work/again" --system "$format" > /dev/null 2>&1
        check "$game $format: a second package is the same bytes" \
            diff -r "$work/$game-$format" "$work/again"
        rm -rf "$work/again"
    done
done

# The limits as asked; a plan of one's own, its file copied whole.
printf '# mine\n--cases 2 --seed 5\n--cases 3 --hard --seed 6\n' > "$work/plan.txt"
"$exe" package treblecross "$work/limits" --system domjudge --time-limit 1.5 \
    --judge-memory 512M --plan "$work/plan.txt" > /dev/null
check "--judge-memory in problem.yaml" grep -qx '  memory: 512' "$work/limits/problem.yaml"
check "--time-limit in domjudge-problem.ini" \
    grep -qx 'timelimit = 1.5' "$work/limits/domjudge-problem.ini"
check "--plan's file copied whole" cmp -s "$work/plan.txt" "$work/limits/generators/plan.txt"
check "--plan's two tests" [ "$(cd "$work/limits/data/secret" && echo *)" = "01.ans 01.in 02.ans 02.in" ]
"$exe" package treblecross "$work/limits-p" --system polygon --time-limit 1.5 \
    --judge-memory 512M --plan "$work/plan.txt" > /dev/null
check "polygon: --time-limit" grep -q '<time-limit>1500</time-limit>' "$work/limits-p/problem.xml"
check "polygon: --judge-memory" \
    grep -q '<memory-limit>536870912</memory-limit>' "$work/limits-p/problem.xml"
check "polygon: each plan line is a test's cmd" \
    grep -q 'cmd="cgsolve gen treblecross --cases 3 --hard --seed 6"' "$work/limits-p/problem.xml"

# --judge-memory is rounded up to MiB, and bounded at 1024G.
"$exe" package treblecross "$work/round" --judge-memory 1048577 > /dev/null
check "--judge-memory rounded up" grep -qx '  memory: 2' "$work/round/problem.yaml"
"$exe" package treblecross "$work/round" --judge-memory 1024G > /dev/null
check "--judge-memory 1024G" grep -qx '  memory: 1048576' "$work/round/problem.yaml"
"$exe" package treblecross "$work/huge" --judge-memory 18446744073709551615 > /dev/null \
    2> "$work/err"
exits "--judge-memory past 1024G" 2 $?
check "--judge-memory past 1024G: the bound named" \
    grep -q "invalid --judge-memory: '18446744073709551615' is more than 1024G" "$work/err"
check "--judge-memory past 1024G: no package" test ! -e "$work/huge"

# A package made again with a shorter plan holds only its tests.
for format in kattis polygon; do
    "$exe" package treblecross "$work/shrink-$format" --system "$format" > /dev/null
    "$exe" package treblecross "$work/shrink-$format" --system "$format" --plan "$work/plan.txt" \
        > /dev/null
done
check "kattis: a shorter plan's package has its tests only" \
    [ "$(cd "$work/shrink-kattis/data/secret" && echo *)" = "01.ans 01.in 02.ans 02.in" ]
check "polygon: a shorter plan's package has its tests only" \
    [ "$(cd "$work/shrink-polygon/tests" && echo *)" = "01 01.a 02 02.a 03 03.a" ]

# Another layout into the same directory: the files the first package
# wrote and the second does not are removed, the user's stay.
"$exe" package treblecross "$work/switch" --system domjudge > /dev/null
touch "$work/switch/notes.txt" "$work/switch/data/secret/99.in"
"$exe" package treblecross "$work/switch" --system kattis > /dev/null
check "kattis after domjudge: no domjudge-problem.ini" test ! -e "$work/switch/domjudge-problem.ini"
check "kattis after domjudge: the user's files stay" \
    test -f "$work/switch/notes.txt" -a -f "$work/switch/data/secret/99.in"
"$exe" package treblecross "$work/switch" --system polygon > /dev/null
check "polygon after kattis: only the user's files are left of it" \
    [ "$(cd "$work/switch" && find . -path ./tests -prune -o -path ./files -prune -o -type f -print | sort | tr '\n' ' ')" \
    = "./.cgsolve-package ./data/secret/99.in ./notes.txt ./problem.xml " ]
check "polygon after kattis: the empty folders go" test ! -e "$work/switch/input_validators"

# A plan that fails at its second line leaves the package as it was.
"$exe" package gamecs "$work/whole" --system kattis > /dev/null
cp -r "$work/whole" "$work/whole-before"
printf -- '--cases 2 --seed 1\n--nodes 5000 --seed 2\n' > "$work/late.txt"
"$exe" package gamecs "$work/whole" --system kattis --plan "$work/late.txt" > /dev/null 2>&1
exits "a plan beyond the limits at line 2" 1 $?
check "a failed package leaves the directory as it was" diff -r "$work/whole-before" "$work/whole"

# Errors: a clear message and a documented exit status, no package.
fails() { # WHAT STATUS MESSAGE-START ARGS...
    local what=$1 want=$2 message=$3 status
    shift 3
    "$exe" package "$@" > /dev/null 2> "$work/err"
    status=$?
    if [ $status -eq "$want" ] && [ "$(head -1 "$work/err" | cut -c1-${#message})" = "$message" ]; then
        ok
    else
        bad "$what: exit $status: $(cat "$work/err")"
    fi
}
fails "a bad --system" 2 "cgsolve: invalid --system: 'pc2' is not one of kattis|domjudge|polygon" \
    gamecs "$work/x" --system pc2
fails "grundy has no problem" 2 \
    "cgsolve package: grundy has no judge problem to package (see 'cgsolve list')" grundy "$work/x"
fails "no directory" 2 "cgsolve package: usage: cgsolve package GAME DIR" gamecs --system kattis
fails "--format is the output's" 2 "cgsolve package: option '--format' does not apply to package" \
    gamecs "$work/x" --format json
printf -- '--cases 2 --seed 1\n--cases two --seed 2\n' > "$work/bad-plan.txt"
fails "a bad plan line" 1 "cgsolve package: $work/bad-plan.txt:2:9: --cases: 'two' is not an integer" \
    gamecs "$work/x" --plan "$work/bad-plan.txt"
printf -- '--length 300 --beyond-limits --seed 1\n' > "$work/beyond.txt"
fails "a plan beyond the limits" 1 \
    "cgsolve package: $work/beyond.txt:1:1: --beyond-limits: a package's tests stay inside" \
    treblecross "$work/x" --system kattis --plan "$work/beyond.txt"
fails "an unwritable directory" 4 \
    "cgsolve package: cannot create the directory '$work/plan.txt/pkg': Not a directory" \
    gamecs "$work/plan.txt/pkg" --system polygon
check "no package was made by an error" test ! -e "$work/x"
# Kattis is the default
"$exe" package numbergame "$work/default" > /dev/null
check "Kattis by default" test -f "$work/default/problem.yaml" -a ! -e "$work/default/domjudge-problem.ini"

echo "contest package: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
