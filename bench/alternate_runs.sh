#!/usr/bin/env bash
# Builds of cgsolve timed one after another, in turn, for ROUNDS rounds:
# each run has the machine to itself (pair_runs.sh runs two at once, which
# on a two-vCPU machine that shares its cores' caches can slow both), and
# alternating spreads the machine's drift over every build alike.
#
#   bench/alternate_runs.sh ROUNDS BINARY... -- ARGS...
#   bench/alternate_runs.sh 3 /tmp/old/cgsolve build/cgsolve -- grundy 0.6 --upto 4194304 --threads 1 --json
#
# Prints a line a run (round, binary, user and wall seconds, the first 8
# hex digits of the output's md5: equal outputs show the builds agree),
# then each binary's least and greatest user seconds. Needs GNU time
# (/usr/bin/time).
set -euo pipefail
usage() {
    echo "usage: $0 ROUNDS BINARY... -- ARGS..." >&2
    exit 2
}
[ $# -ge 3 ] || usage
rounds=$1
shift
binaries=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    binaries+=("$1")
    shift
done
if [ $# -eq 0 ] || [ ${#binaries[@]} -eq 0 ]; then
    usage
fi
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for round in $(seq "$rounds"); do
    for binary in "${binaries[@]}"; do
        sum=$(/usr/bin/time -f "%U %e" -o "$scratch/time" "$binary" "$@" | md5sum | cut -c1-8)
        echo "$round $binary $(cat "$scratch/time") $sum"
    done
done | awk '{ print "round " $1 " " $2 ": " $3 " u " $4 " s " $5;
              if (!($2 in least) || $3 < least[$2]) least[$2] = $3;
              if ($3 > most[$2]) most[$2] = $3; if (!($2 in seen)) { seen[$2] = 1; name[++n] = $2 } }
            END { for (i = 1; i <= n; i++) printf "%s: user %s-%s s\n", name[i], least[name[i]], most[name[i]] }'
