"""The solver on the big KMahjongg layouts, a baseline commit's core and this checkout's side
by side (issue 36: 99 % of uniform deals decided within 1 s on every layout over 144 slots).

Usage::

    python -m benchmarks.bench_solver_sides --layouts DIR --baseline main [--deals 200]
        [--only cross tower] [--budget 1.0] [--this-limits Q P R] [--baseline-limits Q P R]
    python -m benchmarks.bench_solver_sides --builtin turtle --deals 2000
    python -m benchmarks.bench_solver_sides --layouts DIR --nodes 1500 [--deals 20]

Each side's ``cpp/core`` (the baseline's from ``git archive``, this checkout's as it is) is
compiled with ``solver_sides/harness.cpp`` by ``$CXX`` (default ``c++``) at ``-O2`` into
``build/bench/sides/``. Deal ``i`` of a layout is that of ``bench_layouts.py solver`` (the
layout's tiles shuffled onto its slots by ``Rng(i, 0x756E69)``); both sides run the same deals
at the same time, as two processes, with the fast rule (``rule_limits``: ``FAST_MANY_SETS`` on
the layouts over 144 slots, which all have two sets), or for either side the
``(quick_games, playouts, playouts_per_restart)`` given to it. ``--builtin`` runs built-in
layouts of any size instead (the one-set path: the Turtle must not get slower); CPU
seconds of the solving thread, an undecided deal counting the budget. Prints, per layout and
side, how many deals each decides within the budget, the solvable and unsolvable counts, the
median, p90 and max, and the verdicts both sides give to a deal both decide (they must agree).

``--nodes N`` checks that a change is only faster: each deal gets N search nodes and no time
limit, so both cores run the same search unless they differ in what they compute; it reports
the deals whose verdict, node count or solution differ (none, for a change that only makes a
node cheaper), and the CPU of each side.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
from pathlib import Path

from benchmarks.bench_layouts import uniform_faces

from mahjongkit.solitaire import Layout, get_layout
from mahjongkit.solitaire.solver import FAST, groups_of, rule_limits

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "bench" / "sides"
HARNESS = Path(__file__).resolve().parent / "solver_sides" / "harness.cpp"
SOURCES = ("geometry.cpp", "solve.cpp")


def compile_side(name: str, core: Path) -> Path:
    binary = BUILD / "bin" / name
    binary.parent.mkdir(parents=True, exist_ok=True)
    sources = [str(core / "core" / "solitaire" / source) for source in SOURCES]
    compiler = os.environ.get("CXX", "c++")
    command = [compiler, "-O2", "-std=c++17", f"-I{core}", "-o", str(binary), str(HARNESS)]
    subprocess.run([*command, *sources], check=True)
    return binary


def baseline_core(revision: str) -> Path:
    target = BUILD / "baseline"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "cpp/core"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target / "cpp"


def write_deals(layout: Layout, deals: int, path: Path) -> None:
    lines = [f"{layout.size} {deals}", " ".join(f"{x} {y} {z}" for x, y, z in layout.slots)]
    for index in range(deals):
        lines.append(" ".join(map(str, groups_of(layout, uniform_faces(layout, index)))))
    path.write_text("\n".join(lines) + "\n")


def summary(rows: list[tuple[int, int, float]], budget: float) -> str:
    times = sorted(min(seconds, budget) if status != 2 else budget for _, status, seconds in rows)
    decided = sum(status != 2 for _, status, _ in rows)
    solvable = sum(status == 1 for _, status, _ in rows)
    p90, p99 = (times[int(share * len(times))] for share in (0.9, 0.99))
    return (
        f"{decided:4}/{len(rows)} decided ({100 * decided / len(rows):5.1f} %), "
        f"{solvable} solvable, {decided - solvable} unsolvable, median "
        f"{1000 * statistics.median(times):7.2f} ms, p90 {1000 * p90:7.1f} ms, p99 "
        f"{1000 * p99:7.1f} ms, max {1000 * times[-1]:7.1f} ms, CPU {sum(times):6.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layouts", type=Path, help="a folder of KMahjongg .layout files")
    parser.add_argument("--builtin", nargs="*", default=[], help="built-in layouts to run")
    parser.add_argument("--baseline", default="main")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--only", nargs="*", help="only the layouts of these names")
    parser.add_argument(
        "--nodes", type=int, default=0, help="a node budget a deal and no time limit: same search?"
    )
    for side in ("this", "baseline"):
        parser.add_argument(
            f"--{side}-limits",
            type=int,
            nargs=3,
            metavar=("QUICK", "PLAYOUTS", "PER_RESTART"),
            help=f"the core's limits on {side}'s side (default: the fast rule's)",
        )
    args = parser.parse_args()
    if args.nodes < 0:
        parser.error(
            f"--nodes must be 0 (a time budget) or a positive node budget, not {args.nodes}"
        )
    BUILD.mkdir(parents=True, exist_ok=True)
    sides = {
        "baseline": compile_side("baseline", baseline_core(args.baseline)),
        "this": compile_side("this", ROOT / "cpp"),
    }
    found = (
        [Layout.from_file(path) for path in sorted(args.layouts.glob("*.layout"))]
        if args.layouts
        else []
    )
    chosen = [layout for layout in found if layout.size > 144]
    if args.only:
        chosen = [layout for layout in chosen if layout.name in args.only]
    chosen += [get_layout(name) for name in args.builtin]
    load = Path("/proc/loadavg").read_text().split()[:3]
    print(f"load {load}; {args.deals} deals, {args.budget} s")
    for layout in sorted(chosen, key=lambda layout: (-layout.size, layout.name)):
        deals = BUILD / f"{layout.name}.deals"
        write_deals(layout, args.deals, deals)
        rule = rule_limits(FAST, groups_of(layout, uniform_faces(layout, 0)))
        limits = {
            "baseline": args.baseline_limits or list(rule),
            "this": args.this_limits or list(rule),
        }
        print(f"{layout.name:10} limits {limits}")
        budget = 0.0 if args.nodes else args.budget
        command = [str(deals), "0", str(args.deals), str(budget)]
        running = {
            side: subprocess.Popen(
                [str(binary), *command, *map(str, limits[side]), str(args.nodes)],
                stdout=subprocess.PIPE,
                text=True,
            )
            for side, binary in sides.items()
        }
        lines = {
            side: process.communicate()[0].split("\n")[:-1] for side, process in running.items()
        }
        if args.nodes:
            differ = [
                a.split()[0]
                for a, b in zip(lines["baseline"], lines["this"], strict=True)
                if a.split()[1:2] + a.split()[3:] != b.split()[1:2] + b.split()[3:]
            ]
            cpu = {side: sum(float(line.split()[2]) for line in lines[side]) for side in sides}
            print(
                f"{layout.name:10} {args.deals} deals at {args.nodes} nodes: verdict, nodes or "
                f"solution differ on {len(differ)} {differ}; CPU baseline {cpu['baseline']:.2f} s, "
                f"this {cpu['this']:.2f} s ({cpu['this'] / cpu['baseline']:.2f}x)",
                flush=True,
            )
            continue
        rows = {
            side: [
                (int(i), int(status), float(seconds))
                for i, status, seconds, *_ in map(str.split, got)
            ]
            for side, got in lines.items()
        }
        both = [
            (a[1], b[1])
            for a, b in zip(rows["baseline"], rows["this"], strict=True)
            if 2 not in (a[1], b[1])
        ]
        disagree = sum(a != b for a, b in both)
        for side in sides:
            print(f"{layout.name:10} {layout.size:4} {side:8} {summary(rows[side], args.budget)}")
        print(
            f"{layout.name:10} verdicts of deals both decide: {len(both)}, disagreeing {disagree}"
        )
        print(f"load {Path('/proc/loadavg').read_text().split()[:3]}", flush=True)


if __name__ == "__main__":
    main()
