# shellcheck shell=bash
# Sourced by the contest test scripts: a scratch directory removed at exit,
# and the counts of checks passed and failed.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
