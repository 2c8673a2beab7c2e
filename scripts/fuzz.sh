#!/usr/bin/env bash
# Build the libFuzzer targets with clang (ASan + UBSan) and run each for a
# bounded time, seeded with the golden inputs and fuzz/seeds/. The library is
# instrumented for coverage too, and each target's final coverage (cov:
# edges reached, ft: features, corp: corpus size) is printed. A crash stops the run with the
# failing input saved in fuzz/crashes/; add it to fuzz/regressions/<target>/
# so the normal test suite replays it for ever.
# Usage: scripts/fuzz.sh [seconds_per_target]   (default 25)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-25}
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCGSOLVE_FUZZ=ON -DCGSOLVE_STRICT_WARNINGS=ON -DCGSOLVE_TESTS=OFF -DCGSOLVE_BENCH=OFF > /dev/null
cmake --build build-fuzz -j "$(nproc)" > /dev/null
mkdir -p fuzz/crashes
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# run_target GAME: one target for the time given, from its own corpus and
# scratch folder (a target that writes files, fuzz_tools' --out, leaves them
# there, not in the tree); its summary to $work/GAME.summary, its status to
# $work/GAME.status.
run_target() {
    local game=$1 corpus="$work/$1" status=0
    mkdir -p "$corpus" "$work/cwd-$game"
    if [ -d "tests/golden/$game" ]; then
        cp tests/golden/"$game"/*.in "$corpus/"
    fi
    if [ -d "fuzz/seeds/fuzz_$game" ]; then
        cp fuzz/seeds/"fuzz_$game"/* "$corpus/"
    fi
    if [ -d "fuzz/regressions/fuzz_$game" ]; then
        cp fuzz/regressions/"fuzz_$game"/* "$corpus/" 2>/dev/null || true
    fi
    (cd "$work/cwd-$game" && "$root/build-fuzz/fuzz/fuzz_$game" -max_total_time="$seconds" \
        -max_len=4096 -timeout=10 -rss_limit_mb=1024 \
        -artifact_prefix="$root/fuzz/crashes/fuzz_$game-" -print_final_stats=0 "$corpus") \
        > "$work/$game.log" 2>&1 || status=$?
    echo "$status" > "$work/$game.status"
}

# The targets run side by side, one a processor: each still gets its full
# time, and the run takes about targets / processors times it (CI's 20
# minutes: seven targets of 30 s took 210 s one after another).
games=()
for binary in build-fuzz/fuzz/fuzz_*; do
    games+=("${binary##*/fuzz_}")
done
running=0
for game in "${games[@]}"; do
    if [ "$running" -ge "$(nproc)" ]; then
        wait -n
        running=$((running - 1))
    fi
    run_target "$game" &
    running=$((running + 1))
done
wait
failed=0
for game in "${games[@]}"; do
    log="$work/$game.log"
    echo "fuzz_$game: $(grep -E 'DONE' "$log" | sed 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*//' || echo 'no summary'); $(grep -E '^Done' "$log" || echo 'no run count')"
    if [ "$(cat "$work/$game.status" 2>/dev/null || echo missing)" != 0 ]; then
        grep -E "ERROR|SUMMARY|Test unit written" "$log" || tail -20 "$log"
        echo "fuzz_$game found a failing input: see fuzz/crashes/"
        failed=$((failed + 1))
    fi
done
echo "fuzz: $((${#games[@]} - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
