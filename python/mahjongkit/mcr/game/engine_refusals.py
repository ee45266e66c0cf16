"""Why a move is refused in a hand played on the C++ hand engine, in the rules' words: the
code and sentence :meth:`~mahjongkit.mcr.game.rules.Rules.why_not` gives of the hand layer,
asked of the engine's state. The window's own reasons are :meth:`.window.ClaimWindow.refusal`'s,
every other the legality check of the move (:mod:`.legality`), so that a driver of the engine
explains a refusal without a rule of its own. The game's state (a game over) and the move's
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

from collections.abc import Callable
from typing import Any, Final

from mahjongkit.mcr.game.engine_events import EventDriver
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.legality import (
    Reason,
    claim_reason,
    pungs_of,
    self_draw_reason,
    sentence,
    turn_reason,
    win_context,
    win_reason,
)
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.window import ClaimWindow, Phase
from mahjongkit.mcr.hand.wall import SEATS
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext

__all__ = ["context_now", "explain"]

_WINDOW_ONLY: Final = (MoveKind.PASS, MoveKind.CHOW, MoveKind.PUNG)
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
    refuse), as ``Rules.why_not`` says it: the window's reasons, then the move's check.
    ``score`` is the game's scorer (a refused win says what it scored)."""
    engine = driver.engine
    flags = engine.flags
    kind = move.kind
    reason: Reason | None
    value = driver.window()
    if value is not None:
        window = ClaimWindow(value.kind, value.tile, value.from_seat, dict(value.may))
        window.answers = dict(value.answers)
        bits = engine.waiting
        window.waiting = tuple(s for s in range(SEATS) if bits >> s & 1)
        said = window.refusal(seat, move)
        if said is not None:
            return said
        tile = window.tile
        if kind is MoveKind.WIN:
            by = WinBy.ROBBING if window.kind is Phase.ROB else WinBy.DISCARD
            hand14 = driver.hand(seat).draw(tile)
            reason = win_reason(
                score, hand14, context_now(driver, seat, tile, by, dealer, prevailing), flags
            )
        else:
            reason = claim_reason(
                move, seat, window.from_seat, engine.counts(seat), tile, flags, engine.walls
            )
    elif kind in _WINDOW_ONLY:
        return (RefusalCode.NO_WINDOW, f"no window is open to {kind.value} in")
    elif kind is MoveKind.KONG and move.tile is None:
        return (RefusalCode.BAD_MOVE, "a kong on one's turn names its tile")
    elif seat != engine.turn:
        return (RefusalCode.NOT_YOUR_TURN, f"seat {engine.turn} is on turn")
    elif kind is MoveKind.WIN:
        drawn = engine.drawn or None
        reason = self_draw_reason(drawn, engine.claimed_this_turn)
        if reason is None and drawn is not None:
            context = context_now(driver, seat, drawn, WinBy.SELF_DRAWN, dealer, prevailing)
            reason = win_reason(score, driver.hand(seat), context, flags)
    else:
        reason = turn_reason(
            move,
            seat,
            engine.counts(seat),
            pungs_of(driver.hand(seat).melds),
            engine.claimed_this_turn,
            flags,
            engine.walls,
        )
    if reason is None:
        raise ValueError(f"the engine takes seat {seat}'s {move}: it is not refused")
    return (reason[0], sentence(reason))


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
