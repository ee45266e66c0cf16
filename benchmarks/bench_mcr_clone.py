"""A hand's copy for search: ``Rules.clone()`` and the C++ hand engine's ``clone()`` side by side.

Mid-hand states (``--moves`` moves into a one-hand game, random legal play of a seeded
player that takes a win whenever offered and a claim with probability 0.6) are copied
``--repeat`` rounds, the three measures taking turns in each round; CPU time
(``time.process_time``). The table gives the median microseconds a copy and copies per
CPU-second:

* ``Rules.clone()``: the Python rules' copy of the whole game (the hand, its window, the
  match's history and event queue);
* ``HandEngine.clone()`` from Python: one call through the binding (a new Python object);
* ``HandEngine`` in C++: ``clone_loop`` copies the engine ``--count`` times with the GIL
  released (the cost a search written in C++ pays).

    python benchmarks/bench_mcr_clone.py --states 40 --repeat 5
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from mahjongkit.mcr.game._cpp import engine_move, hand_engine
from mahjongkit.mcr.game.moves import MoveKind
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import ONE_HAND
from mahjongkit.mcr.hand.wall import Wall
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK


def _states(count: int, moves: int) -> list[tuple[Rules, Any]]:
    """``count`` mid-hand states, each as the Python rules and the C++ engine (same moves)."""
    out: list[tuple[Rules, Any]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        wall = Wall.from_seed(f"clone{seed}", 1)
        game = Rules(f"clone{seed}", variant=ONE_HAND, wall=wall.copy())
        engine = hand_engine(GREEN_BOOK, ONE_HAND, dealer=game.dealer, prevailing=game.prevailing)
        engine.deal_shared(list(wall.tiles))
        for _ in range(moves):
            if not game.is_active:
                break
            seat = game.waiting_on[0]
            legal = game.legal(seat)
            wins = [m for m in legal if m.kind is MoveKind.WIN]
            claims = [m for m in legal if m.kind in (MoveKind.CHOW, MoveKind.PUNG)]
            if wins:
                move = wins[0]
            elif claims and rng.random() < 0.6:
                move = rng.choice(claims)
            else:
                move = rng.choice(legal)
            game.apply(seat, move)
            engine.apply(seat, *engine_move(move))
        if game.is_active:
            out.append((game, engine))
    return out


def _per_copy(run: Callable[[], int]) -> float:
    """Microseconds a copy of one run (``run`` answers how many copies it made)."""
    start = time.process_time()
    copies = run()
    return (time.process_time() - start) * 1e6 / copies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--per-state", type=int, default=500, help="Python copies of a state")
    parser.add_argument("--count", type=int, default=200_000, help="C++ copies of a state")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    states = _states(args.states, args.moves)
    per_state: int = args.per_state
    count: int = args.count

    def rules_clone() -> int:
        for game, _ in states:
            for _ in range(per_state):
                game.clone()
        return len(states) * per_state

    def engine_clone() -> int:
        for _, engine in states:
            for _ in range(per_state):
                engine.clone()
        return len(states) * per_state

    def engine_loop() -> int:
        per = max(1, count // len(states))
        for _, engine in states:
            engine.clone_loop(per)
        return per * len(states)

    measures = {
        "Rules.clone()": rules_clone,
        "HandEngine.clone() from Python": engine_clone,
        "HandEngine copy in C++": engine_loop,
    }
    times: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.repeat):
        for name, run in measures.items():
            times[name].append(_per_copy(run))
    base = statistics.median(times["Rules.clone()"])
    print(f"{len(states)} states, {args.moves} moves into a hand; load {os.getloadavg()}")
    print(f"{'':34} {'us/copy':>9} {'spread':>15} {'copies/CPU-s':>13} {'vs Rules':>9}")
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"{name:34} {median:9.3f} {min(values):7.3f}-{max(values):<7.3f}"
            f" {1e6 / median:13,.0f} {base / median:8.1f}x"
        )


if __name__ == "__main__":
    main()
