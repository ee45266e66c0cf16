"""The C++ solver against the Python reference, and both against a brute force, on small
random positions: same verdicts, legal solutions, and "unsolvable" only when no move
sequence at all clears the board."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit import tiles
from mahjongkit.solitaire import get_layout, layouts
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.solver import Verdict, solve
from tests.solitaire.brute_force import clears as brute_force

SMALL = ["tea house", "twin bridge", "fortress"]


def replays(slots: Sequence[tuple[int, int, int]], faces: Sequence[int], solution) -> bool:  # type: ignore[no-untyped-def]
    from mahjongkit.solitaire import free_slots

    layout = next(each for each in layouts() if each.slots == tuple(slots))
    left = list(faces)
    for a, b in solution:
        free = set(free_slots(layout, [i for i, f in enumerate(left) if f]))
        if not (a in free and b in free and left[a] and left[b]):
            return False
        if a == b or not tiles.solitaire_match(left[a], left[b]):
            return False
        left[a] = left[b] = 0
    return not any(left)


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[str, list[int]]:
    name = draw(st.sampled_from(SMALL))
    layout = get_layout(name)
    count = 2 * draw(st.integers(1, 7))
    slots = draw(
        st.lists(st.integers(0, layout.size - 1), min_size=count, max_size=count, unique=True)
    )
    # Few kinds, so that four-of-a-kind groups and unsolvable positions are common.
    kinds = draw(
        st.lists(st.sampled_from([1, 2, 3, 35, 36, 39]), min_size=count // 2, max_size=count // 2)
    )
    faces = [0] * layout.size
    tiles_ = [k for k in kinds for _ in range(2)]
    for slot, face in zip(slots, draw(st.permutations(tiles_)), strict=True):
        faces[slot] = face
    return name, faces


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_cpp_reference_and_brute_force_agree(position: tuple[str, list[int]]) -> None:
    name, faces = position
    layout = get_layout(name)
    truth = brute_force(layout.slots, faces)
    for impl in ("cpp", "python"):
        result = solve(layout, faces, impl=impl, max_nodes=0, max_seconds=10)
        assert result.verdict is (Verdict.SOLVABLE if truth else Verdict.UNSOLVABLE), impl
        if truth:
            assert replays(layout.slots, faces, result.solution), impl
        else:
            assert result.solution == () and result.reason


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), name=st.sampled_from(SMALL))
def test_both_solve_reverse_dealt_boards_with_legal_solutions(seed: int, name: str) -> None:
    from mahjongkit.solitaire import deal

    board = deal(get_layout(name), seed)
    for impl in ("cpp", "python"):
        result = solve(board.layout, board.faces, impl=impl, max_seconds=20)
        assert result.verdict is Verdict.SOLVABLE, (impl, result.reason)
        assert replays(board.layout.slots, board.faces, result.solution)


def test_unsolvable_means_no_solution_exhaustively() -> None:
    rng = Rng(2026, 4)
    seen = {Verdict.SOLVABLE: 0, Verdict.UNSOLVABLE: 0}
    for _ in range(300):
        layout = get_layout(["tea house", "twin bridge"][rng.below(2)])
        slots = list(range(layout.size))
        rng.shuffle(slots)
        count = 4 + 2 * rng.below(6)
        kinds = [[1, 2, 35, 39][rng.below(4)] for _ in range(count // 2)]
        faces = [0] * layout.size
        for slot, face in zip(slots[:count], [k for k in kinds for _ in range(2)], strict=True):
            faces[slot] = face
        result = solve(layout, faces)
        assert result.verdict is not Verdict.UNKNOWN
        assert (result.verdict is Verdict.SOLVABLE) == brute_force(layout.slots, faces)
        seen[result.verdict] += 1
    assert min(seen.values()) >= 20  # both answers were checked, not just one


def test_learning_search_agrees_with_the_reference_on_full_deals() -> None:
    # Full deals (four of each face) keep every group a four-tile decision, so the C++ search
    # runs with its learning (reasons, backjumping, nogoods); the reference knows none of it.
    layout = get_layout("twin bridge")
    searched = 0
    for index in range(150):
        rng = Rng(index, 0x736D616C)
        kinds = list(range(1, 35))
        rng.shuffle(kinds)
        faces = [kind for kind in kinds[: layout.size // 4] for _ in range(4)]
        faces += [35, 36][: layout.size - len(faces)]
        rng.shuffle(faces)
        fast = solve(layout, faces, impl="cpp", max_nodes=100_000, max_seconds=0)
        assert fast.verdict is not Verdict.UNKNOWN
        if fast.nodes <= 5:
            continue  # decided before any real search: nothing learned to check
        searched += 1
        slow = solve(layout, faces, impl="python", max_nodes=0, max_seconds=20)
        assert slow.verdict is fast.verdict, index
        if fast.verdict is Verdict.SOLVABLE:
            assert replays(layout.slots, faces, fast.solution)
    assert searched >= 8  # the check must really exercise the search (12 deals do today)
