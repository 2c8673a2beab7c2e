# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of `cgsolve grundy --window-from`: past it only the head and the
# window are kept (0.1777's rare positions stop at heap 123), with the same
# values and checksum as the full store, a small checkpoint that resumes,
# refusals where the whole table is needed, and the memory limit a ceiling.
w_ok() { pass=$((pass + 1)); }
w_bad() { echo "FAIL grundy --window-from: $*"; fail=$((fail + 1)); }
window_dir=$(mktemp -d)
checksum_of() { grep -o '"checksum":"[0-9a-f]*"' "$1"; }
"$exe" grundy 0.1777 --upto 1500000 > "$window_dir/full"
"$exe" grundy 0.1777 --upto 1500000 --window-from 1048576 > "$window_dir/part"
if cmp -s "$window_dir/full" "$window_dir/part" && [ "$(wc -l < "$window_dir/part")" = 1500001 ]
then w_ok; else w_bad "the values differ from the full store's"; fi
"$exe" grundy 0.1777 --upto 1500000 --json > "$window_dir/full.json"
"$exe" grundy 0.1777 --upto 1500000 --window-from 1048576 --json > "$window_dir/part.json"
if [ "$(checksum_of "$window_dir/full.json")" = "$(checksum_of "$window_dir/part.json")" ] &&
    grep -q '"window":{"head":16384,' "$window_dir/part.json" &&
    ! grep -q '"window"' "$window_dir/full.json"; then
    w_ok
else
    w_bad "JSON: $(cut -c 200- "$window_dir/part.json")"
fi
# A windowed checkpoint holds the head and the window: it resumes where it
# stopped, the checksum going on over the dropped values.
"$exe" grundy 0.1777 --upto 1200000 --window-from 1048576 --checkpoint "$window_dir/cp" \
    > "$window_dir/first"
"$exe" grundy --resume "$window_dir/cp" --upto 1500000 > "$window_dir/rest"
"$exe" grundy --resume "$window_dir/cp" --upto 1500000 --json > "$window_dir/rest.json"
if head -c 17 "$window_dir/cp" | grep -q "cgsolve-grundy 2" &&
    [ "$(wc -c < "$window_dir/cp")" -lt 1000000 ] &&
    cat "$window_dir/first" "$window_dir/rest" | cmp -s - "$window_dir/full" &&
    [ "$(checksum_of "$window_dir/rest.json")" = "$(checksum_of "$window_dir/full.json")" ]; then
    w_ok
else
    w_bad "resuming a windowed checkpoint: $(head -c 80 "$window_dir/cp" | head -1)"
fi
expect 2 "" "cgsolve grundy: '$window_dir/cp' keeps only a window of the values: it cannot prove a period nor give the whole table" \
    -- grundy --resume "$window_dir/cp" --upto 1500000 --until-period
expect 2 "" "cgsolve grundy: '$window_dir/cp' keeps only a window of the values, up to G(1200000): resume it with --upto 1200000 or more" \
    -- grundy --resume "$window_dir/cp" --upto 1000
# A head too short for the common scans: an error, never a guess.
expect 3 "" "cgsolve grundy: G(163105) needs values the windowed store dropped (its head ends at 1093); keep more with a larger --window-from" \
    -- grundy 0.1777 --upto 200000 --window-from 70000
# Ctrl-C in a windowed run (one resumed from the windowed checkpoint
# above, so windowed whenever the signal comes) saves a windowed checkpoint;
# what each part wrote, joined, is the full store's values, the part before
# the signal short of the rest (else the run was never interrupted).
# (12,000,000 heaps, about 2.5 s here when the machine is quiet: with
# 6,000,000 a quiet machine finished before the signal came after 1 s.)
"$exe" grundy 0.1777 --upto 12000000 > "$window_dir/straight"
cp "$window_dir/cp" "$window_dir/int"
"$exe" grundy --resume "$window_dir/int" --upto 12000000 --checkpoint "$window_dir/int" \
    > "$window_dir/part" &
sleep 0.5
kill -INT $! 2> /dev/null
wait $!
"$exe" grundy --resume "$window_dir/int" --upto 12000000 > "$window_dir/resumed"
if head -c 17 "$window_dir/int" | grep -q "cgsolve-grundy 2" &&
    [ "$(wc -l < "$window_dir/part")" -lt $((12000001 - 1200001)) ] &&
    cat "$window_dir/first" "$window_dir/part" "$window_dir/resumed" |
    cmp -s - "$window_dir/straight"; then
    w_ok
else
    w_bad "interrupted and resumed: $(head -c 60 "$window_dir/int" | head -1)"
fi
# --memory stays a ceiling: the full table does not fit in 6 MiB, the
# windowed store does (with --window-from, below); without it the window
# never engages, and a table that does not fit is refused at once.
expect 3 "" "cgsolve grundy: the table of G(0..3000000) needs 10194306 bytes more, beyond the memory limit of 6291456 bytes (0 in use) (raise it with --memory)" \
    -- grundy 0.1777 --upto 3000000 --memory 6M
expect 0 "" "" -- grundy 0.1777 --upto 3000000 --json
if ! grep -q '"window"' "$out"; then w_ok; else w_bad "a window when the table fits"; fi
expect 3 "" "cgsolve grundy: the table of G(0..3000000) needs 10194306 bytes more, beyond the memory limit of 6291456 bytes (0 in use) (raise it with --memory)" \
    -- grundy 0.1777 --upto 3000000 --memory 6M --window-from 4000000
expect 3 "" "cgsolve grundy: the table of G(0..3000000) needs 10194306 bytes more, beyond the memory limit of 6291456 bytes (0 in use) (raise it with --memory)" \
    -- grundy 0.1777 --upto 3000000 --memory 6M --method naive
# An explicit --window-from whose range the system refuses is an error
# (not under ASan, whose shadow memory needs more than the limit).
if [ -n "${CGSOLVE_SANITIZED:-}" ]; then w_ok
elif (ulimit -v 2000000 && "$exe" grundy 0.1777 --upto 500000000000 --window-from 1048576 \
    > /dev/null 2> "$err"); then w_bad "no error under ulimit -v"
elif grep -q "^cgsolve grundy: --window-from 1048576: the system refused 1000000192512 bytes of address space" "$err"
then w_ok; else w_bad "under ulimit -v: $(cat "$err")"; fi
expect 0 "" "" -- grundy 0.1777 --upto 3000000 --memory 6M --window-from 1048576 --json
if grep -q '"checksum":"04bd39eb450e2570"' "$out" &&
    grep -q '"period":null,.*"window":{"head":[0-9]*,"kept_from":[0-9]*,"period_searched":false,"spilled":false}' "$out"
then w_ok; else w_bad "under --memory 6M: $(cut -c 200- "$out")"; fi
# A format-1 checkpoint stopped before --window-from resumes windowed: its
# values move to the window's range, and the same 6 MiB suffice.
"$exe" grundy 0.1777 --upto 50000 --checkpoint "$window_dir/ck1" > /dev/null
"$exe" grundy --resume "$window_dir/ck1" --upto 1500000 --window-from 1048576 --json \
    > "$window_dir/ck1.json"
if grep -q '"window":{"head":16384,' "$window_dir/ck1.json" &&
    [ "$(checksum_of "$window_dir/ck1.json")" = "$(checksum_of "$window_dir/full.json")" ]
then w_ok; else w_bad "a format-1 checkpoint resumed: $(cut -c 200- "$window_dir/ck1.json")"; fi
expect 0 "" "" -- grundy --resume "$window_dir/ck1" --upto 3000000 --memory 6M \
    --window-from 1048576 --json
if grep -q '"checksum":"04bd39eb450e2570"' "$out"; then w_ok; else w_bad "format 1 under 6M"; fi
rm -rf "$window_dir"
