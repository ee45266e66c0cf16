"""Decomposition (every split of every form, with placements and waits) and waits.

The tests run against the dispatcher with both implementations, so the reference and the
C++ core answer the same hand-written facts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.decompose import divide, standard_waits
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, Wait
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import parse_hand
from tests.mcr.hand_strategies import complete_hands, ready_hands
from tests.mcr.oracle_hands import random_hand

IMPLS = ["python", "cpp"]


def shapes(splits: list[Split]) -> list[tuple[str, ...]]:
    return [tuple(f"{s.kind.value}:{''.join(map(str, s.tiles))}" for s in sp.sets) for sp in splits]


@pytest.mark.parametrize("impl", IMPLS)
def test_every_standard_split_is_listed_once(impl: str) -> None:
    splits = engine.decompose(parse_hand("111222333m 789p 55s"), impl=impl)
    assert [sp.form for sp in splits] == [Form.STANDARD, Form.STANDARD]
    kinds = [[s.kind for s in sp.sets] for sp in splits]
    assert kinds == [
        [SetKind.CHOW, SetKind.CHOW, SetKind.CHOW, SetKind.CHOW, SetKind.PAIR],
        [SetKind.CHOW, SetKind.PUNG, SetKind.PUNG, SetKind.PUNG, SetKind.PAIR],
    ]
    assert all(s.concealed and s.meld is None for sp in splits for s in sp.sets)


@pytest.mark.parametrize("impl", IMPLS)
def test_melds_come_first_in_hand_order(impl: str) -> None:
    hand = parse_hand("123m 55s ckong(EEEE) chow(456p:5p@3) pung(RRR:R@1)")
    (split,) = engine.decompose(hand, impl=impl)
    assert [(s.kind, s.meld, s.concealed) for s in split.sets[:3]] == [
        (SetKind.KONG, 0, True),
        (SetKind.CHOW, 1, False),
        (SetKind.PUNG, 2, False),
    ]
    assert split.sets[3].tiles == (1, 2, 3) and split.sets[4].kind is SetKind.PAIR


@pytest.mark.parametrize("impl", IMPLS)
def test_seven_pairs_with_four_of_a_kind_and_standard_together(impl: str) -> None:
    splits = engine.decompose(parse_hand("1122m 3344p 55s 7777s"), impl=impl)
    forms = [sp.form for sp in splits]
    assert Form.SEVEN_PAIRS in forms and Form.STANDARD not in forms
    pairs = next(sp for sp in splits if sp.form is Form.SEVEN_PAIRS)
    assert [s.tiles for s in pairs.sets].count((25, 25)) == 2
    both = engine.decompose(parse_hand("112233m 445566p EE"), impl=impl)
    assert {sp.form for sp in both} == {Form.STANDARD, Form.SEVEN_PAIRS}
    assert both[0].form is Form.STANDARD  # forms in Form order


@pytest.mark.parametrize("impl", IMPLS)
def test_thirteen_orphans_and_its_placements(impl: str) -> None:
    hand = parse_hand("19m 19p 19s ESWN RGB 9s")
    (split,) = engine.decompose(hand, impl=impl)
    assert split.form is Form.THIRTEEN_ORPHANS
    assert sum(1 for s in split.sets if s.kind is SetKind.SINGLE) == 12
    on_pair = engine.decompose(hand, winning=27, impl=impl)
    assert [sp.wait for sp in on_pair] == [Wait.PAIR]
    on_single = engine.decompose(hand, winning=28, impl=impl)
    assert [sp.wait for sp in on_single] == [Wait.SINGLE]


@pytest.mark.parametrize("impl", IMPLS)
def test_honours_and_knitted_lesser_and_greater(impl: str) -> None:
    lesser = engine.decompose(parse_hand("14m 258p 369s ESWN RG"), impl=impl)
    greater = engine.decompose(parse_hand("147m 25p 36s ESWN RGB"), impl=impl)
    assert [sp.form for sp in lesser] == [Form.HONOURS_KNITTED]
    assert [sp.form for sp in greater] == [Form.HONOURS_KNITTED]
    assert all(s.kind is SetKind.SINGLE for s in greater[0].sets)
    assert engine.decompose(parse_hand("14m 258p 369s ESWN RR"), impl=impl) == []
    assert engine.decompose(parse_hand("15m 258p 369s ESWN RG"), impl=impl) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_knitted_straight_with_a_set_and_a_pair(impl: str) -> None:
    hand = parse_hand("147m 258p 369s 789m 55s")
    splits = engine.decompose(hand, impl=impl)
    ks = [sp for sp in splits if sp.form is Form.KNITTED_STRAIGHT]
    assert len(ks) == 1
    assert [s.kind for s in ks[0].sets] == [SetKind.CHOW, SetKind.PAIR] + [SetKind.KNIT] * 3
    with_meld = parse_hand("147m 258p 369s 55s pung(EEE)")
    assert [sp.form for sp in engine.decompose(with_meld, impl=impl)] == [Form.KNITTED_STRAIGHT]
    placed = engine.decompose(with_meld, winning=4, impl=impl)
    assert [(sp.wait, sp.sets[sp.winning_set].tiles) for sp in placed] == [(Wait.KNIT, (1, 4, 7))]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("text", "winning", "expected"),
    [
        ("123m 456p 789s EEE 11s", 3, [Wait.EDGE]),
        ("123m 456p 789s EEE 11s", 25, [Wait.EDGE]),
        ("123m 456p 789s EEE 11s", 2, [Wait.CLOSED]),
        ("234m 456p 789s EEE 11s", 2, [Wait.TWO_SIDED]),
        ("234m 456p 789s EEE 11s", 4, [Wait.TWO_SIDED]),
        ("123m 456p 789s EEE 11s", 28, [Wait.PUNG]),
        ("123m 456p 789s EEE 11s", 19, [Wait.PAIR]),
        # 1m can close 123 (two-sided with 23), or be the pair: two placements.
        ("11123m 456p 789s EEE", 1, [Wait.PAIR, Wait.TWO_SIDED]),
        # two identical chows holding the tile are one place
        ("112233m 456p EEE 11s", 2, [Wait.CLOSED]),
    ],
)
def test_each_placement_with_its_wait(
    impl: str, text: str, winning: int, expected: list[Wait]
) -> None:
    splits = engine.decompose(parse_hand(text), winning=winning, impl=impl)
    waits = sorted(sp.wait.value for sp in splits if sp.wait is not None)
    assert waits == sorted(w.value for w in expected)
    for sp in splits:
        assert sp.winning_set is not None and winning in sp.sets[sp.winning_set].tiles


@pytest.mark.parametrize("impl", IMPLS)
def test_waits_of_ready_hands(impl: str) -> None:
    assert engine.waits(parse_hand("1112345678999m"), impl=impl) == list(range(1, 10))
    assert engine.waits(parse_hand("19m 19p 19s ESWN RGB"), impl=impl) == [
        1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34,
    ]  # fmt: skip
    assert engine.waits(parse_hand("123m 456p 789s EEE 1s"), impl=impl) == [19]
    assert engine.waits(parse_hand("123m 456p 789s EE 15s"), impl=impl) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_a_kind_held_four_times_is_no_wait_unless_asked(impl: str) -> None:
    hand = parse_hand("1111m 234p 567s 999s")
    assert engine.waits(hand, impl=impl) == []
    assert engine.waits(hand, include_held_four=True, impl=impl) == [1]
    melded = parse_hand("1m 456p 567s 999s pung(111m:1m@2)")  # 1m held 4 with the meld
    assert engine.waits(melded, impl=impl) == []
    assert engine.waits(melded, include_held_four=True, impl=impl) == [1]


@pytest.mark.parametrize("impl", IMPLS)
def test_sizes_and_winning_tiles_are_checked(impl: str) -> None:
    with pytest.raises(ValueError, match="14 tiles"):
        engine.decompose(parse_hand("123m"), impl=impl)
    with pytest.raises(ValueError, match="13 tiles"):
        engine.waits(parse_hand("123m"), impl=impl)
    with pytest.raises(ValueError, match="winning tile 5m is not among"):
        engine.decompose(parse_hand("123m 456p 789s EEE 11s"), winning=5, impl=impl)
    assert not engine.is_complete(parse_hand("123m 456p 789s EEE 12s"), impl=impl)


def _tiles_of(split: Split) -> Counter[int]:
    return Counter(k for s in split.sets for k in s.tiles)


@settings(max_examples=60, deadline=None)
@given(complete_hands())
def test_complete_hands_decompose_into_their_own_tiles(hand: Hand) -> None:
    splits = engine.decompose(hand, impl="python")
    assert splits, str(hand)
    tiles = Counter(hand.concealed_tiles()) + Counter(k for m in hand.melds for k in m.tiles)
    for split in splits:
        assert _tiles_of(split) == tiles
    assert len(set(splits)) == len(splits)
    for kind in set(hand.concealed_tiles()):
        placed = engine.decompose(hand, winning=kind, impl="python")
        assert {(sp.form, sp.sets) for sp in placed} == {(sp.form, sp.sets) for sp in splits}


@settings(max_examples=60, deadline=None)
@given(ready_hands())
def test_waits_are_the_kinds_that_complete(hand: Hand) -> None:
    found = engine.waits(hand, include_held_four=True, impl="python")
    expected = [
        k
        for k in range(1, 35)
        if hand.held(k) < 4 and engine.is_complete(hand.draw(k), impl="python")
    ]
    assert [k for k in found if hand.held(k) < 4] == expected
    assert engine.waits(hand, impl="python") == expected


def _kinds_that_divide(standing: list[int], melds: int, seven_pairs: bool) -> list[int]:
    """The plain search: kinds after which ``divide`` finds sets and a pair (or, without
    melds, all counts are even)."""
    found = []
    for kind in range(1, 35):
        standing[kind] += 1
        if divide(standing, 4 - melds) or (seven_pairs and all(n % 2 == 0 for n in standing)):
            found.append(kind)
        standing[kind] -= 1
    return found


def test_the_shape_waits_agree_with_the_division_search() -> None:
    """``standard_waits`` (each group's shape, shared with the scorer) lists exactly the kinds
    ``divide`` (the enumeration, shared too) completes, a theoretical fifth copy included;
    ``limit`` keeps the first ones."""
    rng = random.Random(5)
    ready = 0
    for _ in range(3000):
        hand = random_hand(rng, size=13)
        standing = list(hand.counts)
        melds = len(hand.melds)
        expected = _kinds_that_divide(standing, melds, seven_pairs=not melds)
        assert standard_waits(standing, seven_pairs=not melds) == expected, str(hand)
        assert standard_waits(standing, seven_pairs=not melds, limit=2) == expected[:2]
        assert standing == list(hand.counts)  # restored
        ready += bool(expected)
    assert ready > 200  # the random hands reach many ready shapes, not only misses (262)
    # a theoretical fifth honour is a pung and a pair (random hands rarely reach it)
    hand = parse_hand("444m 555p 333s NNNN")
    standing = list(hand.counts)
    assert standard_waits(standing, seven_pairs=True) == _kinds_that_divide(
        standing, 0, seven_pairs=True
    )
    assert _kinds_that_divide(standing, 0, seven_pairs=True) == [31]
    for impl in IMPLS:
        assert engine.waits(hand, include_held_four=True, impl=impl) == [31]
        assert engine.waits(hand, impl=impl) == []
