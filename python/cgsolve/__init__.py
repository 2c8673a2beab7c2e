"""cgsolve from Python: exact solvers for two-player combinatorial games.

The package wraps the cgsolve C library (compiled into the extension
``cgsolve._cgsolve``) through its one-call API, so every answer is the one
the command line gives, byte for byte::

    >>> import cgsolve
    >>> cgsolve.solve("treblecross", "1\\n..........\\n").judge
    'WINNING\\n2 5 6 9\\n'
    >>> cgsolve.grundy("0.77", 12).values.tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]

Long work (``solve``, ``grundy``, ``misere_outcome``, ``misere_quotient``,
opening a ``Play``, a ``Play`` command) runs without the GIL and stops on
Ctrl-C with ``KeyboardInterrupt``; a stopped ``grundy`` (normal or misère) leaves the
values computed so far in the exception's ``partial`` attribute, a stopped
``Play`` command is taken back, a stopped opening makes no session.
"""
from __future__ import annotations

import functools
import json as _json
import operator
import os
from dataclasses import dataclass, field
from typing import (Any, Callable, Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Sequence,
                    Tuple, Union)

import numpy as np

from . import _cgsolve

__all__ = [
    "Error",
    "InputError",
    "UsageError",
    "LimitError",
    "FileError",
    "InternalError",
    "StoppedError",
    "Solution",
    "GrundyResult",
    "MisereResult",
    "MisereOutcome",
    "MisereQuotient",
    "QuotientGenerator",
    "Play",
    "IllegalMove",
    "solve",
    "grundy",
    "misere_outcome",
    "misere_quotient",
    "games",
    "catalog",
    "gen",
    "check",
    "version",
]

__version__: str = _cgsolve.version()

Progress = Callable[[str, int, int], Any]
"""A progress function: (what, done, total); a true result stops the work."""


class Error(Exception):
    """A failure of the library, as the command line would report it.

    Attributes: ``status`` (the cg_status number), ``status_name`` ("input
    error", "usage error"...), ``message`` (the library's message, e.g.
    ``"<input>:2:3: expected '.' or 'X', found 'O'"``), ``line`` and
    ``column`` (from 1, where the message names a place in the text given;
    0 otherwise).

    Each class has an ``exit_code``: the exit status of the command line
    (``cgsolve --help``, the man page's EXIT STATUS) for the same failure.
    """

    status: int = 0
    status_name: str = ""
    message: str = ""
    line: int = 0
    column: int = 0
    exit_code: int = 5


class InputError(Error, ValueError):
    """The input is malformed or breaks the game's rules (CG_ERR_INPUT; exit 1)."""

    exit_code = 1


class UsageError(Error, ValueError):
    """An unknown game or option, or a bad option value (CG_ERR_USAGE; exit 2)."""

    exit_code = 2


class LimitError(Error, MemoryError):
    """A resource limit, such as the memory budget, was reached, or memory
    ran out (CG_ERR_LIMIT, CG_ERR_NOMEM; exit 3)."""

    exit_code = 3


class FileError(Error, OSError):
    """A file (a checkpoint, a saved position) could not be opened, read or
    written (CG_ERR_IO; exit 4)."""

    exit_code = 4


class InternalError(Error):
    """An invariant of the library broke: a bug (CG_ERR_INTERNAL; exit 5)."""

    exit_code = 5


class StoppedError(Error):
    """The work was asked to stop by a progress function (CG_ERR_STOPPED;
    exit 130, the command line's interrupted run)."""

    exit_code = 130


class IllegalMove(Error, ValueError):
    """Play.move or Play.undo was refused; the game is unchanged. The
    command line does not stop on it either: it says so and reads the next
    command, so its ``exit_code`` is 0."""

    exit_code = 0


# The numbers of cgsolve/status.h, each to the class of the command line's
# exit code for it (cli_exit_code: NOMEM is a limit, as exit 3).
_STATUS = {2: InputError, 3: LimitError, 4: LimitError, 5: FileError, 6: UsageError,
           7: InternalError, 8: StoppedError}
_cgsolve._register_errors(_STATUS)


def _usage(message: str) -> UsageError:
    """A UsageError raised by the package itself, with the library's fields."""
    error = UsageError(message)
    error.status, error.status_name, error.message = 6, "usage error", message
    return error


def _options(options: Mapping[str, Any]) -> List[Tuple[str, Optional[str]]]:
    """Keyword options as the command line spells them: until_period=True is
    --until-period, memory="256M" is --memory 256M, a false flag is left out."""
    out: List[Tuple[str, Optional[str]]] = []
    for key, value in options.items():
        name = key.replace("_", "-")
        if value is True:
            out.append((name, None))
        elif value is False or value is None:
            continue
        else:
            out.append((name, str(value)))
    return out


def _bytes(text: Union[str, bytes], what: str) -> bytes:
    if isinstance(text, str):
        return text.encode()
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"{what} must be str or bytes, not {type(text).__name__}")


def version() -> str:
    """The C library's version ("1.1.0")."""
    return _cgsolve.version()


def catalog() -> Dict[str, Any]:
    """What the library offers, as its ``cg_catalog`` lists it: ``version``,
    ``games`` (see ``games()``) and ``commands``, each command's ``name``
    ("common": every game's, "grundy", "census", "verify", "misere", "play",
    "gen", "stress", "check", "validate", "package") with its ``options``.
    An option is a dict: ``name`` (the long name; a keyword here with ``_``
    for ``-``), ``short``, ``kind`` ("flag",
    "int", "size", "choice", "seconds", "text"), ``arg``, ``help``,
    ``default`` (as typed, or None), ``min`` and ``max`` (an "int"),
    ``choices`` (a "choice")."""
    return _json.loads(_cgsolve.catalog())


@functools.lru_cache(maxsize=None)
def _command_options(command: str) -> FrozenSet[str]:
    """The names of the options the catalog lists for command."""
    listed = next(c for c in catalog()["commands"] if c["name"] == command)
    return frozenset(option["name"] for option in listed["options"])


@functools.lru_cache(maxsize=None)
def _declared(command: str, name: str) -> Dict[str, Any]:
    """The catalog's declaration of command's option name."""
    listed = next(c for c in catalog()["commands"] if c["name"] == command)
    return next(option for option in listed["options"] if option["name"] == name)


def _integer(command: str, name: str, value: Any) -> int:
    """value checked as the command line checks --NAME of command: an
    integer (not a bool, nor a float) within the declaration's bounds, with
    the library's message otherwise."""
    option = _declared(command, name)
    low, high = option["min"], option["max"]
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise _usage(f"option '{name}': '{value}' is not an integer from {low} to {high}")
    return number


def games() -> List[Dict[str, Any]]:
    """Every game: name, summary, input_help, solvable (False for "grundy",
    the octal games on heaps, which are only played), playable, misere,
    generates, position_from_arguments, play_refusal, judge_limits, and its
    ``options`` and ``gen_options`` (as ``catalog()`` describes them)."""
    return catalog()["games"]


@dataclass
class Solution:
    """What ``cgsolve GAME`` and ``cgsolve GAME --json`` write for an input."""

    judge: str
    """The judge's output, byte for byte."""
    analyses: List[Dict[str, Any]]
    """One parsed --json line per case: schema, game, file, case, answer, analysis."""
    json: str
    """The --json lines as the command line writes them."""
    cases: int

    def __str__(self) -> str:
        return self.judge


def solve(
    game: str,
    text: Union[str, bytes],
    *,
    name: Optional[str] = None,
    progress: Optional[Progress] = None,
    **options: Any,
) -> Solution:
    """Solve one judge input of ``game`` as ``cgsolve GAME`` does.

    ``options`` are the command line's, by their long names with ``_`` for
    ``-``: ``optimal=True`` (domino), ``max=12`` (numbergame),
    ``memory="256M"``, ``threads=2``. ``name`` is the input's name in
    messages and in the JSON (default ``"<input>"``).

    Raises InputError (with ``line`` and ``column``) for a bad input,
    UsageError for an unknown game or option, LimitError past the memory
    budget, KeyboardInterrupt on Ctrl-C.
    """
    data = _bytes(text, "text")
    judge, lines, cases = _cgsolve.solve(game, data, _options(options), name, True, progress)
    analyses = [_json.loads(line) for line in lines.splitlines()]
    return Solution(judge, analyses, lines, cases)


@dataclass
class GrundyResult:
    """G(0..upto) of an octal game and the analysis of ``cgsolve grundy --json``."""

    values: np.ndarray
    """The values, uint16 when every one fits, else uint32."""
    analysis: Dict[str, Any] = field(default_factory=dict)
    """code, method, upto, computed, period, largest_value, checksum, mask,
    rare_positions, last_rare... (empty for a stopped run)."""

    @property
    def period(self) -> Optional[int]:
        """The proven period, or None."""
        p = self.analysis.get("period")
        return p["period"] if p else None

    @property
    def preperiod(self) -> Optional[int]:
        p = self.analysis.get("period")
        return p["preperiod"] if p else None

    @property
    def checksum(self) -> Optional[str]:
        """FNV-1a of the decimal values, comma-separated (hex), as the CLI's."""
        return self.analysis.get("checksum")

    @property
    def rare_count(self) -> Optional[int]:
        """Rare positions under the sparse engine's mask."""
        return self.analysis.get("rare_positions")


def _view(table: Any) -> np.ndarray:
    """The library's table as an array without a copy: numpy reads the
    table's __array_interface__, and the array's ``base`` is the table,
    which frees the values when the last array viewing it is gone."""
    return np.asarray(table)


@dataclass
class MisereResult:
    """G-(0..upto) of an octal game with each heap's genus and tameness:
    ``cgsolve grundy CODE --misere --json``."""

    values: np.ndarray
    """The misère values G-(n) (uint16 when every one fits, else uint32)."""
    normal: np.ndarray
    """The normal-play values G+(n), same dtype rules."""
    genus: List[str]
    """Conway's genus symbol of each heap, e.g. "4^146" (as the CLI writes it)."""
    terms: np.ndarray
    """The genus terms γ0..γ(t-1) of each heap: shape (upto + 1, t), uint32."""
    tame: np.ndarray
    """Whether each heap (and every position of it) is tame: bool array."""
    analysis: Dict[str, Any] = field(default_factory=dict)
    """The --json analysis as parsed: code, play, terms, upto, computed,
    heaps, first_wild, checksum, positions, by, adopted, chain."""

    @property
    def first_wild(self) -> Optional[int]:
        """The first heap that is not tame, None when all are (to upto)."""
        return self.analysis.get("first_wild")

    @property
    def by(self) -> Optional[str]:
        """How the heaps were valued: "search", "quotient" or "auto"."""
        return self.analysis.get("by")

    @property
    def adopted(self) -> int:
        """The heaps read off the proven misère quotient's values, not searched."""
        return self.analysis.get("adopted", 0)

    @property
    def chain(self) -> Optional[Dict[str, Any]]:
        """The last quotient of the chain by="quotient" or "auto" built
        (heaps, order, complete), None when none was."""
        return self.analysis.get("chain")

    @property
    def checksum(self) -> Optional[str]:
        """FNV-1a of the misère values, as the CLI's (hex)."""
        return self.analysis.get("checksum")


@dataclass
class MisereOutcome:
    """The misère outcome of a sum of heaps: ``cgsolve grundy CODE
    --misere --sum HEAP...``."""

    outcome: str
    """"P" (the player to move loses) or "N" (the player to move wins)."""
    winning_moves: List[str]
    """Moves leaving a P-position, "H:K" (take K from the H-th heap, from 1)
    or "H:K:A[:B]" (leaving heaps A and B), as ``play grundy`` types them."""
    method: str
    """"tame-rule" (every heap tame) or "search" (exhaustive)."""
    analysis: Dict[str, Any] = field(default_factory=dict)


class QuotientGenerator(NamedTuple):
    """A generator of a misère quotient: its name ("a", "b"...) and the heap it is."""

    name: str
    heap: int


@dataclass
class MisereQuotient:
    """The misère quotient of an octal game's heaps 0..heaps and its
    presentation: ``cgsolve misere CODE --quotient N --json``."""

    heaps: int
    """The largest heap of the sums the quotient is of (N)."""
    order: int
    """The quotient's elements (the identity, the empty sum, among them)."""
    generators: List[QuotientGenerator]
    """The heaps whose element is no product of earlier generators' elements."""
    relations: List[str]
    """The relations as the CLI writes them, "a^2 = 1", "b^3 = b"."""
    p_portion: List[str]
    """The elements (normal-form words) of the P-positions: "a", "ac", "b^2"."""
    heap_elements: List[str]
    """The element of each heap 0..heaps as a word ("1" the identity)."""
    orders: List[int]
    """The order of the quotient of heaps 0..k for each k = 0..heaps."""
    analysis: Dict[str, Any] = field(default_factory=dict)
    """The whole --json analysis as parsed: code, play, terms, orders,
    quotient (heaps, order, generators, relations, p_portion,
    heap_elements, tests, states), positions, and whatever fields later
    versions add."""


def _small(values: Sequence[int]) -> np.ndarray:
    # a copy: the values come from the JSON analysis
    wide = np.array(values, dtype=np.uint32)
    return wide.astype(np.uint16) if wide.size == 0 or int(wide.max()) < (1 << 16) else wide


def _misere(code: Optional[str], upto: int, refused: Mapping[str, Any], terms: Optional[int],
            positions: Optional[int], by: Optional[str], memory: Optional[str],
            progress: Optional[Progress]) -> MisereResult:
    given = [name for name, value in refused.items() if value not in (None, False, "auto")]
    if given:
        raise _usage(f"misère values take no {', '.join(given)}")
    if code is None:
        raise _usage("misère values need a code (no checkpoint is resumed)")
    opts = _options({"terms": terms, "positions": positions, "by": by, "memory": memory})
    return _analysed(code, upto, opts, progress, _misere_result)


def _analysed(code: str, upto: int, opts: List[Tuple[str, Optional[str]]],
              progress: Optional[Progress], read: Callable[[str], Any]) -> Any:
    # the analysis line of `misere CODE` (of heaps or a quotient, not a sum)
    # made a result by read, and a stop's `partial` line too
    try:
        line = _cgsolve.misere(code, upto, None, opts, progress)
    except BaseException as stopped:
        partial = getattr(stopped, "partial", None)
        if isinstance(partial, str):
            stopped.partial = _partial(partial, read)  # type: ignore[attr-defined]
        raise
    return read(line)


def _partial(line: str, read: Callable[[str], Any]) -> Any:
    # what a stop left: None when it does not read whole, so the stop's
    # exception is the one raised, never an error about its partial
    try:
        return read(line)
    except (ValueError, KeyError, TypeError):
        return None


def _misere_result(line: str) -> MisereResult:
    # the analysis line of `grundy CODE --misere --json`, whole or stopped
    analysis = _json.loads(line)["analysis"]
    heaps = analysis["heaps"]
    width = analysis["terms"]
    return MisereResult(
        values=_small([h["misere"] for h in heaps]),
        normal=_small([h["normal"] for h in heaps]),
        genus=[h["genus"] for h in heaps],
        terms=np.array([h["terms"] for h in heaps], dtype=np.uint32).reshape(len(heaps), width),
        tame=np.array([h["tame"] for h in heaps], dtype=bool),
        analysis=analysis,
    )


def grundy(
    code: Optional[str],
    upto: int,
    *,
    method: str = "auto",
    threads: Optional[int] = None,
    misere: bool = False,
    until_period: bool = False,
    checkpoint: Optional[str] = None,
    resume: Optional[str] = None,
    memory: Optional[str] = None,
    progress: Optional[Progress] = None,
    terms: Optional[int] = None,
    positions: Optional[int] = None,
    by: Optional[str] = None,
) -> Union[GrundyResult, MisereResult]:
    """G(0..upto) of the octal game ``code`` ("0.007" Treblecross, "0.77"
    Kayles, "0.07" Dawson's Kayles), as ``cgsolve grundy CODE --upto N``:
    a GrundyResult.

    ``method``: "auto", "naive" or "sparse"; ``threads``: threads sharing long
    scans (0: one a processor); ``until_period``: stop once a period is
    proven (the values past it follow from it); ``checkpoint``/``resume``:
    the command line's checkpoint files (``code`` may be None when resuming).

    The values are **not copied**: ``values`` is a read-only NumPy view of
    the engine's own table (uint16 while every value fits in 16 bits, as the
    engine keeps them, else uint32); ``values.base`` is the object owning
    the table, freed when the last view of it goes. Copy (``values.copy()``,
    ``values.astype(...)``) to keep a part of a large table or to write.

    Every argument is checked as the command line checks its options (the
    bounds of the catalog's declarations): ``upto=-1`` is a UsageError, as
    ``--upto -1`` is.

    ``misere=True``: misère play, as ``cgsolve grundy CODE --misere --json``:
    a MisereResult (G-(0..upto), G+, genus symbols and terms, tameness,
    first_wild, checksum). ``terms`` (genus terms per heap, default 4) and
    ``positions`` (the search budget of one heap, default 2,000,000) and
    ``by`` ("auto", the default: the search with the proven misère
    quotient's chain given turns; "search"; or "quotient": heaps read off
    the proven quotient where its values are proven, as ``--by quotient``;
    the same table every way) are its options; method, threads, until_period, checkpoint and resume are
    refused (UsageError). Its arrays are built from the analysis (a copy:
    the misère solver keeps no flat table).

    Ctrl-C raises KeyboardInterrupt whose ``partial`` is a GrundyResult of
    the values computed so far (every one valid; with ``misere=True`` a
    MisereResult of the heaps done so far, its analysis' ``computed`` short
    of upto + 1); the checkpoint, if asked, is saved.
    """
    given = {"method": method, "threads": threads, "until_period": until_period,
             "checkpoint": checkpoint, "resume": resume, "terms": terms, "positions": positions,
             "by": by}
    # upto is checked against its declaration, as the command line's
    # --upto (the extension would read -1 as the largest unsigned number)
    upto = _integer("misere" if misere else "grundy", "upto", upto)
    # which of them each play takes is the library's catalog's to say
    if misere:
        takes = _command_options("misere")
        refused = {k: v for k, v in given.items() if k.replace("_", "-") not in takes}
        return _misere(code, upto, refused, terms, positions, by, memory, progress)
    takes = _command_options("grundy")
    if any(v is not None for k, v in given.items() if k.replace("_", "-") not in takes):
        raise _usage("terms, positions and by are options of misère values (misere=True)")
    opts = _options(
        {
            "method": method,
            "threads": threads,
            "until_period": until_period,
            "checkpoint": checkpoint,
            "resume": resume,
            "memory": memory,
        }
    )
    try:
        table, line = _cgsolve.grundy(code, upto, opts, progress)
    except BaseException as stopped:
        partial = getattr(stopped, "partial", None)
        if isinstance(partial, _cgsolve.Table):
            stopped.partial = GrundyResult(_view(partial))  # type: ignore[attr-defined]
        raise
    analysis = _json.loads(line)["analysis"] if line else {}
    return GrundyResult(_view(table), analysis)


def misere_outcome(
    code: str,
    heaps: Sequence[int],
    *,
    terms: Optional[int] = None,
    positions: Optional[int] = None,
    memory: Optional[str] = None,
    progress: Optional[Progress] = None,
) -> MisereOutcome:
    """Who wins the sum of ``heaps`` of the octal game ``code`` under misère
    play (the last mover loses), and how: ``cgsolve grundy CODE --misere
    --sum HEAP...``. Settled by the rule for tame sums when every heap is
    tame, else by exhaustive search within ``positions`` (LimitError past
    it: never a guess). UsageError for a bad heap (0 to 65535, at most 64
    of them)."""
    # an integer as its digits; anything else as typed, for the library to
    # refuse as the command line does (never 2.7 read as 2)
    words = [str(int(h)) if isinstance(h, int) and not isinstance(h, bool) else str(h) for h in heaps]
    opts = _options({"terms": terms, "positions": positions, "memory": memory})
    line = _cgsolve.misere(code, 0, words, opts, progress)
    analysis = _json.loads(line)["analysis"]
    return MisereOutcome(analysis["outcome"], list(analysis["winning_moves"]),
                         analysis["method"], analysis)


# What misere_quotient's own arguments say, never an option of its: heaps is
# --quotient; a sum is misere_outcome's, upto misère values'; progress the
# function.
_QUOTIENT_ARGUMENTS = frozenset({"quotient", "sum", "upto", "progress"})


def _quotient_result(line: str) -> MisereQuotient:
    # the analysis line of `misere CODE --quotient N --json`
    analysis = _json.loads(line)["analysis"]
    quotient = analysis["quotient"]
    return MisereQuotient(
        heaps=quotient["heaps"],
        order=quotient["order"],
        generators=[QuotientGenerator(g["name"], g["heap"]) for g in quotient["generators"]],
        relations=list(quotient["relations"]),
        p_portion=list(quotient["p_portion"]),
        heap_elements=list(quotient["heap_elements"]),
        orders=list(analysis["orders"]),
        analysis=analysis,
    )


def misere_quotient(
    code: str,
    heaps: int,
    *,
    progress: Optional[Progress] = None,
    **options: Any,
) -> MisereQuotient:
    """The misère quotient of the octal game ``code`` restricted to heaps
    0..``heaps`` (the sums of such heaps up to indistinguishability under
    misère play), with its presentation: ``cgsolve misere CODE --quotient
    N --json``. A MisereQuotient: ``order``, ``generators`` (name, heap),
    ``relations``, ``p_portion``, ``heap_elements``, the ``orders`` of heaps
    0..k for each k, and the whole ``analysis``.

    ``heaps`` is checked as ``--quotient`` is (an integer within the
    catalog's bounds, else UsageError). ``options`` are those the catalog
    lists for the misere command and every game's (``terms``,
    ``positions``, ``memory``), by their long names with ``_`` for ``-``;
    any other is a UsageError, as are those the library refuses. A
    quotient past its bounds or the memory budget is a LimitError.

    Ctrl-C raises KeyboardInterrupt, a progress function returning true
    StoppedError, once the library has stopped; their ``partial`` is None:
    the library writes no analysis of a stopped quotient.
    """
    heaps = _integer("misere", "quotient", heaps)
    takes = (_command_options("misere") | _command_options("common")) - _QUOTIENT_ARGUMENTS
    unknown = [name for name in options if name.replace("_", "-") not in takes]
    if unknown:
        raise _usage(f"misère quotients take no option '{unknown[0]}'")
    opts = _options(options) + [("quotient", str(heaps))]
    return _analysed(code, 0, opts, progress, _quotient_result)  # a quotient reads no upto


def gen(game: str, **options: Any) -> str:
    """A random judge input for ``game``, the bytes ``cgsolve gen GAME`` writes
    with the same options: ``cases``, ``seed`` (the same input on every
    machine), ``hard``, ``edge`` and the game's sizes (``tiles``, ``length``,
    ``density``, ``nodes``, ``shape``, ``size``, ``fill``...)."""
    return _cgsolve.gen(game, _options(options))


def check(
    game: str,
    input: Union[str, bytes],
    output: Union[str, bytes],
    *,
    name: Optional[str] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Judge ``output`` as the answer to the judge input ``input``, as
    ``cgsolve check GAME INPUT OUTPUT``: a dict with ``verdict``
    ("accepted", "wrong_answer", "presentation_error"), ``cases``, ``case``,
    ``line``, ``column``, ``summary`` (the verdict's line), ``expected``,
    ``given`` and ``explanation``. A bad ``input`` raises InputError."""
    data, answer = _bytes(input, "input"), _bytes(output, "output")
    return _cgsolve.check(game, data, answer, _options(options), name)


class Play:
    """A game against cgsolve's perfect opponent: ``cgsolve play GAME --json``.

    ``position`` is a position file's text (a judge case; None for the
    game's usual start; for ``"grundy"`` the code and heaps, "0.77 5 7");
    ``first`` is "you" or "computer"; ``level`` ("perfect", "strong",
    "casual") is sent as the ``level`` command (UsageError where the
    library refuses it, as one without levels does);
    other keywords are the play command's options (``case``, ``seed``,
    ``random``, ``misere=True`` for misère play of ``"grundy"``, where
    whoever moves last loses, the game's own such as ``max``).

    The properties read the latest events: ``legal_moves``, ``move_values``
    and ``state`` come from the last ``position`` event (``move_values`` and
    ``state`` are None when the library does not write them), ``over`` and
    ``winner`` from the ``over`` event. Every event is kept in ``events``.

    ``str(game)`` is the position as ``cgsolve play`` draws it at the
    terminal; ``clone()`` an independent session at the same position.
    Without a ``seed`` one is drawn here at random (as the command line's
    clock would give one), so that a clone replays the computer's choices.
    """

    def __init__(
        self,
        game: str,
        position: Optional[Union[str, bytes]] = None,
        *,
        first: str = "you",
        level: Optional[str] = None,
        **options: Any,
    ) -> None:
        data = None if position is None else _bytes(position, "position")
        if options.get("seed") is None:
            # the command line's default is the clock: any seed, drawn here
            # so that the session can be replayed
            top = _declared("play", "seed")["max"]
            options["seed"] = int.from_bytes(os.urandom(8), "little") % (top + 1)
        self.game = game
        self.events: List[Dict[str, Any]] = []
        self._position: Dict[str, Any] = {}
        self._over: Optional[Dict[str, Any]] = None
        self._opened = (game, data, first, level, dict(options))
        self._commands: List[str] = []  # every command since, for clone()
        self._session = _cgsolve.Session(game, data, _options({"first": first, **options}))
        self._take()
        if level is not None:
            for event in self.command(f"level {level}"):
                if event.get("event") == "error":
                    self.close()
                    raise UsageError(f"level {level}: {event.get('message', '')}")

    def _take(self) -> List[Dict[str, Any]]:
        new = [_json.loads(line) for line in self._session.read().splitlines()]
        for event in new:
            kind = event.get("event")
            if kind == "position":
                self._position = event
            elif kind == "over":
                self._over = event
        self.events.extend(new)
        return new

    def command(self, line: str) -> List[Dict[str, Any]]:
        """Send one command line ("hint", "help", a move...) and return the
        events it brought.

        Ctrl-C while the library works on it (a long computer move) raises
        KeyboardInterrupt once the work has stopped: the command is taken
        back (a ``stopped`` event, then the position as before it) and the
        session goes on. Work that does not look for a stop (most games'
        moves are quick) finishes first: its events are returned as usual,
        the Ctrl-C dropped, as the command was not stopped."""
        try:
            self._session.send(line)
        except KeyboardInterrupt:
            new = self._take()
            if any(event.get("event") == "stopped" for event in new):
                raise  # taken back: nothing to replay
            self._commands.append(line)
            return new
        self._commands.append(line)
        return self._take()

    def clone(self) -> "Play":
        """An independent session at the same position: the same game,
        start and options (the seed too) with every command since replayed,
        so the computer chose as it did here, and ``undo`` takes back the
        same moves. Playing on in one leaves the other as it was. (A
        ``save`` is not replayed: it wrote its file once.)"""
        game, data, first, level, options = self._opened
        twin = Play(game, data, first=first, level=None, **options)
        for line in self._commands:
            if line.split(None, 1)[:1] != ["save"]:
                twin.command(line)
        twin._opened = (game, data, first, level, dict(options))
        return twin

    def __str__(self) -> str:
        """The position as ``cgsolve play`` draws it at the terminal (the
        final one once the game is over)."""
        if self._over is not None and "board" in self._over:
            return str(self._over["board"])
        return self.board

    def __repr__(self) -> str:
        state = f"{self.winner} won" if self._over is not None else f"{self.to_move} to move"
        return f"<cgsolve.Play {self.game}: {state}, {len(self._commands)} commands>"

    def _refused(self, events: Sequence[Dict[str, Any]], what: str) -> None:
        for event in events:
            if event.get("event") == "error":
                error = IllegalMove(event.get("message", what))
                error.message = event.get("message", "")
                error.status_name = "illegal move"
                raise error

    def move(self, move: Union[str, int]) -> List[Dict[str, Any]]:
        """Play ``move`` (as typed at ``cgsolve play``: cells from 1); the
        computer answers at once. IllegalMove if it is not legal."""
        if self.over:
            raise UsageError("the game is over")
        events = self.command(str(move))
        self._refused(events, f"{move} is not a legal move")
        return events

    def undo(self) -> List[Dict[str, Any]]:
        """Take back your last move and the computer's answer."""
        events = self.command("undo")
        self._refused(events, "nothing to undo")
        return events

    def hint(self) -> List[str]:
        """The moves that win against perfect play."""
        for event in self.command("hint"):
            if event.get("event") == "hint":
                return list(event.get("winning_moves", []))
        return []

    @property
    def legal_moves(self) -> List[str]:
        if self.over:
            return []
        return list(self._position.get("legal_moves", []))

    @property
    def move_values(self) -> Optional[List[Dict[str, Any]]]:
        return self._position.get("move_values")

    @property
    def state(self) -> Optional[Dict[str, Any]]:
        if self._over is not None and "state" in self._over:
            return self._over["state"]
        return self._position.get("state")

    @property
    def board(self) -> str:
        """The position as `cgsolve play` draws it."""
        return self._position.get("board", "")

    @property
    def to_move(self) -> Optional[str]:
        """"you" or "computer"; None once the game is over."""
        return None if self.over else self._position.get("to_move")

    @property
    def over(self) -> bool:
        return self._over is not None or self._session.over()

    @property
    def winner(self) -> Optional[str]:
        """"you", "computer" or "nobody"; None while the game is on."""
        return self._over.get("winner") if self._over is not None else None

    def close(self) -> None:
        """Abandon the game (if on) and release it."""
        self._session.close()

    def __enter__(self) -> "Play":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
