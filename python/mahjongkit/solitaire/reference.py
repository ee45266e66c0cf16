"""The pure-Python twin of the solitaire core: the free-tile rule and the reverse deal.

Sets of slots are Python ints with bit ``i`` for slot ``i``, the same bit per slot as the
C++ core's 3 × 64-bit words. Nothing here imports the compiled core; the dispatcher
(:mod:`mahjongkit.solitaire.engine`) validates arguments and chooses between the two.

The free rule (decision 2): a tile at ``(x, y, z)`` is *covered* when a present tile on any
higher layer overlaps its footprint (``|dx| < 2`` and ``|dy| < 2``); its side neighbours are
the present tiles of its own layer with ``|dy| < 2`` and ``dx = -2`` (left) or ``+2``
(right). It is free when it is not covered and at least one side is empty.

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
from mahjongkit.solitaire.rng import Rng

DEFAULT_MAX_TRIALS = 1000
"""Trials of the reverse deal before giving up (a stuck trial is retried on the same stream)."""


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


def _one_trial(geometry: Geometry, present: int, free_at_start: int, rng: Rng) -> list[int] | None:
    """One reverse-deal trial: the removal order, or ``None`` when it got stuck.

    The free slots are a list with the C++ core's exact updates (the order is part of the
    deal's definition): it starts ascending; a slot that becomes free is appended; when a
    slot leaves, the last item moves into its place. The k-th free slot is ``free[k]``.
    """
    free = slots_of(free_at_start)
    position = {slot: i for i, slot in enumerate(free)}
    affects = geometry.affects

    def erase(slot: int) -> None:
        i = position.pop(slot)
        last = free.pop()
        if last != slot:
            free[i] = last
            position[last] = i

    order: list[int] = []
    while present:
        count = len(free)
        if count < 2:
            return None
        a = rng.below(count)
        b = rng.below(count - 1)
        if b >= a:
            b += 1
        slot_a, slot_b = free[a], free[b]
        order += (slot_a, slot_b)
        present &= ~((1 << slot_a) | (1 << slot_b))
        erase(slot_a)
        erase(slot_b)
        # Only the blocked slots these two covered or flanked can change (a removal never
        # blocks a slot); newly free slots are appended in ascending order, as in C++.
        for slot in slots_of((affects[slot_a] | affects[slot_b]) & present):
            if slot not in position and geometry.is_free(slot, present):
                position[slot] = len(free)
                free.append(slot)
    return order


def reverse_deal_order(
    layout: Layout, present: Sequence[int], rng: Rng, max_trials: int
) -> tuple[list[int], int]:
    """The removal order over ``present`` (pairs adjacent) and the trials used.

    The order is empty when every one of ``max_trials`` trials got stuck.
    """
    geometry = Geometry.of(layout)
    bits = bits_of(present)
    free_at_start = geometry.free_set(bits)
    for trial in range(1, max_trials + 1):
        order = _one_trial(geometry, bits, free_at_start, rng)
        if order is not None:
            return order, trial
    return [], max_trials


def pool_pairs() -> list[tuple[int, int]]:
    """The 72 face pairs, unshuffled: ``(k, k)`` twice for kinds 1–34, then the bonus pairs.

    >>> pairs = pool_pairs(); len(pairs), pairs[:3], pairs[-4:]
    (72, [(1, 1), (1, 1), (2, 2)], [(35, 36), (37, 38), (39, 40), (41, 42)])
    """
    pairs = [(kind, kind) for kind in range(1, 35) for _ in range(2)]
    pairs += [(first, first + 1) for first in range(35, 42, 2)]
    return pairs


def deal(
    layout: Layout, seed: int, max_trials: int
) -> tuple[bool, list[int], list[tuple[int, int]], int]:
    """``(ok, faces per slot, removal order as pairs, trials)``, as the C++ core returns."""
    rng = Rng(seed, 0)
    pool = pool_pairs()
    rng.shuffle(pool)
    order, trials = reverse_deal_order(layout, range(layout.size), rng, max_trials)
    if not order:
        return False, [], [], trials
    faces = [0] * layout.size
    for k in range(layout.size // 2):
        faces[order[2 * k]], faces[order[2 * k + 1]] = pool[k]
    return True, faces, list(zip(order[::2], order[1::2], strict=True)), trials


def redeal(
    layout: Layout, present: Sequence[int], seed: int, stream: int, max_trials: int
) -> tuple[list[int], list[int], int]:
    """``(pair permutation, removal order, trials)``, the same tuple the C++ core returns.

    On ``Rng(seed, stream)``: a Fisher–Yates shuffle of ``range(len(present) // 2)``, then
    the reverse deal over ``present`` on the same stream.
    """
    rng = Rng(seed, stream)
    permutation = list(range(len(present) // 2))
    rng.shuffle(permutation)
    order, trials = reverse_deal_order(layout, present, rng, max_trials)
    return permutation, order, trials
