#!/usr/bin/env python3
"""The shared library exports exactly what the public headers promise.

Reads every declaration of the installed headers (include/cgsolve/*.h): a
function or object declared there must carry CG_API (cgsolve/export.h), and
the names so marked must be exactly the symbols `nm -D --defined-only`
finds defined in libcgsolve.so: nothing internal leaks out of the
-fvisibility=hidden build, nothing promised is missing.
Usage: symbols.py HEADERS_DIR LIBCGSOLVE_SO
Prints "abi.symbols: N exported, as the headers declare" or what differs."""
import re
import subprocess
import sys
from pathlib import Path

# Symbols the toolchain itself may put in a shared library's dynamic table.
TOOLCHAIN = {"_init", "_fini", "_edata", "_end", "__bss_start"}


def declarations(text):
    """The top-level statements of a header: comments, preprocessor lines and
    the extern "C" wrapper removed, split at the semicolons outside braces."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)
    text = text.replace('extern "C" {', " ")
    statements, depth, current = [], 0, []
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:  # the extern "C" block's closing brace
                depth = 0
                continue
        if char == ";" and depth == 0:
            statements.append(" ".join("".join(current).split()))
            current = []
        else:
            current.append(char)
    return statements


def promised(headers):
    """(names marked CG_API, declarations that lack it) over the headers."""
    exported, unmarked = set(), []
    for header in sorted(Path(headers).glob("*.h")):
        for statement in declarations(header.read_text(encoding="utf-8")):
            if not statement or statement.startswith(("typedef", "struct", "enum", "union")):
                continue
            # a function's name is the word before its parameters; an
            # object's the last word (before its array bounds)
            found = re.search(r"(\w+)\s*\(", statement) or re.search(
                r"(\w+)\s*(?:\[[^\]]*\])?\s*$", statement)
            name = found.group(1) if found else statement
            if re.match(r"(extern\s+)?CG_API\b", statement):
                exported.add(name)
            else:
                unmarked.append(f"{header.name}: {name}")
    return exported, unmarked


def defined(library):
    out = subprocess.run(["nm", "-D", "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    names = {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}
    return names - TOOLCHAIN


def main():
    headers, library = sys.argv[1], sys.argv[2]
    exported, unmarked = promised(headers)
    found = defined(library)
    failures = [f"declared without CG_API: {d}" for d in unmarked]
    failures += [f"exported but not declared CG_API: {n}" for n in sorted(found - exported)]
    failures += [f"declared CG_API but not exported: {n}" for n in sorted(exported - found)]
    for failure in failures:
        print(f"FAIL {failure}")
    if not exported:
        failures.append("no CG_API declaration found")
        print("FAIL no CG_API declaration found in", headers)
    if failures:
        print(f"abi.symbols: {len(failures)} differences")
        return 1
    print(f"abi.symbols: {len(exported)} exported, as the headers declare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
