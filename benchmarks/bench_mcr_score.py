"""Hands scored per second: our scorer and pymahjonggb on the same random winning hands.

    python benchmarks/bench_mcr_score.py [--hands 20000] [--repeats 3]

Both score the same hands (tests/mcr/scoring_hands.py, seed 5) under the same rules (our
``gb`` ruleset; the Green Book is timed too). The oracle's arguments are built before the
clock starts, so only its call is timed; ours includes validation and the Tally. Prints the
median of the repeats and the ratio ours / oracle.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mcr"))

from scoring_hands import random_hands
from scoring_oracle import AVAILABLE, gb_arguments

from mahjongkit.mcr.ruleset import GB, GREEN_BOOK
from mahjongkit.mcr.score import score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    hands = list(random_hands(5, args.hands))

    def rate(run: object) -> float:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            run()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        return len(hands) / statistics.median(times)

    ours_gb = rate(lambda: [score(h, c, GB) for h, c in hands])
    ours_green = rate(lambda: [score(h, c, GREEN_BOOK) for h, c in hands])
    print(f"{len(hands)} random winning hands, median of {args.repeats}")
    print(f"  mahjongkit (Python), gb ruleset:         {ours_gb:>10,.0f} hands/s")
    print(f"  mahjongkit (Python), Green Book ruleset: {ours_green:>10,.0f} hands/s")
    if AVAILABLE:
        import MahjongGB

        calls = [gb_arguments(h, c) for h, c in hands]
        oracle = rate(lambda: [MahjongGB.MahjongFanCalculator(**kw) for kw in calls])
        print(f"  pymahjonggb (C++):                       {oracle:>10,.0f} hands/s")
        print(f"  ratio ours / pymahjonggb:                {ours_gb / oracle:>10.3f}")
    else:
        print("  pymahjonggb is not installed: no comparison")


if __name__ == "__main__":
    main()
