"""The pure-Python twin of ``cpp/core/solitaire/search.cpp``: many boards, one seed after another.

The core runs these on many threads; here they run on one, which is all a check of the
core's results needs. Both take arguments the dispatcher has validated.

>>> import numpy as np
>>> from mahjongkit.solitaire.layout import get_layout
>>> out = np.empty((2, 36), dtype=np.uint8)
>>> batch_faces(get_layout("tea house"), np.array([5, 9], dtype=np.uint64), out, 1, 1000)
>>> int(out[0].sum()) > 0
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from mahjongkit.solitaire._ref.deal import deal
from mahjongkit.solitaire._ref.properties import BoardProperties
from mahjongkit.solitaire.condition import Condition
from mahjongkit.solitaire.layout import Layout

Progress = Callable[[int], object]
RawPart = tuple[list[tuple[int, list[float]]], int, bool, bool, "int | None"]
"""(matches as (seed, values), examined, interrupted, limit reached, failing seed or None)."""

_REPORT_EVERY = 0.05  # seconds between progress calls, as in the core


def batch_faces(
    layout: Layout,
    seeds: npt.NDArray[np.uint64],
    out: npt.NDArray[np.uint8],
    threads: int,
    max_trials: int,
    progress: Progress | None = None,
) -> int | None:
    """Fill ``out[i]`` with the faces of the board of ``seeds[i]``; the first seed whose
    deal fails, or None. ``threads`` is accepted for the core's signature and ignored."""
    last_report = time.monotonic()
    for i, seed in enumerate(seeds.tolist()):
        ok, faces, _, _ = deal(layout, seed, max_trials)
        if not ok:
            return int(seed)
        out[i] = faces
        if progress is not None and time.monotonic() - last_report > _REPORT_EVERY:
            progress(i + 1)
            last_report = time.monotonic()
    if progress is not None:
        progress(len(seeds))
    return None


def search_seeds(
    layout: Layout,
    first: int,
    count: int,
    condition: Condition,
    report: Sequence[str],
    limit: int,
    threads: int,
    max_trials: int,
    playouts: int,
    solver_budget: int,
    progress: Progress | None = None,
) -> RawPart:
    """Scan seeds ``first .. first + count - 1`` for boards that satisfy ``condition``
    (at most ``limit`` matches, -1 for no limit); the values of ``report`` for each."""
    matches: list[tuple[int, list[float]]] = []
    examined = 0
    last_report = time.monotonic()
    try:
        for seed in range(first, first + count):
            if limit >= 0 and len(matches) >= limit:
                return matches, examined, False, True, None
            ok, faces, _, _ = deal(layout, seed, max_trials)
            if not ok:
                return matches, examined, False, False, seed
            props = BoardProperties(
                layout, faces, seed, playouts=playouts, solver_budget=solver_budget
            )
            if condition.evaluate(props.__getitem__):
                matches.append((seed, [float(props[name]) for name in report]))
            examined += 1
            if progress is not None and time.monotonic() - last_report > _REPORT_EVERY:
                progress(examined)
                last_report = time.monotonic()
    except KeyboardInterrupt:
        return matches, examined, True, False, None
    if progress is not None:
        progress(examined)
    return matches, examined, False, limit >= 0 and len(matches) >= limit, None
