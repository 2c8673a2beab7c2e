#!/usr/bin/env python3
"""UVa 742 by plain search, for cgsolve's stress tests. Correct unless a flag
plants a known bug: --gives-up stops a player's search as soon as it meets a
state where the OTHER player has won (the published solution's bug);
--green-double assumes Green holds a double (the opener is Green's highest)."""
import sys

GIVES_UP = "--gives-up" in sys.argv
GREEN_DOUBLE = "--green-double" in sys.argv


def can_win(hands, ends, mover, player):
    """Some legal line from here lets `player` win (depth-first, memoised)."""
    seen = set()
    stack = [(hands, ends, mover, False)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        (red, green), (lo, hi), who, passed = state
        if not red or not green:
            winner = 0 if not red else 1
            if winner == player:
                return True
            if GIVES_UP:
                return False
            continue
        hand = red if who == 0 else green
        moves = []
        for tile in hand:
            a, b = tile
            rest = tuple(t for t in hand if t != tile)
            for end, other in ((lo, hi), (hi, lo)):
                if a == end or b == end:
                    shown = b if a == end else a
                    new_ends = tuple(sorted((shown, other)))
                    new_hands = (rest, green) if who == 0 else (red, rest)
                    moves.append((new_hands, new_ends, 1 - who, False))
                if lo == hi:
                    break
        if not moves and not passed:
            moves.append(((red, green), (lo, hi), 1 - who, True))
        stack.extend(moves)
    return False


def solve(n, red, green):
    doubles = [(v, 0) for v in range(7) if (v, v) in red] + [(v, 1) for v in range(7) if (v, v) in green]
    if GREEN_DOUBLE:
        value = max(v for v in range(7) if (v, v) in green)  # fails without a Green double
        opener = 1
    else:
        value, opener = max(doubles)
    if opener == 0:
        red = tuple(t for t in red if t != (value, value))
    else:
        green = tuple(t for t in green if t != (value, value))
    start = ((red, green), (value, value), 1 - opener)
    return [can_win(start[0], start[1], start[2], p) for p in (0, 1)]


def main():
    tokens = sys.stdin.read().split()
    at, answers = 0, []
    while at < len(tokens):
        n = int(tokens[at])
        at += 1
        if n == 0:
            break
        values = [int(x) for x in tokens[at:at + 4 * n]]
        at += 4 * n
        tiles = [tuple(sorted(values[2 * i:2 * i + 2])) for i in range(2 * n)]
        red, green = tuple(sorted(tiles[:n])), tuple(sorted(tiles[n:]))
        r, g = solve(n, red, green)
        answers.append("Both players can win" if r and g else "Only player Red can win" if r
                       else "Only player Green can win" if g else "No players can win")
    print("\n\n".join(answers))


main()
