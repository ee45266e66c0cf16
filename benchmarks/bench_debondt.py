"""Our solver and a plain port of de Bondt's 2007 algorithm, side by side on uniform Turtle deals.

Usage (from the repository root; one core each in turn, so run it under ``nice``)::

    python -m benchmarks.bench_debondt --layout "standard turtle" --deals 2000
    python -m benchmarks.bench_debondt --layout turtle --deals 20000 --out turtle.jsonl
    python -m benchmarks.bench_debondt --layout "standard turtle" --deals 100000 --ours-only

The port (``benchmarks/debondt/debondt.cpp``, our own code from the published description) is
compiled here with ``$CXX`` (default ``c++``) at ``-O2`` into ``build/bench/``; it is not part of
the package. Deal ``i`` is ``bench_solver.uniform_deal(i)``: the 144 tiles of the full set
shuffled onto the slots by ``Rng(i, 0x756E69)``, no construction; flowers and seasons are one
match group of four each (decision 3), in both solvers. The deals go through in chunks: a chunk
through our solver (the C++ core by the public ``solve``: its default fast rule, ``max_nodes=0``),
then the same chunk through the port, so both see the same machine load; each reports CPU
seconds of its solving thread, capped by the budget (``--budget``, default 1 s; an undecided
deal counts the budget).
Printed: per solver median, p90, p99 and max CPU per deal, the undecided count, the unsolvable
fraction (Wilson 95 % interval), and every deal the two decide differently (there must be none).
``--out`` keeps one JSON line a deal; a rerun with the same file skips deals already there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.bench_solver import percentile, uniform_deal, wilson

from mahjongkit.solitaire import get_layout
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.solver import groups_of, solve

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "benchmarks" / "debondt" / "debondt.cpp"
BINARY = ROOT / "build" / "bench" / "debondt"
VERDICTS = {0: "unsolvable", 1: "solvable", 2: "unknown"}


def compile_port() -> Path:
    if not BINARY.exists() or BINARY.stat().st_mtime < SOURCE.stat().st_mtime:
        BINARY.parent.mkdir(parents=True, exist_ok=True)
        compiler = os.environ.get("CXX", "c++")
        command = [compiler, "-O2", "-std=c++17", "-o", str(BINARY), str(SOURCE)]
        subprocess.run(command, check=True)
    return BINARY


class Port:
    """The port as a long-running process: one deal a line in, one answer a line out."""

    def __init__(self, layout: Layout, budget: float) -> None:
        self.process = subprocess.Popen(
            [str(compile_port()), str(budget)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdin is not None
        header = [str(layout.size)] + [f"{x} {y} {z}" for x, y, z in layout.slots]
        self.process.stdin.write("\n".join(header) + "\n")

    def solve(self, index: int, groups: list[int]) -> tuple[str, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{index} {' '.join(map(str, groups))}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if not answer or int(answer[0]) != index:
            raise SystemExit(f"the port gave no answer for deal {index}: {answer}")
        return VERDICTS[int(answer[1])], float(answer[2])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def summary(name: str, records: list[dict[str, object]], key: str, budget: float) -> None:
    times = [min(budget, float(str(r[f"{key}_s"]))) for r in records]
    verdicts = [str(r[key]) for r in records]
    n = len(records)
    unknown = verdicts.count("unknown")
    unsolvable = verdicts.count("unsolvable")
    low, high = wilson(unsolvable, n)
    p90, p99 = percentile(times, 0.90), percentile(times, 0.99)
    print(
        f"{name:<10} median {1000 * statistics.median(times):8.3f} ms  "
        f"p90 {1000 * p90:8.2f} ms  p99 {1000 * p99:8.1f} ms  "
        f"max {1000 * max(times):7.0f} ms  undecided {unknown}  "
        f"unsolvable {unsolvable} = {100 * unsolvable / n:.2f} % "
        f"(95 % CI {100 * low:.2f}-{100 * high:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="standard turtle")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--chunk", type=int, default=200)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--ours-only", action="store_true", help="skip the port (fractions only)")
    args = parser.parse_args()
    layout = get_layout(args.layout)
    records: list[dict[str, object]] = []
    done: set[int] = set()
    if args.out and args.out.exists():
        for line in args.out.read_text().splitlines():
            record = json.loads(line)
            if (
                record["layout"] == layout.name
                and args.start <= record["deal"] < args.start + args.deals
            ):
                records.append(record)
                done.add(int(record["deal"]))
    sink = args.out.open("a") if args.out else None
    port = None if args.ours_only else Port(layout, args.budget)
    todo = [i for i in range(args.start, args.start + args.deals) if i not in done]
    for first in range(0, len(todo), args.chunk):
        chunk = todo[first : first + args.chunk]
        faces = {i: uniform_deal(i) for i in chunk}
        fresh = {}
        for i in chunk:
            result = solve(layout, faces[i], max_seconds=args.budget, max_nodes=0)
            fresh[i] = {
                "layout": layout.name,
                "deal": i,
                "ours": result.verdict.value,
                "ours_s": result.seconds,
            }
        if port is not None:
            for i in chunk:
                verdict, seconds = port.solve(i, groups_of(layout, faces[i]))
                fresh[i].update({"bondt": verdict, "bondt_s": seconds})
        for i in chunk:
            records.append(fresh[i])
            if sink:
                sink.write(json.dumps(fresh[i]) + "\n")
        if sink:
            sink.flush()
        print(f"{len(records)} deals", file=sys.stderr, flush=True)
    if port is not None:
        port.close()
    if sink:
        sink.close()
    print(
        f"{layout.name}: {len(records)} uniform deals (from {args.start}), budget {args.budget} s"
    )
    summary("ours", records, "ours", args.budget)
    if all("bondt" in r for r in records):
        summary("de Bondt", records, "bondt", args.budget)
        differ = [
            r["deal"]
            for r in records
            if "unknown" not in (r["ours"], r["bondt"]) and r["ours"] != r["bondt"]
        ]
        print(f"decided differently: {len(differ)} {differ[:20]}")
        slow = sorted(records, key=lambda r: -float(str(r["ours_s"])))[:5]
        print(
            "our slowest:",
            [
                (r["deal"], round(float(str(r["ours_s"])), 3), round(float(str(r["bondt_s"])), 4))
                for r in slow
            ],
        )


if __name__ == "__main__":
    main()
