#!/usr/bin/env bash
# The page's module calls (web/wasm_api.c) run natively against the built
# library, under ASan and UBSan when the compiler has them: an input past
# the old 1.25 MB wasm-stack limit, explanations, a million Grundy values
# a bad play position, misère values, options given by name (as the page
# sends them, set through the one-call API's api_options) and the option list the page draws its controls from, each
# checked against the command line.
# Usage: native_api.sh SOURCE_DIR CGSOLVE WORK_DIR
set -euo pipefail
src=$1
exe=$2
work=$3
build=$(dirname "$exe")
mkdir -p "$work"
cc=${CC:-cc}
flags=("-fsanitize=address,undefined" -fno-sanitize-recover=all)
echo 'int main(void){return 0;}' > "$work/probe.c"
"$cc" "${flags[@]}" "$work/probe.c" -o "$work/probe" 2> /dev/null || flags=()
"$cc" -std=c11 -O1 -g -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror "${flags[@]}" \
    -I"$src/include" -I"$src/src" -I"$build/include" "$src/web/wasm_api.c" "$src/tests/web/native_api.c" \
    "$build/libcgsolve_internal.a" -lm -lpthread -o "$work/native_api"
"$exe" gen gamecs --beyond-limits --cases 1 --nodes 100000 --max-weight 100 --seed 1 > "$work/big.in"
"$exe" gamecs "$work/big.in" > "$work/big.out"
"$exe" --json gamecs "$work/big.in" > "$work/big.json"
"$exe" grundy 0.77 --upto 1000000 > "$work/values.out"
printf '5 7\n' > "$work/bad-position"
: > "$work/no-moves"
"$work/native_api" solve gamecs "$work/big.in" > "$work/solve.answer"
"$work/native_api" explain gamecs "$work/big.in" > "$work/explain.answer"
"$work/native_api" grundy 0.77 1000000 > "$work/grundy.answer"
"$work/native_api" play numbergame "$work/bad-position" "$work/no-moves" > "$work/play.answer"
examples=$src/examples
"$exe" numbergame --max 12 "$examples/numbergame.in" > "$work/max.out"
"$exe" domino --optimal "$examples/domino.in" > "$work/optimal.out"
"$work/native_api" solve numbergame "$examples/numbergame.in" $'max=12\n' > "$work/max.answer"
"$work/native_api" solve domino "$examples/domino.in" optimal > "$work/optimal.answer"
"$work/native_api" solve numbergame "$examples/numbergame.in" max=99 > "$work/bad-max.answer"
"$work/native_api" solve numbergame "$examples/numbergame.in" upto=5 > "$work/foreign.answer"
"$work/native_api" solve domino "$examples/domino.in" $'memory=1K\n' > "$work/memory.answer"
"$work/native_api" solve domino "$examples/domino.in" nosuch=3 > "$work/unknown.answer"
"$work/native_api" games > "$work/games.answer"
"$exe" grundy 0.07 --misere --upto 30 --json > "$work/misere.json"
"$work/native_api" grundy-misere 0.07 30 > "$work/misere.answer"
printf '0.77 3 4 5' > "$work/grundy-position" # a game with no options of its own
"$work/native_api" play grundy "$work/grundy-position" "$work/no-moves" > "$work/play-grundy.answer"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
read = lambda name: open(f"{work}/{name}", encoding="utf-8").read()
failed = 0
def check(name, ok, detail=""):
    global failed
    if not ok:
        failed += 1
        print(f"FAIL {name} {detail}"[:500])
solve = json.loads(read("solve.answer"))
check("solve: 1.47 MB, the judge's output", solve["ok"] and solve["judge"] == read("big.out"), solve.get("error"))
explain = json.loads(read("explain.answer"))
def records(text):  # each line without its "file" (the page's input has none)
    out = [json.loads(line) for line in text.splitlines()]
    for record in out:
        record.pop("file", None)
    return out
check("explain: the --json lines", explain["ok"] and records(explain["json"]) == records(read("big.json")))
grundy = json.loads(read("grundy.answer"))
check("grundy: a million values", grundy["ok"] and grundy["values"] == read("values.out"))
play = json.loads(read("play.answer"))
check("play: a bad position is an error", not play["ok"] and play["error"] != "", play)
answer = lambda name: json.loads(read(f"{name}.answer"))
check("options: max=12 is --max 12", answer("max")["judge"] == read("max.out"), answer("max"))
check("options: optimal is --optimal", answer("optimal")["judge"] == read("optimal.out"))
check("options: a bound names the option", answer("bad-max")["error"]
      == "option 'max': '99' is not an integer from 2 to 56", answer("bad-max"))
check("options: another command's is refused", not answer("foreign")["ok"]
      and "upto" in answer("foreign")["error"], answer("foreign"))
check("options: a memory line overrides the page's budget", not answer("memory")["ok"]
      and "memory limit of 1024 bytes" in answer("memory")["error"], answer("memory"))
check("options: through the API's one lookup", answer("unknown")["error"]
      == "domino takes no option 'nosuch'", answer("unknown"))
games = {g["name"]: g for g in answer("games")["games"]}
listed = {name: {o["name"]: o for o in g["options"]} for name, g in games.items()}
check("options: numbergame's --max from its declaration",
      listed["numbergame"].get("max") == {"name": "max", "short": "M", "kind": "int", "arg": "M",
                                          "help": "play on the numbers 2..M", "default": "20", "min": 2,
                                          "max": 56}, listed["numbergame"])
check("options: domino's --optimal", listed["domino"].get("optimal", {}).get("kind") == "flag")
check("options: path's --to-move", listed["path"].get("to-move", {}).get("choices") == ["white", "black"])
check("options: play's, for a game with none of its own", answer("play-grundy")["ok"],
      answer("play-grundy"))
check("options: all of them, file names and threads too (the page leaves those out)",
      {name: o["kind"] for name, o in listed["treblecross"].items()} == {"threads": "int", "table": "text"},
      listed["treblecross"])
check("games: the catalog's, grundy played only", games["grundy"]["playable"]
      and not games["grundy"]["solvable"] and games["treblecross"]["solvable"], games.get("grundy"))
misere = json.loads(read("misere.answer"))
check("grundy --misere: the command line's JSON", misere["ok"] and misere["json"] == read("misere.json"),
      misere.get("error"))
print(f"native api: {17 - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
