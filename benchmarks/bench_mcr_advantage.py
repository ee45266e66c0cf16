"""Level 4's decision rules judged by the true game: each candidate's advantage over level 3's
move, with the real hidden tiles, played on by level 3 (a low-variance duel estimate).

Games are played by four level-3 bots (``--hands`` deals of each variant, the subject seat
``deal % 4``). At every decision of the subject seat that level 4 would search (level 3's move
and its close rivals, :func:`~mahjongkit.mcr.players.search.candidates`), every candidate is
played on a copy of the *real* game (the other seats' real tiles; the undrawn wall reshuffled
``--reshuffles`` times, the same orders for every candidate) to the end of the hand by four
level-3 bots: ``q[c]`` is the subject's mean points after candidate ``c``. Each decision rule
(a world model and a margin, ``--rules``) is asked on the same decision from the seat's view
alone; its gain is ``q[its pick] - q[level 3's move]``, summed over the hand.

Why this measures the duel: by the performance-difference identity, level 4's expected edge over
level 3 in its seat (the duplicate duel's figure) is the sum over the states level 4 meets of
the advantage of its move under level 3's play from there on. Here the states are level 3's own
(all rules judged on the same decisions, which pairs them), so the figure is the first-order
estimate of the duel; decisions where a rule keeps level 3's move add exactly zero, which is
what removes most of the duel's noise. "oracle" picks the candidate with the best ``q`` on one
half of the reshuffles and is scored on the other half: how much there is to gain at all by
choosing among these candidates.

    nice python -m benchmarks.bench_mcr_advantage --hands 40 --variants botzone --seed adv
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchmarks.bench_mcr_strength import _load, _mean_ci

from mahjongkit.mcr.arena import deal_rules
from mahjongkit.mcr.game.hand_state import HandState
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.players import search as search_mod
from mahjongkit.mcr.players.bot import Bot, view_of
from mahjongkit.mcr.players.search import SearchReport, candidates


def _reshuffled(game: Rules, rng: random.Random) -> Rules:
    """A copy of ``game`` with its undrawn tiles in another random order (each seat's wall
    keeping its size): the same state as far as any seat can tell. The copy plays on the
    Python hand layer, whose wall is its own (an engine-backed game's ``wall`` is a view of the
    engine's, which reordering would not reach)."""
    copy = Rules.from_json(game.to_json(), impl="python")
    assert isinstance(copy.match.hand, HandState)
    wall = copy.wall
    if isinstance(wall, SeatWalls):
        parts = [w._tiles[w._front : w._back] for w in wall._seats]
        pool = [t for p in parts for t in p]
        rng.shuffle(pool)
        at = 0
        seats = []
        for w, p in zip(wall._seats, parts, strict=True):
            fresh = w.copy()
            fresh._tiles = w._tiles[: w._front] + pool[at : at + len(p)] + w._tiles[w._back :]
            at += len(p)
            seats.append(fresh)
        wall._seats = seats
    else:
        assert type(wall) is Wall
        rest = wall._tiles[wall._front : wall._back]
        rng.shuffle(rest)
        wall._tiles = wall._tiles[: wall._front] + rest + wall._tiles[wall._back :]
    return copy


def _play_on(game: Rules, seat: int, players: Sequence[Bot]) -> int:
    """Play ``game`` (in place) to the end of its hand; ``seat``'s points in it."""
    hands = len(game.history)
    while game.is_active and len(game.history) == hands:
        actor = game.waiting_on[0]
        move = players[actor].choose(view_of(game, actor))
        if game.apply(actor, move) is not None:  # pragma: no cover
            raise AssertionError(f"refused {move}")
    return game.history[-1].deltas[seat] if len(game.history) > hands else 0


@dataclass(frozen=True)
class Model:
    """A world model: how the search deals and plays its worlds."""

    name: str
    make: Callable[[str], Bot]


@dataclass(frozen=True)
class Rule:
    name: str
    model: str
    pick: Callable[[Sequence[Move], Sequence[Sequence[int]]], int]


def margin_pick(margin: float) -> Callable[[Sequence[Move], Sequence[Sequence[int]]], int]:
    def pick(moves: Sequence[Move], scores: Sequence[Sequence[int]]) -> int:
        n = len(scores[0])
        if n < 2:
            return 0
        best, best_gain = 0, 0.0
        for i in range(1, len(moves)):
            diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > margin * math.sqrt(var / n) and mean > best_gain:
                best, best_gain = i, mean
        return best

    return pick


def _models(rollouts: int) -> dict[str, Model]:
    def bot(**options: object) -> Callable[[str], Bot]:
        return lambda seed: Bot(4, seed=seed, rollouts=rollouts, **options)  # type: ignore[arg-type]

    models = {
        "uniform": Model("uniform", bot()),
        "discards": Model("discards", bot(read_discards=True)),
        "planned": Model("planned", bot(rollout_policy="planned")),
        "paced": Model("paced", bot(paced=True)),
    }
    extra = getattr(search_mod, "EXTRA_MODELS", {})
    for name, options in extra.items():
        models[name] = Model(name, bot(**options))
    return models


def _scores(bot: Bot, view: object, moves: list[Move]) -> list[list[int]] | None:
    report = SearchReport()
    seed = search_mod._int_seed(bot.seed, view)  # type: ignore[arg-type]
    return search_mod._cpp_scores(bot, view, moves, seed, report)  # type: ignore[arg-type]


@dataclass
class Tally:
    """One variant's running figures."""

    per_hand: dict[str, list[float]]
    departures: dict[str, int]
    search_cpu: dict[str, float]
    decisions: int = 0
    searched: int = 0


def _hand(
    args: argparse.Namespace,
    variant: str,
    deal: int,
    models: dict[str, Model],
    rules: Sequence[Rule],
    tally: Tally,
) -> dict[str, float]:
    """Play deal ``deal`` with four level-3 bots; each rule's gain over level 3 in it."""
    game = deal_rules(variant, args.seed, deal)
    seat = deal % 4
    players = [Bot(3, seed=f"{deal}:{s}") for s in range(4)]
    searchers = {m: models[m].make(f"{deal}:{seat}") for m in tally.search_cpu}
    gains = dict.fromkeys(tally.per_hand, 0.0)
    hands = len(game.history)
    while game.is_active and len(game.history) == hands:
        actor = game.waiting_on[0]
        view = view_of(game, actor)
        move = players[actor].choose(view)
        if actor == seat:
            tally.decisions += 1
            choice, moves = candidates(next(iter(searchers.values())), view)
            if len(moves) >= 2 and choice == move:
                tally.searched += 1
                _judge(args, game, deal, seat, view, moves, searchers, rules, tally, gains)
        game.apply(actor, move)
    return gains


def _judge(
    args: argparse.Namespace,
    game: Rules,
    deal: int,
    seat: int,
    view: object,
    moves: list[Move],
    searchers: dict[str, Bot],
    rules: Sequence[Rule],
    tally: Tally,
    gains: dict[str, float],
) -> None:
    picks: dict[str, int] = {}
    for m, bot in searchers.items():
        t0 = time.process_time()
        scores = _scores(bot, view, moves)
        tally.search_cpu[m] += time.process_time() - t0
        for r in rules:
            if r.model == m:
                picks[r.name] = 0 if scores is None else r.pick(moves, scores)
    if not any(picks.values()) and not args.oracle:
        return
    rng = random.Random(f"{args.seed}:{deal}:{game.moves}")
    k_all = args.reshuffles
    q = [[0] * len(moves) for _ in range(k_all)]
    for k in range(k_all):
        world = _reshuffled(game, rng)
        for i, cand in enumerate(moves):
            copy = world.clone()
            copy.apply(seat, cand)
            q[k][i] = _play_on(copy, seat, [Bot(3, seed=f"{deal}:{s}") for s in range(4)])
    mean = [sum(q[k][i] for k in range(k_all)) / k_all for i in range(len(moves))]
    for r in rules:
        i = picks[r.name]
        if i:
            tally.departures[r.name] += 1
            gains[r.name] += mean[i] - mean[0]
    if args.oracle:
        half = k_all // 2
        a = [sum(q[k][i] for k in range(half)) for i in range(len(moves))]
        best = max(range(len(moves)), key=lambda i: (a[i], -i))
        b = [sum(q[k][i] for k in range(half, k_all)) for i in range(len(moves))]
        gains["oracle"] += (b[best] - b[0]) / (k_all - half)


def run(args: argparse.Namespace) -> None:
    models = _models(args.rollouts)
    rules = [
        Rule(spec, spec.split("@")[0], margin_pick(float(spec.split("@")[1])))
        for spec in args.rules.split(",")
    ]
    names = [r.name for r in rules] + (["oracle"] if args.oracle else [])
    variants = args.variants.split(",")
    tallies = {
        v: Tally(
            {n: [] for n in names},
            {r.name: 0 for r in rules},
            dict.fromkeys(sorted({r.model for r in rules}), 0.0),
        )
        for v in variants
    }
    load, start, cpu0 = _load(), time.time(), time.process_time()
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    for deal in range(args.hands):
        for variant in variants:  # interleaved: a run stopped early has both
            tally = tallies[variant]
            gains = _hand(args, variant, deal, models, rules, tally)
            for name in names:
                tally.per_hand[name].append(gains[name])
            if out is not None:
                out.write(json.dumps({"variant": variant, "deal": deal, **gains}) + "\n")
                out.flush()
        if (deal + 1) % args.every and deal + 1 != args.hands:
            continue
        print(
            f"{deal + 1} hands a variant; CPU {time.process_time() - cpu0:.0f} s,"
            f" wall {time.time() - start:.0f} s, load {load} then {_load()}",
            flush=True,
        )
        for variant, tally in tallies.items():
            cpu = ", ".join(
                f"{m} {c / max(1, tally.searched):.3f} s" for m, c in tally.search_cpu.items()
            )
            print(
                f" {variant}: {tally.decisions} decisions of the seat, {tally.searched} searched;"
                f" search CPU a searched decision: {cpu}"
            )
            both = tallies.values()
            for name in names:
                mean, ci = _mean_ci(tally.per_hand[name])
                pooled = _mean_ci([x for t in both for x in t.per_hand[name]])
                print(
                    f"  {name:>14}: {mean:+.2f} ± {ci:.2f} a hand (all variants"
                    f" {pooled[0]:+.2f} ± {pooled[1]:.2f}); departures"
                    f" {tally.departures.get(name, '-')}",
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--variants", default="botzone,mcr")
    parser.add_argument("--seed", default="advantage")
    parser.add_argument("--rollouts", type=int, default=3000)
    parser.add_argument("--reshuffles", type=int, default=8)
    parser.add_argument("--rules", default="uniform@1,uniform@2,uniform@0.5")
    parser.add_argument("--oracle", action="store_true")
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--out", help="append each hand's gains as JSON lines to this file")
    args = parser.parse_args()
    run(args)


if __name__ == "__main__":
    main()
