"""Notation of decision 11 (docs/decisions.md): canonical printing, round trips, refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.notation import format_hand, format_tiles, parse_hand, parse_tiles
from tests.mcr.hand_strategies import complete_hands, random_hands


def test_the_decision_example_parses_to_the_tiles_it_names() -> None:
    hand = parse_hand("123m 55p EEE RGB F1")
    assert hand.concealed_tiles() == [1, 2, 3, 14, 14, 28, 28, 28, 32, 33, 34]
    assert hand.melds == ()
    assert hand.flowers == (35,)
    assert format_hand(hand) == "123m 55p EEE RGB F1"


def test_melds_of_every_shape() -> None:
    hand = parse_hand("chow(234s) pung(EEE) kong(5555p) ckong(9999m) 11m")
    kinds = [(m.kind, m.tiles, m.concealed) for m in hand.melds]
    assert kinds == [
        (MeldKind.CHOW, (20, 21, 22), False),
        (MeldKind.PUNG, (28, 28, 28), False),
        (MeldKind.KONG, (14, 14, 14, 14), False),
        (MeldKind.KONG, (9, 9, 9, 9), True),
    ]
    assert hand.size == 14
    assert format_hand(hand) == "11m chow(234s) pung(EEE) kong(5555p) ckong(9999m)"


def test_claim_information_and_promoted_kongs_round_trip() -> None:
    hand = parse_hand("chow(324s:3s@1) pkong(WWWW:W@2) pung(RRR@0) 5m")
    assert hand.melds[0] == Meld(MeldKind.CHOW, (20, 21, 22), claimed_from=1, claimed_tile=21)
    assert hand.melds[1].promoted and hand.melds[1].claimed_from == 2
    assert hand.melds[2].claimed_tile is None and hand.melds[2].claimed_from == 0
    assert format_hand(hand) == "5m chow(234s:3s@1) pkong(WWWW:W@2) pung(RRR@0)"


def test_printing_is_canonical_whatever_the_written_order() -> None:
    assert format_hand(parse_hand("T2 B 9s 1s E 5p 1m F3 N")) == "1m 5p 19s EN B F3 T2"
    assert format_hand(parse_hand("")) == ""
    assert parse_hand("") == Hand()


def test_tiles_keep_their_written_order_and_print_sorted() -> None:
    assert parse_tiles("9m 1m B E T4") == [9, 1, 34, 28, 42]
    assert format_tiles([42, 28, 9, 1, 34]) == "19m E B T4"
    assert parse_tiles("") == []


@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands(13), random_hands(14), complete_hands()))
def test_parse_of_print_is_the_identity(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 42), max_size=20))
def test_tiles_round_trip_as_a_multiset(kinds: list[int]) -> None:
    legal = [k for i, k in enumerate(kinds) if kinds[:i].count(k) < (1 if k > 34 else 4)]
    assert parse_tiles(format_tiles(legal)) == sorted(legal)


@pytest.mark.parametrize(
    ("text", "token", "why"),
    [
        ("105m 3p", "105m", "rank 0"),
        ("0p", "0p", "rank 0"),
        ("123x", "123x", "unknown letter 'x'"),
        ("EEQ", "EEQ", "unknown letter 'Q'"),
        ("e", "e", "unknown letter 'e'"),
        ("F5", "F5", "unknown letter 'F'"),
        ("12m3", "12m3", "ranks without a suit letter"),
        ("123", "123", "ranks without a suit letter"),
        ("55m 555m", "555m", "a fifth copy of 5m"),
        ("E pung(EEE) E", "E", "a fifth copy of E"),
        ("F1 3m F1", "F1", "a second copy of the bonus tile F1"),
        ("T2T2", "T2T2", "a second copy of the bonus tile T2"),
        ("chow(235s)", "chow(235s)", "a chow is three consecutive tiles of one suit"),
        ("chow(89m1p)", "chow(89m1p)", "a chow is three consecutive tiles of one suit"),
        ("chow(EEE)", "chow(EEE)", "a chow is three consecutive tiles of one suit"),
        ("chow(1234m)", "chow(1234m)", "a chow is three consecutive tiles of one suit"),
        ("pung(EES)", "pung(EES)", "a pung is 3 like tiles"),
        ("pung(55m)", "pung(55m)", "a pung is 3 like tiles"),
        ("kong(555m)", "kong(555m)", "a kong is 4 like tiles"),
        ("ckong(5556m)", "ckong(5556m)", "a ckong is 4 like tiles"),
        ("pung(F1F1F1)", "pung(F1F1F1)", "a bonus tile in a meld"),
        ("chow(F1F2F3)", "chow(F1F2F3)", "a bonus tile in a meld"),
        ("pung(EEE:S)", "pung(EEE:S)", "the claimed tile S is not in the meld"),
        ("pung(EEE@4)", "pung(EEE@4)", "seat '4' is not 0 to 3"),
        ("ckong(EEEE@1)", "ckong(EEEE@1)", "a concealed kong is not claimed"),
        ("meld(EEE)", "meld(EEE)", "unknown meld"),
        ("pung()", "pung()", "no tiles"),
    ],
)
def test_bad_notation_is_refused_quoting_the_token(text: str, token: str, why: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_hand(text)
    message = str(refused.value)
    assert repr(token) in message
    assert why in message


def test_groups_may_be_joined_in_one_token() -> None:
    assert parse_tiles("12m9pEF1") == [1, 2, 18, 28, 35]
    assert format_hand(parse_hand("123m456pEE")) == "123m 456p EE"


def test_parse_tiles_refuses_like_parse_hand() -> None:
    with pytest.raises(ValueError, match=r"'5555m5m'.*fifth copy"):
        parse_tiles("5555m5m")
    with pytest.raises(ValueError, match="rank 0"):
        parse_tiles("0s")
