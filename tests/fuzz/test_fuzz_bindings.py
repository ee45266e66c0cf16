"""The bindings of ``mahjongkit._core`` with wrong types and out-of-range numbers: every call
returns or raises ``TypeError``/``ValueError``/``OverflowError``, and the public API refuses
the same inputs the same way in C++ and Python.

Values that are valid but merely large (a billion trials, a repeat of 2**31) make long runs,
not crashes; they are left out of the hostile numbers below."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit._core import mcr as mcr_core
from mahjongkit._core import solitaire as core
from mahjongkit.solitaire import deal, get_layout, redeal
from mahjongkit.solitaire.engine import core_geometry
from mahjongkit.solitaire.game import Game
from mahjongkit.solitaire.solver import Verdict, solve

REFUSALS = (TypeError, ValueError, OverflowError)
TEA = core_geometry(get_layout("tea house"))
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([-1, -(2**31), 2**31, 2**63, 2**64, -(2**64), 2**80, 0, 1, 35, 43, 144, 193]),
    st.integers(-50, 200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.lists(st.integers(-3, 200), max_size=6),
    st.lists(
        st.tuples(st.integers(-(2**33), 2**33), st.integers(-3, 3), st.integers(-3, 3)), max_size=4
    ),
    st.just(np.int64(7)),
    st.just(np.uint64(2**64 - 1)),
)

# Each binding with arguments that work; the fuzz replaces one with a hostile value.
CALLS: dict[str, tuple[Callable[..., Any], list[Any]]] = {
    "Geometry": (core.Geometry, [[(0, 0, 0), (2, 0, 0)]]),
    "free_slots": (TEA.free_slots, [[0, 1, 2]]),
    "deal": (TEA.deal, [5, 10]),
    "redeal": (TEA.redeal, [[0, 1, 2, 3], 5, 1, 10]),
    "deal_faces": (TEA.deal_faces, [5, 3, 10]),
    "count_free_repeatedly": (TEA.count_free_repeatedly, [[0, 1], 3]),
    "rng_next": (core.rng_next, [1, 2, 3]),
    "rng_below": (core.rng_below, [1, 2, 6, 3]),
    "rng_shuffle": (core.rng_shuffle, [1, 2, [1, 2, 3]]),
    "solve": (core.solve, [TEA, [5] * 36, 1000, 0.5]),
    "board_properties": (
        core.board_properties,
        [TEA, list(deal("tea house", 1).faces), 1, [0, 1], 4, 100],
    ),
    "search_seeds": (core.search_seeds, [TEA, 0, 3, [], [0], -1, 1, 10, 4, 100]),
    "decompose": (mcr_core.decompose, [[0] * 35, 0, 0]),
    "is_complete": (mcr_core.is_complete, [[0] * 35, 0]),
    "waits": (mcr_core.waits, [[0, *([1] * 13), *([0] * 21)], 0, []]),
    "shanten": (mcr_core.shanten, [[0, *([1] * 13), *([0] * 21)], 0]),
    "shanten_by_form": (mcr_core.shanten_by_form, [[0, *([1] * 13), *([0] * 21)], 0]),
    "acceptance": (mcr_core.acceptance, [[0, *([1] * 13), *([0] * 21)], 0, []]),
    "shanten_after_discard": (
        mcr_core.shanten_after_discard,
        [[0, *([2] * 7), *([0] * 27)], 0, []],
    ),
}
# Arguments whose large valid values only make long runs (trials, repeats, counts, budgets).
LONG_RUNS = {
    ("deal", 1), ("redeal", 3), ("deal_faces", 1), ("deal_faces", 2), ("count_free_repeatedly", 1),
    ("solve", 2), ("solve", 3), ("search_seeds", 2), ("search_seeds", 7), ("search_seeds", 8),
    ("search_seeds", 9), ("board_properties", 4), ("board_properties", 5),
}  # fmt: skip


def _call(name: str, index: int, value: object) -> None:
    function, arguments = CALLS[name]
    arguments = list(arguments)
    long_run = (name, index) in LONG_RUNS and isinstance(value, int | np.integer)
    if long_run and not isinstance(value, bool):
        value = max(-(2**31), min(int(value), 50))
    arguments[index] = value
    with contextlib.suppress(REFUSALS):
        function(*arguments)


@budget(700)
@given(st.sampled_from(sorted(CALLS)), st.integers(0, 9), HOSTILE)
def test_every_binding_returns_or_refuses(name: str, position: int, value: object) -> None:
    _call(name, position % len(CALLS[name][1]), value)


@budget(150)
@given(
    st.lists(st.integers(-3, 8), min_size=35, max_size=35),
    st.integers(-1, 5),
    st.lists(st.integers(-2, 36), max_size=8),
)
def test_mcr_bindings_with_hostile_counts(counts: list[int], melds: int, tiles: list[int]) -> None:
    for function, arguments in (
        (mcr_core.decompose, (counts, melds, 0)),
        (mcr_core.shanten, (counts, melds)),
        (mcr_core.waits, (counts, melds, tiles)),
        (mcr_core.acceptance, (counts, melds, tiles, True)),
    ):
        with contextlib.suppress(REFUSALS):
            function(*arguments)


@pytest.mark.parametrize(
    "call",
    [
        lambda: core.rng_below(1, 2, 0, 3),  # below(0) divides by zero
        lambda: core.rng_next(1, 2, 2**31 - 1),  # 17 GB
        lambda: TEA.deal_faces(0, 2**31 - 1, 10),  # 77 GB
        lambda: core.solve(TEA, [5] * 36, 0, 0.0),  # no budget: endless
        lambda: core.solve(TEA, [5] * 36, 0, math.nan),
        lambda: core.board_properties(TEA, [200] * 36, 1, [0, 1, 3], 4, 100),  # past the groups
        lambda: core.board_properties(TEA, list(deal("tea house", 1).faces), 1, [4], 4, 0),
        lambda: core.Geometry([(0, 0, 0), (2**31 - 1, 0, 0)]),  # x - x' overflows an int
        lambda: core.Geometry([(-(2**31), 0, 0), (2**31 - 1, 0, 0)]),
        lambda: core.Geometry([(2 * i, 0, 0) for i in range(578)]),  # past the widest words
        lambda: core.Geometry([(0, 0, 0), (2, 0, 0)], 5),  # no core of 5 words
    ],
    ids=[
        "below-0",
        "rng-count",
        "deal-count",
        "no-budget",
        "nan-seconds",
        "faces",
        "budget-0",
        "coordinate",
        "coordinates",
        "too-many-slots",
        "words",
    ],
)
def test_binding_inputs_that_once_crashed_or_hung_are_refused(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        call()


# ---- The public API: the same refusal from both implementations ----

TEA_HOUSE = get_layout("tea house")


def _game(impl: str, **options: Any) -> Game:
    return Game.new("tea house", 1, impl=impl, check_dead_ends=False, **options)


PUBLIC: list[tuple[str, Callable[[str, Any], object]]] = [
    ("deal seed", lambda impl, v: deal("tea house", v, impl=impl)),
    ("deal trials", lambda impl, v: deal("tea house", 1, impl=impl, max_trials=v)),
    ("redeal present", lambda impl, v: redeal("tea house", v, [1, 1], 3, stream=1, impl=impl)),
    ("redeal stream", lambda impl, v: redeal("tea house", [0, 1], [1, 1], 3, stream=v, impl=impl)),
    ("solve seconds", lambda impl, v: solve(TEA_HOUSE, [0] * 36, max_seconds=v, impl=impl)),
    ("solve nodes", lambda impl, v: solve(TEA_HOUSE, [0] * 36, max_nodes=v, impl=impl)),
    ("solve faces", lambda impl, v: solve(TEA_HOUSE, [v] * 36, max_seconds=0.1, impl=impl)),
    ("game seed", lambda impl, v: Game.new("tea house", v, impl=impl).seed),
    ("game explain", lambda impl, v: str(_game(impl).explain(v))),
    ("game remove", lambda impl, v: str(_game(impl).remove(v, 3))),
    ("solver seconds", lambda impl, v: _game(impl, solver_seconds=v).seed),
]


def _outcome(function: Callable[[str, Any], object], impl: str, value: object) -> object:
    try:
        return ("value", function(impl, value))
    except (TypeError, ValueError) as error:
        return (type(error).__name__, str(error))


@budget(300)
@given(st.sampled_from(PUBLIC), HOSTILE)
def test_the_public_api_refuses_the_same_way_in_both(
    case: tuple[str, Callable[[str, Any], object]], value: object
) -> None:
    name, function = case
    if name == "solve seconds" and value == 0:
        return  # no time limit: the Python search could run long
    cpp, python = _outcome(function, "cpp", value), _outcome(function, "python", value)
    if name.split()[0] == "solve" and cpp[0] == python[0] == "value":
        verdicts = {cpp[1].verdict, python[1].verdict}  # type: ignore[index]
        assert len(verdicts) == 1 or Verdict.UNKNOWN in verdicts  # time budgets differ
    else:
        assert cpp == python


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve(get_layout("tea house"), [0] * 36, max_seconds=math.nan),
        lambda: solve(get_layout("tea house"), [0] * 36, max_nodes=2**63),
        lambda: Game.new("tea house", 1, solver_seconds=-1),
    ],
)
def test_the_budgets_of_the_issue_are_value_errors(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        call()


def test_names_and_numpy_seeds_are_accepted() -> None:
    board = deal("turtle", np.uint64(5))
    assert board == deal(get_layout("turtle"), 5) and type(board.seed) is int
    assert Game.new("turtle", np.int64(5)).seed == 5
    with pytest.raises(TypeError, match="a slot is an int, not str"):
        Game.new("turtle", 5).explain("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        deal("turtle", 5.0)  # type: ignore[arg-type]
