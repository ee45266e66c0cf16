"""The scorer's C++ hot loop against its pure-Python reference: the same tally (fans,
points, split) and the same refusals, under every ruleset and contested reading."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, GREEN_BOOK_2006, Ruleset
from mahjongkit.mcr.scoring.score import score
from tests.mcr.hand_strategies import complete_hands
from tests.mcr.hand_strategies import random_hands as random_tiles
from tests.mcr.scoring_hands import random_hands

# every ruleset, and every contested reading answered the other way
RULESETS = [
    GREEN_BOOK,
    GREEN_BOOK_2006,
    GB,
    GREEN_BOOK.choose(many_kongs_award_concealed=True, robbing_on_last_tile=True),
    GB.choose(knit_holds_winning_tile=True, robbing_on_last_tile=False),
]


def _both(hand: Hand, context: WinContext, ruleset: Ruleset) -> None:
    outcomes = []
    for impl in ("cpp", "python"):
        try:
            outcomes.append(score(hand, context, ruleset, impl=impl))
        except ValueError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1], f"{hand} / {context}"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_same_tally_on_random_winning_hands(ruleset: Ruleset) -> None:
    for hand, context in random_hands(77, 3000):
        _both(hand, context, ruleset)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_same_tally_or_refusal_robbing_on_the_last_tile(ruleset: Ruleset) -> None:
    from dataclasses import replace

    robbed = [(h, c) for h, c in random_hands(78, 3000) if c.by is WinBy.ROBBING]
    for hand, context in robbed:
        _both(hand, replace(context, last_of_wall=True), ruleset)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(complete_hands(), random_tiles(14)),
    st.sampled_from(list(WinBy)),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),
    st.data(),
)
def test_same_tally_or_refusal_on_any_hand(
    hand: Hand, by: WinBy, seat: int, prevailing: int, last: bool, data: st.DataObject
) -> None:
    held = [k for k in range(1, 35) if hand.counts[k]]
    winning = data.draw(st.sampled_from(held)) if held else 1
    context = WinContext(
        winning=winning, by=by, seat_wind=seat, prevailing_wind=prevailing, last_of_wall=last
    )
    for ruleset in RULESETS:
        _both(hand, context, ruleset)
