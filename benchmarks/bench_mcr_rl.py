"""The MCR reinforcement-learning layer: hands per CPU-second with random legal actions drawn
from the masks and an observation encoded at every step, and what one observation costs.

Measured side by side in one run (process CPU time, median of ``--repeat``):

* ``rules``: the rules engine alone, a random legal ``Move`` per step (the floor: no
  encoding at all);
* ``table``: :class:`~mahjongkit.mcr.rl.table.Table` (what every environment steps), an
  observation and a mask for the seat to act, a random index among the mask's;
* ``aec``: the PettingZoo environment through ``agent_iter`` / ``last`` / ``step``;
* ``vector``: :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay` with ``K`` games per call;
* the breakdown of ``table`` per move, by difference: the same loop without the
  observation (the mask is still built, the random player draws from it), and the engine
  alone (timers around the parts would cost more than the parts);
* micro-timings: one observation (``Observer.encode`` into a buffer), one ``sync`` after a
  move, one mask; best of several passes over states of real games.

    python benchmarks/bench_mcr_rl.py --hands 100 --repeat 3

Times on the shared machine vary by a third from run to run; instruction counts do not.
``--only ROW`` runs one row once, to count its instructions under callgrind::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/bench_mcr_rl.py --only table --hands 4
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.rl.observation import Observer
from mahjongkit.mcr.rl.table import Table
from mahjongkit.mcr.rl.vector import VectorSelfPlay


def run_rules(hands: int) -> tuple[int, int]:
    rng = random.Random(1)
    moves = 0
    for number in range(hands):
        game = Rules(str(number))
        while not game.history:
            seat = game.waiting_on[0]
            game.apply(seat, rng.choice(game.legal(seat)))
            game.take_outcomes()
            moves += 1
    return hands, moves


def run_table(hands: int, observe: bool = True) -> tuple[int, int]:
    """``observe=False`` skips the observation (the mask is still built: it is how the
    random player chooses), so that the difference is the cost of encoding."""
    rng = random.Random(1)
    table = Table()
    planes = np.zeros((table.planes, 34), dtype=np.float32)
    mask = np.zeros(235, dtype=np.int8)
    moves = 0
    for number in range(hands):
        table.reset(number)
        while not table.done:
            seat = table.seat
            assert seat is not None
            if observe:
                table.observe(seat, planes)
            table.mask(seat, mask)
            legal = mask.nonzero()[0]
            table.play(seat, int(legal[rng.randrange(len(legal))]))
            moves += 1
    return hands, moves


def run_aec(hands: int) -> tuple[int, int]:
    from mahjongkit.mcr.env import MahjongEnv

    rng = random.Random(1)
    env = MahjongEnv()
    moves = 0
    for number in range(hands):
        env.reset(seed=number)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
    return hands, moves


def run_vector(hands: int, games: int) -> tuple[float, int]:
    rng = np.random.default_rng(1)
    play = VectorSelfPlay(games)
    _, masks, _ = play.reset(seeds=list(range(games)))
    moves = 0
    while play.episodes.sum() < hands:
        # A uniform random legal index per game: the arg-max of random keys on the mask.
        keys = rng.random(masks.shape)
        keys[~masks] = -1.0
        _, masks, _, _, _ = play.step(keys.argmax(axis=1))
        moves += games
    # Hands in progress count by their moves so far, at the finished hands' moves per hand.
    finished = int(play.episodes.sum())
    in_progress = sum(len(table.game.move_log) for table in play.tables if table.game)
    per_hand = (moves - in_progress) / finished
    return finished + in_progress / per_hand, moves


def once(run: Callable[[], tuple[float, int]]) -> tuple[float, float]:
    """Hands per CPU-second and microseconds per move of one run."""
    start = time.process_time()
    hands, moves = run()
    seconds = time.process_time() - start
    return hands / seconds, seconds / moves * 1e6


def micro(states: int = 300, passes: int = 5) -> dict[str, float]:
    """Best-of-passes microseconds of encode, sync and mask over states of real games."""
    rng = random.Random(2)
    game = Rules("micro")
    snapshots = []
    for _ in range(states):
        snapshots.append(game.clone())
        seat = game.waiting_on[0]
        game.apply(seat, rng.choice(game.legal(seat)))
        if not game.is_active:
            game = Rules(f"micro-{len(snapshots)}")
    observer = Observer()
    out = np.zeros((observer.planes, 34), dtype=np.float32)
    table = Table()
    mask = np.zeros(235, dtype=np.int8)
    best = {"encode": 1e9, "sync": 1e9, "mask": 1e9}
    for _ in range(passes):
        observer.reset()
        start = time.perf_counter()
        for snapshot in snapshots:
            observer.sync(snapshot)
        best["sync"] = min(best["sync"], (time.perf_counter() - start) / len(snapshots))
        encodes, seconds = 0, 0.0
        for snapshot in snapshots:
            observer.sync(snapshot)
            start = time.perf_counter()
            for seat in range(4):
                observer.encode(seat, out)
            seconds += time.perf_counter() - start
            encodes += 4
        best["encode"] = min(best["encode"], seconds / encodes)
        seconds = 0.0
        for snapshot in snapshots:
            seat = snapshot.waiting_on[0]
            snapshot.legal(seat)  # the rules' own list is cached: time only the encoding
            table.game, table.done, table.seat = snapshot, False, seat
            table.observer.sync(snapshot)
            start = time.perf_counter()
            table._legal = None
            table.mask(seat, mask)
            seconds += time.perf_counter() - start
        best["mask"] = min(best["mask"], seconds / len(snapshots))
        start = time.perf_counter()
        for _ in range(1000):
            np.add(out[0], out[1], out=out[2])
        best["numpy add of 34 floats"] = min(
            best.get("numpy add of 34 floats", 1e9), (time.perf_counter() - start) / 1000
        )
    return {name: value * 1e6 for name, value in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--games", type=int, nargs="+", default=[16, 64], help="K of the vectorised runs"
    )
    parser.add_argument(
        "--only",
        choices=["rules", "masked", "table", "aec", "vector"],
        help="run one row once and print its moves (for an instruction count under callgrind)",
    )
    args = parser.parse_args()
    hands, repeat = args.hands, args.repeat
    if args.only is not None:
        only = {
            "rules": lambda: run_rules(hands),
            "masked": lambda: run_table(hands, observe=False),
            "table": lambda: run_table(hands),
            "aec": lambda: run_aec(hands),
            "vector": lambda: run_vector(hands, args.games[0]),
        }[args.only]
        print(f"{args.only}: hands, moves = {only()}")
        return
    with open("/proc/loadavg") as handle:
        print("load average at start:", handle.read().split()[:3])
    rows = [
        ("rules (engine alone)", lambda: run_rules(hands)),
        ("table, mask only (no observation)", lambda: run_table(hands, observe=False)),
        ("table (observation + mask every step)", lambda: run_table(hands)),
        ("aec (PettingZoo agent_iter/last/step)", lambda: run_aec(hands)),
    ]
    rows += [
        (f"vector (K = {k})", lambda k=k: run_vector(max(hands, 4 * k), k)) for k in args.games
    ]
    # The rows take turns within each repeat, so that a change of load hits them alike.
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in rows}
    for _ in range(repeat):
        for name, run in rows:
            runs[name].append(once(run))
    floor = statistics.median(rate for rate, _ in runs[rows[0][0]])
    for name, _ in rows:
        rate = statistics.median(r for r, _ in runs[name])
        per_move = statistics.median(m for _, m in runs[name])
        print(
            f"{name:42s} {rate:8.1f} hands/CPU-s  {per_move:6.1f} µs/move"
            f"  ({rate / floor:.2f} of the engine alone)"
        )
    engine = statistics.median(m for _, m in runs[rows[0][0]])
    masked = statistics.median(m for _, m in runs[rows[1][0]])
    full = statistics.median(m for _, m in runs[rows[2][0]])
    print(
        f"per move: engine {engine:.1f} µs; the table's mask, sync and bookkeeping"
        f" {masked - engine:.1f} µs; the observation {full - masked:.1f} µs"
    )
    for name, value in micro().items():
        print(f"{name:24s} {value:6.2f} µs")
    with open("/proc/loadavg") as handle:
        print("load average at end:", handle.read().split()[:3])


if __name__ == "__main__":
    main()
