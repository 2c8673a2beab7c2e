#!/bin/sh
# Wrong on purpose for tests/contest/shrink.sh: cgsolve's answers ($1 is
# cgsolve), then an extra line when a scenario has 4 numbers or more, so the
# smallest failing input is 1 scenario of 4 numbers.
in=$(cat)
printf '%s\n' "$in" | "$1" numbergame || exit 3
if printf '%s\n' "$in" | awk 'NR > 1 && NR % 2 == 0 && $1 >= 4 { found = 1 } END { exit !found }'; then
    echo planted
fi
