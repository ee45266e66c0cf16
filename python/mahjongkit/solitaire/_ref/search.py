"""The pure-Python twin of ``cpp/core/solitaire/search.cpp``: many boards, one seed after another.

The core runs these on many threads; here they run on one, which is all a check of the
core's results needs. Both take arguments the dispatcher has validated.

>>> import numpy as np
>>> from mahjongkit.solitaire.layout import get_layout
>>> out = np.empty((2, 36), dtype=np.uint8)
>>> batch_faces(get_layout("tea house"), np.array([5, 9], dtype=np.uint64), out, 1, 1000, None)
>>> int(out[0].sum()) > 0
True
"""

from __future__ import annotations

import time

from mahjongkit.solitaire._ref.deal import deal
from mahjongkit.solitaire._ref.properties import BoardProperties
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.scan import Boards, Progress, RawPart, Scan, Seeds

_REPORT_EVERY = 0.05  # seconds between progress calls, as in the core


def batch_faces(
    layout: Layout, seeds: Seeds, out: Boards, threads: int, trials: int, progress: Progress | None
) -> int | None:
    """Fill ``out[i]`` with the faces of the board of ``seeds[i]``; the first seed whose
    deal fails, or None. ``threads`` is accepted for the core's signature and ignored."""
    last_report = time.monotonic()
    for i, seed in enumerate(seeds.tolist()):
        ok, faces, _, _ = deal(layout, seed, trials)
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
    scan: Scan, first: int, count: int, threads: int, progress: Progress | None
) -> RawPart:
    """Scan seeds ``first .. first + count - 1`` for boards that satisfy the condition (at
    most ``scan.limit`` matches); the values of ``scan.report`` for each match."""
    layout, limit = scan.layout, scan.limit
    matches: list[tuple[int, list[float]]] = []
    examined = 0
    last_report = time.monotonic()
    try:
        for seed in range(first, first + count):
            if limit >= 0 and len(matches) >= limit:
                return matches, examined, False, True, None
            ok, faces, _, _ = deal(layout, seed, scan.max_trials)
            if not ok:
                return matches, examined, False, False, seed
            props = BoardProperties(
                layout, faces, seed, playouts=scan.playouts, solver_budget=scan.solver_budget
            )
            if scan.condition.evaluate(props.__getitem__):
                matches.append((seed, [float(props[name]) for name in scan.report]))
            examined += 1
            if progress is not None and time.monotonic() - last_report > _REPORT_EVERY:
                progress(examined)
                last_report = time.monotonic()
    except KeyboardInterrupt:
        return matches, examined, True, False, None
    if progress is not None:
        progress(examined)
    return matches, examined, False, limit >= 0 and len(matches) >= limit, None
