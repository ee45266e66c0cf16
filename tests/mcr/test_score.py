"""The scorer: its refusals, its result, and properties that hold for every hand."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.mcr.analysis.split import Form, SetKind, Wait
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK
from mahjongkit.mcr.scoring.score import equivalent_tallies, score
from tests.mcr.scoring_hands import random_hands

PLAIN = "123m 456p 789s 234s 55m"  # mixed straight, waiting on the 5m pair


def _ctx(winning: int = 5, **kw: object) -> WinContext:
    return WinContext(winning=winning, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("notation", "context", "message"),
    [
        ("chow(123m) 456p 789s 345s EE", _ctx(22, by=WinBy.ROBBING, last_of_wall=True),
         "no kong can be robbed"),
        ("123m 456p 789s 234s 555m", _ctx(by=WinBy.ROBBING), None),  # 15 tiles: size first
        (PLAIN + " 5m", _ctx(), "14 tiles"),
        ("123m 456p 789s 234s 55m", _ctx(by=WinBy.DISCARD, replacement=Replacement.KONG),
         "a self-draw"),
        (PLAIN, _ctx(by=WinBy.SELF_DRAWN, replacement=Replacement.KONG), "needs a kong"),
        (PLAIN, _ctx(by=WinBy.SELF_DRAWN, replacement=Replacement.FLOWER), "needs an exposed"),
        (PLAIN, _ctx(by=WinBy.ROBBING), "cannot hold another"),
        (PLAIN, _ctx(last_tile=True), "cannot hold another"),
        (PLAIN, _ctx(winning=6), "does not hold the winning tile"),
        (PLAIN, _ctx(winning=35), "kind from 1 to 34"),
        (PLAIN, _ctx(seat_wind=4), "seat wind"),
        (PLAIN, _ctx(prevailing_wind=-1), "prevailing wind"),
        ("123m 456p 789s 234s 56m", _ctx(), "not a complete hand"),
    ],
)  # fmt: skip
def test_impossible_contexts_and_hands_are_refused(
    notation: str, context: WinContext, message: str | None
) -> None:
    with pytest.raises(ValueError, match=message or "14 tiles"):
        score(parse_hand(notation), context)


def test_robbing_is_accepted_when_no_other_copy_is_held() -> None:
    tally = score(parse_hand("chow(123m) 456p 789s 345s EE"), _ctx(22, by=WinBy.ROBBING))
    assert tally.times("robbing_the_kong") == 1 and tally.times("last_tile") == 0


def test_three_copies_in_melds_make_the_last_tile_whatever_the_caller_said() -> None:
    hand = parse_hand("pung(999s) 123m 456m 78s 9s EE")
    assert score(hand, _ctx(27)).times("last_tile") == 1


def test_a_flower_replacement_is_plain_self_drawn_never_fan_46() -> None:
    hand = parse_hand("kong(5555m) 123p 456p 789s SS F1")
    tally = score(hand, _ctx(27, by=WinBy.SELF_DRAWN, replacement=Replacement.FLOWER))
    assert tally.times("self_drawn") == 1
    assert tally.times("out_with_replacement_tile") == 0


def test_the_tally_names_fans_totals_and_the_split() -> None:
    tally = score(parse_hand(PLAIN + " F1 F2"), _ctx(by=WinBy.SELF_DRAWN))
    assert [f.key for f in tally.fans] == [
        "mixed_straight", "fully_concealed_hand", "all_chows", "single_wait", "flower_tiles",
    ]  # fmt: skip
    assert (tally.basic, tally.flowers, tally.total, tally.minimum_met) == (15, 2, 17, True)
    split = tally.split
    assert split.form is Form.STANDARD and split.wait is Wait.PAIR
    assert split.winning_set is not None
    assert split.sets[split.winning_set].kind is SetKind.PAIR
    assert sum(len(s.tiles) for s in split.sets) == 14
    assert tally.describe().endswith("= 17")


def test_chicken_hand_when_nothing_else_scores() -> None:
    tally = score(parse_hand("chow(234m) chow(456p) pung(888s) 678m SS"), _ctx(8))
    assert [(f.key, f.points) for f in tally.fans] == [("chicken_hand", 8)]


def test_flowers_never_count_toward_the_minimum() -> None:
    hand = parse_hand("234m 345p 567s 67m 88p 8m F1 F2 F3 F4 T1 T2 T3 T4")
    tally = score(hand, _ctx(8))
    assert tally.basic == 6 and tally.flowers == 8 and tally.total == 14
    assert not tally.minimum_met


def test_the_ruleset_changes_only_what_it_documents() -> None:
    hand = parse_hand("ckong(5555m) kong(7777p) 123s 567s WW")
    green, gb = score(hand, _ctx(30)), score(hand, _ctx(30), GB)
    assert [(f.number, f.points) for f in green.fans] == [(57, 6), (79, 1)]
    assert [(f.number, f.points) for f in gb.fans] == [(82, 5), (79, 1)]
    seven = parse_hand("11m 55m 22p 99p 33s EE RR")
    assert score(seven, _ctx(32, by=WinBy.SELF_DRAWN)).times("fully_concealed_hand") == 1
    assert score(seven, _ctx(32, by=WinBy.SELF_DRAWN), GB).times("self_drawn") == 1


def test_a_hand_is_not_changed_by_scoring() -> None:
    hand = parse_hand(PLAIN)
    before = dataclasses.replace(hand)
    score(hand, _ctx())
    assert hand == before


def test_properties_over_random_hands() -> None:
    """Total = sum of the listed fans; flowers never reach the minimum; the best total is
    among the equivalents; scoring is deterministic."""
    for hand, context in random_hands(2024, 600):
        for ruleset in (GREEN_BOOK, GB):
            tally = score(hand, context, ruleset)
            assert tally.total == sum(f.points * f.times for f in tally.fans)
            assert tally.flowers == len(hand.flowers)
            assert tally.basic == tally.total - tally.flowers
            assert tally.minimum_met == (tally.basic >= 8)
            if context.replacement is not Replacement.FLOWER:
                bare = Hand(hand.counts, hand.melds, ())
                assert score(bare, context, ruleset).basic == tally.basic
            chosen = {f.number: f.times for f in tally.fans if f.number != 81}
            assert chosen in equivalent_tallies(hand, context, ruleset)
            assert score(hand, context, ruleset) == tally


def test_a_custom_ruleset_is_data_both_implementations_read() -> None:
    custom = dataclasses.replace(GB, name="house", point_overrides={48: 7, 79: 2})
    hand = parse_hand("ckong(5555m) ckong(7777p) 123s 567s WW")
    for impl in ("cpp", "python"):
        tally = score(hand, _ctx(30), custom, impl=impl)
        assert [(f.number, f.points) for f in tally.fans] == [(48, 7), (62, 2), (79, 2)]
        assert tally.ruleset == "house"
