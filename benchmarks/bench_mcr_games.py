"""Whole 16-hand MCR games per second with random legal players.

Each game is played to the end by seeded random players (any legal win taken, claims made
with probability 0.6, otherwise a random legal move). Reported for both implementations of
the hand hot path the rules call (``MAHJONGKIT_IMPLEMENTATION=cpp|python``), with and
without ``check_invariants`` after every move, in one run so the ratios are fair. The
correctness checks of ``tests/mcr/test_random_games.py`` also run here on every game played:
totals sum to zero and every win is scored again.

    python benchmarks/bench_mcr_games.py --games 40 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.score import score


def random_move(rng: random.Random, legal: list[Move]) -> Move:
    wins = [m for m in legal if m.kind is MoveKind.WIN]
    if wins:
        return wins[0]
    claims = [m for m in legal if m.kind not in (MoveKind.PASS, MoveKind.DISCARD)]
    if claims and rng.random() < 0.6:
        return rng.choice(claims)
    return rng.choice(legal)


def play(seed: str, check: bool) -> tuple[Rules, int]:
    game = Rules(seed)
    rng = random.Random(seed)
    moves = 0
    while game.is_active:
        seat = rng.choice(game.waiting_on)
        game.apply(seat, random_move(rng, game.legal(seat)))
        moves += 1
        if check:
            assert game.check_invariants() == []
        game.take_outcomes()
    return game, moves


def verify(game: Rules) -> int:
    assert sum(game.totals) == 0
    wins = 0
    for record in game.history:
        if record.winner is not None:
            assert record.context is not None
            assert int(score(parse_hand(record.hand), record.context).total) == record.points
            wins += 1
    return wins


def measure(games: int, check: bool, impl: str) -> tuple[float, int, int]:
    os.environ["MAHJONGKIT_IMPLEMENTATION"] = impl
    start = time.perf_counter()
    played = []
    moves = 0
    for index in range(games):
        game, count = play(f"bench-{index}", check)
        played.append(game)
        moves += count
    elapsed = time.perf_counter() - start
    wins = sum(verify(game) for game in played)
    return elapsed, moves, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for impl in ("cpp", "python"):
        for check in (False, True):
            times = []
            for _ in range(args.repeat):
                elapsed, moves, wins = measure(args.games, check, impl)
                times.append(elapsed)
            median = statistics.median(times)
            rows.append((impl, check, args.games / median, moves / median, wins))
    base = rows[0][2]
    print(f"{args.games} games, median of {args.repeat} runs")
    print(f"{'impl':6} {'invariants':10} {'games/s':>8} {'moves/s':>9} {'ratio':>6} {'wins':>5}")
    for impl, check, games_per_s, moves_per_s, wins in rows:
        print(
            f"{impl:6} {'checked' if check else '-':10} {games_per_s:8.2f} {moves_per_s:9.0f}"
            f" {games_per_s / base:6.2f} {wins:5d}"
        )


if __name__ == "__main__":
    main()
