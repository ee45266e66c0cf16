"""Board properties, the vocabulary of seed search: what each one means, and its checks.

The decisions cited are written out in docs/decisions.md.

The C++ core (``cpp/core/solitaire/properties.cpp``) and its Python twin
(:mod:`mahjongkit.solitaire._ref.properties`) compute the same numbers; use
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
>>> from mahjongkit.solitaire.engine import board_properties
>>> props = board_properties(deal(get_layout("turtle"), 5))
>>> props["free_tiles"], props["deepest_stack"], 0 <= props["difficulty"] <= 1
(33, 5, True)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Final

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
