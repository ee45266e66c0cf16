"""What the backends' bulk calls take and give: the vocabulary of batch and seed search.

The C++ core and the Python twins both fill boards for many seeds (``batch_faces``) and scan
seed ranges (``search_seeds``); they share these types, so the dispatcher, the two backends
and the public modules say the same thing once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mahjongkit.solitaire.condition import Condition
from mahjongkit.solitaire.layout import Layout

Progress = Callable[[int], object]
"""Called now and then with how much is done (boards, or seeds examined)."""
Seeds = npt.NDArray[np.uint64]
"""Seeds as a contiguous array."""
Boards = npt.NDArray[np.uint8]
"""Boards as rows of tile kinds: ``uint8[n_boards, n_slots]``."""
RawPart = tuple[list[tuple[int, list[float]]], int, bool, bool, "int | None"]
"""What one scan of a seed range returns: (matches as (seed, values), examined,
interrupted, limit reached, failing seed or None); the C++ core's and the reference's."""


@dataclass(frozen=True)
class Scan:
    """How each board of a seed scan is looked at; checked when it is built (see
    :meth:`mahjongkit.solitaire.search.SearchJob.make`)."""

    layout: Layout
    condition: Condition
    report: tuple[str, ...]
    """The properties returned for each match: the condition's, then any others asked for."""
    limit: int
    """The most matches to find (-1: no limit)."""
    playouts: int
    solver_budget: int
    max_trials: int
