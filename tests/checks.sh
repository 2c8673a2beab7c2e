# shellcheck shell=bash
# Sourced by the shell tests that count checks (tests/contest, tests/install,
# tests/cli/readme_examples.sh): a scratch directory $work removed at exit,
# and the counts of checks passed and failed, with ok and bad to add to them.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
