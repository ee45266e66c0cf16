"""Write a file of self-play game records (Botzone's format) to measure and test on.

The games are the arena's Botzone deals for ``--seed`` (game ``i`` is deal ``i``), played by
``--players`` (in-process players, arena specs); worker processes play slices of them, and
the file is the same whatever the number of workers. It is written to a temporary name and
renamed. The file is not committed: ``benchmarks/bench_mcr_records.py`` reads it.

    python -m scripts.make_mcr_records --games 100000 --workers 2 --output /tmp/selfplay.txt
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from mahjongkit._files import write_bytes_atomically
from mahjongkit.mcr.records.format import format_record
from mahjongkit.mcr.records.write import play_records

CHUNK = 250


def _play(seed: str, start: int, stop: int, players: tuple[str, str, str, str]) -> str:
    return "".join(format_record(r) + "\n" for r in play_records(seed, range(start, stop), players))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", default="records")
    parser.add_argument("--players", default="bot:2,bot:1,bot:1,bot:1")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--output", type=Path, required=True)
    args = parser.parse_args()
    specs = [s.strip() for s in args.players.split(",")]
    if len(specs) != 4:
        raise SystemExit(f"four players, not {len(specs)}")
    players = (specs[0], specs[1], specs[2], specs[3])
    starts = list(range(0, args.games, CHUNK))
    stops = [min(s + CHUNK, args.games) for s in starts]
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        n = len(starts)
        parts = list(pool.map(_play, [args.seed] * n, starts, stops, [players] * n))
    write_bytes_atomically(args.output, "".join(parts).encode("utf-8"))
    print(f"{args.games} games in {time.perf_counter() - began:.0f} s -> {args.output}")


if __name__ == "__main__":
    main()
