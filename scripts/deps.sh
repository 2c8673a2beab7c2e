#!/usr/bin/env bash
# Install the Debian packages cgsolve needs when they are missing.
# Usage: scripts/deps.sh [build|test]   (test adds cmocka, clang, valgrind and the linters)
set -euo pipefail
want=(cmake gcc make)
[ "${1:-build}" = test ] && want+=(libcmocka-dev clang valgrind libclang-rt-14-dev time
    clang-format clang-tidy shellcheck g++ pkg-config groff-base bsdutils python3
    python3-pexpect python3-jsonschema python3-yaml emscripten chromium
    python3-dev python3-venv python3-pip python3-setuptools python3-numpy python3-pytest
    strace procps abigail-tools binutils)
missing=()
for pkg in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" > /dev/null
