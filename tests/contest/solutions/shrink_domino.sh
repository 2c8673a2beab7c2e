#!/bin/sh
# Wrong on purpose for tests/contest/shrink.sh: cgsolve's answers ($1 is
# cgsolve), then an extra line when a hand holds two doubles, so the
# smallest failing input is 1 deal of 2 tiles a hand.
in=$(cat)
printf '%s\n' "$in" | "$1" domino || exit 3
if printf '%s\n' "$in" | awk '$1 > 0 {
    for (p = 0; p < 2; p++) {
        d = 0
        for (i = 0; i < $1; i++) { k = 2 + 2 * ($1 * p + i); d += $k == $(k + 1) }
        if (d >= 2) found = 1
    }
} END { exit !found }'; then echo planted; fi
