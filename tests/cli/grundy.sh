# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of `cgsolve grundy`: the engines agree, values stream, periods
# stop the work, and checkpoints save, resume and refuse damage.
g_ok() { pass=$((pass + 1)); }
g_bad() { echo "FAIL grundy: $*"; fail=$((fail + 1)); }
work_dir=$(mktemp -d)
# The engines give the same bytes.
"$exe" grundy 0.6 --upto 20000 --method naive > "$work_dir/naive"
"$exe" grundy 0.6 --upto 20000 --method sparse > "$work_dir/sparse"
"$exe" grundy 0.6 --upto 20000 > "$work_dir/auto"
if cmp -s "$work_dir/naive" "$work_dir/sparse" && cmp -s "$work_dir/naive" "$work_dir/auto" &&
    [ "$(wc -l < "$work_dir/naive")" = 20001 ]; then g_ok; else g_bad "methods differ"; fi
# --threads: heaps past 16,384 share their scans; the bytes do not change,
# for grundy or for a Treblecross board that long.
"$exe" grundy 0.007 --upto 40000 --method naive > "$work_dir/one"
"$exe" grundy 0.007 --upto 40000 --method naive --threads 2 > "$work_dir/two"
"$exe" grundy 0.007 --upto 40000 --method naive -J 0 > "$work_dir/all"
if cmp -s "$work_dir/one" "$work_dir/two" && cmp -s "$work_dir/one" "$work_dir/all" &&
    [ "$(wc -l < "$work_dir/one")" = 40001 ]; then g_ok; else g_bad "--threads changes the values"; fi
board=$(printf '.%.0s' $(seq 1 40000))
printf '1\n%s\n' "$board" | "$exe" treblecross > "$work_dir/one"
printf '1\n%s\n' "$board" | "$exe" treblecross --threads 2 > "$work_dir/two"
if cmp -s "$work_dir/one" "$work_dir/two" && [ "$(head -1 "$work_dir/one")" = WINNING ]; then
    g_ok
else
    g_bad "treblecross --threads: $(head -c 100 "$work_dir/two")"
fi
# --table: Treblecross starts from a grundy checkpoint of 0.007 (shorter
# than the board: the rest is computed) with the same answer; a checkpoint
# of another code, or none, is refused.
"$exe" grundy 0.007 --upto 30000 --checkpoint "$work_dir/t7" > /dev/null
printf '1\n%s\n' "$board" | "$exe" treblecross --table "$work_dir/t7" > "$work_dir/two"
if cmp -s "$work_dir/one" "$work_dir/two"; then g_ok; else g_bad "treblecross --table changes the answer"; fi
"$exe" grundy 0.77 --upto 100 --checkpoint "$work_dir/k" > /dev/null
printf '1\n...\n' | "$exe" treblecross --table "$work_dir/k" > /dev/null 2> "$work_dir/err"
status=$?
if [ "$status" = 1 ] && grep -q "the checkpoint is of 0.77, not of this code" "$work_dir/err"; then
    g_ok
else
    g_bad "treblecross --table of 0.77: exit $status, $(cat "$work_dir/err")"
fi
printf '1\n...\n' | "$exe" treblecross --table "$work_dir/none" > /dev/null 2>&1
status=$?
if [ "$status" = 4 ]; then g_ok; else g_bad "treblecross --table of a missing file: exit $status"; fi
# --until-period: 0.16's period (149459 from 105351) proven, the rest derived.
"$exe" grundy 0.16 --until-period --upto 2000000 --json > "$work_dir/json"
if grep -q '"computed":[0-9]*,"values":\[\],"values_omitted":2000001,"period":{"period":149459,"preperiod":105351}' "$work_dir/json"; then
    g_ok
else
    g_bad "0.16 --until-period: $(cut -c1-300 "$work_dir/json")"
fi
"$exe" grundy 0.77 --until-period --upto 1000 > "$work_dir/derived"
"$exe" grundy 0.77 --upto 1000 --method naive > "$work_dir/computed"
if cmp -s "$work_dir/derived" "$work_dir/computed"; then g_ok; else g_bad "values derived from the period differ"; fi
# --values-out: the values in the file, the summary on the output.
"$exe" grundy 0.77 --upto 1000 --json --values-out "$work_dir/values" > "$work_dir/json"
if cmp -s "$work_dir/values" "$work_dir/computed" && [ "$(wc -l < "$work_dir/json")" = 1 ]; then g_ok; else g_bad "--values-out"; fi
# Values stream: the first line arrives long before a long run ends.
first=$(timeout 20 bash -c "'$exe' grundy 0.007 --upto 400000 --method naive | head -1")
if [ "$first" = 0 ]; then g_ok; else g_bad "the first value did not stream ($first)"; fi
# Checkpoints: interrupt a run, resume it, and get the same bytes as a
# straight run; damage and another code are refused.
"$exe" grundy 0.6 --upto 60000 --method naive > "$work_dir/straight"
"$exe" grundy 0.6 --upto 60000 --method naive --checkpoint "$work_dir/cp" > "$work_dir/part" &
sleep 1
kill -INT $! 2> /dev/null
wait $!
status=$?
if [ "$status" -eq 130 ] || [ "$status" -eq 0 ]; then g_ok; else g_bad "interrupt: exit $status"; fi
if [ -s "$work_dir/cp" ] && head -c 16 "$work_dir/cp" | grep -q "cgsolve-grundy 1"; then g_ok; else g_bad "no checkpoint saved"; fi
part_lines=$(wc -l < "$work_dir/part")
if cmp -s "$work_dir/part" <(head -n "$part_lines" "$work_dir/straight"); then g_ok; else g_bad "values before the interrupt are not valid"; fi
"$exe" grundy --resume "$work_dir/cp" --upto 60000 > "$work_dir/resumed"
if cmp -s "$work_dir/resumed" "$work_dir/straight"; then g_ok; else g_bad "resumed run differs"; fi
"$exe" grundy 0.6 --resume "$work_dir/cp" --upto 60000 --method sparse > "$work_dir/resumed"
if cmp -s "$work_dir/resumed" "$work_dir/straight"; then g_ok; else g_bad "resumed run (sparse) differs"; fi
expect 1 "" "cgsolve grundy: $work_dir/cp: the checkpoint is of 0.6, not of this code" \
    -- grundy 0.77 --resume "$work_dir/cp" --upto 10
# A cut checkpoint, and a header claiming far more values than the file
# holds: only what is there is read (no table sized from the header).
head -c 1000 "$work_dir/cp" > "$work_dir/short"
expect 1 "" "cgsolve grundy: $work_dir/short: not a usable checkpoint: it ends before its values do" \
    -- grundy --resume "$work_dir/short" --upto 10
printf 'cgsolve-grundy 1 0.6 549755813888\n\0\0\0\0' > "$work_dir/short"
expect 1 "" "cgsolve grundy: $work_dir/short: not a usable checkpoint: it ends before its values do" \
    -- grundy --resume "$work_dir/short" --upto 10 --memory 1M
printf 'x' | dd of="$work_dir/cp" bs=1 seek=40 conv=notrunc 2> /dev/null
expect 1 "" "cgsolve grundy: $work_dir/cp: not a usable checkpoint: its checksum does not match its contents" \
    -- grundy --resume "$work_dir/cp" --upto 10
printf 'hello\n' > "$work_dir/cp"
expect 1 "" "cgsolve grundy: $work_dir/cp: not a usable checkpoint: it does not start with \"cgsolve-grundy 1\"" \
    -- grundy --resume "$work_dir/cp" --upto 10
expect 2 "" "cgsolve grundy: missing the octal game code, e.g. 0.007
Try 'cgsolve --help'." -- grundy --upto 10
# A checkpoint holding more than --upto asks is refused: its analysis
# (largest value, mask, rare positions) would be of all it holds.
"$exe" grundy 0.007 --upto 5000 --checkpoint "$work_dir/long.cp" > /dev/null
expect 2 "" "cgsolve grundy: '$work_dir/long.cp' holds G(0..5000), more than --upto 100 asks: resume it with --upto 5000 or more, or run the code afresh" \
    -- grundy --resume "$work_dir/long.cp" --upto 100 --json
expect 2 "" "cgsolve: invalid --upto: '1099511627776' is not an integer from 0 to 1099511627775
Try 'cgsolve --help'." -- grundy 0.7 --upto 1099511627776
# Numbers take no space at either end (strtoll alone would skip a leading one).
expect 2 "" "cgsolve: invalid --upto: ' 12' is not an integer from 0 to 1099511627775
Try 'cgsolve --help'." -- grundy 0.7 --upto " 12"
expect 2 "" "cgsolve: invalid --upto: '12 ' is not an integer from 0 to 1099511627775
Try 'cgsolve --help'." -- grundy 0.7 --upto "12 "
# Hexadecimal codes: leaving three heaps.
expect 0 "" "" -- grundy 0.8 --upto 6
expect_out "0\n0\n0\n0\n1\n1\n1"
# Codes that only split: 4 (= 4.0, split a heap in two) has period 2 from
# heap 1; Grundy's game 4!.0 (two unequal heaps) gives OEIS A002188's first
# 41 terms (G(0..40)), and no period is claimed for a '!' code.
expect 0 "" "" -- grundy 4 --upto 5
expect_out "0\n0\n1\n0\n1\n0"
"$exe" grundy 4.0 --upto 1000 --until-period --json > "$work_dir/split"
if grep -q '"code":"4.0".*"period":{"period":2,"preperiod":1}' "$work_dir/split"; then g_ok; else g_bad "4.0: $(head -c 300 "$work_dir/split")"; fi
grundy_game="0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1"
for method in naive sparse auto; do
    got=$("$exe" grundy '4!.0' --upto 40 --method "$method" | tr '\n' ' ')
    if [ "$got" = "$grundy_game " ]; then g_ok; else g_bad "4!.0 --method $method: $got"; fi
done
"$exe" grundy '4!' --upto 3000 --until-period --json > "$work_dir/grundy_game"
if grep -q '"code":"4!.0".*"period":null' "$work_dir/grundy_game"; then g_ok; else g_bad "4!: $(head -c 300 "$work_dir/grundy_game")"; fi
expect 2 "" "cgsolve grundy: invalid octal game code '0.1!': '!' at position 4 follows a digit that does not split a heap (only 4-7 and c-f take '!')
Try 'cgsolve --help'." -- grundy '0.1!' --upto 3
expect 2 "" "cgsolve grundy: invalid octal game code '0.0': no digit allows a move
Try 'cgsolve --help'." -- grundy 0.0 --upto 3
# --certificate writes the proof of a period, `verify` checks it by the
# definition; a tampered certificate is refused, and so is a run with no
# period to certify.
expect 0 "" "" -- grundy 0.07 --upto 5000 --certificate "$work_dir/dawson.cert"
if grep -q '^period 34$' "$work_dir/dawson.cert" &&
    grep -q '^preperiod 53$' "$work_dir/dawson.cert"; then g_ok; else g_bad "--certificate: $(cat "$work_dir/dawson.cert")"; fi
expect 0 "" "" -- verify "$work_dir/dawson.cert"
expect_out "verified: 0.07 has period 34 from heap 53 (G(0..175) checked)"
flipped=$(sed -n 's/^checksum //p' "$work_dir/dawson.cert" | tr '0-9a-f' '1-9a-f0')
sed "s/^checksum .*/checksum $flipped/" "$work_dir/dawson.cert" > "$work_dir/bad.cert"
expect 1 "" "cgsolve verify: $work_dir/bad.cert: the certificate of 0.07 does not hold: the values' checksum is $(sed -n 's/^checksum //p' "$work_dir/dawson.cert"), the certificate says $(sed -n 's/^checksum //p' "$work_dir/bad.cert")" \
    -- verify "$work_dir/bad.cert"
sed 's/^period 34$/period 35/' "$work_dir/dawson.cert" > "$work_dir/bad.cert"
expect 1 "" "cgsolve verify: $work_dir/bad.cert: the certificate of 0.07 does not hold: the extent 176 is below the 178 values the bound needs for period 35 from 53" \
    -- verify "$work_dir/bad.cert"
expect 2 "" "cgsolve verify: unexpected argument '0.07'
Try 'cgsolve --help'." -- verify "$work_dir/dawson.cert" 0.07
expect 2 "" "cgsolve verify: missing the certificate, e.g. dawson.cert
Try 'cgsolve --help'." -- verify
# the old spelling `grundy --verify FILE`: the same answer, and a warning
expect 0 "" "cgsolve: 'grundy --verify' is deprecated and goes in 2.0; use 'cgsolve verify'" \
    -- grundy --verify "$work_dir/dawson.cert"
expect_out "verified: 0.07 has period 34 from heap 53 (G(0..175) checked)"
expect 2 "" "cgsolve: 'grundy --verify' is deprecated and goes in 2.0; use 'cgsolve verify'
cgsolve verify: --verify reads the code from the certificate, not '0.07'
Try 'cgsolve --help'." -- grundy 0.07 --verify "$work_dir/dawson.cert"
expect 3 "" "cgsolve grundy: no period proven in G(0..200): no certificate written to '$work_dir/none.cert'" \
    -- grundy 0.6 --upto 200 --certificate "$work_dir/none.cert"
# grundy's other jobs are commands of their own: listed, each with its help.
expect 0 "" "" -- list
if grep -q '^census ' "$out" && grep -q '^verify ' "$out" && grep -q '^misere ' "$out"; then
    g_ok
else
    g_bad "list: $(cat "$out")"
fi
expect 0 "" "" -- help census
expect_out_has "Usage: cgsolve census CODE-OR-PATTERN..."
expect_out_has "--shard=K/N"
# census: one line per code; three shards merged by their index give the
# one run's bytes; a results file resumes (a cut last line dropped), and the
# Markdown table covers every line.
"$exe" census '0.?' '4.?' 0.77 --upto 3000 > "$work_dir/census" 2> /dev/null
for k in 1 2 3; do
    "$exe" census '0.?' '4.?' 0.77 --upto 3000 --shard "$k/3" > "$work_dir/shard$k" 2> /dev/null
done
sort -t: -k2,2n -s "$work_dir"/shard[123] > "$work_dir/merged"
if cmp -s "$work_dir/census" "$work_dir/merged" && [ "$(wc -l < "$work_dir/census")" = 15 ] &&
    grep -q '^{"index":14,"code":"0.77","upto":3000,"computed":[0-9]*,"period":12,"preperiod":71,' "$work_dir/census"; then
    g_ok
else
    g_bad "census shards: $(diff "$work_dir/census" "$work_dir/merged" | head -3)"
fi
head -6 "$work_dir/census" > "$work_dir/results"
sed -n 7p "$work_dir/census" | head -c 40 >> "$work_dir/results" # an interrupted line
"$exe" census '0.?' '4.?' 0.77 --upto 3000 --checkpoint "$work_dir/results" \
    --markdown "$work_dir/table.md" > "$work_dir/resumed" 2> /dev/null
if cmp -s "$work_dir/census" "$work_dir/resumed" && cmp -s "$work_dir/census" "$work_dir/results" &&
    [ "$(wc -l < "$work_dir/results.seconds")" = 9 ] && [ "$(wc -l < "$work_dir/table.md")" = 17 ] &&
    grep -q '^| 0.77 | 12 | 71 |' "$work_dir/table.md"; then
    g_ok
else
    g_bad "census resumed: $(diff "$work_dir/census" "$work_dir/results" | head -3)"
fi
expect 1 "" "cgsolve census: $work_dir/results: 0.1 was computed as code 0 to 3000, this census makes it code 0 to 100" \
    -- census '0.?' --checkpoint "$work_dir/results"
expect 2 "" "cgsolve census: --shard '3/2': expected K/N with 1 <= K <= N <= 1048576" \
    -- census 0.7 --shard 3/2
# the old spelling `grundy --census`: the same lines, and a warning
if "$exe" grundy --census '0.?' '4.?' 0.77 --upto 3000 > "$work_dir/old" 2> "$work_dir/old_err" &&
    cmp -s "$work_dir/census" "$work_dir/old" &&
    [ "$(cat "$work_dir/old_err")" = "cgsolve: 'grundy --census' is deprecated and goes in 2.0; use 'cgsolve census'" ]; then
    g_ok
else
    g_bad "grundy --census: $(cat "$work_dir/old_err")"
fi
rm -rf "$work_dir"
