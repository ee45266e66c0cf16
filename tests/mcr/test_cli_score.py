"""``mahjongkit mcr score``: fans and totals printed, one-line errors."""

from __future__ import annotations

from click.testing import CliRunner

from mahjongkit.cli import main


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["mcr", "score", *args])
    return result.exit_code, result.output


def test_prints_each_fan_and_the_totals() -> None:
    code, out = _run("123m 456p 789s 234s 5m F1", "--win", "5m", "--self-drawn")
    assert code == 0
    assert "Mixed Straight" in out and "Fully Concealed Hand" in out
    assert out.strip().splitlines()[-1] == "basic 15, flowers 1, total 16"


def test_the_hand_may_already_hold_the_winning_tile() -> None:
    assert (
        _run("123m 456p 789s 234s 55m", "--win", "5m")[1]
        == _run("123m 456p 789s 234s 5m", "--win", "5m")[1]
    )


def test_gb_ruleset_and_winds() -> None:
    code, out = _run("ckong(5555m) ckong(7777p) 123s 567s W", "--win", "W", "--ruleset", "gb")
    assert code == 0 and "   6  Two Concealed Kongs" in out
    code, out = _run("SSS 123m 456p 789s 5m", "--win", "5m", "--seat", "S", "--prevailing", "S")
    assert "Prevalent Wind" in out and "Seat Wind" in out


def test_the_ruleset_choices_are_the_scorers_rulesets() -> None:
    """The command line writes the names out (importing the scorer to list them would slow
    every ``mahjongkit mcr`` command); this keeps them equal."""
    import click

    from mahjongkit.cli.mcr import score_command
    from mahjongkit.mcr.scoring.ruleset import RULESETS

    [option] = [p for p in score_command.params if p.name == "ruleset"]
    assert isinstance(option.type, click.Choice)
    assert list(option.type.choices) == list(RULESETS)


def test_below_the_minimum_is_said() -> None:
    code, out = _run("234m 345p 567s 67m 88p", "--win", "8m")
    assert code == 0 and "below the 8-point minimum" in out


def test_errors_are_one_line() -> None:
    for args in (
        ("123m 456p 789s 234s 5m", "--win", "6m"),
        ("123m 456p 789s 234s 5m", "--win", "5m", "--robbing", "--self-drawn"),
        ("123m 456p 789s 234s 5m", "--win", "5m", "--kong-replacement", "--self-drawn"),
        ("123m 456p 789s 234s 5m", "--win", "5m", "--seat", "X"),
        ("123x", "--win", "5m"),
        ("123m 456p 789s 234s 5m", "--win", "F1"),
    ):
        code, out = _run(*args)
        assert code != 0
        assert len(out.strip().splitlines()) == 1 and out.startswith("Error: "), out
