# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for `cgsolve play` (sourced by run.sh). Moves come from stdin,
# which is not a terminal here, so each move is echoed after its prompt.
position=$(mktemp)
printf '.......\n' > "$position"
expect 0 "3\nhint\nzz\n7\n" "" -- play treblecross "$position"
expect_out_has "You play cell 3."
expect_out_has "I play cell 6 (it leaves you a losing position)."
expect_out_has "Your move (a cell number, hint, quit): hint
No move wins against perfect play."
expect_out_has "Not a legal move: expected a cell number from 1 to 7"
expect_out_has "I play cell 5 (and that wins)."
expect_out_has "Game over: I win."
# The computer moving first on a won board wins every time: 5 empty cells.
printf '.....\n' > "$position"
expect 0 "1\n" "" -- play treblecross --first computer "$position"
expect_out_has "I play cell 3 (it leaves you a losing position)."
expect_out_has "Game over: I win."
# The human can win from a winning position: {2, 3, 5}, choose 5 then answer.
printf '3\n2 3 5\n' > "$position"
expect 0 "hint\n5\n2\n" "" -- play numbergame "$position"
expect_out_has "Winning moves: 5"
expect_out_has "You play number 5."
expect_out_has "Game over: you win. Well played!"
expect 0 "quit\n" "" -- play numbergame --max 10
expect_out_has "Available: 2 3 4 5 6 7 8 9 10"
expect_out_has "Game abandoned."
printf '2\n3 4\n' > "$position"
expect 1 "" "cgsolve play: $position:2:3: unreachable position: 4 is available but 2 + 2 = 4 and 2 is forbidden" \
    -- play numbergame "$position"
expect 2 "" "cgsolve: unknown game or command 'chess' (see 'cgsolve list')
Try 'cgsolve --help'." -- play chess
expect 2 "" "cgsolve treblecross: option '--first' does not apply to treblecross
Try 'cgsolve --help'." -- treblecross --first computer
expect 0 "" "" -- play --help
expect_out_has "Usage: cgsolve play GAME"
rm -f "$position"
