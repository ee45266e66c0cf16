"""Level 4's rollouts on two builds of the extension side by side: rollouts per CPU second of
the C++ search and level 4's CPU per decision, each build in its own child process, taking
turns round by round so that the load of a shared machine weighs on both alike.

A build is ``NAME=PATH`` to a ``_core`` shared object (``installed`` for the one this
environment imports), loaded in place of ``mahjongkit._core`` before anything imports it: the
Python code is this checkout's for both, so only the C++ differs. The two play the same games
(level 4's results are the same by design, ``tests/mcr/test_rollout_golden.py``); a digest of
every move and every search's scores is printed, and must agree.

    nice -n 5 python -m benchmarks.bench_mcr_rollout_builds \\
        --build main=/tmp/main/_core.cpython-311-x86_64-linux-gnu.so --build this=installed
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from typing import cast


def _load_core(path: str) -> None:
    """Import ``mahjongkit._core`` from ``path`` (the package's own is then never loaded)."""
    if path == "installed":
        return
    import mahjongkit

    spec = importlib.util.spec_from_file_location("mahjongkit._core", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mahjongkit._core"] = module
    spec.loader.exec_module(module)
    mahjongkit._core = module  # type: ignore[attr-defined]


def _rollouts(variant: str, deals: int, worlds: int) -> dict[str, object]:
    """The C++ search alone: three candidates (the first legal moves) at the first decision
    after 6, 20, 34 and 48 moves of level-2 games, ``worlds`` worlds each."""
    from mahjongkit.mcr.arena import deal_rules
    from mahjongkit.mcr.players.bot import Bot, view_of
    from mahjongkit.mcr.players.search import SearchReport, _cpp_scores

    views = []
    for deal in range(deals):
        game = deal_rules(variant, "bench-builds", deal)
        bots = [Bot(2, seed=f"b{s}") for s in range(4)]
        for at in (6, 20, 34, 48):
            while game.is_active and game.moves < at:
                seat = game.waiting_on[0]
                game.apply(seat, bots[seat].choose(view_of(game, seat)))
            if not game.is_active:
                break
            view = view_of(game, game.waiting_on[0])
            if len(view.legal) > 1:
                views.append(view)
    digest = hashlib.sha256()
    rollouts, spent = 0, 0.0
    for i, view in enumerate(views):
        bot = Bot(4, seed="bench", rollouts=3 * worlds)
        report = SearchReport()
        start = time.process_time()
        scores = _cpp_scores(bot, view, list(view.legal[:3]), i, report, worlds=worlds)
        spent += time.process_time() - start
        rollouts += report.rollouts
        digest.update(repr(scores).encode())
    return {"rollouts": rollouts, "seconds": spent, "digest": digest.hexdigest()[:16]}


def _cost(variant: str, hands: int, seed: str) -> dict[str, object]:
    """As ``bench_mcr_strength --cost bot:4``: one level-4 seat among three level-3 bots; the
    CPU of each of its decisions, and of the searched ones."""
    from benchmarks.bench_mcr_strength import timed_decisions

    from mahjongkit.mcr.players.bot import Bot

    times: list[float] = []
    searched: list[float] = []
    digest = hashlib.sha256()
    for mine, spent, player, move in timed_decisions(
        variant, seed, hands, lambda s: Bot(4, seed=s)
    ):
        if mine:
            times.append(spent)
            report = getattr(player, "report", None)
            if report is not None and report.rollouts:
                searched.append(spent)
                digest.update(f"{report.means}".encode())
        digest.update(f"{move};".encode())
    return {"times": times, "searched": searched, "digest": digest.hexdigest()[:16]}


def _child(args: argparse.Namespace) -> None:
    _load_core(args.child)
    if args.mode == "rollouts":
        out = _rollouts(args.variant, args.deals, args.worlds)
    else:
        out = _cost(args.variant, args.hands, args.seed)
    print(json.dumps(out))


def _run(path: str, mode: str, variant: str, args: argparse.Namespace) -> dict[str, object]:
    command = [sys.executable, "-m", "benchmarks.bench_mcr_rollout_builds", "--child", path]
    command += ["--mode", mode, "--variant", variant, "--deals", str(args.deals)]
    command += ["--worlds", str(args.worlds), "--hands", str(args.hands), "--seed", args.seed]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--modes", default="rollouts,cost")
    parser.add_argument("--variants", default="botzone,mcr")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each build (rollouts)")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=300)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", default="cost35r")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--mode", help=argparse.SUPPRESS)
    parser.add_argument("--variant", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args)
        return
    builds = dict(b.split("=", 1) for b in args.build) or {"installed": "installed"}
    names = list(builds)
    for variant in args.variants.split(","):
        if "rollouts" in args.modes.split(","):
            rates: dict[str, list[float]] = {n: [] for n in names}
            digests: dict[str, set[object]] = {n: set() for n in names}
            load = _load()
            for _ in range(args.rounds):
                for name in names:
                    r = _run(builds[name], "rollouts", variant, args)
                    rates[name].append(cast(int, r["rollouts"]) / cast(float, r["seconds"]))
                    digests[name].add(r["digest"])
            same = len(set().union(*digests.values())) == 1
            line = ", ".join(f"{n} {statistics.median(rates[n]):,.0f}" for n in names)
            ratio = statistics.median(rates[names[-1]]) / statistics.median(rates[names[0]])
            print(
                f"{variant} rollouts a CPU second (median of {args.rounds}): {line};"
                f" {names[-1]}/{names[0]} {ratio:.2f}x; same scores: {same};"
                f" load {load} then {_load()}",
                flush=True,
            )
        if "cost" in args.modes.split(","):
            load = _load()
            results = {n: _run(builds[n], "cost", variant, args) for n in names}
            for n in names:
                times = sorted(cast(list[float], results[n]["times"]))
                searched = cast(list[float], results[n]["searched"])
                p90 = times[int(0.9 * len(times))]
                print(
                    f"{variant} {n}: {len(times)} decisions in {args.hands} hands, CPU median"
                    f" {statistics.median(times):.3f} s, 90th percentile {p90:.3f} s,"
                    f" mean {sum(times) / len(times):.3f} s; searched {len(searched)},"
                    f" their median {statistics.median(searched):.3f} s",
                    flush=True,
                )
            same = len({r["digest"] for r in results.values()}) == 1
            print(f"{variant} same moves and means: {same}; load {load} then {_load()}", flush=True)


if __name__ == "__main__":
    main()
