"""Board properties, the vocabulary of seed search: the pure-Python reference.

The C++ core (``cpp/core/solitaire/properties.cpp``) computes the same numbers; use
:func:`mahjongkit.solitaire.engine.board_properties` to pick either. Every property is a
deterministic function of the layout, the faces, the seed and two options (``playouts`` and
``solver_budget``).

============== =====================================================================
free_tiles     tiles free at the start (the free rule of decision 2 on the full board)
free_pairs     matching pairs among those: the moves open at the start. A match group (a
               face; all flowers; all seasons) with k free tiles gives k(k-1)/2 pairs
deepest_stack  the tallest stack of the layout: the longest chain of tiles each overlapping
               the one below on a higher layer (5 on the Turtle; the same for every seed)
stacked_pairs  matching pairs of which one tile lies over the other, directly or through
               other tiles: they can never be removed together (a tile on its partner)
solver_nodes   the solver's effort: the nodes a plain exhaustive search visits to solve the
               board (below); ``solver_budget + 1`` when that budget ran out
random_wins    how many of ``playouts`` random playouts clear the board
difficulty     ``1 - random_wins / playouts``: 0 when a random player always wins
============== =====================================================================

A random playout ``k`` draws from ``Rng(seed, PLAYOUT_STREAM + k)``. At each step it lists
the open pairs, match groups in ascending order (faces 1–34, then flowers, then seasons) and
within a group the slot pairs ``(a, b)``, ``a < b``, in lexicographic order, and removes pair
number ``below(count)``; it loses when tiles remain and no pair is open.

The search behind ``solver_nodes`` is the solver's reference algorithm without its random
playouts and heuristics, so the count measures the board rather than luck: at each node,
remove every group whose remaining tiles are all free (safe moves); stop if the position is
known dead or the relaxation proves it dead (let a tile go as soon as it is free and a tile of
its group is free or already relaxed away: a tile that never goes can never go); otherwise
try every pair of free tiles of one group, groups in ascending order of their slot sets read
as integers, pairs in ascending slot order, and record the position as dead if none wins.

>>> from mahjongkit.solitaire import deal, get_layout
>>> board = deal(get_layout("turtle"), 5)
>>> props = BoardProperties(board.layout, board.faces, board.seed)
>>> props["free_tiles"], props["deepest_stack"], 0 <= props["difficulty"] <= 1
(33, 5, True)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from mahjongkit.solitaire import solve_reference
from mahjongkit.solitaire.layout import Layout, Slot
from mahjongkit.solitaire.reference import Geometry
from mahjongkit.solitaire.rng import Rng

PROPERTY_NAMES: Final = (
    "free_tiles",
    "free_pairs",
    "deepest_stack",
    "stacked_pairs",
    "solver_nodes",
    "random_wins",
    "difficulty",
)
"""Every property, in the index order the C++ core uses."""
FLOAT_PROPERTIES: Final = frozenset({"difficulty"})
"""Properties that are fractions; the others are counts."""
EXPENSIVE_PROPERTIES: Final = frozenset({"solver_nodes", "random_wins", "difficulty"})
"""Properties that take a search or playouts; the others cost a few microseconds."""

DEFAULT_PLAYOUTS: Final = 32
DEFAULT_SOLVER_BUDGET: Final = 20_000
PLAYOUT_STREAM: Final = 0x706C61796F757400
"""The stream of playout 0 ("playout" in ASCII), far from the deal's stream 0."""


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """The names, checked: an unknown one gets an error naming it and the known ones.

    >>> check_names(["free_pair"])
    Traceback (most recent call last):
    ValueError: unknown board property 'free_pair' (did you mean free_pairs?); the properties ...
    """
    checked = []
    for name in names:
        if name not in PROPERTY_NAMES:
            close = difflib.get_close_matches(str(name), PROPERTY_NAMES, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(
                f"unknown board property {name!r}{hint}; the properties are "
                + ", ".join(PROPERTY_NAMES)
            )
        checked.append(name)
    return tuple(checked)


def check_options(playouts: int, solver_budget: int) -> None:
    """Raise ``ValueError`` unless ``playouts`` >= 0 and ``solver_budget`` >= 1 are ints."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 0 <= playouts <= 1 << 20:
        raise ValueError(f"playouts must be an int from 0 to 2**20, got {playouts!r}")
    if (
        isinstance(solver_budget, bool)
        or not isinstance(solver_budget, int)
        or not 1 <= solver_budget < 1 << 62
    ):
        raise ValueError(f"solver_budget must be a positive int, got {solver_budget!r}")


def typed(name: str, value: float) -> int | float:
    """A property value as its own type: counts as int, fractions as float."""
    return float(value) if name in FLOAT_PROPERTIES else int(value)


def match_group(face: int) -> int:
    """The match group of a face (decision 3): 1–34 themselves, flowers 35, seasons 36.

    >>> match_group(7), match_group(37), match_group(42)
    (7, 35, 36)
    """
    return face if face <= 34 else 35 if face <= 38 else 36


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
        _, _, nodes, *_ = solve_reference.solve(self.layout, groups, self.solver_budget, 0)
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
