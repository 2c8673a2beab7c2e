#!/usr/bin/env bash
# Build and run the whole test suite twice: a gcc release build (golden runs
# also under valgrind; then clang-format, clang-tidy and shellcheck through
# scripts/lint.sh), then a clang build under AddressSanitizer +
# UndefinedBehaviorSanitizer; then run every libFuzzer target for a bounded
# time (FUZZ_SECONDS per target, default 30; 0 skips fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
jobs=$(nproc)

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCGSOLVE_WERROR=ON > /dev/null
cmake --build build -j "$jobs"
BUILD_DIR=build scripts/lint.sh
ctest --test-dir build --output-on-failure -j "$jobs"

cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCGSOLVE_SANITIZE=ON -DCGSOLVE_BENCH=OFF -DCGSOLVE_WERROR=ON > /dev/null
cmake --build build-sanitize -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-sanitize --output-on-failure -j "$jobs"

if [ "${FUZZ_SECONDS:-30}" -gt 0 ]; then
    scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
fi
