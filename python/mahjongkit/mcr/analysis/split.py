"""What decomposition returns: one way a complete hand splits into sets, and its wait.

Shared vocabulary of :mod:`mahjongkit.mcr.analysis.decompose` (both the C++ core and the
pure-Python twin return these values) and of the scorer, which runs the fan checkers over
every :class:`Split` and keeps the highest score (the High-versus-Low principle).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

RULED_OUT: Final = 99
"""The shanten given for a form a hand's melds rule out, where a list has a place for it."""


class Form(Enum):
    """The complete-hand shapes of 3.7.2.2."""

    STANDARD = "standard"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONOURS_KNITTED = "honours_knitted"  # lesser and greater honours-and-knitted tiles
    KNITTED_STRAIGHT = "knitted_straight"  # a knitted straight with a set and a pair


class SetKind(Enum):
    """The kind of one set of a decomposition (:class:`TileSet`): a chow, a pung, a kong
    (only from a meld) or the pair."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"  # only from a meld (exposed, promoted or concealed kong)
    PAIR = "pair"
    KNIT = "knit"  # three tiles of a knitted straight: 147, 258 or 369 of one suit
    SINGLE = "single"  # a lone tile of thirteen orphans or honours-and-knitted


class Wait(Enum):
    """The wait the winning tile's placement implies."""

    EDGE = "edge"  # 12 waiting on 3, or 89 waiting on 7
    CLOSED = "closed"  # 13 waiting on 2
    TWO_SIDED = "two_sided"  # 23 waiting on 1 or 4
    PUNG = "pung"  # a pair becoming a pung (two pairs waiting)
    PAIR = "pair"  # a lone tile becoming the pair (single wait) or one of seven pairs
    SINGLE = "single"  # a lone tile of thirteen orphans or honours-and-knitted
    KNIT = "knit"  # completing a knitted triple


@dataclass(frozen=True)
class TileSet:
    """One set of a split.

    ``tiles`` are sorted kinds. ``meld`` is the index of the hand's meld the set is (``None``
    for a set formed from concealed tiles); ``concealed`` is true for sets from concealed
    tiles and for concealed kongs. Whether a pung completed on a discard still counts as
    concealed is the scorer's question, answered from :attr:`Split.winning_set`.
    """

    kind: SetKind
    tiles: tuple[int, ...]
    concealed: bool
    meld: int | None = None


@dataclass(frozen=True)
class Split:
    """One decomposition of a complete hand.

    ``sets`` list the hand's melds first, in the hand's order, then the sets formed from the
    concealed tiles in ascending order of (kind, tiles). ``winning_set`` is the index of the
    set the winning tile sits in and ``wait`` the wait that placement implies; both are
    ``None`` when the hand was decomposed without naming a winning tile.
    """

    form: Form
    sets: tuple[TileSet, ...]
    winning_set: int | None = None
    wait: Wait | None = None


def set_from_first(
    kind: SetKind, first: int, concealed: bool, meld: int | None, copies: int
) -> TileSet:
    """A set rebuilt from its kind and first tile (``copies`` counts a lone kind's tiles): how
    both scorers turn their compact answers back into :class:`TileSet` values.

    >>> set_from_first(SetKind.CHOW, 4, True, None, 3).tiles
    (4, 5, 6)
    """
    if kind is SetKind.CHOW:
        tiles: tuple[int, ...] = (first, first + 1, first + 2)
    elif kind is SetKind.KNIT:
        tiles = (first, first + 3, first + 6)
    elif kind is SetKind.PUNG:
        tiles = (first, first, first)
    elif kind is SetKind.KONG:
        tiles = (first, first, first, first)
    elif kind is SetKind.PAIR:
        tiles = (first, first)
    else:
        tiles = (first,) * copies
    return TileSet(kind, tiles, concealed, meld)
