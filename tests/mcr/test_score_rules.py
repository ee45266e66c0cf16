"""The scorer's rules as data: every fan has its checker in both scorers, the rulesets and
contested readings are fields both read, and a value out of range is refused alike on both
paths however large it is (issue 11: the C++ path once truncated to 32 bits)."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit._core import mcr as core
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS, F, FanNumber
from mahjongkit.mcr.scoring.ruleset import (
    CHOICES,
    GB,
    GREEN_BOOK,
    GREEN_BOOK_2006,
    RULESETS,
    Ruleset,
    ruleset_named,
)
from mahjongkit.mcr.scoring.score import (
    Refusal,
    ScoreRefused,
    TallyBatch,
    WinBatch,
    score,
    score_many,
)

HAND = parse_hand("123m 456p 789s 234s 55m")


def test_every_fan_has_a_checker_in_both_scorers() -> None:
    rows = {**FANS, 82: CONCEALED_KONG_AND_MELDED_KONG}
    for number, fan in rows.items():
        assert core.checker_registered(number) == (fan.checker is not None), fan.key
    assert not core.checker_registered(0) and not core.checker_registered(83)


def test_fan_numbers_name_the_table() -> None:
    assert [n.value for n in FanNumber] == list(range(1, 83))
    for number, fan in FANS.items():
        assert FanNumber(number).name.lower() == fan.key
        assert all(isinstance(n, FanNumber) for n in fan.excludes | fan.absorbs)
    assert CONCEALED_KONG_AND_MELDED_KONG.number == F.CONCEALED_KONG_AND_MELDED_KONG


def test_the_rulesets_by_name() -> None:
    assert set(RULESETS) == {"green_book", "green_book_2006", "gb"}
    for name, ruleset in RULESETS.items():
        assert ruleset_named(name) is ruleset and ruleset.name == name
    # the 2006 rulings are additions to the Green Book, each documented
    assert dataclasses.replace(
        GREEN_BOOK_2006, name="green_book", extra_excludes={}, conditional_excludes=(),
        differences=(),
    ) == GREEN_BOOK  # fmt: skip
    assert len(GREEN_BOOK_2006.differences) == 2


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.field)
def test_each_contested_reading_is_a_field(choice: object) -> None:
    field = choice.field  # type: ignore[attr-defined]
    assert isinstance(getattr(GREEN_BOOK, field), bool)
    flipped = GREEN_BOOK.choose(**{field: not getattr(GREEN_BOOK, field)})
    assert getattr(flipped, field) != getattr(GREEN_BOOK, field)
    assert flipped.name != GREEN_BOOK.name
    assert GREEN_BOOK.choose(**{field: getattr(GREEN_BOOK, field)}) == GREEN_BOOK
    with pytest.raises(ValueError, match="contested"):
        GREEN_BOOK.choose(minimum=False)


def _refusals(context: WinContext, ruleset: Ruleset = GREEN_BOOK) -> set[Refusal]:
    found = set()
    for impl in ("cpp", "python"):
        with pytest.raises(ScoreRefused) as refused:
            score(HAND, context, ruleset, impl=impl)
        found.add(refused.value.refusal)
        (one,) = score_many([HAND], [context], ruleset, impl=impl, on_error="return")
        assert isinstance(one, ScoreRefused)
        found.add(one.refusal)
    batch = score_many(WinBatch([HAND], [context]), None, ruleset, on_error="return")
    assert isinstance(batch[0], ScoreRefused) and batch.refused.tolist() == [True]
    found.add(batch[0].refusal)
    return found


@pytest.mark.parametrize("value", [2**32 + 5, 2**64 + 5, -(2**63), 0, 35, 2**31])
def test_a_winning_tile_out_of_range_is_refused_alike(value: int) -> None:
    assert _refusals(WinContext(winning=value)) == {Refusal.WINNING_KIND}


@pytest.mark.parametrize("value", [2**32, 2**32 + 1, 2**64, -1, -(2**40), 4])
def test_a_wind_out_of_range_is_refused_alike(value: int) -> None:
    assert _refusals(WinContext(winning=5, seat_wind=value)) == {Refusal.SEAT_WIND}
    assert _refusals(WinContext(winning=5, prevailing_wind=value)) == {Refusal.PREVAILING_WIND}


def test_wrong_types_raise_type_error_on_both_paths() -> None:
    for impl in ("cpp", "python"):
        with pytest.raises(TypeError):
            score(HAND, WinContext(winning=5, seat_wind="E"), impl=impl)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            score(HAND, WinContext(winning=5, by="self"), impl=impl)  # type: ignore[arg-type]
    assert _refusals(WinContext(winning="5")) == {Refusal.WINNING_KIND}  # type: ignore[arg-type]


def test_robbing_on_the_last_tile_is_a_ruleset_field() -> None:
    hand = parse_hand("147m 258p 3s ESWNRGB")
    context = WinContext(winning=21, by=WinBy.ROBBING, last_of_wall=True)
    assert _refusals(context, GREEN_BOOK) == {Refusal.ROBBING_LAST_OF_WALL}
    for ruleset in (GB, GREEN_BOOK.choose(robbing_on_last_tile=True)):
        for impl in ("cpp", "python"):
            tally = score(hand, context, ruleset, impl=impl)
            assert tally.times("last_tile_claim") == tally.times("robbing_the_kong") == 1


def test_a_batch_answers_arrays_and_tallies_when_read() -> None:
    hands = [HAND, parse_hand("234m 345p 567s 67m 88p 9m"), HAND]
    contexts = [WinContext(winning=5), WinContext(winning=9), WinContext(5, WinBy.SELF_DRAWN)]
    batch = WinBatch(hands, contexts)
    answer = score_many(batch, None, GB, on_error="return")
    assert isinstance(answer, TallyBatch) and len(answer) == 3
    assert answer.refused.tolist() == [False, True, False]
    singles = [score(HAND, contexts[0], GB), score(HAND, contexts[2], GB)]
    assert answer.total.tolist() == [singles[0].total, 0, singles[1].total]
    assert answer[0] == singles[0] and answer[-1] == singles[1]
    assert isinstance(answer[1], ScoreRefused) and answer[1].refusal is Refusal.NOT_COMPLETE

    def plain(items: list[object]) -> list[object]:
        return [str(x) if isinstance(x, ScoreRefused) else x for x in items]

    assert plain(answer.tolist()) == plain(list(answer)) == plain(answer[0:3])
    python = score_many(batch, None, GB, impl="python", on_error="return")
    assert python.total.tolist() == answer.total.tolist() and python[0] == answer[0]
    with pytest.raises(ScoreRefused, match="hand 1:"):
        score_many(batch, None, GB)
    with pytest.raises(TypeError):
        score_many(batch, contexts)  # type: ignore[call-overload]


def test_a_hand_like_value_may_list_the_bonus_kinds_as_zeros() -> None:
    class Loose:
        def __init__(self, counts: tuple[int, ...]) -> None:
            self.counts, self.melds, self.flowers = counts, (), ()

    long_counts = Loose(tuple(HAND.counts) + (0,) * 8)
    context = WinContext(winning=5)
    assert score(long_counts, context, impl="cpp") == score(long_counts, context, impl="python")
    bonus = Loose(tuple(HAND.counts) + (1,) + (0,) * 7)
    for impl in ("cpp", "python"):
        with pytest.raises(ScoreRefused, match="bonus tile"):
            score(bonus, context, impl=impl)
