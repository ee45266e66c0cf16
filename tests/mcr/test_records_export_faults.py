"""The records export and self-play under faults (issue 39): an export is swapped in whole
or not at all, SIGTERM and a killed worker leave the folder as it was and no worker behind,
and output paths are refused before any work.

Signals are sent by the export's own progress callback (in a child process), at a known
point of the run; every wait has a deadline, none is a pause that hopes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.records.export import RecordDataset, export
from mahjongkit.mcr.records.samples import HANDWRITTEN

DEADLINE = 120.0  # seconds: a child that has not finished by then has hung


@pytest.fixture
def old_export(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A folder holding an export of the four handwritten games, and what it reads."""
    out = tmp_path / "out"
    export(HANDWRITTEN, out, shard_games=1)
    return out, _contents(out)


def _contents(folder: Path) -> dict[str, Any]:
    data = RecordDataset(folder)
    batches = list(data.batches(64))
    return {
        "len": len(data),
        "actions": np.concatenate([b["action"] for b in batches]).tolist(),
        "files": sorted(p.name for p in folder.iterdir()),
    }


def _bigger(tmp_path: Path, copies: int) -> Path:
    """A record file of ``copies`` times the handwritten games in reverse order (so its
    shards differ from the old export's), under other match ids."""
    games = HANDWRITTEN.read_text(encoding="utf-8").strip().split("\n\n")[::-1]
    text = "\n\n".join(games) + "\n"
    path = tmp_path / "bigger.txt"
    path.write_text(
        "\n".join(text.replace("Match hand-", f"Match c{i}-") for i in range(copies)),
        encoding="utf-8",
    )
    return path


def _run_child(
    code: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    script = textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
        env=env,
    )


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")  # a zombie no longer runs


def _wait_gone(pids: list[int]) -> list[int]:
    """The pids still running after waiting up to the deadline for them to end."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        alive = [pid for pid in pids if not _gone(pid)]
        if not alive:
            return []
        time.sleep(0.05)  # polling a condition, bounded by the deadline
    return [pid for pid in pids if not _gone(pid)]


def test_a_failed_export_leaves_the_export_already_there(tmp_path, old_export, monkeypatch):
    import mahjongkit.mcr.records.export as module

    out, before = old_export
    real = module.export_slice

    def failing(piece, history=24, impl=None):  # type: ignore[no-untyped-def]
        if piece.shard == 1:
            raise OSError("disk full")
        return real(piece, history, impl)

    monkeypatch.setattr(module, "export_slice", failing)
    with pytest.raises(OSError, match="disk full"):
        export(_bigger(tmp_path, 2), out, shard_games=1)
    assert _contents(out) == before


def test_an_export_killed_by_sigkill_leaves_the_old_export_readable(tmp_path, old_export):
    out, before = old_export
    done = _run_child(
        """
        import os, signal, sys
        from mahjongkit.mcr.records.export import export
        def progress(games):
            os.kill(os.getpid(), signal.SIGKILL)
        export(sys.argv[1], sys.argv[2], shard_games=1, progress=progress)
        """,
        str(_bigger(tmp_path, 3)),
        str(out),
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    after = _contents(out)
    hidden = [name for name in after.pop("files") if name.startswith(".export-")]
    assert len(hidden) == 1  # SIGKILL cannot be caught: its staging folder stays, hidden
    assert after == {k: v for k, v in before.items() if k != "files"}
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == before["files"]


SIGNALLED = """
    import json, multiprocessing, os, signal, sys
    import export_gate
    from mahjongkit.mcr.records import export as module
    module.export_slice = export_gate.gated
    action = sys.argv[3]
    calls = []
    def progress(games):  # acts once, at the first shard written
        calls.append(games)
        if len(calls) > 1:
            return
        workers = [p.pid for p in multiprocessing.active_children()]
        print(json.dumps(workers), flush=True)
        if action == "term":
            os.kill(os.getpid(), signal.SIGTERM)
        else:
            os.kill(workers[0], signal.SIGKILL)
    try:
        module.export(sys.argv[1], sys.argv[2], shard_games=1, workers=2, progress=progress)
    except KeyboardInterrupt as error:  # Terminated names its signal
        sys.exit(128 + getattr(error, "signum", signal.SIGINT))
    except OSError as error:
        print("error:", error, file=sys.stderr)
        sys.exit(1)
"""


GATE = """
import threading
from mahjongkit.mcr.records import export

real = export.export_slice


def gated(piece, history=24, impl=None):
    if piece.shard > 0:  # never let through: the test stops the export at the first shard
        threading.Event().wait(120)
    return real(piece, history, impl)
"""


# Every shard but the first waits in its worker (the gate, a module the workers import however
# they start), so the export is always unfinished when the first shard's progress callback
# sends SIGTERM to the export or kills a worker.
@pytest.mark.parametrize("action", ["term", "kill-worker"])
def test_sigterm_or_a_dead_worker_stops_the_export_and_every_worker(tmp_path, old_export, action):
    out, before = old_export
    (tmp_path / "gate").mkdir()
    (tmp_path / "gate" / "export_gate.py").write_text(GATE, encoding="utf-8")
    path = os.pathsep.join([str(tmp_path / "gate"), os.environ.get("PYTHONPATH", "")])
    done = _run_child(
        SIGNALLED,
        str(_bigger(tmp_path, 2)),
        str(out),
        action,
        env={**os.environ, "PYTHONPATH": path},
    )
    workers = [int(pid) for pid in json.loads(done.stdout.splitlines()[0])]
    assert len(workers) == 2, done.stdout
    if action == "term":
        assert done.returncode == 128 + signal.SIGTERM, done.stderr
    else:
        assert done.returncode == 1, done.stderr
        assert "export worker process ended" in done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert _wait_gone(workers) == []
    assert _contents(out) == before  # nothing left behind, the old export whole


# ---- output paths checked before the work ----


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import mahjongkit.mcr.records.write as write

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played before the output was checked")

    monkeypatch.setattr(write, "play_records", refuse)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("/dev/null", "not a regular file"),
        ("missing/records.txt", "does not exist"),
        ("pipe", "not a regular file"),
        (".", "is a directory"),
    ],
)
def test_selfplay_checks_its_output_before_playing(tmp_path, no_games, target, message):
    os.mkfifo(tmp_path / "pipe")
    path = target if target.startswith("/") else str(tmp_path / target)
    result = CliRunner().invoke(main, ["mcr", "records", "selfplay", "--output", path])
    assert result.exit_code in (1, 2), result.output
    assert message in result.output and "Traceback" not in result.output
    assert "tmp" not in result.output.replace(str(tmp_path), "")  # names the path, not a temp file
    assert (tmp_path / "pipe").is_fifo() and Path("/dev/null").is_char_device()


def test_selfplay_refuses_a_negative_number_of_games(tmp_path):
    out = tmp_path / "r.txt"
    result = CliRunner().invoke(
        main, ["mcr", "records", "selfplay", "--games", "-5", "--output", str(out)]
    )
    assert result.exit_code == 2 and "--games" in result.output
    assert not out.exists()


def test_export_checks_its_folder_before_reading(tmp_path):
    args = ["mcr", "records", "export", str(HANDWRITTEN), "--no-progress", "--out"]
    result = CliRunner().invoke(main, [*args, str(tmp_path / "missing" / "out")])
    assert result.exit_code == 1 and "does not exist" in result.output
    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(main, [*args, str(tmp_path / "file")])
    assert result.exit_code != 0 and "Traceback" not in result.output
