#!/usr/bin/env python3
"""Live use on a terminal and through pipes, as a person or a program would.

Each check types into cgsolve through a pseudo-terminal (pexpect) or a pipe
and expects the answer to come back at once, before any more input is given
and before standard input is closed. Usage: test_live.py CGSOLVE.
Prints "pty: N passed, M failed"."""
import io
import os
import select
import subprocess
import sys
import tempfile
import time

import pexpect

EXE = sys.argv[1]
TIMEOUT = 10  # seconds for one answer: generous; an answer that waits for EOF never comes
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def spawn(*args):
    return pexpect.spawn(EXE, list(args), encoding="utf-8", timeout=TIMEOUT,
                         env=dict(os.environ, TERM="dumb"))


def expect(child, name, pattern, timeout=-1):
    try:
        child.expect(pattern, timeout=timeout)
        check(name, True)
        return True
    except (pexpect.TIMEOUT, pexpect.EOF) as error:
        check(name, False, f"(waited for {pattern!r}; got {child.before!r}; {type(error).__name__})")
        return False


# Playing Treblecross on a terminal: the prompt appears at once and every
# typed line is answered at once.
child = spawn("play", "treblecross")
expect(child, "play: intro", "Treblecross: we take turns")
expect(child, "play: first prompt", r"Your move \(a cell number; hint, values, undo, help, quit\): ")
child.sendline("hint")
expect(child, "play: hint answered at once",
       r"(Winning moves:\r\n  [0-9]+ +win  |No move wins against perfect play;)")
expect(child, "play: prompt after hint", "Your move")
child.sendline("x9")
expect(child, "play: illegal move explained", "Not a legal move: expected a cell number from 1 to 24")
child.sendline("zz")
expect(child, "play: a word is no move but an unknown command", r"Unknown command 'zz'; commands: hint \(h\)")
child.sendline("h")
expect(child, "play: h is hint", r"(Winning moves:|No move wins against perfect play;)")
child.sendline("12")
expect(child, "play: move echoed", r"You play cell 12\.")
expect(child, "play: the computer answers", r"I play cell [0-9]+ \(")
expect(child, "play: prompt after the answer", "Your move")
child.sendline("undo")
expect(child, "play: undo", r"Taken back: 2 moves\.")
child.sendline("quit")
expect(child, "play: quit", "Game abandoned.")
child.expect(pexpect.EOF)
child.close()
check("play: exit status 0", child.exitstatus == 0, f"({child.exitstatus})")

# A game against the computer to the end: the human follows hints.
child = spawn("play", "gamecs")
winner = None
for _ in range(40):
    index = child.expect([r"Your move .*: ", r"Game over: ([^\r\n]*)", pexpect.EOF, pexpect.TIMEOUT])
    if index == 0:
        child.sendline("hint")
        if child.expect([r"Winning moves:\r\n  ([0-9]+-[0-9]+) ", r"No move wins", pexpect.TIMEOUT]) != 0:
            break
        move = child.match.group(1)
        child.expect(r"Your move .*: ")
        child.sendline(move)
    elif index == 1:
        winner = child.match.group(1)
        break
    else:
        break
check("play gamecs on a terminal to the end by hints", winner == "you win. Well played!", f"({winner!r})")
child.close(force=True)

# The commands of play on a terminal, each answered at once: values, hint
# with values, history, level, save, new, and another game after the end.
work = tempfile.mkdtemp()
seven = os.path.join(work, "seven.txt")
with open(seven, "w") as f:
    f.write(".......\n")
saved = os.path.join(work, "saved.txt")


def spawn_sized(args, columns, **env):
    return pexpect.spawn(EXE, args, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, columns),
                         env={**os.environ, "TERM": "dumb", **env})


child = spawn_sized(["play", "treblecross", "--seed", "3", seven], 80)
expect(child, "values: prompt", r"Your move .*: ")
child.sendline("values")
expect(child, "values: the position's value", r"This position is a win for the player to move, "
       r"Grundy value 3\.\r\n")
expect(child, "values: a winning move with its nim-sum", r"  4  win   it leaves 1 ⊕ 1 = 0\r\n")
expect(child, "values: a losing move", r"  7  loss  it leaves 2\r\n")
child.sendline("hint")
expect(child, "hint: the best moves with their values", r"Winning moves:\r\n  4  win   it leaves 1 ⊕ 1 = 0\r\n")
child.sendline("4")
expect(child, "the computer's reason: the nim-sum it leaves", r"I play cell [0-9] \(no move wins; it leaves [0-9]")
child.sendline("history")
expect(child, "history: both players' moves with their values", r"  1\. you 4: win, it left 0\r\n  2\. me  [0-9]: loss, it left [0-9]+\r\n")
child.sendline("level casual")
expect(child, "level: changed", r"I now play at level casual\.")
child.sendline("save " + saved)
expect(child, "save: written", r"Saved the position to ")
child.sendline("new")
expect(child, "new: the same start again", r"You move first\..*\r\n  \.\.\.\.\.\.\.\r\n")
child.sendline("quit")
expect(child, "quit", "Game abandoned.")
child.expect(pexpect.EOF)
child.close()
check("play commands: exit 0", child.exitstatus == 0, f"({child.exitstatus})")
with open(saved) as f:
    board = f.read().split()
check("save: the judge's format, a count and the board", len(board) == 2 and board[0] == "1" and
      board[1].count("X") == 2 and len(board[1]) == 7, f"({board})")

# After the end another game is offered; `new` starts it, the end of the
# input stops (exit 0), and nothing is "to move" once the game is over.
child = spawn_sized(["play", "numbergame", "--seed", "1", "--max", "4"], 80)
for _ in range(4):
    index = child.expect([r"Your move .*: ", r"Game over: [^\r]*\r\n", pexpect.TIMEOUT])
    if index != 0:
        break
    child.sendline("hint")
    child.expect(r"(Winning moves:|the hardest for me to beat:)\r\n  ([0-9]+) ")
    move = child.match.group(2)
    child.expect(r"Your move .*: ")
    child.sendline(move)
check("after the end: the game ended", index == 1, f"({index})")
expect(child, "after the end: another game offered", r"Another game\? \(new, history, save FILE, quit\): ")
check("after the end: nothing to move", "to move" not in child.before)
child.sendline("new")
expect(child, "after the end: new starts again", r"Available: 2 3 4\r\n")
child.sendeof()
expect(child, "after the end: the end of the input stops", "Game abandoned.")
child.expect(pexpect.EOF)
child.close()
check("after the end: exit 0", child.exitstatus == 0, f"({child.exitstatus})")

# Colour by outcome under the colour rules, the word always beside it.
for name, args, env, coloured in [
        ("TERM=dumb", [], {}, False),
        ("--color=always", ["--color=always"], {}, True),
        ("a colour terminal", [], {"TERM": "xterm"}, True),
        ("NO_COLOR", [], {"TERM": "xterm", "NO_COLOR": "1"}, False),
        ("--color=never", ["--color=never"], {"TERM": "xterm"}, False)]:
    child = spawn_sized(["play", "treblecross", "--seed", "3", seven, *args], 80, **env)
    child.expect(r"Your move .*: ")
    child.sendline("values")
    child.expect(r"  7  .*\r\n")
    text = child.before + child.after
    check(f"colour, {name}: {'on' if coloured else 'off'}",
          ("\x1b[32mwin\x1b[0m" in text and "\x1b[31mloss\x1b[0m" in text) == coloured and
          ("\x1b[" in text) == coloured, repr(text[-200:]))
    check(f"colour, {name}: the words are there", "win" in text and "loss" in text)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()

# Folding to the terminal's width: every line fits 40 and 80 columns, and a
# long Treblecross board goes in rows of whole tens, each with its ruler.
long_board = os.path.join(work, "long.txt")
with open(long_board, "w") as f:
    f.write("." * 157 + "\n")
for columns, row in [(40, 30), (80, 70)]:
    child = spawn_sized(["play", "treblecross", "--seed", "3", long_board], columns)
    child.logfile_read = io.StringIO()  # everything it wrote
    child.expect(r"quit\): ")  # the prompt itself folds at 40
    child.sendline("values")
    child.expect(r"  157 .*\r\n")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = child.logfile_read.getvalue()
    child.close()
    lines = text.replace("\r", "").split("\n")
    widest = max(len(line) for line in lines)
    check(f"fold at {columns}: no line is wider", widest <= columns, f"({widest})")
    check(f"fold at {columns}: the board in rows of {row}", "  " + "." * row + "\n" in
          text.replace("\r", "") and "  " + "." * (row + 1) not in text, "")
    ruler = "".join(str(i % 10) for i in range(row + 1, 2 * row + 1))
    check(f"fold at {columns}: each row has its ruler", "  " + ruler + "\n" in text.replace("\r", ""))

# A solver fed one case at a time on a terminal answers each case at once.
child = spawn("treblecross")
child.sendline("2")
child.sendline(".....")
expect(child, "treblecross: first case answered before the second is typed", r"WINNING\r\n3\r\n")
child.sendline("X.....X..X.............X....X..X")
expect(child, "treblecross: second case answered", r"LOSING\r\n\r\n")
child.expect(pexpect.EOF)
child.close()
check("treblecross on a terminal: exit 0", child.exitstatus == 0, f"({child.exitstatus})")

# A board long enough to take seconds shows its progress on the terminal,
# wiped before the answer (0.007's values to 150,003: a second or two).
board_file = tempfile.NamedTemporaryFile("w", suffix=".in", delete=False)  # a pty line holds 4 KiB
board_file.write("1\n" + "." * 150000 + "\n")
board_file.close()
child = spawn("treblecross", board_file.name)
expect(child, "treblecross: progress while the values are computed",
       r"cgsolve treblecross: Grundy values [0-9]+ of 150003 \([0-9]+%\)")
expect(child, "treblecross: the long board answered", r"\r +\r(WINNING|LOSING)\r\n",
       timeout=120)  # a second or two; much more under the sanitizers
child.expect(pexpect.EOF)
child.close()
check("treblecross long board: exit 0", child.exitstatus == 0, f"({child.exitstatus})")
os.unlink(board_file.name)

child = spawn("domino")
child.sendline("1 6 6 0 0")
expect(child, "domino: a deal answered before the next", "Only player Red can win")
child.sendline("2 5 5 3 4 1 5 3 5")
expect(child, "domino: the separator and the next answer", r"\r\n\r\nBoth players can win|\r\n\r\n.*can win")
child.sendline("0")
child.expect(pexpect.EOF)
child.close()


# Through a pipe: a program writes a case and reads the answer before it
# closes the pipe (streaming, not waiting for the end of input).
def read_line(stream, deadline):
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([stream], [], [], max(0, deadline - time.time()))
        if not ready:
            return None
        chunk = os.read(stream.fileno(), 1)
        if not chunk:
            return line.decode() or None
        line += chunk
    return line.decode()


proc = subprocess.Popen([EXE, "gamecs"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
proc.stdin.write(b"2\n3\n0 1 1\n0 2 2\n")
proc.stdin.flush()
first = read_line(proc.stdout, time.time() + TIMEOUT)
check("pipe: gamecs case 1 answered while the input stays open", first == "Case 1: Emily\n", f"({first!r})")
proc.stdin.write(b"2\n0 1 2\n")
proc.stdin.flush()
second = read_line(proc.stdout, time.time() + TIMEOUT)
check("pipe: gamecs case 2 answered", second == "Case 2: Jolly\n", f"({second!r})")
proc.stdin.close()
check("pipe: exit 0", proc.wait(timeout=TIMEOUT) == 0)

proc = subprocess.Popen([EXE, "play", "--json", "numbergame", "--max", "6"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE)
start = read_line(proc.stdout, time.time() + TIMEOUT)
position = read_line(proc.stdout, time.time() + TIMEOUT)
check("pipe: play --json speaks first", start is not None and '"event":"start"' in start, f"({start!r})")
check("pipe: position before the human's move", position is not None and '"to_move":"you"' in position,
      f"({position!r})")
proc.stdin.write(b"hint\n")
proc.stdin.flush()
hint = read_line(proc.stdout, time.time() + TIMEOUT)
check("pipe: hint event at once", hint is not None and '"event":"hint"' in hint, f"({hint!r})")
proc.stdin.close()
proc.wait(timeout=TIMEOUT)

# Misère Nim (0.33333: heaps up to 5) on a terminal: the rule is shown, the computer wins
# by leaving an odd number of 1-heaps (1 5: only 2:5, leaving one 1), and
# the player who cannot move is the winner.
child = spawn("play", "grundy", "0.33333", "1", "1", "5", "--misere", "--seed", "3")
expect(child, "play misere: the rule is shown", r"Misère play: whoever cannot move WINS\.")
expect(child, "play misere: the heaps say misère", r"0\.33333 heaps \(misère\):  1:\[1\]  2:\[1\]  3:\[5\]")
expect(child, "play misere: first prompt", "Your move")
child.sendline("hint")
expect(child, "play misere: the hint takes the big heap to 1",
       r"Winning moves:\r\n  3:4  win   it leaves 1 1 1: misère value 0 \(tame rule\)")
child.sendline("1:1")
expect(child, "play misere: the computer leaves one 1-heap", r"I play 2:5 \(it leaves you a losing")
expect(child, "play misere: one heap of 1 left", r"0\.33333 heaps \(misère\):  1:\[1\]\r\n")
child.sendline("1:1")
expect(child, "play misere: whoever cannot move wins: the computer",
       r"Game over \(misère: whoever cannot move wins\): I win\.")
child.sendline("quit")
child.expect(pexpect.EOF)

# A solving command reading a terminal says so on standard error, once;
# read from a pipe it says nothing (the pipe's check below).
child = spawn("treblecross")
expect(child, "solve on a terminal: it says it reads standard input",
       r"cgsolve treblecross: reading standard input… \(Ctrl-D ends it\)")
child.sendline("1")
child.sendline(".X.X.")
child.sendeof()
expect(child, "solve on a terminal: the case is answered", r"WINNING\r\n3")
child.expect(pexpect.EOF)
piped = subprocess.run([EXE, "treblecross"], input="1\n.X.X.\n", capture_output=True, text=True)
check("solve from a pipe: nothing on standard error", piped.stderr == "", repr(piped.stderr))

print(f"pty: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
