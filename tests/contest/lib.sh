# shellcheck shell=bash
# Sourced by the contest test scripts: the shared preamble (a scratch
# directory removed at exit, the counts of checks passed and failed).
# shellcheck source=tests/checks.sh
. "$(dirname "${BASH_SOURCE[0]}")/../checks.sh"
