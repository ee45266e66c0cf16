"""Hands scored per second: our scorer and pymahjonggb on the same random winning hands.

    python benchmarks/bench_mcr_score.py [--hands 20000] [--repeats 3]

Both score the same hands (tests/mcr/scoring_hands.py, seed 5) under the same rules (our
``gb`` ruleset; the Green Book is timed too), ours through the C++ hot loop and through
the pure-Python reference. The oracle's arguments are built before the clock starts, so
only its call is timed; ours includes validation and building the Tally. Prints the median
of the repeats and the ratio ours (C++) / oracle.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mcr"))

from typing import Any

from scoring_hands import random_hands
from scoring_oracle import AVAILABLE, gb_arguments

from mahjongkit.mcr import engine
from mahjongkit.mcr.context import WinContext
from mahjongkit.mcr.hand import Hand
from mahjongkit.mcr.ruleset import GB, GREEN_BOOK
from mahjongkit.mcr.score import _meld_sets, _read_hand, _win_of, score


def _prepare(hand: Hand, context: WinContext) -> tuple[tuple[Any, ...], dict[str, Any]]:
    concealed, whole, melds, _ = _read_hand(hand)
    win = _win_of(context, concealed, whole)
    keywords = {
        "self_drawn": win.self_drawn,
        "robbing": win.robbing,
        "kong_replacement": win.kong_replacement,
        "last_of_wall": win.last_of_wall,
        "last_tile": win.last_tile,
        "seat_wind": win.seat_wind,
        "prevailing_wind": win.prevailing_wind,
    }
    return (concealed, _meld_sets(melds), win.winning), keywords


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

    ours_gb = rate(lambda: [score(h, c, GB, impl="cpp") for h, c in hands])
    ours_green = rate(lambda: [score(h, c, GREEN_BOOK, impl="cpp") for h, c in hands])
    ours_python = rate(lambda: [score(h, c, GB, impl="python") for h, c in hands])
    # the C++ hot loop alone, on inputs already validated and converted (what a batch API
    # or a caller holding counts would pay)
    prepared = [_prepare(h, c) for h, c in hands]
    ours_core = rate(lambda: [engine.score_arrangement(*p, **k, ruleset=GB) for p, k in prepared])
    print(f"{len(hands)} random winning hands, median of {args.repeats}")
    print(f"  mahjongkit (C++ core), gb ruleset:         {ours_gb:>10,.0f} hands/s")
    print(f"  mahjongkit (C++ core), Green Book ruleset: {ours_green:>10,.0f} hands/s")
    print(f"  mahjongkit (Python reference), gb ruleset: {ours_python:>10,.0f} hands/s")
    print(f"  mahjongkit C++ hot loop alone, gb ruleset: {ours_core:>10,.0f} hands/s")
    if AVAILABLE:
        import MahjongGB

        calls = [gb_arguments(h, c) for h, c in hands]
        oracle = rate(lambda: [MahjongGB.MahjongFanCalculator(**kw) for kw in calls])
        print(f"  pymahjonggb (C++):                         {oracle:>10,.0f} hands/s")
        print(f"  ratio ours (C++ core) / pymahjonggb:       {ours_gb / oracle:>10.3f}")
        print(f"  ratio ours (Python) / pymahjonggb:         {ours_python / oracle:>10.3f}")
        print(f"  ratio C++ hot loop alone / pymahjonggb:    {ours_core / oracle:>10.3f}")
    else:
        print("  pymahjonggb is not installed: no comparison")


if __name__ == "__main__":
    main()
