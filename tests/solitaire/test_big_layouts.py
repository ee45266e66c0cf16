"""Layouts of more than 144 slots: several tile sets, every feature, C++ = Python.

The layouts here are our own (built in code, or tests/data/solitaire_gnome.map), so the
default suite needs nothing from outside; ``tests/solitaire/test_imported_layouts.py`` runs
the same checks on KMahjongg's and GNOME Mahjongg's own files when they are at hand.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from mahjongkit._core import solitaire as core
from mahjongkit.solitaire import Layout, LayoutError, deal, free_slots, get_layout
from mahjongkit.solitaire._ref.deal import draw_pairs, pool_pairs
from mahjongkit.solitaire.batch import batch
from mahjongkit.solitaire.engine import board_properties, redeal
from mahjongkit.solitaire.game import Game, Refusal, Status
from mahjongkit.solitaire.layout import MAX_SLOTS, gnome_maps, tile_sets
from mahjongkit.solitaire.properties import match_group
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.save import dumps, loads
from mahjongkit.solitaire.search import search
from mahjongkit.solitaire.solver import Verdict, solve

DATA = Path(__file__).resolve().parent.parent / "data"


def stepped(name: str, floors: list[tuple[int, int]]) -> Layout:
    """Floors of columns x rows tiles, each centred on the one below."""
    width, height = floors[0]
    slots = [
        (width - columns + 2 * c, height - rows + 2 * r, z)
        for z, (columns, rows) in enumerate(floors)
        for r in range(rows)
        for c in range(columns)
    ]
    return Layout.from_slots(slots, name=name)


TOWER = stepped("Tower 228", [(12, 10), (10, 8), (6, 4), (2, 2)])  # two sets, one partial
FOUR_SETS = stepped("Four Sets", [(20, 12), (18, 10), (14, 8), (10, 4), (2, 2)])  # 576 slots
MESA = gnome_maps(DATA / "solitaire_gnome.map")[1]  # 218 slots, read from a GNOME map


def test_the_layouts_are_what_the_tests_need():
    assert (TOWER.size, TOWER.sets) == (228, 2)
    assert (FOUR_SETS.size, FOUR_SETS.sets) == (MAX_SLOTS, 4)
    assert (MESA.name, MESA.size, MESA.sets) == ("Two Set Mesa", 218, 2)
    assert core.Geometry(list(TOWER.slots)).words == 4
    assert core.Geometry(list(FOUR_SETS.slots)).words == 9
    assert core.Geometry(list(get_layout("turtle").slots)).words == 3


def test_tile_sets():
    assert [tile_sets(n) for n in (2, 144, 146, 288, 290, 576)] == [1, 1, 2, 2, 3, 4]


def test_more_than_576_slots_are_refused_with_the_count():
    slots = [(2 * (i % 40), 2 * (i // 40), 0) for i in range(MAX_SLOTS + 2)]
    with pytest.raises(LayoutError, match="578 slots: at most 576"):
        Layout.from_slots(slots)
    with pytest.raises(ValueError, match="at most 576 slots"):
        core.Geometry(slots)


@pytest.mark.parametrize("size", [2, 144, 146, 228, 288, 290, 576])
def test_the_pairs_of_a_deal_hold_every_whole_set(size):
    pairs = draw_pairs(size, Rng(size, 0))
    assert len(pairs) == size // 2
    counts = Counter(pairs)
    whole = tile_sets(size) - 1
    one_set = Counter(pool_pairs())
    for pair, number in one_set.items():  # whole sets in full, the partial set at most once
        assert whole * number <= counts[pair] <= (whole + 1) * number
    if size % 144 == 0:
        assert counts == Counter({pair: n * size // 144 for pair, n in one_set.items()})


def test_a_one_set_deal_draws_as_before():
    rng = Rng(7, 0)
    pool = pool_pairs()
    rng.shuffle(pool)
    assert draw_pairs(100, Rng(7, 0)) == pool[:50]


@pytest.mark.parametrize("layout", [TOWER, MESA, FOUR_SETS], ids=lambda layout: layout.name)
@pytest.mark.parametrize("seed", [0, 5, 2**64 - 1])
def test_cpp_deals_what_python_deals(layout, seed):
    board = deal(layout, seed)
    assert board == deal(layout, seed, impl="python")
    faces = Counter(board.faces)
    assert sum(faces.values()) == layout.size and 0 not in faces
    groups = Counter(match_group(face) for face in board.faces)  # never an odd group
    assert all(count % 2 == 0 for count in groups.values())


@pytest.mark.parametrize("layout", [get_layout("turtle"), TOWER], ids=lambda layout: layout.name)
def test_every_word_count_deals_the_same_board(layout):
    slots = list(layout.slots)
    words = [w for w in (3, 4, 9) if 64 * w >= layout.size]
    boards = {w: core.Geometry(slots, w).deal_faces(11, 20, 1000) for w in words}
    assert len(set(boards.values())) == 1
    assert {w: core.Geometry(slots, w).words for w in words} == {w: w for w in words}


def test_the_free_rule_agrees_on_four_sets():
    chooser = random.Random(3)
    for _ in range(20):
        present = chooser.sample(range(FOUR_SETS.size), chooser.randrange(FOUR_SETS.size))
        assert free_slots(FOUR_SETS, present) == free_slots(FOUR_SETS, present, impl="python")


def test_a_228_slot_board_is_dealt_solved_and_won():
    board = deal(TOWER, 2026)
    result = solve(TOWER, board.faces)
    assert result.verdict is Verdict.SOLVABLE and len(result.solution) == 114
    game = Game.new(TOWER, 2026)
    for first, second in result.solution:
        assert not isinstance(game.remove(first, second), Refusal)
    assert game.tiles_left == 0 and game.status is Status.WON


def test_a_228_slot_game_shuffles_saves_and_loads():
    game = Game.new(MESA, 9, check_dead_ends=False)
    for _ in range(5):
        game.remove(*game.available_pairs()[0])
    game.shuffle()
    game.remove(*game.available_pairs()[0])
    again = loads(dumps(game))
    assert again.layout == MESA and again.faces == game.faces and again.present == game.present


def test_the_solvable_shuffle_agrees_on_a_partial_two_set_board():
    board = deal(TOWER, 4)
    left = [slot for pair in board.removal_order[30:] for slot in pair]
    faces = [board.faces[slot] for slot in left]
    again = redeal(TOWER, left, faces, 4, stream=2)
    assert again == redeal(TOWER, left, faces, 4, stream=2, impl="python")
    assert sorted(again.faces[slot] for slot in left) == sorted(faces)


@pytest.mark.parametrize("seed", [1, 2])
def test_properties_agree(seed):
    board = deal(MESA, seed)
    assert board_properties(board, playouts=4, solver_budget=50) == board_properties(
        board, playouts=4, solver_budget=50, impl="python"
    )


def test_batch_and_search_agree():
    boards = batch(TOWER, range(3, 9), threads=2)
    assert [tuple(row) for row in boards] == [deal(TOWER, seed).faces for seed in range(3, 9)]
    found = search(TOWER, range(0, 40), "free_pairs >= 12", limit=3, threads=2)
    assert found == search(TOWER, range(0, 40), "free_pairs >= 12", limit=3, impl="python")
    assert found.matches
