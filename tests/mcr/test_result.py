"""Settlement (decision 13 (docs/decisions.md), 3.9.1.2–3.9.1.3) and standings."""

from __future__ import annotations

import itertools

import pytest

from mahjongkit.mcr.game.result import BASE, Standings, places, settle, standings_winner
from mahjongkit.mcr.scoring.context import WinBy


def test_discard_win_the_discarder_pays_the_points() -> None:
    # The example of the published module: winner 2, discard from 0, 16 points.
    assert settle(winner=2, points=16, by=WinBy.DISCARD, discarder=0) == (-24, -8, 40, -8)


def test_self_drawn_every_loser_pays_base_and_points() -> None:
    assert settle(winner=3, points=10, by=WinBy.SELF_DRAWN) == (-18, -18, -18, 54)


def test_robbing_settles_as_a_discard_by_the_promoter() -> None:
    for winner, promoter in itertools.permutations(range(4), 2):
        robbed = settle(winner, 12, WinBy.ROBBING, promoter)
        assert robbed == settle(winner, 12, WinBy.DISCARD, promoter)
        assert robbed[promoter] == -(BASE + 12)


@pytest.mark.parametrize("points", [8, 9, 13, 88, 332])
def test_deltas_are_zero_sum_for_every_seat_pair(points: int) -> None:
    for winner in range(4):
        deltas = settle(winner, points, WinBy.SELF_DRAWN)
        assert sum(deltas) == 0 and deltas[winner] == 3 * (BASE + points)
        for discarder in set(range(4)) - {winner}:
            deltas = settle(winner, points, WinBy.DISCARD, discarder)
            assert sum(deltas) == 0 and deltas[winner] == 3 * BASE + points
            others = set(range(4)) - {winner, discarder}
            assert all(deltas[seat] == -BASE for seat in others)


def test_settlement_refuses_impossible_inputs() -> None:
    with pytest.raises(ValueError, match="needs the discarder"):
        settle(0, 8, WinBy.DISCARD)
    with pytest.raises(ValueError, match="cannot have discarded"):
        settle(1, 8, WinBy.DISCARD, 1)
    with pytest.raises(ValueError, match="not a seat"):
        settle(4, 8, WinBy.SELF_DRAWN)
    with pytest.raises(ValueError, match="negative"):
        settle(0, -1, WinBy.SELF_DRAWN)
    with pytest.raises(TypeError):
        settle(0, 8.5, WinBy.SELF_DRAWN)  # type: ignore[arg-type]


def test_places_share_ties_and_skip_the_next() -> None:
    assert places((40, -10, 40, -70)) == (1, 3, 1, 4)
    assert places((0, 0, 0, 0)) == (1, 1, 1, 1)
    assert places((3, 2, 1, -6)) == (1, 2, 3, 4)
    assert places((5, 5, -5, -5)) == (1, 1, 3, 3)


def test_the_winner_is_the_sole_first_place() -> None:
    assert standings_winner((3, 2, 1, -6)) == 0
    assert standings_winner((-6, 1, 2, 3)) == 3
    assert standings_winner((40, -10, 40, -70)) is None  # a shared first place: a drawn game
    standings = Standings.of([10, -20, 10, 0])
    assert standings == Standings((10, -20, 10, 0), (1, 4, 1, 3), None)
