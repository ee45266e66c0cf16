"""The events told from a hand engine's state (``game/engine_events.py``) are the hand layer's
own, move by move: whole seeded games of both shipped variants, and one-hand games under every
rule flag of :data:`.legality.ALL_FLAGS` (deals, draws, flowers, discards, answers, claims,
kongs, robbing windows, wins). The match's own events (deal, end of a hand, end of the game)
are left out: the match makes them, not the hand. At every step the values read from the
engine (``game/engine_values.py``: each seat's hand, its pool, the copies of each kind face
up, the open window) are the hand layer's, and a hand ends the same (winner, way, discarder,
tile, the hand of fourteen, its context and tally)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game._cpp import engine_move, hand_engine
from mahjongkit.mcr.game.engine_events import EventDriver, deal_events
from mahjongkit.mcr.game.events import Dealt, Event, GameEnded, HandEnded
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE, STANDARD, Variant, Walls
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset

_MATCH = (Dealt, HandEnded, GameEnded)
flags = st.integers(0, legality.ALL_FLAGS).map(lambda f: f & legality.ALL_FLAGS)


@dataclasses.dataclass(frozen=True)
class _Flagged(Variant):
    """A one-hand variant whose rule flags are given (every flag reaches the Python side)."""

    flags: int = 0

    def rule_flags(self, ruleset: Ruleset) -> int:
        return self.flags


def _hand_events(events: list[Event]) -> tuple[list[Event], list[Event]]:
    """The hand's events, then the rest from the first match event on."""
    cut = next((i for i, e in enumerate(events) if isinstance(e, _MATCH)), len(events))
    return events[:cut], events[cut:]


def _driver(game: Rules) -> tuple[EventDriver, list[Event]]:
    """An engine dealt the hand in play's wall, and the events of its deal."""
    hand = game.match.hand
    engine = hand_engine(game.ruleset, game.variant, dealer=hand.dealer, prevailing=hand.prevailing)
    walls = hand.wall.as_dealt()
    if isinstance(hand.wall, SeatWalls):
        assert engine.deal_seat_walls([list(w) for w in walls])
        return EventDriver(engine), deal_events(hand.wall, hand.dealer)
    assert engine.deal_shared(list(walls[0]))
    return EventDriver(engine), deal_events(Wall(walls[0]), hand.dealer)


def _same_values(game: Rules, driver: EventDriver, step: int) -> None:
    hand = game.match.hand
    engine = driver.engine
    for seat in range(4):
        assert driver.hand(seat) == game.hand_of(seat), (step, seat, game.to_string())
        assert engine.pool(seat) == list(game.pool_of(seat)), (step, seat)
    for kind in range(1, 35):
        assert engine.visible(kind) == hand.visible(kind), (step, kind)
    assert driver.window() == game.window, (step, driver.window(), game.window)


def _play(game: Rules, rng: random.Random) -> int:
    """Play ``game`` to its end with random legal moves, each hand also on an engine; every
    move's events must match. Returns the moves played."""
    dealt = [e for e in game.take_outcomes() if not isinstance(e, _MATCH)]
    driver, told = _driver(game)
    assert told == dealt, ("deal", told[:6], dealt[:6])
    moves = 0
    while game.is_active:
        seat = game.waiting_on[0]
        legal = game.legal(seat)
        move = legal[-1] if rng.random() < 0.5 else rng.choice(legal)
        hand_no = game.hand_no
        _same_values(game, driver, moves)
        hand = game.match.hand
        assert game.apply(seat, move) is None
        got = driver.apply(seat, move, engine_move(move))
        assert driver.end(game.match.judge.score, hand.flags) == hand.end, (moves, hand.end)
        expected, rest = _hand_events(game.take_outcomes())
        assert got == expected, (moves, seat, str(move), got, expected, game.to_string())
        if game.hand_no != hand_no and game.is_active:
            driver, told = _driver(game)
            dealt = [e for e in rest if not isinstance(e, _MATCH)]
            assert told == dealt, ("deal", game.hand_no, told[:6], dealt[:6])
        moves += 1
    return moves


@pytest.mark.parametrize("variant", [STANDARD, BOTZONE], ids=lambda v: v.name)
@pytest.mark.parametrize("seed", range(3))
def test_events_of_whole_games(seed: int, variant: Any) -> None:
    assert _play(Rules(f"ev-{seed}", variant=variant), random.Random(seed)) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), flag=flags, flowers=st.booleans())
@example(seed=16, flag=1, flowers=False)  # a win on the last tile: the pool's discard counts
@example(seed=49256826, flag=0, flowers=True)
def test_events_under_every_flag(seed: int, flag: int, flowers: bool) -> None:
    four = bool(flag & legality.FOUR_WALLS)
    variant = _Flagged(
        hands=1,
        walls=Walls.PER_SEAT if four else Walls.SHARED,
        flowers=flowers and not four,
        claim_kong_replaced=bool(flag & legality.CLAIM_KONG_REPLACED),
        flags=flag,
    )
    game = Rules(f"flag-{seed}", variant=variant, ruleset=GREEN_BOOK)
    assert _play(game, random.Random(seed)) > 0
