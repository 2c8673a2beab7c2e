#!/usr/bin/env bash
# Two builds of cgsolve timed at once, one on each of two cores, their
# cores swapped every pair: on a machine whose speed drifts between minutes
# (a shared virtual machine), both runs of a pair share the drift, so the
# ratio of their user times says more than times taken minutes apart.
#
#   bench/pair_runs.sh PAIRS OLD NEW ARGS...
#   bench/pair_runs.sh 4 /tmp/old/cgsolve build/cgsolve grundy 0.6 --upto 2097152 --threads 1 --json
#
# Prints each pair's user seconds, then the mean, least and greatest ratio
# old/new (above 1: the new build is faster). The same build against itself
# gave a mean of 1.03 and single pairs from 0.96 to 1.10 on the machine of
# bench/RESULTS.md, so ratios within that are noise. Needs taskset and GNU
# time (/usr/bin/time).
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 PAIRS OLD NEW ARGS..." >&2
    exit 2
fi
pairs=$1 old=$2 new=$3
shift 3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
user_time() { # user_time CORE BINARY OUT: the binary's user seconds into OUT
    local core=$1 binary=$2 out=$3
    shift 3
    /usr/bin/time -f %U -o "$out" taskset -c "$core" "$binary" "$@" > /dev/null
}
for pair in $(seq "$pairs"); do
    first=$((pair % 2)) second=$(((pair + 1) % 2))
    user_time "$first" "$old" "$scratch/old" "$@" &
    user_time "$second" "$new" "$scratch/new" "$@" &
    wait
    echo "$(cat "$scratch/old") $(cat "$scratch/new")"
done | awk '{ print "old " $1 " new " $2; r = $1 / $2; sum += r; n++;
              if (n == 1 || r < least) least = r; if (r > most) most = r }
            END { printf "old/new mean %.3f least %.3f greatest %.3f\n", sum / n, least, most }'
