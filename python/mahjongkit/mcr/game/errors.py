"""Refusals: a move the rules do not take comes back as a value, never as an exception.

A :class:`Refusal` has the shape of both games (:mod:`mahjongkit.refusal`): its
:class:`RefusalCode` (stable, for a site's translated messages), an English message naming
what is wrong, and as its context the moves that *are* legal for the seat right now
(:attr:`Refusal.legal`). Like solitaire's it is falsy. Only programmer errors (a seat that is
not 0–3, a move that is not a :class:`~mahjongkit.mcr.game.moves.Move`) raise.

>>> r = Refusal(RefusalCode.TILE_NOT_HELD, "seat 0 holds no 5m", ())
>>> r.code.value, str(r), bool(r)
('tile_not_held', 'tile_not_held: seat 0 holds no 5m', False)
"""

from __future__ import annotations

from enum import Enum

from mahjongkit.mcr.game.moves import Move
from mahjongkit.refusal import Refusal as BaseRefusal


class RefusalCode(Enum):
    NOT_YOUR_TURN = "not_your_turn"  # the seat is not among those waited on
    WRONG_PHASE = "wrong_phase"  # a turn's move (discard, kong of a tile) while a window is open
    TILE_NOT_HELD = "tile_not_held"  # discard or meld with a tile the seat does not hold
    CANNOT_CLAIM = "cannot_claim"  # a claim the window did not offer this seat
    NOT_A_MELD = "not_a_meld"  # chow tiles that do not run with the discard
    NO_KONG = "no_kong"  # no fourth tile or pung to promote, or a kong after a claim (3.6.8)
    NOT_A_WIN = "not_a_win"  # the fourteen are not complete
    TOO_FEW_POINTS = "too_few_points"  # complete, but under 8 without flowers (3.11.6.6)
    NO_WINDOW = "no_window"  # an answer (pass, chow, pung) when no window is open
    ALREADY_ANSWERED = "already_answered"  # a second answer in the same window
    GAME_OVER = "game_over"  # the sixteenth hand is over
    BAD_MOVE = "bad_move"  # a malformed move: a discard without a tile, a chow without two


class Refusal(BaseRefusal[RefusalCode, Move]):
    """A refused move: what was wrong and, as its context, what the seat may do instead."""

    @property
    def legal(self) -> tuple[Move, ...]:
        """The moves the seat may make instead (the context)."""
        return self.context
