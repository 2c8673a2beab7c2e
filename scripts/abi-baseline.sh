#!/usr/bin/env bash
# Regenerate the ABI baseline tests/abi/libcgsolve.abi from this tree: a
# deliberate step, taken in the same commit as the version bump that a
# change of the public interface calls for (HACKING.md, "The public
# interface and the SONAME"). Builds a Debug shared library with gcc in
# build-abi/ (incremental).
# Usage: scripts/abi-baseline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
so=$(bash tests/abi/build.sh "$PWD" "$PWD/build-abi" gcc)
bash tests/abi/dump.sh "$so" build-abi/include/cgsolve tests/abi/libcgsolve.abi
echo "abi-baseline: wrote tests/abi/libcgsolve.abi from $(basename "$so")"
