"""Hands scored per second: our scorer and pymahjonggb on the same random winning hands.

    python -m benchmarks.bench_mcr_score [--hands 20000] [--repeats 3] [--rounds 2]

Both score the same hands (tests/mcr/scoring_hands.py, seed 5) under the same rules (our
``gb`` ruleset; the Green Book is timed too), in one run, reported as ratios to the oracle.
The oracle's arguments are built before the clock starts, so only its call is timed; ours
includes checking the hand and the context and making the Tally. A Tally from the C++ core
builds its fans and split when first read, so ``score()`` is timed three ways: alone,
reading ``.total`` (builds the fans), and reading ``.fans`` and ``.split`` (builds both).
``score_many`` scores the whole list in one C++ call. "C++ core alone" is that call on
arguments already packed, without making Tallies. Each row (and the oracle) is timed in
turn for ``--rounds`` rounds and its best round's median of ``--repeats`` is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from mahjongkit.mcr.scoring import _cpp
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK
from mahjongkit.mcr.scoring.score import score, score_many, win_arguments
from tests.mcr.scoring_hands import random_hands
from tests.mcr.scoring_oracle import AVAILABLE, gb_arguments


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    hands = list(random_hands(5, args.hands))

    def rate(run: object) -> float:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            run()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        return len(hands) / statistics.median(times)

    score(*hands[0], GB)  # warm up: loads (and, in an editable install, rebuilds) the core
    contexts = [c for _, c in hands]
    only_hands = [h for h, _ in hands]
    prepared = [win_arguments(h, c) for h, c in hands]
    rows: list[tuple[str, Callable[[], object]]] = [
        ("score(), C++ core, gb", lambda: [score(h, c, GB, impl="cpp") for h, c in hands]),
        (
            "score(), C++ core, Green Book",
            lambda: [score(h, c, GREEN_BOOK, impl="cpp") for h, c in hands],
        ),
        ("score().total, C++ core, gb", lambda: [score(h, c, GB).total for h, c in hands]),
        (
            "score() .fans and .split, gb",
            lambda: [(t.fans, t.split) for t in (score(h, c, GB) for h, c in hands)],
        ),
        ("score_many(), C++ core, gb", lambda: score_many(only_hands, contexts, GB)),
        (
            "score_many() .total, gb",
            lambda: [t.total for t in score_many(only_hands, contexts, GB)],
        ),
        ("C++ core alone (batch), gb", lambda: _cpp.score_win_many(prepared, GB)),
        (
            "score(), Python reference, gb",
            lambda: [score(h, c, GB, impl="python") for h, c in hands],
        ),
    ]
    oracle = 0.0
    if AVAILABLE:
        import MahjongGB

        calls = [gb_arguments(h, c) for h, c in hands]
        rows.append(("pymahjonggb", lambda: [MahjongGB.MahjongFanCalculator(**kw) for kw in calls]))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{len(hands)} random winning hands, median of {args.repeats}, load {load:.2f}")
    # the machine may be shared: time every row and the oracle in turn, several rounds, and
    # keep each row's best round, so a burst of load does not land on one row only
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for label, run in rows:
            best[label] = max(best.get(label, 0.0), rate(run))
    oracle = best.pop("pymahjonggb", 0.0)
    for label, _ in rows:
        if label not in best:
            continue
        hands_per_second = best[label]
        ratio = f"{hands_per_second / oracle:6.3f}" if oracle else "     -"
        print(f"  {label:<32} {hands_per_second:>10,.0f} hands/s   ratio to pymahjonggb {ratio}")
    if oracle:
        print(f"  {'pymahjonggb (C++)':<32} {oracle:>10,.0f} hands/s")
    else:
        print("  pymahjonggb is not installed: no comparison")


if __name__ == "__main__":
    main()
