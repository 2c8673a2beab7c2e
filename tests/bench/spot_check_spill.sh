#!/bin/bash
# bench/spot_check_spill, the check of a spilled run too long for memory
# (0.6 to 2^34): on a small spilled run of 0.6 it must give the checksum
# of the run's --json and find every value of a window by the definition;
# with one value of the window changed in the file it must say which and
# fail. Usage: spot_check_spill.sh CGSOLVE SPOT_CHECK_SPILL
set -u
exe=$1 tool=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL spot_check_spill: $*"; fail=1; }
"$exe" grundy 0.6 --upto 300000 --window-from 32768 --spill "$dir/s.spill" \
    --checkpoint "$dir/s.cp" --values-out /dev/null --json > "$dir/run.json" ||
    bad "the spilled run failed"
sum=$(grep -o '"checksum":"[0-9a-f]*"' "$dir/run.json" | cut -d'"' -f4)
"$tool" 0.6 "$dir/s.spill" 2 299900 300000 > "$dir/good" ||
    bad "the run's own file: $(cat "$dir/good")"
grep -qx "checksum of G(0..300000) in the file: $sum, largest value [0-9]*" "$dir/good" ||
    bad "checksum: the run says $sum, the tool $(head -1 "$dir/good")"
grep -qx "G(299900..300000) checked by the definition: 0 differ" "$dir/good" ||
    bad "window: $(tail -1 "$dir/good")"
# The first values too, where the options reach heap 0.
"$tool" 0.6 "$dir/s.spill" 2 0 1000 > "$dir/low" || bad "G(0..1000): $(tail -1 "$dir/low")"
# G(299950) one off in the file (its low byte: every value of 0.6 to
# 300000 is below 293).
n=299950
v=$(od -An -tu2 -j $((n * 2)) -N2 "$dir/s.spill" | tr -d ' ')
printf '%b' "\\x$(printf %02x $(((v & 255) ^ 1)))" |
    dd of="$dir/s.spill" bs=1 seek=$((n * 2)) conv=notrunc status=none
"$tool" 0.6 "$dir/s.spill" 2 299900 300000 > "$dir/changed"
status=$?
[ "$status" = 1 ] || bad "a changed value: exit $status, not 1"
grep -qx "G($n): the file has $((v ^ 1)), the definition gives $v" "$dir/changed" ||
    bad "a changed value not named: $(cat "$dir/changed")"
grep -q "in the file: $sum," "$dir/changed" && bad "a changed file with the run's checksum"
# A 16-bit file read as 32-bit: values past any octal game's, exit 1
# without trying to hold an option table that large.
"$tool" 0.6 "$dir/s.spill" 4 0 1000 > "$dir/wide"
status=$?
if [ "$status" != 1 ] || ! grep -q "no octal game's value here is that large" "$dir/wide"; then
    bad "a 16-bit file read as 32-bit: exit $status, $(cat "$dir/wide")"
fi
# Bad use: exit 2.
"$tool" 0.6 "$dir/s.spill" 2 0 400000 2> /dev/null
[ $? = 2 ] || bad "a file shorter than UPTO was not refused"
"$tool" 0.6 "$dir/s.spill" 3 0 10 2> /dev/null
[ $? = 2 ] || bad "width 3 was not refused"
[ "$fail" = 0 ] && echo "spot_check_spill: passed"
exit "$fail"
