"""The learning examples end to end, tiny (slow: they need torch and a minute of CPU)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(script: str, out: Path, *args: str) -> None:
    environ = dict(os.environ)
    environ["PYTHONPATH"] = os.pathsep.join(
        [str(EXAMPLES), *filter(None, [environ.get("PYTHONPATH")])]
    )
    subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--out", str(out), *args],
        env=environ,
        check=True,
        timeout=600,
        capture_output=True,
    )


@pytest.mark.slow
def test_behaviour_cloning_then_ppo_end_to_end(tmp_path: Path) -> None:
    _run("mcr_bc.py", tmp_path, "--hands", "12", "--held-out", "3", "--epochs", "2", "--arena", "8")
    report = json.loads((tmp_path / "bc_result.json").read_text())
    assert [row["epoch"] for row in report["curve"]] == [1, 2]
    assert report["decisions"] > 100 and report["arena"]["hands"] == 8
    assert 0.0 <= report["curve"][-1]["held_out_agreement"] <= 1.0
    assert (tmp_path / "bc_curve.png").read_bytes().startswith(b"\x89PNG")
    weights = tmp_path / "bc_policy.pt"
    _run("mcr_ppo.py", tmp_path, "--iterations", "2", "--hands", "4", "--weights", str(weights))
    ppo = json.loads((tmp_path / "ppo_result.json").read_text())
    assert [row["iteration"] for row in ppo["curve"]] == [1, 2]
    assert (tmp_path / "ppo_curve.png").read_bytes().startswith(b"\x89PNG")
