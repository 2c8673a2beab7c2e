#!/usr/bin/env bash
# Build cgsolve and solve every bundled example in examples/, showing the
# judge answer and then the explained one.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCGSOLVE_TESTS=OFF -DCGSOLVE_BENCH=OFF > /dev/null
cmake --build build -j "$(nproc)" --target cgsolve > /dev/null
for input in examples/*.in; do
    game=$(basename "$input" .in)
    echo "== cgsolve $game < $input"
    build/cgsolve "$game" < "$input"
    echo "== cgsolve $game --explain < $input"
    build/cgsolve "$game" --explain < "$input"
done
