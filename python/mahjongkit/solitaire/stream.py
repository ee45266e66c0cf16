"""Seed search with no bound on the matches: one match at a time, in seed order.

:func:`~mahjongkit.solitaire.search.search` keeps its matches in memory, so it refuses to
find more than a million. :func:`stream_search` scans the range in chunks and hands out each
chunk's matches before scanning the next, so memory stays that of one chunk however many
boards match; an app writes them out as they come (``mahjongkit search`` does). The matches
are the same seeds, with the same properties, as :func:`search` finds; a ``limit`` stops the
stream after that many.

The stream says how far it got as it goes: :attr:`SearchStream.examined` seeds of the range
are done, and after Ctrl-C (``interrupted``) :attr:`SearchStream.next_seed` is where to
resume.

>>> stream = stream_search("turtle", range(0, 300), "free_pairs >= 24")
>>> [match.seed for match in stream]
[93, 258, 266]
>>> stream.examined, stream.interrupted, stream.next_seed
(300, False, None)
>>> stream = stream_search("turtle", "0:300", "free_pairs >= 24", limit=2, chunk=100)
>>> [match.seed for match in stream], stream.limit_reached, stream.next_seed
([93, 258], True, 259)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from mahjongkit.solitaire import engine
from mahjongkit.solitaire.checks import check_chunk
from mahjongkit.solitaire.condition import Condition
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.scan import Progress, RawPart
from mahjongkit.solitaire.search import (
    Match,
    SearchJob,
    SearchOptions,
    offset_progress,
    resolve_seeds,
    resolve_threads,
    segments,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

DEFAULT_CHUNK = 1 << 16
"""Seeds per scan: at most this many matches are held at once (a few MB at the most)."""

Parts = Callable[["SearchStream"], Iterator[tuple[int, int, RawPart]]]
"""What scans the chunks: given the stream (to read how many matches it still wants),
``(first, count, raw)`` for consecutive chunks from the start of the range."""


class SearchStream:
    """The matches of a search as an iterator (see the module's description); iterate it
    once. Its counters are final when the iteration ends."""

    def __init__(self, job: SearchJob, seeds: range, limit: int | None, parts: Parts) -> None:
        self.job = job
        self.seeds = seeds
        self.limit = limit
        self.found = 0
        self.examined = 0
        """Every seed of ``seeds[:examined]`` was examined."""
        self.interrupted = False
        self.limit_reached = False
        self._matches = self._run(parts)

    def __iter__(self) -> Iterator[Match]:
        return self._matches

    def __next__(self) -> Match:
        return next(self._matches)

    @property
    def wanted(self) -> int | None:
        """How many more matches the stream may give (None: no limit)."""
        return None if self.limit is None else self.limit - self.found

    @property
    def next_seed(self) -> int | None:
        """Where a resumed search starts, or None when the whole range was examined."""
        resume = self.seeds.start + self.examined
        return resume if resume < self.seeds.stop else None

    def _run(self, parts: Parts) -> Iterator[Match]:
        if self.limit == 0:
            self.limit_reached = True
            return
        start = self.seeds.start
        for first, count, (found, part_examined, interrupted, _, failed) in parts(self):
            if first != start + self.examined:
                raise ValueError("the parts of a search must tile the range in order")
            for seed, values in found:
                self.found += 1
                if self.found == self.limit:
                    self.examined = seed - start + 1
                    self.limit_reached = True
                    yield self.job.match(seed, values)
                    return
                yield self.job.match(seed, values)
            if failed is not None:
                raise engine.DealError(
                    f"could not deal layout {self.job.layout.name!r} with seed {failed}: every"
                    f" one of the {self.job.max_trials} trials of the reverse deal was left"
                    " with fewer than two free slots"
                )
            self.examined += part_examined
            if interrupted or part_examined < count:
                self.interrupted = True
                return


def check_stream_limit(limit: int | None) -> int | None:
    """A stream's limit: None or any non-negative int (nothing is kept, so no cap)."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be a non-negative int or None, got {limit!r}")
    return limit


def stream_search(
    layout: Layout | str,
    seeds: range | str,
    where: str | Condition,
    limit: int | None = None,
    *,
    threads: int | None = None,
    impl: str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
    **options: Unpack[SearchOptions],
) -> SearchStream:
    """The matches of :func:`~mahjongkit.solitaire.search.search`, one at a time, with no
    bound on how many (see the module's description); the arguments are the same, and
    ``chunk`` is how many seeds one scan takes."""
    job = SearchJob.make(layout, where, None, **options)
    return run_stream(job, seeds, limit, threads=threads, impl=impl, chunk=chunk, progress=progress)


def run_stream(
    job: SearchJob,
    seeds: range | str,
    limit: int | None = None,
    *,
    threads: int | None = None,
    impl: str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
) -> SearchStream:
    """:func:`stream_search` with its options already checked and held in ``job`` (whose
    own limit is not used: the stream's is ``limit``)."""
    seed_range = resolve_seeds(seeds)
    thread_count = resolve_threads(threads)
    check_chunk(chunk)
    limit = check_stream_limit(limit)

    def parts(stream: SearchStream) -> Iterator[tuple[int, int, RawPart]]:
        done = 0
        for first, count in segments(seed_range, chunk):
            wanted = stream.wanted
            # a chunk holds at most `count` matches, and the stream needs at most `wanted`
            bound = count if wanted is None else min(count, wanted)
            reporter = None if progress is None else offset_progress(progress, done)
            raw = job.scan(
                first, count, threads=thread_count, impl=impl, progress=reporter, limit=bound
            )
            yield first, count, raw
            done += count

    return SearchStream(job, seed_range, limit, parts)
