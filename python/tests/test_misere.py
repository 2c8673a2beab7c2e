"""Misère play against `cgsolve misere`: each heap's genus and tameness, a
misère game played to its end.
"""
import json

import cgsolve
from helpers import cli, cli_events


def cli_analysis(*args):
    """The analysis of `cgsolve misere ARGS --json`, parsed."""
    return json.loads(cli("misere", *args, "--json").stdout)["analysis"]


# ---- genus and tameness per heap ---------------------------------------------


def test_genus_and_tameness_per_heap_are_the_clis():
    result = cgsolve.grundy("0.77", 20, misere=True)
    heaps = cli_analysis("0.77", "--upto", "20")["heaps"]
    assert [h["heap"] for h in heaps] == list(range(21))
    assert result.genus == [h["genus"] for h in heaps]
    assert result.tame.tolist() == [h["tame"] for h in heaps]
    assert result.terms.tolist() == [h["terms"] for h in heaps]
    assert result.values.tolist() == [h["misere"] for h in heaps]
    # and the text lines, "n G-(n) genus tame|wild"
    lines = [line.split() for line in cli("misere", "0.77", "--upto", "20").stdout.decode().splitlines()]
    assert [(line[2], line[3] == "tame") for line in lines] == list(zip(result.genus, result.tame.tolist()))


# ---- a misère game played --------------------------------------------------------


def test_a_misere_game_is_lost_by_whoever_takes_the_last_pin():
    with cgsolve.Play("grundy", "0.77 5 7", misere=True, first="computer", seed=11) as game:
        assert game.events[0]["play"] == "misere" and game.events[0]["first"] == "computer"
        moves = [e for e in game.events if e["event"] == "move"]
        assert moves[0]["by"] == "computer"  # the computer moved first
        commands = []
        while not game.over:
            move = game.legal_moves[0]
            commands.append(move)
            game.move(move)
        over = next(e for e in game.events if e["event"] == "over")
        moves = [e for e in game.events if e["event"] == "move"]
        assert game.state["heaps"] == []  # every pin taken
        last = moves[-1]["by"]
        assert over["winner"] == game.winner == ("you" if last == "computer" else "computer")
        # 5 7 is an N-position of misère Kayles: the computer, moving first, wins
        assert cgsolve.misere_outcome("0.77", [5, 7]).outcome == "N" and game.winner == "computer"
    assert game.events == cli_events("grundy", commands, "--misere", "--first", "computer",
                                     "--seed", "11", "0.77", "5", "7")
