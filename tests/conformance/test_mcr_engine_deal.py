"""A deal's events two ways: :func:`.engine_events.deal_events` works them out in Python from
the wall (the positional deal of ``hand/wall.py``; held to the hand layer's own by
``test_mcr_engine_events.py``), and :func:`.engine_events.deal_told` /
:func:`.engine_events.deal_seed_told` have the C++ engine tell them as it deals
(``cpp/core/mcr/engine_log.hpp``). Both give the same events for seeded walls of every hand
of a game, every dealer, with and without flowers, and none for four walls."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.game._cpp import hand_engine
from mahjongkit.mcr.game.engine_events import deal_events, deal_seed_told, deal_told
from mahjongkit.mcr.game.variant import BOTZONE, STANDARD
from mahjongkit.mcr.hand.wall import SeatWalls, Wall, seed_bytes
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
from mahjongkit.tiles import is_bonus


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    hand_no=st.integers(1, 16),
    dealer=st.integers(0, 3),
    flowers=st.booleans(),
)
def test_a_deal_told_by_the_engine_is_the_walls(
    seed: int, hand_no: int, dealer: int, flowers: bool
) -> None:
    key = f"deal-{seed}"
    tiles = [t for t in Wall.from_seed(key, hand_no).tiles if flowers or not is_bonus(t)]
    expected = deal_events(Wall(tiles), dealer)
    assert bool(expected) or not flowers or not any(is_bonus(t) for t in tiles[:53])
    engine = hand_engine(GREEN_BOOK, STANDARD, dealer=dealer, prevailing=0)
    assert deal_told(engine, tiles) == expected
    seeded = hand_engine(GREEN_BOOK, STANDARD, dealer=dealer, prevailing=0)
    assert deal_seed_told(seeded, seed_bytes(key), hand_no, flowers) == expected
    for seat in range(4):
        assert seeded.flowers(seat) == engine.flowers(seat)
        assert seeded.counts(seat) == engine.counts(seat)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), dealer=st.integers(0, 3))
def test_four_walls_deal_no_events(seed: int, dealer: int) -> None:
    key = f"deal-{seed}"
    engine = hand_engine(GREEN_BOOK, BOTZONE, dealer=dealer, prevailing=0)
    told = deal_seed_told(engine, seed_bytes(key), 1, False)
    assert told == deal_events(SeatWalls.from_seed(key, 1), dealer) == []


def test_a_refused_deal_raises() -> None:
    engine = hand_engine(GREEN_BOOK, STANDARD, dealer=0, prevailing=0)
    deal_told(engine, Wall.from_seed("x", 1).tiles)
    try:
        deal_told(engine, Wall.from_seed("x", 1).tiles)  # dealt already
    except ValueError:
        pass
    else:
        raise AssertionError("a second deal was taken")
