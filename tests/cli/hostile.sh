# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# Huge and hostile inputs (sourced by run.sh): each works or gets a clear
# error, in bounded memory. Peak memory is checked with GNU time when present.

# expect_rss_below KB CMD...: run CMD (stdin inherited) and check its peak RSS.
peak_rss_kb() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$err.rss" "$@"
        local status=$?
        tail -n 1 "$err.rss" > "$err.rss.value"
        return $status
    fi
    "$@"
    local status=$?
    echo 0 > "$err.rss.value"
    return $status
}

check_rss() {
    local limit=$1 label=$2 got
    got=$(cat "$err.rss.value")
    if [ "$got" -gt "$limit" ]; then
        echo "FAIL $label: peak memory $got KB, expected below $limit KB"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# 1 GiB of white space before a small case: streamed, not held in memory.
if { head -c 1073741824 /dev/zero | tr '\0' ' '; printf '1\n.....\n'; } |
    peak_rss_kb "$exe" treblecross > "$out" 2> "$err" &&
    [ "$(cat "$out")" = "$(printf 'WINNING\n3')" ]; then
    pass=$((pass + 1))
else
    echo "FAIL 1 GiB input: $(cat "$err")"
    fail=$((fail + 1))
fi
check_rss 65536 "1 GiB input"

# One token of 100 MB: refused at the token limit with a clear message.
{ printf '1\n'; head -c 104857600 /dev/zero | tr '\0' '.'; printf '\n'; } |
    peak_rss_kb "$exe" treblecross > "$out" 2> "$err"
status=$?
if [ $status -eq 3 ] && grep -qF "cgsolve treblecross: <stdin>:2:1: token longer than the limit of 67108864 bytes" "$err"; then
    pass=$((pass + 1))
else
    echo "FAIL 100 MB token: exit $status, $(cat "$err")"
    fail=$((fail + 1))
fi
check_rss 262144 "100 MB token"

# No newline at the end of the last line, for every game.
expect 0 "1\n....." "" -- treblecross
expect_out "WINNING\n3"
expect 0 "1\n2\n0 1 1" "" -- gamecs
expect_out "Case 1: Emily"
expect 0 "1\nU" "" -- path
expect_out "White can win in one move."
expect 0 "1\n1\n2" "" -- numbergame
expect_out "Scenario #1:\nThe winning moves are: 2.\n"
expect 0 "1 6 6 0 0" "" -- domino
expect_out "Only player Red can win"

# A path of a million nodes through the CLI: no recursion, any depth.
if awk 'BEGIN { n = 1000000; print 1; print n; for (i = 1; i < n; i++) print i - 1, i, 1 }' |
    "$exe" gamecs > "$out" 2> "$err" && [ "$(cat "$out")" = "Case 1: Emily" ]; then
    pass=$((pass + 1))
else
    echo "FAIL million-node path: $(cat "$err")"
    fail=$((fail + 1))
fi

# A 2000x2000 PATH board: one white row wins.
if awk 'BEGIN { n = 2000; print n; row = ""; for (i = 0; i < n; i++) row = row "U";
                full = ""; for (i = 0; i < n; i++) full = full "W";
                for (r = 0; r < n; r++) print (r == 1000 ? full : row); print 0 }' |
    "$exe" path > "$out" 2> "$err" && [ "$(cat "$out")" = "White has a winning path." ]; then
    pass=$((pass + 1))
else
    echo "FAIL 2000x2000 board: $(cat "$err")"
    fail=$((fail + 1))
fi
rm -f "$err.rss" "$err.rss.value"
