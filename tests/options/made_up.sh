#!/usr/bin/env bash
# The test build's made-up option (HACKING.md, "Adding an option"): declared
# once in numbergame's table under CGSOLVE_TEST_MADE_UP_OPTION, it is parsed,
# bounded, shown with its default in help, completed and refused where it does
# not apply, with no other change to the code.
# Usage: made_up.sh CGSOLVE_MADE_UP GOLDEN_DIR
set -u
exe=$1
golden=$2
pass=0
fail=0
check() { # check DESCRIPTION COMMAND...: the command succeeds
    local what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $what"; fail=$((fail + 1)); fi
}
sample=$golden/numbergame/judge-sample.in
want=$("$exe" numbergame "$sample")

help=$("$exe" help numbergame)
check "help shows it with its default" \
    grep -qx '      --made-up-option=N a made-up option of the test build (default 7)' <<< "$help"
check "help of another game does not" bash -c "! '$exe' help domino | grep -q made-up"
check "completions offer it" grep -q -- '--made-up-option=' <<< "$("$exe" completion bash)"

got=$("$exe" numbergame --made-up-option 12 "$sample")
check "--made-up-option 12 is accepted" [ "$?" -eq 0 ]
check "the answers stay the judge's" [ "$got" = "$want" ]
check "--made-up-option=99 is accepted" bash -c "'$exe' numbergame --made-up-option=99 '$sample' > /dev/null"

err=$("$exe" numbergame --made-up-option 100 "$sample" 2>&1 > /dev/null)
check "100 is out of bounds (exit 2)" [ "$?" -eq 2 ]
check "the bound is named" grep -qx \
    "cgsolve: invalid --made-up-option: '100' is not an integer from 1 to 99" <<< "$err"
"$exe" numbergame --made-up-option "$sample" > /dev/null 2>&1
check "a missing value is a usage error" [ "$?" -eq 2 ]
err=$("$exe" domino --made-up-option 5 < /dev/null 2>&1)
check "it does not apply to domino" \
    grep -q "option '--made-up-option' does not apply to domino" <<< "$err"
err=$("$exe" numbergame --made-up-optoin 5 "$sample" 2>&1)
check "a misspelling is pointed to it" grep -q "did you mean '--made-up-option'" <<< "$err"

echo "made-up option: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
