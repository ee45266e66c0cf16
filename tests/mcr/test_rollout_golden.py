"""Level 4's rollouts frozen: the exact points of the C++ rollouts from fixed worlds and the
choices and figures of ``Bot(4)`` at fixed decisions. A change that only makes a rollout
cheaper must leave every figure here as it is; a change of the policy, of the dealing or of
the engine shows here first (then regenerate with ``python -m tests.mcr.test_rollout_golden``
and say why in the commit)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest

from mahjongkit.mcr.arena import deal_rules
from mahjongkit.mcr.players.bot import Bot, View, view_of
from mahjongkit.mcr.players.search import SearchReport, _cpp_scores

# Decisions of level-2 games after these many moves, each variant and deal.
VARIANTS = ("mcr", "botzone")
DEALS = (0, 1)
AT_MOVES = (6, 20, 34, 48)
WORLDS = 24
# The rollout options that reach different code: the shanten and the planned policy, worlds
# dealt by the discards, worlds dealt at a real player's pace.
OPTIONS: dict[str, dict[str, Any]] = {
    "shanten": {},
    "planned": {"rollout_policy": "planned"},
    "discards": {"read_discards": True},
    "paced": {"paced": True},
}


def _views() -> Iterator[tuple[str, View]]:
    for variant in VARIANTS:
        for deal in DEALS:
            game = deal_rules(variant, "golden35", deal)
            bots = [Bot(2, seed=f"g{s}") for s in range(4)]
            for at in AT_MOVES:
                while game.is_active and game.moves < at:
                    seat = game.waiting_on[0]
                    game.apply(seat, bots[seat].choose(view_of(game, seat)))
                if not game.is_active:
                    break
                view = view_of(game, game.waiting_on[0])
                if len(view.legal) > 1:
                    yield f"{variant}/{deal}/{at}", view


def rollout_digests() -> dict[str, str]:
    """For each option, a digest of every candidate's points world by world (the first
    three legal moves of each decision, one seed a decision), with the worlds and skips."""
    out: dict[str, str] = {}
    views = list(_views())
    for name, options in OPTIONS.items():
        h = hashlib.sha256()
        for i, (where, view) in enumerate(views):
            # No CPU cap: a loaded machine must not cut a search short.
            bot = Bot(4, seed="golden", rollouts=WORLDS * 3, max_seconds=1e9, **options)
            report = SearchReport()
            moves = list(view.legal[:3])
            scores = _cpp_scores(bot, view, moves, 1000 + i, report, worlds=WORLDS)
            h.update(
                f"{where}:{report.worlds}:{report.skipped}:{scores}:{report.dealt_shanten};".encode()
            )
        out[name] = h.hexdigest()[:24]
    return out


def level4_figures() -> dict[str, str]:
    """Level 4's move at each decision where it searches, with its candidates' score sums
    and the rollouts it counted."""
    out: dict[str, str] = {}
    for where, view in _views():
        bot = Bot(4, seed="golden", rollouts=300, max_seconds=1e9)
        move = bot.choose(view)
        report = bot.report
        if report is None or not report.rollouts:
            continue
        sums = [round(m * report.worlds) for m in report.means]
        out[where] = f"{move} {report.rollouts} {report.worlds} {report.skipped} {sums}"
    return out


ROLLOUTS = {
    "shanten": "04719eeace49186d1e8f679a",
    "planned": "d7f5d8dafae20f00661fd782",
    "discards": "e2862810099c9792d12d63f6",
    "paced": "f55a3c344caade2a70b816d0",
}

LEVEL4 = {
    "mcr/0/6": "discard S 300 100 0 [-473, -414, -326]",
    "mcr/0/20": "pass 300 150 0 [-43, 1072]",
    "mcr/0/34": "discard 1m 300 100 0 [-96, -170, -127]",
    "mcr/1/6": "discard 3m 300 100 0 [567, 564, 878]",
    "mcr/1/48": "kong R 300 100 0 [-397, -624, -622]",
    "botzone/0/6": "discard E 300 100 0 [-137, -129, -123]",
    "botzone/0/20": "discard 9s 300 100 0 [596, 449, 37]",
    "botzone/1/6": "pass 300 150 0 [1131, -662]",
    "botzone/1/48": "discard 5s 300 100 0 [947, 1333, 1183]",
}


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_rollouts_play_exactly_as_frozen(name: str) -> None:
    assert rollout_digests()[name] == ROLLOUTS[name]


def test_level_four_chooses_exactly_as_frozen() -> None:
    assert level4_figures() == LEVEL4


if __name__ == "__main__":
    print("ROLLOUTS =", rollout_digests())
    print("LEVEL4 =", level4_figures())
