#!/usr/bin/env bash
# The contest toolkit: gen, check and stress, with deliberately wrong
# solutions (tests/contest/solutions/*.py, each correct without its flag).
# Usage: run.sh CGSOLVE PYTHON. Prints "contest: N passed, M failed".
set -u
exe=$1
python=$2
here=$(cd "$(dirname "$0")" && pwd)
solutions=$here/solutions
# shellcheck source=tests/contest/lib.sh
. "$(dirname "$0")/lib.sh"

# ---- gen: valid, reproducible, sized as asked ---------------------------
for game in domino treblecross gamecs path numbergame; do
    for mode in "" --hard --edge; do
        # shellcheck disable=SC2086  # mode may be empty
        "$exe" gen "$game" $mode --cases 25 --seed 11 > "$work/a.in"
        # shellcheck disable=SC2086
        "$exe" gen "$game" $mode --cases 25 --seed 11 > "$work/b.in"
        if cmp -s "$work/a.in" "$work/b.in"; then ok; else bad "gen $game $mode: not reproducible"; fi
        if "$exe" "$game" < "$work/a.in" > /dev/null 2> "$work/err"; then
            ok
        else
            bad "gen $game $mode: invalid input: $(cat "$work/err")"
        fi
        # strictly valid: the judge's limits and exact layout
        if "$exe" validate "$game" "$work/a.in" > /dev/null 2> "$work/err"; then
            ok
        else
            bad "gen $game $mode: fails validate: $(cat "$work/err")"
        fi
    done
done
# The spec's samples, byte for byte, are valid judge inputs; gen writes the
# same layout (PATH: N, a blank line, the rows, a blank line).
spec=$here/../../../shared/spec/samples
[ -d "$spec" ] || spec=$here/../../shared/spec/samples
for game in domino treblecross gamecs path numbergame; do
    if [ ! -f "$spec/$game.in" ]; then
        continue
    fi
    if "$exe" validate "$game" "$spec/$game.in" > /dev/null 2> "$work/err"; then ok; else bad "validate $game: the sample: $(cat "$work/err")"; fi
done
if "$exe" gen path --cases 2 --seed 3 | awk 'NR == 2 || (NR > 2 && $0 == "") { blank++ } END { exit blank < 3 }'; then
    ok
else
    bad "gen path: no blank lines as in UVa 601's input"
fi
# Violations are named at their place, exit 1.
validate_says() { # GAME INPUT WANT: validate fails with WANT on stderr
    printf '%b' "$2" > "$work/v.in"
    "$exe" validate "$1" "$work/v.in" > /dev/null 2> "$work/err"
    local status=$?
    if [ $status -eq 1 ] && grep -q -F -- "$3" "$work/err"; then ok; else bad "validate $1 '$2': exit $status: $(cat "$work/err")"; fi
}
validate_says path '2\nWU\nBB\n0\n' "v.in:2:1: expected the end of the line, found 'W'"
validate_says path '1\n\nW\n\n0' "v.in:5:2: expected the end of the line, found the end of the input"
validate_says path '81\n' "v.in:1:1: the board's side N is 81, out of the range 0 to 80"
validate_says gamecs '1\n2\n0 1 1000000001\n' "v.in:3:5: the weight w is 1000000001, out of the range 1 to 1000000000"
validate_says gamecs '1\n3\n0 1 1\n1 0 1\n' "v.in:4:3: the edge 1 0 closes a cycle: not a tree"
validate_says gamecs '1\n2\n0  1 1\n' "v.in:3:3: expected v (an integer from 0 to 1), found a space"
validate_says treblecross '1\n..XXX\n' "v.in:2:3: the board holds XXX"
validate_says treblecross '1\n....\r\n' "v.in:2:5: expected the end of the line, found a carriage return"
validate_says treblecross '1\n'"$(printf '%201s' '' | tr ' ' .)"'\n' "v.in:2:1: a board of '.' and 'X' has more than 200 characters"
validate_says domino '1 1 1 1 1\n0\n' "v.in:1:7: the tile 1-1 is dealt twice"
validate_says domino '1 1 2 3 4\n0\n' "v.in:1:1: nobody holds a double"
validate_says numbergame '1\n1\n20\n' "v.in:3:1: not reachable by play"
validate_says numbergame '1\n2\n3 2\n' "v.in:3:3: 2 does not ascend after 3"
printf '1\n2\n0 1 1\n' | "$exe" validate gamecs --json > "$work/out"
if grep -q '"game":"gamecs","file":null,"case":1,"answer":"valid","analysis":{"valid":true}}$' "$work/out"; then ok; else bad "validate --json: $(cat "$work/out")"; fi
printf '1\n2\n0 1 0\n' | "$exe" validate gamecs --json > "$work/out"
if grep -q '"answer":"<stdin>:3:5: the weight w is 0, out of the range 1 to 1000000000","analysis":{"valid":false,"line":3,"column":5}}$' "$work/out"; then ok; else bad "validate --json invalid: $(cat "$work/out")"; fi

# ---- the judge's limits by default; --beyond-limits says so -------------
"$exe" gen gamecs --nodes 5000 > "$work/out" 2> "$work/err"
status=$?
if [ $status -eq 2 ] && [ ! -s "$work/out" ] && grep -q "beyond UVa 12033's limit of 1000; add --beyond-limits" "$work/err"; then ok; else bad "gen --nodes 5000: exit $status $(cat "$work/err")"; fi
"$exe" gen treblecross --cases 100 > "$work/out" 2> "$work/err"
if [ $? -eq 2 ] && [ ! -s "$work/out" ]; then ok; else bad "gen treblecross --cases 100 within UVa 10561's N < 100"; fi
"$exe" gen gamecs --edge --cases 3 > "$work/a.in"
if [ "$(sed -n '/^1000$/p' "$work/a.in")" = 1000 ]; then ok; else bad "gen gamecs --edge: the largest tree has the judge's 1000 nodes"; fi
"$exe" gen gamecs --edge --beyond-limits --cases 3 > "$work/a.in" 2> "$work/err"
if grep -q "^100000$" "$work/a.in" && grep -q -- "--beyond-limits: inputs may be larger" "$work/err"; then ok; else bad "gen --beyond-limits"; fi
for game in domino treblecross gamecs path numbergame; do
    if "$exe" help "$game" | grep -q "^Judge limits"; then ok; else bad "help $game: no judge limits"; fi
done

# ---- gen streams: the first bytes at once, one case held at a time -------
start=$(date +%s)
timeout 20 "$exe" gen treblecross --beyond-limits --length 1000000 --cases 5000 2> /dev/null | head -c 100 > "$work/out"
took=$(($(date +%s) - start))
if [ "$(wc -c < "$work/out")" -eq 100 ] && [ $took -le 5 ]; then ok; else bad "gen | head: $took s, $(wc -c < "$work/out") bytes"; fi
"$exe" gen path --beyond-limits --size 20000 --cases 2 --memory 16M > "$work/out" 2> "$work/err"
if [ $? -eq 3 ] && [ ! -s "$work/out" ] && grep -q "beyond the memory limit" "$work/err"; then ok; else bad "gen --memory: $(cat "$work/err")"; fi
"$exe" gen gamecs --seed 7 --cases 5 > "$work/a.in"
"$exe" gen gamecs --seed 8 --cases 5 > "$work/b.in"
if ! cmp -s "$work/a.in" "$work/b.in"; then ok; else bad "gen: seeds 7 and 8 give the same input"; fi
# The bytes are fixed by the seed on every machine: a digest of a fixed run.
digest=$("$exe" gen treblecross --seed 42 --cases 3 | cksum)
if [ "$digest" = "$(printf '3\n............\n...X.........XX........X...\n..........X......X.X....X...............\n' | cksum)" ]; then
    ok
else
    bad "gen treblecross --seed 42 changed: $("$exe" gen treblecross --seed 42 --cases 3 | tr '\n' '|')"
fi
"$exe" gen domino --tiles 14 --cases 2 > "$work/a.in"
if [ "$(awk 'NR == 1 { print $1 }' "$work/a.in")" = 14 ]; then ok; else bad "gen domino --tiles 14"; fi
"$exe" gen gamecs --nodes 50000 --shape chain --max-weight 9223372036854775807 --cases 1 --beyond-limits > "$work/a.in" 2> /dev/null
if [ "$(sed -n 2p "$work/a.in")" = 50000 ] && "$exe" gamecs "$work/a.in" > /dev/null; then ok; else bad "gen gamecs --nodes 50000 --shape chain"; fi
"$exe" gen path --size 30 --cases 1 > "$work/a.in"
if [ "$(head -1 "$work/a.in")" = 30 ]; then ok; else bad "gen path --size 30"; fi
# Treblecross's --hard boards reach the judge's 200 cells (three digits of
# length), not only the default 3..40.
longest=$(for seed in 1 2 3; do "$exe" gen treblecross --hard --cases 40 --seed "$seed" | awk 'NR > 1 { gsub(/ /, ""); print length($0) }'; done | sort -n | tail -1)
if [ "$longest" -gt 100 ] && [ "$longest" -le 200 ]; then ok; else bad "gen treblecross --hard: the longest board has $longest cells"; fi
# --hard and --edge draw PATH's sides over the judge's whole range 1..80:
# one-digit and two-digit N both (a reader of N's first digit only is found
# without --size), and --edge the smallest and the largest.
path_sides() { # MODE: the sides of 20 inputs of 10 cases, seeds 1..20
    for seed in $(seq 1 20); do
        "$exe" gen path "$1" --cases 10 --seed "$seed" | awk 'NR == 1 || $0 == "" { next } /^[0-9]+$/ && $0 > 0'
    done | sort -n | uniq
}
sides=$(path_sides --hard)
if echo "$sides" | grep -qx '[2-9]' && echo "$sides" | grep -qx '[1-7][0-9]' && echo "$sides" | grep -qx 1 &&
    [ "$(echo "$sides" | tail -1)" -le 80 ] && [ "$(echo "$sides" | wc -l)" -ge 30 ]; then
    ok
else
    bad "gen path --hard: the sides drawn do not cover 1..80: $(echo "$sides" | tr '\n' ' ')"
fi
sides=$(path_sides --edge)
if echo "$sides" | grep -qx 1 && echo "$sides" | grep -qx 80 && echo "$sides" | grep -qx 9 &&
    echo "$sides" | grep -qx 10; then ok; else bad "gen path --edge: sides $(echo "$sides" | tr '\n' ' ')"; fi
"$exe" gen numbergame --max 30 --cases 5 --beyond-limits > "$work/a.in" 2> /dev/null
if "$exe" numbergame --max 30 < "$work/a.in" > /dev/null; then ok; else bad "gen numbergame --max 30"; fi

# ---- check: verdicts and exit codes --------------------------------------
printf '3\n.....\nX.....X..X.............X....X..X\n...X\n' > "$work/t.in"
"$exe" treblecross < "$work/t.in" > "$work/right.out"
"$exe" check treblecross "$work/t.in" "$work/right.out" > "$work/verdict"
status=$?
if [ $status -eq 0 ] && [ "$(head -1 "$work/verdict")" = accepted ]; then ok; else bad "check: accepted ($status)"; fi
sed 's/^LOSING$/WINNING/' "$work/right.out" > "$work/wrong.out"
"$exe" check treblecross "$work/t.in" "$work/wrong.out" > "$work/verdict"
status=$?
if [ $status -eq 10 ] && [ "$(head -1 "$work/verdict")" = "wrong answer: case 2" ] &&
    grep -q "why the expected answer holds:" "$work/verdict"; then
    ok
else
    bad "check: wrong answer ($status): $(head -3 "$work/verdict")"
fi
sed 's/^WINNING$/WINNING /' "$work/right.out" > "$work/spaced.out"
"$exe" check treblecross "$work/t.in" "$work/spaced.out" > "$work/verdict"
status=$?
if [ $status -eq 11 ] && [ "$(head -1 "$work/verdict")" = "presentation error: line 1, column 8: expected a line end, found a space (case 1)" ]; then
    ok
else
    bad "check: presentation error ($status): $(head -1 "$work/verdict")"
fi
head -2 "$work/right.out" > "$work/short.out"
"$exe" check treblecross "$work/t.in" "$work/short.out" > "$work/verdict"
status=$?
if [ $status -eq 10 ] && [ "$(head -1 "$work/verdict")" = "wrong answer: case 2" ] &&
    grep -q "the output ends before this case" "$work/verdict"; then ok; else bad "check: missing case ($status)"; fi
printf '2\n.....\n' > "$work/bad.in"
"$exe" check treblecross "$work/bad.in" "$work/right.out" > /dev/null 2> "$work/err"
status=$?
if [ $status -eq 1 ] && grep -q "bad.in:3:1: expected a board" "$work/err"; then ok; else bad "check: bad judge input ($status)"; fi
# shellcheck disable=SC2094  # the pipeline reads t.in twice and writes elsewhere
if "$exe" treblecross < "$work/t.in" | "$exe" check treblecross "$work/t.in" - > "$work/verdict"; then
    ok
else
    bad "check: output on standard input"
fi
"$exe" check --json treblecross "$work/t.in" "$work/wrong.out" > "$work/verdict"
if grep -q '"answer":"wrong answer: case 2","analysis":{"verdict":"wrong_answer","cases":3,"case":2,' "$work/verdict"; then ok; else bad "check --json: $(cat "$work/verdict")"; fi

# ---- stress: wrong solutions found and shrunk; a correct one passes -----
# stress_finds NAME MAX_BYTES ARGS...: a failure found, its input shrunk to
# at most MAX_BYTES, saved, valid, and still failing under check.
stress_finds() {
    local name=$1 max=$2
    shift 2
    local game=$1
    "$exe" stress "$@" > "$work/stress.out" 2> "$work/stress.err"
    local status=$?
    if [ $status -ne 1 ]; then
        bad "stress $name: exit $status, expected 1: $(head -3 "$work/stress.out") $(tail -2 "$work/stress.err")"
        return
    fi
    local bytes
    bytes=$(wc -c < "$work/small.in")
    echo "stress $name: $(head -1 "$work/stress.out"); minimal input $bytes bytes: $(tr '\n' '|' < "$work/small.in")"
    if [ "$bytes" -le "$max" ]; then ok; else bad "stress $name: minimal input of $bytes bytes, more than $max"; fi
    if "$exe" "$game" < "$work/small.in" > "$work/small.expected" 2> /dev/null; then ok; else bad "stress $name: the saved input is invalid"; fi
}
stress_finds "Game of CS, wrong rule for odd weights" 12 \
    gamecs --runs 200 --save "$work/small.in" -- "$python" "$solutions/gamecs.py" --odd-rule
stress_finds "domino, search gives up at the other player's win" 24 \
    domino --tiles 3 --runs 200 --save "$work/small.in" -- "$python" "$solutions/domino.py" --gives-up
stress_finds "domino, assumes Green holds a double" 16 \
    domino --tiles 3 --runs 200 --save "$work/small.in" -- "$python" "$solutions/domino.py" --green-double
stress_finds "PATH, misses N = 1" 8 \
    path --runs 200 --save "$work/small.in" -- "$python" "$solutions/path.py" --misses-n1
stress_finds "Treblecross, a trailing space as a cell" 10 \
    treblecross --hard --length 10 --runs 200 --save "$work/small.in" -- \
    "$python" "$solutions/treblecross.py" --trailing-space
# A reader whose output ends its moves with a space: a presentation error,
# the space shown ('·') and marked, explained once.
stress_finds "Treblecross, a space after the moves" 10 \
    treblecross --runs 20 --save "$work/small.in" -- "$python" "$solutions/treblecross.py" --space-after-moves
if grep -q "^stress: presentation error: line 2, column [0-9]*: expected a line end, found a space" "$work/stress.out" &&
    grep -q "^  [0-9 ]*[0-9]·$" "$work/stress.out" && grep -q "^(shown: '·' a space at a line's end" "$work/stress.out"; then
    ok
else
    bad "stress: the trailing space is not shown: $(cat "$work/stress.out")"
fi
"$exe" check treblecross "$work/small.in" <("$python" "$solutions/treblecross.py" --space-after-moves < "$work/small.in") > "$work/verdict"
if [ $? -eq 11 ] && grep -q "^given:" "$work/verdict" && grep -q "·$" "$work/verdict" && grep -q "^ *\^ here$" "$work/verdict"; then
    ok
else
    bad "check: the presentation error's given text: $(cat "$work/verdict")"
fi
sed '2s/$/\r/' "$work/right.out" > "$work/cr.out"
"$exe" check treblecross "$work/t.in" "$work/cr.out" > "$work/verdict"
if grep -q "^  3␍$" "$work/verdict"; then ok; else bad "check: a CR shown: $(cat "$work/verdict")"; fi
# --against: the user's reference run beside the program, cgsolve the
# referee saying which of the two is wrong.
against() { # WANT REFERENCE_FLAG PROGRAM_FLAG
    "$exe" stress gamecs --runs 20 --time-limit 20 --against "$python $solutions/gamecs.py $2" -- \
        "$python" "$solutions/gamecs.py" ${3:+"$3"} > "$work/stress.out" 2> /dev/null
    local status=$?
    if [ $status -eq "$4" ] && grep -q "^stress: $1" "$work/stress.out"; then ok; else bad "stress --against '$2' '$3': exit $status: $(head -1 "$work/stress.out")"; fi
}
against "the reference is wrong (the program is right): wrong answer: case 1" --odd-rule "" 1
against "the program is wrong (the reference is right): wrong answer: case 1" "" --odd-rule 1
against "both are wrong: the program: wrong answer" --odd-rule --odd-rule 1
against "20 inputs passed" "" "" 0
if "$exe" stress gamecs --runs 2 --time-limit 20 --against "$python $solutions/gamecs.py --odd-rule" -- "$python" "$solutions/gamecs.py" 2> /dev/null |
    grep -q "^reference output:"; then ok; else bad "stress --against: no reference output"; fi
# The shrinker's fixpoint: a Treblecross reader that keeps its line buffer
# between boards (a shorter board is read with the tail of the longer one
# before it; here cgsolve behind an awk that plays that reader). Only a
# longer board followed by a shorter one fails, so the first board can
# shrink only down to one cell more than the second: it can reach 4 cells
# only after the second has reached 3, in a later pass over the cases. The
# minimum is then exact: one board is read right, two need the first longer
# than the second, so 4 and 3 cells, their X cleared. (One pass stops at
# "......" and "..." from seed 5's 27-, 7- and 5-cell boards.)
# shellcheck disable=SC2016  # the awk program, for the program's shell
stale_reader='awk '"'"'NR == 1 { print; next } { kept = $0 substr(kept, length($0) + 1); print kept }'"'"' | "$0" treblecross'
"$exe" stress treblecross --cases 3 --seed 5 --runs 1 --time-limit 20 -- sh -c "$stale_reader" "$exe" \
    > "$work/stress.out" 2> /dev/null
status=$?
if [ $status -eq 1 ] && grep -q "^minimal failing input (11 bytes" "$work/stress.out" &&
    [ "$(sed -n '/^input:$/,/^expected output:$/p' "$work/stress.out" | tr '\n' '|')" = "input:|  2|  ....|  ...|expected output:|" ]; then
    ok
else
    bad "stress: the stale buffer's input is not shrunk to .... and ...: exit $status: $(head -6 "$work/stress.out" | tr '\n' '|')"
fi
# A program that crashes, and one that hangs.
stress_finds "a crash" 40 treblecross --length 10 --runs 5 --time-limit 10 --save "$work/small.in" -- \
    "$python" -c 'import sys; sys.stdin.read(); sys.exit(3)'
if grep -q "^stress: crash: exit status 3" "$work/stress.out"; then ok; else bad "stress: crash named"; fi
stress_finds "a crash with a message" 40 treblecross --length 10 --runs 5 --time-limit 10 --save "$work/small.in" -- \
    "$python" -c 'import sys; sys.stdin.read(); raise SystemExit("boom: the reader gave up")'
if grep -q "^program's standard error:" "$work/stress.out" && grep -q "^  boom: the reader gave up$" "$work/stress.out"; then
    ok
else
    bad "stress: the crash's stderr is not shown: $(cat "$work/stress.out")"
fi
stress_finds "a hang" 40 treblecross --length 10 --runs 2 --time-limit 0.3 --save "$work/small.in" -- \
    "$python" -c 'import time; time.sleep(30)'
if grep -q "^stress: time-out: no answer within 0.3 s" "$work/stress.out"; then ok; else bad "stress: time-out named"; fi
# Correct solutions pass.
for game in gamecs path; do
    if "$exe" stress "$game" --runs 25 --time-limit 20 -- "$python" "$solutions/$game.py" > "$work/stress.out" 2> /dev/null &&
        grep -q "^stress: 25 inputs passed (seeds 1 to 25)" "$work/stress.out"; then
        ok
    else
        bad "stress $game: a correct program does not pass: $(head -2 "$work/stress.out")"
    fi
done
# Correct solutions are never flagged under --hard and --edge: inside the
# judge's limits (a generous time limit: this is about answers, not speed).
for game in gamecs path treblecross; do
    for mode in --hard --edge; do
        if "$exe" stress "$game" "$mode" --runs 3 --time-limit 20 -- "$python" "$solutions/$game.py" > "$work/stress.out" 2> /dev/null &&
            grep -q "^stress: 3 inputs passed" "$work/stress.out"; then
            ok
        else
            bad "stress $game $mode: a correct program is flagged: $(head -2 "$work/stress.out")"
        fi
    done
done
if "$exe" stress domino --hard --tiles 6 --runs 3 --time-limit 20 -- "$python" "$solutions/domino.py" > "$work/stress.out" 2> /dev/null &&
    grep -q "^stress: 3 inputs passed" "$work/stress.out"; then ok; else bad "stress domino --hard: $(head -2 "$work/stress.out")"; fi
if "$exe" stress treblecross --length 10 --seconds 2 --time-limit 20 -- "$python" "$solutions/treblecross.py" > "$work/stress.out" 2> /dev/null &&
    grep -q "inputs passed" "$work/stress.out"; then ok; else bad "stress --seconds"; fi
# The help's and README's stress examples, run on a correct solution, pass
# (--runs 5 keeps them short).
"$exe" help stress | sed -n 's/^  cgsolve stress //p' > "$work/examples"
grep -o 'cgsolve stress [^`]*' "$here/../../README.md" | sed 's/^cgsolve stress //' | grep -v '^GAME' >> "$work/examples"
while read -r game options; do
    options=${options%% -- *}
    options=${options//small.in/$work/small.in}
    # shellcheck disable=SC2086  # the example's options, word by word
    if "$exe" stress "$game" $options --runs 5 --time-limit 20 -- "$python" "$solutions/$game.py" \
        > "$work/stress.out" 2> /dev/null < /dev/null && grep -q "^stress: 5 inputs passed" "$work/stress.out"; then
        ok
    else
        bad "the example 'stress $game $options' fails a correct solution: $(head -1 "$work/stress.out")"
    fi
done < "$work/examples"
# Counts in the singular where there is one: "1 run", "1 input passed"
# (one seed, not "seeds 1 to 1"), and never "1 bytes" or "1 shrinking steps".
"$exe" stress gamecs --runs 1 -- "$exe" gamecs > "$work/out" 2> "$work/err"
if [ "$(cat "$work/out")" = "stress: 1 input passed (seed 1)" ] && grep -q "^cgsolve stress: 1 run, 1 passed" "$work/err"; then
    ok
else
    bad "stress --runs 1: the singular: $(cat "$work/out") $(head -1 "$work/err")"
fi
if ! grep -Eq '(^|[^0-9])1 (runs|inputs|bytes|shrinking steps)' "$work/stress.out"; then ok; else bad "stress: a plural for one: $(head -2 "$work/stress.out")"; fi
"$exe" stress gamecs --runs 1 > /dev/null 2> "$work/err"
if [ $? -eq 2 ]; then ok; else bad "stress without a program: usage error"; fi

echo "contest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
