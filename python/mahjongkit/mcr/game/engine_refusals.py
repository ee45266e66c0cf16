"""Why a move is refused in a hand played on the C++ hand engine, in the rules' words: the
code and sentence :meth:`~mahjongkit.mcr.game.rules.Rules.why_not` gives of the hand layer,
asked of the engine's state through :func:`.explain.refusal_of`, the one order of the reasons
that ``Rules.why_not`` also reads, so that a driver of the engine explains a refusal without a
rule of its own. The game's state (a game over) and the move's
shape (a malformed move) are the caller's, asked before.

>>> from mahjongkit.mcr.game._cpp import hand_engine
>>> from mahjongkit.mcr.game.engine_events import EventDriver
>>> from mahjongkit.mcr.game.moves import Move
>>> from mahjongkit.mcr.game.variant import STANDARD
>>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
>>> from mahjongkit.mcr.scoring.score import score
>>> engine = hand_engine(GREEN_BOOK, STANDARD, dealer=0, prevailing=0)
>>> engine.deal_seed(b"refusals", 1, True)
True
>>> scorer = lambda hand, context: score(hand, context, GREEN_BOOK)
>>> explain(EventDriver(engine), 1, Move.parse("discard 1m"), scorer, dealer=0, prevailing=0)
(<RefusalCode.NOT_YOUR_TURN: 'not_your_turn'>, 'seat 0 is on turn')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from mahjongkit.mcr.game.engine_events import EventDriver
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.explain import refusal_of
from mahjongkit.mcr.game.legality import win_context
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.window import ClaimWindow
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.wall import SEATS
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext

__all__ = ["context_now", "explain"]

_REPLACEMENTS: Final = (Replacement.KONG, Replacement.FLOWER)  # the engine's 0 and 1


def explain(
    driver: EventDriver,
    seat: int,
    move: Move,
    score: Callable[..., Any],
    *,
    dealer: int,
    prevailing: int,
) -> tuple[RefusalCode, str]:
    """Why the engine of ``driver`` refuses ``seat``'s well-formed ``move`` (one it does
    refuse), as ``Rules.why_not`` says it: :func:`.explain.refusal_of` asked of the engine's
    state. ``score`` is the game's scorer (a refused win says what it scored)."""
    explained = refusal_of(_EngineHand(driver, dealer, prevailing), seat, move, score)
    if explained is None:
        raise ValueError(f"the engine takes seat {seat}'s {move}: it is not refused")
    return explained


class _EngineHand:
    """The engine's state as :func:`.explain.refusal_of` reads a hand
    (:class:`.explain.ExplainedHand`)."""

    def __init__(self, driver: EventDriver, dealer: int, prevailing: int) -> None:
        self.driver, self.engine = driver, driver.engine
        self.dealer, self.prevailing = dealer, prevailing

    @property
    def window(self) -> ClaimWindow | None:
        value = self.driver.window()
        if value is None:
            return None
        window = ClaimWindow(value.kind, value.tile, value.from_seat, dict(value.may))
        window.answers = dict(value.answers)
        bits = self.engine.waiting
        window.waiting = tuple(s for s in range(SEATS) if bits >> s & 1)
        return window

    @property
    def turn(self) -> int:
        turn: int = self.engine.turn
        return turn

    @property
    def drawn(self) -> int | None:
        return self.engine.drawn or None

    @property
    def claimed_this_turn(self) -> bool:
        return bool(self.engine.claimed_this_turn)

    @property
    def flags(self) -> int:
        flags: int = self.engine.flags
        return flags

    def counts_of(self, seat: int) -> Sequence[int]:
        counts: Sequence[int] = self.engine.counts(seat)
        return counts

    def walls(self) -> int:
        walls: int = self.engine.walls
        return walls

    def hand(self, seat: int) -> Hand:
        return self.driver.hand(seat)

    def context(self, seat: int, tile: int, by: WinBy) -> WinContext:
        return context_now(self.driver, seat, tile, by, self.dealer, self.prevailing)


def context_now(
    driver: EventDriver, seat: int, tile: int, by: WinBy, dealer: int, prevailing: int
) -> WinContext:
    """The context of ``seat`` winning on ``tile`` now (``HandState.context``: legality's
    :func:`~.legality.win_context` of the engine's state; a robbed kong's fourth is not yet
    on the table)."""
    engine = driver.engine
    replacement = engine.replacement
    return win_context(
        (seat - dealer) % SEATS,
        prevailing,
        tile,
        by,
        engine.visible(tile),
        engine.last_draw_emptied,
        engine.last_discard_is_last,
        _REPLACEMENTS[replacement] if replacement >= 0 else None,
    )
