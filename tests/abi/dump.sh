#!/usr/bin/env bash
# The ABI of a libcgsolve.so as libabigail's XML (abidw), limited to the
# exported functions and the types of the public headers in HEADERS_DIR,
# without paths or line numbers, so the file depends on the interface only.
# Usage: dump.sh LIBCGSOLVE_SO HEADERS_DIR OUT_FILE
set -euo pipefail
abidw --headers-dir "$2" --exported-interfaces-only --drop-undefined-syms --drop-private-types \
    --no-corpus-path --no-comp-dir-path --no-show-locs --type-id-style hash --out-file "$3" "$1"
