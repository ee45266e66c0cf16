"""Hands scored per second: our scorer and pymahjonggb on the same random winning hands.

    python -m benchmarks.bench_mcr_score [--hands 20000] [--outside 4000] [--repeats 3] [--rounds 2]

Both score the same hands (tests/mcr/scoring_hands.py, seed 5) under the same rules (our
``gb`` ruleset; the Green Book is timed too), in one run, reported as ratios to the oracle.
The arguments are built before the clock starts on both sides: the oracle's keyword
arguments, and our ``Hand`` and ``WinContext`` values (for ``score_many`` on a batch, the
``WinBatch`` they are packed into once). Ours includes checking the hand and the context and
making the ``Tally``; a tally builds its fans and split only when they are read, so
``score()`` is also timed reading ``.total`` and reading ``.fans`` and ``.split``.
``score_many`` on a ``WinBatch`` answers a ``TallyBatch`` whose points are arrays; on lists
it answers a list of tallies. Each row (and the oracle) is timed in turn for ``--rounds``
rounds (each round starting one row later) and its best round's median of ``--repeats`` is
printed, with the load average.

A second mix, ``--outside N`` hands (default 4,000) from ``benchmarks/outside_hands.py``
(drawn plainly from the whole tile set, not biased toward rare fans), is timed in the same
rounds: ``score()`` and ``score_many`` on lists against pymahjonggb on those hands.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from benchmarks.outside_hands import outside_hands

from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK
from mahjongkit.mcr.scoring.score import WinBatch, score, score_many
from tests.mcr.scoring_hands import random_hands
from tests.mcr.scoring_oracle import AVAILABLE, gb_arguments


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--outside", type=int, default=4_000)
    args = parser.parse_args()
    hands = list(random_hands(5, args.hands))
    outside = list(outside_hands(7, args.outside))
    outside_hands_only, outside_contexts = [h for h, _ in outside], [c for _, c in outside]

    def rate(run: Callable[[], object], count: int) -> float:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return count / statistics.median(times)

    score(*hands[0], GB)  # warm up: loads the core
    contexts = [c for _, c in hands]
    only_hands = [h for h, _ in hands]
    batch = WinBatch(only_hands, contexts)
    rows: list[tuple[str, Callable[[], object]]] = [
        ("score(), C++ core, gb", lambda: [score(h, c, GB, impl="cpp") for h, c in hands]),
        (
            "score(), C++ core, Green Book",
            lambda: [score(h, c, GREEN_BOOK, impl="cpp") for h, c in hands],
        ),
        ("score().total, gb", lambda: [score(h, c, GB).total for h, c in hands]),
        (
            "score() .fans and .split, gb",
            lambda: [(t.fans, t.split) for t in (score(h, c, GB) for h, c in hands)],
        ),
        ("score_many(WinBatch), gb", lambda: score_many(batch, None, GB)),
        ("score_many(WinBatch).total, gb", lambda: score_many(batch, None, GB).total),
        ("score_many(hands, contexts), gb", lambda: score_many(only_hands, contexts, GB)),
        ("WinBatch(hands, contexts) packing", lambda: WinBatch(only_hands, contexts)),
        (
            "score(), Python reference, gb",
            lambda: [score(h, c, GB, impl="python") for h, c in hands],
        ),
    ]
    outside_rows: list[tuple[str, Callable[[], object]]] = [
        ("outside: score(), gb", lambda: [score(h, c, GB) for h, c in outside]),
        (
            "outside: score_many(hands, contexts), gb",
            lambda: score_many(outside_hands_only, outside_contexts, GB),
        ),
    ]
    if AVAILABLE:
        import MahjongGB

        calls = [gb_arguments(h, c) for h, c in hands]
        rows.append(("pymahjonggb", lambda: [MahjongGB.MahjongFanCalculator(**kw) for kw in calls]))
        outside_calls = [gb_arguments(h, c) for h, c in outside]
        outside_rows.append(
            (
                "outside: pymahjonggb",
                lambda: [MahjongGB.MahjongFanCalculator(**kw) for kw in outside_calls],
            )
        )
    counts = {label: len(hands) for label, _ in rows}
    counts.update({label: len(outside) for label, _ in outside_rows})
    rows += outside_rows
    start_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # the machine may be shared: time every row and the oracle in turn, several rounds, and
    # keep each row's best round, so a burst of load does not land on one row only
    # (each round starts one row later, so no row always runs first after the slow reference)
    best: dict[str, float] = {}
    for round_ in range(args.rounds):
        shift = round_ % len(rows)
        for label, run in rows[shift:] + rows[:shift]:
            best[label] = max(best.get(label, 0.0), rate(run, counts[label]))
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{len(hands)} random winning hands, median of {args.repeats}, best of {args.rounds} "
        f"rounds, load average {start_load:.2f} at the start, {end_load:.2f} at the end"
    )
    oracle = best.pop("pymahjonggb", 0.0)
    outside_oracle = best.pop("outside: pymahjonggb", 0.0)
    for label, _ in rows:
        if label not in best:
            continue
        hands_per_second = best[label]
        against = outside_oracle if label.startswith("outside:") else oracle
        ratio = f"{hands_per_second / against:6.3f}" if against else "     -"
        print(f"  {label:<42} {hands_per_second:>10,.0f} hands/s   ratio to pymahjonggb {ratio}")
    if oracle:
        print(f"  {'pymahjonggb (C++)':<42} {oracle:>10,.0f} hands/s")
        print(f"  {'outside: pymahjonggb (C++)':<42} {outside_oracle:>10,.0f} hands/s")
    else:
        print("  pymahjonggb is not installed: no comparison")


if __name__ == "__main__":
    main()
