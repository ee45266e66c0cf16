"""The solver on reverse-dealt boards of every layout and on uniformly random Turtle deals.

Usage (one core; the uniform run takes a while, so start it in the background)::

    python benchmarks/bench_solver.py reverse --boards 1000
    python benchmarks/bench_solver.py uniform --deals 20000 --out uniform.jsonl
    python benchmarks/bench_solver.py settle --settle 60 --out uniform.jsonl
    python benchmarks/bench_solver.py reference --boards 30

*reverse*: every layout, seeds 0..boards-1 (the deal of ``mahjongkit.solitaire.deal``): how
many are decided within the budget (all must be solvable), median / p99 / max time.

*uniform*: deal ``i`` puts the 144 tiles of the full set (four of each standard face, one of
each bonus tile) on the Turtle in the order of a Fisher-Yates shuffle on ``Rng(i, stream
0x756E69)``, with no construction at all. Each deal gets the 1 s budget; deals undecided after
it get a second, longer look (``--settle`` seconds) so that the unsolvable fraction is exact.
One JSON line per deal goes to ``--out`` as it is decided (a partial run stays useful). The
fraction comes with its Wilson 95 % interval.

*settle*: give every deal of ``--out`` still "unknown" a longer budget (the answers go to
``<out>.settled.jsonl``; a deal still unknown there is tried again with a larger budget),
then print the summary with them.

*reference*: the C++ core and the Python reference on the same small boards, as a ratio.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from mahjongkit.solitaire import deal, get_layout, layouts
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.solver import Verdict, solve

UNIFORM_STREAM = 0x756E69


def full_set() -> list[int]:
    """The 144 tiles: kinds 1-34 four times each, then the eight bonus tiles once."""
    return [kind for kind in range(1, 35) for _ in range(4)] + list(range(35, 43))


def uniform_deal(index: int) -> list[int]:
    faces = full_set()
    Rng(index, UNIFORM_STREAM).shuffle(faces)
    return faces


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run_reverse(boards: int, budget: float) -> None:
    print(f"reverse-dealt boards, seeds 0..{boards - 1}, budget {budget} s")
    print("layout        boards  decided  median ms  p99 ms  max ms")
    for layout in layouts():
        times = []
        decided = 0
        for seed in range(boards):
            board = deal(layout, seed)
            result = solve(layout, board.faces, max_seconds=budget, max_nodes=0)
            times.append(result.seconds)
            if result.verdict is Verdict.SOLVABLE:
                decided += 1
            elif result.verdict is Verdict.UNSOLVABLE:
                sys.exit(f"BUG: {layout.name} seed {seed} is reverse-dealt but called unsolvable")
        print(
            f"{layout.name:12}  {boards:6}  {decided:7}  {1000 * statistics.median(times):9.3f}"
            f"  {1000 * percentile(times, 0.99):6.2f}  {1000 * max(times):6.1f}"
        )


def run_uniform(deals: int, budget: float, settle: float, out: Path, start: int) -> None:
    turtle = get_layout("turtle")
    records = []
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            record = json.loads(line)
            records.append(record)
            done.add(record["deal"])
    with out.open("a") as sink:
        for index in range(start, start + deals):
            if index in done:
                continue
            faces = uniform_deal(index)
            first = solve(turtle, faces, max_seconds=budget, max_nodes=0)
            record = {
                "deal": index,
                "verdict": first.verdict.value,
                "seconds": first.seconds,
                "nodes": first.nodes,
            }
            if first.verdict is Verdict.UNKNOWN and settle > 0:
                second = solve(turtle, faces, max_seconds=settle, max_nodes=0)
                record["settled"] = second.verdict.value
                record["settle_seconds"] = second.seconds
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            records.append(record)
    summarise(records, budget)


def run_settle(out: Path, settle: float) -> None:
    turtle = get_layout("turtle")
    records = [json.loads(line) for line in out.read_text().splitlines()]
    settled_path = out.with_suffix(".settled.jsonl")
    settled: dict[int, dict[str, object]] = {}
    if settled_path.exists():
        for line in settled_path.read_text().splitlines():
            record = json.loads(line)
            settled[record["deal"]] = record
    with settled_path.open("a") as sink:
        for record in records:
            if record["verdict"] != "unknown":
                continue
            earlier = settled.get(record["deal"])
            if earlier is not None and (
                earlier["verdict"] != "unknown" or float(str(earlier["budget"])) >= settle
            ):
                continue
            result = solve(turtle, uniform_deal(record["deal"]), max_seconds=settle, max_nodes=0)
            answer = {
                "deal": record["deal"],
                "verdict": result.verdict.value,
                "seconds": result.seconds,
                "budget": settle,
            }
            print(json.dumps(answer), flush=True)
            sink.write(json.dumps(answer) + "\n")
            sink.flush()
            settled[record["deal"]] = answer
    for record in records:
        if record["deal"] in settled:
            record["settled"] = settled[record["deal"]]["verdict"]
    summarise(records, 1.0)


def summarise(records: list[dict[str, object]], budget: float) -> None:
    n = len(records)
    times = [float(str(r["seconds"])) for r in records]
    within = sum(1 for r in records if r["verdict"] != "unknown")
    final = [str(r.get("settled", r["verdict"])) for r in records]
    unsolvable = final.count("unsolvable")
    unknown = final.count("unknown")
    low, high = wilson(unsolvable, n)
    print(f"uniform Turtle deals: {n}")
    print(f"decided within {budget} s: {within} ({100 * within / n:.3f} %)")
    print(
        f"time with the {budget} s budget: median {1000 * statistics.median(times):.2f} ms, "
        f"p99 {1000 * percentile(times, 0.99):.1f} ms, max {1000 * max(times):.0f} ms"
    )
    print(
        f"unsolvable: {unsolvable} = {100 * unsolvable / n:.3f} % "
        f"(Wilson 95 % CI {100 * low:.3f} - {100 * high:.3f} %); still unknown: {unknown}"
    )
    if unknown:
        low, _ = wilson(unsolvable, n)
        _, high = wilson(unsolvable + unknown, n)
        print(
            f"counting every unknown deal either way: {100 * low:.3f} - {100 * high:.3f} % (95 %)"
        )
    for verdict in ("solvable", "unsolvable"):
        chosen = [float(str(r["seconds"])) for r in records if r["verdict"] == verdict]
        if chosen:
            print(
                f"  {verdict} within the budget: {len(chosen)}, median "
                f"{1000 * statistics.median(chosen):.2f} ms, p99 "
                f"{1000 * percentile(chosen, 0.99):.1f} ms"
            )


def run_reference(boards: int) -> None:
    for name in ("tea house", "fortress"):
        layout = get_layout(name)
        solve(layout, deal(layout, 0).faces)  # warm up: the first call loads and caches
        totals = {"cpp": 0.0, "python": 0.0}
        for seed in range(boards):
            board = deal(layout, seed)
            for impl in totals:
                begin = time.process_time()
                result = solve(layout, board.faces, impl=impl, max_seconds=60)
                totals[impl] += time.process_time() - begin
                assert result.verdict is Verdict.SOLVABLE, (seed, impl, result)
        ratio = totals["python"] / totals["cpp"]
        print(
            f"{layout.name}, {boards} reverse-dealt boards, CPU per board including the call: "
            f"C++ {1000 * totals['cpp'] / boards:.3f} ms, Python reference "
            f"{1000 * totals['python'] / boards:.2f} ms (ratio {ratio:.0f}x)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    reverse = sub.add_parser("reverse")
    reverse.add_argument("--boards", type=int, default=200)
    reverse.add_argument("--budget", type=float, default=1.0)
    uniform = sub.add_parser("uniform")
    uniform.add_argument("--deals", type=int, default=1000)
    uniform.add_argument("--start", type=int, default=0)
    uniform.add_argument("--budget", type=float, default=1.0)
    uniform.add_argument("--settle", type=float, default=60.0)
    uniform.add_argument("--out", type=Path, default=Path("uniform.jsonl"))
    settle = sub.add_parser("settle")
    settle.add_argument("--settle", type=float, default=60.0)
    settle.add_argument("--out", type=Path, default=Path("uniform.jsonl"))
    reference = sub.add_parser("reference")
    reference.add_argument("--boards", type=int, default=200)
    args = parser.parse_args()
    if args.what == "reverse":
        run_reverse(args.boards, args.budget)
    elif args.what == "uniform":
        run_uniform(args.deals, args.budget, args.settle, args.out, args.start)
    elif args.what == "settle":
        run_settle(args.out, args.settle)
    else:
        run_reference(args.boards)


if __name__ == "__main__":
    main()
