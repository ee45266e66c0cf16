"""MCR bot strength: a duplicate round robin with ratings, and one-against-three duels.

Round robin (``--players``, default levels 1 to 4): for each pair of players A and B, every
variant in ``--variants``, ``--hands`` duplicate hands (every wall played from every seat)
with two of each at the table, A, B, A, B; the pair's figure is A's mean points a hand
minus B's, with its 95 % interval over walls. Ratings are the weighted least-squares fit
of ``rating(A) - rating(B)`` to those figures (weights one over the variance), level 1 (the
first player) at 0, each with a 95 % interval from the fit's covariance. Any player spec of
the arena works (``bot:4/16`` is level 4 with 16 rollouts a decision; the behaviour-cloned
policy is ``module:Class`` of an object with ``choose(view)``, see ``examples/``).

Duel (``--duel A B``): one A against three Bs, duplicate; A's mean points a hand is its
edge over a B in its place (the four seats of an all-B table sum to zero), with its 95 %
interval over walls, its win and deal-in rates. With ``--values FILE`` each wall's value is
appended to FILE as it is known (``variant block deal value``, tab-separated), so that two
runs on the same walls can be paired afterwards; ``--first-block K`` goes on a stopped run
from its block K (each block's walls depend only on the seed and the block's number).

Paired (``--paired FILE1 FILE2``, two ``--values`` files of duels on the same seed): the mean
difference FILE1 minus FILE2 over the walls both hold, with its 95 % interval over walls.
Two versions of level 4 part at their first different move, so pairing them narrows the
interval far less than one might hope (``benchmarks/README.md``, issue 35): it still takes
thousands of hands to tell them apart.

    nice python -m benchmarks.bench_mcr_strength --duel bot:4 bot:3 --values four.tsv
    nice python -m benchmarks.bench_mcr_strength --duel benchmarks.mcr_level4:Mixed bot:3 \
        --values mixed.tsv
    python -m benchmarks.bench_mcr_strength --paired mixed.tsv four.tsv

Cost (``--cost SPEC``): the CPU time of every decision of one SPEC seat among three level-3
bots (median, 90th percentile, maximum; the share of decisions searched).

Repeat (``--repeat SPEC``, a level-4 spec): in the games of ``--cost``, every searched
decision where level 4 leaves level 3's move is asked again of the same bot with another
seed (another set of worlds): how often it makes the same change says how much of the
search's choice is signal rather than sampling noise. ``--rollout-policy``, when given, sets
the level-4 seats' rollout policy in these modes (otherwise each spec keeps its own, so a
``module:Class`` spec's policy holds).

    nice python -m benchmarks.bench_mcr_strength --duel bot:4 bot:3 --hands 400 --workers 2
    nice python -m benchmarks.bench_mcr_strength --players bot:1,bot:2,bot:3,bot:4 --hands 2000
    nice python -m benchmarks.bench_mcr_strength --cost bot:4 --hands 20
Compare (``--compare A B``, two level-4 specs): four level-3 bots play the games of
``--cost``; at every decision of the subject seat both A and B are asked (one after the
other, so the load weighs on both alike): each one's CPU a decision, rollouts a searched
decision, departures from level 3, and how often they choose alike.

    nice python -m benchmarks.bench_mcr_strength --repeat bot:4 --hands 8 --variants botzone
    nice python -m benchmarks.bench_mcr_strength --compare benchmarks.mcr_level4:Halving bot:4
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from mahjongkit.mcr.arena import ArenaResult, arena, deal_rules
from mahjongkit.mcr.botzone.adapter import Player
from mahjongkit.mcr.players.bot import ROLLOUT_POLICIES, Bot, view_of
from mahjongkit.mcr.players.spec import make_player

Z95 = 1.959964


def _by_deal(result: ArenaResult, sign: Sequence[int]) -> dict[int, float]:
    """Per deal, the mean over its hands of sum(sign[p] * points[p]) / sum of positive signs."""
    by_deal: dict[int, list[float]] = defaultdict(list)
    weight = sum(s for s in sign if s > 0)
    for r in result.records:
        by_deal[r.deal].append(sum(s * p for s, p in zip(sign, r.points, strict=True)) / weight)
    return {deal: sum(v) / len(v) for deal, v in by_deal.items()}


def _per_deal(result: ArenaResult, sign: Sequence[int]) -> list[float]:
    """The values of :func:`_by_deal`, in the order the deals were played."""
    return list(_by_deal(result, sign).values())


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def pair(a: str, b: str, variant: str, hands: int, seed: str, workers: int) -> tuple[float, float]:
    """A minus B, points a hand, two of each at the table (A, B, A, B), and its 95 % interval."""
    result = arena([a, b, a, b], hands=hands, variant=variant, seed=seed, workers=workers)
    # A's two seats minus B's two, each hand: (A1 + A2 - B1 - B2) / 2 is A's mean minus B's.
    return _mean_ci(_per_deal(result, (1, -1, 1, -1)))


def ratings(
    players: Sequence[str], figures: dict[tuple[int, int], tuple[float, float]]
) -> list[tuple[float, float]]:
    """Least-squares ratings (the first player at 0) and their 95 % intervals."""
    rows, targets, weights = [], [], []
    for (i, j), (diff, ci) in figures.items():
        row = [0.0] * len(players)
        row[i], row[j] = 1.0, -1.0
        rows.append(row[1:])
        targets.append(diff)
        se = ci / Z95 if ci == ci and ci > 0 else 1.0
        weights.append(1.0 / se**2)
    a = np.array(rows)
    w = np.diag(weights)
    cov = np.linalg.inv(a.T @ w @ a)
    fit = cov @ a.T @ w @ np.array(targets)
    out = [(0.0, 0.0)]
    for k in range(len(players) - 1):
        out.append((float(fit[k]), Z95 * math.sqrt(float(cov[k, k]))))
    return out


def round_robin(args: argparse.Namespace) -> None:
    players = args.players.split(",")
    for variant in args.variants.split(","):
        print(f"\n{variant}: {args.hands} duplicate hands a pair (A, B, A, B), load {_load()}")
        print("| A | B | A minus B, points a hand | CPU s | load after |")
        print("| --- | --- | ---: | ---: | ---: |")
        figures: dict[tuple[int, int], tuple[float, float]] = {}
        for i, j in itertools.combinations(range(len(players)), 2):
            start = time.process_time()
            diff, ci = pair(players[i], players[j], variant, args.hands, args.seed, args.workers)
            figures[(i, j)] = (diff, ci)
            print(
                f"| {players[i]} | {players[j]} | {diff:+.2f} ± {ci:.2f} |"
                f" {time.process_time() - start:.0f} | {_load()} |",
                flush=True,
            )
        print("\n| player | rating (points a hand over the first) |")
        print("| --- | ---: |")
        for spec, (r, ci) in zip(players, ratings(players, figures), strict=True):
            print(f"| {spec} | {r:+.2f} ± {ci:.2f} |")


def duel(args: argparse.Namespace) -> None:
    """One A against three Bs, in blocks of ``--block`` hands (each its own walls, seeded
    ``SEED:bN``), the running figure printed after each block: a long run that is stopped
    still leaves every finished block's result."""
    a, b = args.duel
    for variant in args.variants.split(","):
        start = time.time()
        load = _load()
        values: list[float] = []
        others: list[list[float]] = [[], [], []]
        hands = wins = deal_ins = 0
        cpu = 0.0
        for number in range(math.ceil(args.hands / args.block)):
            size = min(args.block, args.hands - number * args.block)
            block = args.first_block + number
            result = arena(
                [a, b, b, b],
                hands=size,
                variant=variant,
                seed=f"{args.seed}:b{block}",
                workers=args.workers,
            )
            block_values = _by_deal(result, (1, 0, 0, 0))
            values += block_values.values()
            if args.values:
                with open(args.values, "a", encoding="utf-8") as out:
                    out.writelines(
                        f"{variant}\t{block}\t{deal}\t{v!r}\n" for deal, v in block_values.items()
                    )
            for k in (1, 2, 3):
                others[k - 1] += _per_deal(result, tuple(int(p == k) for p in range(4)))
            hands += result.hands
            wins += result.players[0].wins
            deal_ins += result.players[0].deal_ins
            cpu += result.cpu_seconds
            mean, ci = _mean_ci(values)
            print(
                f"{variant}: {a} against three {b}, {hands} duplicate hands:"
                f" {mean:+.2f} ± {ci:.2f} points a hand; win rate {wins / hands:.3f},"
                f" deal-in rate {deal_ins / hands:.3f}; the three {b}:"
                f" {', '.join(f'{_mean_ci(o)[0]:+.2f}' for o in others)};"
                f" CPU {cpu:.0f} s, wall {time.time() - start:.0f} s,"
                f" load {load} then {_load()}",
                flush=True,
            )


def _read_values(path: str) -> dict[tuple[str, int, int], float]:
    values: dict[tuple[str, int, int], float] = {}
    try:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                fields = line.split()
                try:
                    key = (fields[0], int(fields[1]), int(fields[2]))
                    value = float(fields[3])
                except (IndexError, ValueError):
                    raise SystemExit(
                        f"{path}, line {number}: expected 'variant block deal value', got {line!r}"
                    ) from None
                if len(fields) != 4:
                    raise SystemExit(f"{path}, line {number}: more than four fields")
                if key in values:
                    raise SystemExit(f"{path}, line {number}: a wall seen twice")
                values[key] = value
    except OSError as error:
        raise SystemExit(f"cannot read {path}: {error.strerror}") from None
    return values


def paired(args: argparse.Namespace) -> None:
    """FILE1 minus FILE2 on the walls both duels played, per variant and pooled."""
    first, second = (_read_values(path) for path in args.paired)
    common = sorted(first.keys() & second.keys())
    if not common:
        raise SystemExit("the two files share no wall: were they run with the same --seed?")
    for variant in [*sorted({key[0] for key in common}), "all"]:
        keys = [key for key in common if variant in ("all", key[0])]
        diff, ci = _mean_ci([first[key] - second[key] for key in keys])
        one, one_ci = _mean_ci([first[key] for key in keys])
        two, two_ci = _mean_ci([second[key] for key in keys])
        print(
            f"{variant}: {len(keys)} walls: {args.paired[0]} {one:+.2f} ± {one_ci:.2f},"
            f" {args.paired[1]} {two:+.2f} ± {two_ci:.2f}; paired difference"
            f" {diff:+.2f} ± {ci:.2f} points a hand"
        )


def _player(spec: str, seed: str, policy: str | None) -> Player:
    player = make_player(spec, seed=seed)
    if isinstance(player, Bot) and player.level == 4:
        if policy is not None:
            player.rollout_policy = policy
        player.seed = seed  # a module:Class spec is made without the seed (--repeat needs two)
    return player


def repeat(args: argparse.Namespace) -> None:
    for variant in args.variants.split(","):
        searched = changed = again = 0
        times: list[float] = []
        load = _load()
        for deal in range(args.hands):
            game = deal_rules(variant, args.seed, deal)
            seat = deal % 4
            bot = _player(args.repeat, f"{deal}:{seat}", args.rollout_policy)
            other = _player(args.repeat, f"{deal}:{seat}:again", args.rollout_policy)
            players = [bot if s == seat else Bot(3, seed=f"{deal}:{s}") for s in range(4)]
            while game.is_active:
                actor = game.waiting_on[0]
                view = view_of(game, actor)
                start = time.process_time()
                move = players[actor].choose(view)
                if actor == seat:
                    times.append(time.process_time() - start)
                report = getattr(bot, "report", None) if actor == seat else None
                if report is not None and report.rollouts:
                    searched += 1
                    if report.chosen != report.fallback:
                        changed += 1
                        again += other.choose(view) == report.chosen
                game.apply(actor, move)
        print(
            f"{variant}: {args.repeat} ({getattr(bot, 'rollout_policy', '-')} rollouts),"
            f" {args.hands} hands:"
            f" searched {searched}, level 3's move changed in {changed}, the same change made"
            f" again with other worlds in {again}; its CPU a decision: median"
            f" {statistics.median(times):.3f} s over {len(times)}, {sum(times) / args.hands:.2f} s"
            f" a hand; load {load} then {_load()}",
            flush=True,
        )


def compare(args: argparse.Namespace) -> None:
    specs = args.compare
    for variant in args.variants.split(","):
        times: list[list[float]] = [[], []]
        rollouts: list[list[int]] = [[], []]
        changed = [0, 0]
        alike = asked = 0
        load = _load()
        for deal in range(args.hands):
            game = deal_rules(variant, args.seed, deal)
            seat = deal % 4
            pair = [_player(spec, f"{deal}:{seat}", args.rollout_policy) for spec in specs]
            players = [Bot(3, seed=f"{deal}:{s}") for s in range(4)]
            while game.is_active:
                actor = game.waiting_on[0]
                view = view_of(game, actor)
                if actor == seat:
                    chosen = []
                    for i, bot in enumerate(pair):
                        start = time.process_time()
                        chosen.append(bot.choose(view))
                        times[i].append(time.process_time() - start)
                        report = getattr(bot, "report", None)
                        if report is not None and report.rollouts:
                            rollouts[i].append(report.rollouts)
                            changed[i] += report.chosen != report.fallback
                        if report is not None:
                            bot.report = None  # type: ignore[attr-defined]
                    asked += 1
                    alike += chosen[0] == chosen[1]
                game.apply(actor, players[actor].choose(view))
        for i, spec in enumerate(specs):
            print(
                f"{variant}: {spec}, {len(times[i])} decisions in {args.hands} hands: CPU median"
                f" {statistics.median(times[i]):.3f} s, mean {statistics.mean(times[i]):.3f} s,"
                f" {sum(times[i]) / args.hands:.2f} s a hand; searched {len(rollouts[i])},"
                f" {statistics.mean(rollouts[i]) if rollouts[i] else 0:.0f} rollouts a searched"
                f" decision; level 3's move changed in {changed[i]}",
                flush=True,
            )
        print(f"{variant}: the two chose alike in {alike} of {asked}; load {load} then {_load()}")


def timed_decisions(
    variant: str, seed: str, hands: int, subject: Callable[[str], Player]
) -> Iterator[tuple[bool, float, Player, object]]:
    """Deal ``d`` of ``hands`` with ``subject(seed)`` in seat ``d % 4`` among level-3 bots:
    every decision of every seat as (the subject's?, CPU seconds, player, move)."""
    for deal in range(hands):
        game = deal_rules(variant, seed, deal)
        seat = deal % 4
        players = [
            subject(f"{deal}:{s}") if s == seat else Bot(3, seed=f"{deal}:{s}") for s in range(4)
        ]
        while game.is_active:
            actor = game.waiting_on[0]
            view = view_of(game, actor)
            start = time.process_time()
            move = players[actor].choose(view)
            yield actor == seat, time.process_time() - start, players[actor], move
            game.apply(actor, move)


def cost(args: argparse.Namespace) -> None:
    for variant in args.variants.split(","):
        times: list[float] = []
        searched: list[float] = []
        changed = 0
        load = _load()
        decisions = timed_decisions(
            variant,
            args.seed,
            args.hands,
            lambda seed: _player(args.cost, seed, args.rollout_policy),
        )
        for mine, spent, player, _ in decisions:
            if mine:
                times.append(spent)
                report = getattr(player, "report", None)
                if report is not None and report.rollouts:
                    searched.append(spent)
                    changed += report.chosen != report.fallback
        times.sort()
        print(
            f"{variant}: {args.cost}, {len(times)} decisions in {args.hands} hands: CPU median"
            f" {statistics.median(times):.3f} s,"
            f" 90th percentile {times[int(0.9 * len(times))]:.3f} s,"
            f" max {times[-1]:.3f} s, mean {sum(times) / len(times):.3f} s; searched"
            f" {len(searched)} ({len(searched) / len(times):.0%}), their median"
            f" {statistics.median(searched) if searched else 0:.3f} s, level 3's move changed in"
            f" {changed}; load {load} then {_load()}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="bot:1,bot:2,bot:3,bot:4")
    parser.add_argument("--duel", nargs=2, metavar=("A", "B"))
    parser.add_argument("--cost", metavar="SPEC")
    parser.add_argument("--repeat", metavar="SPEC")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    parser.add_argument("--rollout-policy", choices=ROLLOUT_POLICIES, default=None)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--variants", default="botzone,mcr")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--block", type=int, default=40, help="hands a block of a duel")
    parser.add_argument("--values", metavar="FILE", help="a duel appends each wall's value here")
    parser.add_argument(
        "--first-block", type=int, default=0, help="a duel starts at this block (to go on a run)"
    )
    parser.add_argument("--paired", nargs=2, metavar=("FILE1", "FILE2"))
    args = parser.parse_args()
    if args.first_block < 0:
        parser.error(f"--first-block must be 0 or more, not {args.first_block}")
    if args.paired:
        paired(args)
    elif args.cost:
        cost(args)
    elif args.repeat:
        repeat(args)
    elif args.compare:
        compare(args)
    elif args.duel:
        duel(args)
    else:
        round_robin(args)


if __name__ == "__main__":
    main()
