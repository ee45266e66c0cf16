"""The pure-Python twin of ``cpp/core/solitaire/geometry.cpp``: the free-tile rule.

Sets of slots are Python ints with bit ``i`` for slot ``i``, the same bit per slot as the
C++ core's 3 × 64-bit words. Nothing here imports the compiled core; the dispatcher
(:mod:`mahjongkit.solitaire.engine`) validates arguments and chooses between the two.

The free rule (decision 2 of docs/decisions.md): a tile at ``(x, y, z)`` is *covered* when a
present tile on any higher layer overlaps its footprint (``|dx| < 2`` and ``|dy| < 2``); its
side neighbours are the present tiles of its own layer with ``|dy| < 2`` and ``dx = -2``
(left) or ``+2`` (right). It is free when it is not covered and at least one side is empty.

>>> from mahjongkit.solitaire.layout import get_layout
>>> geometry = Geometry.of(get_layout("turtle"))
>>> everything = (1 << 144) - 1
>>> free = geometry.free_set(everything)
>>> bin(free).count("1"), [i for i in (0, 1, 28, 29, 139, 143) if free >> i & 1]
(33, [0, 29, 143])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from mahjongkit.solitaire.layout import Layout, Slot


def bits_of(slots: Sequence[int] | set[int] | frozenset[int]) -> int:
    """The int with one bit per slot.

    >>> bits_of([0, 2])
    5
    """
    value = 0
    for slot in slots:
        value |= 1 << slot
    return value


def slots_of(bits: int) -> list[int]:
    """The slots of a bit set, ascending.

    >>> slots_of(5)
    [0, 2]
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


@dataclass(frozen=True)
class Geometry:
    """Per-slot blocker masks of a layout, as ints (mirror of ``cpp/core/solitaire/geometry``)."""

    size: int
    cover: tuple[int, ...]
    """Every overlapping slot on any higher layer."""
    direct_cover: tuple[int, ...]
    """The overlapping slots on the nearest covering layer (for explanations)."""
    left: tuple[int, ...]
    right: tuple[int, ...]
    affects: tuple[int, ...]
    """The slots whose freedom can change when this slot is removed."""

    @staticmethod
    def of(layout: Layout) -> Geometry:
        """The geometry of a layout (cached on the layout and per distinct slot tuple)."""
        geometry = layout._cache.get("reference_geometry")
        if geometry is None:
            geometry = layout._cache["reference_geometry"] = _geometry(layout.slots)
        assert isinstance(geometry, Geometry)
        return geometry

    def is_free(self, slot: int, present: int) -> bool:
        """Whether ``slot`` is free when the slots of ``present`` are on the board."""
        return not (self.cover[slot] & present) and not (
            self.left[slot] & present and self.right[slot] & present
        )

    def free_set(self, present: int) -> int:
        """The free slots among ``present``, as a bit set."""
        free = 0
        bits = present
        cover, left, right = self.cover, self.left, self.right
        while bits:
            low = bits & -bits
            slot = low.bit_length() - 1
            bits ^= low
            if not (cover[slot] & present) and not (left[slot] & present and right[slot] & present):
                free |= low
        return free


@cache
def _geometry(slots: tuple[Slot, ...]) -> Geometry:
    n = len(slots)
    cover = [0] * n
    direct = [0] * n
    left = [0] * n
    right = [0] * n
    for i, (ax, ay, az) in enumerate(slots):
        nearest: int | None = None
        for j, (bx, by, bz) in enumerate(slots):
            dx, dy = bx - ax, by - ay
            if bz > az and abs(dx) < 2 and abs(dy) < 2:
                cover[i] |= 1 << j
                nearest = bz if nearest is None else min(nearest, bz)
            if bz == az and abs(dy) < 2:
                if dx == -2:
                    left[i] |= 1 << j
                elif dx == 2:
                    right[i] |= 1 << j
        for j in slots_of(cover[i]):
            if slots[j][2] == nearest:
                direct[i] |= 1 << j
    affects = [0] * n
    for i in range(n):
        for j in slots_of(cover[i] | left[i] | right[i]):
            affects[j] |= 1 << i
    return Geometry(n, tuple(cover), tuple(direct), tuple(left), tuple(right), tuple(affects))


def free_slots(layout: Layout, present: Sequence[int]) -> list[int]:
    """The free slots among ``present`` (validated by the caller), ascending."""
    return slots_of(Geometry.of(layout).free_set(bits_of(present)))
