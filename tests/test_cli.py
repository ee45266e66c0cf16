from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

import mahjongkit
from mahjongkit.cli import main


def test_version_and_help() -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["--version"]).exit_code == 0
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0 and "mcr" in result.output


def test_python_dash_m_runs_the_command_under_its_own_name() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "--help"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Usage: mahjongkit ") and "mcr" in run.stdout
    version = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert version.stdout.strip() == f"mahjongkit, version {mahjongkit.__version__}"
