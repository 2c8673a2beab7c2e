#!/usr/bin/env python3
"""The JSON format and the YAML explanations, checked on every output.

For every golden input (tests/golden/GAME/*.in, with its .args) and for
seeded random inputs of every game: each --json line must validate against
docs/schema/envelope.schema.json and docs/schema/GAME.schema.json; the JSON
answers must be the judge's output; and each case's --explain block, its
indentation removed, must be a YAML document equal to that case's JSON
analysis. The same for grundy, and every play --json event against
play.schema.json. Usage: validate.py CGSOLVE GOLDEN_DIR SCHEMA_DIR.
Prints "schema: N passed, M failed"."""
import json
import os
import random
import subprocess
import sys
import textwrap

import jsonschema
import yaml

EXE, GOLDEN, SCHEMAS = sys.argv[1], sys.argv[2], sys.argv[3]
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}"[:2000])


def validator(name):
    with open(os.path.join(SCHEMAS, name + ".schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


ENVELOPE = validator("envelope")
VALIDATORS = {name: validator(name) for name in
              ["domino", "treblecross", "gamecs", "path", "numbergame", "grundy", "play", "check",
               "misere", "validate"]}


def run(args, text):
    return subprocess.run([EXE] + args, input=text.encode("latin-1"), capture_output=True)


def yaml_blocks(explained):
    """The indented blocks of an explanation output, each dedented."""
    blocks, current = [], []
    for line in explained.split("\n"):
        if line.startswith("  "):
            current.append(line)
        elif current:
            blocks.append(textwrap.dedent("\n".join(current)))
            current = []
    if current:
        blocks.append(textwrap.dedent("\n".join(current)))
    return blocks


def check_input(game, name, text, extra=()):
    judge = run([game, *extra], text)
    as_json = run([game, "--json", *extra], text)
    explained = run([game, "--explain", "--color=never", *extra], text)
    check(f"{game} {name}: runs", judge.returncode == 0 and as_json.returncode == 0 and
          explained.returncode == 0, judge.stderr.decode(errors="replace"))
    lines = as_json.stdout.decode().splitlines()
    analyses = []
    for number, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except ValueError as error:
            check(f"{game} {name}: line {number} is JSON", False, str(error))
            continue
        errors = [e.message for e in ENVELOPE.iter_errors(obj)]
        errors += [e.message for e in VALIDATORS[game].iter_errors(obj)]
        check(f"{game} {name}: line {number} validates", not errors, "; ".join(errors[:3]))
        check(f"{game} {name}: line {number} numbers its case", obj.get("case") == number)
        analyses.append(obj.get("analysis"))
    answers = [json.loads(line)["answer"] for line in lines]
    flat = lambda text: "".join(text.split())
    check(f"{game} {name}: JSON answers are the judge's", flat("".join(answers)) ==
          flat(judge.stdout.decode()))
    blocks = yaml_blocks(explained.stdout.decode())
    check(f"{game} {name}: one YAML block per case", len(blocks) == len(analyses),
          f"({len(blocks)} blocks, {len(analyses)} cases)")
    for number, (block, analysis) in enumerate(zip(blocks, analyses), 1):
        try:
            document = yaml.safe_load(block)
        except yaml.YAMLError as error:
            check(f"{game} {name}: case {number} explanation is YAML", False, str(error))
            continue
        check(f"{game} {name}: case {number} YAML equals the JSON analysis", document == analysis,
              f"\nYAML: {document}\nJSON: {analysis}")


# ---- random inputs -----------------------------------------------------
rng = random.Random(12033)
TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def random_domino(cases):
    out = []
    for _ in range(cases):
        n = rng.randint(1, 5)
        while True:
            tiles = rng.sample(TILES, 2 * n)
            if any(a == b for a, b in tiles):
                break
        out.append(f"{n} " + " ".join(f"{a} {b}" if rng.random() < 0.5 else f"{b} {a}" for a, b in tiles))
    return "\n".join(out) + "\n0\n"


def random_board():
    while True:
        board = "".join("X" if rng.random() < 0.15 else "." for _ in range(rng.randint(3, 40)))
        if "XXX" not in board:
            return board


def random_treblecross(cases):
    return f"{cases}\n" + "\n".join(random_board() for _ in range(cases)) + "\n"


def random_gamecs(cases):
    out = [str(cases)]
    for _ in range(cases):
        n = rng.randint(2, 14)
        out.append(str(n))
        labels = list(range(1, n))
        rng.shuffle(labels)
        labels = [0] + labels
        for v in range(1, n):
            weight = rng.choice([1, 2, 3, rng.randint(1, 10**9), 2**63 - 1 - rng.randint(0, 3)])
            out.append(f"{labels[rng.randrange(v)]} {labels[v]} {weight}")
    return "\n".join(out) + "\n"


def random_path(cases):
    out = []
    for _ in range(cases):
        n = rng.randint(1, 9)
        out.append(str(n))
        out.extend("".join(rng.choice("WBUU") for _ in range(n)) for _ in range(n))
    return "\n".join(out) + "\n0\n"


def random_numbergame(cases):
    out = [str(cases)]
    for _ in range(cases):
        available = set(range(2, 21))
        forbidden = set()
        for _ in range(rng.randint(0, 5)):
            if not available:
                break
            x = rng.choice(sorted(available))
            forbidden.add(x)
            changed = True
            while changed:  # close under addition within 2..20
                changed = False
                for a in list(forbidden):
                    for b in list(forbidden):
                        if a + b <= 20 and a + b not in forbidden:
                            forbidden.add(a + b)
                            changed = True
            available -= forbidden
        out.append(" ".join(map(str, [len(available)] + sorted(available))))
    return "\n".join(out) + "\n"


for game in sorted(os.listdir(GOLDEN)):
    folder = os.path.join(GOLDEN, game)
    if not os.path.isdir(folder):
        continue
    for entry in sorted(os.listdir(folder)):
        if not entry.endswith(".in"):
            continue
        with open(os.path.join(folder, entry), encoding="latin-1") as f:
            text = f.read()
        args_path = os.path.join(folder, entry[:-3] + ".args")
        extra = open(args_path).read().split() if os.path.exists(args_path) else []
        check_input(game, entry, text, extra)

GENERATORS = {"domino": random_domino, "treblecross": random_treblecross, "gamecs": random_gamecs,
              "path": random_path, "numbergame": random_numbergame}
for game, generate in GENERATORS.items():
    for round_number in range(3):
        check_input(game, f"random-{round_number}", generate(60))
check_input("domino", "random-optimal", random_domino(20), ["--optimal"])
check_input("numbergame", "random-max", "3\n0\n4 2 3 5 7\n8 2 3 5 6 7 9 10 11\n", ["--max", "12"])

# grundy: one line, and its explanation.
for code, upto in [("0.77", "150"), ("0.007", "60"), ("4.07", "40"), ("0.137", "120"), ("0.6", "10")]:
    as_json = run(["grundy", code, "--upto", upto, "--json"], "")
    obj = json.loads(as_json.stdout)
    errors = [e.message for e in ENVELOPE.iter_errors(obj)] + \
             [e.message for e in VALIDATORS["grundy"].iter_errors(obj)]
    check(f"grundy {code}: validates", not errors, "; ".join(errors[:3]))
    explained = run(["grundy", code, "--upto", upto, "--explain"], "").stdout.decode()
    blocks = yaml_blocks(explained)
    check(f"grundy {code}: YAML equals the JSON analysis",
          len(blocks) == 1 and yaml.safe_load(blocks[0]) == obj["analysis"])

# grundy past --window-from: the windowed store's analysis, and its YAML.
windowed = run(["grundy", "0.1777", "--upto", "150000", "--window-from", "65536", "--json"], "")
obj = json.loads(windowed.stdout)
errors = [e.message for e in ENVELOPE.iter_errors(obj)] + \
         [e.message for e in VALIDATORS["grundy"].iter_errors(obj)]
check("grundy --window-from: validates", not errors and "window" in obj["analysis"],
      "; ".join(errors[:3]))
blocks = yaml_blocks(run(["grundy", "0.1777", "--upto", "150000", "--window-from", "65536",
                          "--explain"], "").stdout.decode())
check("grundy --window-from: YAML equals the JSON analysis",
      len(blocks) == 1 and yaml.safe_load(blocks[0]) == obj["analysis"])

# grundy --certificate, then verify --json: the verification's line.
import tempfile  # noqa: E402 (also imported below, for the pty checks)
with tempfile.TemporaryDirectory() as certificates:
    proof = os.path.join(certificates, "kayles.cert")
    run(["grundy", "0.77", "--upto", "1000", "--certificate", proof], "")
    obj = json.loads(run(["verify", proof, "--json"], "").stdout)
    errors = [e.message for e in ENVELOPE.iter_errors(obj)] + \
             [e.message for e in VALIDATORS["grundy"].iter_errors(obj)]
    check("verify: validates", not errors and obj["answer"] == "verified",
          "; ".join(errors[:3]))

# misere: the heap table and sums, one line each, and the YAML.
for args in [["0.77", "--upto", "12"], ["0.07", "--upto", "15", "--terms", "6"],
             ["0.77", "--sum", "5", "7", "9"], ["0.333", "--sum", "1", "1", "1"],
             ["0.75", "--quotient", "6"]]:
    as_json = run(["misere"] + args + ["--json"], "")
    obj = json.loads(as_json.stdout)
    errors = [e.message for e in ENVELOPE.iter_errors(obj)] + \
             [e.message for e in VALIDATORS["misere"].iter_errors(obj)]
    check(f"misere {' '.join(args)}: validates", not errors, "; ".join(errors[:3]))
    explained = run(["misere"] + args + ["--explain"], "").stdout.decode()
    blocks = yaml_blocks(explained)
    check(f"misere {' '.join(args)}: YAML equals the JSON analysis",
          len(blocks) == 1 and yaml.safe_load(blocks[0]) == obj["analysis"])

# play: every event of scripted sessions, and the protocol's order: a
# position's move_values are its legal moves, its state is its game's, no
# position follows the end, a bad read ends with error then abandoned.
SESSIONS = [
    (["treblecross"], "hint\nvalues\nzz\n\xff\xfe\n3\nundo\nhelp\nhistory\nlevel strong\n"
                      "level bogus\n5\n7\n9\n11\n13\n"),
    (["numbergame", "--max", "9"], "hint\n2\n3\nvalues\n5\n7\n9\nhistory\nnew\n2\nquit\n"),
    (["gamecs"], "hint\n0-2\nvalues\n0-1\n1-3\n1-3\n1-3\n1-4\n9-9\n"),
    (["domino"], "hint\nvalues\n1-6\npass\n2-2\n"),
    (["domino", "--level", "casual", "--seed", "3"], "values\nnew\nvalues\n"),
    (["grundy", "0.77", "3", "4", "5"], "hint\nvalues\n1:1\n3:1:1\n2:2\n1:2\n2:1\n"),
    (["treblecross", "--random", "--seed", "5", "--first", "computer"], "1\n2\n3\n4\n5\n6\nhistory\nnew\n"),
    (["treblecross"], "3\n\x00\n"),
    (["numbergame", "--max", "5"], "2\nvalues\nhistory\nnew\n"),
    (["path", "--seed", "2"], "hint\nvalues\nb2\nc3\nhistory\nquit\n"),
    (["grundy", "0.33333", "1", "1", "5", "--misere", "--seed", "3"], "hint\n1:1\nvalues\n1:1\n"),
    (["grundy", "0.77", "2", "6", "--misere", "--seed", "1"], "values\n1:1\n1:1\n1:1\n1:1\n"),
]
for args, typed in SESSIONS:
    out = run(["play", "--json", *args], typed)
    check(f"play {args}: runs", out.returncode in (0, 1), out.stderr.decode(errors="replace"))
    events = [json.loads(line) for line in out.stdout.decode().splitlines()]
    ended = False
    for number, obj in enumerate(events, 1):
        errors = [e.message for e in VALIDATORS["play"].iter_errors(obj)]
        check(f"play {args}: event {number} ({obj.get('event')}) validates", not errors,
              "; ".join(errors[:2]))
        kind = obj.get("event")
        if kind in ("position", "over"):
            check(f"play {args}: event {number} draws its own game",
                  obj.get("state", {}).get("kind") == obj.get("game"))
        if kind == "position":
            check(f"play {args}: event {number}: move_values are the legal moves",
                  [v["move"] for v in obj["move_values"]] == obj["legal_moves"])
            check(f"play {args}: event {number}: no position after the end", not ended)
        if kind == "over":
            ended = True
        if kind == "start":
            ended = False
    if "\x00" in typed:
        check(f"play {args}: a NUL ends with error then abandoned",
              [e["event"] for e in events[-2:]] == ["error", "abandoned"] and out.returncode == 1,
              str([e["event"] for e in events[-3:]]))

# Misère play: every event says so, values follow the misère library, and
# the player who cannot move is the winner (0.33333 is Nim on heaps <= 5:
# on 1 1 5 the only winning move leaves 1 1 1; after 1:1, the computer's
# 2:5 leaves one 1-heap, which the human must take).
events = [json.loads(line) for line in run(["play", "--json", "grundy", "0.33333", "1", "1", "5",
                                            "--misere", "--seed", "3"], "1:1\n1:1\n").stdout.decode().splitlines()]
kinds = [e["event"] for e in events]
check("play --misere: start, over and every state say misère",
      events[0].get("play") == "misere" and events[-1].get("play") == "misere" and
      all(e["state"].get("play") == "misere" and e["state"].get("misere") is True
          for e in events if "state" in e), str(events[0]))
first = next(e for e in events if e["event"] == "position")
wins = [v["move"] for v in first["move_values"] if v["outcome"] == "win"]
check("play --misere: on 1 1 5 the one winning move leaves 1 1 1, G- 0; the position's G- is 5",
      wins == ["3:4"] and first["value"] == {"outcome": "win", "measure": "misere", "misere": 5} and
      first["move_values"][5]["misere"] == 0, str(first["move_values"]))
computer = [e["move"] for e in events if e["event"] == "move" and e["by"] == "computer"]
check("play --misere: the computer leaves an odd number of 1-heaps", computer == ["2:5"], str(computer))
check("play --misere: the human took the last token and lost",
      kinds[-1] == "over" and events[-1]["winner"] == "computer", str(events[-1]))
events = [json.loads(line) for line in run(["play", "--json", "grundy", "0.33333", "2",
                                            "--misere"], "1:1\n").stdout.decode().splitlines()]
check("play --misere: the computer, forced to take the last token, loses",
      events[-1]["event"] == "over" and events[-1]["winner"] == "you" and
      [e["move"] for e in events if e["event"] == "move"] == ["1:1", "1:1"], str(events[-1]))
normal = run(["play", "--json", "grundy", "0.33333", "1"], "1:1\n").stdout.decode().splitlines()
check("play (normal): taking the last token wins, and no play field",
      json.loads(normal[-1])["winner"] == "you" and '"play"' not in "".join(normal), normal[-1])
refused = run(["play", "treblecross", "--misere"], "")
check("play --misere: a game without misère play is refused",
      refused.returncode == 2 and b"treblecross has no mis" in refused.stderr, str(refused.stderr))
refused = run(["play", "grundy", "0.77", "41", "--misere"], "")
check("play --misere: heaps above 40 are refused with the reason",
      refused.returncode == 2 and b"heaps up to 40" in refused.stderr, str(refused.stderr))

# Seeded games repeat byte for byte: the computer at every level, JSON and text.
for args in (["--json", "treblecross", "--level", "casual"], ["--json", "numbergame", "--level", "strong"],
             ["domino", "--random"], ["--json", "grundy", "0.77", "4", "6", "9"]):
    first_run = run(["play", "--first", "computer", "--seed", "17", *args], "")
    second_run = run(["play", "--first", "computer", "--seed", "17", *args], "")
    check(f"play {args}: seeded games repeat byte for byte",
          first_run.stdout == second_run.stdout and first_run.stdout != b"")

# check --json: every verdict.
import tempfile
with tempfile.TemporaryDirectory() as work:
    judge_input = os.path.join(work, "t.in")
    with open(judge_input, "w") as f:
        f.write("2\n.....\n...X\n")
    for name, output in [("accepted", "WINNING\n3\nWINNING\n1 2 3\n"),
                         ("wrong", "LOSING\n\nWINNING\n1 2 3\n"),
                         ("presentation", "WINNING\n3\n\nWINNING\n1 2 3\n"),
                         ("extra", "WINNING\n3\nWINNING\n1 2 3\nmore\n"),
                         ("invalid utf-8", "WINNING\n3\nWINNING \xff\xfe\n")]:
        path = os.path.join(work, "out")
        with open(path, "wb") as f:
            f.write(output.encode("latin-1"))
        out = subprocess.run([EXE, "check", "--json", "treblecross", judge_input, path],
                             capture_output=True)
        obj = json.loads(out.stdout)
        errors = [e.message for e in VALIDATORS["check"].iter_errors(obj)]
        check(f"check --json {name}: validates", not errors, "; ".join(errors[:2]))

# validate --json: a valid input and a violation, from a file and stdin.
for name, text, args in [("valid", "1\n...\n", []), ("invalid", "1\n..XXX\n", []),
                         ("final newline", "1\n...", [])]:
    out = run(["validate", "--json", "treblecross"] + args, text)
    obj = json.loads(out.stdout)
    errors = [e.message for e in VALIDATORS["validate"].iter_errors(obj)]
    check(f"validate --json {name}: validates", not errors, "; ".join(errors[:2]))
    check(f"validate --json {name}: exit", out.returncode == (0 if name == "valid" else 1))

print(f"schema: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
