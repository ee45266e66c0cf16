"""Game records: reading, checking and exporting, in games per CPU-second.

On a record file (``scripts/make_mcr_records.py`` writes one from self-play), side by side in
one run:

* **read**: parsing alone (:func:`~mahjongkit.mcr.records.format.read_records`);
* **rules alone**: the floor of any check through the public rules: for each game, the
  rules built on the record's walls and the game's own moves applied, nothing else (the
  moves were collected beforehand);
* **check**: reading, the replay with every step checked, and the comparison of fans and
  scores (:func:`~mahjongkit.mcr.records.check.check_record`);
* **export**: reading, the replay and the observation planes, legal mask and action of every
  decision, into ``.npz`` shards (:func:`~mahjongkit.mcr.records.export.export`), in this
  process and then with ``--workers`` processes (their CPU time summed; the shards are
  checked to be the same bytes).

Targets (issue 22): check at least 2,000 games per CPU-second; export at least 200 games per
CPU-second per core.

    python benchmarks/bench_mcr_records.py /tmp/selfplay.txt --games 5000 --workers 2
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

from mahjongkit.mcr.botzone.variant import GB
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.records.check import QUAN_OF_WIND, check_record, walls_of
from mahjongkit.mcr.records.export import export
from mahjongkit.mcr.records.format import Record, format_record, read_records


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--games", type=int, default=5000, help="games of the file measured")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-records-"))
    try:
        source = work / "games.txt"
        with open(args.file, "rb") as stream:
            games = list(itertools.islice(read_records(stream), args.games))
        source.write_text(
            "".join(format_record(g) + "\n" for g in games if isinstance(g, Record)),
            encoding="utf-8",
        )
        n = len(games)
        print(f"{n} games of {args.file}; load average {os.getloadavg()} on {os.cpu_count()} CPUs")

        start = time.process_time()
        records = [r for r in read_records(source) if isinstance(r, Record)]
        read_cpu = time.process_time() - start

        moves = []  # each game's walls, wind and its own moves, for the floor
        for record in records:
            seen: list[Rules] = []
            check_record(record, lambda game, seat, move, seen=seen: seen.append(game))
            moves.append((walls_of(record)[0], record.wind, list(seen[0].move_log)))
        start = time.process_time()
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
        floor_cpu = time.process_time() - start

        start = time.process_time()
        reports = [check_record(r) for r in read_records(source)]
        check_cpu = time.process_time() - start
        bad = sum(1 for r in reports if r.problems)

        start = time.process_time()
        manifest = export(source, work / "one", shard_games=256)
        export_cpu = time.process_time() - start
        before = _children_cpu()
        start_wall = time.perf_counter()
        export(source, work / "many", shard_games=256, workers=args.workers)
        many_wall = time.perf_counter() - start_wall
        many_cpu = _children_cpu() - before
        same = _digest(work / "one") == _digest(work / "many")

        def rate(cpu: float) -> str:
            return f"{n / cpu:,.0f}"

        print("| measure | CPU s | games/CPU-s | of the check |")
        print("| --- | ---: | ---: | ---: |")
        print(f"| read | {read_cpu:.2f} | {rate(read_cpu)} | {read_cpu / check_cpu:.2f} |")
        print(
            f"| rules alone (floor) | {floor_cpu:.2f} | {rate(floor_cpu)} |"
            f" {floor_cpu / check_cpu:.2f} |"
        )
        print(f"| check | {check_cpu:.2f} | **{rate(check_cpu)}** | 1.00 |")
        print(
            f"| export, 1 process | {export_cpu:.2f} | **{rate(export_cpu)}** |"
            f" {export_cpu / check_cpu:.2f} |"
        )
        print(
            f"| export, {args.workers} workers (their CPU) | {many_cpu:.2f} |"
            f" {rate(many_cpu)} per core | {many_cpu / check_cpu:.2f} |"
        )
        size = sum(p.stat().st_size for p in (work / "one").iterdir())
        print(
            f"\n{bad} games with a problem; {manifest['samples']} decisions"
            f" ({manifest['samples'] / n:.0f} a game), {size / n / 1024:.1f} KiB of shards a game;"
            f" {args.workers} workers: {many_wall:.1f} s wall, same bytes: {same}"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
