# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of --memory as a ceiling (sourced by run.sh): the run's peak
# resident size stays near the budget, growth and explanations included, and
# the message names the case.
rss_kb() { # rss_kb INPUT ARGS...: peak resident KB of one run
    local input=$1
    shift
    printf '%b' "$input" | /usr/bin/time -f '%M' -o "$out.rss" "$exe" "$@" > /dev/null 2>&1
    tail -n 1 "$out.rss"
}
# expect_rss_below INPUT LIMIT_KB ARGS...
expect_rss_below() {
    local input=$1 limit=$2
    shift 2
    local got
    got=$(rss_kb "$input" "$@")
    if [ "$got" -le "$limit" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL cgsolve $*: peak RSS ${got} KB, above ${limit} KB"
        fail=$((fail + 1))
    fi
}
# Sanitizer builds reserve shadow memory, so their resident size says nothing.
if [ -x /usr/bin/time ] && [ -z "${CGSOLVE_SANITIZED:-}" ]; then
    numbers="1 39 $(seq -s ' ' 2 40)\n"
    expect 3 "$numbers" "cgsolve numbergame: <stdin>:1: case 1: growing the search table needs 16777216 bytes more, beyond the memory limit of 16777216 bytes (8388608 in use) (raise it with --memory)" \
        -- numbergame --max 40 --memory 16M
    # 16 MiB of tables plus the program itself (about 2 MiB; 6 MiB under valgrind-free runs).
    expect_rss_below "$numbers" $((16 * 1024 + 6 * 1024)) numbergame --max 40 --memory 16M
    expect_rss_below "$numbers" $((48 * 1024 + 6 * 1024)) numbergame --max 40 --memory 48M
    chain="1\n200000\n$(seq 0 199998 | awk '{print $1, $1 + 1, 3}')\n"
    expect 3 "$chain" "cgsolve gamecs: <stdin>:2: case 1: its explanation outgrows the memory limit of 41943040 bytes (raise it with --memory)" \
        -- gamecs --json --memory 40M
    expect_rss_below "$chain" $((40 * 1024 + 6 * 1024)) gamecs --json --memory 40M
    expect_rss_below "$chain" $((40 * 1024 + 6 * 1024)) gamecs --explain --memory 40M
    # Threads' stacks count too: 1,024 of them peaked at 111 MB under 8 MiB.
    expect_rss_below "" $((8 * 1024 + 6 * 1024)) grundy 0.007 --upto 40000 --method naive \
        --threads 1024 --memory 8M
fi
rm -f "$out.rss"
