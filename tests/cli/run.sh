#!/usr/bin/env bash
# CLI behaviour tests: exit codes, messages on stderr, help and version.
# Usage: run.sh CGSOLVE CLI_DIR. Each check prints FAIL lines; the summary is
# "cli: N passed, M failed".
set -u
exe=$1
here=$2
pass=0
fail=0
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

# expect STATUS STDIN_TEXT EXPECTED_STDERR -- ARGS...: run, check the exit
# status and that stderr equals EXPECTED_STDERR exactly ("" = empty).
expect() {
    local status=$1 input=$2 message=$3
    shift 4
    printf '%b' "$input" | "$exe" "$@" > "$out" 2> "$err"
    local got=$?
    local got_err
    got_err=$(cat "$err")
    if [ "$got" -ne "$status" ]; then
        echo "FAIL cgsolve $*: exit $got, expected $status (stderr: $got_err)"
        fail=$((fail + 1))
    elif [ "$got_err" != "$message" ]; then
        echo "FAIL cgsolve $*: stderr"
        echo "  got:      $got_err"
        echo "  expected: $message"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# expect_out STDOUT_TEXT: the stdout of the last expect call.
expect_out() {
    if [ "$(cat "$out")" != "$(printf '%b' "$1")" ]; then
        echo "FAIL stdout: got '$(cat "$out")', expected '$(printf '%b' "$1")'"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# expect_out_has TEXT: the stdout of the last expect call contains TEXT.
expect_out_has() {
    if ! grep -qF -- "$1" "$out"; then
        echo "FAIL stdout lacks '$1'"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# ---- general ------------------------------------------------------------
expect 0 "" "" -- --help
expect_out_has "Usage: cgsolve GAME"
expect 0 "" "" -- --version
expect_out_has "cgsolve 1."
expect 0 "" "" -- list
expect_out_has "treblecross"
expect 2 "" "cgsolve: unknown game or command 'xyzzy' (see 'cgsolve list')
Try 'cgsolve --help'." -- xyzzy
expect 2 "" "cgsolve: unknown option '--bogus'
Try 'cgsolve --help'." -- --bogus
expect 2 "1\n...\n" "cgsolve: unknown option '--bogus'
Try 'cgsolve --help'." -- treblecross --bogus
expect 2 "" "cgsolve: invalid --memory: 'lots' is not a size such as 512K, 256M or 2G
Try 'cgsolve --help'." -- treblecross --memory lots
expect 2 "" "cgsolve: invalid --memory: ' 64M' is not a size such as 512K, 256M or 2G
Try 'cgsolve --help'." -- treblecross --memory " 64M"
expect 2 "" "cgsolve: invalid --format: 'xml' is not one of judge|explain|json
Try 'cgsolve --help'." -- treblecross --format=xml
expect 2 "" "cgsolve treblecross: option '--optimal' does not apply to treblecross
Try 'cgsolve --help'." -- treblecross --optimal
expect 0 "" "" -- treblecross --help
expect_out_has "Input: a count N"
expect 4 "" "cgsolve treblecross: cannot open '/nonexistent/x': No such file or directory" \
    -- treblecross /nonexistent/x

# ---- treblecross ----------------------------------------------------------
expect 0 "2\n.....\r\n...  \n\n" "" -- treblecross
expect_out "WINNING\n3\nWINNING\n1 2 3\n"
expect 1 "2\n.....\n..Y..\n" "cgsolve treblecross: <stdin>:3:3: expected '.' or 'X', found 'Y'" \
    -- treblecross
expect_out "WINNING\n3"
expect 1 "1\n.XXX.\n" \
    "cgsolve treblecross: <stdin>:2:2: the board already holds XXX: the game is over" \
    -- treblecross
expect 1 "3\n.....\n" \
    "cgsolve treblecross: <stdin>:3:1: expected a board of '.' and 'X', found end of input" \
    -- treblecross
expect 1 "-1\n" \
    "cgsolve treblecross: <stdin>:1:1: the number of boards (a non-negative integer): '-1' is out of range (expected 0..9223372036854775807)" \
    -- treblecross
expect 1 "two\n" \
    "cgsolve treblecross: <stdin>:1:1: expected the number of boards (a non-negative integer), found 'two'" \
    -- treblecross
expect 1 "1\n.X\n" "cgsolve treblecross: <stdin>:2:1: a board has at least 3 cells, found 2" \
    -- treblecross
expect 1 "1\n..\0..\n" "cgsolve treblecross: <stdin>:2:3: unexpected NUL byte" -- treblecross
expect 1 "" "cgsolve treblecross: <stdin>:1:1: expected the number of boards (a non-negative integer), found end of input" \
    -- treblecross
expect 0 "\xEF\xBB\xBF1\n.....\n" "" -- treblecross
expect_out "WINNING\n3\n"
expect 0 "1\n.....\n" "" -- treblecross --json
expect_out_has '{"schema":"cgsolve/1","game":"treblecross","file":"<stdin>","case":1,"answer":"WINNING\n3","analysis":{'
expect 0 "1\n.....\n" "" -- treblecross -e
expect_out_has "nim_sum: 2"
expect 3 "1\n$(printf '.%.0s' $(seq 1 300))\n" \
    "cgsolve treblecross: <stdin>:2: case 1: the Grundy table needs 2048 bytes more, beyond the memory limit of 1024 bytes (0 in use) (raise it with --memory)" \
    -- treblecross --memory 1K

# ---- grundy -------------------------------------------------------------
expect 0 "" "" -- grundy 0.77 --upto 5
expect_out "0\n1\n2\n3\n1\n4"
expect 2 "" "cgsolve grundy: invalid octal game code '0.g': 'g' at position 3 is not a digit (0-7, or 8-f to allow leaving three heaps)
Try 'cgsolve --help'." -- grundy 0.g
expect 2 "" "cgsolve grundy: missing the octal game code, e.g. 0.007
Try 'cgsolve --help'." -- grundy
expect 0 "" "" -- grundy 0.77 --upto 300 --explain
expect_out_has "  period: {period: 12, preperiod: 71}"
expect_out_has "  checksum: "
expect 0 "" "" -- grundy 0.77 --upto 3 --json
expect_out '{"schema":"cgsolve/1","game":"grundy","file":null,"case":1,"answer":"","analysis":{"code":"0.77","method":"auto","upto":3,"computed":4,"values":[0,1,2,3],"values_omitted":0,"period":null,"largest_value":3,"largest_value_at":3,"checksum":"'"$("$exe" grundy 0.77 --upto 3 --explain | sed -n 's/.*checksum: //p')"'","mask":0,"rare_positions":0,"last_rare":-1}}'
# Options that do not apply are usage errors, wherever they stand.
expect 2 "" "cgsolve grundy: option '--optimal' does not apply to grundy
Try 'cgsolve --help'." -- grundy 0.07 --optimal
expect 2 "" "cgsolve grundy: option '-M' does not apply to grundy
Try 'cgsolve --help'." -- grundy -M 30 0.07
expect 2 "" "cgsolve list: option '--explain' does not apply to list
Try 'cgsolve --help'." -- list --explain
expect 2 "" "cgsolve path: option '--upto' does not apply to path
Try 'cgsolve --help'." -- path --upto 3

for extra in "$here"/*.sh; do
    [ "$extra" = "$here/run.sh" ] && continue
    # shellcheck source=/dev/null
    . "$extra"
done

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
