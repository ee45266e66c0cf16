"""The 235-action encoding: every index names one move, every legal move of many states has
one index and back, and the mask is exactly the legal moves."""

from __future__ import annotations

import numpy as np
import pytest

from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.mcr.game.rules import Phase, Position, Rules
from mahjongkit.mcr.players.bot import view_of
from mahjongkit.mcr.rl.encoding import (
    ACTIONS,
    ANGANG,
    BUGANG,
    CHI,
    COLUMN_OF_KIND,
    GANG,
    KIND_OF_COLUMN,
    PENG,
    check_index,
    describe,
    index_of,
    legal_indices,
    legal_mask,
    move_in_view,
    move_of,
    tile_of,
    view_mask,
)
from mahjongkit.tiles import from_code
from tests.mcr.rl_play import states


def test_layout_boundaries() -> None:
    assert ACTIONS == 235
    assert (CHI, PENG, GANG, ANGANG, BUGANG) == (36, 99, 133, 167, 201)
    assert move_of(0) == PASS and move_of(1) == WIN
    assert [move_of(i) for i in (2, 10, 11, 20, 29, 35)] == [
        discard(from_code(c)) for c in ("1m", "9m", "1s", "1p", "E", "B")
    ]
    assert all(move_of(i) == PUNG for i in range(PENG, GANG))
    assert all(move_of(i) == KONG for i in range(GANG, ANGANG))
    assert move_of(ANGANG) == move_of(BUGANG) == kong(1)


def test_columns_follow_the_botzone_order() -> None:
    # Characters (W), then bamboo (T), then dots (B), winds, dragons.
    assert [KIND_OF_COLUMN[c] for c in (0, 9, 18, 27, 31, 33)] == [
        from_code(c) for c in ("1m", "1s", "1p", "E", "R", "B")
    ]
    assert sorted(KIND_OF_COLUMN) == list(range(1, 35))
    assert all(COLUMN_OF_KIND[KIND_OF_COLUMN[c]] == c for c in range(34))


@pytest.mark.parametrize(
    ("index", "run", "claimed"),
    [
        (36, "123m", "1m"),  # suit W, middle 2, claimed lowest
        (37, "123m", "2m"),
        (38, "123m", "3m"),
        (36 + 21 + 3 * 6 + 2, "789s", "9s"),  # suit T (bamboo), middle 8, claimed highest
        (36 + 42 + 3 * 3 + 0, "456p", "4p"),  # suit B (dots), middle 5, claimed lowest
        (98, "789p", "9p"),
    ],
)
def test_chi_indices(index: int, run: str, claimed: str) -> None:
    suit = run[-1]
    kinds = [from_code(rank + suit) for rank in run[:3]]
    tile = from_code(claimed)
    held = [k for k in kinds if k != tile]
    assert move_of(index) == chow(held[0], held[1])
    assert tile_of(index) == tile
    assert index_of(chow(held[0], held[1]), window_tile=tile) == index
    assert describe(index) == f"chi {run} claiming {claimed}"


def test_every_index_round_trips_in_a_context_that_makes_it() -> None:
    for index in range(ACTIONS):
        move = move_of(index)
        tile = tile_of(index)
        counts = [0] * 35
        if index >= ANGANG:
            assert tile is not None
            counts[tile] = 4 if index < BUGANG else 1
        window = tile if CHI <= index < ANGANG else None
        assert index_of(move, window_tile=window, counts=counts) == index, describe(index)


def test_bad_indices_and_moves() -> None:
    with pytest.raises(ValueError, match="action 235 is outside"):
        move_of(235)
    with pytest.raises(ValueError, match="action -1 is outside"):
        check_index(-1)
    with pytest.raises(TypeError, match="an action is an int"):
        check_index(1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check_index(True)
    assert check_index(np.int64(7)) == 7
    with pytest.raises(ValueError, match="needs the tile on offer"):
        index_of(KONG)
    with pytest.raises(ValueError, match="needs the seat's counts"):
        index_of(kong(5))
    with pytest.raises(ValueError, match="do not run with"):
        index_of(chow(1, 2), window_tile=5)


def test_legal_moves_of_many_states_round_trip_and_the_mask_is_exactly_them() -> None:
    """Every legal move of every seat in about 3,000 states of seeded games."""
    seen_families: set[str] = set()
    checked = 0
    for game in states(30, seed=1, moves=100):
        window = game.window
        for seat in range(4):
            legal = game.legal(seat)
            hand = game.hand_of(seat)
            indices = []
            for move in legal:
                index = index_of(
                    move,
                    window_tile=window.tile if window is not None else None,
                    counts=hand.counts,
                )
                assert move_of(index) == move, (move, describe(index))
                indices.append(index)
                seen_families.add(describe(index).split()[0])
                if move.kind is MoveKind.KONG and move.tile is not None:
                    concealed = hand.counts[move.tile] == 4
                    assert (index < BUGANG) == concealed
            assert len(set(indices)) == len(indices)  # one index per move
            assert legal_indices(game, seat) == sorted(indices)
            mask = legal_mask(game, seat)
            assert mask.dtype == np.bool_ and mask.shape == (ACTIONS,)
            assert set(np.flatnonzero(mask).tolist()) == set(indices)
            if legal:  # the view of an awaited seat gives the same mask
                assert (view_mask(view_of(game, seat)) == mask).all()
            checked += 1
    assert checked >= 4 * 3000
    # The sample reaches every family of the layout, so every branch above was exercised.
    assert seen_families >= {"pass", "hu", "play", "chi", "peng", "gang", "angang", "bugang"}


def test_move_in_view_names_an_illegal_index() -> None:
    game = next(iter(states(1)))
    view = view_of(game, 0)
    legal = legal_indices(game, 0)
    assert move_in_view(view, legal[0]) == move_of(legal[0])
    with pytest.raises(ValueError, match=r"action 0 \(pass\) is not legal for seat 0 now; legal"):
        move_in_view(view, 0)


ROB = Position(
    hands=(
        "5m 123p 456p 789p 1s pung(555m)",  # seat 0 may promote its pung of 5m
        "46m 123s 456s 789s EE",  # seat 1 waits on 5m with a pure straight
        "123789m 22p 33s NNN",
        "SSS WWW RRR GG 12s",
    ),
    wall=("9p", "9s", "8s", "7s"),
    turn=0,
)


def test_a_promoted_kong_is_bugang_and_robbing_it_is_hu() -> None:
    game = Rules("rob", position=ROB)
    assert BUGANG + COLUMN_OF_KIND[5] in legal_indices(game, 0)
    assert game.apply(0, move_of(BUGANG + COLUMN_OF_KIND[5])) is None
    window = game.window
    assert window is not None and window.kind is Phase.ROB
    assert legal_indices(game, 1) == [0, 1]
    assert describe(1) == "hu"


def test_a_move_without_its_context_is_not_guessed() -> None:
    assert index_of(Move(MoveKind.PUNG), window_tile=28) == PENG + 27
