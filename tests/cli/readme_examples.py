#!/usr/bin/env python3
"""The README's examples, run as pasted.

Which fenced blocks run (the convention, also in HACKING.md): every block
fenced ``` or ```sh whose first command starts with `cgsolve` or `$ `, and
any block opted in by a `<!-- readme-test: run -->` line before its fence
(blank lines between are fine); `<!-- readme-test: skip REASON -->` there
leaves a block out, saying why (a synopsis, hours of work, your program).

A block of `$ ` lines is a transcript: each `$ ` line (with its `\\`
continuations) is a command and the lines up to the next one its expected
standard output, exactly; a line `...` ends the comparison (the rest is not
shown). `<!-- readme-test: stdin TEXT -->` gives the block's last command
its standard input (`\\n` for a line end). Any other block is a script:
each command (continuations joined, comments skipped) must exit 0, and one
that starts with `cgsolve` must write something.

Each block runs with sh in a scratch directory of its own, holding a link
`examples` to the repository's, with the build's cgsolve first on PATH; each
command is bounded by 60 s. Prints "readme: N passed, M failed".
Usage: readme_examples.py CGSOLVE SOURCE_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^\s*<!-- readme-test: (run|skip|stdin)\b ?(.*?) ?-->\s*$")


def blocks(lines):
    """(line number, body lines, markers) of every ``` / ```sh block."""
    i = 0
    while i < len(lines):
        fence = lines[i].strip()
        if not fence.startswith("```"):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith("```"):
            j += 1
        indent = len(lines[i]) - len(lines[i].lstrip())
        body = [line[indent:] if line[:indent].strip() == "" else line for line in lines[i + 1:j]]
        markers = {}
        k = i - 1
        while k >= 0 and (lines[k].strip() == "" or MARKER.match(lines[k])):
            m = MARKER.match(lines[k])
            if m:
                markers[m.group(1)] = m.group(2)
            k -= 1
        if fence in ("```", "```sh"):
            yield i + 1, body, markers
        i = j + 1


def commands(body):
    """The commands of a script block, continuations joined."""
    out, current = [], ""
    for line in body:
        if not current and (line.strip() == "" or line.lstrip().startswith("#")):
            continue
        current += line
        if current.endswith("\\"):
            current = current[:-1] + "\n"
            continue
        out.append(current.strip())
        current = ""
    return out


def transcript(body):
    """(command, expected lines, whole) of each `$ ` command."""
    steps = []
    for line in body:
        if line.startswith("$ "):
            steps.append([line[2:], [], True])
        elif steps and steps[-1][1] == [] and steps[-1][0].endswith("\\"):
            steps[-1][0] = steps[-1][0][:-1] + "\n" + line
        elif steps:
            if line == "...":
                steps[-1][2] = False
            elif steps[-1][2]:
                steps[-1][1].append(line)
    return steps


def run(command, directory, stdin):
    try:
        done = subprocess.run(["sh", "-c", command], cwd=directory, input=stdin.encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after 60 s"
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(
        errors="replace")


def main():
    exe, src = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.environ["PATH"] = os.path.dirname(exe) + os.pathsep + os.environ["PATH"]
    with open(os.path.join(src, "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    passed = failed = skipped = 0

    def bad(where, why):
        nonlocal failed
        failed += 1
        print(f"FAIL README.md:{where}: {why}")

    for number, body, markers in blocks(lines):
        first = next((line for line in body if line.strip() and not line.startswith("#")), "")
        runs = first.startswith("cgsolve") or first.startswith("$ ") or "run" in markers
        if "skip" in markers or not runs:
            skipped += "skip" in markers
            continue
        with tempfile.TemporaryDirectory() as directory:
            os.symlink(os.path.join(os.path.abspath(src), "examples"),
                       os.path.join(directory, "examples"))
            if first.startswith("$ "):
                steps = transcript(body)
                stdin = markers.get("stdin", "").replace("\\n", "\n")
                for k, (command, expected, whole) in enumerate(steps):
                    given = stdin if k == len(steps) - 1 else ""
                    status, out, err = run(command, directory, given)
                    got = out[:-1].split("\n") if out.endswith("\n") else out.split("\n")
                    got = got if out else []
                    if status != 0:
                        bad(number, f"$ {command}: exit {status}: {err.strip()}")
                    elif (got if whole else got[:len(expected)]) != expected:
                        bad(number, f"$ {command}: output differs:\n  expected: {expected}\n"
                            f"  got:      {got[:len(expected) + 1]}")
                    else:
                        passed += 1
            else:
                for command in commands(body):
                    status, out, err = run(command, directory, "")
                    if status != 0:
                        bad(number, f"{command}: exit {status}: {err.strip()}")
                    elif command.startswith("cgsolve") and out == "":
                        bad(number, f"{command}: wrote nothing")
                    else:
                        passed += 1
    print(f"readme: {passed} passed, {failed} failed ({skipped} blocks skipped, each saying why)")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
