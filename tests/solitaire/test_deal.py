"""The reverse deal: the pool, the construction path, solvability, errors, the golden file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mahjongkit import tiles
from mahjongkit.solitaire import DealError, Layout, deal, free_slots, get_layout, layouts, redeal
from mahjongkit.solitaire._ref.deal import pool_pairs
from tests.solitaire.solitaire_solver import solve

IMPLS = ["cpp", "python"]
GOLDEN = Path(__file__).resolve().parents[1] / "data" / "solitaire_golden.txt"


def test_the_pool_is_decision_four() -> None:
    pairs = pool_pairs()
    assert len(pairs) == 72
    counts = Counter(face for pair in pairs for face in pair)
    assert all(counts[kind] == 4 for kind in range(1, 35))
    assert all(counts[kind] == 1 for kind in range(35, 43))
    assert pairs[-4:] == [(35, 36), (37, 38), (39, 40), (41, 42)]
    assert all(tiles.solitaire_match(a, b) for a, b in pairs)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.name)
def test_boards_use_the_pool_and_replay_through_legal_pairs(layout: Layout, impl: str) -> None:
    for seed in (0, 1, 99, 2**64 - 1):
        board = deal(layout, seed, impl=impl)
        # The full Turtle uses the whole pool; smaller layouts a sub-multiset of it.
        counts = Counter(board.faces)
        pool = Counter(face for pair in pool_pairs() for face in pair)
        assert all(counts[face] <= pool[face] for face in counts) and 0 not in counts
        if layout.size == 144:
            assert counts == pool
        # Every slot appears once in the path; every step removes a free matching pair.
        assert sorted(s for pair in board.removal_order for s in pair) == list(range(layout.size))
        present = set(range(layout.size))
        for a, b in board.removal_order:
            free = set(free_slots(layout, present, impl=impl))
            assert a in free and b in free
            assert tiles.solitaire_match(board.faces[a], board.faces[b])
            present -= {a, b}
        assert not present


def test_the_pairs_are_the_first_shuffled_pool_pairs() -> None:
    # A layout of n slots takes n/2 pairs: its faces are a multiset of whole pairs, and the
    # same seed on a bigger layout contains the smaller one's pairs (same shuffle, a prefix).
    small, big = get_layout("tea house"), get_layout("turtle")
    for seed in (3, 4):
        small_pairs = Counter(
            tuple(sorted((deal(small, seed).faces[a], deal(small, seed).faces[b])))
            for a, b in deal(small, seed).removal_order
        )
        board = deal(big, seed)
        big_first = Counter(
            tuple(sorted((board.faces[a], board.faces[b]))) for a, b in board.removal_order[:18]
        )
        assert small_pairs == big_first


def test_an_independent_solver_clears_sampled_boards() -> None:
    for layout in layouts():
        for seed in range(3):
            board = deal(layout, seed * 7919 + layout.size)
            assert solve(layout.slots, board.faces) is True, (layout.name, seed)


def test_the_same_seed_gives_the_same_board_and_different_seeds_differ() -> None:
    turtle = get_layout("turtle")
    assert deal(turtle, 5) == deal(turtle, 5)
    assert len({deal(turtle, seed).faces for seed in range(20)}) == 20


@pytest.mark.parametrize("impl", IMPLS)
def test_a_layout_that_always_sticks_names_layout_and_seed(impl: str) -> None:
    tower = Layout.from_slots([(0, 0, 0), (0, 0, 1)], name="Tower")
    message = (
        r"could not deal layout 'Tower' with seed 12: every one of the 50 trials of the "
        r"reverse deal was left with fewer than two free slots"
    )
    with pytest.raises(DealError, match=message):
        deal(tower, 12, impl=impl, max_trials=50)
    with pytest.raises(ValueError, match="max_trials must be an int from 1"):
        deal(tower, 12, impl=impl, max_trials=0)


@pytest.mark.parametrize("impl", IMPLS)
def test_redeal_moves_the_remaining_faces_solvably(impl: str) -> None:
    turtle = get_layout("turtle")
    board = deal(turtle, 11)
    remaining = sorted(s for pair in board.removal_order[20:] for s in pair)
    faces = [board.faces[s] for s in remaining]
    again = redeal(turtle, remaining, faces, 11, stream=1, impl=impl)
    assert again == redeal(turtle, remaining, faces, 11, stream=1, impl="python")
    assert Counter(again.faces[s] for s in remaining) == Counter(faces)
    assert all(again.faces[s] == 0 for s in range(144) if s not in remaining)
    present = set(remaining)
    for a, b in again.removal_order:
        assert {a, b} <= set(free_slots(turtle, present))
        assert tiles.solitaire_match(again.faces[a], again.faces[b])
        present -= {a, b}
    assert not present
    assert again != redeal(turtle, remaining, faces, 11, stream=2, impl=impl)
    with pytest.raises(ValueError, match="3 faces for 2 slots"):
        redeal(turtle, [0, 11], [1, 1, 1], 1, stream=1, impl=impl)
    with pytest.raises(ValueError, match="the faces do not pair up: 1m has no partner"):
        redeal(turtle, [0, 11], [1, 2], 1, stream=1, impl=impl)


def _golden() -> list[tuple[str, int, int, list[str], list[tuple[int, int]]]]:
    rows = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, seed, trials, faces, order = (field.strip() for field in line.split("|"))
        pairs = [tuple(map(int, item.split(","))) for item in order.split()]
        rows.append((name, int(seed), int(trials), faces.split(), pairs))  # type: ignore[misc]
    return rows


@pytest.mark.parametrize("impl", IMPLS)
def test_golden_boards(impl: str) -> None:
    rows = _golden()
    assert len(rows) == 6 * len(layouts())
    for name, seed, trials, faces, order in rows:
        board = deal(get_layout(name), seed, impl=impl)
        assert [tiles.code(face) for face in board.faces] == faces, (name, seed)
        assert list(board.removal_order) == order and board.trials == trials


def test_stuck_trials_are_retried_on_the_same_stream() -> None:
    tea_house = get_layout("tea house")  # about 18 % of its trials get stuck
    retried = [board for board in (deal(tea_house, seed) for seed in range(40)) if board.trials > 1]
    assert retried, "expected some Tea House seeds to need a second trial"
    for board in retried[:5]:
        assert board == deal(tea_house, board.seed, impl="python")
        # The earlier trials consumed draws from the same stream: with one trial fewer the
        # deal fails, and it never restarts the stream.
        with pytest.raises(DealError, match=f"with seed {board.seed}: every one of the"):
            deal(tea_house, board.seed, max_trials=board.trials - 1)
        assert deal(tea_house, board.seed, max_trials=board.trials) == board


@pytest.mark.slow
def test_many_boards_match_and_clear() -> None:
    """Heavy: 300 boards per layout in both implementations, 30 per layout through the solver."""
    for layout in layouts():
        for seed in range(300):
            board = deal(layout, seed * 1_000_003)
            assert board == deal(layout, seed * 1_000_003, impl="python")
            if seed < 30:
                assert solve(layout.slots, board.faces) is True, (layout.name, seed)
