# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for `cgsolve play` (sourced by run.sh). Moves come from stdin,
# which is not a terminal here, so each move is echoed after its prompt.
position=$(mktemp)
printf '.......\n' > "$position"
expect 0 "3\nhint\nx9\n2\n" "" -- play treblecross --seed 1 "$position"
expect_out_has "You play cell 3."
expect_out_has "I play cell 7 (it leaves you 0, a losing position)."
expect_out_has "Your move (a cell number; hint, values, undo, help, quit): hint"
expect_out_has "No move wins against perfect play; the hardest for me to beat:"
expect_out_has "  2  loss  it lets the opponent complete three in a row"
expect_out_has "Not a legal move: expected a cell number from 1 to 7"
expect_out_has "I play cell 4 (and that wins)."
expect_out_has "Game over: I win."
expect_out_has "Another game? (new, history, save FILE, quit): "
# The computer moving first on a won board wins every time: 5 empty cells.
printf '.....\n' > "$position"
expect 0 "1\n" "" -- play treblecross --first computer "$position"
expect_out_has "I play cell 3 (it leaves you 0, a losing position)."
expect_out_has "Game over: I win."
# The human can win from a winning position: {2, 3, 5}, choose 5 then answer.
printf '3\n2 3 5\n' > "$position"
expect 0 "hint\n5\n2\n" "" -- play numbergame --seed 4 "$position"
expect_out_has "Winning moves:
  5  win   2 to the end  5 removes 5"
expect_out_has "You play number 5."
expect_out_has "Game over: you win. Well played!"
expect 0 "quit\n" "" -- play numbergame --max 10
expect_out_has "Available: 2 3 4 5 6 7 8 9 10"
expect_out_has "Game abandoned."
printf '2\n3 4\n' > "$position"
expect 1 "" "cgsolve play: $position:2:3: unreachable position: 4 is available but 2 + 2 = 4 and 2 is forbidden" \
    -- play numbergame "$position"
expect 2 "" "cgsolve: unknown game or command 'xyzzy' (see 'cgsolve list')
Try 'cgsolve --help'." -- play xyzzy
expect 2 "" "cgsolve treblecross: option '--first' does not apply to treblecross
Try 'cgsolve --help'." -- treblecross --first computer
expect 0 "" "" -- play --help
expect_out_has "Usage: cgsolve play GAME"
expect_out_has "  path [--value] [--to-move=SIDE]"
expect_out_has "  grundy CODE HEAP... (or a file that save wrote) [--misere]"
expect_out_has "      --show-values "

# Shell completions: after play the games, after a choice option its
# choices, not file names.
"$exe" completion bash > "$position.c"
complete_words() { # complete_words WORD...: what bash completes for the last WORD
    # shellcheck disable=SC2016  # expanded by the inner bash
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _cgsolve; echo "${COMPREPLY[*]}"' \
        _ "$position.c" cgsolve "$@"
}
got=$(complete_words play "")
if [ "$got" = "domino treblecross gamecs path numbergame grundy" ]; then pass=$((pass + 1)); else echo "FAIL completion after play: '$got'"; fail=$((fail + 1)); fi
got=$(complete_words play treblecross --level "")
if [ "$got" = "perfect strong casual" ]; then pass=$((pass + 1)); else echo "FAIL completion after --level: '$got'"; fail=$((fail + 1)); fi
got=$(complete_words play path --to-move b)
if [ "$got" = "black" ]; then pass=$((pass + 1)); else echo "FAIL completion after --to-move: '$got'"; fail=$((fail + 1)); fi
rm -f "$position.c"
# fish (not installed here): each choice option's words, and no file names.
fish_script=$("$exe" completion fish)
if grep -qx "complete -c cgsolve -l level -s p -x -a 'perfect strong casual'" <<< "$fish_script"; then
    pass=$((pass + 1))
else
    echo "FAIL fish completion after --level"
    fail=$((fail + 1))
fi

# Every playable game, start to finish, through the JSON protocol: the
# human takes the first winning move each turn (a script reads the events).
play_json_to_end() { # play_json_to_end ARGS...: plays hint moves; prints the winner
    python3 - "$exe" "$@" << 'PY'
import json, subprocess, sys
proc = subprocess.Popen([sys.argv[1], "play", "--json"] + sys.argv[2:], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True, bufsize=1)
winner = "none"
for line in proc.stdout:
    event = json.loads(line)
    if event["event"] == "position" and event["to_move"] == "you" and event["legal_moves"]:
        proc.stdin.write("hint\n"); proc.stdin.flush()
    elif event["event"] == "hint":
        moves = event["winning_moves"] or event["drawing_moves"] or [None]
        choice = moves[0]
        if choice is None:
            choice = "quit"
        proc.stdin.write(choice + "\n"); proc.stdin.flush()
    elif event["event"] == "over":
        winner = event["winner"]
        proc.stdin.close()
proc.wait()
print(winner)
PY
}
if command -v python3 > /dev/null; then
    for game in "treblecross" "numbergame --max 10" "gamecs" "grundy 0.77 3 4 5" "grundy 0.07 5 8"; do
        # shellcheck disable=SC2086  # the game and its arguments
        got=$(play_json_to_end $game)
        if [ "$got" = you ]; then pass=$((pass + 1)); else echo "FAIL play --json $game: winner $got"; fail=$((fail + 1)); fi
    done
    # Won starts by --seed: the computer moving second loses to hint moves.
    printf '2 2 5 5 4 5 5 2 6\n0\n' > "$position"
    got=$(play_json_to_end domino "$position")
    if [ "$got" = you ]; then pass=$((pass + 1)); else echo "FAIL play --json domino: winner $got"; fail=$((fail + 1)); fi
fi
expect 0 "" "" -- play --json treblecross
expect_out_has '"game":"treblecross","event":"start",'
expect_out_has '"game":"treblecross","event":"position","to_move":"you","legal_moves":["1","2",'
expect_out_has '"game":"treblecross","event":"abandoned"}'
# Illegal moves get the reason and the prompt again; undo and help work.
printf '.......\n' > "$position.t"
expect 0 "x9\n3\n" "" -- play --json treblecross "$position.t"
expect_out_has '"game":"treblecross","event":"error","input":"x9","message":"expected a cell number from 1 to 7"}'
expect_out_has '"game":"treblecross","event":"move","by":"you","move":"3","why":""}'
expect 0 "3\nundo\nhelp\nquit\n" "" -- play treblecross "$position.t"
expect_out_has "Taken back: 2 moves."
expect_out_has "  undo, u     take back your last move (and my answer)"
expect 0 "undo\n" "" -- play treblecross "$position.t"
expect_out_has "undo: there is no move of yours to take back"
# --show-values: the value line before each of the human's moves; history
# in JSON with each move's value.
printf '3\n2 3 5\n' > "$position.a"
expect 0 "5\n" "" -- play numbergame --seed 4 --show-values "$position.a"
expect_out_has "  Available: 2 3 5
This position is a win for the player to move, 3 moves from the end.
Your move"
expect 0 "1:1\nhistory\n" "" -- play --json grundy 0.77 3 4 5 --seed 2
expect_out_has '"event":"history","moves":[{"by":"you","move":"1:1","outcome":"loss","measure":"grundy","grundy":7},'
# Counts agree with their nouns: "1 move from the end".
printf '1\n2\n' > "$position.a"
expect 0 "values\n" "" -- play numbergame "$position.a"
expect_out_has "This position is a win for the player to move, 1 move from the end."
# One-letter commands; a word that is no command gets the commands, a
# mistyped move what a move looks like; domino's pass stays a move.
expect 0 "h\nv\nfoo\n5x\n?\nu\nq\n" "" -- play treblecross --seed 1 "$position.t"
expect_out_has "Your move (a cell number; hint, values, undo, help, quit): h
Winning moves:"
expect_out_has "Your move (a cell number; hint, values, undo, help, quit): v
This position is a win for the player to move, Grundy value 3.
  4  win   it leaves 1 ⊕ 1 = 0
  1  loss  it leaves 2"
expect_out_has "Unknown command 'foo'; commands: hint (h), values (v), history, undo (u), new,"
expect_out_has "Your move (a cell number; hint, values, undo, help, quit): 5x
Not a legal move: expected a cell number from 1 to 7"
expect_out_has "  hint, h     the best moves, with their values"
expect_out_has "  quit, q     stop"
expect_out_has "undo: there is no move of yours to take back"
expect_out_has "Game abandoned."
expect 0 "zz\nfoo\n" "" -- play --json treblecross "$position.t"
expect_out_has "\"event\":\"error\",\"input\":\"foo\",\"message\":\"unknown command 'foo'; commands: hint (h), values (v), history, undo (u), new, save FILE, level L, help (?), quit (q)\"}"
printf '3 6 6 1 2 3 4 6 5 5 1 2 3\n0\n' > "$position.a"
expect 0 "pass\nq\n" "" -- play domino "$position.a"
expect_out_has "Not a legal move: "
# Position files with or without the case count, and --case.
printf '2\n.....\n.......\n' > "$position.t"
expect 0 "quit\n" "" -- play treblecross --case 2 "$position.t"
expect_out_has "  .......
  1234567"
expect 2 "" "cgsolve play: $position.t holds 2 cases, not 3" -- play treblecross --case 3 "$position.t"
# Random starts are the same from the same seed.
printf "" | "$exe" play numbergame --random --seed 7 > "$position.a"
printf "" | "$exe" play numbergame --random --seed 7 > "$position.b"
if cmp -s "$position.a" "$position.b" && grep -q "Available:" "$position.a"; then pass=$((pass + 1)); else echo "FAIL --seed repeats"; fail=$((fail + 1)); fi
# Boards of ten cells or more get a ruler with the tens.
expect 0 "quit\n" "" -- play treblecross
expect_out_has "  ........................
           1         2    
  123456789012345678901234"
# Domino: hands, open ends, passes and "nobody wins".
printf '1 1 1 2 2\n0\n' > "$position.t"
expect 0 "" "" -- play domino "$position.t"
expect_out_has "Game over: I win."
printf '2 6 6 0 1 5 5 2 3\n0\n' > "$position.t"
expect 0 "pass\n" "" -- play domino "$position.t"
expect_out_has "  Line: 6-6
  Open ends: 6 and 6. Green to move; tiles that fit 6: none."
expect_out_has "You pass."
expect_out_has "Game over: nobody wins."
# PATH is played where the exact solver settles the position, refused beyond.
printf '3\nUWU\nUUU\nBUU\n' > "$position.t"
expect 0 "hint\nb2\n" "" -- play path "$position.t"
expect_out_has "Winning moves:
  b2  win   4 to the end"
expect_out_has "You play cell b2."
printf '9\n' > "$position.t"
for _ in 1 2 3 4 5 6 7 8 9; do printf 'UUUUUUUUU\n' >> "$position.t"; done
expect 3 "" "cgsolve play: cannot play this position perfectly: it has 81 empty cells, and the solver searches positions of at most 64" -- play path "$position.t"
expect 2 "" "cgsolve play: the command line:1:1: invalid octal game code '0.g': 'g' at position 3 is not a digit (0-7, or 8-f to allow leaving three heaps)
Try 'cgsolve --help'." -- play grundy 0.g 3
expect 2 "" "cgsolve play: the command line:1:1: playing is for codes that leave at most two heaps (digits 0-7), not 0.8
Try 'cgsolve --help'." -- play grundy 0.8 3
# A counted file whose case is bad is reported at the counted reading's
# place (line 3's 20000), not where a bare-case reading fails (line 2's 1).
printf '2\n1\n20000 2 3\n' > "$position.t"
expect 1 "" "cgsolve play: $position.t:3:1: an available number (2..20): '20000' is out of range (expected 2..20)" \
    -- play numbergame "$position.t"
# A bare case still reads: its first number is not taken for a case count.
printf '3 2 3 5\n' > "$position.t"
expect 0 "quit\n" "" -- play numbergame "$position.t"
expect_out_has "  Available: 2 3 5"
# A position file past 64 MiB is refused, not cut short.
truncate -s 65M "$position.t"
expect 1 "" "cgsolve play: '$position.t' is longer than 64 MiB: not a position file" \
    -- play treblecross "$position.t"
# values, history, save (the judge's format: solved by cgsolve GAME FILE,
# resumed by play GAME FILE), level, new, and another game after the end.
printf '3\n2 3 5\n' > "$position"
rm -f "$position.a"
COLUMNS=500 expect 0 "values\n5\nhistory\nsave $position.t\nlevel casual\nlevel nine\n2\nhistory\nsave $position.a\nnew\nquit\n" "" \
    -- play numbergame --seed 4 "$position"
expect_out_has "This position is a win for the player to move, 3 moves from the end."
expect_out_has "  5  win   2 to the end  5 removes 5
  3  loss  3 to the end  3 removes 3
  2  loss  1 to the end  2 removes 2"
expect_out_has "  1. you 5: win, 2 to the end"
expect_out_has "I play number 3 (no move wins against perfect play: 3 removes 3; 1 move to the
    end)."
expect_out_has "Saved the position to $position.t (cgsolve play numbergame $position.t resumes it)."
expect_out_has "I now play at level casual."
expect_out_has "level: 'nine' is not a level: perfect, strong or casual"
expect_out_has "Another game? (new, history, save FILE, quit): history"
expect_out_has "  2. me  3: loss, 1 to the end
  3. you 2: win, the last move"
expect_out_has "You move first. Type 'help' for the commands."
expect_out_has "save: the game is over: type new, then save"
got=$(printf '1\n1 2\n' | cmp - "$position.t" && [ ! -e "$position.a" ] &&
    "$exe" numbergame "$position.t" | tr -s '\n' ' ')
if [ "$got" = "Scenario #1: The winning moves are: 2. " ]; then pass=$((pass + 1)); else echo "FAIL save: '$got'"; fail=$((fail + 1)); fi
expect 0 "quit\n" "" -- play numbergame "$position.t"
expect_out_has "  Available: 2"
# Domino saves its deal, not a game under way; nothing is to move at the end.
printf '2 6 6 0 1 5 5 2 3\n0\n' > "$position.t"
expect 0 "pass\nsave $position.a\n" "" -- play domino "$position.t"
expect_out_has "  Open ends: 6 and 6.
Game over: nobody wins."
if sed -n '/You pass/,$p' "$out" | grep -q "to move"; then echo "FAIL 'to move' after the end"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
expect_out_has "save: the game is over: type new, then save"
printf '3 6 6 1 2 3 4 6 5 5 1 2 3\n0\n' > "$position.t"
expect 0 "5-6\nsave $position.a\n" "" -- play domino "$position.t"
expect_out_has "save: only the deal can be saved"
# The computer is reproducible: the same seed, the same game, byte for byte.
printf "" | "$exe" play treblecross --level casual --seed 11 --first computer > "$position.a"
printf "" | "$exe" play treblecross --level casual --seed 11 --first computer > "$position.b"
if cmp -s "$position.a" "$position.b"; then pass=$((pass + 1)); else echo "FAIL a seeded game repeats"; fail=$((fail + 1)); fi
# Every playable game's save resumes with the command the README gives
# (`play GAME FILE`, with --misere for a misère game): the resumed game
# opens on the saved position with the human to move, after moves of both
# sides and after the computer began (--first computer).
save_resumes() { # save_resumes MOVES FILE ARGS...: "same" when the resumed position is the saved one
    python3 - "$exe" "$@" << 'PY'
import json, subprocess, sys
exe, moves, saved, args = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def positions(argv, commands):
    done = subprocess.run([exe, "play", "--json"] + argv, input="".join(c + "\n" for c in commands),
                          capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines()]
def best(event):  # a winning move, else a drawing one, else a loss not at once
    values = event["move_values"]
    for good in (lambda m: m["outcome"] != "loss", lambda m: m["measure"] != "unknown", lambda m: True):
        moves = [m["move"] for m in values if good(m)]
        if moves:
            return moves[0]
def value(event):  # what the position is worth, and its moves (a file may renumber them)
    return (event["to_move"], event["value"], len(event["legal_moves"]),
            sorted(json.dumps({k: v for k, v in m.items() if k != "move"}) for m in event["move_values"]))
def first_moves(count):  # count good moves of the human's, then save
    typed = []
    for _ in range(count):
        events = [e for e in positions(args, typed) if e["event"] == "position" and e["to_move"] == "you"]
        typed.append(best(events[-1]))
    return typed
typed = first_moves(moves)
events = positions(args, typed + ["save " + saved, "quit"])
if not any(e["event"] == "saved" for e in events):
    print("not saved:", [e for e in events if e["event"] == "error"]); sys.exit()
before = [e for e in events if e["event"] == "position"][-1]
misere = ["--misere"] if "--misere" in args else []
after = [e for e in positions([args[0], saved] + misere, ["quit"]) if e["event"] == "position"]
if not after:
    print("no position on resuming"); sys.exit()
print("same" if value(before) == value(after[0]) and after[0]["to_move"] == "you"
      else "differs: %s / %s" % (value(before), value(after[0])))
PY
}
if command -v python3 > /dev/null; then
    printf '2 6 6 0 1 5 5 2 3\n0\n' > "$position.d"
    for game in "0 domino $position.d" "2 treblecross" "2 treblecross --first computer" "1 gamecs" \
        "0 gamecs --first computer" "1 numbergame --max 14" "0 numbergame --max 14 --first computer" \
        "2 grundy 0.77 3 4 5" "1 grundy 0.77 3 4 5 --first computer" "1 grundy 0.333 1 1 3 --misere" \
        "1 grundy 0.333 2 3 3 --misere --first computer"; do
        # shellcheck disable=SC2086  # the count, the game and its arguments
        set -- $game
        got=$(save_resumes "$1" "$position.s" "${@:2}" --seed 5)
        if [ "$got" = same ]; then pass=$((pass + 1)); else echo "FAIL save, play ${*:2}: $got"; fail=$((fail + 1)); fi
    done
fi
COLUMNS=500 expect 0 "save $position.s\nquit\n" "" -- play grundy 0.333 1 1 3 --misere
expect_out_has "Saved the position to $position.s (cgsolve play grundy $position.s --misere resumes it)."
expect 0 "quit\n" "" -- play grundy "$position.s" --misere
expect_out_has "  0.333 heaps (misère):  1:[1]  2:[1]  3:[3]"
rm -f "$position.d" "$position.s"
rm -f "$position" "$position.t" "$position.a" "$position.b"
