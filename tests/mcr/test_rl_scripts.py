"""What an RL user pastes into a script runs: the guide's ParallelSelfPlay script (with its
main guard) prints its shapes, and the same code without the guard stops with one line of
advice per worker, not a traceback from each (nor multiprocessing's freeze_support advice);
the environments declare their render frame rate."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


def guide_script() -> str:
    text = (ROOT / "docs" / "guide" / "rl.md").read_text(encoding="utf-8")
    found = re.search(r"```python\n(# selfplay\.py\n.*?)```", text, re.S)
    assert found, "the RL guide shows the script"
    return found.group(1)


def _run(script: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=script.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_guides_parallel_self_play_script_runs(tmp_path: Path) -> None:
    script = tmp_path / "selfplay.py"
    script.write_text(guide_script())
    done = _run(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "(4, 145, 34)"


def test_without_the_main_guard_each_worker_says_what_to_do(tmp_path: Path) -> None:
    body = guide_script().split("\n\nif __name__")[0] + "\n\nmain()\n"
    script = tmp_path / "unguarded.py"
    script.write_text(body)
    done = _run(script)
    assert done.returncode != 0
    advice = 'put that code under `if __name__ == "__main__":`'
    # the parent's error, after the worker whose end it saw (the other may be stopped first)
    assert done.stderr.count(advice) >= 2
    assert "freeze_support" not in done.stderr
    assert len(done.stderr.splitlines()) < 30, done.stderr


def test_the_environments_declare_a_render_frame_rate() -> None:
    from mahjongkit.mcr.rl.env import RENDER_FPS, MahjongEnv
    from mahjongkit.mcr.rl.single import SingleAgentEnv

    assert MahjongEnv.metadata["render_fps"] == SingleAgentEnv.metadata["render_fps"] == RENDER_FPS
    assert RENDER_FPS > 0
