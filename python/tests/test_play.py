"""Play sessions against `cgsolve play --json`: the same events, Ctrl-C
taking a command back.
"""
import json
import textwrap

import pytest

import cgsolve
from helpers import SOURCE, cli, cli_events, run_python


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
    out = run_python("-c", OPENING_INTERRUPTED)
    seconds, to_move, moves = out.split()
    assert float(seconds) < 4 and to_move == "you" and moves == "11"


# ---- play -----------------------------------------------------------------------


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


# A 10x10 PATH board (44 empty cells) the computer takes seconds to answer
# after e1 (about 8 s here); opening it takes under a second. (The board of
# 40 empty cells it replaces is answered in 0.8 s by the faster solver, so
# the stop at 0.5 s could come after the answer.)
LONG_PATH = "10\\nBWWBUBBWWW\\nUWUBBUWWUW\\nBWBUBWBUBW\\nBWBBWUBBUU\\nBWUUUUUWWU\\nUUUUUBBUUU\\nUWWWUUUUWU\\nBBUWWUBWBB\\nUWBWUWUWUW\\nBUBWUBBBUB\\n0\\n"

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
    out = run_python("-c", INTERRUPTED_MOVE, timeout=120)
    line, event = out.splitlines()
    *checks, seconds = line.split()
    assert checks == ["True", "True", "True", "False", "you", "True"], out
    assert float(seconds) < 15  # stopped 0.5 s in; the move takes about 8 s
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


# ---- str() and clone() ------------------------------------------------------------


def test_str_is_the_position_as_the_terminal_draws_it(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("1\n.......\n")
    game = cgsolve.Play("treblecross", board.read_text(), seed=5)
    terminal = cli("play", "treblecross", "--seed", "5", str(board), stdin=b"quit\n").stdout.decode()
    assert str(game) and str(game) in terminal and str(game) == game.board
    game.move(game.hint()[0])
    while not game.over:
        game.move(game.hint()[0])
    assert str(game) == game.events[-1]["board"]  # the final position
    assert "XXX" in str(game) and "you won" in repr(game)


@pytest.mark.parametrize("game, options", [("treblecross", {"random": True}), ("path", {}),
                                            ("domino", {"random": True}), ("numbergame", {"max": 12})])
def test_clone_is_an_independent_session_at_the_same_position(game, options):
    original = cgsolve.Play(game, **options)  # no seed given
    original.move(original.legal_moves[0])
    twin = original.clone()
    assert str(twin) == str(original) and twin.over == original.over
    assert twin.legal_moves == original.legal_moves and twin.move_values == original.move_values
    assert twin.state == original.state and twin.winner == original.winner
    before = str(original)
    if not twin.over:
        twin.move(twin.legal_moves[-1])
        assert str(original) == before and str(twin) != before  # the original did not move
        if not twin.over:
            twin.undo()
            assert str(twin) == before
            twin.undo()  # the clone takes back the same first move
            original.undo()
            assert str(twin) == str(original)
    original.close()
    assert twin.legal_moves or twin.over  # the clone lives on
