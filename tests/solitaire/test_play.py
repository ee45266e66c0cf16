"""Terminal play driven through standard input: from the deal to a win, and to a dead end."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mahjongkit import tiles
from mahjongkit.cli import main
from mahjongkit.solitaire import deal, get_layout
from mahjongkit.solitaire.game import Game
from mahjongkit.solitaire.play import HELP, Session, render
from mahjongkit.solitaire.save import dumps
from mahjongkit.solitaire.solver import solve
from tests.solitaire.lines import first_stuck_line


def play(*args: str, lines: list[str]) -> str:
    result = CliRunner().invoke(main, ["play", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_from_deal_to_win_with_the_solvers_solution() -> None:
    board = deal(get_layout("tea house"), 12)
    solution = solve(board.layout, board.faces).solution
    output = play("--layout", "tea house", "--seed", "12", lines=[f"{a} {b}" for a, b in solution])
    assert "Tea House, seed 12: 36 tiles left" in output
    assert output.count("removed ") == 18
    assert "You won!" in output
    assert "Result: won on Tea House (seed 12)" in output and "18 moves" in output


def test_from_deal_to_stuck() -> None:
    seed, moves = first_stuck_line()
    lines = [f"{a} {b}" for a, b in moves] + ["q"]
    output = play("--layout", "tea house", "--seed", str(seed), lines=lines)
    assert "Stuck: no free pair is left" in output
    assert f"Result: stuck on Tea House (seed {seed})" in output


def test_every_command_and_mistakes_get_help_not_a_crash(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    board = deal(get_layout("turtle"), 1)
    a, b = solve(board.layout, board.faces).solution[0]
    lines = [
        "jump 3",
        "12",
        "1 2",
        "0 999",
        "explain",
        "explain 139",
        "explain 500",
        f"{a} {b}",
        "undo",
        "redo",
        "hint",
        "shuffle classic",
        "shuffle sideways",
        "s",
        "board",
        f"save {save}",
        f"load {bad}",
        f"load {save}",
        "replay",
        "'unbalanced",
        "?",
        "q",
    ]
    output = play("--seed", "1", lines=lines)
    assert "unknown command 'jump'" in output and HELP.splitlines()[0] in output
    assert "to remove a pair, type the two tile ids" in output
    assert "refused (not_free): 1 at (6,0,0) is blocked" in output
    assert "refused (unknown_slot)" in output
    assert "explain which tile?" in output
    assert "139 at (12,6,3) is blocked: covered by 143" in output
    assert "there is no tile 500" in output
    assert f"took back {a} and {b}" in output and f"removed {a} and {b} again" in output
    assert "hint: " in output and "shuffled (classic)" in output and "shuffled (solvable)" in output
    assert "refused (unknown_shuffle)" in output
    assert "could not load, the current game goes on" in output
    assert f"loaded {save}" in output and save.exists()
    assert "the same board again" in output and "cannot read that line" in output
    assert "Result: abandoned on Turtle (seed 1)" in output


def test_end_of_input_ends_the_game() -> None:
    output = play("--layout", "tea house", "--seed", "3", lines=[])
    assert "Result: abandoned on Tea House (seed 3)" in output


def test_daily_and_option_errors() -> None:
    output = play("--daily", "--date", "2026-06-14", lines=["q"])
    assert "Daily Challenge 2026-06-14" in output and "Turtle, seed" in output
    result = CliRunner().invoke(main, ["play", "--daily", "--seed", "3"], input="q\n")
    assert result.exit_code == 2 and "not both" in result.output
    result = CliRunner().invoke(main, ["play", "--seed", "x"], input="q\n")
    assert result.exit_code == 1 and "seed must be an integer" in result.output
    result = CliRunner().invoke(main, ["play", "--load", "/nonexistent.json"], input="q\n")
    assert result.exit_code == 1


def drawn_tiles(text: str) -> dict[int, tuple[str, int, str]]:
    """Every tile of a drawing: id -> (face cell, column, row label), reading each id line
    with the face line under it."""
    found = {}
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if not line.startswith("y"):
            continue
        label, under = line[:3], lines[number + 1]
        for column, char in enumerate(line):
            if char.isdigit() and column >= 4 and line[column - 1] == " ":
                slot = int(line[column:].split()[0])
                found[slot] = (under[column : column + 4].rstrip(), column, label)
    return found


def test_render_draws_to_scale_with_ids_and_free_marks() -> None:
    game = Game.new("turtle", 1)
    text = render(game)
    assert text.startswith("Turtle, seed 1: 144 tiles left, 33 free")
    drawn = drawn_tiles(text)
    assert sorted(drawn) == list(range(144))
    for slot, (cell, column, _) in drawn.items():
        x = game.layout.slots[slot][0]
        assert column == 4 + 2 * x  # two characters per half-tile, as `deal` draws
        code = tiles.code(game.faces[slot])
        assert cell == (code + "*" if slot in game.free_slots() else code)
    # Row 7 of the Turtle: the left wing far left, the two right wings far right.
    assert [drawn[s][1] for s in (42, 43, 44)] == [8, 60, 64]
    assert drawn[42][2] == drawn[43][2] == "y 7"
    assert "\x1b[" not in text


def test_render_after_moves_colour_and_glyphs() -> None:
    game = Game.new("butterfly", 2, check_dead_ends=False)
    a, b = game.available_pairs()[0]
    game.remove(a, b)
    drawn = drawn_tiles(render(game))
    assert a not in drawn and b not in drawn and len(drawn) == 98
    # The wings stay apart: on the top row, where the body is not, 4 and 5 are 3 tiles apart.
    start = drawn_tiles(render(Game.new("butterfly", 2)))
    assert start[5][1] - start[4][1] == 12 and start[4][1] - start[3][1] == 4
    colored = render(game, color=True)
    free = game.free_slots()[0]
    assert f"\x1b[1;32m{tiles.code(game.faces[free])}*" in colored
    glyphs = render(game, glyphs=True)
    assert tiles.glyph(game.faces[free]) + "*" in glyphs


def test_the_board_is_redrawn_after_every_move() -> None:
    board = deal(get_layout("tea house"), 12)
    a, b = solve(board.layout, board.faces).solution[0]
    output = play("--layout", "tea house", "--seed", "12", lines=[f"{a} {b}", "undo", "q"])
    assert output.count("Tea House, seed 12:") == 3  # at the start, after the move, after undo
    assert "Tea House, seed 12: 34 tiles left" in output
    glyph_output = play("--layout", "tea house", "--seed", "12", "--glyphs", lines=["q"])
    assert tiles.glyph(board.faces[0]) in glyph_output
    assert "\x1b[" not in glyph_output  # not a terminal: no colour unless asked
    colored = play("--layout", "tea house", "--seed", "12", "--color", lines=["q"])
    assert "\x1b[1;32m" in colored


def test_session_load_keeps_the_game_on_a_bad_file(tmp_path: Path) -> None:
    session = Session(Game.new("tea house", 3, check_dead_ends=False))
    faces = list(session.game.faces)
    (tmp_path / "cut.json").write_text(dumps(session.game)[:40])
    reply = session.handle(f"load {tmp_path / 'cut.json'}")
    assert reply.startswith("could not load") and session.game.faces == faces
