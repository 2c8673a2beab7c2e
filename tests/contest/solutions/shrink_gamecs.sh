#!/bin/sh
# Wrong on purpose for tests/contest/shrink.sh: cgsolve's answers ($1 is
# cgsolve), then an extra line when a node of a tree has 3 edges or more,
# so the smallest failing input is 1 tree of 4 nodes (a star).
in=$(cat)
printf '%s\n' "$in" | "$1" gamecs || exit 3
if printf '%s\n' "$in" | awk 'NR > 1 && NF == 1 { split("", degree) }
NF == 3 { if (++degree[$1] >= 3 || ++degree[$2] >= 3) found = 1 }
END { exit !found }'; then echo planted; fi
