"""Batch generation and seed search on a Dask cluster (the optional extra ``mahjongkit[dask]``).

The seed range is cut into tasks of ``chunk`` seeds; each task runs the same C++ scan as a
local call, on one thread of a worker, and the results are put back together in seed order
exactly as :func:`mahjongkit.solitaire.search.search` does, so the answer is identical to the
local one. A few tasks per worker thread are in flight at a time, so a range of any size
streams through, and a search with a limit stops submitting once its smallest seeds are known.

Where the work runs: an existing ``client``; else the scheduler at ``scheduler`` (for example
``"tcp://10.0.0.5:8786"``: start it with ``dask scheduler`` and, on every machine,
``dask worker tcp://10.0.0.5:8786 --nthreads 8``; every worker needs mahjongkit installed);
else a local in-process cluster with one thread per core (the C++ core releases the GIL, so
threads use every core without the cost of processes).

Example (not run as a doctest, since the extra is optional; tests/solitaire/test_distributed.py
checks it)::

    from mahjongkit.solitaire.distributed import search_dask
    result = search_dask("turtle", "0:1000000", "free_pairs >= 20 and difficulty <= 0.3",
                         limit=100, scheduler="tcp://10.0.0.5:8786")
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from mahjongkit._dask import import_distributed, scheduler_client
from mahjongkit.solitaire import engine
from mahjongkit.solitaire.batch import batch
from mahjongkit.solitaire.checks import check_chunk, check_trials, layout_of
from mahjongkit.solitaire.condition import Condition
from mahjongkit.solitaire.layout import Layout, Slot
from mahjongkit.solitaire.scan import Progress, RawPart
from mahjongkit.solitaire.search import (
    SearchJob,
    SearchOptions,
    SearchResult,
    layout_from,
    portable_layout,
    resolve_seeds,
    segments,
)

if TYPE_CHECKING:
    from distributed import Client, Future
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

DEFAULT_CHUNK = 1 << 14
"""Seeds per task: about 0.1 s of Turtle boards, or a few seconds of an expensive search."""
TASKS_PER_THREAD = 4
"""Tasks in flight per worker thread: enough to keep every thread busy between results."""


@contextlib.contextmanager
def connect(client: Client | None = None, scheduler: str | None = None) -> Iterator[Client]:
    """``client`` itself; else a client of ``scheduler``; else a local in-process cluster.

    What this opens, it closes on exit.
    """
    if client is not None:
        yield client
        return
    if scheduler is not None:
        with scheduler_client(scheduler) as remote:
            yield remote
        return
    distributed = import_distributed()
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=os.cpu_count() or 1,
            processes=False,
            dashboard_address=":0",  # None would still start it, on the fixed port 8787
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as local,
    ):
        yield local


def _threads(client: Client) -> int:
    threads: dict[str, int] = client.nthreads()  # type: ignore[no-untyped-call]
    return max(1, sum(threads.values()))


def _scan(job: SearchJob, first: int, count: int) -> RawPart:
    return job.scan(first, count, threads=1, impl="cpp", progress=None)


def _boards(
    layout: tuple[str, tuple[Slot, ...], str], first: int, count: int, max_trials: int
) -> npt.NDArray[np.uint8]:
    seeds = range(first, first + count)
    return batch(layout_from(*layout), seeds, 1, impl="cpp", max_trials=max_trials)


def _in_order(
    client: Client, pieces: Iterable[tuple[int, int]], submit: Any
) -> Generator[tuple[int, int, Future[Any]], None, None]:
    """Submit ``submit(first, count)`` for the pieces, a bounded number at a time, and give
    back ``(first, count, future)`` in piece order; cancels what is left when closed early."""
    window = TASKS_PER_THREAD * _threads(client)
    queue: deque[tuple[int, int, Future[Any]]] = deque()
    source = iter(pieces)
    try:
        while True:
            while len(queue) < window:
                piece = next(source, None)
                if piece is None:
                    break
                queue.append((piece[0], piece[1], submit(*piece)))
            if not queue:
                return
            yield queue.popleft()
    finally:
        client.cancel([future for _, _, future in queue])  # type: ignore[no-untyped-call]


def search_dask(
    layout: Layout | str,
    seeds: range | str,
    where: str | Condition,
    limit: int | None = None,
    *,
    client: Client | None = None,
    scheduler: str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """:func:`~mahjongkit.solitaire.search.search` on a Dask cluster; the same result
    (``options`` as for it).

    Ctrl-C returns what the examined prefix holds, with ``interrupted`` set.
    """
    job = SearchJob.make(layout, where, limit, **options)
    return run_search_dask(
        job, seeds, client=client, scheduler=scheduler, chunk=chunk, progress=progress
    )


def run_search_dask(
    job: SearchJob,
    seeds: range | str,
    *,
    client: Client | None = None,
    scheduler: str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
) -> SearchResult:
    """:func:`search_dask` with its options already checked and held in ``job``."""
    seed_range = resolve_seeds(seeds)
    check_chunk(chunk)
    with connect(client, scheduler) as active:

        def submit(first: int, count: int) -> Future[Any]:
            return active.submit(_scan, job, first, count, pure=False)

        def parts() -> Iterator[tuple[int, int, RawPart]]:
            ordered = _in_order(active, segments(seed_range, chunk), submit)
            done = 0
            try:
                for first, count, future in ordered:
                    try:
                        raw: RawPart = future.result()
                    except KeyboardInterrupt:
                        yield first, count, ([], 0, True, False, None)
                        return
                    done += count
                    if progress is not None:
                        progress(done)
                    yield first, count, raw
            finally:
                ordered.close()

        return job.merge(seed_range, parts())


def batch_dask(
    layout: Layout | str,
    seeds: range | str,
    *,
    client: Client | None = None,
    scheduler: str | None = None,
    chunk: int = DEFAULT_CHUNK,
    max_trials: int = engine.DEFAULT_MAX_TRIALS,
    progress: Progress | None = None,
) -> npt.NDArray[np.uint8]:
    """:func:`~mahjongkit.solitaire.batch.batch` of a seed range on a Dask cluster."""
    chosen = layout_of(layout)
    seed_range = resolve_seeds(seeds)
    check_chunk(chunk)
    check_trials(max_trials)
    out = np.empty((len(seed_range), chosen.size), dtype=np.uint8)
    with connect(client, scheduler) as active:

        def submit(first: int, count: int) -> Future[Any]:
            portable = portable_layout(chosen)
            return active.submit(_boards, portable, first, count, max_trials, pure=False)

        ordered = _in_order(active, segments(seed_range, chunk), submit)
        try:
            for first, count, future in ordered:
                offset = first - seed_range.start
                out[offset : offset + count] = future.result()
                if progress is not None:
                    progress(offset + count)
        finally:
            ordered.close()
    return out
