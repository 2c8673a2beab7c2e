# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of how a grundy run stops: SIGTERM (a scheduler's, Slurm's
# before it kills) and SIGHUP end it as Ctrl-C does, the checkpoint saved
# and exit 130; and Ctrl-C stops the values a proven period fills in
# (up to 2^40 of them: hours, which ignored it).
s_ok() { pass=$((pass + 1)); }
s_bad() { echo "FAIL grundy signals: $*"; fail=$((fail + 1)); }
signal_dir=$(mktemp -d)
# signal_run SIGNAL NAME ARGS...: run cgsolve ARGS --progress (values to
# $signal_dir/NAME.values, messages to NAME.err), send SIGNAL once its
# progress shows it computing (not before its handler is set), and set
# status; a run still going 30 s later is killed (status 137).
signal_run() {
    local signal=$1 name=$2
    shift 2
    "$exe" "$@" --progress > "$signal_dir/$name.values" 2> "$signal_dir/$name.err" &
    local pid=$! tries=0
    while ! grep -q "heaps" "$signal_dir/$name.err" && [ "$tries" -lt 300 ]; do
        sleep 0.1
        tries=$((tries + 1))
    done
    kill -"$signal" "$pid" 2> /dev/null
    (sleep 30 && kill -9 "$pid" 2> /dev/null) &
    local watchdog=$!
    wait "$pid"
    status=$?
    kill "$watchdog" 2> /dev/null
    wait "$watchdog" 2> /dev/null
}
for signal in TERM HUP; do
    signal_run "$signal" "$signal" grundy 0.007 --upto 3000000 --checkpoint "$signal_dir/$signal.cp"
    lines=$(wc -l < "$signal_dir/$signal.values")
    if [ "$status" = 130 ] && head -c 16 "$signal_dir/$signal.cp" | grep -q "cgsolve-grundy 1" &&
        grep -q "interrupted; the values written so far are valid, and saved to the checkpoint" \
            "$signal_dir/$signal.err" &&
        "$exe" grundy 0.007 --upto "$((lines - 1))" | cmp -s - "$signal_dir/$signal.values"; then
        s_ok
    else
        s_bad "SIG$signal: exit $status, $(tail -n 1 "$signal_dir/$signal.err"), $lines values"
    fi
done
# Kayles (0.77, period 12 proven by heap 1,024) with 10^11 heaps asked:
# the values past the proof follow from the period, and Ctrl-C stops them
# too (the values before a stop are checked above). Its progress is shown
# once the fill has begun: the computing takes milliseconds.
signal_run INT filled grundy 0.77 --upto 100000000000 --until-period --values-out /dev/null
if [ "$status" = 130 ] && [ ! -s "$signal_dir/filled.values" ] &&
    grep -q "interrupted; the values written so far are valid" "$signal_dir/filled.err"; then
    s_ok
else
    s_bad "Ctrl-C past a proven period: exit $status, $(tail -n 1 "$signal_dir/filled.err")"
fi
# misere --by quotient reads thousands of heaps off 0.75's complete
# quotient: Ctrl-C stops that too, the heaps read so far written and valid.
signal_run INT misere misere 0.75 --upto 60000 --by quotient
lines=$(wc -l < "$signal_dir/misere.values")
if [ "$status" = 130 ] && [ "$lines" -gt 0 ] && [ "$lines" -lt 60001 ] &&
    grep -q "interrupted; the lines written so far are valid" "$signal_dir/misere.err" &&
    "$exe" misere 0.75 --upto "$((lines - 1))" --by quotient | cmp -s - "$signal_dir/misere.values"; then
    s_ok
else
    s_bad "Ctrl-C in misere --by quotient: exit $status, $(tail -n 1 "$signal_dir/misere.err"), $lines lines"
fi
rm -rf "$signal_dir"
