"""The free rule (decision 2) against every row of spec 001's tables, in both implementations.

The decision and the spec are written out in docs/decisions.md.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.solitaire import blockers, free_slots, get_layout
from mahjongkit.solitaire._ref.geometry import Geometry

IMPLS = ["cpp", "python"]
TURTLE = get_layout("turtle")
ALL = range(144)

START_FREE = [
    *(0, 11, 19, 20, 29, 42, 44, 57, 66, 74, 75, 86),  # layer 0
    *(87, 92, 93, 98, 99, 104, 105, 110, 111, 116, 117, 122),  # layer 1: row ends
    *(123, 126, 127, 130, 131, 134, 135, 138),  # layer 2: row ends
    143,  # the cap
]


def test_positions_of_spec_001() -> None:
    coordinates = {0: (4, 0, 0), 1: (6, 0, 0), 2: (8, 0, 0), 28: (22, 4, 0), 29: (24, 4, 0)}
    coordinates |= {139: (12, 6, 3), 140: (14, 6, 3), 141: (12, 8, 3), 142: (14, 8, 3)}
    coordinates |= {143: (13, 7, 4)}
    for slot, xyz in coordinates.items():
        assert TURTLE.slots[slot] == xyz


@pytest.mark.parametrize("impl", IMPLS)
def test_start_position(impl: str) -> None:
    assert free_slots(TURTLE, ALL, impl=impl) == tuple(START_FREE)


def test_first_table_blockers() -> None:
    geometry = Geometry.of(TURTLE)
    bit = lambda *slots: sum(1 << s for s in slots)  # noqa: E731
    # 139: covered by 143 alone; left open, right occupied by 140.
    assert geometry.cover[139] == bit(143) and geometry.direct_cover[139] == bit(143)
    assert geometry.left[139] == 0 and geometry.right[139] == bit(140)
    # 1: no cover, neighbours 0 and 2.
    assert geometry.cover[1] == 0
    assert geometry.left[1] == bit(0) and geometry.right[1] == bit(2)
    # 0: no cover, left open, 1 on the right.
    assert geometry.cover[0] == 0 and geometry.left[0] == 0 and geometry.right[0] == bit(1)
    # 28: both sides occupied (27 and 29), no cover.
    assert geometry.cover[28] == 0
    assert geometry.left[28] == bit(27) and geometry.right[28] == bit(29)
    # The cap overlaps all four tiles beneath it; a layer-2 tile is directly covered by
    # layer 3 only, though the cap too lies over it.
    assert TURTLE.slots[128] == (12, 6, 2)
    assert geometry.cover[128] == bit(139, 143) and geometry.direct_cover[128] == bit(139)


@pytest.mark.parametrize("impl", IMPLS)
def test_second_table_removing_29_and_143(impl: str) -> None:
    before = set(free_slots(TURTLE, ALL, impl=impl))
    after_set = [s for s in ALL if s not in (29, 143)]
    after = set(free_slots(TURTLE, after_set, impl=impl))
    assert 28 not in before and 28 in after
    for slot in (139, 140, 141, 142):
        assert slot not in before and slot in after
    assert after - before == {28, 139, 140, 141, 142}
    assert 1 not in after  # still blocked on both sides


@pytest.mark.parametrize("impl", IMPLS)
def test_cover_wins_over_an_open_side(impl: str) -> None:
    # Remove 140 so 139 has both sides open: still covered by 143.
    present = [s for s in ALL if s != 140]
    assert 139 not in free_slots(TURTLE, present, impl=impl)
    # Uncovered with both sides occupied is blocked: 1 after the cap goes.
    assert 1 not in free_slots(TURTLE, [s for s in ALL if s != 143], impl=impl)


@pytest.mark.parametrize("impl", IMPLS)
def test_bad_present_sets_are_refused(impl: str) -> None:
    with pytest.raises(
        ValueError, match=r"144 is not a slot of layout 'Turtle' \(slots are 0 to 143\)"
    ):
        free_slots(TURTLE, [0, 144], impl=impl)
    with pytest.raises(ValueError, match="-1 is not a slot"):
        free_slots(TURTLE, [-1], impl=impl)
    with pytest.raises(TypeError, match="a slot is an int"):
        free_slots(TURTLE, ["3"], impl=impl)  # type: ignore[list-item]
    assert free_slots(TURTLE, [], impl=impl) == ()


def test_blockers_name_the_tiles_of_spec_001() -> None:
    start = blockers(TURTLE, ALL, 139)
    assert start.covered_by == (143,) and start.left == () and start.right == (140,)
    assert not start.is_free
    both_sides = blockers(TURTLE, ALL, 1)
    assert both_sides.covered_by_all == () and (both_sides.left, both_sides.right) == ((0,), (2,))
    assert blockers(TURTLE, ALL, 0).is_free
    after = [s for s in ALL if s not in (29, 143)]
    assert blockers(TURTLE, after, 28).right == () and blockers(TURTLE, after, 28).is_free
    # Layer-2 tile 128 lies under 139 and the cap: the explanation names the nearest layer.
    assert blockers(TURTLE, ALL, 128).covered_by == (139,)
    assert blockers(TURTLE, ALL, 128).covered_by_all == (139, 143)
    assert blockers(TURTLE, [s for s in ALL if s != 139], 128).covered_by == (143,)


@settings(deadline=None, max_examples=30)
@given(present=st.sets(st.integers(0, 143)))
def test_blockers_agree_with_the_free_set(present: set[int]) -> None:
    free = set(free_slots(TURTLE, present))
    assert {s for s in present if blockers(TURTLE, present, s).is_free} == free
