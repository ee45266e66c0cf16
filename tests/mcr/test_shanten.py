"""Shanten per form, acceptance and the after-discard table, on both implementations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.split import Form
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import parse_hand
from tests.mcr.hand_strategies import complete_hands, random_hands, ready_hands

IMPLS = ["python", "cpp"]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("text", "form", "expected"),
    [
        ("123m 456p 789s EEE 1s", Form.STANDARD, 0),
        ("123m 456p 789s EEE 11s", Form.STANDARD, -1),
        ("147m 258p 369s ESWN", Form.STANDARD, 8),  # nothing connects
        ("19m 19p 19s ESWN RGB", Form.THIRTEEN_ORPHANS, 0),
        ("19m 19p 19s ESWN RG 5p", Form.THIRTEEN_ORPHANS, 1),
        ("19m 19p 19s ESWN RR 5p", Form.THIRTEEN_ORPHANS, 1),  # a pair, one kind short
        ("1122m 3344p 5566s 7s", Form.SEVEN_PAIRS, 0),
        ("1111m 3344p 5566s 7s", Form.SEVEN_PAIRS, 0),  # four of a kind is two pairs
        ("111m 3344p 5566s 78s", Form.SEVEN_PAIRS, 1),
        ("147m 258p 369s ESWN", Form.HONOURS_KNITTED, 0),
        ("147m 258p 36s ESWN R", Form.HONOURS_KNITTED, 0),
        ("147m 25p 3s ESWN RG 1p", Form.HONOURS_KNITTED, 1),
        ("147m 258p 369s 56s EN", Form.KNITTED_STRAIGHT, 1),
        ("147m 258p 369s 55s EE", Form.KNITTED_STRAIGHT, 0),
        ("147m 258p 369s 555s E", Form.KNITTED_STRAIGHT, 0),
    ],
)
def test_shanten_of_each_form(impl: str, text: str, form: Form, expected: int) -> None:
    assert engine.shanten_by_form(parse_hand(text), impl=impl)[form] == expected


@pytest.mark.parametrize("impl", IMPLS)
def test_melds_rule_out_the_concealed_forms(impl: str) -> None:
    one = engine.shanten_by_form(parse_hand("147m 258p 369s E pung(RRR)"), impl=impl)
    assert set(one) == {Form.STANDARD, Form.KNITTED_STRAIGHT}
    assert one[Form.KNITTED_STRAIGHT] == 0  # a knitted straight, a meld, waiting on the pair
    two = engine.shanten_by_form(parse_hand("1234m 56p E pung(RRR) chow(123s)"), impl=impl)
    assert set(two) == {Form.STANDARD}
    concealed_kong = engine.shanten_by_form(parse_hand("123m 456p 789s E ckong(RRRR)"), impl=impl)
    assert Form.SEVEN_PAIRS not in concealed_kong  # a declared kong is no longer two pairs


@pytest.mark.parametrize("impl", IMPLS)
def test_acceptance_and_after_discard(impl: str) -> None:
    hand = parse_hand("123m 456p 789s 11s EE")
    assert engine.acceptance(hand, impl=impl) == [19, 28]
    one_away = parse_hand("13m 456p 789s 11s EE N")
    assert engine.shanten(one_away, impl=impl) == 1
    assert engine.acceptance(one_away, impl=impl) == [2, 19, 28]
    after = engine.shanten_after_discard(parse_hand("123m 456p 789s 11s EE N"), impl=impl)
    assert set(after) == {1, 2, 3, 13, 14, 15, 25, 26, 27, 19, 28, 31}
    assert after[31] == (0, [19, 28])
    assert after[1][0] == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_acceptance_leaves_out_kinds_held_four_times(impl: str) -> None:
    # 1111m: drawing a fifth 1m cannot happen; the pymahjonggb convention lists it anyway.
    hand = parse_hand("1111m 234p 567s 999s")
    assert engine.acceptance(hand, impl=impl) == []
    assert engine.acceptance(hand, include_held_four=True, impl=impl) == [1]


def _draw_lowers(hand: Hand, kind: int, impl: str) -> bool:
    return engine.shanten(hand.draw(kind), impl=impl) < engine.shanten(hand, impl=impl)


@settings(max_examples=80, deadline=None)
@given(st.one_of(ready_hands(), random_hands(13)))
def test_acceptance_is_exactly_the_kinds_that_lower_shanten(hand: Hand) -> None:
    accepted = engine.acceptance(hand, impl="cpp")
    expected = [k for k in range(1, 35) if hand.held(k) < 4 and _draw_lowers(hand, k, "cpp")]
    assert accepted == expected
    assert engine.shanten(hand) >= 0  # thirteen tiles are never complete


@settings(max_examples=80, deadline=None)
@given(st.one_of(ready_hands(), random_hands(13)))
def test_ready_means_waiting(hand: Hand) -> None:
    ready = engine.shanten(hand) == 0
    assert ready == bool(engine.waits(hand, include_held_four=True))
    if ready:
        assert engine.acceptance(hand) == engine.waits(hand)


@settings(max_examples=60, deadline=None)
@given(st.one_of(complete_hands(), random_hands(14)))
def test_complete_means_minus_one_and_discards_go_back_one_step_at_most(hand: Hand) -> None:
    value = engine.shanten(hand)
    assert (value == -1) == engine.is_complete(hand)
    after = engine.shanten_after_discard(hand)
    assert set(after) == set(hand.concealed_tiles())
    best = min(s for s, _ in after.values())
    # A discard never helps a 14-tile hand, and its best discard costs at most one step.
    assert best == max(value, 0) or best == value + 1
