"""Reading records: this tree's reader against the reader of another commit, in one run.

The record reader (``mcr/records/format.py``) is a module of pure Python with no state, so
the other commit's file is taken from git (``git show COMMIT:...``) and loaded beside this
one; the two read the same file in turns, ``--repeat`` times, process CPU time::

    python -m scripts.make_mcr_records --games 4000 --output /tmp/records.txt
    python -m benchmarks.bench_mcr_read /tmp/records.txt --baseline 183c15e^

``183c15e^`` is the commit before the one line reader of every command (issue 39).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from mahjongkit.mcr.records import format as current

FORMAT = "python/mahjongkit/mcr/records/format.py"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _load(commit: str, folder: str) -> ModuleType:
    source = subprocess.run(
        ["git", "show", f"{commit}:{FORMAT}"], capture_output=True, text=True, check=True
    ).stdout
    path = Path(folder) / "baseline_format.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("baseline_format", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_format"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records")
    parser.add_argument("--baseline", required=True, help="a commit (its reader is loaded)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sides = {"baseline": _load(args.baseline, folder), "this tree": current}
        times: dict[str, list[float]] = {name: [] for name in sides}
        games = 0
        for _ in range(args.repeat):
            for name, module in sides.items():
                start = _cpu()
                games = sum(1 for _ in module.read_records(args.records))
                times[name].append(_cpu() - start)
    base = statistics.median(times["baseline"])
    print(f"{games} games, load {os.getloadavg()[0]:.1f}, median of {args.repeat}:")
    for name, spent in times.items():
        median = statistics.median(spent)
        print(f"  {name:10} {median:.3f} s  {games / median:,.0f} games/CPU-s  {median / base:.2f}")


if __name__ == "__main__":
    main()
