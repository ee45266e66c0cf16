"""Solitaire at scale: batch boards/s and search seeds/s, C++ on 1 and 2 threads vs the reference.

Run: ``python benchmarks/bench_scale.py [--quick]``. Prints a Markdown table for
``benchmarks/README.md``, with the load average before and after (the machine is shared:
measure when it is quiet, and compare ratios taken within one run). Every figure is the
median of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from mahjongkit.solitaire import Layout, get_layout
from mahjongkit.solitaire.batch import batch
from mahjongkit.solitaire.search import search

CHEAP = "free_pairs >= 20"
PLAYOUTS = "free_pairs >= 16 and difficulty <= 0.3"
SOLVER = "solver_nodes > 1000"


CPU: dict[int, list[tuple[float, float]]] = {}
"""Per batch run, by thread count: (items per CPU-second, CPU seconds per wall second)."""


def median_rate(work: Callable[[], object], items: int, repeat: int, threads: int = 0) -> float:
    """Items per wall-clock second, the median over ``repeat`` runs. With ``threads``, also
    records items per CPU-second and the cores the process got (CPU time / wall time): on a
    busy machine the second thread may get no core of its own, and these tell that apart
    from threads that get in each other's way."""
    rates = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        work()
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        rates.append(items / wall)
        if threads:
            CPU.setdefault(threads, []).append((items / used, used / wall))
    return statistics.median(rates)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (1 min) / {five:.2f} (5 min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layout", default="turtle")
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--scaling",
        action="store_true",
        help="only 1 vs 2 threads, repeated until the process gets about two cores",
    )
    args = parser.parse_args()
    layout = get_layout(args.layout)
    if args.scaling:
        scaling(layout)
        return
    scale = 1 if args.quick else 4
    rows: list[tuple[str, str, float, float, float, float]] = []
    print(f"load average before: {load()}; cores: {os.cpu_count()}")

    # The reference runs a small prefix of each workload; the ratio compares the C++ core on
    # exactly those seeds, since board costs vary (the solver's most of all).
    boards = 50_000 * scale
    batch(layout, range(1000))  # warm up: geometry, page faults
    one = median_rate(lambda: batch(layout, range(boards), threads=1), boards, args.repeat, 1)
    two = median_rate(lambda: batch(layout, range(boards), threads=2), boards, args.repeat, 2)
    few = 200 * scale
    reference = median_rate(lambda: batch(layout, range(few), impl="python"), few, 3)
    same = median_rate(lambda: batch(layout, range(few), threads=1), few, 9)
    rows.append(("batch", "boards/s", one, two, reference, same))

    for name, where, seeds in (
        ("search, cheap", CHEAP, 50_000 * scale),
        ("search, playouts", PLAYOUTS, 2_000 * scale),
        ("search, solver", SOLVER, 500 * scale),
    ):
        one = median_rate(
            lambda w=where, n=seeds: search(layout, range(n), w, threads=1), seeds, args.repeat
        )
        two = median_rate(
            lambda w=where, n=seeds: search(layout, range(n), w, threads=2), seeds, args.repeat
        )
        few = max(20, seeds // 100)
        reference = median_rate(
            lambda w=where, n=few: search(layout, range(n), w, impl="python"), few, 1
        )
        same = median_rate(lambda w=where, n=few: search(layout, range(n), w, threads=1), few, 5)
        rows.append((f"{name}: `{where}`", "seeds/s", one, two, reference, same))

    print(f"load average after: {load()}")
    for threads, runs in sorted(CPU.items()):
        per_cpu = statistics.median(rate for rate, _ in runs)
        cores = statistics.median(share for _, share in runs)
        print(
            f"batch, {threads} thread(s): {per_cpu:,.0f} boards per CPU-second, {cores:.2f} cores"
        )
    print()
    print("| job | unit | C++ 1 thread | C++ 2 threads | 2 / 1 | reference | C++ / reference |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for job, unit, one, two, reference, same in rows:
        print(
            f"| {job} | {unit} | {one:,.0f} | {two:,.0f} | {two / one:.2f}x | "
            f"{reference:,.1f} | {same / reference:,.0f}x |"
        )


def scaling(layout: Layout, patience: float = 600.0) -> None:
    """On a shared machine a second thread may get no core: time each 1-vs-2-thread pair
    with the cores the process obtained, until a pair ran on one and then two full cores."""
    jobs: dict[str, tuple[Callable[[int], object], int]] = {
        "batch": (lambda t: batch(layout, range(200_000), threads=t), 200_000),
        "search, cheap": (lambda t: search(layout, range(150_000), CHEAP, threads=t), 150_000),
        "search, playouts": (lambda t: search(layout, range(8_000), PLAYOUTS, threads=t), 8_000),
        "search, solver": (lambda t: search(layout, range(600), SOLVER, threads=t), 600),
    }
    pending = dict(jobs)
    end = time.monotonic() + patience
    while pending and time.monotonic() < end:
        for name, (work, items) in list(pending.items()):
            runs = {}
            for threads in (1, 2):
                start, cpu = time.perf_counter(), time.process_time()
                work(threads)
                wall = time.perf_counter() - start
                runs[threads] = (items / wall, (time.process_time() - cpu) / wall)
            (one, cores_one), (two, cores_two) = runs[1], runs[2]
            quiet = cores_one > 0.95 and cores_two > 1.85
            print(
                f"{time.strftime('%H:%M:%S')} {name}: {one:,.0f}/s ({cores_one:.2f} cores), "
                f"{two:,.0f}/s ({cores_two:.2f} cores), 2 / 1 = {two / one:.2f}"
                + ("  <- quiet" if quiet else ""),
                flush=True,
            )
            if quiet:
                del pending[name]
    if pending:
        print("no quiet moment for: " + ", ".join(pending))


if __name__ == "__main__":
    main()
