#!/bin/sh
# Wrong on purpose for tests/contest/shrink.sh: cgsolve's answers ($1 is
# cgsolve), then an extra line when a board holds four free cells in a row,
# so the smallest failing input is 1 board of 4 cells.
in=$(cat)
printf '%s\n' "$in" | "$1" treblecross || exit 3
if printf '%s\n' "$in" | awk 'NR > 1 && index($0, "....") { found = 1 } END { exit !found }'; then
    echo planted
fi
