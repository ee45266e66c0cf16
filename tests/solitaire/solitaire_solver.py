"""A small independent solver for the tests: its own free rule from coordinates, depth-first
search over matching free pairs with a memo of dead positions. It shares no code with the
library's geometry, so a board it clears is solvable by a second opinion.

One standard reduction keeps the search small: when every remaining tile of a match class
(a face; all flowers; all seasons) is free, removing them all is never a mistake, because
removing tiles only frees others and no other class needs these. Random playouts run
first (they clear most reverse-deal boards at once); the exhaustive search backs them up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjongkit.tiles import is_flower, is_season

Slot = tuple[int, int, int]


def _match_class(face: int) -> int:
    return 35 if is_flower(face) else 39 if is_season(face) else face


def solve(
    slots: Sequence[Slot], faces: Sequence[int], node_limit: int = 100_000, playouts: int = 300
) -> bool | None:
    """True if the board clears, False if it cannot, None if the node limit ran out."""
    n = len(slots)
    above: list[list[int]] = [[] for _ in range(n)]
    left: list[list[int]] = [[] for _ in range(n)]
    right: list[list[int]] = [[] for _ in range(n)]
    for i, (x, y, z) in enumerate(slots):
        for j, (ox, oy, oz) in enumerate(slots):
            if oz > z and abs(ox - x) < 2 and abs(oy - y) < 2:
                above[i].append(j)
            if oz == z and abs(oy - y) < 2 and ox - x in (-2, 2):
                (left if ox < x else right)[i].append(j)
    classes = [_match_class(face) for face in faces]

    def free(slot: int, present: frozenset[int]) -> bool:
        if any(j in present for j in above[slot]):
            return False
        return not (
            any(j in present for j in left[slot]) and any(j in present for j in right[slot])
        )

    def reduce(present: frozenset[int]) -> tuple[frozenset[int], dict[int, list[int]]]:
        while True:  # apply the safe reduction until it no longer applies
            free_now = [s for s in present if free(s, present)]
            by_class: dict[int, list[int]] = {}
            for s in free_now:
                by_class.setdefault(classes[s], []).append(s)
            safe = [
                group
                for c, group in by_class.items()
                if len(group) >= 2 and len(group) == sum(1 for s in present if classes[s] == c)
            ]
            if not safe:
                break
            present = present - {s for group in safe for s in group}
        return present, by_class

    def moves_of(by_class: dict[int, list[int]]) -> list[tuple[int, int]]:
        moves = []
        for group in by_class.values():
            for i, a in enumerate(group):
                moves.extend((a, b) for b in group[i + 1 :])
        return moves

    chooser = random.Random(len(slots))
    for _ in range(playouts):
        present = frozenset(range(n))
        while True:
            present, by_class = reduce(present)
            moves = moves_of(by_class)
            if not present or not moves:
                break
            present = present - set(chooser.choice(moves))
        if not present:
            return True

    dead: set[frozenset[int]] = set()
    nodes = 0

    def search(present: frozenset[int]) -> bool | None:
        nonlocal nodes
        present, by_class = reduce(present)
        if not present:
            return True
        if present in dead:
            return False
        nodes += 1
        if nodes > node_limit:
            return None
        moves = moves_of(by_class)
        # Higher tiles first: they block the most.
        moves.sort(key=lambda pair: -(slots[pair[0]][2] + slots[pair[1]][2]))
        for a, b in moves:
            result = search(present - {a, b})
            if result is not False:
                return result
        dead.add(present)
        return False

    return search(frozenset(range(n)))
