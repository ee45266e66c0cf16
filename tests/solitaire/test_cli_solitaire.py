"""The solitaire commands: deal, daily, layouts; errors are one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mahjongkit import tiles
from mahjongkit.cli import main
from mahjongkit.solitaire import daily_seed, deal, get_layout
from mahjongkit.solitaire.layout import layouts

DATA = Path(__file__).resolve().parents[1] / "data"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_deal_text_shows_every_tile_layer_by_layer() -> None:
    code, output = run("deal", "--layout", "turtle", "--seed", "1")
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Turtle, seed 1: 144 tiles"
    assert [line for line in lines if line.startswith("layer")] == [f"layer {z}" for z in range(5)]
    board = deal(get_layout("turtle"), 1)
    shown = [cell for line in lines if line.startswith("y") for cell in line[3:].split()]
    assert sorted(shown) == sorted(tiles.code(face) for face in board.faces)
    assert lines[-1].split()[-1] == tiles.code(board.faces[143])  # the cap, last


def test_deal_json_and_glyphs() -> None:
    code, output = run("deal", "--layout", "Tea House", "--seed", "0x10", "--format", "json")
    assert code == 0
    data = json.loads(output)
    board = deal(get_layout("tea house"), 16)
    assert data["seed"] == 16 and data["layout"] == "Tea House"
    assert [slot["kind"] for slot in data["slots"]] == list(board.faces)
    assert data["removal_order"] == [list(pair) for pair in board.removal_order]
    code, output = run("deal", "--layout", "tea-house", "--seed", "16", "--glyphs")
    assert code == 0 and tiles.glyph(board.faces[0]) in output


def test_deal_reads_layout_files() -> None:
    code, output = run("deal", "--layout", str(DATA / "solitaire_tiny_v11.layout"), "--seed", "2")
    assert code == 0 and output.startswith("solitaire_tiny_v11, seed 2: 6 tiles")


def test_daily_uses_the_date_seed() -> None:
    code, output = run("daily", "--date", "2026-06-14", "--format", "json")
    assert code == 0 and json.loads(output)["seed"] == daily_seed("2026-06-14")
    code, output = run("daily")
    assert code == 0 and output.startswith("Daily Challenge ")


def test_layouts_lists_names_and_counts() -> None:
    code, output = run("layouts")
    assert code == 0
    assert "Turtle" in output and "144" in output and "Tea House" in output
    assert len(output.splitlines()) == 1 + len(layouts())  # a heading, a line a layout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--seed", "-1"], "seed must be an integer from 0 to 2**64 - 1"),
        (["deal", "--seed", "18446744073709551616"], "seed must be an integer from 0"),
        (
            ["deal", "--seed", "abc"],
            "seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got 'abc'",
        ),
        (["deal", "--layout", "dragon", "--seed", "1"], "unknown layout 'dragon'; known layouts"),
        (["daily", "--date", "2026-13-01"], "but is not a date: month must be"),
        (["daily", "--date", "2026-6-1"], "a date is written YYYY-MM-DD"),
    ],
)
def test_bad_arguments_give_one_line(args: list[str], message: str) -> None:
    code, output = run(*args)
    assert code == 1
    assert output.count("\n") == 1 and output.startswith("Error: ") and message in output
    assert "Traceback" not in output
