"""Make the pace table of level 4's worlds (``cpp/core/mcr/rollout_pace.cpp``): how far along
real players' hidden hands are, by their number of discards and melds.

Four level-3 bots play ``--hands`` hands of each variant; at every third move, for each seat
not on turn, the shanten of its concealed tiles beside its melds is counted under (its
discards, 0 to 20 in pairs; its melds, 0, 1 or 2 and more). A cell with fewer than
``--least`` hands takes the counts of the cell one meld fewer (then one pair of discards
fewer). The table printed is each cell's cumulative share of shanten 0 to 5, to paste into
``rollout_pace.cpp``; ``--compare`` also prints the shanten of uniformly dealt hands (what the
worlds of level 4 were before the table), cell by cell.

    nice python scripts/make_mcr_pace.py --hands 400
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from mahjongkit.mcr.analysis.engine import shanten_of_counts
from mahjongkit.mcr.arena import deal_rules
from mahjongkit.mcr.players.bot import Bot, view_of
from mahjongkit.mcr.players.search import sample_world

ROWS = 11  # discards 0-1, 2-3, ..., 20 and more
MELDS = 3  # 0, 1, 2 and more
SHANTEN = 6  # 0 to 5 and more


def cell(discards: int, melds: int) -> tuple[int, int]:
    return min(discards // 2, ROWS - 1), min(melds, MELDS - 1)


def count(variants: list[str], hands: int, seed: str, compare: bool):  # type: ignore[no-untyped-def]
    real: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0] * SHANTEN)
    dealt: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0] * SHANTEN)
    for variant in variants:
        for deal in range(hands):
            game = deal_rules(variant, seed, deal)
            players = [Bot(3, seed=f"{deal}:{s}") for s in range(4)]
            rng = random.Random(f"{seed}:{variant}:{deal}")
            start = len(game.history)
            while game.is_active and len(game.history) == start:
                actor = game.waiting_on[0]
                view = view_of(game, actor)
                if view.window is None and game.moves % 3 == 0:
                    world = sample_world(view, rng) if compare else None
                    for s in range(4):
                        if s == actor:
                            continue
                        key = cell(len(view.pools[s]), len(view.melds[s]))
                        hand = game.hand_of(s)
                        real[key][
                            min(SHANTEN - 1, shanten_of_counts(hand.counts, len(hand.melds)))
                        ] += 1
                        if world is not None:
                            other = world.hand_of(s)
                            sh = shanten_of_counts(other.counts, len(other.melds))
                            dealt[key][min(SHANTEN - 1, sh)] += 1
                game.apply(actor, players[actor].choose(view))
    return real, dealt


def table(real: dict[tuple[int, int], list[int]], least: int) -> list[list[list[int]]]:
    out = [[[0] * SHANTEN for _ in range(MELDS)] for _ in range(ROWS)]
    for row in range(ROWS):
        for melds in range(MELDS):
            r, m = row, melds
            while sum(real.get((r, m), [])) < least and (r, m) != (0, 0):
                r, m = (r, m - 1) if m > 0 else (r - 1, m)
            out[row][melds] = real.get((r, m), [1] + [0] * (SHANTEN - 1))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--variants", default="botzone,mcr")
    parser.add_argument("--seed", default="pace")
    parser.add_argument("--least", type=int, default=200)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    real, dealt = count(args.variants.split(","), args.hands, args.seed, args.compare)
    cells = table(real, args.least)
    print("// Cumulative share (in 1/1000) of shanten 0..5 by [discards / 2][melds].")
    cell_type = f"std::array<std::array<std::uint16_t, {SHANTEN}>, {MELDS}>"
    print(f"constexpr std::array<{cell_type}, {ROWS}> kPace{{{{")
    for row in range(ROWS):
        parts = []
        for melds in range(MELDS):
            counts = cells[row][melds]
            total, run, cum = sum(counts), 0, []
            for c in counts:
                run += c
                cum.append(round(1000 * run / total))
            parts.append("{" + ", ".join(str(x) for x in cum) + "}")
        print(f"    {{{{{', '.join(parts)}}}}},  // {2 * row} discards")
    print("}};")
    if args.compare:
        print("\ndiscards, melds: hands, real mean shanten, dealt uniformly mean shanten")
        for key in sorted(real):
            r, d = real[key], dealt[key]
            mean = lambda xs: sum(i * x for i, x in enumerate(xs)) / max(1, sum(xs))  # noqa: E731
            print(f"{2 * key[0]:>2}, {key[1]}: {sum(r):>5}, {mean(r):.2f}, {mean(d):.2f}")


if __name__ == "__main__":
    main()
