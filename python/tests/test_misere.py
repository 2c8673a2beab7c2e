"""Misère play against `cgsolve misere`: each heap's genus and tameness, the
misère quotient and its presentation, a misère game played to its end.
"""
import json
import textwrap

import pytest

import cgsolve
from helpers import cli, cli_events, run_python, stopping_after


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


# ---- the quotient ----------------------------------------------------------------


@pytest.mark.parametrize("code,heaps", [("0.77", 6), ("0.77", 10), ("0.75", 6), ("0.75", 12)])
def test_the_quotient_is_the_clis(code, heaps):
    result = cgsolve.misere_quotient(code, heaps)
    analysis = cli_analysis(code, "--quotient", str(heaps))
    assert result.analysis == analysis  # every field, those added later too
    quotient = analysis["quotient"]
    assert result.heaps == quotient["heaps"] == heaps
    assert result.order == quotient["order"]
    assert result.generators == [(g["name"], g["heap"]) for g in quotient["generators"]]
    assert [g.heap for g in result.generators] == [g["heap"] for g in quotient["generators"]]
    assert result.relations == quotient["relations"]
    assert result.p_portion == quotient["p_portion"]
    assert result.heap_elements == quotient["heap_elements"] and len(result.heap_elements) == heaps + 1
    assert result.orders == analysis["orders"] and len(result.orders) == heaps + 1
    # the text's lines say the same: "heaps 0-k: order m, g generators"
    text = cli("misere", code, "--quotient", str(heaps)).stdout.decode().splitlines()
    assert [int(line.split()[3].rstrip(",")) for line in text[: heaps + 1]] == result.orders
    assert text[heaps + 1] == f"quotient of heaps 0-{heaps}: order {result.order} (not complete)"
    assert text[heaps + 3] == "relations: " + ", ".join(result.relations)


def test_the_quotients_options_are_the_clis():
    six = cgsolve.misere_quotient("0.77", 6, terms=6, positions=100000, memory="64M")
    assert six.analysis == cli_analysis("0.77", "--quotient", "6", "--terms", "6",
                                        "--positions", "100000", "--memory", "64M")
    assert six.analysis["terms"] == 6
    listed = {o["name"] for c in cgsolve.catalog()["commands"] if c["name"] == "misere"
              for o in c["options"]}
    assert {"terms", "positions", "quotient"} <= listed


def test_a_bad_code_is_an_input_error():
    with pytest.raises(cgsolve.InputError, match="invalid octal game code '0.8x'") as bad:
        cgsolve.misere_quotient("0.8x", 6)
    assert bad.value.message == bad.value.args[0] and bad.value.status_name == "input error"


@pytest.mark.parametrize("heaps", [401, -1, 2.5, True, "6"], ids=["401", "-1", "2.5", "True", "str"])
def test_bad_heaps_are_checked_as_the_cli_checks_them(heaps):
    bound = next(o for c in cgsolve.catalog()["commands"] if c["name"] == "misere"
                 for o in c["options"] if o["name"] == "quotient")
    assert (bound["min"], bound["max"]) == (0, 400)
    with pytest.raises(cgsolve.UsageError, match=f"option 'quotient': '{heaps}' is not an integer from 0 to 400") as bad:
        cgsolve.misere_quotient("0.77", heaps)
    assert bad.value.status_name == "usage error"
    if not isinstance(heaps, str):
        refused = cli("misere", "0.77", "--quotient", str(heaps), check=False)
        assert refused.returncode == bad.value.exit_code == 2


@pytest.mark.parametrize("option", [{"method": "naive"}, {"threads": 2}, {"upto": 12}, {"sum": True},
                                    {"quotient": 3}, {"until_period": True}])
def test_an_option_the_quotient_does_not_take_is_a_usage_error(option):
    name = next(iter(option))
    with pytest.raises(cgsolve.UsageError, match=f"misère quotients take no option '{name}'") as bad:
        cgsolve.misere_quotient("0.77", 6, **option)
    assert bad.value.status_name == "usage error" and bad.value.exit_code == 2


def test_the_librarys_refusals_and_limits_are_raised():
    with pytest.raises(cgsolve.UsageError, match="takes no option 'json'"):
        cgsolve.misere_quotient("0.77", 6, json=True)  # the call chooses the output
    with pytest.raises(cgsolve.UsageError, match="option 'terms': '99' is not an integer"):
        cgsolve.misere_quotient("0.77", 6, terms=99)
    # 0.16's quotient needs the outcome learner at heap 12 (Kayles' is
    # proven to heap 30 without any search)
    with pytest.raises(cgsolve.LimitError, match="not settled within 10 positions") as limit:
        cgsolve.misere_quotient("0.16", 30, positions=10)
    refused = cli("misere", "0.16", "--quotient", "30", "--positions", "10", check=False)
    assert refused.returncode == limit.value.exit_code == 3
    with pytest.raises(cgsolve.LimitError, match="memory limit of 65536 bytes"):
        cgsolve.misere_quotient("0.77", 10, memory="64K")


QUOTIENT_INTERRUPTED = textwrap.dedent(
    """
    import os, signal, threading, time, cgsolve
    threading.Timer(5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    try:
        # heaps 0-18 take about two seconds, heap 19 a long search (more than
        # 40 s here), so the stop at 5 s finds it: 0.137's and Kayles'
        # quotients are proven too fast now
        cgsolve.misere_quotient("0.16", 30)
        print("not interrupted")
    except KeyboardInterrupt as stopped:
        print(round(time.monotonic() - started, 1), stopped.partial.heaps,
              stopped.partial.analysis["quotient"]["complete"],
              cgsolve.misere_quotient("0.77", 6).order)
    """
)


def test_ctrl_c_stops_a_long_quotient():
    seconds, heaps, complete, after = run_python("-c", QUOTIENT_INTERRUPTED).split()
    # the quotients proven before the stop are kept: heaps 0-18
    assert float(seconds) < 15 and heaps == "18" and complete == "False"
    assert after == "12"  # and the library still answers


def test_a_progress_function_stops_a_quotient():
    enough, calls = stopping_after(3)
    with pytest.raises(cgsolve.StoppedError) as stopped:
        cgsolve.misere_quotient("0.16", 30, progress=enough)
    assert stopped.value.partial.heaps == 18 and len(calls) == 3 and calls[0][0] == "misere"
    assert stopped.value.exit_code == 130


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
