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

    cpp_waits = rate(
        "waits", "C++ (engine)", lambda: [engine.waits(h, impl="cpp") for h in thirteen], n
    )
    py_waits = rate(
        "waits",
        "Python reference",
        lambda: [engine.waits(h, impl="python") for h in thirteen[:python_share]],
        python_share,
    )
    cpp_after = rate(
        "shanten_after_discard (with acceptance)",
        "C++ (engine)",
        lambda: [engine.shanten_after_discard(h, impl="cpp") for h in fourteen],
        n,
    )
    py_after = rate(
        "shanten_after_discard (with acceptance)",
        "Python reference",
        lambda: [
            engine.shanten_after_discard(h, impl="python")
            for h in fourteen[: python_share // 4 or 1]
        ],
        python_share // 4 or 1,
    )
    rng = random.Random(args.seed)
    complete = [Hand.from_tiles(complete_tiles(rng)) for _ in range(n)]
    winners = [rng.choice(h.concealed_tiles()) for h in complete]
    pairs = list(zip(complete, winners, strict=True))
    cpp_decompose = rate(
        "decompose with a winning tile (complete)",
        "C++ (engine)",
        lambda: [engine.decompose(h, winning=w, impl="cpp") for h, w in pairs],
        n,
    )
    py_decompose = rate(
        "decompose with a winning tile (complete)",
        "Python reference",
        lambda: [engine.decompose(h, winning=w, impl="python") for h, w in pairs[:python_share]],
        python_share,
    )
    counts = [list(h.counts) for h in fourteen]
    core_discards = rate(
        "shanten after one discard",
        "C++ core loop (no boundary)",
        lambda: core.shanten_after_discard_many(hands=counts, melds=0, repeat=10),
        10 * discards,
    )
    cpp_shanten = rate(
        "shanten (13 tiles)",
        "C++ (engine)",
        lambda: [engine.shanten(h, impl="cpp") for h in thirteen],
        n,
    )
    py_shanten = rate(
        "shanten (13 tiles)",
        "Python reference",
        lambda: [engine.shanten(h, impl="python") for h in thirteen[:python_share]],
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
    print(f"waits: C++ / Python = {cpp_waits / py_waits:,.0f}x")
    print(f"shanten_after_discard: C++ / Python = {cpp_after / py_after:,.0f}x")
    print(f"shanten: C++ / Python = {cpp_shanten / py_shanten:,.0f}x")
    print(f"decompose: C++ / Python = {cpp_decompose / py_decompose:,.0f}x")
    print(f"one discard in the core: {1e6 / core_discards:.2f} µs")
    if oracle is not None:
        print(f"shanten: C++ engine / pymahjonggb = {cpp_shanten / oracle:.2f}x")


if __name__ == "__main__":
    main()
