#!/usr/bin/env bash
# The public face of the shared library (issue 22): builds libcgsolve.so
# (tests/abi/build.sh: Debug, in BUILD_DIR/abi), then
#   abi.symbols  nm -D exports exactly the CG_API declarations of the
#                public headers (tests/abi/symbols.py);
#   abi.abidiff  its ABI against the checked-in baseline
#                tests/abi/libcgsolve.abi (libabigail's abidiff): an
#                incompatible change (a removed function, a changed public
#                struct, enum value or signature) fails; an added function
#                is reported and passes. The baseline changes only with
#                scripts/abi-baseline.sh, in the commit that bumps the
#                version (HACKING.md's rule).
# Prints "abi: N passed, M failed". Exit 77 (skipped) without abidiff.
# Usage: run.sh SOURCE_DIR BUILD_DIR C_COMPILER PYTHON
set -u
src=$1
build=$2
cc=$3
python=$4
command -v abidiff > /dev/null || { echo "abi: abidiff not found (abigail-tools): skipped"; exit 77; }
work=$build/abi
mkdir -p "$work"
pass=0
fail=0
if ! so=$(bash "$src/tests/abi/build.sh" "$src" "$work" "$cc"); then
    echo "abi: the shared library did not build"
    exit 1
fi

if "$python" "$src/tests/abi/symbols.py" "$work/include/cgsolve" "$so"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
fi

bash "$src/tests/abi/dump.sh" "$so" "$work/include/cgsolve" "$work/current.abi"
abidiff --no-show-locs "$src/tests/abi/libcgsolve.abi" "$work/current.abi" > "$work/abidiff.txt"
rc=$?
# abidiff's exit status is a bit field: 1 error, 2 usage, 4 ABI changed,
# 8 incompatible change. 8 covers removed functions only: a public struct
# grown or reordered is 4, with functions counted as changed, which breaks
# every caller that allocates it. So only additions pass.
changed=$(sed -n 's/^\(Functions\|Variables\) changes summary: \([0-9]*\) Removed, \([0-9]*\) Changed.*/\2 \3/p' \
    "$work/abidiff.txt" | tr -d '\n ' | tr -d 0)
if [ $((rc & 3)) -ne 0 ]; then
    echo "FAIL abidiff could not compare (exit $rc):"
    cat "$work/abidiff.txt"
    fail=$((fail + 1))
elif [ $((rc & 8)) -ne 0 ] || { [ $((rc & 4)) -ne 0 ] && [ -n "$changed" ]; }; then
    echo "FAIL incompatible ABI change against tests/abi/libcgsolve.abi:"
    cat "$work/abidiff.txt"
    echo "(a deliberate break bumps the major version, and so the SONAME, and"
    echo " regenerates the baseline with scripts/abi-baseline.sh: HACKING.md)"
    fail=$((fail + 1))
else
    if [ $((rc & 4)) -ne 0 ]; then
        echo "abi.abidiff: additions only against the baseline:"
        cat "$work/abidiff.txt"
        echo "(bump the minor version and regenerate the baseline: HACKING.md)"
    fi
    echo "abi.abidiff: no incompatible change against tests/abi/libcgsolve.abi"
    pass=$((pass + 1))
fi
echo "abi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
