"""``mahjongkit mcr wall`` and ``mahjongkit mcr game``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.wall import Wall
from mahjongkit.tiles import code


def test_wall_prints_the_seeded_wall() -> None:
    result = CliRunner().invoke(main, ["mcr", "wall", "published-seed", "--hand", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.split() == [code(t) for t in Wall.from_seed("published-seed", 2).tiles]
    hexed = CliRunner().invoke(main, ["mcr", "wall", "00ff", "--hex"])
    assert hexed.output.split() == [code(t) for t in Wall.from_seed(b"\x00\xff").tiles]


def test_wall_refuses_bad_input() -> None:
    result = CliRunner().invoke(main, ["mcr", "wall", "s", "--hand", "0"])
    assert result.exit_code != 0 and "start at 1" in result.output
    result = CliRunner().invoke(main, ["mcr", "wall", "zz", "--hex"])
    assert result.exit_code != 0 and "not hexadecimal" in result.output


def test_game_plays_saves_and_replays(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    played = CliRunner().invoke(main, ["mcr", "game", "cli-demo", "--save", str(saved)])
    assert played.exit_code == 0, played.output
    lines = played.output.splitlines()
    assert len(lines) == 17 and lines[0].startswith("hand  1:") and "places" in lines[-1]
    game = Rules.from_json(saved.read_text())
    assert str(list(game.totals)) in lines[-2]
    replayed = CliRunner().invoke(main, ["mcr", "game", "--replay", str(saved)])
    assert replayed.output == played.output
    with_events = CliRunner().invoke(main, ["mcr", "game", "--replay", str(saved), "--events"])
    assert with_events.output.startswith("sys deal hand_no=1")


def test_game_refuses_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    result = CliRunner().invoke(main, ["mcr", "game", "--replay", str(bad)])
    assert result.exit_code != 0 and "not a saved game" in result.output
    result = CliRunner().invoke(main, ["mcr", "game"])
    assert result.exit_code != 0 and "give a SEED" in result.output
