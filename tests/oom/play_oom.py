#!/usr/bin/env python3
"""play under memory failure: every allocation of a few sessions made to
fail in turn, once and from then on (tests/faults/failmalloc.c, preloaded).
Each run must end with exit 0, or exit 3 saying "out of memory" on stderr;
never a crash, never another exit code (a move the user never typed
reported illegal was exit 1), and in JSON mode every line written must be a
whole JSON object. Usage: play_oom.py CGSOLVE SHIM. Prints
"play oom: N runs, M failed"."""
import json
import os
import subprocess
import sys
import tempfile

EXE, SHIM = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
runs = failed = 0

with tempfile.TemporaryDirectory() as work:
    deal = os.path.join(work, "deal.txt")
    with open(deal, "w") as f:
        # every move forced: I lay 5-6, you 4-5, I 3-4; undo replays my 5-6
        f.write("3 6 6 5 4 2 1 6 5 4 3 1 0\n")
    SESSIONS = [
        (["play", "--json", "treblecross", "--seed", "2"], "hint\nvalues\n3\nundo\n5\nhistory\nquit\n"),
        (["play", "--json", "domino", "--seed", "2"], "values\n1-6\nundo\n1-6\nhistory\nquit\n"),
        (["play", "domino", "--first", "computer", deal], "4-5\nundo\nvalues\nquit\n"),
        (["play", "--json", "numbergame", "--max", "8", "--seed", "2"], "2\nundo\n3\nvalues\nquit\n"),
    ]
    count_file = os.path.join(work, "count")
    for args, typed in SESSIONS:
        env = dict(os.environ, LD_PRELOAD=SHIM, CG_FAIL_COUNT=count_file)
        clean = subprocess.run([EXE] + args, input=typed.encode(), capture_output=True, env=env)
        with open(count_file) as f:
            total = int(f.read())
        if clean.returncode != 0:
            failed += 1
            print(f"FAIL {args}: exit {clean.returncode} without a failure")
            continue
        # every allocation up to 400, then a sample, so the run stays short
        points = list(range(1, min(total, 400) + 1)) + list(range(401, total + 1, 13))
        for n in points:
            for mode in ("once", "all"):
                env.update(CG_FAIL_AT=str(n), CG_FAIL_MODE=mode)
                env.pop("CG_FAIL_COUNT", None)
                out = subprocess.run([EXE] + args, input=typed.encode(), capture_output=True,
                                     env=env)
                runs += 1
                err = out.stderr.decode(errors="replace")
                problem = None
                if out.returncode not in (0, 3):
                    problem = f"exit {out.returncode}"
                elif out.returncode == 3 and "out of memory" not in err:
                    problem = "exit 3 without 'out of memory'"
                elif "--json" in args:
                    for line in out.stdout.decode(errors="replace").splitlines():
                        try:
                            json.loads(line)
                        except ValueError:
                            problem = f"a broken JSON line {line[:80]!r}"
                            break
                if problem is not None:
                    failed += 1
                    if failed <= 10:
                        print(f"FAIL {' '.join(args)} allocation {n}"
                              f"{' on' if mode == 'all' else ''}: {problem}: {err.strip()[:200]}")

print(f"play oom: {runs} runs, {failed} failed")
sys.exit(1 if failed or runs == 0 else 0)
