"""Level 4's rollouts side by side: the C++ search (the hand engine placed at each sampled
world, the C++ rollout policy at every seat) against the Python fallback (``Rules.clone()``
worlds played by level-3 and level-2 Python bots), CPU time per rollout, from the same views.

The views are the first decision of seat 0 after ``--moves`` moves of a level-2 game, one a
deal; each implementation plays one candidate (the first legal move) in its worlds.

    nice python -m benchmarks.bench_mcr_search --deals 6 --cpp-worlds 500 --python-worlds 10
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence

from mahjongkit.mcr.arena import deal_rules
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.players.bot import Bot, View, view_of
from mahjongkit.mcr.players.search import SearchReport, _cpp_scores, _python_scores

Twin = Callable[[Bot, View, Sequence[Move], int, SearchReport], object]


def _views(variant: str, deals: int, moves: int) -> list[View]:
    out: list[View] = []
    for deal in range(deals):
        game = deal_rules(variant, "bench-search", deal)
        bots = [Bot(2, seed=str(s)) for s in range(4)]
        while game.is_active and game.moves < moves:
            seat = game.waiting_on[0]
            game.apply(seat, bots[seat].choose(view_of(game, seat)))
        seat = game.waiting_on[0] if game.is_active else 0
        out.append(view_of(game, seat))
    return out


def _per_rollout(twin: Twin, views: Sequence[View], worlds: int) -> float:
    spent, rollouts = 0.0, 0
    for i, view in enumerate(views):
        bot = Bot(4, seed="bench", rollouts=worlds)
        report = SearchReport()
        start = time.process_time()
        twin(bot, view, [view.legal[0]], i, report)
        spent += time.process_time() - start
        rollouts += report.rollouts
    return spent / max(rollouts, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--cpp-worlds", type=int, default=500)
    parser.add_argument("--python-worlds", type=int, default=10)
    parser.add_argument("--variants", default="botzone,mcr")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        load = os.getloadavg()[0]
        views = _views(variant, args.deals, args.moves)
        cpp = _per_rollout(_cpp_scores, views, args.cpp_worlds)
        python = _per_rollout(_python_scores, views, args.python_worlds)
        print(
            f"{variant}: C++ {cpp * 1e6:.0f} us a rollout, Python {python * 1e3:.1f} ms a rollout,"
            f" ratio {python / cpp:.0f}x; load {load:.1f} then {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
