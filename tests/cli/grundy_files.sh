# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks of the files a grundy run names (src/octal/grundy_check.c):
# each file written is its own (two options on one file lost one of them,
# or with --spill and --values-out gave wrong values with exit 0), a file
# replaced whole is a regular file or none (a checkpoint renamed over a
# device replaced it), all refused before anything is computed or a file
# opened; and options that do not apply to the command are refused.
f_ok() { pass=$((pass + 1)); }
f_bad() { echo "FAIL grundy files: $*"; fail=$((fail + 1)); }
files_dir=$(mktemp -d)
"$exe" grundy 0.007 --upto 3000 --checkpoint "$files_dir/k.cp" > /dev/null
cp "$files_dir/k.cp" "$files_dir/k.saved"
one_file() {
    local command=grundy
    if [ "$5" = census ]; then command=census; fi
    expect 2 "" "cgsolve $command: $1 '$2' and $3 '$4' are one file: each needs a name of its own" \
        -- "${@:5}"
}
one_file --spill "$files_dir/sv" --values-out "$files_dir/sv" \
    grundy 0.1777 --upto 300000 --window-from 65536 --spill "$files_dir/sv" --values-out "$files_dir/sv"
one_file --checkpoint "$files_dir/x" --values-out "$files_dir/x" \
    grundy 0.007 --upto 300 --values-out "$files_dir/x" --checkpoint "$files_dir/x"
one_file --checkpoint "$files_dir/x" --certificate "$files_dir/x" \
    grundy 0.77 --checkpoint "$files_dir/x" --certificate "$files_dir/x"
one_file --values-out "$files_dir/x" --certificate "$files_dir/x" \
    grundy 0.77 --values-out "$files_dir/x" --certificate "$files_dir/x"
one_file --checkpoint "$files_dir/m" --markdown "$files_dir/m" \
    census 0.7 --checkpoint "$files_dir/m" --markdown "$files_dir/m"
one_file --markdown "$files_dir/m.seconds" "--checkpoint's times" "$files_dir/m.seconds" \
    census 0.7 --checkpoint "$files_dir/m" --markdown "$files_dir/m.seconds"
# neither there yet: the same name in the same directory, spelt otherwise
one_file --checkpoint "$files_dir/F" --spill "$files_dir/./F" \
    grundy 0.007 --upto 300000 --window-from 32768 --spill "$files_dir/./F" --checkpoint "$files_dir/F"
# the checkpoint read is not emptied by --values-out before it is read
one_file --resume "$files_dir/k.cp" --values-out "$files_dir/k.cp" \
    grundy --resume "$files_dir/k.cp" --upto 4000 --values-out "$files_dir/k.cp"
if cmp -s "$files_dir/k.cp" "$files_dir/k.saved"; then f_ok; else f_bad "--values-out emptied the checkpoint resumed"; fi
# ... but the checkpoint resumed may be the one written
expect 0 "" "" -- grundy --resume "$files_dir/k.cp" --upto 4000 --checkpoint "$files_dir/k.cp" \
    --values-out "$files_dir/v"
if [ "$(wc -l < "$files_dir/v")" = 4001 ]; then f_ok; else f_bad "resumed onto the same checkpoint"; fi
# A file replaced whole is a regular file or none: not a device, a FIFO
# or a directory (the device and the FIFO are left as they were).
mkfifo "$files_dir/fifo"
mkdir "$files_dir/dir"
expect 2 "" "cgsolve grundy: the checkpoint '$files_dir/fifo' is a FIFO, not a regular file" \
    -- grundy 0.77 --upto 100 --checkpoint "$files_dir/fifo"
if [ -p "$files_dir/fifo" ]; then f_ok; else f_bad "the FIFO was replaced"; fi
expect 2 "" "cgsolve grundy: the checkpoint '$files_dir/dir' is a directory, not a regular file" \
    -- grundy 0.007 --upto 400000 --checkpoint "$files_dir/dir"
expect 2 "" "cgsolve grundy: the certificate '$files_dir/dir' is a directory, not a regular file" \
    -- grundy 0.77 --certificate "$files_dir/dir"
expect 2 "" "cgsolve census: the table '$files_dir/fifo' is a FIFO, not a regular file" \
    -- census 0.7 --markdown "$files_dir/fifo"
expect 2 "" "cgsolve census: the checkpoint '$files_dir/fifo' is a FIFO, not a regular file" \
    -- census 0.7 --checkpoint "$files_dir/fifo"
expect 4 "" "cgsolve grundy: cannot write the certificate '$files_dir/none/c.tmp': No such file or directory" \
    -- grundy 0.77 --certificate "$files_dir/none/c"
if [ -c /dev/full ] && [ -w /dev/full ]; then
    expect 2 "" "cgsolve grundy: the checkpoint '/dev/full' is a character device, not a regular file" \
        -- grundy 0.77 --upto 100 --checkpoint /dev/full
    if [ -c /dev/full ]; then f_ok; else f_bad "/dev/full was replaced"; fi
fi
# --values-out may be a device
expect 0 "" "" -- grundy 0.77 --upto 100 --values-out /dev/null --json
# The census's table replaces the file whole.
"$exe" census 0.7 0.6 --upto 500 --markdown "$files_dir/t.md" > /dev/null
if grep -q '^| 0.6 ' "$files_dir/t.md" && [ ! -e "$files_dir/t.md.tmp" ]; then f_ok; else f_bad "the census's table: $(cat "$files_dir/t.md")"; fi
# --published: the table gains the published extent, what is new and the
# command; a bad file is told (file, line, column) before any code is run.
printf '# source\n0.6\t400\tnote\n0.7\t\n' > "$files_dir/published"
"$exe" census 0.7 0.6 --upto 500 --markdown "$files_dir/t.md" --published "$files_dir/published" > /dev/null
# shellcheck disable=SC2016  # the backquotes are the table's, not a command
if grep -q '^| 0.6 | none to 500 | | .* | 400 | past the published extent | `cgsolve census 0.6 --upto 500` |$' "$files_dir/t.md" &&
    grep -q '^| 0.7 | .* | none given | period | `cgsolve census 0.7 --upto 500` |$' "$files_dir/t.md"; then
    f_ok
else
    f_bad "census --published: $(cat "$files_dir/t.md")"
fi
expect 2 "" "cgsolve census: --markdown '$files_dir/published' and --published '$files_dir/published' are one file: each needs a name of its own" \
    -- census 0.6 --published "$files_dir/published" --markdown "$files_dir/published"
printf '0.6\t40o\n' > "$files_dir/published"
expect 1 "" "cgsolve census: $files_dir/published:1:7: expected the number of heaps computed (or nothing), then a tab" \
    -- census 0.6 --upto 100000000 --published "$files_dir/published"
# Options that do not apply to the command: refused by its declarations.
not_for() {
    expect 2 "" "cgsolve $1: option '$2' does not apply to $1
Try 'cgsolve --help'." -- "${@:3}"
}
not_for misere --values-out misere 0.77 --values-out "$files_dir/v"
not_for misere --checkpoint misere 0.77 --checkpoint "$files_dir/c"
expect 2 "" "cgsolve: 'grundy --misere' is deprecated and goes in 2.0; use 'cgsolve misere'
cgsolve misere: option '--census' does not apply to misere
Try 'cgsolve --help'." -- grundy 0.77 --misere --census
not_for census --certificate census 0.7 --certificate "$files_dir/c"
not_for census --spill census 0.7 --spill "$files_dir/s"
not_for verify --upto verify "$files_dir/c" --upto 10
not_for grundy --shard grundy 0.77 --shard 1/2
not_for grundy --markdown grundy 0.77 --markdown "$files_dir/t"
not_for census --census census 0.7 --census
rm -rf "$files_dir"
