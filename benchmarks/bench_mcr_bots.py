"""MCR bots: whole games per second, and how a level-2 bot fares against three level-1 bots.

Speed: whole 16-hand games played by four bots (all level 1, all level 2) next to the seeded
random players of ``bench_mcr_games.py``, in one run, reported as ratios to the random
players. Strength: N games of one level-2 bot against three level-1 bots, its seat rotating
(game i puts it at seat i mod 4), with its points per game, games finished first (alone or
shared), hands won per game, and the same for an average level-1 seat.

    python benchmarks/bench_mcr_bots.py --games 100 --speed-games 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from mahjongkit.mcr.game.moves import MoveKind
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.players.bot import play_game


def random_game(seed: str) -> Rules:
    game = Rules(seed)
    rng = random.Random(seed)
    while game.is_active:
        seat = rng.choice(game.waiting_on)
        legal = game.legal(seat)
        wins = [m for m in legal if m.kind is MoveKind.WIN]
        claims = [m for m in legal if m.kind not in (MoveKind.PASS, MoveKind.DISCARD)]
        if wins:
            move = wins[0]
        elif claims and rng.random() < 0.6:
            move = rng.choice(claims)
        else:
            move = rng.choice(legal)
        game.apply(seat, move)
        game.take_outcomes()
    return game


def speed(games: int) -> None:
    players: list[tuple[str, Callable[[str], Rules]]] = [
        ("random players", random_game),
        ("bots 1,1,1,1", partial(play_game, levels=(1, 1, 1, 1))),
        ("bots 2,2,2,2", partial(play_game, levels=(2, 2, 2, 2))),
        ("bots 2,1,1,1", partial(play_game, levels=(2, 1, 1, 1))),
    ]
    rows = []
    for label, play in players:
        start = time.perf_counter()
        moves = wins = 0
        for index in range(games):
            game = play(f"speed-{index}")
            moves += game.moves
            wins += sum(1 for r in game.history if r.winner is not None)
        elapsed = time.perf_counter() - start
        rows.append((label, games / elapsed, moves / elapsed, moves / games, wins / games))
    base = rows[0][1]
    print(f"speed over {games} games each")
    print(f"{'players':16} {'games/s':>8} {'moves/s':>8} {'moves/game':>10} {'wins/game':>9} ratio")
    for label, games_s, moves_s, per_game, wins_game in rows:
        print(
            f"{label:16} {games_s:8.2f} {moves_s:8.0f} {per_game:10.0f} {wins_game:9.1f}"
            f" {games_s / base:5.2f}"
        )


def strength(games: int) -> None:
    points2: list[int] = []
    points1: list[float] = []
    first2 = first1 = 0
    hands2 = hands1 = 0
    start = time.perf_counter()
    for index in range(games):
        seat = index % 4
        levels = [1, 1, 1, 1]
        levels[seat] = 2
        game = play_game(f"duel-{index}", tuple(levels))
        assert game.standings is not None
        others = [s for s in range(4) if s != seat]
        points2.append(game.totals[seat])
        points1.append(sum(game.totals[s] for s in others) / 3)
        first2 += game.standings.places[seat] == 1
        first1 += sum(game.standings.places[s] == 1 for s in others)
        hands2 += sum(1 for r in game.history if r.winner == seat)
        hands1 += sum(1 for r in game.history if r.winner is not None and r.winner != seat)
    elapsed = time.perf_counter() - start
    positive = sum(p > 0 for p in points2)
    print(f"\none level-2 bot against three level-1 bots, {games} games ({elapsed:.1f} s)")
    print(
        f"level 2: {statistics.mean(points2):+.1f} points/game (median"
        f" {statistics.median(points2):+.0f}, positive in {positive}/{games}),"
        f" first in {first2}/{games}, {hands2 / games:.2f} hands won/game"
    )
    print(
        f"level 1 (average seat): {statistics.mean(points1):+.1f} points/game,"
        f" first in {first1 / 3:.1f}/{games}, {hands1 / games / 3:.2f} hands won/game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games for the strength test")
    parser.add_argument("--speed-games", type=int, default=10, help="games per speed row")
    args = parser.parse_args()
    speed(args.speed_games)
    strength(args.games)


if __name__ == "__main__":
    main()
