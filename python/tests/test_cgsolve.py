"""The cgsolve package against the command line it wraps.

CGSOLVE_CLI names the cgsolve program to compare with (CTest passes the
build's); CGSOLVE_SOURCE_DIR the source tree (default: two levels up).
Takes about 5 s.
"""
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numpy as np
import pytest

import cgsolve

SOURCE = Path(os.environ.get("CGSOLVE_SOURCE_DIR", Path(__file__).resolve().parents[2]))
GOLDEN = SOURCE / "tests" / "golden"
CLI = os.environ.get("CGSOLVE_CLI")


def cli(*args, stdin=b"", check=True):
    if CLI is None:
        pytest.skip("CGSOLVE_CLI is not set: no command line to compare with")
    done = subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"cgsolve {' '.join(args)}: {done.stderr.decode()}")
    return done


def golden_inputs():
    for path in sorted(GOLDEN.glob("*/*.in")):
        args = path.with_suffix(".args")
        yield pytest.param(path, args.read_text().split() if args.exists() else [], id=path.stem
                           and f"{path.parent.name}/{path.stem}")


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
    assert set(commands) == {"common", "grundy", "misere", "play", "gen", "stress", "check"}
    assert commands["common"]["memory"]["kind"] == "size"
    assert commands["grundy"]["method"]["choices"] == ["auto", "naive", "sparse"]
    numbergame = {o["name"]: o for o in next(g for g in info["games"] if g["name"] == "numbergame")["options"]}
    assert numbergame["max"] == {"name": "max", "short": "M", "kind": "int", "arg": "M",
                                 "help": "play on the numbers 2..M", "default": "20", "min": 2, "max": 56}


@pytest.mark.parametrize("game", ["domino", "gamecs", "numbergame", "path", "treblecross"])
def test_a_games_listed_defaults_and_bounds_are_its_own(game):
    text = (SOURCE / "examples" / f"{game}.in").read_text()
    plain = cgsolve.solve(game, text).judge
    listed = next(g for g in cgsolve.games() if g["name"] == game)
    for option in listed["options"]:
        keyword = option["name"].replace("-", "_")
        if option["default"] is not None:  # given as listed, it changes nothing
            assert cgsolve.solve(game, text, **{keyword: option["default"]}).judge == plain
        if option["kind"] == "int":
            with pytest.raises(cgsolve.UsageError, match=f"--{option['name']}: .* to {option['max']}"):
                cgsolve.solve(game, text, **{keyword: option["max"] + 1})
        if option["kind"] == "choice":
            for word in option["choices"]:
                cgsolve.solve(game, text, **{keyword: word})


# ---- solve ------------------------------------------------------------------


@pytest.mark.parametrize("path,args", golden_inputs())
def test_golden_inputs_give_the_cli_bytes(path, args):
    game = path.parent.name
    options = {}
    for word in args:  # "--name" is a flag unless the next word is its value
        if word.startswith("--"):
            name = word[2:].replace("-", "_")
            options[name] = True
        else:
            options[name] = word
    solution = cgsolve.solve(game, path.read_bytes(), name="<stdin>", **options)
    assert solution.judge == path.with_suffix(".out").read_text()
    lines = cli(game, "--json", *args, stdin=path.read_bytes()).stdout.decode()
    assert solution.json == lines
    assert solution.analyses == [json.loads(line) for line in lines.splitlines()]
    assert solution.cases == len(solution.analyses) > 0
    assert str(solution) == solution.judge


@pytest.mark.parametrize("game", ["domino", "gamecs", "numbergame", "path", "treblecross"])
def test_examples_give_the_cli_bytes(game):
    text = (SOURCE / "examples" / f"{game}.in").read_text()
    assert cgsolve.solve(game, text).judge == cli(game, stdin=text.encode()).stdout.decode()


def test_game_options_are_the_cli_options():
    text = (SOURCE / "examples" / "numbergame.in").read_bytes()
    ours = cgsolve.solve("numbergame", text, max=12, memory="64M").judge
    assert ours == cli("numbergame", "--max", "12", "--memory", "64M", stdin=text).stdout.decode()


# ---- errors -------------------------------------------------------------------


def test_a_bad_input_is_an_input_error_with_its_place():
    with pytest.raises(cgsolve.InputError) as caught:
        cgsolve.solve("treblecross", "2\n...\n..O..\n", name="boards.txt")
    e = caught.value
    assert (e.line, e.column) == (3, 3)
    assert e.status == 2 and e.status_name == "input error"
    assert e.message.startswith("boards.txt:3:3: ")
    assert isinstance(e, ValueError) and isinstance(e, cgsolve.Error)
    stderr = cli("treblecross", stdin=b"2\n...\n..O..\n", check=False).stderr.decode()
    assert e.message.replace("boards.txt", "<stdin>") in stderr


def test_usage_errors():
    with pytest.raises(cgsolve.UsageError, match="unknown game 'chess'"):
        cgsolve.solve("chess", "")
    with pytest.raises(cgsolve.UsageError, match="takes no option 'frobnicate'"):
        cgsolve.solve("treblecross", "1\n...\n", frobnicate=3)
    with pytest.raises(cgsolve.UsageError, match="--memory: 'lots' is not a size"):
        cgsolve.solve("treblecross", "1\n...\n", memory="lots")
    with pytest.raises(cgsolve.UsageError, match="not one of"):
        cgsolve.grundy("0.007", 10, method="fast")
    with pytest.raises(cgsolve.UsageError):
        cgsolve.Play("treblecross", level="clever")
    with pytest.raises(TypeError):
        cgsolve.solve("treblecross", 42)


def test_a_spent_budget_is_a_limit_error():
    with pytest.raises(cgsolve.LimitError) as caught:
        cgsolve.solve("treblecross", "1\n" + "." * 60 + "\n", memory="1K")
    assert caught.value.line == 2 and caught.value.column == 0
    assert isinstance(caught.value, MemoryError)


def test_a_progress_function_can_stop_the_work():
    calls = []

    def stop(what, done, total):
        calls.append((what, done, total))
        return len(calls) >= 2

    with pytest.raises(cgsolve.StoppedError):
        cgsolve.grundy("0.007", 200000, progress=stop)
    assert calls[0][0] == "grundy values" and calls[-1][1] <= calls[-1][2]


# ---- grundy -------------------------------------------------------------------


@pytest.mark.parametrize("code", ["0.007", "0.77", "0.07", "4.07", "0.137", "0.6"])
def test_grundy_values_are_the_cli_values(code):
    result = cgsolve.grundy(code, 3000)
    expected = np.array(cli("grundy", code, "--upto", "3000").stdout.split(), dtype=np.int64)
    assert result.values.dtype == np.uint16
    assert np.array_equal(result.values.astype(np.int64), expected)
    analysis = json.loads(cli("grundy", code, "--upto", "3000", "--json").stdout)["analysis"]
    assert result.analysis == analysis
    assert result.checksum == analysis["checksum"]
    assert result.rare_count == analysis["rare_positions"]


def test_grundy_methods_and_period():
    kayles = cgsolve.grundy("0.77", 200, until_period=True, method="naive", threads=1)
    assert (kayles.period, kayles.preperiod) == (12, 71)
    assert kayles.values[:13].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    sparse = cgsolve.grundy("0.77", 200, method="sparse")
    assert np.array_equal(sparse.values, kayles.values)


def test_grundy_checkpoints_are_the_clis(tmp_path):
    saved = tmp_path / "treblecross.ckpt"
    cgsolve.grundy("0.007", 4000, checkpoint=str(saved))
    resumed = cli("grundy", "--resume", str(saved), "--upto", "6000").stdout.split()
    from_cli = tmp_path / "cli.ckpt"
    cli("grundy", "0.007", "--upto", "6000", "--checkpoint", str(from_cli))
    ours = cgsolve.grundy(None, 6000, resume=str(from_cli))
    assert ours.values.tolist() == [int(v) for v in resumed]
    assert ours.analysis["code"] == "0.007"
    with pytest.raises(cgsolve.InputError):
        (tmp_path / "damaged").write_bytes(b"not a checkpoint")
        cgsolve.grundy(None, 10, resume=str(tmp_path / "damaged"))


def test_grundy_values_view_the_engines_table():
    result = cgsolve.grundy("0.007", 5000)
    values = result.values
    assert isinstance(values.base, cgsolve._cgsolve.Table)  # the owner, not a copy
    assert not values.flags.owndata and len(values.base) == 5001
    expected = np.array(cli("grundy", "0.007", "--upto", "5000").stdout.split(), dtype=np.int64)
    assert np.array_equal(values.astype(np.int64), expected)
    periodic = cgsolve.grundy("0.77", 5000, until_period=True)  # filled in past the period
    assert periodic.period == 12 and isinstance(periodic.values.base, cgsolve._cgsolve.Table)
    assert np.array_equal(periodic.values, cgsolve.grundy("0.77", 5000).values)
    assert len(cgsolve.grundy("0.77", 0).values) == 1


def test_a_table_is_freed_with_its_last_view():
    import gc

    gc.collect()
    alive = cgsolve._cgsolve._tables_alive()
    values = cgsolve.grundy("0.07", 1000).values
    part = values[10:20]  # a view of the same table
    del values
    assert cgsolve._cgsolve._tables_alive() == alive + 1
    del part
    assert cgsolve._cgsolve._tables_alive() == alive

    def resident_kib():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

    # Kayles' period is proven at once, the rest of the table filled in from it
    first = cgsolve.grundy("0.77", 200000, until_period=True)  # the allocator's arenas grown
    last = int(first.values[71 + (200000 - 71) % 12])  # period 12 from heap 71
    del first
    before = resident_kib()
    for _ in range(100):  # 400 KB a table: 40 MB if they stayed
        assert cgsolve.grundy("0.77", 200000, until_period=True).values[-1] == last
    assert cgsolve._cgsolve._tables_alive() == alive
    assert resident_kib() - before < 8 * 1024


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.007"])
def test_misere_values_are_the_clis(code):
    result = cgsolve.grundy(code, 30, misere=True)
    analysis = json.loads(cli("grundy", code, "--misere", "--upto", "30", "--json").stdout)
    assert result.analysis == analysis["analysis"]
    lines = [line.split() for line in cli("grundy", code, "--misere", "--upto", "30").stdout.decode().splitlines()]
    assert len(lines) == 31 and len(result.values) == 31
    assert result.values.tolist() == [int(line[1]) for line in lines]
    assert result.genus == [line[2] for line in lines]
    assert result.tame.tolist() == [line[3] == "tame" for line in lines]
    heaps = analysis["analysis"]["heaps"]
    assert result.normal.tolist() == [h["normal"] for h in heaps]
    assert result.terms.shape == (31, 4) and result.terms.tolist() == [h["terms"] for h in heaps]
    wild = [n for n, line in enumerate(lines) if line[3] == "wild"]
    assert result.first_wild == (wild[0] if wild else None)
    assert result.checksum == analysis["analysis"]["checksum"]
    six = cgsolve.grundy(code, 8, misere=True, terms=6)
    assert six.terms.shape == (9, 6) and six.values.tolist() == result.values[:9].tolist()


@pytest.mark.parametrize(
    "code,heaps",
    [("0.77", [3, 4, 5]), ("0.77", [5, 7, 9]), ("0.07", [3, 4, 5]), ("0.07", [1, 1]),
     ("0.07", [4, 4]), ("0.137", [6, 9]), ("0.77", [2, 2]), ("4.07", [1, 3])],
)
def test_misere_sums_are_the_clis(code, heaps):
    words = [str(h) for h in heaps]
    outcome = cgsolve.misere_outcome(code, heaps)
    first, moves = cli("grundy", code, "--misere", "--sum", *words).stdout.decode().splitlines()
    assert outcome.outcome == first
    assert outcome.winning_moves == ([] if moves == "none" else moves.split())
    analysis = json.loads(cli("grundy", code, "--misere", "--sum", *words, "--json").stdout)
    assert outcome.analysis == analysis["analysis"]
    assert outcome.method == analysis["analysis"]["method"]


def test_misere_errors_are_exceptions():
    with pytest.raises(cgsolve.InputError, match="invalid octal game code"):
        cgsolve.grundy("0.8x", 5, misere=True)
    with pytest.raises(cgsolve.UsageError, match="65535") as bad:
        cgsolve.misere_outcome("0.77", [70000])
    assert bad.value.status_name == "usage error"
    with pytest.raises(cgsolve.UsageError, match="needs heaps"):
        cgsolve.misere_outcome("0.77", [])
    with pytest.raises(cgsolve.UsageError, match="method") as refused:
        cgsolve.grundy("0.77", 5, misere=True, method="naive")
    assert refused.value.message.startswith("misère values take no")
    with pytest.raises(cgsolve.UsageError):
        cgsolve.grundy("0.77", 5, terms=3)  # terms without misere
    with pytest.raises(cgsolve.LimitError, match="not settled within 10 positions"):
        cgsolve.misere_outcome("0.07", [20, 21, 22, 23], positions=10)
    with pytest.raises(cgsolve.UsageError):
        cgsolve.grundy("0.77", 5, misere=True, terms=99)


INTERRUPTED = textwrap.dedent(
    """
    import os, signal, threading, time, cgsolve
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    try:
        cgsolve.grundy("0.77", 2000000, method="naive")
        print("not interrupted")
    except KeyboardInterrupt as stopped:
        partial = stopped.partial.values
        whole = cgsolve.grundy("0.77", len(partial) - 1)
        print(len(partial), bool((whole.values == partial).all()),
              round(time.monotonic() - started, 1))
    """
)


def test_long_work_releases_the_gil():
    worker = threading.Thread(target=cgsolve.grundy, args=("0.77", 20000), kwargs={"method": "naive"})
    worker.start()
    spins = 0
    while worker.is_alive() and spins < 200000:  # Python runs while the library works
        spins += 1
    assert worker.is_alive() and spins == 200000
    worker.join()


def test_ctrl_c_stops_a_long_grundy_with_a_valid_partial_result():
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    count, valid, seconds = done.stdout.split()
    assert int(count) > 0 and valid == "True"
    assert float(seconds) < 30  # the run asked for would take hours


MISERE_INTERRUPTED = textwrap.dedent(
    """
    import os, signal, threading, time, cgsolve
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    try:
        cgsolve.grundy("0.77", 3000, misere=True)  # past heap 47 only after 20 s
        print("not interrupted")
    except KeyboardInterrupt as stopped:
        partial = stopped.partial  # the heaps done so far
        whole = cgsolve.grundy("0.77", len(partial.values) - 1, misere=True)
        same = (bool((whole.values == partial.values).all()) and whole.genus == partial.genus
                and bool((whole.tame == partial.tame).all()))
        print(round(time.monotonic() - started, 1), cgsolve.misere_outcome("0.77", [1]).outcome,
              len(partial.values), partial.analysis["computed"], partial.analysis["upto"], same)
    """
)


def test_ctrl_c_stops_misere_values_with_a_valid_partial_result():
    done = subprocess.run(
        [sys.executable, "-c", MISERE_INTERRUPTED], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    seconds, after, count, computed, upto, same = done.stdout.split()
    assert float(seconds) < 20 and after == "P"  # and the library still answers
    assert 0 < int(count) == int(computed) < 3001 and upto == "3000" and same == "True"


def test_a_partial_that_does_not_read_is_none_and_the_stop_raised(monkeypatch):
    def cut_short(code, upto, heaps, options, progress=None):
        stopped = KeyboardInterrupt()
        stopped.partial = '{"command":"grundy","analysis":{"heaps":[{"heap":0,'
        raise stopped

    monkeypatch.setattr(cgsolve._cgsolve, "misere", cut_short)
    with pytest.raises(KeyboardInterrupt) as stopped:
        cgsolve.grundy("0.77", 3000, misere=True)
    assert stopped.value.partial is None


def test_a_progress_function_stopping_misere_values_leaves_the_heaps_done():
    calls = []

    def enough(what, done, total):
        calls.append(done)
        return len(calls) >= 3

    with pytest.raises(cgsolve.StoppedError) as stopped:
        cgsolve.grundy("0.77", 3000, misere=True, progress=enough)
    partial = stopped.value.partial
    assert 0 < len(partial.values) == partial.analysis["computed"] < 3001
    assert partial.values.tolist() == cgsolve.grundy(
        "0.77", len(partial.values) - 1, misere=True).values.tolist()


OPENING_INTERRUPTED = textwrap.dedent(
    """
    import os, signal, threading, time, cgsolve
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    try:
        cgsolve.Play("numbergame", max=40)  # its start takes 8 s to value
        print("not interrupted")
    except KeyboardInterrupt:
        seconds = time.monotonic() - started
        game = cgsolve.Play("numbergame", max=12)  # and the library still plays
        print(round(seconds, 1), game.to_move, len(game.legal_moves))
    """
)


def test_ctrl_c_stops_a_long_opening():
    done = subprocess.run(
        [sys.executable, "-c", OPENING_INTERRUPTED], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    seconds, to_move, moves = done.stdout.split()
    assert float(seconds) < 4 and to_move == "you" and moves == "11"


# ---- play -----------------------------------------------------------------------


def cli_events(game, commands, *args):
    out = cli("play", game, "--json", *args, stdin="".join(c + "\n" for c in commands).encode())
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def test_a_game_follows_the_protocol(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("1\n.........\n")
    game = cgsolve.Play("treblecross", board.read_text(), seed=3)
    assert [e["event"] for e in game.events] == ["start", "position"]
    assert game.to_move == "you" and game.legal_moves == [str(k) for k in range(1, 10)]
    assert not game.over and game.winner is None
    winning = game.hint()
    assert winning == ["1", "4", "5", "6", "9"]
    with pytest.raises(cgsolve.IllegalMove):
        game.move(10)
    assert game.legal_moves == [str(k) for k in range(1, 10)]  # unchanged
    answer = game.move(5)
    assert "5" not in game.legal_moves
    assert [e["event"] for e in answer] == ["move", "position", "move", "position"]
    assert answer[2]["by"] == "computer" and game.to_move == "you"
    game.undo()
    assert game.legal_moves == [str(k) for k in range(1, 10)]
    commands = ["hint", "10", "5", "undo"]
    while not game.over:
        move = (game.hint() or game.legal_moves)[0]
        commands += ["hint", move]
        game.move(move)
    assert game.winner == "you" and game.legal_moves == [] and game.to_move is None
    with pytest.raises(cgsolve.UsageError):
        game.move(1)
    assert game.events == cli_events("treblecross", commands, "--seed", "3", str(board))
    game.close()


class _CtrlCAsItAnswers:
    """A session whose send raises KeyboardInterrupt once the command has
    been answered: Ctrl-C as the answer came, too late to stop it."""

    def __init__(self, session):
        self._session = session

    def send(self, line):
        self._session.send(line)
        raise KeyboardInterrupt

    def __getattr__(self, name):
        return getattr(self._session, name)


def test_ctrl_c_after_the_answer_returns_the_events():
    game = cgsolve.Play("numbergame", max=12)
    game._session = _CtrlCAsItAnswers(game._session)
    try:
        events = game.command("history")
    except KeyboardInterrupt:
        pytest.fail("a Ctrl-C after the answer raised KeyboardInterrupt")
    assert [e["event"] for e in events] == ["history"]
    game._session = game._session._session
    answer = game.move(game.legal_moves[0])  # the session goes on, not stopped
    assert "stopped" not in [e["event"] for e in answer]
    assert any(e.get("by") == "computer" for e in answer)
    game.close()


# A 10x10 PATH board (40 empty cells) the computer takes seconds to answer
# after e1 (about 6 s here); opening it takes under a second.
LONG_PATH = "10\\nBWWBUBBWWW\\nUWUBBUWWUW\\nBWBUBWBUBW\\nBWBBWUBBUU\\nBWUUUUUWWU\\nUUUUBBBUWU\\nUWWWWUBUWU\\nBBUWWUBWBB\\nUWBWUWUWUW\\nBUBWUBBBUB\\n0\\n"

INTERRUPTED_MOVE = textwrap.dedent(
    f"""
    import json, os, signal, threading, time, cgsolve
    game = cgsolve.Play("path", "{LONG_PATH}")
    before = (game.legal_moves, game.board)
    spins = [0]
    def spin():  # runs while the library thinks: the GIL is released
        end = time.monotonic() + 0.4
        while time.monotonic() < end:
            spins[0] += 1
    threading.Thread(target=spin).start()
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    try:
        game.move("e1")
        print("not interrupted")
    except KeyboardInterrupt:
        seconds = time.monotonic() - started
        kinds = [e["event"] for e in game.events[-3:]]
        stopped = game.events[-2]
        same = (game.legal_moves, game.board) == before
        history = game.command("history")[0]["moves"]
        print(kinds == ["move", "stopped", "position"], same, history == [],
              game.over, game.to_move, spins[0] > 1000, round(seconds, 1))
        print(json.dumps(stopped))
        game.close()
    """
)


def test_ctrl_c_takes_a_long_computer_move_back():
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_MOVE], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    line, event = done.stdout.splitlines()
    *checks, seconds = line.split()
    assert checks == ["True", "True", "True", "False", "you", "True"], done.stdout
    assert float(seconds) < 15  # stopped 0.5 s in; the move takes about 6 s
    assert json.loads(event)["moves_taken_back"] == 1
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SOURCE / "docs" / "schema" / "play.schema.json").read_text())
    jsonschema.validate(json.loads(event), schema)


def test_the_computer_first_and_the_games_options():
    with cgsolve.Play("numbergame", first="computer", max=8, seed=5) as game:
        assert game.events[0]["first"] == "computer"
        assert game.events[2]["by"] == "computer"
        assert game.events == cli_events("numbergame", [], "--first", "computer", "--max", "8", "--seed", "5")[:4]


def test_kayles_on_heaps_plays_like_the_cli():
    # the same seed, so the computer picks the same among equal moves
    with cgsolve.Play("grundy", "0.77 3 4 5", seed=7) as game:
        commands = []
        while not game.over:
            move = (game.hint() or game.legal_moves)[0]
            commands += ["hint", move]
            game.move(move)
        assert game.winner in ("you", "computer")
    assert game.events == cli_events("grundy", commands, "--seed", "7", "0.77", "3", "4", "5")


def test_position_extras_are_read_when_present():
    game = cgsolve.Play("treblecross", "1\n.....\n")
    latest = [e for e in game.events if e["event"] == "position"][-1]
    assert game.move_values == latest.get("move_values")
    assert game.state == latest.get("state")
    assert game.board == latest["board"]


def test_a_level_is_the_level_command():
    try:
        game = cgsolve.Play("treblecross", "1\n.....\n", level="casual")
    except cgsolve.UsageError as refused:  # a library without levels
        assert str(refused).startswith("level casual: ")
    else:
        answers = game.events[2:]
        assert answers and all(e["event"] != "error" for e in answers)
        game.close()
    with pytest.raises(cgsolve.UsageError, match="level no-such-level"):
        cgsolve.Play("treblecross", "1\n.....\n", level="no-such-level")


def test_a_bad_position_is_an_input_error():
    with pytest.raises(cgsolve.InputError) as caught:
        cgsolve.Play("treblecross", "..Y")
    assert (caught.value.line, caught.value.column) == (1, 3)


# ---- the contest tools ------------------------------------------------------------


@pytest.mark.parametrize("game", ["domino", "gamecs", "numbergame", "path", "treblecross"])
def test_gen_and_check_are_the_clis(game, tmp_path):
    text = cgsolve.gen(game, cases=5, seed=11, hard=True)
    assert text == cli("gen", game, "--cases", "5", "--seed", "11", "--hard").stdout.decode()
    right = cgsolve.solve(game, text).judge
    assert cgsolve.check(game, text, right)["verdict"] == "accepted"
    wrong = cgsolve.check(game, text, "nonsense\n")
    (tmp_path / "in").write_text(text)
    (tmp_path / "out").write_text("nonsense\n")
    done = cli("check", game, str(tmp_path / "in"), str(tmp_path / "out"), check=False)
    assert done.returncode in (10, 11)
    assert wrong["verdict"] == ("wrong_answer" if done.returncode == 10 else "presentation_error")
    assert done.stdout.decode().splitlines()[0] == wrong["summary"]


# ---- the examples -----------------------------------------------------------------


def test_the_notebook_runs():
    notebook = SOURCE / "python" / "examples" / "notebook.py"
    done = subprocess.run([sys.executable, str(notebook), "--upto", "20000"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = cli("grundy", "0.007", "--upto", "20000", "--json").stdout
    checksum = json.loads(expected)["analysis"]["checksum"]
    assert f"checksum {checksum}" in done.stdout
    assert "winning moves (cells from 1):" in done.stdout
    assert "Kayles on heaps 4, 6, 9" in done.stdout and "the computer plays" in done.stdout


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
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert lines[:2] == ["WINNING", "2 5 6 9"]
    assert any(line.endswith("] 12 71") for line in lines)  # Kayles' period and preperiod
    assert lines[-1].strip() == "1234567" and lines[-2].count("X") == 2  # a move each
