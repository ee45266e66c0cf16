"""The MCR arena: hands per CPU-second, workers side by side, and level 3 against level 2.

Speed: the arena with four level-1 bots, both variants, one worker then two (the same
hands: the results are checked identical), reported as hands per CPU-second (summed over
the workers' processes) and per wall-clock second, with the load average. Then one hand
judged through the Botzone protocol in-process (the adapter on both sides) and with four
``mahjongkit mcr botzone`` programs, per hand.

Strength: ``--duel-hands`` hands in duplicate (every wall from every seat) of one level-3
bot against three level-2 bots, in each ``--duel-variants`` (Botzone and the 16-hand game's
hands); the same deals are also played by four level-2 bots, so the level-3 player's points
can be compared with those of a level-2 player in its place, deal by deal (a paired
difference, with its 95 % interval). Cost: ``--move-hands`` Botzone hands in which, on
every move of seat 0, both a level-3 and a level-2 bot choose from the same view, timed
side by side (CPU time).

    python benchmarks/bench_mcr_arena.py --speed-hands 400 --duel-hands 4000 --move-hands 100
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import defaultdict

from mahjongkit.mcr.arena import ArenaResult, arena
from mahjongkit.mcr.botzone.agents import PlayerAgent, ProgramAgent
from mahjongkit.mcr.botzone.judge import judge
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.players.bot import Bot

Z95 = 1.959964


def speed(hands: int, seed: str) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print("| variant | workers | hands | CPU s | hands/CPU-s | wall s | hands/wall-s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for variant in ("mcr", "botzone"):
        first: ArenaResult | None = None
        for workers in (1, 2):
            r = arena(["bot:1"] * 4, hands=hands, variant=variant, seed=seed, workers=workers)
            if first is None:
                first = r
            elif r.records != first.records:
                raise SystemExit("the workers changed the results")
            print(
                f"| {variant} | {workers} | {r.hands} | {r.cpu_seconds:.1f} |"
                f" {r.hands / r.cpu_seconds:.1f} | {r.wall_seconds:.1f} |"
                f" {r.hands / r.wall_seconds:.1f} |"
            )


def judged(hands: int, seed: str) -> None:
    start = time.process_time()
    for i in range(hands):
        agents = [PlayerAgent(Bot(1, seed=f"{i}:{s}")) for s in range(4)]
        judge(agents, BotzoneDeal.from_seed(f"{seed}:{i}"))
    cpu = time.process_time() - start
    print(f"judged in-process (adapter both sides): {hands / cpu:.1f} hands/CPU-s")
    command = [sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "botzone"]
    wall = time.perf_counter()
    programs = max(1, hands // 10)
    for i in range(programs):
        agents = [ProgramAgent([*command, "--level", "1"]) for _ in range(4)]
        judge(agents, BotzoneDeal.from_seed(f"{seed}:{i}"), time_limit=10.0, first_time_limit=60.0)
    wall = time.perf_counter() - wall
    print(f"judged with four programs: {wall / programs:.2f} wall-s per hand ({programs} hands)")


def move_cost(hands: int, seed: str) -> None:
    from mahjongkit.mcr.botzone.variant import botzone_rules
    from mahjongkit.mcr.players.bot import view_of

    spent = {2: 0.0, 3: 0.0}
    moves = 0
    for i in range(hands):
        game = botzone_rules(BotzoneDeal.from_seed(f"{seed}:move:{i}"))
        bots = [Bot(3 if s == 0 else 2, seed=f"{i}:{s}") for s in range(4)]
        timed = {3: bots[0], 2: Bot(2, seed=f"{i}:0")}
        while game.is_active:
            seat = game.waiting_on[0]
            view = view_of(game, seat)
            if seat == 0:
                moves += 1
                for level, bot in timed.items():
                    start = time.process_time()
                    bot.choose(view)
                    spent[level] += time.process_time() - start
            game.apply(seat, bots[seat].choose(view))
            game.outcomes.clear()
    print(
        f"load average {os.getloadavg()[0]:.2f}; per move of seat 0 over {moves} moves:"
        f" level 3 {1000 * spent[3] / moves:.2f} ms, level 2 {1000 * spent[2] / moves:.2f} ms"
        f" (ratio {spent[3] / spent[2]:.1f})"
    )


def duel(hands: int, seed: str, workers: int, variant: str) -> None:
    base = arena(["bot:2"] * 4, hands=hands, variant=variant, seed=seed, workers=workers)
    test = arena(
        ["bot:3", "bot:2", "bot:2", "bot:2"],
        hands=hands,
        variant=variant,
        seed=seed,
        workers=workers,
    )

    def per_deal(r: ArenaResult) -> dict[int, float]:
        out: dict[int, float] = defaultdict(float)
        for h in r.records:
            out[h.deal] += h.points[0] / 4
        return out

    a, b = per_deal(test), per_deal(base)
    diffs = [a[d] - b[d] for d in a]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1))
    print(
        f"{variant}: load average {os.getloadavg()[0]:.2f}; {hands} hands"
        f" ({hands // 4} walls x 4 seats); CPU s {test.cpu_seconds:.0f} (level 3 table),"
        f" {base.cpu_seconds:.0f} (all level 2)"
    )
    print("| player | mean points/hand (95 % CI) | win rate | deal-in rate | places 1/2/3/4 |")
    print("| --- | ---: | ---: | ---: | --- |")
    rows = [("level 3 (vs three level 2)", test.players[0])]
    rows += [(f"level 2, seat-mate {i}", p) for i, p in enumerate(test.players[1:], 1)]
    rows += [("level 2 in its place (all level 2)", base.players[0])]
    for name, p in rows:
        print(
            f"| {name} | {p.mean:+.2f} ± {p.ci95:.2f} | {p.win_rate:.3f} |"
            f" {p.deal_in_rate:.3f} | {'/'.join(map(str, p.places))} |"
        )
    half = Z95 * sd / math.sqrt(len(diffs))
    print(f"paired difference, level 3 minus level 2 on the same deals: {mean:+.2f} ± {half:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed-hands", type=int, default=400)
    parser.add_argument("--judged-hands", type=int, default=40)
    parser.add_argument("--duel-hands", type=int, default=2000)
    parser.add_argument("--duel-variants", default="botzone,mcr")
    parser.add_argument("--move-hands", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    if args.speed_hands:
        speed(args.speed_hands, args.seed)
    if args.judged_hands:
        judged(args.judged_hands, args.seed)
    if args.move_hands:
        move_cost(args.move_hands, args.seed)
    if args.duel_hands:
        for variant in args.duel_variants.split(","):
            duel(args.duel_hands, args.seed, args.workers, variant)


if __name__ == "__main__":
    main()
