"""The claim window: the offers a discard (or a promoted kong) made, the answers, the priority.

A :class:`ClaimWindow` is opened with every asked seat's offers, computed once for all seats
when the tile was played, with the tally of each offered win kept for the settlement. It
answers who is still waited on (the asked seats whose answer could still change the outcome,
3.7.1, 3.6.7, 3.7.2.4), takes answers, names the claim that wins, and explains a refusal
from the very offers it made.

>>> from mahjongkit.mcr.game.moves import PASS, PUNG, WIN
>>> w = ClaimWindow(Phase.CLAIM, tile=5, from_seat=0, may={1: (PUNG,), 2: (WIN,)})
>>> w.waiting
(1, 2)
>>> w.answer(2, WIN)  # a win lodged: nobody can beat it, the window closes
True
>>> w.best()
(2, Move.parse('win'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.legality import claim_priority
from mahjongkit.mcr.game.moves import PASS, Move, MoveKind
from mahjongkit.tiles import code

SEATS: Final = 4


class Phase(Enum):
    DISCARD = "discard"  # the seat on turn holds fourteen and must discard, kong or win
    CLAIM = "claim"  # a window after a discard
    ROB = "rob"  # a window after a promoted kong, for a robbing win only
    FINISHED = "finished"  # the last hand is over


# An answer's claim number, whose priority is legality.claim_priority's (3.7.1, 3.6.7, 3.7.2.4).
_CLAIM: Final = {
    MoveKind.PASS: legality.CLAIM_PASS,
    MoveKind.CHOW: legality.CLAIM_CHOW,
    MoveKind.PUNG: legality.CLAIM_PUNG,
    MoveKind.KONG: legality.CLAIM_KONG,
    MoveKind.WIN: legality.CLAIM_WIN,
}


_AFTER: Final = tuple(tuple((seat + step) % SEATS for step in (1, 2, 3)) for seat in range(SEATS))


class ClaimWindow:
    """An open window on ``tile``, played by ``from_seat``.

    ``may`` maps each asked seat to the claims it was offered, in legal-list order (``pass``
    is always allowed besides); ``answers`` the answers lodged; ``tallies`` the scorer's
    answer (and the context it was given) for each offered win.
    """

    __slots__ = ("answers", "from_seat", "kind", "may", "tallies", "tile", "waiting")

    def __init__(
        self,
        kind: Phase,
        tile: int,
        from_seat: int,
        may: dict[int, tuple[Move, ...]],
        answers: dict[int, Move] | None = None,
        tallies: dict[int, Any] | None = None,
        *,
        nearest_first: bool = False,
    ) -> None:
        self.kind = kind
        self.tile = tile
        self.from_seat = from_seat
        self.may = may
        self.answers: dict[int, Move] = {} if answers is None else answers
        self.tallies: dict[int, Any] = {} if tallies is None else tallies
        # Before any answer every asked seat is waited on, nearest first: the order of
        # ``may`` itself when the caller built it so (``nearest_first``).
        self.waiting: tuple[int, ...] = (
            tuple(may) if nearest_first and answers is None else self._waiting()
        )

    def copy(self) -> ClaimWindow:
        other = ClaimWindow.__new__(ClaimWindow)
        other.kind, other.tile, other.from_seat = self.kind, self.tile, self.from_seat
        other.may, other.answers = dict(self.may), dict(self.answers)
        other.tallies, other.waiting = dict(self.tallies), self.waiting
        return other

    def key(self, move: Move, seat: int) -> int:
        """Higher is better: :func:`.legality.claim_priority` (the claim's rank, then
        nearness to the discarder)."""
        return claim_priority(_CLAIM[move.kind], seat, self.from_seat)

    def best(self) -> tuple[int, Move] | None:
        """The seat and claim the window closes on, or ``None`` if every answer passed."""
        best: tuple[int, int, Move] | None = None
        for seat, move in self.answers.items():
            if move.kind is MoveKind.PASS:
                continue
            key = self.key(move, seat)
            if best is None or key > best[0]:
                best = (key, seat, move)
        return None if best is None else (best[1], best[2])

    def _waiting(self) -> tuple[int, ...]:
        if not self.answers:  # nothing lodged yet: every asked seat, nearest first
            start = self.from_seat
            return tuple(s for s in _AFTER[start] if s in self.may)
        best = self.best()
        floor = None if best is None else self.key(best[1], best[0])
        waiting = []
        for step in (1, 2, 3):
            seat = (self.from_seat + step) % SEATS
            if seat not in self.may or seat in self.answers:
                continue
            top = max(self.key(m, seat) for m in self.may[seat])
            if floor is None or top > floor:
                waiting.append(seat)
        return tuple(waiting)

    def refresh(self) -> None:
        """Recompute who is waited on (after the offers were changed from outside)."""
        self.waiting = self._waiting()

    def legal(self, seat: int) -> tuple[Move, ...]:
        """What ``seat`` may answer now: pass and its offers, or nothing."""
        if seat not in self.waiting:
            return ()
        return (PASS, *self.may[seat])

    def answer(self, seat: int, move: Move) -> bool:
        """Lodge ``seat``'s answer (already known legal); whether the window now closes."""
        answers = self.answers
        answers[seat] = move
        # Every asked seat has answered (a window asking one seat, most often): nobody is left.
        self.waiting = () if len(answers) == len(self.may) else self._waiting()
        return not self.waiting

    def refusal(self, seat: int, move: Move) -> tuple[RefusalCode, str] | None:
        """Why the window does not take ``move`` from ``seat`` for a reason of its own (the
        seat was not asked, has answered, is moot, or the move is no answer); ``None`` when
        the window cannot tell and the seat's hand must (a claim it was not offered)."""
        kind = move.kind
        if kind is MoveKind.DISCARD or (kind is MoveKind.KONG and move.tile is not None):
            # A kong naming its tile is a turn's kong; the window's answer is a plain "kong".
            return (
                RefusalCode.WRONG_PHASE,
                f"a window on {code(self.tile)} is open: answer it first",
            )
        if seat in self.answers:
            return (RefusalCode.ALREADY_ANSWERED, f"seat {seat} has answered this window")
        if seat not in self.may:
            return (RefusalCode.NOT_YOUR_TURN, f"seat {seat} has no claim on {code(self.tile)}")
        if seat not in self.waiting:
            return (
                RefusalCode.NOT_YOUR_TURN,
                f"seat {seat}'s answer can no longer change the outcome",
            )
        if self.kind is Phase.ROB and kind is not MoveKind.WIN and kind is not MoveKind.PASS:
            return (RefusalCode.CANNOT_CLAIM, "a promoted kong may only be robbed by a win")
        return None


@dataclass(frozen=True)
class Window:
    """An open window as a read-only value: after a discard (``kind`` claim) or a promoted
    kong (``kind`` rob). ``may`` maps each asked seat to the claims it was offered (``pass``
    is always allowed besides); ``answers`` holds the answers given so far."""

    kind: Phase
    tile: int
    from_seat: int
    may: Mapping[int, tuple[Move, ...]]
    answers: Mapping[int, Move]
