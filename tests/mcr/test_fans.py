"""The fan table: 81 rows of data in Green Book order, consistent with itself."""

from __future__ import annotations

from collections import Counter

from mahjongkit.mcr.analysis.split import Form, SetKind
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.fans import BY_KEY, CONCEALED_KONG_AND_MELDED_KONG, FANS
from mahjongkit.mcr.scoring.reading import Reading
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, RULESETS


def test_81_fans_numbered_in_order_with_unique_keys_and_names() -> None:
    assert sorted(FANS) == list(range(1, 82))
    assert len(BY_KEY) == 81
    assert len({f.name for f in FANS.values()}) == 81
    assert len({f.chinese for f in FANS.values()}) == 81


def test_point_tiers_follow_the_green_book() -> None:
    tiers = Counter(f.points for f in FANS.values())
    assert tiers == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 10, 6: 6, 4: 4,
                     2: 10, 1: 13}  # fmt: skip
    assert FANS[48].key == "two_concealed_kongs" and FANS[48].points == 8
    assert [FANS[n].key for n in range(49, 54)] == [
        "all_pungs", "half_flush", "mixed_shifted_chows", "all_types", "melded_hand",
    ]  # fmt: skip


def test_fans_are_ordered_by_points() -> None:
    points = [FANS[n].points for n in range(1, 82)]
    assert points == sorted(points, reverse=True)


def test_exclusions_name_lower_or_equal_fans_and_never_themselves() -> None:
    for fan in FANS.values():
        assert fan.number not in fan.excludes
        for other in fan.excludes | fan.absorbs:
            assert other in FANS
            assert FANS[other].points <= fan.points, (fan.key, FANS[other].key)


def test_combining_fans_declare_their_group_and_arity() -> None:
    for fan in FANS.values():
        if fan.group is not None:
            assert fan.group in ("chow", "pung") and fan.arity in (2, 3, 4)
        else:
            assert fan.arity == 0


def test_only_chicken_hand_and_flowers_have_no_checker() -> None:
    assert {f.number for f in FANS.values() if f.checker is None} == {43, 81}


def test_checkers_return_instances_naming_the_sets() -> None:
    # three pungs of terminals/winds: Pung of Terminals or Honors scores once per pung
    sets = [(SetKind.PUNG, 1, True), (SetKind.PUNG, 18, True), (SetKind.PUNG, 28, True),
            (SetKind.CHOW, 20, True)]  # fmt: skip
    counts = {1: 3, 18: 3, 28: 3, 20: 1, 21: 1, 22: 1, 5: 2}
    reading = Reading.build(Form.STANDARD, sets, pair=5, counts=counts)
    assert BY_KEY["pung_of_terminals_or_honours"].check(reading) == [(0,), (1,), (2,)]
    assert BY_KEY["all_pungs"].check(reading) == []
    assert BY_KEY["no_honours"].check(reading) == []
    # a fan outside its forms never scores
    seven = Reading.build(Form.SEVEN_PAIRS, [(SetKind.PAIR, 1, True)] * 7, 0, {1: 14})
    assert BY_KEY["pung_of_terminals_or_honours"].check(seven) == []


def test_the_gb_extra_fan_and_rulesets() -> None:
    assert CONCEALED_KONG_AND_MELDED_KONG.number == 82
    assert GB.points(82) == 5 and GB.points(48) == 6
    assert GREEN_BOOK.points(48) == 8 and GREEN_BOOK.mixed_kong_pair == (57, 6)
    assert set(RULESETS) == {"green_book", "green_book_2006", "gb"}
    for difference in GB.differences:
        assert difference.clause and difference.text.endswith(".")
    assert GB.excludes(3) >= {50} and 50 not in GREEN_BOOK.excludes(3)


def test_parse_hand_feeds_the_checkers_through_the_scorer() -> None:
    from mahjongkit.mcr.scoring.context import WinContext
    from mahjongkit.mcr.scoring.score import score

    tally = score(parse_hand("111m 999p 111s EEE 99s"), WinContext(winning=27))
    assert tally.times("pung_of_terminals_or_honours") == 0  # All Terminals and Honors
    assert tally.times("all_terminals_and_honours") == 1
