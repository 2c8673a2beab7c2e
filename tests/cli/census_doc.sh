# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, here, pass, fail
# docs/octal-census.md is the census's own output: rows of its first table
# that take a second are computed again, against the same source list, and
# must appear in the document byte for byte (a changed engine, writer or
# source list that would change the published rows fails here).
d_ok() { pass=$((pass + 1)); }
d_bad() { echo "FAIL census doc: $*"; fail=$((fail + 1)); }
doc_dir=$(mktemp -d)
doc=$here/../../docs/octal-census.md
if "$exe" census 0.14 0.36 4.344 4.364 --upto 524288 \
    --published "$here/../../docs/census/czajka-unsolved.tsv" --markdown "$doc_dir/rows.md" > /dev/null; then
    rows=0
    while IFS= read -r row; do
        case $row in "| 0."* | "| 4."*) ;; *) continue ;; esac
        rows=$((rows + 1))
        if grep -qxF -- "$row" "$doc"; then d_ok; else d_bad "not in the document: $row"; fi
    done < "$doc_dir/rows.md"
    if [ "$rows" = 4 ]; then d_ok; else d_bad "$rows rows computed, 4 expected"; fi
else
    d_bad "census 0.14 0.36 4.344 4.364 failed"
fi
rm -rf "$doc_dir"
