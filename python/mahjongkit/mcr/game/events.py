"""What happened: the events :meth:`mahjongkit.mcr.game.rules.Rules.take_outcomes` hands out.

An event names its kind, its actor (a seat, or ``None`` for the engine itself: the deal,
draws, claims taking effect, the end of a hand) and, where it has them, the seat it concerns,
a tile and a few details. Events are values: the same seed and moves give equal lists.

>>> e = Event(EventKind.DISCARD, actor=2, tile=5)
>>> str(e), str(Event(EventKind.DREW, seat=1, details={"source": "back"}))
('seat 2 discard 5m', 'sys drew seat=1 source=back')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mahjongkit.tiles import code


class EventKind(Enum):
    DEAL = "deal"  # a hand begins: hand_no, prevailing, dealer, seat winds
    FLOWER = "flower"  # a seat exposes a bonus tile (a replacement follows)
    DREW = "drew"  # the engine drew for a seat (source wall|back; the tile is not shown)
    DISCARD = "discard"
    KONG = "kong"  # how = concealed | promoted (on a turn) | exposed (a window's answer)
    PASS = "pass"  # answers in a window
    CHOW = "chow"
    PUNG = "pung"
    WIN = "win"
    CLAIMED = "claimed"  # the window closed on a claim: the meld is made
    HAND_END = "hand_end"  # won or exhausted; details carry the record
    GAME_END = "game_end"  # after the sixteenth hand: totals, places, winner


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``details`` hold JSON-friendly values only."""

    kind: EventKind
    actor: int | None = None
    seat: int | None = None
    tile: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        parts = ["sys" if self.actor is None else f"seat {self.actor}", self.kind.value]
        if self.tile is not None:
            parts.append(code(self.tile))
        if self.seat is not None:
            parts.append(f"seat={self.seat}")
        parts += [f"{key}={value}" for key, value in self.details.items()]
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """A plain dict (for logs and golden files)."""
        out: dict[str, Any] = {"kind": self.kind.value, "actor": self.actor}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.tile is not None:
            out["tile"] = code(self.tile)
        out.update(self.details)
        return out
