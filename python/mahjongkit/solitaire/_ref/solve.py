"""The slow but exact twin of ``cpp/core/solitaire/solve.cpp``: a plain depth-first search.

A position is the layout plus one match group per slot (``-1`` for a removed slot); two
free tiles of one group can be removed together. The search here is deliberately simple, so
that it can check the clever one (``cpp/core/solitaire/solve.cpp``):

* **safe moves**: when every remaining tile of a group is free, remove them all (freedom only
  grows as tiles go, so any solution can be reordered to take them first);
* **the relaxation** (optional, on by default): let a tile go as soon as it is free and some
  other tile of its group is free or already gone; a real solution is also a relaxed one, so
  a tile the relaxation cannot remove proves the position dead;
* otherwise try every pair of free tiles of one group, in ascending order, remembering
  dead present-sets.

It decides moves, not pairings, so nothing in it depends on how many tiles a match group
holds: it is exact for the groups of six and eight of two-set boards as for groups of four
(``tests/conformance/test_solver_groups.py`` checks both solvers against a brute force).

It returns the same tuple as the core's ``solve``: ``(status, solution, nodes, playouts,
seconds, reason)`` with status 0 unsolvable, 1 solvable, 2 unknown (budget exhausted).

>>> from mahjongkit.solitaire.layout import get_layout
>>> layout = get_layout("tea house")
>>> status, solution, *_ = solve(layout, [-1] * 34 + [5, 5])
>>> status, solution
(1, [(34, 35)])
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from mahjongkit.solitaire._ref.geometry import Geometry, slots_of
from mahjongkit.solitaire.layout import Layout

SolveTuple = tuple[int, list[tuple[int, int]], int, int, float, str]

UNSOLVABLE, SOLVABLE, UNKNOWN = 0, 1, 2


class _BudgetExhausted(Exception):
    pass


class _Search:
    def __init__(
        self,
        geometry: Geometry,
        groups: Sequence[int],
        max_nodes: int,
        max_seconds: float,
        relaxation: bool,
    ) -> None:
        self.geometry = geometry
        self.group = list(groups)
        self.members: dict[int, int] = {}
        for slot, group in enumerate(groups):
            if group >= 0:
                self.members[group] = self.members.get(group, 0) | 1 << slot
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.relaxation = relaxation
        self.start = time.perf_counter()
        self.nodes = 0
        self.dead: set[int] = set()
        self.reason = ""

    def present(self) -> int:
        bits = 0
        for members in self.members.values():
            bits |= members
        return bits

    def safe_moves(self, present: int, path: list[tuple[int, int]]) -> int:
        changed = True
        while changed:
            changed = False
            free = self.geometry.free_set(present)
            for members in self.members.values():
                rest = members & present
                if rest and rest & ~free == 0:
                    slots = slots_of(rest)
                    path.extend(zip(slots[::2], slots[1::2], strict=True))
                    present &= ~rest
                    changed = True
            # Freedom changed: look again from a fresh free set.
        return present

    def relaxed_dead(self, present: int) -> bool:
        relaxed = present
        while relaxed:
            free = self.geometry.free_set(relaxed)
            reachable = free | (present & ~relaxed)
            removable = 0
            for slot in slots_of(free):
                mates = self.members[self.group[slot]] & present & reachable & ~(1 << slot)
                if mates:
                    removable |= 1 << slot
            if not removable:
                return True
            relaxed &= ~removable
        return False

    def tick(self) -> None:
        self.nodes += 1
        if self.max_nodes > 0 and self.nodes > self.max_nodes:
            self.reason = f"node budget of {self.max_nodes} exhausted"
            raise _BudgetExhausted
        if self.max_seconds > 0 and time.perf_counter() - self.start > self.max_seconds:
            self.reason = f"time budget of {self.max_seconds} s exhausted"
            raise _BudgetExhausted

    def dfs(self, present: int, path: list[tuple[int, int]]) -> bool:
        self.tick()
        mark = len(path)
        present = self.safe_moves(present, path)
        if not present:
            return True
        if present in self.dead or (self.relaxation and self.relaxed_dead(present)):
            self.dead.add(present)
            del path[mark:]
            return False
        free = self.geometry.free_set(present)
        after_safe = len(path)
        for members in sorted(self.members.values()):
            candidates = slots_of(members & free)
            for i, a in enumerate(candidates):
                for b in candidates[i + 1 :]:
                    path.append((a, b))
                    if self.dfs(present & ~(1 << a | 1 << b), path):
                        return True
                    del path[after_safe:]
        self.dead.add(present)
        del path[mark:]
        return False


def solve(
    layout: Layout,
    groups: Sequence[int],
    max_nodes: int = 5_000_000,
    max_seconds: float = 1.0,
    quick_games: int = 0,
    playouts: int = 1000,
    playouts_per_restart: int = 100,
    *,
    relaxation: bool = True,
) -> SolveTuple:
    """Decide the position ``groups`` (validated by the caller) on ``layout``.

    ``quick_games``, ``playouts`` and ``playouts_per_restart`` are accepted and ignored: the
    core's random phases only change which solution it finds and how fast, never the verdict,
    and this search has no random phase.

    >>> from mahjongkit.solitaire.layout import get_layout
    >>> stacked = [-1] * 36
    >>> stacked[7] = stacked[24] = 7  # slot 24 lies on slot 7: the pair can never go
    >>> solve(get_layout("tea house"), stacked)[0]
    0
    """
    del quick_games, playouts, playouts_per_restart  # see above: no random phase here
    search = _Search(Geometry.of(layout), groups, max_nodes, max_seconds, relaxation)
    for group, members in search.members.items():
        if bin(members).count("1") % 2:
            seconds = time.perf_counter() - search.start
            return UNSOLVABLE, [], 0, 0, seconds, f"group {group} has an odd number of tiles"
    path: list[tuple[int, int]] = []
    if not search.present():  # an empty board is won before any budget is looked at, as in C++
        return SOLVABLE, path, 0, 0, time.perf_counter() - search.start, ""
    try:
        solved = search.dfs(search.present(), path)
    except _BudgetExhausted:
        seconds = time.perf_counter() - search.start
        return UNKNOWN, [], search.nodes, 0, seconds, search.reason
    seconds = time.perf_counter() - search.start
    if solved:
        return SOLVABLE, path, search.nodes, 0, seconds, ""
    reason = "every sequence of moves ends with tiles left (exhaustive search)"
    return UNSOLVABLE, [], search.nodes, 0, seconds, reason
