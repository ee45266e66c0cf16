"""Board properties: the C++ core equals the reference, and both equal direct definitions."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit import tiles
from mahjongkit.solitaire import deal, free_slots, get_layout, layouts
from mahjongkit.solitaire._ref.properties import BoardProperties, LayoutFacts
from mahjongkit.solitaire.engine import board_properties, core_property_names
from mahjongkit.solitaire.properties import EXPENSIVE_PROPERTIES, PROPERTY_NAMES

CHEAP = [name for name in PROPERTY_NAMES if name not in EXPENSIVE_PROPERTIES]
SEEDS = [0, 3, 2**64 - 1]


def test_the_names_agree_with_the_core():
    assert core_property_names() == PROPERTY_NAMES


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_core_equals_reference(layout, seed):
    board = deal(layout, seed)
    core = board_properties(board, solver_budget=400)
    assert core == board_properties(board, solver_budget=400, impl="python")
    assert list(core) == list(PROPERTY_NAMES)


def _above(slots, i):
    """Every slot over slot i, by walking up the overlaps one layer at a time."""
    found, frontier = set(), {i}
    while frontier:
        nxt = set()
        for s in frontier:
            x, y, z = slots[s]
            for j, (bx, by, bz) in enumerate(slots):
                if bz > z and abs(bx - x) < 2 and abs(by - y) < 2 and j not in found:
                    nxt.add(j)
        found |= nxt
        frontier = nxt
    return found


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.name)
def test_cheap_properties_by_their_definitions(layout):
    board = deal(layout, 11)
    free = free_slots(layout, range(layout.size))
    pairs = sum(
        1
        for a, b in itertools.combinations(free, 2)
        if tiles.solitaire_match(board.faces[a], board.faces[b])
    )
    stacked = sum(
        1
        for i in range(layout.size)
        for j in _above(layout.slots, i)
        if tiles.solitaire_match(board.faces[i], board.faces[j])
    )
    deepest = max(
        1 + len({layout.slots[j][2] for j in _above(layout.slots, i)}) for i in range(layout.size)
    )
    for impl in ("cpp", "python"):
        props = board_properties(board, CHEAP, impl=impl)
        assert props == {
            "free_tiles": len(free),
            "free_pairs": pairs,
            "deepest_stack": deepest,
            "stacked_pairs": stacked,
        }


def test_turtle_facts():
    assert LayoutFacts.of(get_layout("turtle")).deepest_stack == 5
    for seed in SEEDS:
        props = board_properties(deal(get_layout("turtle"), seed), ["free_tiles", "deepest_stack"])
        assert props == {"free_tiles": 33, "deepest_stack": 5}


@pytest.mark.parametrize("playouts", [0, 1, 7, 40])
def test_difficulty_is_the_loss_rate_of_the_playouts(playouts):
    board = deal(get_layout("butterfly"), 21)
    values = {
        impl: board_properties(board, ["random_wins", "difficulty"], playouts=playouts, impl=impl)
        for impl in ("cpp", "python")
    }
    assert values["cpp"] == values["python"]
    wins = values["cpp"]["random_wins"]
    assert 0 <= wins <= playouts
    assert values["cpp"]["difficulty"] == (1.0 - wins / playouts if playouts else 0.0)


def test_a_playout_sequence_extends_with_k():
    # Playout k has its own stream, so 40 playouts are the 7 first ones and 33 more.
    board = deal(get_layout("turtle"), 8)
    lazy = {
        k: BoardProperties(board.layout, board.faces, 8, playouts=k)["random_wins"] for k in (7, 8)
    }
    assert lazy[8] - lazy[7] in (0, 1)


def test_playouts_depend_on_the_seed_they_are_given():
    board = deal(get_layout("turtle"), 4)
    a = BoardProperties(board.layout, board.faces, 4, playouts=64)["random_wins"]
    b = BoardProperties(board.layout, board.faces, 5, playouts=64)["random_wins"]
    c = BoardProperties(board.layout, board.faces, 4, playouts=64)["random_wins"]
    assert a == c
    assert isinstance(b, int)


def test_errors():
    board = deal(get_layout("turtle"), 1)
    with pytest.raises(
        ValueError, match="unknown board property 'free_pair' \\(did you mean free_pairs"
    ):
        board_properties(board, ["free_pair"])
    with pytest.raises(ValueError, match="playouts must be"):
        board_properties(board, ["difficulty"], playouts=-1)
    with pytest.raises(ValueError, match="solver_budget must be"):
        board_properties(board, ["solver_nodes"], solver_budget=0)
    with pytest.raises(ValueError, match="faces for the 144 slots"):
        BoardProperties(board.layout, board.faces[:10], 1)


def test_solver_nodes_budget():
    board = deal(get_layout("turtle"), 2)
    full = board_properties(board, ["solver_nodes"])["solver_nodes"]
    assert 1 < full <= 20_000
    for impl in ("cpp", "python"):
        capped = board_properties(board, ["solver_nodes"], solver_budget=full - 1, impl=impl)
        assert capped == {"solver_nodes": full}  # budget + 1: it ran out
        exact = board_properties(board, ["solver_nodes"], solver_budget=full, impl=impl)
        assert exact == {"solver_nodes": full}


def test_solver_nodes_count_the_solver_reference_search():
    """The count is that of the solver's own reference search (issue 4), run without a clock."""
    solve_reference = pytest.importorskip("mahjongkit.solitaire._ref.solve")
    from mahjongkit.solitaire.properties import match_group

    for name, seed in [("turtle", 2), ("turtle", 5), ("lotus cross", 3), ("great wall", 1)]:
        board = deal(get_layout(name), seed)
        groups = [match_group(face) for face in board.faces]
        status, _, nodes, *_ = solve_reference.solve(board.layout, groups, 5000, 0)
        assert status == 1
        assert board_properties(board, ["solver_nodes"], solver_budget=5000) == {
            "solver_nodes": nodes
        }


@settings(max_examples=25, deadline=None)
@given(
    layout=st.sampled_from([layout for layout in layouts() if layout.size <= 100]),
    seed=st.integers(0, 2**64 - 1),
    playouts=st.integers(0, 12),
)
def test_core_equals_reference_on_random_boards(layout, seed, playouts):
    board = deal(layout, seed)
    options = {"playouts": playouts, "solver_budget": 200}
    assert board_properties(board, **options) == board_properties(board, **options, impl="python")
