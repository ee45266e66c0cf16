"""The learning examples end to end, tiny (slow: they need torch and a minute of CPU)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mahjongkit.mcr.records.samples import HANDWRITTEN

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
    tiny = ["--epochs", "2", "--dagger", "1", "--dagger-hands", "4", "--arena", "8"]
    _run("mcr_bc.py", tmp_path, "--hands", "12", *tiny, "--workers", "1", "--threads", "1")
    report = json.loads((tmp_path / "bc_result.json").read_text())
    curve = report["curve"]
    assert [row["epoch"] for row in curve] == [1, 2, 1]  # two of cloning, one DAgger round
    assert curve[-1]["dagger_round"] == 1 and 0.0 <= curve[-1]["on_policy_agreement"] <= 1.0
    assert report["decisions"] > 100 and report["arena"]["hands"] == 8
    assert 0.0 <= curve[-1]["held_out_agreement"] <= 1.0
    assert set(curve[0]["by_kind"]) >= {"all", "discard", "claim", "claims_played"}
    assert report["lookahead"] == 2  # the claim head and the planner's values by default
    per_hand = json.loads((tmp_path / "bc_arena.json").read_text())
    assert len(per_hand) == 8 and sum(per_hand) / 8 == report["arena"]["points_per_hand"]
    assert (tmp_path / "bc_curve.png").read_bytes().startswith(b"\x89PNG")
    weights = tmp_path / "bc_policy.pt"
    ppo_args = ["--iterations", "2", "--hands", "4", "--value-warmup", "1"]
    _run("mcr_ppo.py", tmp_path, *ppo_args, "--weights", str(weights))
    ppo = json.loads((tmp_path / "ppo_result.json").read_text())
    assert [row["iteration"] for row in ppo["curve"]] == [1, 2]
    assert [row["value_only"] for row in ppo["curve"]] == [True, False]
    assert ppo["curve"][1]["kl"] >= 0.0  # the policy's divergence from the clone
    assert (tmp_path / "ppo_curve.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow
def test_behaviour_cloning_from_human_records(tmp_path: Path) -> None:
    records = HANDWRITTEN
    tiny = ["--epochs", "1", "--arena", "0", "--workers", "1", "--threads", "1"]
    _run("mcr_bc.py", tmp_path, "--records", str(records), "--cache", str(tmp_path), *tiny)
    report = json.loads((tmp_path / "bc_result.json").read_text())
    assert report["source"].startswith("the human games of")
    assert report["decisions"] > 50 and [row["epoch"] for row in report["curve"]] == [1]
    assert "dagger_round" not in report["curve"][-1]  # no human labels the network's states
