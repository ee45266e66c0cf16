"""Why a well-formed move is refused in a hand, in the rules' words: the one order of the
reasons (the window's own, then no window, a kong that names no tile, not the seat's turn,
then the move's legality check of :mod:`.legality`), asked of any hand that answers
:class:`ExplainedHand`: the hand layer's :class:`~.hand_state.HandState` (through
:meth:`~.rules.Rules.why_not`) and the C++ hand engine's view in :mod:`.engine_refusals`.
Nothing here decides a rule; it only chooses which check speaks first.

>>> from mahjongkit.mcr.game.rules import Rules
>>> from mahjongkit.mcr.game.moves import Move
>>> game = Rules("explain-doc")
>>> refusal_of(game.match.hand, 1, Move.parse("discard 1m"), game.match.judge.score)
(<RefusalCode.NOT_YOUR_TURN: 'not_your_turn'>, 'seat 0 is on turn')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.legality import (
    Reason,
    claim_reason,
    pungs_of,
    self_draw_reason,
    sentence,
    turn_reason,
    win_reason,
)
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.window import ClaimWindow, Phase
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.scoring.context import WinBy, WinContext

__all__ = ["ExplainedHand", "refusal_of"]

_WINDOW_ONLY: Final = (MoveKind.PASS, MoveKind.CHOW, MoveKind.PUNG)


class ExplainedHand(Protocol):
    """What :func:`refusal_of` reads of a hand in play."""

    @property
    def window(self) -> ClaimWindow | None: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def claimed_this_turn(self) -> bool: ...
    @property
    def flags(self) -> int: ...
    def counts_of(self, seat: int) -> Sequence[int]: ...
    def walls(self) -> int: ...
    def hand(self, seat: int) -> Hand: ...
    def context(self, seat: int, tile: int, by: WinBy) -> WinContext: ...


def refusal_of(
    state: ExplainedHand, seat: int, move: Move, score: Callable[..., Any]
) -> tuple[RefusalCode, str] | None:
    """The code and sentence of why ``state`` refuses ``seat``'s well-formed ``move``, or
    ``None`` when no check refuses it (it is legal). ``score`` is the game's scorer (a
    refused win says what it scored). The game's state (a game over) and the move's shape
    are the caller's, asked before."""
    kind = move.kind
    window = state.window
    flags = state.flags
    reason: Reason | None
    if window is not None:
        said = window.refusal(seat, move)
        if said is not None:
            return said
        tile = window.tile
        if kind is MoveKind.WIN:
            by = WinBy.ROBBING if window.kind is Phase.ROB else WinBy.DISCARD
            hand14 = state.hand(seat).draw(tile)
            reason = win_reason(score, hand14, state.context(seat, tile, by), flags)
        else:
            reason = claim_reason(
                move, seat, window.from_seat, state.counts_of(seat), tile, flags, state.walls()
            )
    elif kind in _WINDOW_ONLY:
        return (RefusalCode.NO_WINDOW, f"no window is open to {kind.value} in")
    elif kind is MoveKind.KONG and move.tile is None:
        return (RefusalCode.BAD_MOVE, "a kong on one's turn names its tile")
    elif seat != state.turn:
        return (RefusalCode.NOT_YOUR_TURN, f"seat {state.turn} is on turn")
    elif kind is MoveKind.WIN:
        drawn = state.drawn
        reason = self_draw_reason(drawn, state.claimed_this_turn)
        if reason is None and drawn is not None:
            context = state.context(seat, drawn, WinBy.SELF_DRAWN)
            reason = win_reason(score, state.hand(seat), context, flags)
    else:
        reason = turn_reason(
            move,
            seat,
            state.counts_of(seat),
            pungs_of(state.hand(seat).melds),
            state.claimed_this_turn,
            flags,
            state.walls(),
        )
    return None if reason is None else (reason[0], sentence(reason))
