#!/usr/bin/env bash
# The browser tests: build the page's WebAssembly module, install
# playwright-core and the page's linters from package-lock.json (no browser
# download: Debian's chromium is used), run the module's calls natively
# under ASan/UBSan (native_api.sh), then serve web/ on the loopback and
# drive the page. Screenshots go to ARTIFACTS.
# Usage: run.sh SOURCE_DIR CGSOLVE ARTIFACTS
set -euo pipefail
src=$1
exe=$2
artifacts=$3
"$src/scripts/build-web.sh" > /dev/null
cd "$src/tests/web"
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/eslint ]; then
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent > /dev/null
fi
bash native_api.sh "$src" "$exe" "$artifacts/native"
node test_page.js "$src/web" "$exe" "$artifacts"
