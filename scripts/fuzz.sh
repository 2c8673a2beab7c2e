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
targets=0
for binary in build-fuzz/fuzz/fuzz_*; do
    game=${binary##*/fuzz_}
    targets=$((targets + 1))
    corpus="$work/$game"
    mkdir -p "$corpus"
    if [ -d "tests/golden/$game" ]; then
        cp tests/golden/"$game"/*.in "$corpus/"
    fi
    if [ -d "fuzz/seeds/fuzz_$game" ]; then
        cp fuzz/seeds/"fuzz_$game"/* "$corpus/"
    fi
    if [ -d "fuzz/regressions/fuzz_$game" ]; then
        cp fuzz/regressions/"fuzz_$game"/* "$corpus/" 2>/dev/null || true
    fi
    status=0
    # from a scratch folder: a target that writes files (fuzz_tools' --out)
    # leaves them there, not in the tree
    mkdir -p "$work/cwd"
    (cd "$work/cwd" && "$root/$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -rss_limit_mb=1024 -artifact_prefix="$root/fuzz/crashes/fuzz_$game-" \
        -print_final_stats=0 "$corpus") > "$work/log" 2>&1 || status=$?
    echo "fuzz_$game: $(grep -E 'DONE' "$work/log" | sed 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*//' || echo 'no summary'); $(grep -E '^Done' "$work/log" || echo 'no run count')"
    if [ "$status" -ne 0 ]; then
        grep -E "ERROR|SUMMARY|Test unit written" "$work/log" || tail -20 "$work/log"
        echo "fuzz_$game found a failing input: see fuzz/crashes/"
        exit 1
    fi
done
echo "fuzz: $targets passed, 0 failed"
