#!/usr/bin/env bash
# I/O errors injected by strace (-e inject=SYSCALL:error=EIO) into grundy's
# checkpoints and output: each must end with exit 4 and the system's reason,
# the previous checkpoint whole and no temporary file left behind. Skipped
# (exit 77) where strace cannot trace (no ptrace in a container).
# Usage: io_errors.sh CGSOLVE
set -u
exe=$1
if ! command -v strace > /dev/null || ! strace -f -o /dev/null true 2> /dev/null; then
    echo "io errors: skipped: strace cannot trace here"
    exit 77
fi
# LeakSanitizer cannot run under ptrace (the sanitizer build): leaks are
# checked by the other tests there.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0
fail=0
"$exe" grundy 0.007 --upto 2000 --checkpoint "$work/cp" > /dev/null
cp "$work/cp" "$work/cp.saved"

# inject WHAT REASON_PATTERN STRACE_ARGS...: grundy resumes from cp and saves
# it again under the injection.
inject() {
    local what=$1 reason=$2
    shift 2
    cp "$work/cp.saved" "$work/cp"
    rm -f "$work/cp.tmp"
    strace -f -o /dev/null "$@" \
        "$exe" grundy --resume "$work/cp" --upto 3000 --checkpoint "$work/cp" > "$work/out" 2> "$work/err"
    local status=$? why=""
    if [ "$status" != 4 ]; then
        why="exit $status, not 4"
    elif ! grep -q -- "$reason" "$work/err"; then
        why="stderr lacks '$reason': $(cat "$work/err")"
    elif ! cmp -s "$work/cp" "$work/cp.saved"; then
        why="the previous checkpoint was not kept whole"
    elif [ -e "$work/cp.tmp" ]; then
        why="the temporary file was left behind"
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL io errors: $what: $why"
    fi
}

temporary=$work/cp.tmp
io="Input/output error"
inject "write of the checkpoint" "cannot write the checkpoint '$temporary': $io" \
    -P "$temporary" -e inject=write:error=EIO
inject "a later write of the checkpoint" "cannot write the checkpoint '$temporary': $io" \
    -P "$temporary" -e inject=write:error=EIO:when=2+
inject "write of the checkpoint: disk full" "No space left on device" \
    -P "$temporary" -e inject=write:error=ENOSPC
inject "fsync of the checkpoint" "cannot write the checkpoint '$temporary': $io" \
    -P "$temporary" -e inject=fsync:error=EIO
inject "close of the checkpoint" "cannot write the checkpoint '$temporary': $io" \
    -P "$temporary" -e inject=close:error=EIO
inject "rename of the checkpoint" "cannot write the checkpoint '$work/cp': $io" \
    -e inject=rename,renameat,renameat2:error=EIO
inject "read of the checkpoint resumed" "cannot read the checkpoint '$work/cp': $io" \
    -P "$work/cp" -e inject=read:error=EIO
inject "write of the values" "write error on the output: $io" \
    -P "$work/out" -e inject=write:error=EIO
# The directory is synced after the rename (the new checkpoint is then in
# place: only the exit status and the reason are checked).
strace -f -o /dev/null -e inject=fsync:error=EIO:when=2 \
    "$exe" grundy --resume "$work/cp.saved" --upto 3000 --checkpoint "$work/cp" > /dev/null 2> "$work/err"
status=$?
if [ "$status" = 4 ] && grep -q "cannot sync the directory of '$work/cp': $io" "$work/err"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL io errors: fsync of the directory: exit $status, $(cat "$work/err")"
fi
echo "io errors: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
