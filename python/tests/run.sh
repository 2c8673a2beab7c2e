#!/usr/bin/env bash
# The Python package's tests as CTest runs them: a fresh virtual environment
# in the build tree (Debian's python3 with --system-site-packages, for
# numpy and pytest), `pip install` of a copy of python/ offline and without
# build isolation (Debian's setuptools), then pytest against the build's
# cgsolve. Exits 77 (skipped) without python3-venv or python3-dev.
# Usage: run.sh SOURCE_DIR BUILD_DIR CGSOLVE
set -eu
src=$1
build=$2
cgsolve=$3
python=${CGSOLVE_PYTHON:-/usr/bin/python3}
skip() { echo "SKIPPED: $*"; exit 77; }
[ -x "$python" ] || skip "no $python"
"$python" -c 'import venv' 2> /dev/null || skip "no venv module (install python3-venv)"
"$python" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' ||
    skip "no Python.h (install python3-dev)"
"$python" -c 'import numpy, pytest, setuptools' 2> /dev/null ||
    skip "no numpy, pytest or setuptools (install python3-numpy python3-pytest python3-setuptools)"

venv=$build/python-venv
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
# a copy of the package, so the build's files stay out of the source tree;
# times kept, so the extension is rebuilt only when its sources change
mkdir -p "$build/python-src"
cp -a "$src/python/." "$build/python-src/"
if ! CGSOLVE_SOURCE_DIR=$src "$venv/bin/python" -m pip install --no-index --no-build-isolation \
    "$build/python-src" > "$build/python-pip.log" 2>&1; then
    tail -30 "$build/python-pip.log"
    echo "FAIL: pip install ./python"
    exit 1
fi
"$venv/bin/python" -c 'import cgsolve' || { echo "FAIL: cgsolve does not import after pip install"; exit 1; }
cd "$build"
CGSOLVE_CLI=$cgsolve CGSOLVE_SOURCE_DIR=$src "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    "$src/python/tests"
