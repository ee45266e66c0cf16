"""Hand: counts, melds, flowers, size, and the mechanics of claiming and declaring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.notation import parse_hand
from tests.mcr.hand_strategies import random_hands


def test_views_of_a_hand() -> None:
    hand = parse_hand("19m 55p pung(EEE) ckong(4444s) F1 T3")
    assert hand.counts[1] == 1 and hand.counts[14] == 2 and hand.counts[0] == 0
    assert len(hand.counts) == 35
    assert hand.concealed_tiles() == [1, 9, 14, 14]
    assert hand.size == 10  # the kong counts three
    assert hand.flowers == (35, 41)
    assert hand.held(22) == 4 and hand.held(28) == 3
    assert not hand.is_concealed()
    assert parse_hand("ckong(4444s) 1m").is_concealed()


def test_hands_are_values() -> None:
    a = parse_hand("123m EE")
    b = Hand.from_tiles([28, 3, 2, 1, 28])
    assert a == b and hash(a) == hash(b)
    assert a.draw(5) != a
    with pytest.raises(AttributeError):
        a.counts = (0,) * 35  # type: ignore[misc]


def test_mechanics_return_new_hands_and_leave_the_old_one() -> None:
    hand = parse_hand("2344m EE")
    chowed = hand.claim_chow(5, 3, 4, from_seat=3)
    assert str(chowed) == "24m EE chow(345m:5m@3)"
    assert str(hand) == "2344m EE"
    punged = hand.claim_pung(28, from_seat=1)
    assert punged.melds == (Meld(MeldKind.PUNG, (28,) * 3, claimed_from=1, claimed_tile=28),)
    assert str(punged.discard(2)) == "344m pung(EEE:E@1)"


def test_kongs_of_every_kind() -> None:
    hand = parse_hand("5555p EEE 1s pung(NNN:N@2) N")
    assert str(hand.concealed_kong(14)) == "1s EEEN pung(NNN:N@2) ckong(5555p)"
    assert str(hand.claim_kong(28, from_seat=0)) == "5555p 1s N pung(NNN:N@2) kong(EEEE:E@0)"
    promoted = hand.promote_kong(31)
    assert str(promoted) == "5555p 1s EEE pkong(NNNN:N@2)"
    assert promoted.melds[0].promoted and promoted.size == hand.size - 1  # replacement next


def test_flowers() -> None:
    hand = parse_hand("1m").add_flower(40).add_flower(35)
    assert hand.flowers == (35, 40)
    with pytest.raises(ValueError, match="second copy"):
        hand.add_flower(35)
    with pytest.raises(ValueError, match="not a flower"):
        hand.add_flower(5)
    with pytest.raises(ValueError, match="bonus tile"):
        hand.draw(35)


@pytest.mark.parametrize(
    ("text", "action", "message"),
    [
        ("123m", lambda h: h.discard(9), "no 9m"),
        ("1m", lambda h: h.claim_pung(1, 0), "no 1m"),
        ("11m", lambda h: h.claim_kong(1, 0), "no 1m"),
        ("111m", lambda h: h.concealed_kong(1), "no 1m"),
        ("1m pung(2m2m2m)", lambda h: h.promote_kong(1), "no exposed pung of 1m"),
        ("pung(222m)", lambda h: h.promote_kong(2), "no 2m"),
        ("13m", lambda h: h.claim_chow(4, 1, 3, 0), "not a chow"),
        ("89m", lambda h: h.claim_chow(10, 8, 9, 0), "not a chow"),
        ("1111m", lambda h: h.draw(1), "fifth copy of 1m"),
        ("", lambda h: h.draw(43), "not a tile kind"),
    ],
)
def test_mechanics_refuse_missing_tiles_and_change_nothing(text, action, message) -> None:  # type: ignore[no-untyped-def]
    hand = parse_hand(text)
    with pytest.raises(ValueError, match=message):
        action(hand)
    assert str(hand) == text.replace("pung(2m2m2m)", "pung(222m)")


def test_constructor_checks_the_whole() -> None:
    with pytest.raises(ValueError, match="34 entries, not 35"):
        Hand((0,) * 34)
    with pytest.raises(ValueError, match="fifth copy of E"):
        Hand.from_tiles([28, 28], [Meld(MeldKind.PUNG, (28,) * 3)])
    with pytest.raises(ValueError, match="counts\\[0\\]"):
        Hand((1,) + (0,) * 34)


def test_chow_shapes_lowest_chow_first() -> None:
    hand = parse_hand("1234567m")
    assert hand.chow_shapes(3) == [(1, 2), (2, 4), (4, 5)]
    assert hand.chow_shapes(1) == [(2, 3)]
    assert parse_hand("89m 23p").chow_shapes(10) == [(11, 12)]  # no run across suits
    assert parse_hand("EEE").chow_shapes(28) == []
    assert parse_hand("44m").chow_shapes(4) == []


@settings(max_examples=100, deadline=None)
@given(random_hands(14))
def test_discarding_every_tile_and_drawing_it_back(hand: Hand) -> None:
    for kind in set(hand.concealed_tiles()):
        smaller = hand.discard(kind)
        assert smaller.size == hand.size - 1
        assert smaller.draw(kind) == hand
