#!/usr/bin/env python3
"""UVa 12033 by the Grundy rule, for cgsolve's stress tests. Correct unless
--odd-rule: then an odd weight above 1 is treated like an even one."""
import sys

ODD = "--odd-rule" in sys.argv


def edge_value(w, c):
    if w == 1:
        return c + 1
    if w % 2 == 0 or ODD:
        return c
    return c ^ 1


def main():
    tokens = iter(sys.stdin.read().split())
    cases = int(next(tokens))
    for k in range(1, cases + 1):
        n = int(next(tokens))
        adjacent = [[] for _ in range(n)]
        for _ in range(n - 1):
            a, b, w = int(next(tokens)), int(next(tokens)), int(next(tokens))
            adjacent[a].append((b, w))
            adjacent[b].append((a, w))
        parent, order, stack = [-1] * n, [], [0]
        parent[0] = 0
        while stack:
            x = stack.pop()
            order.append(x)
            for y, w in adjacent[x]:
                if parent[y] == -1:
                    parent[y] = x
                    stack.append(y)
        value, weight = [0] * n, [0] * n
        for x in order:
            for y, w in adjacent[x]:
                if parent[y] == x and y != 0:
                    weight[y] = w
        for x in reversed(order):
            if x != 0:
                value[parent[x]] ^= edge_value(weight[x], value[x])
        print(f"Case {k}: {'Emily' if value[0] else 'Jolly'}")


main()
