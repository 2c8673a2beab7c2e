"""Grundy values, normal and misère, against `cgsolve grundy`: the values,
the analyses, the engine's table handed over, stopping with what was done.
"""
import json
import os
import textwrap
import threading

import numpy as np
import pytest

import cgsolve
from helpers import cli, run_python, stopping_after


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


@pytest.mark.parametrize("code,upto", [("0.75", 150), ("0.152", 200), ("0.77", 30)])
def test_misere_values_by_quotient_are_the_clis(code, upto):
    # by="quotient" is --by quotient: the same analysis line as the CLI's,
    # and the same heaps as the search's where the search is quick (0.75
    # and 0.152 are read off complete quotients; Kayles's values are proven
    # to heap 19, the rest searched)
    result = cgsolve.grundy(code, upto, misere=True, by="quotient")
    analysis = json.loads(cli("misere", code, "--upto", str(upto), "--by", "quotient", "--json").stdout)
    assert result.analysis == analysis["analysis"]
    searched = cgsolve.grundy(code, min(upto, 40), misere=True)
    assert result.genus[:41] == searched.genus and result.tame[:41].tolist() == searched.tame.tolist()
    assert len(result.values) == upto + 1


def test_misere_values_say_how_they_were_valued():
    # 0.75's quotient is complete at heap 23 (order 8): by quotient every
    # heap past the three looked at for a *2 is read off it; by search none
    quotient = cgsolve.grundy("0.75", 40, misere=True, by="quotient")
    assert quotient.by == "quotient" and quotient.adopted == 38
    assert quotient.chain == {"heaps": 23, "order": 8, "complete": True}
    searched = cgsolve.grundy("0.75", 40, misere=True, by="search")
    assert searched.by == "search" and searched.adopted == 0 and searched.chain is None
    assert searched.genus == quotient.genus
    assert cgsolve.grundy("0.75", 10, misere=True).by == "auto"


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
    with pytest.raises(cgsolve.UsageError, match="1000000") as bad:
        cgsolve.misere_outcome("0.77", [1000001])
    assert bad.value.status_name == "usage error"
    with pytest.raises(cgsolve.UsageError, match="needs heaps"):
        cgsolve.misere_outcome("0.77", [])
    with pytest.raises(cgsolve.UsageError, match="method") as refused:
        cgsolve.grundy("0.77", 5, misere=True, method="naive")
    assert refused.value.message.startswith("misère values take no")
    with pytest.raises(cgsolve.UsageError):
        cgsolve.grundy("0.77", 5, terms=3)  # terms without misere
    with pytest.raises(cgsolve.LimitError, match="not settled within 10 positions"):
        cgsolve.misere_outcome("0.16", [20, 21, 22, 23], positions=10)
    with pytest.raises(cgsolve.UsageError):
        cgsolve.grundy("0.77", 5, misere=True, terms=99)
    with pytest.raises(cgsolve.UsageError, match="by"):
        cgsolve.grundy("0.77", 5, misere=True, by="guess")
    with pytest.raises(cgsolve.UsageError, match="by are options of misère values"):
        cgsolve.grundy("0.77", 5, by="quotient")  # by without misere


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
    out = run_python("-c", INTERRUPTED)
    count, valid, seconds = out.split()
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
    out = run_python("-c", MISERE_INTERRUPTED)
    seconds, after, count, computed, upto, same = out.split()
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
    enough, _ = stopping_after(3)
    with pytest.raises(cgsolve.StoppedError) as stopped:
        cgsolve.grundy("0.77", 3000, misere=True, progress=enough)
    partial = stopped.value.partial
    assert 0 < len(partial.values) == partial.analysis["computed"] < 3001
    assert partial.values.tolist() == cgsolve.grundy(
        "0.77", len(partial.values) - 1, misere=True).values.tolist()


# ---- arguments checked as the command line checks them ------------------------


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("upto", [-1, 1 << 40, 2.5, True], ids=["-1", "2^40", "2.5", "True"])
def test_grundy_upto_is_checked_as_the_cli_checks_it(upto, misere):
    command = "misere" if misere else "grundy"
    bound = next(o for c in cgsolve.catalog()["commands"] if c["name"] == command
                 for o in c["options"] if o["name"] == "upto")
    with pytest.raises(cgsolve.UsageError, match=f"option 'upto': .* from 0 to {bound['max']}") as bad:
        cgsolve.grundy("0.77", upto, misere=misere)
    refused = cli("grundy", "0.77", "--upto", str(upto), *(["--misere"] if misere else []), check=False)
    assert refused.returncode == bad.value.exit_code == 2


def test_grundy_upto_bounds_are_the_catalogs():
    assert cgsolve.grundy("0.77", 0).values.tolist() == [0]
    assert len(cgsolve.grundy("0.77", np.int64(20)).values) == 21  # any integer type


def test_misere_heaps_are_checked_as_the_cli_checks_them():
    with pytest.raises(cgsolve.UsageError, match="2.7") as bad:
        cgsolve.misere_outcome("0.77", [3, 2.7])  # never read as 2
    refused = cli("grundy", "0.77", "--misere", "--sum", "3", "2.7", check=False)
    assert refused.returncode == bad.value.exit_code == 2


def test_grundy_values_are_read_only():
    # a view of the engine's table, not a copy: written to, it would change
    # what every other view of the table holds
    values = cgsolve.grundy("0.77", 50).values
    assert not values.flags.writeable and not values.flags.owndata
    with pytest.raises(ValueError):
        values[0] = 7
    with pytest.raises(ValueError):
        values.setflags(write=True)
    mine = values.copy()
    mine[0] = 7
    assert values[0] == 0 and mine[0] == 7
