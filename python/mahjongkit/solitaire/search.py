"""Bulk seed search: the seeds of a range whose boards satisfy a condition on their properties.

The C++ core scans on every core with the GIL released; each board and its properties depend
on its own seed only and results are assembled in seed order, so the answer is the same for
any thread count, and on a Dask cluster (:mod:`mahjongkit.solitaire.distributed`). With a
``limit`` the answer is the ``limit`` smallest matching seeds. Properties are computed lazily:
in ``free_pairs >= 14 and difficulty <= 0.3`` the playouts behind ``difficulty`` run only for
boards with 14 open pairs, so put the cheap test first.

Ctrl-C stops a search cleanly: it returns what the examined prefix of the range holds, with
``interrupted`` set and :attr:`SearchResult.next_seed` telling where to resume.

>>> from mahjongkit.solitaire import get_layout
>>> result = search(get_layout("turtle"), range(0, 300), "free_pairs >= 24", limit=3)
>>> [m.seed for m in result.matches], result.matches[0].properties
([93, 258, 266], {'free_pairs': 24})
>>> result.limit_reached, result.next_seed
(True, 267)
>>> search("turtle", range(0, 300), "free_pairs >= 24", limit=3, impl="python") == result
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, TypedDict

from mahjongkit.solitaire import engine, properties
from mahjongkit.solitaire.checks import check_trials, layout_of
from mahjongkit.solitaire.condition import Condition
from mahjongkit.solitaire.layout import Layout, Slot
from mahjongkit.solitaire.scan import Progress, RawPart, Scan
from mahjongkit.solitaire.seeds import check_seeds, parse_seeds

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

_SEGMENT = 1 << 62  # seeds per core call: the core counts in uint64, a range may hold 2**64
MAX_THREADS = 256
"""The core's cap on threads (more only add memory and start-up time); more are capped."""
MAX_MATCHES = 1_000_000
"""The most matches a search keeps (they are held in memory): a larger ``limit`` is refused,
and a search without one that finds more raises :class:`SearchTooLarge`."""


class SearchTooLarge(ValueError):
    """A search without a limit matched more than :data:`MAX_MATCHES` boards."""


@dataclass(frozen=True)
class Match:
    """A matching seed and the properties the condition (and ``report``) asked for."""

    seed: int
    properties: dict[str, int | float] = field(hash=False)


@dataclass(frozen=True)
class SearchResult:
    """The matches of a search, ascending by seed, and how much of the range was examined."""

    layout: str
    where: str
    seeds: range
    matches: tuple[Match, ...]
    examined: int
    """Every seed of ``seeds[:examined]`` was examined (and nothing beyond counts)."""
    interrupted: bool = False
    limit_reached: bool = False

    @property
    def complete(self) -> bool:
        """Whether the search ran to its end (the range, or the limit)."""
        return not self.interrupted

    @property
    def next_seed(self) -> int | None:
        """Where a resumed search starts, or None when the whole range was examined."""
        resume = self.seeds.start + self.examined
        return resume if resume < self.seeds.stop else None


def resolve_seeds(seeds: range | str) -> range:
    """A checked seed range, from a range or ``"A:B"`` text."""
    return parse_seeds(seeds) if isinstance(seeds, str) else check_seeds(seeds)


def resolve_threads(threads: int | None) -> int:
    """The thread count for the core (0: every core); ``ValueError`` unless None or >= 1."""
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(
            f"threads must be a positive int (or None for every core), got {threads!r}"
        )
    return min(threads, MAX_THREADS)


def check_limit(limit: int | None) -> int:
    """The limit for the core (-1: none); at most :data:`MAX_MATCHES`.

    >>> check_limit(10**7)
    Traceback (most recent call last):
    ValueError: limit must be at most 1,000,000 (the matches are kept in memory), got 10000000
    """
    if limit is None:
        return -1
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be a non-negative int or None, got {limit!r}")
    if limit > MAX_MATCHES:
        raise ValueError(
            f"limit must be at most {MAX_MATCHES:,} (the matches are kept in memory), got {limit}"
        )
    return limit


class SearchOptions(TypedDict, total=False):
    """How a search looks at each board, beside where it runs: the keyword options of
    :func:`search` and the Dask backend's ``search_dask``, declared once."""

    report: Iterable[str]
    """More properties to return for each match."""
    playouts: int
    """Random playouts behind ``random_wins`` and ``difficulty``."""
    solver_budget: int
    """Node budget behind ``solver_nodes``."""
    max_trials: int
    """Trials of each reverse deal."""


@dataclass(frozen=True)
class SearchJob(Scan):
    """Everything a scan of one seed range needs; picklable, so Dask can ship it."""

    @staticmethod
    def make(
        layout: Layout | str,
        where: str | Condition,
        limit: int | None = None,
        report: Iterable[str] = (),
        playouts: int = properties.DEFAULT_PLAYOUTS,
        solver_budget: int = properties.DEFAULT_SOLVER_BUDGET,
        max_trials: int = engine.DEFAULT_MAX_TRIALS,
    ) -> SearchJob:
        """Check every argument and build the job: the one options object of a search, which
        :func:`run_search` and the Dask backend's ``run_search_dask`` take as it is."""
        condition = where if isinstance(where, Condition) else Condition.parse(where)
        properties.check_options(playouts, solver_budget)
        check_trials(max_trials)
        wanted = list(condition.properties)
        wanted += [name for name in properties.check_names(report) if name not in wanted]
        return SearchJob(
            layout_of(layout),
            condition,
            tuple(wanted),
            check_limit(limit),
            playouts,
            solver_budget,
            max_trials,
        )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A Layout keeps compiled geometry in a cache that cannot be pickled: ship its data.
        layout = self.layout
        return (
            _job,
            (
                layout.name,
                layout.slots,
                layout.description,
                self.condition,
                self.report,
                self.limit,
                self.playouts,
                self.solver_budget,
                self.max_trials,
            ),
        )

    @property
    def scan_limit(self) -> int:
        """The limit of one scan: the job's, or one past :data:`MAX_MATCHES` without one, so
        memory stays bounded and :meth:`merge` can tell that there were too many."""
        return self.limit if self.limit >= 0 else MAX_MATCHES + 1

    def scan(
        self,
        first: int,
        count: int,
        *,
        threads: int,
        impl: str | None,
        progress: Progress | None,
        limit: int | None = None,
    ) -> RawPart:
        """Scan seeds ``first .. first + count - 1`` (count < 2**63), finding at most
        ``limit`` matches (by default :attr:`scan_limit`)."""
        # The backends see a scan with a bounded limit (see scan_limit).
        bounded = Scan(
            self.layout,
            self.condition,
            self.report,
            self.scan_limit if limit is None else limit,
            self.playouts,
            self.solver_budget,
            self.max_trials,
        )
        return engine.backend(impl).search_seeds(bounded, first, count, threads, progress)

    def match(self, seed: int, values: list[float]) -> Match:
        """The :class:`Match` of a seed the core found, its values typed by property."""
        return Match(seed, dict(zip(self.report, map(_typed, self.report, values), strict=True)))

    def merge(self, seeds: range, parts: Iterable[tuple[int, int, RawPart]]) -> SearchResult:
        """One result from the scans of consecutive sub-ranges ``(first, count, raw)`` that
        tile ``seeds`` from its start, in order (an iterator is consumed only as far as
        needed); the same whatever the cut, because a part is trusted only as far as it
        examined. Raises :class:`~mahjongkit.solitaire.engine.DealError` at a failed deal."""
        matches: list[Match] = []
        examined = 0

        def result(interrupted: bool = False, limit_reached: bool = False) -> SearchResult:
            return SearchResult(
                self.layout.name,
                self.condition.text,
                seeds,
                tuple(matches),
                examined,
                interrupted,
                limit_reached,
            )

        if self.limit == 0:
            return result(limit_reached=True)
        for first, count, (found, part_examined, interrupted, _, failed) in parts:
            if first != seeds.start + examined:
                raise ValueError("the parts of a search must tile the range in order")
            for seed, values in found:
                matches.append(self.match(seed, values))
                if len(matches) == self.scan_limit:
                    if self.limit < 0:
                        raise SearchTooLarge(
                            f"more than {MAX_MATCHES:,} boards of seeds {seeds.start}:"
                            f"{seeds.stop} match {self.condition.text!r}: give a limit (at "
                            f"most {MAX_MATCHES:,}) or a narrower condition"
                        )
                    examined = seed - seeds.start + 1
                    return result(limit_reached=True)
            if failed is not None:
                raise engine.DealError(
                    f"could not deal layout {self.layout.name!r} with seed {failed}: every one "
                    f"of the {self.max_trials} trials of the reverse deal was left with fewer "
                    "than two free slots"
                )
            examined += part_examined
            if interrupted or part_examined < count:
                return result(interrupted=True)
        return result()


def portable_layout(layout: Layout) -> tuple[str, tuple[Slot, ...], str]:
    """What rebuilds ``layout`` elsewhere (see :func:`layout_from`), without its caches."""
    return layout.name, layout.slots, layout.description


@cache
def layout_from(name: str, slots: tuple[Slot, ...], description: str) -> Layout:
    """The layout of :func:`portable_layout` (built once per process)."""
    return Layout(name, slots, description)


def _job(
    name: str,
    slots: tuple[Slot, ...],
    description: str,
    condition: Condition,
    report: tuple[str, ...],
    limit: int,
    playouts: int,
    solver_budget: int,
    max_trials: int,
) -> SearchJob:
    layout = layout_from(name, slots, description)
    return SearchJob(layout, condition, report, limit, playouts, solver_budget, max_trials)


def _typed(name: str, value: float) -> int | float:
    return properties.typed(name, value)


def segments(seeds: range, size: int = _SEGMENT) -> Iterator[tuple[int, int]]:
    """``(first, count)`` pieces of at most ``size`` seeds that tile ``seeds`` in order.

    >>> list(segments(range(0, 10), 4))
    [(0, 4), (4, 4), (8, 2)]
    """
    for first in range(seeds.start, seeds.stop, size):
        yield first, min(size, seeds.stop - first)


def search(
    layout: Layout | str,
    seeds: range | str,
    where: str | Condition,
    limit: int | None = None,
    *,
    threads: int | None = None,
    impl: str | None = None,
    progress: Progress | None = None,
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """The seeds of ``seeds`` whose boards satisfy ``where`` (at most ``limit``, smallest first).

    ``options`` are those of :class:`SearchOptions` (``report``, ``playouts``,
    ``solver_budget``, ``max_trials``), with the defaults of :meth:`SearchJob.make`.

    ``where`` is a :class:`~mahjongkit.solitaire.condition.Condition` or its text; each match
    carries the properties the condition reads plus those named in ``report``. ``threads``
    defaults to every core (the reference, ``impl="python"``, runs on one).

    >>> result = search("tea house", "0:50", "difficulty == 0 and stacked_pairs > 0")
    >>> [(m.seed, m.properties) for m in result.matches]
    [(11, {'difficulty': 0.0, 'stacked_pairs': 1}), (14, {...}), (44, {...})]
    >>> search("turtle", "0:50", "free_pairs >= 8 and difficulty < 0.3 and hardness > 1")
    Traceback (most recent call last):
    mahjongkit.solitaire.condition.ConditionError: unknown property 'hardness', in "hardness" ...
    """
    job = SearchJob.make(layout, where, limit, **options)
    return run_search(job, seeds, threads=threads, impl=impl, progress=progress)


def run_search(
    job: SearchJob,
    seeds: range | str,
    *,
    threads: int | None = None,
    impl: str | None = None,
    progress: Progress | None = None,
) -> SearchResult:
    """:func:`search` with its options already checked and held in ``job``.

    >>> job = SearchJob.make("turtle", "free_pairs >= 24", limit=3)
    >>> [m.seed for m in run_search(job, range(0, 300)).matches]
    [93, 258, 266]
    """
    seed_range = resolve_seeds(seeds)
    thread_count = resolve_threads(threads)

    def parts() -> Iterator[tuple[int, int, RawPart]]:
        done = 0
        for first, count in segments(seed_range):
            reporter = None if progress is None else offset_progress(progress, done)
            # Each part gets the whole limit: merge() keeps the smallest seeds over all parts.
            yield (
                first,
                count,
                job.scan(first, count, threads=thread_count, impl=impl, progress=reporter),
            )
            done += count

    return job.merge(seed_range, parts())


def offset_progress(progress: Progress, done: int) -> Progress:
    """``progress`` told ``done`` more than a later part of a scan says."""
    return lambda examined: progress(done + examined)
