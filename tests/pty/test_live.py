#!/usr/bin/env python3
"""Live use on a terminal and through pipes, as a person or a program would.

Each check types into cgsolve through a pseudo-terminal (pexpect) or a pipe
and expects the answer to come back at once, before any more input is given
and before standard input is closed. Usage: test_live.py CGSOLVE.
Prints "pty: N passed, M failed"."""
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
child.sendline("zz")
expect(child, "play: illegal move explained", "Not a legal move: expected a cell number from 1 to 24")
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

print(f"pty: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
