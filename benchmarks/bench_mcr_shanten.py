"""MCR foundations benchmark: waits and shanten-after-discard per second, the C++ core
against the pure-Python reference in one run, and pymahjonggb's shanten on the same hands.

    python -m benchmarks.bench_mcr_shanten [--hands 2000] [--repeat 5]

Hands are seeded random 14-tile hands (uniform, one-suit heavy, near-complete; no melds so
that every form is in play); a 13-tile hand is one of them less its last tile. Each figure
is the median of ``--repeat`` timed runs over all hands. "per discard" divides the
after-discard time by the number of distinct discards evaluated, the unit in which
Game::Mahjong's C core quotes its ~2 µs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from mahjongkit._core import mcr as core
from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.hand.hand import Hand
from tests.mcr.oracle_hands import complete_tiles, gb, random_hand


def timed(function: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``repeat`` runs of ``function``."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def hands(count: int, seed: int) -> tuple[list[Hand], list[Hand]]:
    rng = random.Random(seed)
    fourteen = []
    while len(fourteen) < count:
        hand = random_hand(rng, size=14)
        if not hand.melds:
            fourteen.append(hand)
    thirteen = [h.discard(h.concealed_tiles()[-1]) for h in fourteen]
    return fourteen, thirteen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    fourteen, thirteen = hands(args.hands, args.seed)
    n = len(thirteen)
    discards = sum(len(set(h.concealed_tiles())) for h in fourteen)
    python_share = max(1, n // 10)  # the reference is slow: time a tenth and scale
    rows: list[tuple[str, str, float]] = []

    def rate(label: str, what: str, function: Callable[[], object], items: int) -> float:
        seconds = timed(function, args.repeat)
        per_second = items / seconds
        rows.append((label, what, per_second))
        return per_second

    twin_rates: dict[str, tuple[float, float]] = {}

    def twins(
        name: str, label: str, run: Callable[[list[Any], str], object], items: list[Any], share: int
    ) -> None:
        """Rate ``run`` on the C++ engine over every item and on the Python reference over the
        first ``share`` of them (it is slow)."""
        cpp = rate(label, "C++ (engine)", lambda: run(items, "cpp"), len(items))
        python = rate(label, "Python reference", lambda: run(items[:share], "python"), share)
        twin_rates[name] = (cpp, python)

    twins(
        "waits",
        "waits",
        lambda hs, impl: [engine.waits(h, impl=impl) for h in hs],
        thirteen,
        python_share,
    )
    twins(
        "shanten_after_discard",
        "shanten_after_discard (with acceptance)",
        lambda hs, impl: [engine.shanten_after_discard(h, impl=impl) for h in hs],
        fourteen,
        python_share // 4 or 1,
    )
    rng = random.Random(args.seed)
    complete = [Hand.from_tiles(complete_tiles(rng)) for _ in range(n)]
    winners = [rng.choice(h.concealed_tiles()) for h in complete]
    pairs = list(zip(complete, winners, strict=True))
    twins(
        "decompose",
        "decompose with a winning tile (complete)",
        lambda ps, impl: [engine.decompose(h, winning=w, impl=impl) for h, w in ps],
        pairs,
        python_share,
    )
    counts = [list(h.counts) for h in fourteen]
    core_discards = rate(
        "shanten after one discard",
        "C++ core loop (no boundary)",
        lambda: core.shanten_after_discard_many(hands=counts, melds=0, repeat=10),
        10 * discards,
    )
    twins(
        "shanten",
        "shanten (13 tiles)",
        lambda hs, impl: [engine.shanten(h, impl=impl) for h in hs],
        thirteen,
        python_share,
    )
    oracle = None
    try:
        import MahjongGB

        standing = [tuple(gb(k) for k in h.concealed_tiles()) for h in thirteen]
        oracle = rate(
            "shanten (13 tiles)",
            "pymahjonggb MahjongShanten",
            lambda: [MahjongGB.MahjongShanten(pack=(), hand=s) for s in standing],
            n,
        )
        rate(
            "standard shanten + useful tiles",
            "pymahjonggb RegularShanten",
            lambda: [MahjongGB.RegularShanten(hand=s) for s in standing],
            n,
        )
        rate(
            "standard shanten + useful tiles",
            "C++ (engine acceptance)",
            lambda: [engine.acceptance(h, impl="cpp") for h in thirteen],
            n,
        )
    except ImportError:
        print("pymahjonggb is not installed: its rows are skipped")

    print(f"{n} hands, median of {args.repeat} runs\n")
    print(f"| {'measure':42} | {'implementation':30} | {'per second':>12} | {'µs each':>9} |")
    print(f"| {'-' * 42} | {'-' * 30} | {'-' * 12}: | {'-' * 9}: |")
    for label, what, per_second in rows:
        print(f"| {label:42} | {what:30} | {per_second:12,.0f} | {1e6 / per_second:9.2f} |")
    print()
    for name, (cpp, python) in twin_rates.items():
        print(f"{name}: C++ / Python = {cpp / python:,.0f}x")
    print(f"one discard in the core: {1e6 / core_discards:.2f} µs")
    if oracle is not None:
        print(f"shanten: C++ engine / pymahjonggb = {twin_rates['shanten'][0] / oracle:.2f}x")


if __name__ == "__main__":
    main()
