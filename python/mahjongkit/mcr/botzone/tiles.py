"""Botzone tile names and mahjongkit kinds: one table, both ways.

Botzone's Chinese Standard Mahjong names a tile by a letter and a number: ``W1``–``W9``
characters, ``B1``–``B9`` dots, ``T1``–``T9`` bamboo, ``F1``–``F4`` the winds East, South,
West, North, ``J1``–``J3`` the red, green and white dragons, ``H1``–``H8`` the eight bonus
tiles. Some letters clash with mahjongkit's own notation (there ``B`` is the white dragon,
and ``F1``–``F4``/``T1``–``T4`` are flowers and seasons), so the two spellings never mix:
everything that leaves or enters :mod:`mahjongkit.mcr.botzone` goes through this table.

>>> to_botzone(1), to_botzone(10), to_botzone(19), to_botzone(28), to_botzone(34)
('W1', 'B1', 'T1', 'F1', 'J3')
>>> from_botzone("J1"), from_botzone("H8"), from_botzone("B9")
(32, 42, 18)
>>> from_botzone("Z1")
Traceback (most recent call last):
ValueError: not a Botzone tile name: 'Z1' (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3, H1-H8)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mahjongkit.tiles import KINDS, check_kind


def _table() -> tuple[str, ...]:
    names = [""]  # index 0 is no kind
    for letter in "WBT":  # our suits in kind order: characters, dots, bamboo
        names += [f"{letter}{rank}" for rank in range(1, 10)]
    names += [f"F{wind}" for wind in range(1, 5)]  # E S W N
    names += [f"J{dragon}" for dragon in range(1, 4)]  # red, green, white
    names += [f"H{bonus}" for bonus in range(1, 9)]  # flowers then seasons
    return tuple(names)


NAMES: Final = _table()
"""``NAMES[kind]`` is the Botzone name of a mahjongkit kind (1–42)."""
KIND_OF: Final = {name: kind for kind, name in enumerate(NAMES) if name}
"""The mahjongkit kind of each Botzone name."""
assert len(KIND_OF) == KINDS


def to_botzone(kind: int) -> str:
    """The Botzone name of a kind (1–42)."""
    return NAMES[check_kind(kind)]


def from_botzone(name: str) -> int:
    """The kind a Botzone name stands for; ``ValueError`` naming it when it is none."""
    kind = KIND_OF.get(name)
    if kind is None:
        raise ValueError(
            f"not a Botzone tile name: {name!r} (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3, H1-H8)"
        )
    return kind


def to_botzone_all(kinds: Iterable[int]) -> list[str]:
    """Names of several kinds, in order."""
    return [to_botzone(k) for k in kinds]


def from_botzone_all(names: Iterable[str]) -> list[int]:
    """Kinds of several names, in order."""
    return [from_botzone(n) for n in names]
