# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# Damaged, unreadable and unwritable checkpoints, and what `grundy` refuses
# before computing (issue 20 items 1, 6 and 9). Each run is bounded by
# `timeout`: a damaged value once made the engine loop for ever.
c_ok() { pass=$((pass + 1)); }
c_bad() { echo "FAIL checkpoint: $*"; fail=$((fail + 1)); }
cp_dir=$(mktemp -d)
# expect_within STATUS MESSAGE ARGS...: like expect (stderr exactly MESSAGE),
# within 20 seconds.
expect_within() {
    local status=$1 message=$2
    shift 2
    timeout 20 "$exe" "$@" > "$out" 2> "$err" < /dev/null
    local got=$?
    if [ "$got" = "$status" ] && [ "$(cat "$err")" = "$message" ]; then
        c_ok
    else
        c_bad "$*: exit $got, expected $status; stderr: $(cat "$err")"
    fi
}
# flip BYTE_OFFSET MASK FILE: xor one byte of FILE with MASK (0x80: the top bit).
flip() {
    local byte
    byte=$(od -An -tu1 -j "$1" -N1 "$3" | tr -d ' ')
    printf '%b' "\\$(printf '%03o' $((byte ^ $2)))" | dd of="$3" bs=1 seek="$1" conv=notrunc 2> /dev/null
}
# the offset of G(N)'s top byte in a checkpoint
top_byte() { echo $(($(head -1 "$1" | wc -c) + 4 * $2 + 3)); }
"$exe" grundy 0.007 --upto 3000 --checkpoint "$cp_dir/good" > /dev/null
cp "$cp_dir/good" "$cp_dir/bad"
flip "$(top_byte "$cp_dir/bad" 1234)" 128 "$cp_dir/bad"
# the top bit of one stored value: refused by its checksum before the engine sees it
for args in "grundy --resume $cp_dir/bad --upto 4000" "grundy 0.007 --resume $cp_dir/bad --upto 10"; do
    # shellcheck disable=SC2086  # the words of args
    timeout 20 "$exe" $args > /dev/null 2> "$err"
    status=$?
    if [ "$status" = 1 ] && [ "$(cat "$err")" = "cgsolve grundy: $cp_dir/bad: not a usable checkpoint: its checksum does not match its contents" ]; then
        c_ok
    else
        c_bad "$args: exit $status, $(cat "$err")"
    fi
done
printf '1\n.....\n' | timeout 20 "$exe" treblecross --table "$cp_dir/bad" > /dev/null 2> "$err"
status=$?
if [ "$status" = 1 ] && grep -q "not a usable checkpoint: its checksum does not match" "$err"; then
    c_ok
else
    c_bad "treblecross --table: exit $status, $(cat "$err")"
fi
# A value its heap cannot have, the checksum made right (the checksum
# guards against accidents, not forgery; what costs nothing is checked too).
if command -v python3 > /dev/null; then
    # forge FILE HEAP VALUE: set G(HEAP) and a matching checksum
    forge() {
        python3 - "$@" << 'PY'
import struct, sys
path, heap, value = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = bytearray(open(path, "rb").read())
body = data[: data.rindex(b"fnv64 ")]
at = body.index(b"\n") + 1 + 4 * heap
body[at : at + 4] = struct.pack("<I", value)
h = 14695981039346656037
for b in body:
    h = ((h ^ b) * 1099511628211) & (2**64 - 1)
open(path, "wb").write(bytes(body) + b"fnv64 %016x\n" % h)
PY
    }
    cp "$cp_dir/good" "$cp_dir/forged"
    forge "$cp_dir/forged" 0 0
    if timeout 20 "$exe" grundy --resume "$cp_dir/forged" --upto 3000 | cmp -s - <("$exe" grundy 0.007 --upto 3000); then
        c_ok
    else
        c_bad "a checkpoint re-sealed unchanged does not resume"
    fi
    forge "$cp_dir/forged" 0 5
    expect_within 1 "cgsolve grundy: $cp_dir/forged: not a usable checkpoint: G(0) = 5, more than the heap's 0 options" \
        grundy --resume "$cp_dir/forged" --upto 10
    cp "$cp_dir/good" "$cp_dir/forged"
    forge "$cp_dir/forged" 2000 $((1 << 31))
    expect_within 1 "cgsolve grundy: $cp_dir/forged: not a usable checkpoint: G(2000) = 2147483648, more than the heap's 999 options" \
        grundy --resume "$cp_dir/forged" --upto 10
fi
# Unreadable: the system's reason, exit 4, not "damaged".
mkdir "$cp_dir/dir"
expect_within 4 "cgsolve grundy: cannot read the checkpoint '$cp_dir/dir': Is a directory" \
    grundy --resume "$cp_dir/dir" --upto 10
# Refused before computing (the run would take minutes): an unwritable or
# over-long checkpoint name, and a table the memory limit cannot hold.
expect_fast() {
    local status=$1 message=$2
    shift 2
    timeout 10 "$exe" "$@" > "$out" 2> "$err"
    local got=$?
    if [ "$got" = "$status" ] && grep -qF -- "$message" "$err" && [ ! -s "$out" ]; then
        c_ok
    else
        c_bad "$*: exit $got (expected $status at once, nothing computed), $(cat "$err")"
    fi
}
expect_fast 4 "cannot write the checkpoint '$cp_dir/none/cp.tmp': No such file or directory" \
    grundy 0.007 --upto 100000000 --checkpoint "$cp_dir/none/cp"
expect_fast 2 "the checkpoint's name is too long" \
    grundy 0.007 --upto 100000000 --checkpoint "$cp_dir/$(printf 'x%.0s' $(seq 1 4100))"
expect_fast 4 "File name too long" \
    grundy 0.007 --upto 100000000 --checkpoint "$cp_dir/$(printf 'x%.0s' $(seq 1 300))"
expect_fast 3 "the table of G(0..8000000) needs 24388610 bytes more, beyond the memory limit of 16777216 bytes" \
    grundy 0.007 --upto 8000000 --memory 16M
# The temporary file is never written through a symlink planted there, and
# the checkpoint is whole after the rename.
echo "precious" > "$cp_dir/victim"
ln -s "$cp_dir/victim" "$cp_dir/linked.tmp"
"$exe" grundy 0.007 --upto 3000 --checkpoint "$cp_dir/linked" > /dev/null
if [ "$(cat "$cp_dir/victim")" = precious ] && cmp -s "$cp_dir/linked" "$cp_dir/good" &&
    [ ! -e "$cp_dir/linked.tmp" ]; then
    c_ok
else
    c_bad "the checkpoint's temporary file followed a symlink"
fi
rm -rf "$cp_dir"
