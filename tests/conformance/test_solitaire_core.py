"""C++ core vs the Python reference: free sets, boards, re-deals and refusals must be equal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjongkit._core import solitaire as core
from mahjongkit.solitaire import (
    DealError,
    Layout,
    LayoutError,
    deal,
    free_slots,
    get_layout,
    layouts,
    redeal,
)
from mahjongkit.solitaire.rng import Rng

LAYOUTS = layouts()
SEEDS = st.one_of(st.just(0), st.just(2**64 - 1), st.integers(0, 2**64 - 1))
FEW = settings(deadline=None, max_examples=25)


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """The result, or the error's type and message: both implementations must agree on it."""
    try:
        return "ok", call()
    except (ValueError, TypeError, DealError, LayoutError) as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
@settings(deadline=None, max_examples=40)
@given(data=st.data())
def test_same_free_set_for_random_present_sets(layout: Layout, data: st.DataObject) -> None:
    present = data.draw(st.sets(st.integers(0, layout.size - 1)))
    assert free_slots(layout, present, impl="cpp") == free_slots(layout, present, impl="python")


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
@FEW
@given(seed=SEEDS)
@example(seed=0)
@example(seed=2**64 - 1)
def test_same_board_for_random_seeds(layout: Layout, seed: int) -> None:
    assert deal(layout, seed, impl="cpp") == deal(layout, seed, impl="python")


@settings(deadline=None, max_examples=30)
@given(seed=SEEDS, stream=SEEDS, bound=st.integers(1, 2**64 - 1))
def test_same_generator_output(seed: int, stream: int, bound: int) -> None:
    rng = Rng(seed, stream)
    assert core.rng_next(seed, stream, 5) == [rng.next() for _ in range(5)]
    rng = Rng(seed, stream)
    assert core.rng_below(seed, stream, bound, 5) == [rng.below(bound) for _ in range(5)]


@FEW
@given(seed=SEEDS, stream=st.integers(1, 2**64 - 1), cut=st.integers(0, 72))
def test_same_redeal(seed: int, stream: int, cut: int) -> None:
    turtle = get_layout("turtle")
    board = deal(turtle, seed)
    remaining = sorted(s for pair in board.removal_order[cut:] for s in pair)
    faces = [board.faces[s] for s in remaining]
    assert outcome(lambda: redeal(turtle, remaining, faces, seed, stream=stream, impl="cpp")) == (
        outcome(lambda: redeal(turtle, remaining, faces, seed, stream=stream, impl="python"))
    )


BAD_CALLS: list[Callable[[str], Any]] = [
    lambda impl: deal(get_layout("turtle"), -1, impl=impl),
    lambda impl: deal(get_layout("turtle"), 2**64, impl=impl),
    lambda impl: deal(get_layout("turtle"), "7", impl=impl),
    lambda impl: deal(get_layout("turtle"), 1, impl=impl, max_trials=0),
    lambda impl: deal(Layout.from_slots([(0, 0, 0), (0, 0, 1)]), 3, impl=impl, max_trials=9),
    lambda impl: deal(42, 1, impl=impl),  # type: ignore[arg-type]
    lambda impl: deal("dragon", 1, impl=impl),
    lambda impl: free_slots(get_layout("turtle"), [144], impl=impl),
    lambda impl: free_slots(get_layout("turtle"), [-3, 4], impl=impl),
    lambda impl: redeal(get_layout("turtle"), [0, 11], [1, 2], 1, stream=1, impl=impl),
    lambda impl: redeal(get_layout("turtle"), [139, 143], [1, 1], 1, stream=1, impl=impl),
]


@pytest.mark.parametrize("call", BAD_CALLS)
def test_same_errors(call: Callable[[str], Any]) -> None:
    cpp, python = outcome(lambda: call("cpp")), outcome(lambda: call("python"))
    assert cpp == python and cpp[0] != "ok"


def test_layout_names_and_numpy_seeds_deal_alike() -> None:
    import numpy as np

    assert deal("turtle", np.uint64(9), impl="cpp") == deal(get_layout("turtle"), 9, impl="python")


def test_environment_variable_selects_the_implementation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    assert deal(get_layout("turtle"), 3) == deal(get_layout("turtle"), 3, impl="cpp")
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "rust")
    with pytest.raises(ValueError, match=r"unknown implementation 'rust' \(from \$MAHJONGKIT"):
        deal(get_layout("turtle"), 3)
