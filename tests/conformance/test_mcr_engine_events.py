"""The events told from a hand engine's state (``game/engine_events.py``) are the hand layer's
own, move by move: whole seeded games of both shipped variants, and one-hand games under every
rule flag of :data:`.legality.ALL_FLAGS` (deals, draws, flowers, discards, answers, claims,
kongs, robbing windows, wins). The match's own events (deal, end of a hand, end of the game)
are left out: the match makes them, not the hand. At every step the values read from the
engine (``game/engine_values.py``: each seat's hand, its pool, the copies of each kind face
up, the open window) are the hand layer's, and a hand ends the same (winner, way, discarder,
tile, the hand of fourteen, its context and tally). A sample of moves, legal and not, is
taken or refused alike by both, a refusal with the same code and sentence
(``game/engine_refusals.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.game._cpp import engine_move, hand_engine
from mahjongkit.mcr.game.engine_events import EventDriver, deal_events
from mahjongkit.mcr.game.engine_refusals import context_now, explain
from mahjongkit.mcr.game.events import Dealt, Event, GameEnded, HandEnded
from mahjongkit.mcr.game.hand_state import HandState
from mahjongkit.mcr.game.legality import ENGINE_CODES
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE, STANDARD
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.scoring.context import WinBy
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
from tests.mcr.flagged import candidates, flags, layer_scorer, one_hand

_MATCH = (Dealt, HandEnded, GameEnded)


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
    # The win context each seat would be scored in now, on the tile at stake.
    window = game.window
    if window is not None:
        tile, by = window.tile, WinBy.ROBBING if window.kind is Phase.ROB else WinBy.DISCARD
    else:
        tile, by = game.drawn or 0, WinBy.SELF_DRAWN
    if tile:
        for seat in range(4):
            now = context_now(driver, seat, tile, by, game.dealer, game.prevailing)
            assert now == hand.context(seat, tile, by), (step, seat, now)


def _same_refusals(game: Rules, driver: EventDriver, rng: random.Random, step: int) -> None:
    engine = driver.engine
    score = game.match.judge.score
    window = game.window
    tile = window.tile if window is not None else (game.drawn or 0)
    for seat in range(4):
        for move in candidates(rng, tile):
            refusal = game.why_not(seat, move)
            verdict = engine.verify(seat, *engine_move(move))
            if refusal is None:
                assert verdict == 0, (step, seat, str(move))
                continue
            assert ENGINE_CODES[verdict] is refusal.code, (step, seat, str(move), refusal)
            said = explain(
                driver, seat, move, score, dealer=game.dealer, prevailing=game.prevailing
            )
            assert said == (refusal.code, refusal.message), (step, seat, str(move), said, refusal)


def _play(game: Rules, rng: random.Random) -> int:
    """Play ``game`` to its end with random legal moves, each hand also on an engine; every
    move's events must match. Returns the moves played. ``rng`` alone picks the moves (a seed
    found to reach a case reaches it here); the probes draw from their own."""
    assert isinstance(game.match.hand, HandState)  # the twin, not the engine itself
    probe = random.Random(str(game.seed))
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
        _same_refusals(game, driver, probe, moves)
        hand = game.match.hand
        assert game.apply(seat, move) is None
        # Now and then a copy plays the move first: the original must not see it.
        copy = driver.copy() if probe.random() < 0.1 else None
        copied = copy.apply(seat, move, engine_move(move)) if copy is not None else None
        got = driver.apply(seat, move, engine_move(move))
        if copy is not None:
            assert copied == got, (moves, str(move))
            assert [copy.hand(s) for s in range(4)] == [driver.hand(s) for s in range(4)]
            assert copy.window() == driver.window(), moves
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
    game = Rules(f"ev-{seed}", variant=variant, scorer=layer_scorer(GREEN_BOOK))
    assert _play(game, random.Random(seed)) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), flag=flags, flowers=st.booleans())
@example(seed=16, flag=1, flowers=False)  # a win on the last tile: the pool's discard counts
@example(seed=49256826, flag=0, flowers=True)
@example(seed=183, flag=0, flowers=True)  # a promoted kong's robbing window
@example(seed=268, flag=0, flowers=True)  # a claimed kong that ends the hand: nobody on turn
def test_events_under_every_flag(seed: int, flag: int, flowers: bool) -> None:
    variant = one_hand(flag, flowers)
    game = Rules(
        f"flag-{seed}", variant=variant, ruleset=GREEN_BOOK, scorer=layer_scorer(GREEN_BOOK)
    )
    assert _play(game, random.Random(seed)) > 0
