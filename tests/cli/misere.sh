# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of `cgsolve misere CODE`: the heap table, a sum's
# outcome and winning moves, and refusals (bad heaps, a spent budget).
m_ok() { pass=$((pass + 1)); }
m_bad() { echo "FAIL misere: $*"; fail=$((fail + 1)); }
# Kayles: heaps 0-4 tame, heap 5 the first wild one, 4^146 (Winning Ways).
expect 0 "" "" -- misere 0.77 --upto 6
expect_out "0 1 0^120 tame\n1 0 1^031 tame\n2 2 2^20 tame\n3 3 3^31 tame\n4 0 1^031 tame\n5 1 4^146 wild\n6 3 3^31 wild"
# misère Nim: 1 1 1 is a P-position (odd number of ones), 1 1 is N by taking one.
expect 0 "" "" -- misere 0.333 --sum 1 1 1
expect_out "P\nnone"
expect 0 "" "" -- misere 0.333 --sum 1 1
expect_out "N\n1:1 2:1"
# Kayles 5 7 9 needs search: N, three winning moves.
expect 0 "" "" -- misere 0.77 --sum 5 7 9
expect_out "N\n2:1:3 2:2:1 3:2:2"
# JSON: the analysis names the method.
"$exe" misere 0.77 --sum 5 7 9 --json > "$out"
if grep -q '"outcome":"N","method":"search"' "$out"; then m_ok; else m_bad "json: $(cat "$out")"; fi
# Refusals: a heap that is not a number, heaps without --sum, a budget that
# settles nothing (exit 3, nothing on the output).
expect 2 "" "cgsolve misere: heap 'x' is not a number from 0 to 1000000
Try 'cgsolve --help'." -- misere 0.77 --sum x
expect 2 "" "cgsolve misere: unexpected argument '5' (heaps need --sum)
Try 'cgsolve --help'." -- misere 0.77 5
# --by values the table's heaps; with a sum or a quotient it is refused, not ignored
expect 2 "" "cgsolve misere: --by is for the table of heaps, not for --sum or --quotient
Try 'cgsolve --help'." -- misere 0.77 --by quotient --sum 5 7
expect 2 "" "cgsolve misere: --by is for the table of heaps, not for --sum or --quotient
Try 'cgsolve --help'." -- misere 0.77 --quotient 6 --by quotient
# 0.16's quotient needs the outcome learner at heap 12: a search of 5
# positions settles neither the sum nor that quotient, exit 3.
expect 3 "" "cgsolve misere: not settled within 5 positions of search; nor by the quotient of heaps up to 20: not settled within 5 positions of search" -- \
    misere 0.16 --sum 20 17 15 --positions 5
expect_out ""
# Kayles' quotients to heap 20 are proven without any search (repaired
# where the cheap guesses fail), so 5 positions are enough; the answer is
# the one a search of 20,000,000 positions gives.
expect 0 "" "" -- misere 0.77 --sum 20 17 15 --positions 5 --json
if grep -q '"answer":"N\\n1:2 1:2:2 1:2:4 1:2:8 2:1:1 2:1:7 2:2:5 3:1:3 3:2:5",.*"method":"quotient"' "$out"; then
    m_ok
else
    m_bad "Kayles 20 17 15 from the quotient: $(cat "$out")"
fi
# --quotient: 0.75's quotient of heaps up to 6 has order 8, proven.
expect 0 "" "" -- misere 0.75 --quotient 6
if grep -q "^quotient of heaps 0-6: order 8 (not complete)$" "$out" && grep -q "^heaps 0-2: order 6, 2 generators$" "$out" &&
    grep -q "^P-portion: a, c^2$" "$out"; then m_ok; else m_bad "quotient: $(cat "$out")"; fi
# Asked for heaps up to 40, 0.75's quotient stops where the periodicity
# theorem says it is complete: heap 23 = 2 n0 + 2 p + k + 1 with preperiod
# n0 = 8, period p = 2 and largest removal k = 2; order 8.
expect 0 "" "" -- misere 0.75 --quotient 40 --json
if grep -q '"orders":\[[0-9,]*\],"quotient":{"heaps":23,"order":8,"complete":true,"preperiod":8,"period":2' "$out"; then
    m_ok
else
    m_bad "complete quotient: $(cat "$out")"
fi
# A complete quotient answers sums of heaps past the search's reach; a
# game whose quotient is not complete by heap 40 refuses them.
expect 0 "" "" -- misere 0.75 --sum 1000000 999999 5 --json
if grep -q '"answer":"N\\n1:2:1 .*"method":"quotient"' "$out"; then m_ok; else m_bad "big sum: $(head -c 300 "$out")"; fi
expect 3 "" "cgsolve misere: heap 100000 is past the search's heaps (up to 65535); heaps above 400 need a complete quotient: not settled within 1000 positions of search" -- \
    misere 0.137 --sum 100000 --positions 1000
# Kayles' quotient is complete (Sibert and Conway's period 12 from heap 71):
# a heap of 10^6 is read from it, as the heap it acts as.
"$exe" misere 0.77 --sum 1000000 5 --json > "$out"
"$exe" misere 0.77 --sum $((71 + (1000000 - 71) % 12)) 5 --json > "$err"
big=$(grep -o '"outcome":"[PN]"' "$out")
if grep -q '"method":"quotient"' "$out" && [ -n "$big" ] && [ "$big" = "$(grep -o '"outcome":"[PN]"' "$err")" ]; then
    m_ok
else
    m_bad "Kayles 10^6: $(head -c 200 "$out")"
fi
# Stopped by a limit, the last quotient proven is still presented.
expect 3 "" "cgsolve misere: not settled within 3 positions of search" -- \
    misere 0.16 --quotient 30 --positions 3
if grep -q "^quotient of heaps 0-[0-9]*: order [0-9]* (not complete)$" "$out"; then m_ok; else m_bad "partial quotient: $(cat "$out")"; fi
# A 10-heap Kayles sum past a small search budget is settled by the proven
# quotient of heaps up to 9, with the same answer as a search within the
# default budget (the search alone takes 2,429 positions).
"$exe" misere 0.77 --sum 9 9 8 8 7 7 6 6 5 4 --positions 1000 --json > "$out"
if grep -q '"answer":"N\\n1:1 1:1:2 2:1 2:1:2 9:1","analysis":{[^}]*"method":"quotient"' "$out"; then
    m_ok
else
    m_bad "quotient fallback: $(cat "$out")"
fi
expect 3 "" "cgsolve misere: not settled within 1000 positions of search; nor by the quotient of heaps up to 30: not settled within 1000 positions of search" -- \
    misere 0.16 --sum 30 27 25 --positions 1000
# a search budget too small for the quotient of 0.16: refused, exit 3
expect 3 "" "cgsolve misere: not settled within 3 positions of search" -- \
    misere 0.16 --quotient 30 --positions 3
# --progress: misère play shows it only when asked, and its help says so.
"$exe" help misere > "$out"
if grep -q -- '--progress  *progress on standard error$' "$out"; then m_ok; else m_bad "help: $(grep -- --progress "$out")"; fi
"$exe" misere 0.77 --upto 3 2> "$err" > /dev/null
if [ ! -s "$err" ]; then m_ok; else m_bad "progress unasked: $(cat "$err")"; fi
"$exe" misere 0.77 --upto 3 --progress 2> "$err" > /dev/null
if grep -q '^misere: ' "$err"; then m_ok; else m_bad "--progress: $(cat "$err")"; fi
# The old spelling `grundy CODE --misere` runs the same, with a warning.
"$exe" grundy 0.77 --misere --sum 5 7 9 --json > "$out" 2> "$err"
old_rc=$?
"$exe" misere 0.77 --sum 5 7 9 --json > "$err.new" 2> "$err.new_err"
if [ "$old_rc" = 0 ] && cmp -s "$out" "$err.new" &&
    [ "$(cat "$err")" = "cgsolve: 'grundy --misere' is deprecated and goes in 2.0; use 'cgsolve misere'" ] &&
    [ ! -s "$err.new_err" ]; then m_ok; else m_bad "grundy --misere: $(cat "$err")"; fi
expect 3 "" "cgsolve: 'grundy --misere' is deprecated and goes in 2.0; use 'cgsolve misere'
cgsolve misere: not settled within 3 positions of search" -- \
    grundy 0.16 --misere --quotient 30 --positions 3
rm -f "$err.new" "$err.new_err"
# play --misere: a position the library cannot settle within the budget is
# refused before the game begins (exit 3, nothing on the output).
expect 3 "quit\n" "cgsolve play: cannot settle this misère position: misère positions needs 1048576 bytes more, beyond the memory limit of 2097152 bytes (1110105 in use); nor by the quotient of heaps up to 33: misère positions needs 1048576 bytes more, beyond the memory limit of 2097152 bytes (1946450 in use)" -- \
    play grundy 0.137 30 31 32 33 --misere --memory 2M
expect_out ""
# --by quotient: heaps read off the proven quotient's values are the heaps
# the search finds. 0.75's values are proven to heap 40; Kayles's only to
# heap 19 (past it G- is not a function of the quotient), the rest searched.
# --by auto (the default) is the same table too: 0.75 to heap 55 gives the
# chain its turn (the search alone takes about a second) and adopts the rest.
for game in 0.75:40:quotient 0.77:30:quotient 0.137:30:quotient 0.75:55:auto; do
    code=${game%%:*} rest=${game#*:}
    upto=${rest%:*} way=${rest#*:}
    "$exe" misere "$code" --upto "$upto" --terms 6 --by search > "$out" 2> "$err"
    "$exe" misere "$code" --upto "$upto" --terms 6 --by "$way" > "$err.by" 2>> "$err"
    if [ "$(wc -l < "$out")" = $((upto + 1)) ] && cmp -s "$out" "$err.by" && [ ! -s "$err" ]; then
        m_ok
    else
        m_bad "--by $way $code: $(diff "$out" "$err.by" | head -5) $(cat "$err")"
    fi
done
rm -f "$err.by"
# The analysis says how the table was valued: 0.75's quotient completes at
# heap 23 (order 8), and by quotient every heap past the three looked at
# for a *2 is read off it; by search none is and no chain is built.
for way in 'quotient:"adopted":38,"chain":{"heaps":23,"order":8,"complete":true}' \
    'search:"adopted":0,"chain":null'; do
    "$exe" misere 0.75 --upto 40 --by "${way%%:*}" --json > "$out" 2> "$err"
    if grep -qF "\"by\":\"${way%%:*}\",${way#*:}}" "$out"; then
        m_ok
    else
        m_bad "--by ${way%%:*} --json: $(grep -o '"positions.*' "$out") $(cat "$err")"
    fi
done
expect 2 "" "cgsolve: invalid --by: 'magic' is not one of search|quotient|auto
Try 'cgsolve --help'." -- misere 0.77 --by magic
