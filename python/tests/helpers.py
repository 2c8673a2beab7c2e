"""What the package's tests share: where the source tree and the command line
they compare with are, running that command line and a Python script, and
the inputs they are given.

CGSOLVE_CLI names the cgsolve program to compare with (CTest passes the
build's; a test that needs it is skipped without it); CGSOLVE_SOURCE_DIR the
source tree (default: two levels up).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cgsolve

SOURCE = Path(os.environ.get("CGSOLVE_SOURCE_DIR", Path(__file__).resolve().parents[2]))
GOLDEN = SOURCE / "tests" / "golden"
EXAMPLES = SOURCE / "examples"
CLI = os.environ.get("CGSOLVE_CLI")

# The games solved from a judge input, as the library's catalog lists them.
SOLVABLE = [game["name"] for game in cgsolve.games() if game["solvable"]]


def cli(*args, stdin=b"", check=True):
    """Run the command line with args and stdin (bytes); with check, its
    failure fails the test. The finished process (stdout, stderr bytes)."""
    if CLI is None:
        pytest.skip("CGSOLVE_CLI is not set: no command line to compare with")
    done = subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"cgsolve {' '.join(args)}: {done.stderr.decode()}")
    return done


def cli_events(game, commands, *args):
    """The events `cgsolve play GAME --json ARGS` writes for the commands
    typed one a line, parsed."""
    out = cli("play", game, "--json", *args, stdin="".join(c + "\n" for c in commands).encode())
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def run_python(*args, timeout=60):
    """Run this Python with args (["-c", CODE] or a script and its
    arguments) in a process of its own, as a user would (signals, a fresh
    interpreter); its failure fails the test. Its standard output."""
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def stopping_after(count):
    """A progress function asking to stop at its count-th call, and the
    list of its calls' (what, done, total)."""
    calls = []

    def progress(what, done, total):
        calls.append((what, done, total))
        return len(calls) >= count

    return progress, calls


def example(game):
    """examples/GAME.in, as text."""
    return (EXAMPLES / f"{game}.in").read_text()


def golden_inputs():
    """Every tests/golden/GAME/NAME.in with its NAME.args split, as params."""
    for path in sorted(GOLDEN.glob("*/*.in")):
        args = path.with_suffix(".args")
        yield pytest.param(path, args.read_text().split() if args.exists() else [],
                           id=f"{path.parent.name}/{path.stem}")
