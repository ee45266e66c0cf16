"""The records check (``check_record``, the C++ replay) alone, in games per CPU-second, for
two or more builds of the package side by side, taking turns.

Each side is a folder holding the package (``bench_mcr_loop.py --baseline COMMIT`` builds one
into ``.bench-baseline/``); each run is a child process that imports the package from its
folder (not the editable install's worktree), reads the file's first ``--games`` games, then
checks them ``--repeat`` times (reading is left out: ``bench_mcr_records.py`` times it).
Prints every run, the medians and their ratio to the first side, and the load.

    python -m benchmarks.bench_mcr_check_sides /tmp/selfplay.txt \\
        .bench-baseline/9928b61519a2 .bench-baseline/3f3ff881eae8 --rounds 5
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from benchmarks.child import run_child

_CHILD = """
import json, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("_editable")]
import mahjongkit
assert mahjongkit.__file__.startswith(sys.argv[4]), mahjongkit.__file__
from mahjongkit.mcr.records.check import check_record
from mahjongkit.mcr.records.format import read_records
records = [r for _, r in zip(range(int(sys.argv[2])), read_records(sys.argv[1]))]
start = time.process_time()
for _ in range(int(sys.argv[3])):
    legal = sum(check_record(r).legal for r in records)
cpu = time.process_time() - start
print(json.dumps({"per_cpu_s": len(records) * int(sys.argv[3]) / cpu, "legal": legal}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("sides", nargs="+", type=Path, help="folders holding the package")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    rates: dict[Path, list[float]] = {side: [] for side in args.sides}
    for _ in range(args.rounds):
        for side in args.sides:
            argv = ["-c", _CHILD, str(args.file.resolve()), str(args.games), str(args.repeat)]
            figures = run_child([*argv, str(side.resolve())], side, MAHJONGKIT_IMPLEMENTATION="cpp")
            rate = figures["per_cpu_s"]
            rates[side].append(rate)
            print(f"{side}: {rate:,.0f} games/CPU-s")
    print(f"load after: {os.getloadavg()}")
    first = statistics.median(rates[args.sides[0]])
    for side, values in rates.items():
        median = statistics.median(values)
        print(f"median {side}: {median:,.0f}  ratio to the first {median / first:.2f}")


if __name__ == "__main__":
    main()
