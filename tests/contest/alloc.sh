#!/usr/bin/env bash
# stress and check when memory runs out: every allocation of a run made to
# fail in turn (once, and from then on) by an LD_PRELOAD shim. A correct
# program must pass or the command must end with exit 3 and "out of memory"
# (or the limit) on stderr: never a verdict against the program, never a
# silent exit. Usage: alloc.sh CGSOLVE SHIM.
set -u
exe=$1
shim=$2
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"
"$exe" gen gamecs --cases 3 --seed 3 > "$work/g.in"
"$exe" gamecs "$work/g.in" > "$work/g.out"

# allocations COMMAND...: how many the command makes.
allocations() {
    CG_FAIL_COUNT=$work/count LD_PRELOAD=$shim "$@" > /dev/null 2>&1
    cat "$work/count" 2> /dev/null
}

# survive WANT COMMAND...: with each allocation failing, the command prints
# WANT (a line start) and exits 0, or exits 3 saying why.
survive() {
    local want=$1
    shift
    local total
    total=$(allocations "$@")
    if [ -z "$total" ] || [ "$total" -lt 10 ]; then
        bad "$*: the shim counted no allocations ($total)"
        return
    fi
    for mode in once from; do
        # every allocation of the first 40, then about 60 spread over the rest
        for ((n = 1; n <= total; n += (n < 40 ? 1 : (total / 60 + 1)))); do
            local shim_mode=once
            [ $mode = from ] && shim_mode=all
            CG_FAIL_AT=$n CG_FAIL_MODE=$shim_mode LD_PRELOAD=$shim "$@" > "$work/out" 2> "$work/err"
            local status=$?
            if [ $status -eq 0 ] && grep -q "^$want" "$work/out"; then
                pass=$((pass + 1))
            elif [ $status -eq 3 ] && grep -q -E "out of memory|memory limit" "$work/err"; then
                pass=$((pass + 1))
            else
                bad "$* with allocation $n failing ($mode): exit $status: $(head -2 "$work/out") $(head -2 "$work/err")"
                return
            fi
        done
    done
}
survive "stress: 2 inputs passed" "$exe" stress gamecs --runs 2 --cases 3 -- "$exe" gamecs
survive "accepted" "$exe" check gamecs "$work/g.in" "$work/g.out"

echo "contest alloc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
