#!/usr/bin/env python3
"""UVa 10561 by the Grundy values of 0.007 (the spec's theory), for
cgsolve's stress tests. Correct unless --trailing-space: then it reads each
board as its raw line, so a trailing space counts as a cell; or unless
--space-after-moves: then each list of moves ends with a space."""
import sys

TRAILING = "--trailing-space" in sys.argv
SPACE_AFTER = "--space-after-moves" in sys.argv  # writes "1 2 3 ": a presentation error


def grundy_table(size):
    """The octal game 0.007 (the spec's recurrence): g(n) for n <= size."""
    g = [0] * (size + 1)
    for n in range(1, size + 1):
        seen = {g[max(0, i - 3)] ^ g[max(0, n - i - 2)] for i in range(1, n + 1)}
        g[n] = next(v for v in range(len(seen) + 1) if v not in seen)
    return g


G = []


def immediate(board):
    """Some move completes XXX."""
    return any("XXX" in board[:i] + "X" + board[i + 1:] for i, c in enumerate(board) if c == ".")


def nim_sum(board):
    """The XOR of the free stretches' values, cells near an X being poison."""
    n = len(board)
    safe = [board[i] == "." and all(board[j] != "X" for j in range(max(0, i - 2), min(n, i + 3)))
            for i in range(n)]
    total, run = 0, 0
    for ok in safe + [False]:
        if ok:
            run += 1
        else:
            total ^= G[run]
            run = 0
    return total


def wins(after):
    """The move that made `after` wins: XXX, or the opponent loses from it."""
    return "XXX" in after or (not immediate(after) and nim_sum(after) == 0)


def main():
    if TRAILING:
        lines = [line.rstrip("\r\n") for line in sys.stdin]
        lines = [line for line in lines if line.strip()]
        count, boards = int(lines[0]), lines[1:]
    else:
        tokens = sys.stdin.read().split()
        count, boards = int(tokens[0]), tokens[1:]
    G.extend(grundy_table(max([len(b) for b in boards[:count]] + [0])))
    out = []
    for board in boards[:count]:
        cells = board.replace(" ", ".")
        moves = [i + 1 for i, c in enumerate(cells) if c == "." and wins(cells[:i] + "X" + cells[i + 1:])]
        listed = " ".join(map(str, moves)) + (" " if SPACE_AFTER else "")
        out.append("WINNING\n" + listed if moves else "LOSING\n")
    print("\n".join(out))


main()
