"""Solitaire core throughput: Turtle deals and free-set evaluations, C++ vs the reference.

Run: ``python benchmarks/bench_solitaire_core.py [--quick]``. Everything is measured in one
run, so the ratios compare like with like on a shared, noisy machine; each figure is the
median of several repeats. Rates are given per second of this process's CPU time (what one
core does while it runs us: robust when other jobs share the machine) and per second of
wall time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from mahjongkit.solitaire import core_geometry, deal, free_slots, get_layout


def rate(work: Callable[[], int], repeats: int) -> tuple[float, float]:
    """Median operations per CPU second and per wall second of ``work`` (returns its count)."""
    cpu_rates, wall_rates = [], []
    for _ in range(repeats):
        cpu, wall = time.process_time(), time.perf_counter()
        count = work()
        cpu_rates.append(count / (time.process_time() - cpu))
        wall_rates.append(count / (time.perf_counter() - wall))
    return statistics.median(cpu_rates), statistics.median(wall_rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    args = parser.parse_args()
    scale = 1 if args.quick else 5
    repeats = 5

    turtle = get_layout("turtle")
    geometry = core_geometry(turtle)
    everything = list(range(turtle.size))
    half = everything[::2]

    def core_batch() -> int:
        count = 40_000 * scale
        _, failures = geometry.deal_faces(0, count, 1000)
        assert failures == 0
        return count

    def cpp_api() -> int:
        count = 4_000 * scale
        for seed in range(count):
            deal(turtle, seed, impl="cpp")
        return count

    def python_api() -> int:
        count = 60 * scale
        for seed in range(count):
            deal(turtle, seed, impl="python")
        return count

    def core_free() -> int:
        count = 2_000_000 * scale
        geometry.count_free_repeatedly(everything, count)
        return count

    def cpp_free_api() -> int:
        count = 20_000 * scale
        for i in range(count):
            free_slots(turtle, half if i & 1 else everything, impl="cpp")
        return count

    def python_free_api() -> int:
        count = 2_000 * scale
        for i in range(count):
            free_slots(turtle, half if i & 1 else everything, impl="python")
        return count

    rows = [
        ("Turtle boards/s, C++ core batch (deal_faces)", core_batch),
        ("Turtle boards/s, deal(impl='cpp') -> Board", cpp_api),
        ("Turtle boards/s, deal(impl='python') -> Board", python_api),
        ("free sets/s, C++ core (144 present)", core_free),
        ("free sets/s, free_slots(impl='cpp')", cpp_free_api),
        ("free sets/s, free_slots(impl='python')", python_free_api),
    ]
    results = {}
    print(f"{'measure (median of 5)':<48} {'per CPU s':>12} {'per wall s':>12}")
    for label, work in rows:
        per_cpu, per_wall = rate(work, repeats)
        results[label] = per_cpu
        print(f"{label:<48} {per_cpu:>12,.0f} {per_wall:>12,.0f}")
    boards = [results[label] for label, _ in rows[:3]]
    frees = [results[label] for label, _ in rows[3:]]
    print("\nratios of the per-CPU-second rates:")
    print(f"boards: C++ batch / Python reference = {boards[0] / boards[2]:,.0f}x")
    print(f"boards: deal(cpp) / deal(python)     = {boards[1] / boards[2]:,.0f}x")
    print(f"free sets: C++ core / Python         = {frees[0] / frees[2]:,.0f}x")
    print(f"free sets: free_slots cpp / python   = {frees[1] / frees[2]:,.0f}x")


if __name__ == "__main__":
    main()
