#!/usr/bin/env python3
"""UVa 10561 by game-tree search over small boards, for cgsolve's stress
tests. Correct unless --trailing-space: then it reads each board as its raw
line, so a trailing space counts as a cell."""
import functools
import sys

TRAILING = "--trailing-space" in sys.argv


@functools.lru_cache(maxsize=None)
def wins(board):
    """The player to move wins: some move makes XXX or leaves a lost board."""
    for i, c in enumerate(board):
        if c != ".":
            continue
        after = board[:i] + "X" + board[i + 1:]
        if "XXX" in after or not wins(after):
            return True
    return False


def main():
    if TRAILING:
        lines = [line.rstrip("\r\n") for line in sys.stdin]
        lines = [line for line in lines if line.strip()]
        count, boards = int(lines[0]), lines[1:]
    else:
        tokens = sys.stdin.read().split()
        count, boards = int(tokens[0]), tokens[1:]
    out = []
    for board in boards[:count]:
        cells = board.replace(" ", ".")
        moves = [i + 1 for i, c in enumerate(cells) if c == "."
                 and ("XXX" in cells[:i] + "X" + cells[i + 1:] or not wins(cells[:i] + "X" + cells[i + 1:]))]
        out.append("WINNING\n" + " ".join(map(str, moves)) if moves else "LOSING\n")
    print("\n".join(out))


sys.setrecursionlimit(10000)
main()
