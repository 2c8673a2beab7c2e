#!/usr/bin/env python3
"""UVa 601 by flood fills, for cgsolve's stress tests. Correct unless
--misses-n1: then a 1x1 board is always answered "There is no winning path."."""
import sys

MISSES = "--misses-n1" in sys.argv


def reach(board, n, stone, starts):
    seen = set(s for s in starts if board[s[0]][s[1]] == stone)
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (r + dr, c + dc)
            if 0 <= q[0] < n and 0 <= q[1] < n and q not in seen and board[q[0]][q[1]] == stone:
                seen.add(q)
                todo.append(q)
    return seen


def connected(board, n, stone):
    if stone == "W":
        return any(r[1] == n - 1 for r in reach(board, n, "W", [(i, 0) for i in range(n)]))
    return any(r[0] == n - 1 for r in reach(board, n, "B", [(0, i) for i in range(n)]))


def main():
    tokens = sys.stdin.read().split()
    at, out = 0, []
    while at < len(tokens) and tokens[at] != "0":
        n = int(tokens[at])
        board = tokens[at + 1:at + 1 + n]
        at += 1 + n
        if MISSES and n == 1:
            out.append("There is no winning path.")
            continue
        if connected(board, n, "W"):
            out.append("White has a winning path.")
        elif connected(board, n, "B"):
            out.append("Black has a winning path.")
        else:
            verdict = "There is no winning path."
            for stone, name in (("W", "White"), ("B", "Black")):
                for r in range(n):
                    for c in range(n):
                        if board[r][c] == "U":
                            trial = [row[:c] + stone + row[c + 1:] if i == r else row
                                     for i, row in enumerate(board)]
                            if connected(trial, n, stone):
                                verdict = f"{name} can win in one move."
                                break
                    if verdict.endswith("move."):
                        break
                if verdict.endswith("move."):
                    break
            out.append(verdict)
    print("\n".join(out))


main()
