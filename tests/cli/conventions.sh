# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail, here
# CLI conventions: options anywhere, help, suggestions, system reasons for
# I/O errors, write failures, colour and the environment, several files.
check_that() { # check_that DESCRIPTION COMMAND...: the command succeeds
    local what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $what"; fail=$((fail + 1)); fi
}
sample=$here/../golden/treblecross/judge-sample.in

# Global options before or after GAME, and JSON lines name their file.
expect 0 "" "" -- --json treblecross "$sample"
expect_out_has '{"schema":"cgsolve/1","game":"treblecross","file":"'"$sample"'","case":1,'
expect 0 "" "" -- -j treblecross "$sample"
expect_out_has '"file":"'"$sample"'"'

# help GAME is GAME --help; help fits 80 columns and shows examples.
"$exe" help treblecross > "$out.a"
"$exe" treblecross --help > "$out.b"
check_that "help treblecross = treblecross --help" cmp -s "$out.a" "$out.b"
for what in "" domino treblecross gamecs path numbergame grundy census verify misere play list help \
    completion gen check stress; do
    # shellcheck disable=SC2086  # an empty what means no argument
    "$exe" help $what > "$out.a" 2>&1
    check_that "help $what fits 80 columns" awk 'length > 80 { bad = 1 } END { exit bad }' "$out.a"
    check_that "help $what shows examples" grep -q '^Examples:' "$out.a"
done
# Every short option stands for one long option wherever it appears, but
# for stress's -j (--jobs, as make's; stress takes no --json): checked
# within stress alone.
"$exe" help stress | grep -oE '^  -[A-Za-z], --[a-z-]+' | sort -u > "$out.b"
check_that "stress's short options are unambiguous" \
    bash -c "[ -z \"\$(awk '{ print \$1 }' '$out.b' | sort | uniq -d)\" ]"
check_that "stress's -j is --jobs" grep -qx -- '  -j, --jobs' "$out.b"
for what in domino treblecross gamecs path numbergame grundy census verify misere play list help \
    completion gen check stress; do
    "$exe" help "$what"
    for game in domino treblecross gamecs path numbergame; do
        "$exe" "$what" "$game" --help 2> /dev/null
    done
done | grep -oE '^  -[A-Za-z], --[a-z-]+' | grep -vx -- '  -j, --jobs' | sort -u > "$out.a"
check_that "short options are unambiguous" \
    bash -c "[ -z \"\$(awk '{ print \$1 }' '$out.a' | sort | uniq -d)\" ]"
check_that "the option list is not empty" [ "$(wc -l < "$out.a")" -gt 20 ]
expect 2 "" "cgsolve: unknown game or command 'domno'; did you mean 'domino'?
Try 'cgsolve --help'." -- help domno

# Misspellings get a suggestion; an unknown short option is named alone.
expect 2 "" "cgsolve: unknown game or command 'treblecros'; did you mean 'treblecross'?
Try 'cgsolve --help'." -- treblecros
expect 2 "" "cgsolve: unknown option '--explian'; did you mean '--explain'?
Try 'cgsolve --help'." -- treblecross --explian
expect 2 "" "cgsolve: unknown option '--optimial'; did you mean '--optimal'?
Try 'cgsolve --help'." -- domino --optimial
expect 2 "" "cgsolve: unknown option '-q'
Try 'cgsolve --help'." -- -eq treblecross
expect 2 "" "cgsolve: option '--json' takes no value
Try 'cgsolve --help'." -- treblecross --json=yes
expect 2 "" "cgsolve: option '--max' needs a value (M)
Try 'cgsolve --help'." -- numbergame --max

# I/O errors carry the system's reason.
expect 4 "" "cgsolve treblecross: $here: read error: Is a directory" -- treblecross "$here"
if [ -w /dev/full ]; then
    # answers past stdio's buffer fail at a case, not at the close (46 KB)
    "$exe" gen treblecross --cases 3000 --beyond-limits --seed 1 > "$out.big" 2> /dev/null
    for args in "list" "--help" "--version" "help domino" "treblecross $sample" "grundy 0.77" "misere 0.77" \
        "completion bash" "treblecross $out.big" "--json treblecross $out.big" "census 0.07 --upto 20" \
        "gen treblecross --cases 99"; do
        # shellcheck disable=SC2086
        "$exe" $args > /dev/full 2> "$err"
        status=$?
        check_that "cgsolve $args > /dev/full exits 4 ($status)" [ "$status" -eq 4 ]
        check_that "cgsolve $args > /dev/full says why" grep -q "No space left on device" "$err"
        check_that "cgsolve $args > /dev/full says it once" [ "$(wc -l < "$err")" -eq 1 ]
    done
    # Another file's failure said does not stand for the output's: a wrong
    # program's report lost on a full disk and its input not saved are two.
    wrong="$exe treblecross | sed 's/WINNING/LOSING/;t;s/LOSING/WINNING/'"
    "$exe" stress treblecross --cases 1 --runs 1 --save /nonexistent/input -- sh -c "$wrong" \
        > /dev/full 2> "$err"
    status=$?
    check_that "stress --save /nonexistent/... > /dev/full exits 4 ($status)" [ "$status" -eq 4 ]
    check_that "stress --save /nonexistent/... > /dev/full says the save's failure" \
        grep -q "cannot write '/nonexistent/input'" "$err"
    check_that "stress --save /nonexistent/... > /dev/full says the output's" \
        grep -q "write error: No space left on device" "$err"
    rm -f "$out.big"
fi

# Several files: each runs, a missing or bad one is reported, the status is
# the worst, and the judge's separator stands between the files' answers.
printf '1 6 6 0 0\n0\n' > "$out.d1"
printf '2 5 5 3 4 1 5 3 5\n0\n' > "$out.d2"
printf '1 6 6 9 9\n0\n' > "$out.bad"
expect 0 "" "" -- domino "$out.d1" "$out.d2"
expect_out "$("$exe" domino < "$here/../golden/domino/judge-sample.in" | head -3)"
"$exe" domino "$out.d1" /nonexistent "$out.bad" "$out.d2" > "$out" 2> "$err"
status=$?
check_that "several files: worst status 4 ($status)" [ "$status" -eq 4 ]
check_that "several files: the missing one named" \
    grep -q "cannot open '/nonexistent': No such file or directory" "$err"
check_that "several files: the bad one named" grep -q "$out.bad:1:7:" "$err"
check_that "several files: both good ones answered" [ "$(grep -c 'can win' "$out")" -eq 2 ]
expect 0 "" "" -- --json domino "$out.d1" "$out.d2"
expect_out_has '"file":"'"$out.d2"'","case":1'

# Colour: --color=auto colours a terminal unless NO_COLOR or TERM=dumb.
if command -v script > /dev/null; then
    board=$here/../golden/path/judge-sample.in
    tty_run() { # tty_run ENV...: path --explain on a pseudo-terminal
        env "$@" script -qec "'$exe' path --explain '$board'" /dev/null > "$out.tty" 2>&1
    }
    tty_run TERM=xterm
    check_that "colour on a terminal" grep -q $'\033\[' "$out.tty"
    tty_run TERM=xterm NO_COLOR=1
    check_that "NO_COLOR turns colour off" bash -c "! grep -q \$'\\033\\[' '$out.tty'"
    tty_run TERM=dumb
    check_that "TERM=dumb turns colour off" bash -c "! grep -q \$'\\033\\[' '$out.tty'"
    tty_run TERM=dumb
    env TERM=dumb script -qec "'$exe' path --explain --color=always '$board'" /dev/null > "$out.tty" 2>&1
    check_that "--color=always wins over TERM=dumb" grep -q $'\033\[' "$out.tty"
fi

# The man page renders without a warning and names every option; the
# README's table names every exit status the program uses.
man_page=$(dirname "$exe")/cgsolve.1
if [ -f "$man_page" ] && command -v groff > /dev/null; then
    check_that "groff -man -ww: no warning" \
        bash -c "[ -z \"\$(groff -man -ww -z -Tutf8 '$man_page' 2>&1)\" ]"
    for word in $("$exe" completion bash | grep -o -- '--[a-z-]*' | sort -u); do
        name=${word#--}
        check_that "the man page names $word" grep -q -- "\\\\-\\\\-${name//-/\\\\-}" "$man_page"
    done
fi
# The exit codes are those of cli.h's exit_code enum and its check codes:
# help, README and the man page each name every one.
exit_codes=$(sed -n '/^enum exit_code {/,/^};/p; /^enum { EXIT_/p' "$here/../../src/cli/cli.h" |
    grep -o 'EXIT_[A-Z_]* = [0-9]*' | grep -o '[0-9]*$')
check_that "cli.h's exit codes are found" [ "$(echo "$exit_codes" | wc -w)" -ge 9 ]
"$exe" --help > "$out.a"
for status in $exit_codes; do
    check_that "README names exit status $status" grep -q "^| $status |" "$here/../../README.md"
    check_that "--help names exit status $status" grep -Eq "(^| )$status [a-z]" "$out.a"
    check_that "the man page names exit status $status" \
        grep -qx "\\.B $status" "$here/../../docs/cgsolve.1.in"
done
rm -f "$out.a" "$out.b" "$out.d1" "$out.d2" "$out.bad" "$out.tty"
