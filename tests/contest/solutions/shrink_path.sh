#!/bin/sh
# Wrong on purpose for tests/contest/shrink.sh: cgsolve's answers ($1 is
# cgsolve), then an extra line when a board holds both a W and a B, so the
# smallest failing input is 1 board of 2 x 2 = 4 cells.
in=$(cat)
printf '%s\n' "$in" | "$1" path || exit 3
if printf '%s\n' "$in" | awk '/^[0-9]+$/ { w = b = 0 }
/^[WBU]+$/ { w += /W/; b += /B/; if (w && b) found = 1 }
END { exit !found }'; then echo planted; fi
