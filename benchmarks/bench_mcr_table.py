"""A user's RL ``Table`` (``impl="cpp"``): moves per CPU-second, two packages side by side.

A :class:`~mahjongkit.mcr.rl.table.Table` holds the Python rules and the C++ observer (before
issue 34's last step a mirror kept up to date from the rules' events, now a hand engine that
plays the rules' moves and renders from its state). Each measured move is what a learner
does: the acting seat's mask, its planes, a random legal action played. Episodes of the
``mcr`` variant (one hand and sixteen) and of ``botzone`` (one hand), seeds 0, 1, 2, ...

Each side runs in a fresh subprocess importing the package from a folder (``--baseline``,
``--now``: a commit built by ``bench_mcr_loop.py`` into ``.bench-baseline/``, or any folder
holding the package; ``--now`` defaults to the package installed here), timed by CPU time
(``time.process_time``), the sides taking turns round after round, so the ratios come from
one run under the same load. Prints medians, ratios and the load.

    python -m benchmarks.bench_mcr_table --baseline .bench-baseline/184c85ffe579 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

CASES = (("mcr", 1), ("botzone", 1), ("mcr", 16))


def worker(variant: str, hands: int, seconds: float) -> dict[str, float]:
    import numpy as np

    from mahjongkit.mcr.rl.table import Table

    table = Table(variant=variant, hands=hands, impl="cpp")
    rng = np.random.default_rng(0)
    out = np.zeros((table.planes, 34), np.float32)
    moves = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        table.reset(episodes)
        while not table.done:
            seat = table.seat
            assert seat is not None
            legal = np.flatnonzero(table.acting_mask())
            table.observe(seat, out)
            table.play(seat, int(legal[rng.integers(len(legal))]))
            moves += 1
        episodes += 1
    elapsed = time.process_time() - start
    return {"moves_per_s": moves / elapsed, "episodes_per_s": episodes / elapsed}


def run(path: str | None, variant: str, hands: int, seconds: float) -> dict[str, float]:
    # Imported by the parent only: the child runs this file as a script, from elsewhere.
    from benchmarks.child import run_child

    argv = [__file__, "--worker", variant, str(hands), "--seconds", str(seconds)]
    result: dict[str, float] = run_child(argv, path)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline", help="a folder holding the baseline's package")
    parser.add_argument("--now", help="a folder holding this side's package (default: installed)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        if os.environ.get("PYTHONPATH"):  # that folder's package, not an editable install's
            sys.meta_path[:] = [
                f for f in sys.meta_path if not type(f).__module__.startswith("_editable")
            ]
        variant, hands = args.worker[0], int(args.worker[1])
        print(json.dumps(worker(variant, hands, args.seconds)))
        return
    sides: list[tuple[str, str | None]] = [(f"now {args.now or 'installed'}", args.now)]
    if args.baseline:
        sides.insert(0, (f"base {args.baseline}", args.baseline))
    results: dict[tuple[str, int, str], list[dict[str, float]]] = {}
    print(f"load before: {os.getloadavg()}")
    for _ in range(args.rounds):
        for variant, hands in CASES:
            for label, path in sides:
                results.setdefault((variant, hands, label), []).append(
                    run(path, variant, hands, args.seconds)
                )
    print(f"load after: {os.getloadavg()}")
    for variant, hands in CASES:
        for key in ("moves_per_s", "episodes_per_s"):
            medians = [
                statistics.median(r[key] for r in results[(variant, hands, label)])
                for label, _ in sides
            ]
            cells = "  ".join(
                f"{label}: {value:10.1f}" for (label, _), value in zip(sides, medians, strict=True)
            )
            ratio = f"  ratio now/base {medians[-1] / medians[0]:.2f}" if len(sides) > 1 else ""
            print(f"{variant:8} {hands:2} hands {key:15} {cells}{ratio}")


if __name__ == "__main__":
    main()
