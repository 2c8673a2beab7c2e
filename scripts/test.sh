#!/usr/bin/env bash
# Build and run the whole test suite twice: a gcc release build (golden runs
# also under valgrind; then clang-format, clang-tidy and shellcheck through
# scripts/lint.sh), then a clang build under AddressSanitizer +
# UndefinedBehaviorSanitizer; then cgsolve under ThreadSanitizer (the octal
# engine's crew); with COVERAGE=1, scripts/coverage.sh; then run every
# libFuzzer target for a bounded time (FUZZ_SECONDS per target, default 30,
# 10 when the rest took over 14 minutes, 5 over 16; 0 skips fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
# phase NAME: the seconds since the start, so a CI log shows where its 20
# minutes go
phase() { echo "test.sh: $1 at ${SECONDS} s"; }
scripts/deps.sh test
jobs=$(nproc)
phase "dependencies installed"

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCGSOLVE_WERROR=ON -DCGSOLVE_STRICT_WARNINGS=ON > /dev/null
cmake --build build -j "$jobs"
phase "release build"
BUILD_DIR=build scripts/lint.sh
phase "lint"
ctest --test-dir build --output-on-failure -j "$jobs"
phase "release tests"

cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCGSOLVE_SANITIZE=ON -DCGSOLVE_BENCH=OFF -DCGSOLVE_WERROR=ON -DCGSOLVE_STRICT_WARNINGS=ON > /dev/null
cmake --build build-sanitize -j "$jobs"
phase "sanitizer build"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-sanitize --output-on-failure -j "$jobs"
phase "sanitizer tests"

# ThreadSanitizer on the octal engine's crew: cgsolve alone, built by clang
# with -fsanitize=thread, computes past 16,384 heaps (where scans are
# shared) with two threads by both engines; the values must equal the
# release build's, and any race fails the run (about 40 s of CPU).
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
    -DCGSOLVE_TESTS=OFF -DCGSOLVE_BENCH=OFF -DCGSOLVE_WERROR=ON -DCGSOLVE_STRICT_WARNINGS=ON > /dev/null
cmake --build build-tsan -j "$jobs" --target cgsolve
for method in naive sparse; do
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" build-tsan/cgsolve grundy 0.007 --upto 40000 \
        --method "$method" --threads 2 > "build-tsan/values-$method"
    build/cgsolve grundy 0.007 --upto 40000 --method "$method" | cmp - "build-tsan/values-$method"
done
echo "tsan: the crew is race-free on G(0..40000) of 0.007, naive and sparse, 2 threads"
phase "thread sanitizer"

# Coverage (a third full build and suite run, several minutes): COVERAGE=1.
if [ "${COVERAGE:-0}" = 1 ]; then
    scripts/coverage.sh
fi

# CI has 20 minutes in all: when the steps above took more than 14 of them
# (a slow or busy machine; 878-981 s on 2026-12-07), fuzz for 10 s a target,
# not 30, and past 16 minutes for 5 s, unless FUZZ_SECONDS says how long.
fuzz_seconds=${FUZZ_SECONDS:-30}
if [ -z "${FUZZ_SECONDS:-}" ]; then
    if [ "$SECONDS" -gt 960 ]; then
        fuzz_seconds=5
    elif [ "$SECONDS" -gt 840 ]; then
        fuzz_seconds=10
    fi
fi
if [ "$fuzz_seconds" -gt 0 ]; then
    scripts/fuzz.sh "$fuzz_seconds"
    phase "fuzzing"
fi
