"""Learn Mode against every row of spec 001's two tables (docs/decisions.md), on the Turtle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit import tiles
from mahjongkit.solitaire import deal, get_layout
from mahjongkit.solitaire.game import Game, Move
from mahjongkit.solitaire.learn import TileState, explain, unlocked

TURTLE = get_layout("turtle")
ALL = frozenset(range(144))
SEED_29_143 = 18
"""The first seed whose deal puts a matching pair on 29 and 143 (decision 7: our own)."""


def test_the_seed_has_29_and_143_matching() -> None:
    board = deal(TURTLE, SEED_29_143)
    assert tiles.solitaire_match(board.faces[29], board.faces[143])
    assert not any(
        tiles.solitaire_match(*(lambda b: (b.faces[29], b.faces[143]))(deal(TURTLE, seed)))
        for seed in range(SEED_29_143)
    )


# ---- table 1: four diagnostic states ----


def test_row_covered_from_above_139() -> None:
    why = explain(TURTLE, ALL, 139)
    assert why.position == (12, 6, 3)
    assert why.state is TileState.COVERED and not why.free
    assert why.covered_by == (143,) and why.nearest_cover == (143,)
    assert why.left == () and why.right == (140,)  # left open, right occupied
    assert str(why) == "139 at (12,6,3) is blocked: covered by 143; left open, right blocked by 140"


def test_row_both_sides_blocked_1() -> None:
    why = explain(TURTLE, ALL, 1)
    assert why.position == (6, 0, 0)
    assert why.state is TileState.SIDES and why.covered_by == ()
    assert why.left == (0,) and why.right == (2,)
    assert TURTLE.slots[0][0] == 4 and TURTLE.slots[2][0] == 8


def test_row_exactly_one_side_blocked_0() -> None:
    why = explain(TURTLE, ALL, 0)
    assert why.position == (4, 0, 0)
    assert why.free and why.covered_by == ()
    assert why.left == () and why.right == (1,)


def test_row_newly_unlocked_28() -> None:
    before = explain(TURTLE, ALL, 28)
    assert before.position == (22, 4, 0)
    assert before.state is TileState.SIDES and before.right == (29,)
    after = explain(TURTLE, ALL - {29}, 28)
    assert after.free and after.left == (27,) and after.right == ()


def test_cover_wins_over_an_open_side_and_nearest_layer_is_told_apart() -> None:
    why = explain(TURTLE, ALL, 128)
    assert why.state is TileState.COVERED_AND_SIDES
    assert why.covered_by == why.nearest_cover == (139,) and why.covered_by_all == (139, 143)
    # With 139 gone the cap is the nearest cover left.
    assert explain(TURTLE, ALL - {139}, 128).nearest_cover == (143,)


def test_removed_slot_and_bad_ids() -> None:
    assert explain(TURTLE, ALL - {5}, 5).state is TileState.REMOVED
    with pytest.raises(ValueError, match="not a slot"):
        explain(TURTLE, ALL, -1)


# ---- table 2: five positions unlocked by one opening ----

TABLE_2 = {
    # slot: (position, before, after, changed condition)
    28: ((22, 4, 0), TileState.SIDES, ((27,), ()), "neighbour"),
    139: ((12, 6, 3), TileState.COVERED, ((), (140,)), "cap"),
    140: ((14, 6, 3), TileState.COVERED, ((139,), ()), "cap"),
    141: ((12, 8, 3), TileState.COVERED, ((), (142,)), "cap"),
    142: ((14, 8, 3), TileState.COVERED, ((141,), ()), "cap"),
}


def test_table_2_by_the_game() -> None:
    game = Game.new(TURTLE, SEED_29_143)
    before = {slot: game.explain(slot) for slot in TABLE_2}
    move = game.remove(29, 143)
    assert isinstance(move, Move)
    assert move.unlock.newly_free == (28, 139, 140, 141, 142)
    assert move.unlock.newly_uncovered == (139, 140, 141, 142)  # 28 was never covered
    for slot, (position, state_before, (left, right), condition) in TABLE_2.items():
        assert before[slot].position == position
        assert before[slot].state is state_before
        if condition == "cap":
            assert before[slot].covered_by == (143,)
        else:
            assert before[slot].right == (29,)
        after = game.explain(slot)
        assert after.free and after.covered_by == ()
        assert (after.left, after.right) == (left, right)


def test_newly_uncovered_is_not_newly_free() -> None:
    change = unlocked(TURTLE, ALL, ALL - {143, 139})
    assert 128 in change.newly_uncovered and 128 not in change.newly_free
    assert explain(TURTLE, ALL - {143, 139}, 128).state is TileState.SIDES
    assert "uncovered but still blocked on both sides: 128" in str(change)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["turtle", "tea house", "great wall"]),
    data=st.data(),
)
def test_blocking_counts_agree_with_blockers_slot_by_slot(name, data):
    from mahjongkit.solitaire.learn import blockers, blocking_counts

    layout = get_layout(name)
    present = data.draw(st.sets(st.integers(0, layout.size - 1)))
    counts = blocking_counts(layout, present)
    for slot in range(layout.size):
        if slot not in present:
            assert counts[slot] is None
            continue
        found = blockers(layout, present, slot)
        sides = len(found.left) + len(found.right) if found.left and found.right else 0
        assert counts[slot] == len(found.covered_by_all) + sides
        assert (counts[slot] == 0) == found.is_free
