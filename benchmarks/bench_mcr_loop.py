"""The MCR game loop: decisions and hands per CPU-second, now and at a baseline commit.

Five measures, each in a fresh subprocess timed by CPU time (``time.process_time``):

* ``play``: random legal self-play (a seeded player takes a win whenever offered, a claim
  with probability 0.6, else any legal move); decisions with a real choice (more than one
  legal move) and whole hands per CPU-second;
* ``check``: the same with ``check_invariants()`` after every move;
* ``clone``: microseconds per ``clone()`` of mid-hand states (40 moves into a hand);
* ``bots``: whole sixteen-hand games per CPU-second between four level-2 bots;
* ``engine``: the floor of the rules on the C++ hand engine (issue 34): the ``play`` games'
  hands dealt and played by ``HandEngine`` from Python with the same player, the legal
  lists made ``Move`` values; no events, hand values or settlement;
* ``events``: ``engine`` with the rules' typed events of each move, as the engine tells them
  (``game/engine_events.py``): what ``Rules(impl="cpp")`` on the engine adds first.

With ``--baseline COMMIT`` the package at that commit is built once into
``.bench-baseline/COMMIT/`` (a git worktree installed with ``pip install --target``) and
every measure alternates between it and the installed package (or, with ``--now COMMIT``,
that commit built the same way: a branch measured before it is installed), round after
round, so the ratios come from one run under the same load. Prints medians and ratios, and
the load.

``--baseline`` and ``--now`` may also name a folder holding the package as it is: the
installed one's ``site-packages``, or a worktree's ``python/`` after a build in place.

``--player lean`` (the default) draws with ``rng.random()``; ``--player classic`` is the
first round's player (``rng.choice``). Both sides of a run use the same player.

    python -m benchmarks.bench_mcr_loop --baseline 339aaa1 --rounds 3 --seconds 4
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURES = ("play", "check", "clone", "bots", "engine", "events")


def _package_from_pythonpath() -> None:
    """In a worker given a side's folder (``PYTHONPATH``), import the package from there: an
    editable install's import hook would otherwise find the worktree's first, and both sides
    would measure the same code."""
    side = os.environ.get("PYTHONPATH")
    if not side:
        return
    sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("_editable")]
    import mahjongkit

    where = Path(mahjongkit.__file__).resolve()
    if not where.is_relative_to(Path(side).resolve()):
        raise SystemExit(f"the side's package is {where}, not under {side}")


if "--worker" in sys.argv:  # before the package's first import
    _package_from_pythonpath()

try:
    from mahjongkit.mcr.game.moves import MoveKind

    _WIN, _PASS, _KONG = MoveKind.WIN, MoveKind.PASS, MoveKind.KONG
except ImportError:  # the driver process need not import the package
    pass


def _choose(rng: random.Random, legal: list) -> object:  # type: ignore[type-arg]
    """A win whenever offered, a claim (or a kong on one's turn) with probability 0.6, else
    any legal move. Legal lists are sorted, in both the old and the new rules: a win comes
    last, a window's list starts with its pass, a turn's kongs follow its discards."""
    last = legal[-1]
    kind = last.kind
    if kind is _WIN:
        return last
    if legal[0].kind is _PASS:
        claims = legal[1:]
    else:
        claims = [m for m in legal if m.kind is _KONG] if kind is _KONG else []
    if claims and rng.random() < 0.6:
        return rng.choice(claims)
    return rng.choice(legal)


def _choose_lean(rng: random.Random, legal: list) -> object:  # type: ignore[type-arg]
    """The same policy as :func:`_choose` with cheaper draws: ``rng.random()`` scaled to an
    index instead of ``rng.choice`` (a third of its cost), no list built for a window's
    claims (they are ``legal[1:]``). Other games than ``_choose`` plays, same distribution."""
    last = legal[-1]
    kind = last.kind
    if kind is _WIN:
        return last
    draw = rng.random
    n = len(legal)
    if legal[0].kind is _PASS:
        if n > 1 and draw() < 0.6:
            return legal[1 + int(draw() * (n - 1))]
        return legal[int(draw() * n)]
    if kind is _KONG:
        claims = [m for m in legal if m.kind is _KONG]
        if draw() < 0.6:
            return claims[int(draw() * len(claims))]
    return legal[int(draw() * n)]


def worker_play(seconds: float, check: bool, lean: bool) -> dict[str, float]:
    from mahjongkit.mcr.game.rules import Rules

    decisions = choices = hands = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed = f"bench-{games}"
        game = Rules(seed)
        rng = random.Random(seed)
        draw = rng.random
        choose = _choose_lean if lean else _choose
        while game.is_active:
            waiting = game.waiting_on
            if lean:  # no draw when one seat is awaited, else an index scaled from a float
                seat = waiting[0] if len(waiting) == 1 else waiting[int(draw() * len(waiting))]
            else:
                seat = rng.choice(waiting)
            legal = game.legal(seat)
            decisions += 1
            if len(legal) > 1:
                choices += 1
            game.apply(seat, choose(rng, legal))  # type: ignore[arg-type]
            if check:
                assert not game.check_invariants()
            game.take_outcomes()
        hands += len(game.history)
        games += 1
    elapsed = time.process_time() - start
    return {
        "choices_per_s": choices / elapsed,
        "decisions_per_s": decisions / elapsed,
        "hands_per_s": hands / elapsed,
        "games": games,
    }


def worker_engine(seconds: float, lean: bool, events: bool = False) -> dict[str, float]:
    """The floor of the rules played on the C++ hand engine from Python (issue 34's
    ``Rules(impl="cpp")`` on the engine): the same 16-hand games' hands dealt by the engine
    from the seed, each decision the engine's legal list made :class:`Move` values (each
    made once) and the player's move applied; no events, hand values or settlement, which
    the rules would add on top. With ``events`` each move goes through an
    :class:`~mahjongkit.mcr.game.engine_events.EventDriver`, which tells its events."""
    from mahjongkit.mcr.game._cpp import engine_move, hand_engine, move_of

    if events:
        from mahjongkit.mcr.game.engine_events import EventDriver
    from mahjongkit.mcr.game.variant import STANDARD
    from mahjongkit.mcr.hand.wall import seed_bytes
    from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK

    moves: dict[tuple[int, int, int, int], object] = {}
    codes: dict[object, tuple[int, int, int, int]] = {}
    choose = _choose_lean if lean else _choose
    decisions = choices = hands = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed = f"bench-{games}"
        key = seed_bytes(seed)
        rng = random.Random(seed)
        draw = rng.random
        for hand_no in range(1, 17):
            engine = hand_engine(
                GREEN_BOOK, STANDARD, dealer=(hand_no - 1) % 4, prevailing=(hand_no - 1) // 4
            )
            engine.deal_seed(key, hand_no, True)
            driver = EventDriver(engine) if events else None
            while not engine.over:
                bits = engine.waiting
                if bits & (bits - 1):  # more than one seat awaited
                    waiting = [s for s in range(4) if bits >> s & 1]
                    seat = waiting[int(draw() * len(waiting))] if lean else rng.choice(waiting)
                else:
                    seat = engine.first_awaited
                legal = []
                for code in engine.legal(seat):
                    move = moves.get(code)
                    if move is None:
                        move = moves[code] = move_of(*code)
                        codes[move] = code
                    legal.append(move)
                decisions += 1
                if len(legal) > 1:
                    choices += 1
                chosen = choose(rng, legal)
                code = codes.get(chosen) or engine_move(legal[0])
                if driver is None:
                    engine.apply(seat, *code)
                else:
                    driver.apply(seat, moves[code], code)  # type: ignore[arg-type]
            hands += 1
        games += 1
    elapsed = time.process_time() - start
    return {
        "choices_per_s": choices / elapsed,
        "decisions_per_s": decisions / elapsed,
        "hands_per_s": hands / elapsed,
        "games": games,
    }


def worker_clone(seconds: float) -> dict[str, float]:
    from mahjongkit.mcr.game.rules import Rules

    states = []
    for index in range(20):
        seed = f"clone-{index}"
        game = Rules(seed)
        rng = random.Random(seed)
        for _ in range(40):
            seat = rng.choice(game.waiting_on)
            game.apply(seat, _choose(rng, game.legal(seat)))  # type: ignore[arg-type]
        game.legal(game.waiting_on[0])
        states.append(game)
    clones = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for game in states:
            for _ in range(50):
                game.clone()
        clones += 50 * len(states)
    elapsed = time.process_time() - start
    return {"clone_us": 1e6 * elapsed / clones}


def worker_bots(seconds: float) -> dict[str, float]:
    from mahjongkit.mcr.players.bot import play_game

    games = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = play_game(f"bots-{games}", levels=(2, 2, 2, 2))
        games += 1
        hands += len(game.history)
    elapsed = time.process_time() - start
    return {"games_per_s": games / elapsed, "hands_per_s": hands / elapsed}


def worker(measure: str, seconds: float, lean: bool) -> dict[str, float]:
    if measure == "play":
        return worker_play(seconds, check=False, lean=lean)
    if measure == "check":
        return worker_play(seconds, check=True, lean=lean)
    if measure == "clone":
        return worker_clone(seconds)
    if measure == "engine":
        return worker_engine(seconds, lean)
    if measure == "events":
        return worker_engine(seconds, lean, events=True)
    return worker_bots(seconds)


def build_baseline(commit: str) -> Path:
    """The package at ``commit``, installed into a directory of its own (built once)."""
    full = subprocess.run(
        ["git", "rev-parse", commit], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    target = ROOT / ".bench-baseline" / full[:12]
    if (target / "mahjongkit").is_dir():
        return target
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "src"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), full], cwd=ROOT, check=True
        )
        try:
            subprocess.run(
                [sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation",
                 "--no-deps", "--target", str(target), str(tree)],
                check=True,
            )  # fmt: skip
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    return target


def package_at(spec: str) -> Path:
    """The package a side runs: a folder holding it, as it is, or a commit, built once."""
    folder = Path(spec)
    return folder.resolve() if folder.is_dir() else build_baseline(spec)


def run(measure: str, seconds: float, path: Path | None, player: str) -> dict[str, float]:
    # Imported by the parent only: the child runs this file as a script, from elsewhere.
    from benchmarks.child import run_child

    argv = [__file__, "--worker", measure, "--seconds", str(seconds), "--player", player]
    result: dict[str, float] = run_child(argv, path, MAHJONGKIT_IMPLEMENTATION="cpp")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--baseline", help="a commit (or a folder holding the package) to measure side by side"
    )
    parser.add_argument(
        "--now",
        help="measure this commit as the new side, built like the baseline, or a folder "
        "holding the package built in place (a worktree's python/ after a dev build; "
        "default: the installed package)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--measures", default=",".join(MEASURES))
    parser.add_argument(
        "--player",
        choices=("lean", "classic"),
        default="lean",
        help="the random player of both sides: lean (rng.random draws) or classic (rng.choice)",
    )
    parser.add_argument("--worker", choices=MEASURES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds, args.player == "lean")))
        return
    sides: list[tuple[str, Path | None]] = [
        (f"now {args.now}", package_at(args.now)) if args.now else ("now", None)
    ]
    if args.baseline:
        sides.insert(0, (f"base {args.baseline}", package_at(args.baseline)))
    measures = args.measures.split(",")
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    print(f"player: {args.player}; load before: {os.getloadavg()}")
    for _ in range(args.rounds):
        for measure in measures:
            for label, path in sides:
                results.setdefault((measure, label), []).append(
                    run(measure, args.seconds, path, args.player)
                )
    print(f"load after: {os.getloadavg()}")
    for measure in measures:
        keys = sorted({k for r in results[(measure, sides[0][0])] for k in r})
        for key in keys:
            medians = [
                statistics.median(r[key] for r in results[(measure, label)]) for label, _ in sides
            ]
            cells = "  ".join(
                f"{label}: {value:12.2f}" for (label, _), value in zip(sides, medians, strict=True)
            )
            ratio = f"  ratio now/base {medians[-1] / medians[0]:.2f}" if len(sides) > 1 else ""
            print(f"{measure:6} {key:16} {cells}{ratio}")


if __name__ == "__main__":
    main()
