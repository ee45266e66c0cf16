"""A meld: a chow, a pung or a kong on the table (or a concealed kong).

Melds are immutable values; a promoted kong is a new :class:`Meld` made from the pung.

>>> m = Meld(MeldKind.PUNG, (28, 28, 28), claimed_from=3, claimed_tile=28)
>>> m.is_pung_or_kong, m.concealed, m.size
(True, False, 3)
>>> m.promote().kind, m.promote().promoted
(<MeldKind.KONG: 'kong'>, True)
>>> Meld(MeldKind.PUNG, (22, 22, 23))
Traceback (most recent call last):
ValueError: a pung is 3 like tiles, got (22, 22, 23)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from mahjongkit.tiles import STANDARD_KINDS, check_kind


class MeldKind(Enum):
    """The kind of a meld: a chow, a pung or a kong (exposed, promoted or concealed)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True)
class Meld:
    """One meld of a hand.

    ``tiles`` are sorted kinds (3, or 4 for a kong). ``concealed`` is true only for a
    concealed kong (declared from four in hand). ``claimed_from`` is the seat that
    discarded ``claimed_tile`` (both ``None`` for a concealed kong; for a promoted kong they
    are those of the pung it came from). Every field is checked on construction
    (``TypeError`` for a wrong type, ``ValueError`` for a meld that cannot be); the one meld
    without tiles is a face-down concealed kong, as the other seats see it, which cannot be
    scored.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    concealed: bool = False
    promoted: bool = False
    claimed_from: int | None = None
    claimed_tile: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise TypeError(f"a meld's kind is a MeldKind, not {type(self.kind).__name__}")
        if not isinstance(self.tiles, tuple | list):
            raise TypeError(f"a meld's tiles are a tuple, not {type(self.tiles).__name__}")
        for tile in self.tiles:
            if check_kind(tile) > STANDARD_KINDS:
                raise ValueError(f"a bonus tile ({tile}) in a meld")
        tiles = tuple(sorted(self.tiles))
        object.__setattr__(self, "tiles", tiles)
        for name in ("concealed", "promoted"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} is a bool, not {type(getattr(self, name)).__name__}")
        face_down = self.kind is MeldKind.KONG and self.concealed and tiles == ()
        if self.kind is MeldKind.CHOW:
            if not (
                len(tiles) == 3
                and tiles[2] <= 27
                and (tiles[0] - 1) // 9 == (tiles[2] - 1) // 9
                and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2)
            ):
                raise ValueError(f"a chow is 3 consecutive tiles of one suit, got {tiles}")
        elif not face_down:
            size = 3 if self.kind is MeldKind.PUNG else 4
            if len(tiles) != size or len(set(tiles)) != 1:
                raise ValueError(f"a {self.kind.value} is {size} like tiles, got {tiles}")
        if (self.concealed or self.promoted) and self.kind is not MeldKind.KONG:
            raise ValueError(f"only a kong is concealed or promoted, not a {self.kind.value}")
        if self.concealed and self.promoted:
            raise ValueError("a kong is concealed or promoted, not both")
        if self.claimed_from is not None and (
            isinstance(self.claimed_from, bool)
            or not isinstance(self.claimed_from, int)
            or not 0 <= self.claimed_from <= 3
        ):
            raise ValueError(f"claimed_from is a seat 0 to 3 or None, got {self.claimed_from!r}")
        if self.claimed_tile is not None and (
            isinstance(self.claimed_tile, bool) or self.claimed_tile not in tiles
        ):
            raise ValueError(f"the claimed tile {self.claimed_tile!r} is not in the meld {tiles}")
        if self.concealed and (self.claimed_from is not None or self.claimed_tile is not None):
            raise ValueError("a concealed kong is not claimed")

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
        if not self.tiles:
            raise ValueError("a face-down kong shows no tile")
        return self.tiles[0]

    def promote(self) -> Meld:
        """The kong made by adding the fourth tile to this exposed pung."""
        if self.kind is not MeldKind.PUNG:
            raise ValueError(f"only a pung can be promoted, not a {self.kind.value}")
        return replace(self, kind=MeldKind.KONG, tiles=self.tiles + self.tiles[:1], promoted=True)
