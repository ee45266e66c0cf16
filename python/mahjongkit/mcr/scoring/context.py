"""The win context: what the rules know about how a hand was won, for the scorer.

>>> ctx = WinContext(winning=5, by=WinBy.SELF_DRAWN, seat_wind=1)
>>> ctx.self_drawn, ctx.by.value
(True, 'self')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class WinBy(Enum):
    """How a hand was won: on its own draw, on another seat's discard, or by robbing
    another seat's promoted kong (scored as won on a discard, with Robbing the Kong)."""

    SELF_DRAWN = "self"
    DISCARD = "discard"
    ROBBING = "rob"  # robbing a promoted kong (fan 47); settled as a discard by the promoter


class Replacement(Enum):
    """What the winning self-draw replaced (3.4.20, 3.6.8)."""

    KONG = "kong"  # out with a replacement tile (fan 46)
    FLOWER = "flower"  # a flower replacement: plain self-drawn, never fan 46


@dataclass(frozen=True)
class WinContext:
    """How the hand was won. Winds are 0 East, 1 South, 2 West, 3 North.

    ``winning`` is the kind of the winning tile; the hand given to the scorer already holds
    it. ``last_of_wall``: a self-draw of the wall's last tile (fan 44) or a win on the
    discard that followed it (fan 45). ``last_tile``: the other three copies of the winning
    kind were visible (fan 58). Flowers are read from the hand. The scorer refuses
    impossible combinations (robbing on a self-draw, a kong replacement without a kong).
    """

    winning: int
    by: WinBy = WinBy.DISCARD
    seat_wind: int = 0
    prevailing_wind: int = 0
    last_of_wall: bool = False
    replacement: Replacement | None = None
    last_tile: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.by is WinBy.SELF_DRAWN
