"""Vectorised MCR self-play on one core and on several: the same batch of steps timed in
wall-clock time with 1 worker process and with 2 (or ``--workers``), side by side.

    PYTHONPATH=python python benchmarks/bench_mcr_rl_scale.py

Every row plays the very same games: ``--games`` K games from the same seeds, ``--steps``
steps, the action of each game drawn from its mask with random keys taken from a pool drawn
once (so the learner's stand-in costs the same small time in every row and the games do not
depend on the row: :class:`~mahjongkit.mcr.rl.parallel.ParallelSelfPlay` plays game ``k``
exactly as :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay` does). Rows:

* ``VectorSelfPlay`` in this process (no worker: the reference);
* ``ParallelSelfPlay`` with 1 worker process (the same work plus the message and the
  shared memory of each step);
* ``ParallelSelfPlay`` with 2 workers (half the games each), stepped with ``step`` (every
  step waits for both workers);
* the same with ``send``/``recv`` (each worker's half goes on as soon as its actions are
  chosen; each game still gets the same actions, from its own step count).

Rows take turns within each repeat; the table gives medians of the wall time, hands ended
per wall-second, and the speed-up of each row over the 1-worker row, which is the figure
to read (the issue's target: at least 1.8x with 2 workers on 2 free cores), and the CPU
seconds of all the row's processes (what the split costs in work, whatever the load) and
of this process alone (the serial part: the actions, their check, the messages). The load
average (``/proc/loadavg``) is printed at the start and the end, and the cores the run got
(the same speed-up for pure interpreter work in as many processes, nothing shared, before
and after): on a machine whose cores other processes use, the wall time only shows the
share the scheduler gives, and the self-play's speed-up is to be read against that one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import numpy as np

KEY_POOL = 64  # random key matrices drawn once, used in turn


def cpu_seconds(environment: Any) -> tuple[float, float]:
    """CPU seconds (user + system) so far of this process and of it with ``environment``'s
    worker processes, if any (Linux ``/proc``)."""
    mine = total = time.process_time()
    ticks = os.sysconf("SC_CLK_TCK")
    for process in getattr(environment, "_processes", []):
        with open(f"/proc/{process.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return mine, total


def play(
    environment: Any, games: int, steps: int, pool: np.ndarray
) -> tuple[float, tuple[float, float], int]:
    """Reset ``environment`` to seeds 0..K-1 and make ``steps`` steps; (wall seconds, CPU
    seconds of this process and of all during the steps, episodes ended)."""
    _, masks, _ = environment.reset(seeds=list(range(games)))
    ended = 0
    start, cpu = time.perf_counter(), cpu_seconds(environment)
    for step in range(steps):
        actions = (pool[step % len(pool)] * masks).argmax(axis=1)
        _, masks, _, _, dones = environment.step(actions)
        ended += int(dones.sum())
    mine, total = cpu_seconds(environment)
    return time.perf_counter() - start, (mine - cpu[0], total - cpu[1]), ended


def play_unbarriered(
    environment: Any, games: int, steps: int, pool: np.ndarray
) -> tuple[float, tuple[float, float], int]:
    """:func:`play` through ``async_reset``/``recv``/``send``: each worker's batch makes
    ``steps`` steps, its actions drawn from the pool by its own step count."""
    environment.async_reset(seeds=list(range(games)))
    batches = [environment.recv() for _ in range(environment.workers)]  # dealt, untimed
    made = dict.fromkeys((int(batch.ids[0]) for batch in batches), 0)
    ended = 0
    start, cpu = time.perf_counter(), cpu_seconds(environment)
    for batch in batches:
        first = int(batch.ids[0])
        keys = pool[0][first : first + len(batch.ids)]
        environment.send((keys * batch.masks).argmax(axis=1), batch.ids)
        made[first] = 1
    running = len(batches)
    while running:
        batch = environment.recv()
        first = int(batch.ids[0])
        ended += int(batch.dones.sum())
        if made[first] == steps:
            running -= 1
            continue
        keys = pool[made[first] % len(pool)][first : first + len(batch.ids)]
        environment.send((keys * batch.masks).argmax(axis=1), batch.ids)
        made[first] += 1
    mine, total = cpu_seconds(environment)
    return time.perf_counter() - start, (mine - cpu[0], total - cpu[1]), ended


def spin(count: int) -> int:
    """Pure interpreter work, nothing shared: the yardstick of free cores."""
    total = 0
    for number in range(count):
        total += number
    return total


def capacity(pool: Any, workers: int, count: int) -> float:
    """How many cores this run gets now: the wall time of one ``spin`` over that of
    ``workers`` spins in as many processes at once, times ``workers`` (2.0 on two free
    cores; about 1.0 when others keep one busy)."""
    start = time.perf_counter()
    pool.map(spin, [count])
    one = time.perf_counter() - start
    start = time.perf_counter()
    pool.map(spin, [count] * workers, chunksize=1)
    many = time.perf_counter() - start
    return workers * one / many


FREE = 1.9  # a window whose yardstick reaches this had (nearly) two free cores


def load_average() -> str:
    with open("/proc/loadavg") as handle:
        return " ".join(handle.read().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=256, help="K games stepped together")
    parser.add_argument("--steps", type=int, default=300, help="steps timed per row and repeat")
    parser.add_argument("--workers", type=int, default=2, help="workers of the last rows")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--spin", type=int, default=4_000_000, help="the yardstick's loop")
    args = parser.parse_args()

    import multiprocessing

    from mahjongkit.mcr.rl.encoding import ACTIONS
    from mahjongkit.mcr.rl.parallel import ParallelSelfPlay
    from mahjongkit.mcr.rl.vector import VectorSelfPlay

    print(f"load average at start: {load_average()}", flush=True)
    # Keys in (1, 2): a legal index always beats the zeros of the illegal ones.
    pool = 1 + np.random.default_rng(1).random((KEY_POOL, args.games, ACTIONS), np.float32)
    rows: dict[str, Any] = {"VectorSelfPlay, this process": VectorSelfPlay(args.games)}
    one_name = "ParallelSelfPlay, 1 worker"
    rows[one_name] = ParallelSelfPlay(args.games, workers=1)
    many = ParallelSelfPlay(args.games, workers=args.workers)
    ways = {
        way: f"ParallelSelfPlay, {args.workers} workers, {way}" for way in ("step", "send/recv")
    }
    for name in ways.values():
        rows[name] = many
    players = {name: play_unbarriered if "send/recv" in name else play for name in rows}
    times: dict[str, list[float]] = {name: [] for name in rows}
    cpus: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
    hands: dict[str, int] = {}
    windows: list[float] = []
    spinners = multiprocessing.get_context("spawn").Pool(args.workers)
    try:
        spinners.map(spin, [1] * args.workers)  # started and imported before timing
        for name, environment in rows.items():  # warm up: imports, first touches of arrays
            players[name](environment, args.games, min(args.steps, 20), pool)
        names = list(rows)
        for repeat in range(args.repeat):
            # A window: the yardstick, every row (in turn, starting from another each time),
            # the yardstick again; the window's cores are the lower of the two.
            before = capacity(spinners, args.workers, args.spin)
            for name in names[repeat % len(names) :] + names[: repeat % len(names)]:
                seconds, cpu, ended = players[name](rows[name], args.games, args.steps, pool)
                times[name].append(seconds)
                cpus[name].append(cpu)
                hands[name] = ended
            windows.append(min(before, capacity(spinners, args.workers, args.spin)))
    finally:
        spinners.terminate()
        for environment in set(rows.values()):
            if isinstance(environment, ParallelSelfPlay):
                environment.close()
    if len(set(hands.values())) != 1:
        raise AssertionError(f"the rows played different games: {hands}")
    ended = next(iter(hands.values()))
    one = statistics.median(times[one_name])
    print(
        f"\nK = {args.games} games, {args.steps} steps ({ended} hands) per row,"
        f" median of {args.repeat} windows\n"
    )
    moves = args.games * args.steps
    print(
        "| row | wall s | moves/wall-s | hands/wall-s | speed-up over 1 worker"
        " | CPU s, all processes | of which this process |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, values in times.items():
        seconds = statistics.median(values)
        print(
            f"| {name} | {seconds:.3f} | {moves / seconds:,.0f} | {ended / seconds:,.0f}"
            f" | {one / seconds:.2f}x | {statistics.median(c[1] for c in cpus[name]):.2f}"
            f" | {statistics.median(c[0] for c in cpus[name]):.2f} |"
        )
    free = [r for r, cores in enumerate(windows) if cores >= FREE]
    got = ", ".join(f"{cores:.2f}" for cores in windows)
    print(
        f"\ncores each window got ({args.workers} busy processes against one): {got};"
        f" median {statistics.median(windows):.2f}"
    )
    print(
        f"\n| {args.workers} workers over 1 | all {len(windows)} windows, median"
        f" | the {len(free)} windows with two free cores (yardstick >= {FREE}), median |"
    )
    print("| --- | ---: | ---: |")
    for way, name in ways.items():
        ratios = [times[one_name][r] / times[name][r] for r in range(len(windows))]
        within = statistics.median(ratios[r] for r in free) if free else float("nan")
        print(f"| {way} | {statistics.median(ratios):.2f}x | {within:.2f}x |")
    print(f"\nload average at end: {load_average()}")


if __name__ == "__main__":
    main()
