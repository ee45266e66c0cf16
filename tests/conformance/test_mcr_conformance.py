"""C++ core against the pure-Python reference: same splits, waits, shanten, acceptance,
after-discard tables, and the same refusals, over random legal hands (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import parse_hand
from tests.mcr.hand_strategies import complete_hands, random_hands, ready_hands

hands_13 = st.one_of(ready_hands(), random_hands(13))
hands_14 = st.one_of(complete_hands(), random_hands(14))


@settings(max_examples=150, deadline=None)
@given(hands_14)
def test_same_decompositions_with_and_without_a_winning_tile(hand: Hand) -> None:
    assert engine.decompose(hand, impl="cpp") == engine.decompose(hand, impl="python")
    assert engine.is_complete(hand, impl="cpp") == engine.is_complete(hand, impl="python")
    for kind in sorted(set(hand.concealed_tiles())):
        cpp = engine.decompose(hand, winning=kind, impl="cpp")
        assert cpp == engine.decompose(hand, winning=kind, impl="python")


@settings(max_examples=150, deadline=None)
@given(hands_13, st.booleans())
def test_same_waits_shanten_and_acceptance(hand: Hand, include_held_four: bool) -> None:
    for name in ("waits", "acceptance"):
        function = getattr(engine, name)
        assert function(hand, include_held_four=include_held_four, impl="cpp") == function(
            hand, include_held_four=include_held_four, impl="python"
        )
    assert engine.shanten(hand, impl="cpp") == engine.shanten(hand, impl="python")
    assert engine.shanten_by_form(hand, impl="cpp") == engine.shanten_by_form(hand, impl="python")


@st.composite
def partial_counts(draw: st.DrawFn) -> tuple[list[int], int]:
    """Concealed counts of any size up to what the melds leave (a part of a hand)."""
    melds = draw(st.integers(0, 4))
    size = draw(st.integers(0, 14 - 3 * melds))
    kinds = draw(st.lists(st.integers(1, 34), min_size=size, max_size=size))
    counts = [0] * 35
    for kind in kinds:
        if counts[kind] < 4:
            counts[kind] += 1
    return counts, melds


@settings(max_examples=200, deadline=None)
@given(partial_counts())
def test_same_shanten_of_partial_counts(part: tuple[list[int], int]) -> None:
    counts, melds = part
    for function in (engine.shanten_of_counts, engine.forms_of_counts):
        assert function(counts, melds, impl="cpp") == function(counts, melds, impl="python")


@settings(max_examples=60, deadline=None)
@given(hands_14)
def test_same_shanten_after_discard(hand: Hand) -> None:
    assert engine.shanten_after_discard(hand, impl="cpp") == engine.shanten_after_discard(
        hand, impl="python"
    )
    assert engine.shanten_by_form(hand, impl="cpp") == engine.shanten_by_form(hand, impl="python")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda impl: engine.decompose(parse_hand("123m"), impl=impl), "14 tiles"),
        (lambda impl: engine.is_complete(parse_hand("123m"), impl=impl), "14 tiles"),
        (lambda impl: engine.waits(parse_hand("123m"), impl=impl), "13 tiles"),
        (lambda impl: engine.acceptance(parse_hand("123m 456p 789s EEE 11s"), impl=impl), "13"),
        (lambda impl: engine.shanten(parse_hand("123m"), impl=impl), "13 or 14 tiles"),
        (lambda impl: engine.shanten_by_form(parse_hand("1m"), impl=impl), "13 or 14 tiles"),
        (lambda impl: engine.shanten_after_discard(parse_hand("123m"), impl=impl), "14 tiles"),
        (
            lambda impl: engine.decompose(parse_hand("123m 456p 789s EEE 11s"), 9, impl=impl),
            "winning tile 9m is not among",
        ),
    ],
)
def test_same_refusals(call, message: str) -> None:  # type: ignore[no-untyped-def]
    errors = []
    for impl in ("cpp", "python"):
        with pytest.raises(ValueError, match=message) as refused:
            call(impl)
        errors.append(str(refused.value))
    assert errors[0] == errors[1]


def test_the_environment_variable_selects_the_implementation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    assert engine.resolve(None) == "python"
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "cpp")
    assert engine.resolve(None) == "cpp"
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "fortran")
    with pytest.raises(ValueError, match="unknown implementation 'fortran'"):
        engine.resolve(None)
    assert engine.resolve("python") == "python"


def test_the_core_refuses_malformed_counts() -> None:
    from mahjongkit._core import mcr as core

    with pytest.raises(ValueError, match="34 entries, not 35"):
        core.shanten(counts=[0] * 34, melds=0)
    with pytest.raises(ValueError, match="out of range"):
        core.shanten(counts=[0] + [6] + [0] * 33, melds=0)
    with pytest.raises(ValueError, match="melds must be 0 to 4"):
        core.shanten(counts=[0] * 35, melds=5)
