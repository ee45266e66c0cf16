"""The pure-Python twin of ``cpp/core/solitaire/properties.cpp``: board properties.

:mod:`mahjongkit.solitaire.properties` says what each property means; this computes them
lazily, so a condition that fails on a cheap property never pays for the playouts.

>>> from mahjongkit.solitaire import deal, get_layout
>>> board = deal(get_layout("turtle"), 5)
>>> props = BoardProperties(board.layout, board.faces, board.seed)
>>> props["free_tiles"], props["deepest_stack"], 0 <= props["difficulty"] <= 1
(33, 5, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from mahjongkit.solitaire._ref.geometry import Geometry
from mahjongkit.solitaire._ref.solve import solve
from mahjongkit.solitaire.layout import Layout, Slot
from mahjongkit.solitaire.properties import (
    DEFAULT_PLAYOUTS,
    DEFAULT_SOLVER_BUDGET,
    PLAYOUT_STREAM,
    check_names,
    check_options,
    match_group,
)
from mahjongkit.solitaire.rng import Rng


def board_properties(
    layout: Layout, faces: Sequence[int], seed: int, want: Sequence[str], playouts: int, budget: int
) -> list[float]:
    """The properties named in ``want``, in order (validated by the caller)."""
    lazy = BoardProperties(layout, faces, seed, playouts=playouts, solver_budget=budget)
    return [lazy[name] for name in want]


@dataclass(frozen=True)
class LayoutFacts:
    """What a layout contributes to the properties, computed once per layout."""

    deepest_stack: int
    above: tuple[int, ...]
    """``above[i]``: the bit set of every slot lying over slot ``i``, directly or not."""

    @staticmethod
    def of(layout: Layout) -> LayoutFacts:
        """The facts of a layout (cached per distinct slot tuple).

        >>> from mahjongkit.solitaire import get_layout
        >>> LayoutFacts.of(get_layout("turtle")).deepest_stack
        5
        """
        return _facts(layout.slots)


@cache
def _facts(slots: tuple[Slot, ...]) -> LayoutFacts:
    geometry = _geometry_of(slots)
    n = len(slots)
    above = [0] * n
    chain = [1] * n
    # Highest layer first, so everything over a slot is known when the slot is reached.
    for i in sorted(range(n), key=lambda s: -slots[s][2]):
        over = geometry.cover[i]
        longest = 0
        for j in _bits(geometry.cover[i]):
            over |= above[j]
            longest = max(longest, chain[j])
        above[i] = over
        chain[i] = 1 + longest
    return LayoutFacts(max(chain, default=0), tuple(above))


def _geometry_of(slots: tuple[Slot, ...]) -> Geometry:
    return Geometry.of(Layout("facts", slots))


def _bits(bits: int) -> Iterable[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _pairs(k: int) -> int:
    return k * (k - 1) // 2


class BoardProperties:
    """The properties of one board, each computed on first use (``props["free_pairs"]``)."""

    def __init__(
        self,
        layout: Layout,
        faces: Sequence[int],
        seed: int,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        solver_budget: int = DEFAULT_SOLVER_BUDGET,
    ) -> None:
        check_options(playouts, solver_budget)
        if len(faces) != layout.size:
            raise ValueError(f"{len(faces)} faces for the {layout.size} slots of {layout.name!r}")
        self.layout = layout
        self.faces = tuple(faces)
        self.seed = seed
        self.playouts = playouts
        self.solver_budget = solver_budget
        self._geometry = Geometry.of(layout)
        self._facts = LayoutFacts.of(layout)
        self._groups = [0] * 37
        for slot, face in enumerate(self.faces):
            self._groups[match_group(face)] |= 1 << slot
        self._values: dict[str, int | float] = {"deepest_stack": self._facts.deepest_stack}

    def __getitem__(self, name: str) -> int | float:
        if name not in self._values:
            check_names([name])
            if name in ("free_tiles", "free_pairs"):
                self._start()
            elif name == "stacked_pairs":
                self._stacked()
            elif name == "solver_nodes":
                self._solver()
            else:
                self._playouts()
        return self._values[name]

    def _start(self) -> None:
        free = self._geometry.free_set((1 << self.layout.size) - 1)
        self._values["free_tiles"] = free.bit_count()
        self._values["free_pairs"] = sum(_pairs((free & g).bit_count()) for g in self._groups)

    def _stacked(self) -> None:
        self._values["stacked_pairs"] = sum(
            (self._facts.above[slot] & self._groups[match_group(face)]).bit_count()
            for slot, face in enumerate(self.faces)
        )

    def _solver(self) -> None:
        # The solver's own plain reference search (issue 4), run without a clock.
        groups = [match_group(face) for face in self.faces]
        _, _, nodes, *_ = solve(self.layout, groups, self.solver_budget, 0)
        self._values["solver_nodes"] = nodes

    def _playouts(self) -> None:
        wins = sum(self._playout(PLAYOUT_STREAM + k) for k in range(self.playouts))
        self._values["random_wins"] = wins
        self._values["difficulty"] = 1.0 - wins / self.playouts if self.playouts else 0.0

    def _playout(self, stream: int) -> bool:
        rng = Rng(self.seed, stream)
        geometry, groups = self._geometry, self._groups
        present = (1 << self.layout.size) - 1
        free = geometry.free_set(present)
        while present:
            counts = [(free & g).bit_count() for g in groups]
            total = sum(_pairs(k) for k in counts)
            if total == 0:
                return False
            r = rng.below(total)
            group = 1
            while r >= _pairs(counts[group]):
                r -= _pairs(counts[group])
                group += 1
            candidates = list(_bits(free & groups[group]))
            k, a = counts[group], 0
            while r >= k - 1 - a:
                r -= k - 1 - a
                a += 1
            slot_a, slot_b = candidates[a], candidates[a + 1 + r]
            gone = (1 << slot_a) | (1 << slot_b)
            present &= ~gone
            free &= ~gone
            # Only the slots these two covered or flanked can change state.
            for s in _bits((geometry.affects[slot_a] | geometry.affects[slot_b]) & present):
                if geometry.is_free(s, present):
                    free |= 1 << s
                else:
                    free &= ~(1 << s)
        return True
