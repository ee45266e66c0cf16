"""The 42 tile kinds shared by both games, and the 144-tile set.

A kind is a plain ``int`` from 1 to 42, in the order of decision 11 of docs/decisions.md (the order
is part of the interface, and the C++ core uses the same numbers):

====== =========== ============================================
kinds  codes       tiles
====== =========== ============================================
1–9    1m … 9m     characters (man)
10–18  1p … 9p     dots (pin)
19–27  1s … 9s     bamboo (sou)
28–31  E S W N     winds: east, south, west, north
32–34  R G B       dragons: red, green, white ("blank")
35–38  F1 … F4     flowers: plum, orchid, bamboo, chrysanthemum
39–42  T1 … T4     seasons: spring, summer, autumn, winter
====== =========== ============================================

>>> code(5), code(14), code(28), code(34), code(35)
('5m', '5p', 'E', 'B', 'F1')
>>> from_code("9s"), name(from_code("R"))
(27, 'Red Dragon')
>>> is_terminal(from_code("1p")), is_simple(from_code("5s")), is_honour(from_code("N"))
(True, True, True)
>>> solitaire_match(from_code("F1"), from_code("F4")), solitaire_match(35, 39)
(True, False)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Kind(IntEnum):
    """Named kinds, for readable code; every function here also takes a plain ``int``."""

    M1 = 1
    M2 = 2
    M3 = 3
    M4 = 4
    M5 = 5
    M6 = 6
    M7 = 7
    M8 = 8
    M9 = 9
    P1 = 10
    P2 = 11
    P3 = 12
    P4 = 13
    P5 = 14
    P6 = 15
    P7 = 16
    P8 = 17
    P9 = 18
    S1 = 19
    S2 = 20
    S3 = 21
    S4 = 22
    S5 = 23
    S6 = 24
    S7 = 25
    S8 = 26
    S9 = 27
    EAST = 28
    SOUTH = 29
    WEST = 30
    NORTH = 31
    RED = 32
    GREEN = 33
    WHITE = 34
    PLUM = 35
    ORCHID = 36
    BAMBOO = 37
    CHRYSANTHEMUM = 38
    SPRING = 39
    SUMMER = 40
    AUTUMN = 41
    WINTER = 42


KINDS: Final = 42
"""Number of tile kinds (34 standard + 8 bonus)."""
STANDARD_KINDS: Final = 34
"""Kinds 1–34 come four times in the set; 35–42 once."""
ALL_KINDS: Final = tuple(range(1, KINDS + 1))
STANDARD: Final = tuple(range(1, STANDARD_KINDS + 1))
BONUS: Final = tuple(range(STANDARD_KINDS + 1, KINDS + 1))
SUITS: Final = ("m", "p", "s")
HONOUR_LETTERS: Final = "ESWNRGB"

_SUIT_NAMES: Final = ("Characters", "Dots", "Bamboo")
_RANK_NAMES: Final = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
_HONOUR_NAMES: Final = (
    "East Wind",
    "South Wind",
    "West Wind",
    "North Wind",
    "Red Dragon",
    "Green Dragon",
    "White Dragon",
)
_BONUS_NAMES: Final = (
    "Plum",
    "Orchid",
    "Bamboo",
    "Chrysanthemum",
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
)
# Unicode's Mahjong Tiles block orders winds, dragons, characters, bamboo, dots, flowers,
# seasons; these are the code points in *our* kind order.
_GLYPHS: Final = (
    [chr(0x1F007 + r) for r in range(9)]  # characters
    + [chr(0x1F019 + r) for r in range(9)]  # dots (circles)
    + [chr(0x1F010 + r) for r in range(9)]  # bamboo
    + [chr(0x1F000 + i) for i in range(4)]  # winds E S W N
    + [chr(0x1F004), chr(0x1F005), chr(0x1F006)]  # red, green, white dragon
    + [chr(0x1F022 + i) for i in range(4)]  # flowers
    + [chr(0x1F026 + i) for i in range(4)]  # seasons
)


def _codes() -> tuple[str, ...]:
    out = [f"{r}{s}" for s in SUITS for r in range(1, 10)]
    out += list(HONOUR_LETTERS)
    out += [f"F{i}" for i in range(1, 5)] + [f"T{i}" for i in range(1, 5)]
    return tuple(out)


_CODES: Final = _codes()
_BY_CODE: Final = {c: k for k, c in enumerate(_CODES, start=1)}

_GREEN: Final = frozenset([20, 21, 22, 24, 26, 33])  # 2 3 4 6 8 bamboo, green dragon
_REVERSIBLE: Final = frozenset(
    [
        *(10, 11, 12, 13, 14, 17, 18),  # 1 2 3 4 5 8 9 dots
        *(20, 22, 23, 24, 26, 27),  # 2 4 5 6 8 9 bamboo
        34,  # white dragon
    ]
)


def check_kind(kind: int) -> int:
    """Return ``kind`` if it is a tile kind (1–42); raise ``ValueError`` naming it if not.

    >>> check_kind(42)
    42
    >>> check_kind(43)
    Traceback (most recent call last):
    ValueError: not a tile kind: 43 (kinds are 1 to 42)
    """
    if isinstance(kind, bool) or not isinstance(kind, int):
        raise TypeError(f"a tile kind is an int, not {type(kind).__name__}")
    if not 1 <= kind <= KINDS:
        raise ValueError(f"not a tile kind: {kind} (kinds are 1 to 42)")
    return kind


def code(kind: int) -> str:
    """The short code of a kind, as the notation writes one tile: ``5m``, ``E``, ``F1``."""
    return _CODES[check_kind(kind) - 1]


def from_code(text: str) -> int:
    """The kind of a short code (``"5m"``, ``"E"``, ``"F1"``); ``ValueError`` if unknown.

    >>> from_code("7p")
    16
    >>> from_code("0m")
    Traceback (most recent call last):
    ValueError: unknown tile code '0m'
    """
    try:
        return _BY_CODE[text]
    except KeyError:
        raise ValueError(f"unknown tile code {text!r}") from None


def name(kind: int) -> str:
    """English name: ``"Five of Characters"``, ``"East Wind"``, ``"Plum"``.

    >>> name(5), name(28), name(35)
    ('Five of Characters', 'East Wind', 'Plum')
    """
    k = check_kind(kind)
    if k <= 27:
        return f"{_RANK_NAMES[rank(k) - 1]} of {_SUIT_NAMES[suit(k)]}"
    if k <= 34:
        return _HONOUR_NAMES[k - 28]
    return _BONUS_NAMES[k - 35]


def glyph(kind: int) -> str:
    """The Unicode Mahjong tile of a kind (U+1F000 block), e.g. ``'🀇'`` for 1m."""
    return _GLYPHS[check_kind(kind) - 1]


def is_suited(kind: int) -> bool:
    """Characters, dots or bamboo."""
    return 1 <= kind <= 27


def suit(kind: int) -> int:
    """0 characters, 1 dots, 2 bamboo; ``ValueError`` for honours and bonus tiles."""
    if not is_suited(kind):
        raise ValueError(f"{code(kind)} has no suit")
    return (kind - 1) // 9


def rank(kind: int) -> int:
    """Rank 1–9 of a suited kind; ``ValueError`` for honours and bonus tiles."""
    if not is_suited(kind):
        raise ValueError(f"{code(kind)} has no rank")
    return (kind - 1) % 9 + 1


def suit_or_honours(kind: int) -> int:
    """0 characters, 1 dots, 2 bamboo, 3 honours: :func:`suit` made total for the scorer's
    hot loops (standard kinds 1–34 only; no check)."""
    return (kind - 1) // 9 if kind <= 27 else 3


def rank_or_zero(kind: int) -> int:
    """Rank 1–9 of a suited kind, 0 for an honour: :func:`rank` made total (no check)."""
    return (kind - 1) % 9 + 1 if kind <= 27 else 0


def is_honour(kind: int) -> bool:
    """Winds and dragons."""
    return 28 <= kind <= 34


def is_wind(kind: int) -> bool:
    return 28 <= kind <= 31


def is_dragon(kind: int) -> bool:
    return 32 <= kind <= 34


def is_terminal(kind: int) -> bool:
    """A suited 1 or 9."""
    return is_suited(kind) and (kind - 1) % 9 in (0, 8)


def is_terminal_or_honour(kind: int) -> bool:
    return is_terminal(kind) or is_honour(kind)


def is_simple(kind: int) -> bool:
    """A suited 2 to 8."""
    return is_suited(kind) and (kind - 1) % 9 not in (0, 8)


def is_flower(kind: int) -> bool:
    return 35 <= kind <= 38


def is_season(kind: int) -> bool:
    return 39 <= kind <= 42


def is_bonus(kind: int) -> bool:
    """Flowers and seasons: one copy each, never part of a hand's sets."""
    return 35 <= kind <= 42


def is_green(kind: int) -> bool:
    """Tiles of All Green (MCR fan 3): 2 3 4 6 8 bamboo and the green dragon."""
    return kind in _GREEN


def is_reversible(kind: int) -> bool:
    """Tiles of Reversible Tiles (MCR fan 40): symmetric under a half turn."""
    return kind in _REVERSIBLE


def solitaire_match(a: int, b: int) -> bool:
    """Solitaire's matching rule: equal faces, any two flowers, or any two seasons."""
    return a == b or (is_flower(a) and is_flower(b)) or (is_season(a) and is_season(b))


def full_set() -> list[int]:
    """The 144 tiles: four of each kind 1–34 in order, then one of each bonus kind 35–42.

    >>> s = full_set(); len(s), s[:5], s[-1]
    (144, [1, 1, 1, 1, 2], 42)
    """
    return [k for k in STANDARD for _ in range(4)] + list(BONUS)


def copies(kind: int) -> int:
    """How many copies of a kind the set holds: 4 for standard kinds, 1 for bonus tiles."""
    return 1 if is_bonus(check_kind(kind)) else 4
