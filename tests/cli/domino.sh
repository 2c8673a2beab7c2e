# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for domino (sourced by run.sh).
expect 1 "1 6 6 0 0\n1 7 7 0 0\n0\n" \
    "cgsolve domino: <stdin>:2:3: a number 0..6 (Red tile 1): '7' is out of range (expected 0..6)" \
    -- domino
expect_out "Only player Red can win"
expect 1 "2 1 1 2 3 3 2 0 0\n0\n" \
    "cgsolve domino: <stdin>:1:11: tile 3-2 is dealt twice (first at line 1, column 7)" -- domino
expect 1 "2 1 1 1 1 3 3 2 0\n0\n" \
    "cgsolve domino: <stdin>:1:7: tile 1-1 is dealt twice (first at line 1, column 3)" -- domino
expect 1 "15 0 0\n" \
    "cgsolve domino: <stdin>:1:1: the number of tiles per hand (1..14, 0 ends the input): '15' is out of range (expected 0..14)" \
    -- domino
expect 1 "2 0 1 0 2 1 2 1 3\n0\n" \
    "cgsolve domino: <stdin>:1:1: invalid deal: nobody holds a double, so nobody can open" -- domino
expect 1 "2 0 0 1 1 2\n" \
    "cgsolve domino: <stdin>:2:1: expected a number 0..6 (Green tile 1), found end of input" -- domino
expect 1 "1 x 0 0 1\n" \
    "cgsolve domino: <stdin>:1:3: expected a number 0..6 (Red tile 1), found 'x'" -- domino
expect 0 "1 6 6 0 0\n1 0 0 6 6" "" -- domino
expect_out "Only player Red can win\n\nOnly player Green can win"
expect 0 "2 2 5 5 4 5 5 2 6\n0\n" "" -- domino --explain
expect_out_has "      - player: red
        action: lay
        tile: [5, 2]
        ends_after: [2, 4]"
expect 0 "2 2 5 5 4 5 5 2 6\n0\n" "" -- domino --optimal
expect_out "Red wins"
expect 3 "11 0 5 0 3 2 3 0 6 2 2 0 1 6 6 0 4 2 0 1 1 1 3 2 1 1 4 0 0 3 4 2 6 2 4 1 6 6 3 3 3 5 6 4 5\n0\n" \
    "cgsolve domino: <stdin>:1: case 1: growing the search table needs 65536 bytes more, beyond the memory limit of 65536 bytes (32768 in use) (raise it with --memory)" \
    -- domino --memory 64K
