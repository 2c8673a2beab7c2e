# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for path (sourced by run.sh).
expect 1 "1\nW\n2\nWW\nWWW\n0\n" \
    "cgsolve path: <stdin>:5:1: expected row 2 of the board (2 characters from W, B, U), found a row of 3 characters" \
    -- path
expect_out "White has a winning path."
expect 1 "2\nWW\nW\n0\n" \
    "cgsolve path: <stdin>:3:1: expected row 2 of the board (2 characters from W, B, U), found a row of 1 characters" \
    -- path
expect 1 "2\nWW\nWx\n0\n" "cgsolve path: <stdin>:3:2: expected 'W', 'B' or 'U', found 'x'" -- path
expect 1 "-3\n" \
    "cgsolve path: <stdin>:1:1: the board size N (0 ends the input): '-3' is out of range (expected 0..65535)" \
    -- path
expect 1 "3\nWWW\nBBB\n" \
    "cgsolve path: <stdin>:4:1: expected row 3 of the board (3 characters from W, B, U), found end of input" \
    -- path
expect 0 "1\nU\n" "" -- path
expect_out "White can win in one move."
expect 0 "3\nWUW\nBBU\nUBU\n0\n" "" -- path --explain --color=never
expect_out_has '    - "w*w"'
expect 0 "3\nWUW\nBBU\nUBU\n0\n" "" -- path --explain --color=always
expect_out_has $'\033[1;30;43mW\033[0m'
expect 3 "2000\n" \
    "cgsolve path: <stdin>:1: case 1: the board needs 4000000 bytes more, beyond the memory limit of 1048576 bytes (0 in use) (raise it with --memory)" \
    -- path --memory 1M
# --value: the judge's answer unchanged, the value in the explanation
expect 0 "3\nUUU\nUUU\nUUU\n0\n" "" -- path --value
expect_out "There is no winning path."
expect 0 "3\nUUU\nUUU\nUUU\n0\n" "" -- path --explain --value --color=never
expect_out_has "    reason: pairing"
expect_out_has "      - ccU"
expect 0 "3\nUWU\nUUU\nBUU\n0\n" "" -- path --explain --value --color=never
expect_out_has '      - "3W4"'
# a side held by the matching cut (no wall) gets its pairs drawn too
expect 0 "4\nUWWU\nBBBW\nWUWU\nBWWB\n0\n" "" -- path --explain --value --to-move white --color=never
expect_out_has "    reason: pairing"
expect_out_has "    white_pairs:"
expect_out_has "      - aWWa"
expect_out_has "      - WbWb"
expect 0 "2\nUB\nUU\n0\n" "" -- path --json --value --to-move black
expect_out_has '"value":{"to_move":"black","outcome":"win","winner":"black"'
expect 2 "1\nU\n0\n" \
    "cgsolve: invalid --to-move: 'red' is not one of white|black
Try 'cgsolve --help'." \
    -- path --value --to-move red
