#!/usr/bin/env bash
# Build the shared library the ABI checks look at: libcgsolve.so alone, a
# Debug build (-g: abidw reads the types from its DWARF), in WORK/build,
# with the public headers gathered in WORK/include/cgsolve as they install.
# Incremental: a second run rebuilds only what changed. Prints the path of
# the library. Used by tests/abi/run.sh and scripts/abi-baseline.sh.
# Usage: build.sh SOURCE_DIR WORK_DIR [C_COMPILER]
set -euo pipefail
src=$1
work=$2
cc=${3:-gcc}
cmake -S "$src" -B "$work/build" -DBUILD_SHARED_LIBS=ON -DCMAKE_BUILD_TYPE=Debug \
    -DCGSOLVE_TESTS=OFF -DCGSOLVE_BENCH=OFF -DCGSOLVE_WERROR=OFF -DCMAKE_C_COMPILER="$cc" > /dev/null
# a library of an earlier version left here would be found below instead
rm -f "$work/build"/libcgsolve.so*
cmake --build "$work/build" --target libcgsolve -j 2 > "$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
rm -rf "$work/include"
mkdir -p "$work/include/cgsolve"
cp "$src"/include/cgsolve/*.h "$work/build/include/cgsolve/version.h" "$work/include/cgsolve/"
so=$(find "$work/build" -maxdepth 1 -name 'libcgsolve.so.*.*.*' | head -1)
[ -n "$so" ] || { echo "no libcgsolve.so.X.Y.Z in $work/build" >&2; exit 1; }
echo "$so"
