"""Layouts of any size: the Turtle's deal speed against the installed baseline, the cost of
wider occupancy, and the solver on the largest imported layouts.

Usage::

    python benchmarks/bench_layouts.py turtle [--rounds 7]
    python benchmarks/bench_layouts.py solver --layouts DIR [--deals 1000] [--largest 5]

*turtle*: Turtle boards per CPU second of the core's batch deal (``deal_faces``), measured in
worker processes that alternate, round after round, between the copy of mahjongkit installed
in site-packages (the baseline: main before this change) and this checkout's
(``python/``); the ratio is the median of the per-round ratios. Then, in this process, the
same rate with the occupancy forced to 3, 4 and 9 words (``Geometry(slots, words=...)``), on
the Turtle and on a 228-slot layout: what a fixed word count would cost.

*solver*: the ``--largest`` layouts of the KMahjongg ``.layout`` files in ``DIR`` (KDE's
kmahjongg repository, folder ``layouts/``; not shipped with this package), ``--deals`` uniform
deals each: deal ``i`` is the layout's tiles (the pairs a deal of that size draws, decision 4)
shuffled onto its slots by ``Rng(i, 0x756E69)``, with no construction. How many the solver
decides within the budget (CPU seconds), and the median time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mahjongkit.solitaire import Layout, get_layout
from mahjongkit.solitaire._ref.deal import draw_pairs
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.solver import Verdict, solve

UNIFORM_STREAM = 0x756E69
ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import time, statistics
from mahjongkit.solitaire import core_geometry, get_layout
geometry = core_geometry(get_layout("turtle"))
rates = []
for repeat in range(3):
    cpu = time.process_time()
    _, failures = geometry.deal_faces(repeat * 40000, 40000, 1000)
    assert failures == 0
    rates.append(40000 / (time.process_time() - cpu))
print(statistics.median(rates))
"""


def worker_rate(current: bool) -> float:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if current:
        env["PYTHONPATH"] = str(ROOT / "python")
    out = subprocess.run(
        [sys.executable, "-c", WORKER], env=env, cwd="/", capture_output=True, text=True, check=True
    )
    return float(out.stdout)


def deal_rate(slots: list[tuple[int, int, int]], words: int, boards: int) -> float:
    from mahjongkit._core import solitaire as core

    geometry = core.Geometry(slots, words)
    rates = []
    for repeat in range(3):
        cpu = time.process_time()
        _, failures = geometry.deal_faces(repeat * boards, boards, 1000)
        assert failures == 0
        rates.append(boards / (time.process_time() - cpu))
    return statistics.median(rates)


def pyramid_228() -> Layout:
    """A 228-slot layout of our own: 12 x 10, 10 x 8, 6 x 4 and 2 x 2 tiles, centred."""
    slots = []
    for z, (columns, rows) in enumerate(((12, 10), (10, 8), (6, 4), (2, 2))):
        left, top = 12 - columns, 10 - rows
        slots += [(left + 2 * c, top + 2 * r, z) for r in range(rows) for c in range(columns)]
    return Layout.from_slots(slots, name="Pyramid 228")


def run_turtle(rounds: int) -> None:
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    ratios, baseline, current = [], [], []
    for _ in range(rounds):
        b = worker_rate(current=False)
        c = worker_rate(current=True)
        baseline.append(b)
        current.append(c)
        ratios.append(c / b)
        print(f"  baseline {b:,.0f}  this checkout {c:,.0f}  ratio {c / b:.3f}", flush=True)
    print(
        f"Turtle boards/CPU-s: baseline median {statistics.median(baseline):,.0f}, this checkout "
        f"{statistics.median(current):,.0f}; median ratio {statistics.median(ratios):.3f}"
    )
    turtle = list(get_layout("turtle").slots)
    big = list(pyramid_228().slots)
    for name, slots, choices in (("Turtle", turtle, (3, 4, 9)), ("228 slots", big, (4, 9))):
        rates = {words: deal_rate(slots, words, 20000) for words in choices}
        first = rates[choices[0]]
        shown = ", ".join(f"{w} words {r:,.0f} ({r / first:.2f}x)" for w, r in rates.items())
        print(f"{name} boards/CPU-s: {shown}")
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")


def uniform_faces(layout: Layout, index: int) -> list[int]:
    rng = Rng(index, UNIFORM_STREAM)
    faces = [face for pair in draw_pairs(layout.size, rng) for face in pair]
    rng.shuffle(faces)
    return faces


def run_solver(
    folder: Path, deals: int, largest: int, budget: float, names: list[str] | None
) -> None:
    found = [Layout.from_file(path) for path in sorted(folder.glob("*.layout"))]
    chosen = sorted(found, key=lambda layout: (-layout.size, layout.name))[:largest]
    if names:
        chosen = [layout for layout in chosen if layout.name in names]
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}; {deals} deals, {budget} s")
    print("layout      slots sets  decided  solvable  unsolvable  median ms  p90 ms  max ms")
    for layout in chosen:
        times, verdicts = [], []
        for index in range(deals):
            result = solve(layout, uniform_faces(layout, index), max_seconds=budget, max_nodes=0)
            times.append(result.seconds * 1000)
            verdicts.append(result.verdict)
        solvable = verdicts.count(Verdict.SOLVABLE)
        unsolvable = verdicts.count(Verdict.UNSOLVABLE)
        p90 = sorted(times)[int(0.9 * len(times))]
        print(
            f"{layout.name:10} {layout.size:6} {layout.sets:4} {solvable + unsolvable:8} "
            f"{solvable:9} {unsolvable:11} {statistics.median(times):10.2f} {p90:7.1f} "
            f"{max(times):7.1f}",
            flush=True,
        )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    turtle = sub.add_parser("turtle")
    turtle.add_argument("--rounds", type=int, default=7)
    solver = sub.add_parser("solver")
    solver.add_argument("--layouts", type=Path, required=True)
    solver.add_argument("--deals", type=int, default=1000)
    solver.add_argument("--largest", type=int, default=5)
    solver.add_argument("--budget", type=float, default=1.0)
    solver.add_argument("--only", nargs="*", help="of those, only the layouts of these names")
    args = parser.parse_args()
    if args.command == "turtle":
        run_turtle(args.rounds)
    else:
        run_solver(args.layouts, args.deals, args.largest, args.budget, args.only)


if __name__ == "__main__":
    main()
