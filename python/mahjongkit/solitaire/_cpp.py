"""The C++ backend: the calls of :mod:`mahjongkit.solitaire._ref`, packed for ``_core``.

Each function has the name and the arguments of its Python twin and returns what the twin
returns; the compiled geometry of a layout is built once and kept on the layout. This is
the only solitaire module that imports the extension.

>>> from mahjongkit.solitaire.layout import get_layout
>>> free_slots(get_layout("turtle"), [139, 140, 141, 142])
[139, 140, 141, 142]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mahjongkit._core import solitaire as _core
from mahjongkit.solitaire.layout import Layout, Slot
from mahjongkit.solitaire.properties import PROPERTY_NAMES
from mahjongkit.solitaire.scan import Boards, Progress, RawPart, Scan, Seeds

DEFAULT_MAX_TRIALS: int = _core.DEFAULT_MAX_TRIALS


@cache
def _compiled(slots: tuple[Slot, ...]) -> _core.Geometry:
    return _core.Geometry(list(slots))


def geometry(layout: Layout) -> _core.Geometry:
    """The compiled geometry of a layout (cached), for code that batches core calls.

    >>> from mahjongkit.solitaire.layout import get_layout
    >>> geometry(get_layout("turtle")).size
    144
    """
    # Kept on the layout itself: hashing hundreds of slots a call would cost more than a deal.
    compiled = layout._cache.get("core_geometry")
    if compiled is None:
        compiled = layout._cache["core_geometry"] = _compiled(layout.slots)
    assert isinstance(compiled, _core.Geometry)
    return compiled


def free_slots(layout: Layout, present: list[int]) -> list[int]:
    return geometry(layout).free_slots(present)


def deal(
    layout: Layout, seed: int, max_trials: int
) -> tuple[bool, list[int], list[tuple[int, int]], int]:
    return geometry(layout).deal(seed, max_trials)


def redeal(
    layout: Layout, present: list[int], seed: int, stream: int, max_trials: int
) -> tuple[list[int], list[int], int]:
    return geometry(layout).redeal(present, seed, stream, max_trials)


def solve(
    layout: Layout,
    groups: Sequence[int],
    max_nodes: int,
    max_seconds: float,
    quick_games: int = 0,
    playouts: int = 1000,
    playouts_per_restart: int = 100,
) -> tuple[int, list[tuple[int, int]], int, int, float, str]:
    return _core.solve(
        geometry(layout),
        list(groups),
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        playouts=playouts,
        quick_games=quick_games,
        playouts_per_restart=playouts_per_restart,
    )


def board_properties(
    layout: Layout, faces: Sequence[int], seed: int, want: Sequence[str], playouts: int, budget: int
) -> list[float]:
    indices = [PROPERTY_NAMES.index(name) for name in want]
    return _core.board_properties(geometry(layout), list(faces), seed, indices, playouts, budget)


def batch_faces(
    layout: Layout, seeds: Seeds, out: Boards, threads: int, trials: int, progress: Progress | None
) -> int | None:
    # On ``threads`` threads (0: every core) with the GIL released; Ctrl-C raises
    # KeyboardInterrupt once the workers stop.
    return _core.batch_faces(geometry(layout), seeds, out, threads, trials, progress=progress)


def search_seeds(
    scan: Scan, first: int, count: int, threads: int, progress: Progress | None
) -> RawPart:
    nodes = list(scan.condition.nodes)
    report = [PROPERTY_NAMES.index(name) for name in scan.report]
    limits = (scan.limit, threads, scan.max_trials, scan.playouts, scan.solver_budget)
    geometry_ = geometry(scan.layout)
    return _core.search_seeds(geometry_, first, count, nodes, report, *limits, progress=progress)


def property_names() -> tuple[str, ...]:
    """The property names of the C++ core, in index order."""
    return tuple(_core.PROPERTY_NAMES)
