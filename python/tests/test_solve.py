"""solve, gen and check against the command line: the same bytes, the
same errors.
"""
import json

import pytest

import cgsolve
from helpers import SOLVABLE, cli, example, golden_inputs


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


@pytest.mark.parametrize("game", SOLVABLE)
def test_examples_give_the_cli_bytes(game):
    text = example(game)
    assert cgsolve.solve(game, text).judge == cli(game, stdin=text.encode()).stdout.decode()


def test_game_options_are_the_cli_options():
    text = example("numbergame").encode()
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
    with pytest.raises(cgsolve.UsageError, match="option 'memory': 'lots' is not a size"):
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


# ---- the contest tools ------------------------------------------------------------


@pytest.mark.parametrize("game", SOLVABLE)
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
