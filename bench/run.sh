#!/usr/bin/env bash
# Build the benchmarks in Release mode and run them all; each prints its
# timings and the ratio against the simple reference solver it embeds.
# Usage: bench/run.sh [build-dir]   (about 5 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCGSOLVE_TESTS=OFF > /dev/null
cmake --build "$build" -j "$(nproc)" > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# $(date -u +%Y-%m-%d) $(uname -m), $(nproc) cores, $(gcc --version | head -1)"
echo "## treblecross";  "$build/bench/bench_treblecross" 131072
echo "## gamecs";       (cd "$work" && "$OLDPWD/$build/bench/bench_gamecs" 500 1000)
echo "## path";         "$build/bench/bench_path" 10000
echo "## path value";   "$build/bench/bench_path_value" 10 10
echo "## numbergame";   "$build/bench/bench_numbergame" 40
echo "## domino";       "$build/bench/bench_domino" 20 2 3
echo "## octal engines"; "$build/bench/bench_octal" 8
echo "## one-call API"; "$build/bench/bench_api" 2000 40
