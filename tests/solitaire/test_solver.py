"""The exact solver: reverse-dealt boards, uniform deals, exhaustive checks, budgets, errors."""

from __future__ import annotations

import random

import pytest

from mahjongkit import tiles
from mahjongkit.solitaire import deal, engine, free_slots, get_layout, layouts
from mahjongkit.solitaire.game import Game
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.solver import (
    FAST,
    FAST_MANY_SETS,
    HINT_RULE,
    RULES,
    Verdict,
    groups_of,
    is_solvable,
    rule_limits,
    solve,
    winning_move,
)

TURTLE = get_layout("turtle")
GREAT_WALL = get_layout("great wall")


def uniform_deal(index: int) -> list[int]:
    """As benchmarks/bench_solver.py: the full set shuffled onto the Turtle, no construction."""
    faces = [kind for kind in range(1, 35) for _ in range(4)] + list(range(35, 43))
    Rng(index, 0x756E69).shuffle(faces)
    return faces


def replays(layout_name: str, faces: list[int], solution: tuple[tuple[int, int], ...]) -> bool:
    layout = get_layout(layout_name)
    left = list(faces)
    for a, b in solution:
        free = set(free_slots(layout, [i for i, f in enumerate(left) if f]))
        if a == b or a not in free or b not in free:
            return False
        if not (left[a] and left[b] and tiles.solitaire_match(left[a], left[b])):
            return False
        left[a] = left[b] = 0
    return not any(left)


@pytest.mark.parametrize("layout", [layout.name for layout in layouts()])
def test_reverse_dealt_boards_of_every_layout_are_solved(layout: str) -> None:
    for seed in range(8):
        board = deal(get_layout(layout), seed)
        result = solve(board.layout, board.faces, max_seconds=10)
        assert result.verdict is Verdict.SOLVABLE and result.solvable is True
        assert result.reason == ""
        assert replays(layout, list(board.faces), result.solution)


def test_uniform_turtle_deals_are_decided() -> None:
    verdicts = []
    for index in range(30):
        faces = uniform_deal(index)
        result = solve(TURTLE, faces, max_seconds=20, max_nodes=0)
        assert result.verdict is not Verdict.UNKNOWN, index
        if result.verdict is Verdict.SOLVABLE:
            assert replays("turtle", faces, result.solution)
        verdicts.append(result.verdict)
    # Deal 7 is one of the few unsolvable ones (benchmarks/README.md has the fraction).
    assert verdicts[7] is Verdict.UNSOLVABLE and verdicts.count(Verdict.SOLVABLE) >= 25


def test_positions_after_play_and_classic_shuffles() -> None:
    game = Game.new("turtle", 31, check_dead_ends=False)
    for _ in range(10):
        game.remove(*game.available_pairs()[0])
    for _ in range(3):
        game.shuffle("classic")
        result = solve(game.layout, game.faces, max_seconds=20, max_nodes=0)
        assert result.verdict is not Verdict.UNKNOWN
        if result.solution:
            assert replays("turtle", game.faces, result.solution)


def test_budget_runs_out_honestly() -> None:
    faces = uniform_deal(324)  # needs a real search (hundreds of nodes)
    result = solve(TURTLE, faces, max_nodes=5, max_seconds=0)
    assert result.verdict is Verdict.UNKNOWN and result.solvable is None
    assert "node budget of 5 exhausted" in result.reason
    assert is_solvable(TURTLE, faces, max_nodes=5, max_seconds=0) is None
    reference = solve(TURTLE, faces, max_nodes=5, max_seconds=0, impl="python")
    assert reference.verdict is Verdict.UNKNOWN and "node budget" in reference.reason


def test_winning_move_keeps_the_game_winnable() -> None:
    board = deal(TURTLE, 8)
    faces = list(board.faces)
    for _ in range(20):
        move = winning_move(TURTLE, faces)
        assert move is not None
        a, b = move
        faces[a] = faces[b] = 0
        assert is_solvable(TURTLE, faces) is True


def test_odd_groups_and_empty_boards() -> None:
    faces = [0] * TURTLE.size
    assert solve(TURTLE, faces).verdict is Verdict.SOLVABLE
    faces[0] = 5
    result = solve(TURTLE, faces)
    assert result.verdict is Verdict.UNSOLVABLE and "odd number" in result.reason


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="needs 144 faces"):
        solve(TURTLE, [0] * 10)
    with pytest.raises(ValueError, match="slot 3"):
        solve(TURTLE, [0, 0, 0, 43] + [0] * 140)
    with pytest.raises(TypeError):
        solve(TURTLE, ["5m"] + [0] * 143)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="endless"):
        solve(TURTLE, [0] * 144, max_nodes=0, max_seconds=0)
    with pytest.raises(ValueError, match="max_nodes"):
        solve(TURTLE, [0] * 144, max_nodes=-1)
    with pytest.raises(TypeError):
        solve("turtle", [0] * 144)  # type: ignore[arg-type]


@pytest.mark.slow
def test_thousand_uniform_deals_mostly_within_a_second() -> None:
    decided = sum(
        solve(TURTLE, uniform_deal(i), max_seconds=1.0, max_nodes=0).verdict is not Verdict.UNKNOWN
        for i in range(1000)
    )
    assert decided >= 995


@pytest.mark.parametrize("index", [255, 2194])
def test_search_proves_hard_unsolvable_deals_without_every_playout_first(index: int) -> None:
    # These uniform deals survive the dead-position checks and need the pairing search; only
    # the first hundred playouts run before it, the rest between its restarts.
    groups = groups_of(TURTLE, uniform_deal(index))
    status, solution, nodes, playouts, _, reason = engine.solve_groups(
        TURTLE, groups, max_nodes=200_000, max_seconds=0, impl="cpp"
    )
    assert status == 0 and solution == [] and "exhaustive" in reason
    assert nodes > 0 and 100 <= playouts < 1000


@pytest.mark.parametrize("index", [11918, 12759, 16525])
def test_learned_reasons_prove_deals_the_plain_search_could_not(index: int) -> None:
    # Uniform deals the search without learning left undecided even after 60 s: the reasons
    # of dead states (backjumping, nogoods) prove them unsolvable in a few hundred nodes.
    groups = groups_of(TURTLE, uniform_deal(index))
    status, solution, nodes, _, _, reason = engine.solve_groups(
        TURTLE, groups, max_nodes=5_000, max_seconds=0, impl="cpp"
    )
    assert status == 0 and solution == [] and "exhaustive" in reason
    assert 0 < nodes <= 5_000


@pytest.mark.parametrize("index", [52, 463])
def test_search_solves_hard_solvable_deals_deterministically(index: int) -> None:
    faces = uniform_deal(index)
    first = solve(TURTLE, faces, max_seconds=0, max_nodes=200_000)
    assert first.verdict is Verdict.SOLVABLE and first.nodes > 0
    assert replays("turtle", faces, first.solution)
    again = solve(TURTLE, faces, max_seconds=0, max_nodes=200_000)
    assert again.solution == first.solution and again.nodes == first.nodes


@pytest.mark.parametrize("layout", ["turtle", "standard turtle"])
def test_the_fast_rule_changes_the_solution_never_the_verdict(layout: str) -> None:
    # The fast rule (the default) runs quick random games first; the hint's rule runs none.
    # Deterministic budgets (nodes, not seconds), so the verdicts cannot differ by load.
    board = get_layout(layout)
    solved_quickly = 0
    for index in range(24):
        faces = uniform_deal(index)
        quick = solve(board, faces, max_seconds=0, max_nodes=200_000)
        classic = solve(board, faces, max_seconds=0, max_nodes=200_000, rule="hint")
        assert quick.verdict is classic.verdict is not Verdict.UNKNOWN, index
        if quick.verdict is Verdict.SOLVABLE:
            assert replays(layout, faces, quick.solution)
            assert replays(layout, faces, classic.solution)
            solved_quickly += quick.nodes == 0 and quick.solution != classic.solution
    assert solved_quickly >= 10  # most solvable deals fall to a quick game


def test_hints_keep_the_classic_rule() -> None:
    # A position whose quick-game solution starts with another pair than the classic one: the
    # hint, the game's solution and winning_move all follow the hint's rule (HINT_RULE).
    layout = get_layout("standard turtle")
    for index in range(40):
        faces = uniform_deal(index)
        quick = solve(layout, faces, max_seconds=0, max_nodes=200_000)
        classic = solve(layout, faces, max_seconds=0, max_nodes=200_000, rule="hint")
        if quick.solution and classic.solution and quick.solution[0] != classic.solution[0]:
            break
    else:
        pytest.fail("no deal among 40 where the two rules start differently")
    assert winning_move(layout, faces, max_seconds=0, max_nodes=200_000) == classic.solution[0]
    game = Game.new("standard turtle", 1, check_dead_ends=False)
    game_classic = solve(game.layout, game.faces, rule="hint")
    hint = game.hint()
    assert hint is not None and hint.pair == game_classic.solution[0]
    assert game.solution() == game_classic.solution


@pytest.mark.parametrize(("value", "error"), [(3, TypeError), (None, TypeError), ("x", ValueError)])
def test_the_rule_must_be_named(value: object, error: type[Exception]) -> None:
    board = deal(get_layout("tea house"), 1)
    with pytest.raises(error, match="rule"):
        solve(board.layout, board.faces, rule=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["quick_games", "playouts", "playouts_per_restart"])
def test_the_core_refuses_negative_random_phases(name: str) -> None:
    from mahjongkit._core import solitaire as core
    from mahjongkit.solitaire import _cpp

    groups = groups_of(TURTLE, uniform_deal(0))
    with pytest.raises(ValueError, match=name):
        core.solve(_cpp.geometry(TURTLE), groups, **{name: -1})


def test_the_fast_rule_has_no_restart_playouts_on_one_or_two_sets() -> None:
    one_set = groups_of(TURTLE, uniform_deal(0))
    # Groups of four merged in pairs (groups of eight), or only the first two of them.
    merged = [g // 2 for g in one_set]
    eight = [1 if g in (1, 2) else g for g in one_set]
    assert rule_limits(FAST, one_set) == RULES[FAST] == (300, 100, 0)
    assert rule_limits(FAST, merged) == FAST_MANY_SETS == (300, 100, 0)
    assert rule_limits(FAST, eight) == FAST_MANY_SETS
    assert rule_limits(HINT_RULE, eight) == RULES[HINT_RULE]


def two_set_great_wall(seed: int) -> list[int]:
    """The Great Wall filled with groups of four, six and eight tiles (two tile sets)."""
    rng = random.Random(seed)
    faces: list[int] = []
    kind = 1
    while len(faces) < GREAT_WALL.size:
        room = GREAT_WALL.size - len(faces)
        size = rng.choice([s for s in (4, 6, 6, 8, 8) if s <= room] or [room])
        faces += [kind] * size
        kind += 1
    rng.shuffle(faces)
    return faces


def test_solve_runs_no_playouts_between_restarts_on_two_sets() -> None:
    # Issue 36, sixth part: on two-set boards the search now runs alone between its restarts
    # (the core's nested games aside), as on one set. Seed 12 needs thousands of nodes, so the
    # playouts between restarts, which draw from the search's random stream, would change its
    # node count and solution: this fails if solve() gets the old (300, no cap, 200) again.
    faces = two_set_great_wall(12)
    groups = groups_of(GREAT_WALL, faces)
    result = solve(GREAT_WALL, faces, max_nodes=200_000, max_seconds=0)
    assert result.verdict is Verdict.SOLVABLE
    assert replays("great wall", faces, result.solution)

    from mahjongkit._core import solitaire as core
    from mahjongkit.solitaire import _cpp

    def core_nodes(quick_games: int, playouts: int, per_restart: int) -> int:
        status, _, nodes, *_ = core.solve(
            _cpp.geometry(GREAT_WALL),
            groups,
            max_nodes=200_000,
            max_seconds=0,
            quick_games=quick_games,
            playouts=playouts,
            playouts_per_restart=per_restart,
        )
        assert status == 1
        return int(nodes)

    assert result.nodes == core_nodes(300, 100, 0)
    assert result.nodes != core_nodes(300, 2**31 - 1, 200)  # the old schedule: another search
