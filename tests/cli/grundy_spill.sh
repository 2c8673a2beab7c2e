# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of `cgsolve grundy --window-from N --spill FILE`: the values a
# window drops go to FILE and are read back when a heap needs them, so a
# head too short for the scans (which stops a plain window), rare
# positions past the head (0.007's, where a plain window never engages)
# and the period search all work, with the full store's values; a
# windowed checkpoint resumes onto its run's file (not another's), and a
# Ctrl-C keeps what was done.
s_ok() { pass=$((pass + 1)); }
s_bad() { echo "FAIL grundy --spill: $*"; fail=$((fail + 1)); }
spill_dir=$(mktemp -d)
spill_sum() { grep -o '"checksum":"[0-9a-f]*"' "$1"; }
# 0.1777 with a head of 1,093 heaps: the plain window stops at G(163105)
# (grundy_window.sh), the spilled one reads the scan's values back.
"$exe" grundy 0.1777 --upto 200000 > "$spill_dir/full"
"$exe" grundy 0.1777 --upto 200000 --window-from 70000 --spill "$spill_dir/a.spill" \
    > "$spill_dir/part"
if cmp -s "$spill_dir/full" "$spill_dir/part" && [ -s "$spill_dir/a.spill" ]
then s_ok; else s_bad "a head too short: the values differ from the full store's"; fi
# 0.007: rare positions keep coming; the window engages all the same.
"$exe" grundy 0.007 --upto 120000 --json > "$spill_dir/full7.json"
"$exe" grundy 0.007 --upto 120000 --window-from 32768 --spill "$spill_dir/b.spill" --json \
    > "$spill_dir/part7.json"
if [ "$(spill_sum "$spill_dir/full7.json")" = "$(spill_sum "$spill_dir/part7.json")" ] &&
    grep -q '"rare_positions":[0-9]*,"last_rare":1199[0-9][0-9],"window":{"head":512,"kept_from":[0-9]*,"period_searched":false,"spilled":true}' "$spill_dir/part7.json" &&
    [ "$(grep -o '"rare_positions":[0-9]*' "$spill_dir/full7.json")" = \
      "$(grep -o '"rare_positions":[0-9]*' "$spill_dir/part7.json")" ]; then
    s_ok
else
    s_bad "0.007: $(cut -c 200- "$spill_dir/part7.json")"
fi
# A windowed checkpoint of 0.167 (its last rare position, 1303, past the
# head of 512) resumes onto its run's spill file: what the two runs wrote
# is the full store's values.
"$exe" grundy 0.167 --upto 200000 --window-from 32768 --spill "$spill_dir/c.spill" \
    --checkpoint "$spill_dir/c.cp" > "$spill_dir/first"
"$exe" grundy 0.167 --upto 260000 > "$spill_dir/full167"
"$exe" grundy --resume "$spill_dir/c.cp" --upto 260000 --spill "$spill_dir/c.spill" \
    > "$spill_dir/rest"
if head -c 17 "$spill_dir/c.cp" | grep -q "cgsolve-grundy 3" &&
    cat "$spill_dir/first" "$spill_dir/rest" | cmp -s - "$spill_dir/full167"
then s_ok; else s_bad "resumed onto its spill file: $(head -c 90 "$spill_dir/c.cp" | head -1), $(wc -l < "$spill_dir/rest") values"; fi
# ... not onto another run's file (0.1777's), nor without one (the rare
# position 1303 is in neither the head nor the window: read as a plain
# window the values would be wrong), nor onto none; a plain window's
# checkpoint has no file to resume onto.
"$exe" grundy 0.1777 --upto 200000 --window-from 32768 --spill "$spill_dir/h.spill" > /dev/null
expect 1 "" "cgsolve grundy: the spill file $spill_dir/h.spill does not hold the values the checkpoint dropped (G(512..132631)): resume with the spill file of the run that wrote it" \
    -- grundy --resume "$spill_dir/c.cp" --upto 260000 --spill "$spill_dir/h.spill"
expect 2 "" "cgsolve grundy: $spill_dir/c.cp was written by a run with --spill: its dropped values are in that run's spill file; resume it with --spill FILE" \
    -- grundy --resume "$spill_dir/c.cp" --upto 200813
expect 4 "" "cgsolve grundy: the spill file $spill_dir/none: No such file or directory" \
    -- grundy --resume "$spill_dir/c.cp" --upto 260000 --spill "$spill_dir/none"
expect 2 "" "cgsolve grundy: --spill keeps the values a window drops: it needs --window-from N (N <= --upto; not with --method naive) or a spilled run's checkpoint to resume" \
    -- grundy 0.007 --upto 1000 --spill "$spill_dir/d.spill"
"$exe" grundy 0.1777 --upto 1200000 --window-from 1048576 --checkpoint "$spill_dir/plain.cp" \
    > /dev/null
expect 2 "" "cgsolve grundy: $spill_dir/plain.cp was written without --spill: the values it dropped are in no file; resume it without --spill" \
    -- grundy --resume "$spill_dir/plain.cp" --upto 1300000 --spill "$spill_dir/p.spill"
# The spill file is created afresh: never over a checkpoint.
expect 2 "" "cgsolve grundy: --checkpoint '$spill_dir/c.cp' and --spill '$spill_dir/c.cp' are one file: each needs a name of its own" \
    -- grundy 0.007 --upto 300000 --window-from 32768 --spill "$spill_dir/c.cp" --checkpoint "$spill_dir/c.cp"
expect 2 "" "cgsolve grundy: --resume '$spill_dir/c.cp' and --spill '$spill_dir/c.cp' are one file: each needs a name of its own" \
    -- grundy --resume "$spill_dir/c.cp" --upto 300000 --spill "$spill_dir/c.cp"
# With a spill file the period search reads the dropped values back: 0.16's
# period (149,459 from 105,351) proven windowed, the certificate the full
# store's to the byte.
"$exe" grundy 0.16 --until-period --upto 2000000 --certificate "$spill_dir/full.cert" \
    > /dev/null
"$exe" grundy 0.16 --until-period --upto 2000000 --window-from 65536 \
    --spill "$spill_dir/e.spill" --certificate "$spill_dir/part.cert" --json > "$spill_dir/e.json"
if cmp -s "$spill_dir/full.cert" "$spill_dir/part.cert" &&
    grep -q '"period":{"period":149459,"preperiod":105351' "$spill_dir/e.json" &&
    grep -q '"period_searched":true,"spilled":true' "$spill_dir/e.json"
then s_ok; else s_bad "the period windowed: $(cut -c 150- "$spill_dir/e.json")"; fi
# Ctrl-C in a spilled run saves a windowed checkpoint, which resumes onto
# the same file; the three parts joined are the full store's values. (Not
# under the sanitizers: 6,000,000 values three times cost a minute there,
# and grundy_window.sh interrupts a window the same way.)
if [ -n "${CGSOLVE_SANITIZED:-}" ]; then s_ok; else
    "$exe" grundy 0.1777 --upto 6000000 > "$spill_dir/straight"
    "$exe" grundy 0.1777 --upto 1200000 --window-from 70000 --spill "$spill_dir/f.spill" \
        --checkpoint "$spill_dir/f.cp" > "$spill_dir/f1"
    "$exe" grundy --resume "$spill_dir/f.cp" --upto 6000000 --spill "$spill_dir/f.spill" \
        --checkpoint "$spill_dir/f.cp" > "$spill_dir/f2" &
    sleep 0.5 # before the run can end on a quiet machine (grundy_window.sh)
    kill -INT $! 2> /dev/null
    wait $!
    "$exe" grundy --resume "$spill_dir/f.cp" --upto 6000000 --spill "$spill_dir/f.spill" \
        > "$spill_dir/f3"
    if [ "$(wc -l < "$spill_dir/f2")" -lt $((6000001 - 1200001)) ] &&
        cat "$spill_dir/f1" "$spill_dir/f2" "$spill_dir/f3" | cmp -s - "$spill_dir/straight"
    then s_ok; else s_bad "interrupted and resumed: $(wc -l < "$spill_dir/f2") values before the signal"; fi
fi
# --memory stays a ceiling: 6 MiB do not hold 0.1777's table to 3,000,000,
# the spilled window does (its file's pages leave the process).
expect 0 "" "" -- grundy 0.1777 --upto 3000000 --memory 6M --window-from 1048576 \
    --spill "$spill_dir/g.spill" --json
if grep -q '"checksum":"04bd39eb450e2570"' "$out"; then s_ok; else s_bad "under --memory 6M"; fi
# A full disk is an error with its reason (exit 4), not a SIGBUS: the
# file's blocks are taken before its pages are written. A 1 MiB tmpfs in a
# mount namespace of its own, where the system lets root make one.
mkdir "$spill_dir/small"
if unshare -m sh -c "mount -t tmpfs -o size=1m none '$spill_dir/small'" 2> /dev/null; then
    unshare -m sh -c "mount -t tmpfs -o size=1m none '$spill_dir/small' &&
        '$exe' grundy 0.1777 --upto 3000000 --window-from 1048576 \
            --spill '$spill_dir/small/x' > /dev/null 2> '$err'; echo \$? > '$spill_dir/rc'"
    if [ "$(cat "$spill_dir/rc")" = 4 ] &&
        grep -q "^cgsolve grundy: growing the Grundy table: the spill file $spill_dir/small/x: No space left on device$" "$err"
    then s_ok; else s_bad "a full disk: exit $(cat "$spill_dir/rc"): $(cat "$err")"; fi
else
    s_ok # no mount namespace here (not root, or a container that forbids it)
fi
rm -rf "$spill_dir"
