#!/usr/bin/env bash
# Installation test: install the build into a temporary prefix and use it as
# a consumer would. Checks the installed tree (program, library, headers,
# pkg-config file, CMake package, man page, completions, licence) and that
# its headers are the public ones only (include/cgsolve/, no internal
# header); builds the one-call examples (examples/library/oneshot.c and
# oneshot.cpp) through pkg-config and find_package and runs them; checks
# every installed header compiles alone as C11 and as C++11; and repeats
# the builds against a shared library build (its SONAME checked).
# Prints "install: N passed, M failed".
# Usage: run.sh SOURCE_DIR BUILD_DIR C_COMPILER
set -u
src=$1
build=$2
cc=${3:-cc}
# shellcheck source=tests/checks.sh
. "$(dirname "$0")/../checks.sh"
# check DESCRIPTION COMMAND...: the command succeeds
check() {
    local what=$1
    shift
    if "$@" > "$work/log" 2>&1; then ok; else bad "$what"; head -20 "$work/log"; fi
}

prefix=$work/prefix
check "cmake --install" cmake --install "$build" --prefix "$prefix"
libdir=$(dirname "$(find "$prefix" -name 'libcgsolve.a' -o -name 'libcgsolve.so' | head -1)")
for path in bin/cgsolve include/cgsolve/cgsolve.h include/cgsolve/version.h \
    include/cgsolve/status.h include/cgsolve/export.h share/man/man1/cgsolve.1 \
    share/bash-completion/completions/cgsolve share/zsh/vendor-completions/_cgsolve \
    share/fish/vendor_completions.d/cgsolve.fish share/doc/cgsolve/LICENSE; do
    if [ -e "$prefix/$path" ]; then ok; else bad "installed tree lacks $path"; fi
done
for path in libcgsolve.a pkgconfig/cgsolve.pc cmake/cgsolve/cgsolveConfig.cmake \
    cmake/cgsolve/cgsolveConfigVersion.cmake cmake/cgsolve/cgsolveTargets.cmake; do
    if [ -e "$libdir/$path" ]; then ok; else bad "installed library dir lacks $path"; fi
done
if "$prefix/bin/cgsolve" --version | grep -q "MIT License"; then ok; else bad "installed --version"; fi
# Only the public headers: those of include/cgsolve/ and the generated
# version.h, nothing from src/.
expected=$( (cd "$src/include" && find cgsolve -name '*.h') | sort)
expected=$(printf '%s\ncgsolve/version.h\n' "$expected" | sort)
installed=$( (cd "$prefix/include" && find . -type f | sed 's|^\./||') | sort)
if [ "$installed" = "$expected" ]; then
    ok
else
    bad "installed headers are not the public ones: $(echo "$installed" | tr '\n' ' ')"
fi

# pkg-config gives the version cgsolve reports.
export PKG_CONFIG_PATH=$libdir/pkgconfig
if [ "$(pkg-config --modversion cgsolve)" = "$("$prefix/bin/cgsolve" --version | head -1 | cut -d' ' -f2)" ]; then
    ok
else
    bad "pkg-config --modversion"
fi
# The one-call example (cgsolve.h's cg_solve_text, cg_grundy_values,
# cg_session_*) through pkg-config against the static library.
# oneshot_ok FILE: the example's output shows each of its parts
oneshot_ok() {
    grep -q "^2 5 6 9$" "$1" && grep -q "at line 2, column 3" "$1" &&
        grep -q "G(0..12) of 0.007: 0 0 0 1 1 1 2 2 0 3 3 1 1$" "$1" &&
        grep -q '"event":"move","by":"computer"' "$1" && grep -q "^over: no$" "$1"
}
# shellcheck disable=SC2046  # pkg-config's words are meant to split
check "one-call C example through pkg-config" \
    "$cc" -std=c11 -Wall -Wextra -Werror "$src/examples/library/oneshot.c" \
    $(pkg-config --cflags --libs cgsolve) -o "$work/oneshot_c"
if "$work/oneshot_c" > "$work/out" 2>&1 && oneshot_ok "$work/out"; then
    ok
else
    bad "one-call C example output: $(cat "$work/out")"
fi

# What the library offers (cg_catalog) from the installed tree alone: a
# consumer lists the games, grundy among them, as JSON.
cat > "$work/catalog.c" << 'EOF'
#include <stdio.h>

#include <cgsolve/cgsolve.h>

int main(void) {
    cg_text json = {NULL, 0};
    cg_api_error err;
    if (cg_catalog(&json, &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    fwrite(json.data, 1, json.len, stdout);
    cg_text_free(&json);
    return 0;
}
EOF
# shellcheck disable=SC2046
check "cg_catalog consumer through pkg-config" \
    "$cc" -std=c11 -Wall -Wextra -Werror "$work/catalog.c" $(pkg-config --cflags --libs cgsolve) \
    -o "$work/catalog"
if "$work/catalog" > "$work/out" 2>&1 && python3 -c '
import json, sys
info = json.load(open(sys.argv[1]))
games = {g["name"]: g for g in info["games"]}
sys.exit(not (games["grundy"]["playable"] and games["treblecross"]["solvable"]
              and "memory" in [o["name"] for c in info["commands"] for o in c["options"]]))
' "$work/out"; then
    ok
else
    bad "cg_catalog consumer output: $(head -c 300 "$work/out")"
fi
# The Python extension needs only the installed headers (and Python's).
if python_include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])') &&
    [ -e "$python_include/Python.h" ]; then
    check "the Python extension compiles against the installed headers" \
        "$cc" -std=c11 -fsyntax-only -D_POSIX_C_SOURCE=200809L -I"$prefix/include" \
        -I"$python_include" "$src/python/src/_cgsolve.c"
fi

# The C and C++ examples through find_package.
check "examples through find_package: configure" \
    cmake -S "$src/examples/library" -B "$work/example" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc"
check "examples through find_package: build" cmake --build "$work/example"
if "$work/example/oneshot_c" > "$work/out" 2>&1 && oneshot_ok "$work/out"; then
    ok
else
    bad "one-call C example (find_package) output: $(cat "$work/out")"
fi
if "$work/example/oneshot_cpp" > "$work/out" 2>&1 && grep -q "^cases: 3$" "$work/out" &&
    grep -q "^0.07: 0 0 1 1 2 0 3 1 1 0 3 3" "$work/out" && grep -q "computer moved" "$work/out" &&
    grep -q "^failure: input error at 2:3: " "$work/out"; then
    ok
else
    bad "one-call C++ example output: $(cat "$work/out")"
fi

# Every public header alone, as C11 and as C++11 (guards, includes).
for header in $(cd "$prefix/include" && find cgsolve -name '*.h' | sort); do
    printf '#include <%s>\nint main(void) { return 0; }\n' "$header" > "$work/one.c"
    cp "$work/one.c" "$work/one.cpp"
    if "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$prefix/include" -c "$work/one.c" \
        -o "$work/one.o" > "$work/log" 2>&1 &&
        c++ -std=c++11 -Wall -Wextra -Werror -I"$prefix/include" -c "$work/one.cpp" \
            -o "$work/one.o" >> "$work/log" 2>&1; then
        ok
    else
        bad "$header does not compile alone as C and C++"
        head -5 "$work/log"
    fi
done

# A shared library build: SONAME, and a consumer through pkg-config.
check "shared build: configure" cmake -S "$src" -B "$work/shared" -DBUILD_SHARED_LIBS=ON \
    -DCGSOLVE_TESTS=OFF -DCGSOLVE_BENCH=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc"
check "shared build" cmake --build "$work/shared" -j 2
check "shared install" cmake --install "$work/shared" --prefix "$work/shared-prefix"
so=$(find "$work/shared-prefix" -name 'libcgsolve.so.*.*.*' | head -1)
major=$("$prefix/bin/cgsolve" --version | head -1 | cut -d' ' -f2 | cut -d. -f1)
if [ -n "$so" ] && readelf -d "$so" | grep -q "SONAME.*\[libcgsolve.so.$major\]"; then
    ok
else
    bad "shared library SONAME libcgsolve.so.$major"
fi
shared_libdir=$(dirname "$so")
# The one-call examples against the shared library: C through pkg-config,
# C++ through find_package.
# shellcheck disable=SC2046
check "one-call C example against the shared library" \
    "$cc" -std=c11 "$src/examples/library/oneshot.c" \
    $(PKG_CONFIG_PATH=$shared_libdir/pkgconfig pkg-config --cflags --libs cgsolve) \
    -o "$work/oneshot_shared"
if LD_LIBRARY_PATH=$shared_libdir "$work/oneshot_shared" > "$work/out" 2>&1 &&
    oneshot_ok "$work/out" && ldd "$work/oneshot_shared" | grep -q "libcgsolve.so.$major"; then
    ok
else
    bad "one-call shared consumer: $(cat "$work/out")"
fi
check "examples against the shared library: configure" \
    cmake -S "$src/examples/library" -B "$work/example-shared" \
    -DCMAKE_PREFIX_PATH="$work/shared-prefix" -DCMAKE_C_COMPILER="$cc"
check "examples against the shared library: build" cmake --build "$work/example-shared"
if LD_LIBRARY_PATH=$shared_libdir "$work/example-shared/oneshot_cpp" > "$work/out" 2>&1 &&
    grep -q "^cases: 3$" "$work/out" && grep -q "computer moved" "$work/out" &&
    ldd "$work/example-shared/oneshot_cpp" | grep -q "libcgsolve.so.$major"; then
    ok
else
    bad "one-call C++ shared consumer: $(cat "$work/out")"
fi
echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
