"""The package itself: it is the installed one, its examples and its
listing of games and options (the library's catalog) hold.
"""
import json
import sys
from pathlib import Path

import pytest

import cgsolve
from helpers import SOLVABLE, SOURCE, cli, example, run_python


# ---- the package itself ---------------------------------------------------


def test_imports_from_the_installed_package():
    assert Path(cgsolve.__file__).resolve().is_relative_to(Path(sys.prefix).resolve())
    assert cgsolve.version() == cgsolve.__version__
    assert cgsolve.__version__.count(".") == 2


def test_the_docstring_examples_hold():
    import doctest

    failed, tried = doctest.testmod(cgsolve)
    assert tried >= 3 and failed == 0


def test_games_are_the_registry():
    listed = {g["name"]: g for g in cgsolve.games()}
    assert {"domino", "treblecross", "gamecs", "path", "numbergame", "grundy"} <= set(listed)
    assert listed["treblecross"]["playable"] and listed["treblecross"]["solvable"]
    assert listed["grundy"]["playable"] and not listed["grundy"]["solvable"]
    assert listed["grundy"]["misere"] and listed["grundy"]["position_from_arguments"]
    names = cli("list").stdout.decode()
    for name, game in listed.items():
        if game["solvable"]:
            assert name in names


def test_the_catalog_is_the_librarys():
    info = cgsolve.catalog()
    assert info["schema"] == "cgsolve/1" and info["version"] == cgsolve.version()
    assert info["games"] == cgsolve.games()
    commands = {c["name"]: {o["name"]: o for o in c["options"]} for c in info["commands"]}
    assert set(commands) == {"common", "grundy", "census", "verify", "misere", "play", "gen",
                             "stress", "check", "validate", "package"}
    # the command line's help reads the same declarations
    for name, options in commands.items():
        if name != "common":
            shown = cli("help", name).stdout.decode()
            for option in options:
                assert "--" + option in shown, (name, option)
    assert commands["common"]["memory"]["kind"] == "size"
    assert commands["grundy"]["method"]["choices"] == ["auto", "naive", "sparse"]
    numbergame = {o["name"]: o for o in next(g for g in info["games"] if g["name"] == "numbergame")["options"]}
    assert numbergame["max"] == {"name": "max", "short": "M", "kind": "int", "arg": "M",
                                 "help": "play on the numbers 2..M", "default": "20", "min": 2, "max": 56}


@pytest.mark.parametrize("game", SOLVABLE)
def test_a_games_listed_defaults_and_bounds_are_its_own(game):
    text = example(game)
    plain = cgsolve.solve(game, text).judge
    listed = next(g for g in cgsolve.games() if g["name"] == game)
    for option in listed["options"]:
        keyword = option["name"].replace("-", "_")
        if option["default"] is not None:  # given as listed, it changes nothing
            assert cgsolve.solve(game, text, **{keyword: option["default"]}).judge == plain
        if option["kind"] == "int":
            with pytest.raises(cgsolve.UsageError, match=f"option '{option['name']}': .* to {option['max']}"):
                cgsolve.solve(game, text, **{keyword: option["max"] + 1})
        if option["kind"] == "choice":
            for word in option["choices"]:
                cgsolve.solve(game, text, **{keyword: word})


# ---- the examples -----------------------------------------------------------------


def test_the_notebook_runs():
    notebook = SOURCE / "python" / "examples" / "notebook.py"
    out = run_python(str(notebook), "--upto", "20000", timeout=120)
    expected = cli("grundy", "0.007", "--upto", "20000", "--json").stdout
    checksum = json.loads(expected)["analysis"]["checksum"]
    assert f"checksum {checksum}" in out
    assert "winning moves (cells from 1):" in out
    assert "Kayles on heaps 4, 6, 9" in out and "the computer plays" in out


def python_block(readme, heading):
    text = readme.read_text()
    section = text[text.index(heading):]
    start = section.index("```python\n") + len("```python\n")
    return section[start:section.index("```", start)]


@pytest.mark.parametrize("readme,heading", [("README.md", "## From Python"),
                                            ("python/README.md", "# cgsolve for Python")])
def test_the_readme_examples_run(readme, heading):
    code = python_block(SOURCE / readme, heading)
    assert 3 <= len(code.strip().splitlines()) <= 6
    out = run_python("-c", code)
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[:2] == ["WINNING", "2 5 6 9"]
    assert any(line.endswith("] 12 71") for line in lines)  # Kayles' period and preperiod
    assert lines[-1].strip() == "1234567" and lines[-2].count("X") == 2  # a move each


# ---- errors: each class is the command line's exit code -----------------------

# the same bad input given to the package and to the command line
FAILURES = [
    pytest.param(cgsolve.InputError, lambda: cgsolve.solve("treblecross", "1\n..Y\n"),
                 ["treblecross"], b"1\n..Y\n", id="input"),
    pytest.param(cgsolve.UsageError, lambda: cgsolve.solve("nosuchgame", ""),
                 ["nosuchgame"], b"", id="usage-game"),
    pytest.param(cgsolve.UsageError, lambda: cgsolve.grundy("0.77", 5, threads=-3),
                 ["grundy", "0.77", "--upto", "5", "--threads", "-3"], b"", id="usage-option"),
    pytest.param(cgsolve.LimitError, lambda: cgsolve.grundy("0.007", 10**6, memory="64K"),
                 ["grundy", "0.007", "--upto", "1000000", "--memory", "64K"], b"", id="limit"),
    pytest.param(cgsolve.FileError, lambda: cgsolve.grundy(None, 5, resume="/nonexistent/checkpoint"),
                 ["grundy", "--resume", "/nonexistent/checkpoint", "--upto", "5"], b"", id="file"),
]


@pytest.mark.parametrize("cls, call, args, stdin", FAILURES)
def test_each_error_has_the_cli_exit_code(cls, call, args, stdin):
    with pytest.raises(cls) as failed:
        call()
    assert type(failed.value) is cls
    assert failed.value.exit_code == cli(*args, stdin=stdin, check=False).returncode


def test_exit_codes_are_the_ones_the_cli_lists():
    listed = " ".join(cli("--help").stdout.decode().split("Exit status:")[1].split("Messages")[0].split())
    meaning = {
        cgsolve.InputError: "bad input",
        cgsolve.UsageError: "usage error",
        cgsolve.LimitError: "resource limit",
        cgsolve.FileError: "read or write error",
        cgsolve.InternalError: "internal error",
        cgsolve.StoppedError: "interrupted",
    }
    for cls, words in meaning.items():
        assert f"{cls.exit_code} {words}" in listed, (cls.__name__, listed)
    # a progress function's stop is the command line's interrupted run
    with pytest.raises(cgsolve.StoppedError) as stopped:
        cgsolve.grundy("0.007", 200000, progress=lambda what, done, total: True)
    assert stopped.value.exit_code == 130
