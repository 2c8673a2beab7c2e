#!/usr/bin/env bash
# Line and branch coverage of the library (src/ core, octal, framework,
# games, api) and the CLI
# (src/cli) from the CTest suite: a separate gcc --coverage build, the suite
# run without the web page (a browser) and the valgrind golden run (the same
# inputs as the golden test), then gcovr's summary. scripts/test.sh runs this
# with COVERAGE=1; the numbers are recorded in the README.
# Usage: scripts/coverage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
cmake -S . -B build-coverage -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_C_FLAGS="--coverage -O0 -fprofile-update=atomic" -DCMAKE_EXE_LINKER_FLAGS=--coverage \
    -DCMAKE_SHARED_LINKER_FLAGS=--coverage -DCGSOLVE_BENCH=OFF > /dev/null
cmake --build build-coverage -j "$jobs" > /dev/null
find build-coverage -name '*.gcda' -delete
status=0
ctest --test-dir build-coverage -j "$jobs" -E '^(web|golden\.valgrind|install|faults\.alloc)$' \
    --output-on-failure > build-coverage/ctest.log || status=$?
if [ "$status" -ne 0 ]; then
    grep -E '^FAIL|tests passed|FAILED|\(Failed\)' build-coverage/ctest.log
else
    tail -3 build-coverage/ctest.log
fi
for part in "library:src/(core|octal|framework|games|api)/" "cli:src/cli/"; do
    name=${part%%:*}
    filter=${part#*:}
    echo "coverage of the $name ($filter):"
    gcovr --root . --filter "$filter" --exclude-unreachable-branches --print-summary \
        --output /dev/null build-coverage 2> /dev/null | grep -E '^(lines|branches|functions):'
done
exit "$status"
