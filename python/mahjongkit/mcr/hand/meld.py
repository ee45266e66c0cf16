"""A meld: a chow, a pung or a kong on the table (or a concealed kong).

Melds are immutable values; a promoted kong is a new :class:`Meld` made from the pung.

>>> m = Meld(MeldKind.PUNG, (28, 28, 28), claimed_from=3, claimed_tile=28)
>>> m.is_pung_or_kong, m.concealed, m.size
(True, False, 3)
>>> m.promote().kind, m.promote().promoted
(<MeldKind.KONG: 'kong'>, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True)
class Meld:
    """One meld of a hand.

    ``tiles`` are sorted kinds (3, or 4 for a kong). ``concealed`` is true only for a
    concealed kong (declared from four in hand). ``claimed_from`` is the seat that
    discarded ``claimed_tile`` (both ``None`` for a concealed kong; for a promoted kong they
    are those of the pung it came from).
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    concealed: bool = False
    promoted: bool = False
    claimed_from: int | None = None
    claimed_tile: int | None = None

    @property
    def is_pung_or_kong(self) -> bool:
        """Every "pung" fan counts a kong too."""
        return self.kind is not MeldKind.CHOW

    @property
    def size(self) -> int:
        """What the meld counts toward a hand's 13/14: three, a kong included (3.4.29)."""
        return 3

    @property
    def first(self) -> int:
        """The lowest tile: the chow's start, or the pung's or kong's kind."""
        return self.tiles[0]

    def promote(self) -> Meld:
        """The kong made by adding the fourth tile to this exposed pung."""
        if self.kind is not MeldKind.PUNG:
            raise ValueError(f"only a pung can be promoted, not a {self.kind.value}")
        return replace(self, kind=MeldKind.KONG, tiles=self.tiles + self.tiles[:1], promoted=True)
