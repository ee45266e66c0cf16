from __future__ import annotations

from click.testing import CliRunner

from mahjongkit.cli import main


def test_version_and_help() -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["--version"]).exit_code == 0
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0 and "mcr" in result.output
