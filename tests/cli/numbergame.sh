# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for numbergame (sourced by run.sh).
expect 1 "2\n1\n2\n1\n21\n" \
    "cgsolve numbergame: <stdin>:5:1: an available number (2..20): '21' is out of range (expected 2..20)" \
    -- numbergame
expect_out "Scenario #1:\nThe winning moves are: 2.\n"
expect 1 "1\n2\n3 3\n" "cgsolve numbergame: <stdin>:3:3: 3 is listed twice" -- numbergame
expect 1 "1\n3\n2 3\n" \
    "cgsolve numbergame: <stdin>:4:1: expected an available number (2..20), found end of input" \
    -- numbergame
expect 1 "1\n20\n" \
    "cgsolve numbergame: <stdin>:2:1: the count of available numbers (0..19): '20' is out of range (expected 0..19)" \
    -- numbergame
expect 1 "1\n2\n3 4\n" \
    "cgsolve numbergame: <stdin>:3:3: unreachable position: 4 is available but 2 + 2 = 4 and 2 is forbidden" \
    -- numbergame
expect 1 "1\n1\n7\n" \
    "cgsolve numbergame: <stdin>:3:1: unreachable position: 7 is available but 2 + 5 = 7 and 2 and 5 are forbidden" \
    -- numbergame
# Worked by hand: 2 leaves {3,5} (answer 3), 3 leaves {2,4,5} (answer 2),
# 4 leaves {2,3,5} (answer 5), 5 leaves {2,3,4} (answer 4).
expect 0 "1\n4\n2 3 4 5\n" "" -- numbergame --max 5
expect_out "Scenario #1:\nThere is no winning move.\n"
expect 2 "" "cgsolve: invalid --max: '57' is not an integer from 2 to 56
Try 'cgsolve --help'." -- numbergame --max 57
expect 2 "" "cgsolve path: option '--max' does not apply to path
Try 'cgsolve --help'." -- path --max 30
expect 3 "1\n29\n2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30\n" \
    "cgsolve numbergame: <stdin>:2: case 1: growing the search table needs 65536 bytes more, beyond the memory limit of 32768 bytes (32768 in use) (raise it with --memory)" \
    -- numbergame --max 30 --memory 32K
