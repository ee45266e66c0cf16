"""Level 4's planned rollout policy (``cpp/core/mcr/rollout_plan.*``) reads the same
distances as level 3's planner (``players/planner.py``): the same targets in the same order,
the same distance toward each (or the same "out of reach"), over random legal hands with
random unseen counts (Hypothesis). The C++ list ends with two targets of its own, seven
pairs and a plain hand, held to the shanten of those forms."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.split import RULED_OUT
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.players import planner
from mahjongkit.mcr.players._cpp import plan_distances
from tests.mcr.hand_strategies import random_hands

OUT_OF_REACH = 99  # core/mcr/shanten.hpp kImpossible
_KINDS = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}


@st.composite
def unseen_of(draw: st.DrawFn, hand: Hand) -> list[int]:
    """Unseen counts a seat holding ``hand`` could have: at most what it does not hold."""
    held = [0] * 35
    for k in hand.concealed_tiles():
        held[k] += 1
    for meld in hand.melds:
        for k in meld.tiles:
            held[k] += 1
    return [0] + [draw(st.integers(0, max(0, 4 - held[k]))) for k in range(1, 35)]


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(random_hands(13), random_hands(14)), st.data(), st.integers(0, 3), st.integers(0, 3)
)
def test_same_distances_as_the_planner(
    hand: Hand, data: st.DataObject, seat_wind: int, prevailing: int
) -> None:
    unseen = data.draw(unseen_of(hand))
    melds = [(_KINDS[m.kind], min(m.tiles)) for m in hand.melds]
    cpp = plan_distances(list(hand.counts), melds, unseen, seat_wind, prevailing)
    targets = planner.targets(seat_wind, prevailing)
    assert len(cpp) == len(targets) + 2
    for target, got in zip(targets, cpp, strict=False):
        want = planner.distance(hand.counts, hand.melds, target, unseen)
        assert got == (OUT_OF_REACH if want is None else want), target.name
    forms = engine.forms_of_counts(hand.counts, len(hand.melds))
    seven_pairs = forms[1] if forms[1] < RULED_OUT else OUT_OF_REACH
    assert cpp[-2:] == [seven_pairs, engine.shanten_of_counts(hand.counts, len(hand.melds))]
