"""Game records: reading, checking and exporting, in games per CPU-second.

On a record file (``scripts/make_mcr_records.py`` writes one from self-play), side by side in
one run:

* **read**: parsing alone (:func:`~mahjongkit.mcr.records.format.read_records`);
* **rules alone**: the floor of any check through the public rules: for each game, the
  rules built on the record's walls and the game's own moves applied, nothing else (the
  moves were collected beforehand; ``--no-floor`` leaves it out);
* **check, Python replay**: reading, the replay through the rules with every step checked,
  and the comparison of fans and scores (``check_record(..., impl="python")``, the
  reference, and the only path before the C++ replay), on the first ``--reference-games``;
* **check**: the same with the C++ replay, one call a game (the default path);
* **stats**: the check and the sums of ``records stats``;
* **export**: reading, the replay and the observation planes, legal mask and action of every
  decision, into ``.npz`` shards (:func:`~mahjongkit.mcr.records.export.export`), on the
  first ``--export-games``, in this process and then with ``--workers`` processes (their
  CPU time summed; the shards are checked to be the same bytes).

With ``--baseline``, the export (one process) is also timed side by side with the package
installed in site-packages (main's, when this runs from a worktree with ``PYTHONPATH``),
each in a child process, taking turns ``--repeat`` times, and their shards compared byte
for byte.

Read, check and stats are timed ``--repeat`` times, the two checks taking turns; the table
gives the median and the spread. Targets (issue 22): check at least 2,000 games per
CPU-second; export at least 200 games per CPU-second per core.

    python benchmarks/bench_mcr_records.py /tmp/selfplay.txt --games 5000 --workers 2
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import mahjongkit
from mahjongkit.mcr.botzone.variant import GB
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.records.check import QUAN_OF_WIND, Report, check_record, walls_of
from mahjongkit.mcr.records.export import export
from mahjongkit.mcr.records.format import Record, format_record, read_records
from mahjongkit.mcr.records.stats import Stats


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


_EXPORT_CHILD = """
import os, sys, time
if os.environ.get("PYTHONPATH"):  # the package of that folder, not an editable install's tree
    sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("_editable")]
from mahjongkit.mcr.records.export import export
start = time.process_time()
export(sys.argv[1], sys.argv[2], shard_games=256)
print(time.process_time() - start)
"""


def _export_in_child(pythonpath: str | None, source: Path, out: Path) -> float:
    """The CPU seconds of an export in a child importing ``mahjongkit`` from ``pythonpath``
    (``None``: the installed package)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(
        [sys.executable, "-c", _EXPORT_CHILD, str(source), str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _check(path: Path, impl: str) -> list[Report]:
    return [check_record(r, impl=impl) for r in read_records(path)]


def _stats(path: Path) -> Stats:
    stats = Stats()
    for record in read_records(path):
        stats.add(check_record(record))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--games", type=int, default=5000, help="games of the file measured")
    parser.add_argument("--reference-games", type=int, default=5000)
    parser.add_argument("--export-games", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-floor", dest="floor", action="store_false")
    parser.add_argument("--baseline", action="store_true", help="export against site-packages")
    parser.add_argument(
        "--baseline-path",
        help="with --baseline: a folder holding the baseline's package (as bench_mcr_loop.py"
        " builds a commit into .bench-baseline/) instead of site-packages",
    )
    parser.add_argument(
        "--now-path",
        help="with --baseline: a folder holding this tree's package built the same way"
        " (default: the package this runs, as imported)",
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-records-"))
    try:
        source, reference, exported = work / "games.txt", work / "ref.txt", work / "export.txt"
        # The measured games, copied game by game (a list of 100,000 records would keep the
        # collector busy): all of them, and the first ones for the slower rows.
        n = n_ref = n_exp = 0
        with (
            open(args.file, "rb") as stream,
            open(source, "w", encoding="utf-8") as all_out,
            open(reference, "w", encoding="utf-8") as ref_out,
            open(exported, "w", encoding="utf-8") as exp_out,
        ):
            for game in itertools.islice(read_records(stream), args.games):
                if not isinstance(game, Record):
                    continue
                text = format_record(game) + "\n"
                all_out.write(text)
                n += 1
                if n_ref < args.reference_games:
                    ref_out.write(text)
                    n_ref += 1
                if n_exp < args.export_games:
                    exp_out.write(text)
                    n_exp += 1
        print(
            f"{n} games of {args.file} ({n_ref} for the Python replay, {n_exp} exported);"
            f" load average {os.getloadavg()} on {os.cpu_count()} CPUs"
        )
        rows: dict[str, list[float]] = {"read": [], "python": [], "check": [], "stats": []}
        for round_ in range(args.repeat):
            rows["read"].append(_timed(lambda: deque(read_records(source), maxlen=0)) / n)
            order = ("python", "check") if round_ % 2 == 0 else ("check", "python")
            for name in order:
                if name == "python":
                    rows[name].append(_timed(lambda: _check(reference, "python")) / n_ref)
                else:
                    rows[name].append(_timed(lambda: _check(source, "cpp")) / n)
            rows["stats"].append(_timed(lambda: _stats(source)) / n)
        fast, slow = _check(reference, "cpp"), _check(reference, "python")
        agree = fast == slow
        reports = _check(source, "cpp")
        bad = sum(1 for r in reports if r.problems)

        floor = None
        if args.floor:
            moves = []  # each game's walls, wind and its own moves, for the floor
            for record in read_records(reference):
                assert isinstance(record, Record)
                seen: list[Rules] = []
                check_record(record, lambda game, seat, move, seen=seen: seen.append(game))
                moves.append((walls_of(record)[0], record.wind, list(seen[0].move_log)))

            def replay_all() -> None:
                for walls, wind, log in moves:
                    game = Rules(
                        "floor",
                        hand_no=4 * QUAN_OF_WIND[wind] + 1,
                        ruleset=GB,
                        variant=BOTZONE,
                        wall=SeatWalls(walls),
                    )
                    for seat, move in log:
                        game.apply(seat, move)

            floor = _timed(replay_all) / n_ref

        start = time.process_time()
        manifest = export(exported, work / "one", shard_games=256)
        export_cpu = (time.process_time() - start) / n_exp
        before = _children_cpu()
        start_wall = time.perf_counter()
        export(exported, work / "many", shard_games=256, workers=args.workers)
        many_wall = time.perf_counter() - start_wall
        many_cpu = (_children_cpu() - before) / n_exp
        same = _digest(work / "one") == _digest(work / "many")

        baseline: list[float] = []
        ours: list[float] = []
        baseline_same = None
        if args.baseline:
            here = args.now_path or str(Path(mahjongkit.__file__).resolve().parents[1])
            base = args.baseline_path
            for round_ in range(args.repeat):
                sides = ((base, baseline), (here, ours))
                for path, times in sides if round_ % 2 == 0 else sides[::-1]:
                    out = work / ("base" if times is baseline else "ours")
                    times.append(_export_in_child(path, exported, out) / n_exp)
            baseline_same = _digest(work / "base") == _digest(work / "ours")

        check = _median(rows["check"])

        def rate(per_game: float) -> str:
            return f"{1 / per_game:,.0f}" if per_game else "n/a (one shard)"

        def spread(name: str) -> str:
            values = rows[name]
            return f"{1 / max(values):,.0f}–{1 / min(values):,.0f}"

        print(f"\n| measure | games/CPU-s (median of {args.repeat}) | spread | of the check |")
        print("| --- | ---: | ---: | ---: |")
        print(
            f"| read | {rate(_median(rows['read']))} | {spread('read')} |"
            f" {_median(rows['read']) / check:.2f} |"
        )
        if floor is not None:
            print(f"| rules alone (floor) | {rate(floor)} | one run | {floor / check:.2f} |")
        print(
            f"| check, Python replay | {rate(_median(rows['python']))} | {spread('python')} |"
            f" {_median(rows['python']) / check:.2f} |"
        )
        print(f"| check | **{rate(check)}** | {spread('check')} | 1.00 |")
        print(
            f"| stats | {rate(_median(rows['stats']))} | {spread('stats')} |"
            f" {_median(rows['stats']) / check:.2f} |"
        )
        print(
            f"| export, 1 process | **{rate(export_cpu)}** | one run | {export_cpu / check:.2f} |"
        )
        print(
            f"| export, {args.workers} workers (their CPU) | {rate(many_cpu)} per core | one run |"
            f" {many_cpu / check:.2f} |"
        )
        if baseline:
            print(
                f"| export, 1 process, site-packages (baseline) | {rate(_median(baseline))} |"
                f" {1 / max(baseline):,.0f}–{1 / min(baseline):,.0f} | - |"
            )
            print(
                f"| export, 1 process, this tree (same children) | {rate(_median(ours))} |"
                f" {1 / max(ours):,.0f}–{1 / min(ours):,.0f} | - |"
            )
            print(
                f"\nexport this tree / baseline: {_median(baseline) / _median(ours):.2f}x;"
                f" the same shard bytes as the baseline's: {baseline_same}"
            )
        size = sum(p.stat().st_size for p in (work / "one").iterdir())
        print(
            f"\ncheck / Python replay: {_median(rows['python']) / check:.2f}x;"
            f" the two checks' reports equal on {n_ref} games: {agree};"
            f" {bad} games with a problem; {manifest['samples']} decisions"
            f" ({manifest['samples'] / n_exp:.0f} a game), {size / n_exp / 1024:.1f} KiB of"
            f" shards a game; {args.workers} workers: {many_wall:.1f} s wall, same bytes: {same};"
            f" load average {os.getloadavg()}"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
