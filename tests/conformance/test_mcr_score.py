"""The scorer's C++ hot loop against its pure-Python reference: the same tally (fans,
points, split) and the same refusals, under both rulesets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.score import score
from tests.mcr.hand_strategies import complete_hands
from tests.mcr.hand_strategies import random_hands as random_tiles
from tests.mcr.scoring_hands import random_hands

RULESETS = [GREEN_BOOK, GB]


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
