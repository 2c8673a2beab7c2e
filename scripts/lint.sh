#!/usr/bin/env bash
# The habits CI checks: the C sources formatted by .clang-format, clean under
# the curated .clang-tidy checks (needs a configured build's
# compile_commands.json, BUILD_DIR default build), and shell scripts clean
# under shellcheck, each library folder including only its own and lower
# layers (scripts/check-layers.sh), the page's files under ESLint and
# Prettier (npm). Prints "lint: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${BUILD_DIR:-build}
pass=0
fail=0
check() { # check NAME COMMAND...: run, count, show the output on failure
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "lint: $name failed:"
        echo "$output" | head -40
    fi
}
mapfile -t sources < <(git ls-files '*.c' '*.h')
mapfile -t library < <(git ls-files 'src/*.c')
mapfile -t shells < <(git ls-files '*.sh' .ci/run)
check clang-format clang-format --dry-run --Werror "${sources[@]}"
# shellcheck disable=SC2016  # the inner script expands its own arguments
check clang-tidy bash -c 'printf "%s\n" "${@:2}" | xargs -P "$(nproc)" -n 4 clang-tidy -p "$1" --quiet' \
    _ "$build" "${library[@]}"
check shellcheck shellcheck "${shells[@]}"
check layers scripts/check-layers.sh
# The page's JavaScript, CSS and HTML: ESLint and Prettier from npm, pinned in
# tests/web/package-lock.json and installed there the first time.
web_tools=tests/web/node_modules/.bin
if [ ! -x "$web_tools/eslint" ] || [ ! -x "$web_tools/prettier" ]; then
    (cd tests/web && npm ci --no-audit --no-fund --silent > /dev/null)
fi
mapfile -t web_files < <(git ls-files 'web/*.js' 'web/*.css' 'web/*.html' 'tests/web/*.js' 'tests/web/*.json')
check eslint "$web_tools/eslint" --config tests/web/eslint.config.js --max-warnings 0 web tests/web
check prettier "$web_tools/prettier" --config tests/web/prettierrc.json --check "${web_files[@]}"
echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
