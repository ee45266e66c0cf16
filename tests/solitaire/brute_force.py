"""The plainest possible solitaire solver, for checking the clever ones on small positions.

Its own free rule, written from the coordinates (decision 2: a tile is free when no tile of a
higher layer overlaps it and one of its sides is empty) and its own matching (decision 3:
``tiles.solitaire_match``); nothing from the library's geometry or solvers. The search tries
every pair of free matching tiles in every position, with a memo of the positions already
decided: no safe moves, no relaxation, no pairing, no playouts. Exponential, so only for
positions of up to about 16 tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mahjongkit import tiles

Slot = tuple[int, int, int]


def is_free(slots: Sequence[Slot], i: int, present: int) -> bool:
    """Whether slot ``i`` is free when the slots in the bit set ``present`` hold tiles."""
    x, y, z = slots[i]
    left = right = False
    for j, (bx, by, bz) in enumerate(slots):
        if j == i or not present >> j & 1:
            continue
        if bz > z and abs(bx - x) < 2 and abs(by - y) < 2:
            return False
        if bz == z and abs(by - y) < 2:
            left |= bx - x == -2
            right |= bx - x == 2
    return not (left and right)


def clears(slots: Sequence[Slot], faces: Sequence[int]) -> bool:
    """Whether some sequence of legal moves removes every tile (``faces[i] == 0``: no tile)."""
    n = len(slots)

    @cache
    def wins(present: int) -> bool:
        if not present:
            return True
        live = [i for i in range(n) if present >> i & 1 and is_free(slots, i, present)]
        for k, a in enumerate(live):
            for b in live[k + 1 :]:
                if tiles.solitaire_match(faces[a], faces[b]) and wins(present & ~(1 << a | 1 << b)):
                    return True
        return False

    return wins(sum(1 << i for i in range(n) if faces[i]))


def replay_error(
    slots: Sequence[Slot], faces: Sequence[int], pairs: Sequence[tuple[int, int]]
) -> str | None:
    """Why ``pairs`` is not a legal clearing sequence of the position, or None when it is."""
    present = sum(1 << i for i in range(len(slots)) if faces[i])
    for step, (a, b) in enumerate(pairs):
        if a == b or not (present >> a & 1 and present >> b & 1):
            return f"move {step} {(a, b)}: a slot without a tile"
        if not (is_free(slots, a, present) and is_free(slots, b, present)):
            return f"move {step} {(a, b)}: a tile that is not free"
        if not tiles.solitaire_match(faces[a], faces[b]):
            return f"move {step} {(a, b)}: faces {faces[a]} and {faces[b]} do not match"
        present &= ~(1 << a | 1 << b)
    if present:
        return f"{bin(present).count('1')} tiles left after {len(pairs)} moves"
    return None
