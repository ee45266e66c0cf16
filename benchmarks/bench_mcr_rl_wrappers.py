"""The MCR RL environments side by side with a baseline.

Random legal play (the mask's indices, one drawn per step) through ``raw_env()``,
``env()`` (PettingZoo's AEC loop: ``agent_iter`` / ``last`` / ``step``) and
``VectorSelfPlay`` (K games), in hands per CPU-second, each loop run in a child process
importing either this tree (``PYTHONPATH`` as given) or the baseline (``--baseline-path``: a
folder holding another ``mahjongkit``, e.g. the installed copy of main: ``site-packages``).
Rows take turns within each repeat; medians. Vectorised self-play on several cores is
``bench_mcr_rl_scale.py``'s.

    PYTHONPATH=python python benchmarks/bench_mcr_rl_wrappers.py --hands 60 --repeat 3

The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def _loop_aec(make: str, hands: int) -> tuple[int, float]:
    from mahjongkit.mcr import env as module

    rng = np.random.default_rng(1)
    environment = module.raw_env() if make == "raw" else module.env()
    start = time.process_time()
    for number in range(hands):
        environment.reset(seed=number)
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.integers(len(legal))]))
    return hands, time.process_time() - start


def _play_vector(
    play: Any, hands: int, games: int, clock: Callable[[], float]
) -> tuple[float, float]:
    """Random legal play until ``hands`` episodes ended, timed after the reset; (hands,
    the change of ``clock``)."""
    rng = np.random.default_rng(1)
    _, masks, _ = play.reset(seeds=list(range(games)))
    start = clock()
    ended = 0
    while ended < hands:
        keys = rng.random(masks.shape)
        keys[masks == 0] = -1.0
        _, masks, _, _, dones = play.step(keys.argmax(axis=1))
        ended += int(dones.sum())
    return ended, clock() - start


def _loop_vector(hands: int, games: int) -> tuple[float, float]:
    from mahjongkit.mcr.rl.vector import VectorSelfPlay

    return _play_vector(VectorSelfPlay(games), hands, games, time.process_time)


def child(kind: str, hands: int, games: int) -> None:
    if kind in ("raw", "env"):
        done, seconds = _loop_aec(kind, hands)
    else:
        done, seconds = _loop_vector(hands, games)
    print(json.dumps({"hands": done, "seconds": seconds}))


def _run_child(kind: str, hands: int, games: int, path: str | None) -> float:
    environ = dict(os.environ)
    if path is not None:
        environ["PYTHONPATH"] = path
    output = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--hands", str(hands), "--games", str(games)],
        env=environ,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result = json.loads(output.strip().splitlines()[-1])
    return float(result["hands"]) / float(result["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--baseline-path",
        default=os.path.dirname(np.__path__[0]),  # site-packages: the installed mahjongkit
        help="a folder whose mahjongkit is the baseline",
    )
    parser.add_argument("--child", choices=["raw", "env", "vector"], help=argparse.SUPPRESS)
    parser.add_argument("--skip-baseline", action="store_true")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.hands, args.games)
        return
    with open("/proc/loadavg") as handle:
        print("load average at start:", handle.read().split()[:3], flush=True)
    sides = [("this tree", None)]
    if not args.skip_baseline:
        sides.append(("baseline", args.baseline_path))
    kinds = ("raw", "env", "vector")
    rows = [(kind, side, path) for kind in kinds for side, path in sides]
    rates: dict[tuple[str, str], list[float]] = {(kind, side): [] for kind, side, _ in rows}
    for _ in range(args.repeat):
        for kind, side, path in rows:
            hands = args.hands * 4 if kind == "vector" else args.hands
            rates[(kind, side)].append(_run_child(kind, hands, args.games, path))
    names = {
        "raw": "raw_env() AEC loop",
        "env": "env() AEC loop",
        "vector": f"VectorSelfPlay K={args.games}",
    }
    medians = {key: statistics.median(values) for key, values in rates.items()}
    for (kind, side), rate in medians.items():
        line = f"{names[kind]:28s} {side:10s} {rate:8.1f} hands/CPU-s"
        if side == "this tree" and (kind, "baseline") in medians:
            line += f"  ({rate / medians[(kind, 'baseline')]:.2f} of the baseline)"
        if kind == "env":
            line += f"  ({rate / medians[('raw', side)]:.2f} of raw_env)"
        print(line, flush=True)
    with open("/proc/loadavg") as handle:
        print("load average at end:", handle.read().split()[:3])


if __name__ == "__main__":
    main()
