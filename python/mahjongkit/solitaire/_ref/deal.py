"""The pure-Python twin of ``cpp/core/solitaire/deal.cpp``: the seeded reverse deal.

A deal (decisions 4 and 5, docs/decisions.md) draws the face pairs on ``Rng(seed, 0)``
(:func:`draw_pairs`: one shuffled set of 72, or more for a layout of more than 144 slots) and
then, on the same stream, removes pairs of free slots from the full layout until it is empty;
the faces go onto the slots in that removal order, so the order played backwards solves the
board.

>>> from mahjongkit.solitaire.layout import get_layout
>>> ok, faces, order, trials = deal(get_layout("tea house"), 7, DEFAULT_MAX_TRIALS)
>>> ok, len(faces), len(order), trials
(True, 36, 18, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.solitaire._ref.geometry import Geometry, bits_of, slots_of
from mahjongkit.solitaire.layout import Layout, tile_sets
from mahjongkit.solitaire.rng import Rng

DEFAULT_MAX_TRIALS = 1000
"""Trials of the reverse deal before giving up (a stuck trial is retried on the same stream)."""


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


def draw_pairs(size: int, rng: Rng) -> list[tuple[int, int]]:
    """The face pairs of a deal of ``size`` slots, in the order the reverse deal gives them out.

    Shuffle one set's 72 pairs and keep its first ``size/2 - 72 (sets - 1)``; with more than
    one set (:func:`~mahjongkit.solitaire.layout.tile_sets`), put the ``sets - 1`` whole sets,
    unshuffled, before those and shuffle all ``size/2`` again (decision 4).

    >>> pairs = draw_pairs(228, Rng(1, 0))
    >>> one_set = pool_pairs()  # one whole set is there, and 42 pairs of a second
    >>> len(pairs), all(pairs.count(pair) >= one_set.count(pair) for pair in one_set)
    (114, True)
    """
    last = pool_pairs()
    rng.shuffle(last)
    whole_sets = tile_sets(size) - 1
    if whole_sets == 0:
        return last[: size // 2]
    pairs = pool_pairs() * whole_sets + last[: size // 2 - len(last) * whole_sets]
    rng.shuffle(pairs)
    return pairs


def deal(
    layout: Layout, seed: int, max_trials: int
) -> tuple[bool, list[int], list[tuple[int, int]], int]:
    """``(ok, faces per slot, removal order as pairs, trials)``, as the C++ core returns."""
    rng = Rng(seed, 0)
    pool = draw_pairs(layout.size, rng)
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
