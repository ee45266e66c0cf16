"""The MCR reinforcement-learning layer: hands per CPU-second with random legal actions drawn
from the masks and an observation encoded at every step, and what one observation costs.

Measured side by side in one run (process CPU time, median of ``--repeat``):

* ``rules``: the rules engine alone, a random legal ``Move`` per step (the floor: no
  encoding at all);
* ``table``: :class:`~mahjongkit.mcr.rl.table.Table` (what every environment steps), an
  observation and a mask for the seat to act, a random index among the mask's;
* ``aec``: the PettingZoo environment through ``agent_iter`` / ``last`` / ``step``;
* ``vector``: :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay` with ``K`` games per call;
* ``gym``: the Gymnasium wrapper, a random learner in seat 0 against level-1 bots (their
  thinking is most of its time);
* the ``table``, ``vector`` and ``gym`` loops again with the pure-Python observer and mask
  (``impl="python"``), the default being the C++ one;
* the breakdown of ``table`` per move, by difference: the same loop without the
  observation (the mask is still built, the random player draws from it), and the engine
  alone (timers around the parts would cost more than the parts);
* micro-timings, C++ and Python observers: one observation (``encode`` into a buffer), one
  ``sync`` after a move of a live game (with its events, as the table does), one mask; best
  of several passes over the moves of real games.

    python benchmarks/bench_mcr_rl.py --hands 100 --repeat 3

Times on the shared machine vary by a third from run to run; instruction counts do not.
``--only ROW`` runs one row once, to count its instructions under callgrind::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/bench_mcr_rl.py --only table --hands 4
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import ONE_HAND
from mahjongkit.mcr.rl._cpp import EngineObserver
from mahjongkit.mcr.rl.encoding import legal_indices
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


def run_table(hands: int, observe: bool = True, impl: str | None = None) -> tuple[int, int]:
    """``observe=False`` skips the observation (the mask is still built: it is how the
    random player chooses), so that the difference is the cost of encoding."""
    rng = random.Random(1)
    table = Table(impl=impl)
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


def run_aec(hands: int, wrapped: bool = False) -> tuple[int, int]:
    """The PettingZoo loop over ``MahjongEnv`` (``raw_env``), or over ``env()`` (its wrapped
    face: the order and illegal-move checks inside) when ``wrapped``."""
    from mahjongkit.mcr.env import MahjongEnv
    from mahjongkit.mcr.env import env as make_env

    rng = random.Random(1)
    env = make_env() if wrapped else MahjongEnv()
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


def run_single(hands: int, impl: str | None = None) -> tuple[int, int]:
    """The Gymnasium wrapper: a random learner in seat 0, level-1 bots in the others (the
    bots' thinking is most of it; every seat's move counts)."""
    from mahjongkit.mcr.rl.single import SingleAgentEnv

    rng = random.Random(1)
    env = SingleAgentEnv(opponents=1, impl=impl)
    moves = 0
    for number in range(hands):
        observation, _ = env.reset(seed=number)
        done = False
        while not done:
            legal = observation["action_mask"].nonzero()[0]
            observation, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
        game = env.table.game
        assert game is not None
        moves += len(game.move_log)
    return hands, moves


WARM_UP = 300  # steps: about two hands of every game


def run_vector(hands: int, games: int, impl: str | None = None) -> tuple[float, int, float]:
    """Hands ended, moves and CPU seconds of vectorised random self-play in steady state:
    a warm-up of WARM_UP steps (not timed) spreads the games over every point of a hand
    first, so that the hands in progress when the clock starts and when it stops even out;
    then the clock runs until ``hands`` more hands have ended."""
    rng = np.random.default_rng(1)
    play = VectorSelfPlay(games, impl=impl)
    _, masks, _ = play.reset(seeds=list(range(games)))

    def step() -> npt.NDArray[np.int8]:
        # A uniform random legal index per game: the arg-max of random keys on the mask.
        keys = rng.random(masks.shape)
        keys[masks == 0] = -1.0
        return play.step(keys.argmax(axis=1))[1]

    for _ in range(WARM_UP):
        masks = step()
    before = int(play.episodes.sum())
    moves = 0
    start = time.process_time()
    while play.episodes.sum() - before < hands:
        masks = step()
        moves += games
    return int(play.episodes.sum()) - before, moves, time.process_time() - start


def pku_environment(path: str) -> Any:
    """The PKU course's environment (``MahjongGBEnv`` of its ``env.py`` with the
    ``FeatureAgent`` of its ``feature.py`` and ``agent.py``, all in ``path``; not part of this
    repository: see benchmarks/README.md for where the public copies are). Its imports of
    ``gym`` and ``torch``, which its environment does not use, get empty stand-ins when they
    are not installed; its scorer is PyMahjongGB (``pip install PyMahjongGB``)."""
    import sys
    import types

    for name in ("gym", "gym.spaces", "torch", "torch.nn", "torch.optim"):
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except ImportError:
                stand_in = types.ModuleType(name)
                stand_in.Env = object  # type: ignore[attr-defined]
                for attribute in ("Discrete", "Box", "Dict"):
                    setattr(stand_in, attribute, lambda *args, **kwargs: None)
                sys.modules[name] = stand_in
    sys.modules["gym"].spaces = sys.modules["gym.spaces"]  # type: ignore[attr-defined]
    loaded = {}
    # The course's modules import each other by bare name: each is loaded from its file
    # under that name, in the order they need each other.
    for name in ("agent", "feature", "env"):
        spec = importlib.util.spec_from_file_location(name, Path(path) / f"{name}.py")
        assert spec is not None and spec.loader is not None, f"no {name}.py in {path}"
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        loaded[name] = module
    feature, course_env = loaded["feature"], loaded["env"]
    agent = feature.FeatureAgent
    for attribute in ("observation_space", "action_space"):
        if not hasattr(agent, attribute):
            setattr(agent, attribute, None)
    return course_env.MahjongGBEnv({"agent_clz": agent})


def run_pku(hands: int, path: str) -> tuple[int, int]:
    """The PKU course's environment, random masked play: every seat asked draws a uniform
    random legal index from its mask (as the course's actors do with a policy)."""
    rng = random.Random(1)
    random.seed(1)  # the environment shuffles its walls with the random module
    environment = pku_environment(path)
    moves = 0
    for _ in range(hands):
        observations = environment.reset()
        done = False
        while not done:
            actions = {}
            for agent, seen in observations.items():
                legal = seen["action_mask"].nonzero()[0]
                actions[agent] = int(legal[rng.randrange(len(legal))])
            moves += len(actions)
            observations, _, dones, _ = environment.step(actions)
            done = dones["__all__"]
    return hands, moves


def once(run: Callable[[], tuple[float, ...]]) -> tuple[float, float]:
    """Hands per CPU-second and microseconds per move of one run (timed here, or by the
    run itself when it gives its seconds third)."""
    start = time.process_time()
    hands, moves, *timed = run()
    seconds = timed[0] if timed else time.process_time() - start
    return hands / seconds, seconds / moves * 1e6


def micro(games: int = 4, passes: int = 5) -> dict[str, float]:
    """Best-of-passes microseconds of encode, sync and mask, C++ and Python observers,
    over the moves of ``games`` one-hand games played by a random player."""
    best: dict[str, float] = {}

    def keep(name: str, seconds: float, count: int) -> None:
        best[name] = min(best.get(name, 1e9), seconds / count * 1e6)

    mask = np.zeros(235, dtype=np.int8)
    for _ in range(passes):
        for name, make in (("C++", EngineObserver), ("Python", Observer)):
            rng = random.Random(2)
            observer = make()
            out = np.zeros((observer.planes, 34), dtype=np.float32)
            syncs = encodes = masks = 0
            sync_time = encode_time = mask_time = 0.0
            for number in range(games):
                game = Rules(f"micro-{number}", variant=ONE_HAND)
                game.take_outcomes()
                observer.reset()
                observer.sync(game)
                while game.is_active:
                    seat = game.waiting_on[0]
                    legal = game.legal(seat)
                    start = time.perf_counter()
                    if isinstance(observer, EngineObserver):
                        observer.mask(seat, legal, mask)
                    else:
                        mask[:] = 0
                        mask[legal_indices(game, seat)] = 1
                    mask_time += time.perf_counter() - start
                    masks += 1
                    start = time.perf_counter()
                    observer.encode(seat, out)
                    encode_time += time.perf_counter() - start
                    encodes += 1
                    game.apply(seat, rng.choice(legal))
                    events = game.take_outcomes()
                    start = time.perf_counter()
                    observer.sync(game, events)
                    sync_time += time.perf_counter() - start
                    syncs += 1
            keep(f"encode ({name})", encode_time, encodes)
            keep(f"sync ({name})", sync_time, syncs)
            keep(f"mask ({name})", mask_time, masks)
    out = np.zeros((2, 34), dtype=np.float32)
    start = time.perf_counter()
    for _ in range(1000):
        np.add(out[0], out[1], out=out[1])
    keep("numpy add of 34 floats", time.perf_counter() - start, 1000)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--games", type=int, nargs="+", default=[16, 64], help="K of the vectorised runs"
    )
    parser.add_argument(
        "--pku",
        nargs="*",
        default=[],
        metavar="DIR",
        help="folders each holding the PKU course's env.py, feature.py and agent.py: a row"
        " each, and every row's ratio to the first (see benchmarks/README.md)",
    )
    parser.add_argument(
        "--only",
        choices=[
            "rules",
            "masked",
            "table",
            "aec",
            "vector",
            "gym",
            "table-python",
            "vector-python",
        ],
        help="run one row once and print its moves (for an instruction count under callgrind)",
    )
    args = parser.parse_args()
    hands, repeat = args.hands, args.repeat
    if args.only is not None:
        only: Callable[[], tuple[float, ...]] = {
            "rules": lambda: run_rules(hands),
            "masked": lambda: run_table(hands, observe=False),
            "table": lambda: run_table(hands),
            "aec": lambda: run_aec(hands),
            "vector": lambda: run_vector(hands, args.games[0]),
            "gym": lambda: run_single(hands),
            "table-python": lambda: run_table(hands, impl="python"),
            "vector-python": lambda: run_vector(hands, args.games[0], impl="python"),
        }[args.only]
        print(f"{args.only}: hands, moves = {only()}")
        return
    for module in ("mahjongkit.mcr.env", "mahjongkit.mcr.rl.single"):
        importlib.import_module(module)  # PettingZoo's and Gymnasium's imports are not the loops'

    with open("/proc/loadavg") as handle:
        print("load average at start:", handle.read().split()[:3])
    rows: list[tuple[str, Callable[[], tuple[float, ...]]]] = [
        ("rules (engine alone)", lambda: run_rules(hands)),
        ("table, mask only (no observation)", lambda: run_table(hands, observe=False)),
        ("table (observation + mask every step)", lambda: run_table(hands)),
        ("aec (PettingZoo agent_iter/last/step)", lambda: run_aec(hands)),
        ("env() (PettingZoo, wrapped face)", lambda: run_aec(hands, wrapped=True)),
    ]
    for k in args.games:
        rows.append((f"vector (K = {k})", partial(run_vector, max(hands, 4 * k), k)))
    first = args.games[0]
    rows += [
        ("table, Python observer", lambda: run_table(hands, impl="python")),
        (
            f"vector (K = {first}), Python observer",
            lambda: run_vector(max(hands, 4 * first), first, impl="python"),
        ),
        ("gym (random learner vs level-1 bots)", lambda: run_single(hands // 4)),
        ("gym, Python observer", lambda: run_single(hands // 4, impl="python")),
    ]
    for folder in args.pku:
        rows.append((f"PKU course env ({Path(folder).name})", partial(run_pku, hands, folder)))
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
    pku = [name for name, _ in rows if name.startswith("PKU")]
    for course in pku:
        base = statistics.median(r for r, _ in runs[course])
        for name, _ in rows:
            if not name.startswith("PKU"):
                rate = statistics.median(r for r, _ in runs[name])
                print(f"{name:42s} {rate / base:6.1f}x {course}")
    engine = statistics.median(m for _, m in runs[rows[0][0]])
    masked = statistics.median(m for _, m in runs[rows[1][0]])
    full = statistics.median(m for _, m in runs[rows[2][0]])
    print(
        f"per move: engine {engine:.1f} µs; the table's mask, sync and bookkeeping"
        f" {masked - engine:.1f} µs; the observation {full - masked:.1f} µs"
    )
    for name, value in micro().items():
        print(f"{name:30s} {value:6.2f} µs")
    with open("/proc/loadavg") as handle:
        print("load average at end:", handle.read().split()[:3])


if __name__ == "__main__":
    main()
