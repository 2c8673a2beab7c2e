#!/usr/bin/env bash
# Build the browser page's WebAssembly module from the library's sources
# (the same files as the native build, plus web/wasm_api.c) with Debian's
# emscripten, into web/cgsolve.js (the wasm embedded), and copy the bundled
# examples next to the page. Usage: scripts/build-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's emscripten needs it for its JS tools
out=build-web
mkdir -p "$out/include/cgsolve" web/examples
version=$(sed -n 's/^project(cgsolve VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
IFS=. read -r major minor patch <<< "$version"
sed -e "s/@PROJECT_VERSION@/$version/" -e "s/@PROJECT_VERSION_MAJOR@/$major/" \
    -e "s/@PROJECT_VERSION_MINOR@/$minor/" -e "s/@PROJECT_VERSION_PATCH@/$patch/" \
    include/cgsolve/version.h.in > "$out/include/cgsolve/version.h"
emcc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -I"$out/include" \
    src/core/*.c src/octal/*.c src/framework/*.c src/games/*.c src/api/*.c web/wasm_api.c \
    -sMODULARIZE=1 -sEXPORT_NAME=createCgsolve -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
    -sENVIRONMENT=web,worker,node -sEXIT_RUNTIME=0 \
    -sEXPORTED_FUNCTIONS=_cgw_solve,_cgw_explain,_cgw_play,_cgw_grundy,_cgw_grundy_misere,_cgw_games,_cgw_free,_malloc,_free \
    -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8 \
    -o web/cgsolve.js
cp examples/*.in web/examples/
echo "web: built web/cgsolve.js ($(wc -c < web/cgsolve.js) bytes) from cgsolve $version"
