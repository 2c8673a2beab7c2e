#!/usr/bin/env bash
# The library's folders are layers (docs/DESIGN.md, "The tree"), lowest
# first: core, octal, framework, games, api, then the front end, cli. A file
# includes headers of its own folder and of lower ones only, and the public
# ones (cgsolve/...); a lower folder never includes a higher one. Prints each
# include that breaks the rule and exits 1 if there is one.
# Usage: scripts/check-layers.sh [ROOT]   (ROOT: the tree to check, default .)
set -euo pipefail
root=${1:-.}
layers=(core octal framework games api cli)
rank() { # rank LAYER: its place in layers, or nothing for a folder not listed
    local i
    for i in "${!layers[@]}"; do
        [ "${layers[$i]}" = "$1" ] && echo "$i" && return
    done
    return 0
}
broken=0
for layer in "${layers[@]}"; do
    own=$(rank "$layer")
    for file in "$root"/src/"$layer"/*.[ch]; do
        [ -e "$file" ] || continue
        while IFS= read -r line; do
            number=${line%%:*}
            target=${line#*#include \"}
            target=${target%%\"*}
            folder=${target%%/*}
            [ "$folder" = "$target" ] && continue # a header beside the file
            [ "$folder" = cgsolve ] && continue   # the public headers
            theirs=$(rank "$folder")
            if [ -z "$theirs" ]; then
                echo "${file#"$root"/}:$number: includes \"$target\" from src/$folder, which is no layer"
                broken=1
            elif [ "$theirs" -gt "$own" ]; then
                echo "${file#"$root"/}:$number: $layer includes \"$target\" from the higher layer $folder"
                broken=1
            fi
        done < <(grep -n '^#include "' "$file" || true)
    done
done
exit "$broken"
