"""The batch writer's guarantees: it never replaces what it must not, it refuses what the disk
cannot hold, and an interrupted run (Ctrl-C or SIGTERM) leaves nothing behind."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from mahjongkit.solitaire import batch as module
from mahjongkit.solitaire.batch import Terminated, write_batch


def _parts(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def _written(folder: Path) -> bool:
    """Whether a temporary file in ``folder`` has data in it yet."""
    sizes = []
    for name in _parts(folder):
        with contextlib.suppress(FileNotFoundError):
            sizes.append((folder / name).stat().st_size)
    return any(sizes)


@pytest.mark.parametrize("kind", ["npy", "jsonl"])
def test_a_file_created_during_the_run_is_not_replaced(tmp_path: Path, kind: str) -> None:
    target = tmp_path / f"boards.{kind}"

    def someone_else(done: int) -> None:
        if not target.exists():
            target.write_text("theirs")

    with pytest.raises(FileExistsError, match="appeared while the batch was written"):
        write_batch(target, "tea house", "0:3000", progress=someone_else, threads=1)
    assert target.read_text() == "theirs" and _parts(tmp_path) == []


@pytest.mark.parametrize("way", ["link", "rename"])
def test_without_renameat2_the_rename_still_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    monkeypatch.setattr(module, "_renameat2_noreplace", lambda source, target: False)
    if way == "rename":  # a file system without hard links

        def no_links(source: object, target: object) -> None:
            raise PermissionError("no hard links here")

        monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "b.npy"
    assert np.load(write_batch(target, "tea house", "0:5")).shape == (5, 36)
    source = tmp_path / "x"
    source.write_text("new")
    with pytest.raises(FileExistsError):
        module._rename_no_replace(source, target)
    assert np.load(target).shape == (5, 36) and source.exists()


def test_overwrite_replaces_a_file_but_never_a_device(tmp_path: Path) -> None:
    target = tmp_path / "b.jsonl"
    target.write_text("old")
    write_batch(target, "tea house", "0:2", overwrite=True)
    assert target.read_text().count("\n") == 2
    with pytest.raises(FileExistsError, match="not a regular file"):
        write_batch("/dev/null", "tea house", "0:2", format="npy", overwrite=True)
    assert Path("/dev/null").is_char_device()
    fifo = tmp_path / "pipe.npy"
    os.mkfifo(fifo)
    with pytest.raises(FileExistsError, match="not a regular file"):
        write_batch(fifo, "tea house", "0:2", overwrite=True)


def test_a_run_the_disk_cannot_hold_is_refused_naming_both_sizes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(OSError, match=r"it needs 14\.4 TB and the disk has .* free"):
        write_batch(tmp_path / "b.npy", "turtle", "0:100000000000")
    with pytest.raises(OSError, match=r"needs .* ZB and the disk has"):
        write_batch(tmp_path / "b.jsonl", "turtle", f"0:{2**64}")

    class Usage:
        free = 1000

    monkeypatch.setattr(module.shutil, "disk_usage", lambda folder: Usage)
    with pytest.raises(OSError, match=r"it needs 3\.7 kB and the disk has 1\.0 kB free"):
        write_batch(tmp_path / "b.npy", "tea house", "0:100")
    assert list(tmp_path.iterdir()) == []


def test_sigterm_takes_the_way_of_ctrl_c_and_the_handler_is_put_back(tmp_path: Path) -> None:
    # The writer's handler goes in only over the default action, which another test may
    # have changed in this process.
    outer = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        _terminate_a_run(tmp_path)
    finally:
        signal.signal(signal.SIGTERM, outer)


def _terminate_a_run(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated):
        write_batch(
            tmp_path / "b.jsonl",
            "tea house",
            "0:200000",
            progress=lambda done: os.kill(os.getpid(), signal.SIGTERM),
            impl="python",
        )
    assert _parts(tmp_path) == [] and not (tmp_path / "b.jsonl").exists()
    assert signal.getsignal(signal.SIGTERM) is before


@pytest.mark.parametrize(
    ("sent", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGHUP, 129)]
)
def test_a_signalled_command_leaves_nothing(tmp_path: Path, sent: int, code: int) -> None:
    # The child takes Ctrl-C and hang-ups as a terminal's process does, even when the suite was
    # started with SIGINT ignored (a background job of a shell without job control) or SIGHUP
    # ignored (under nohup), which it inherits.
    command = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "signal.signal(signal.SIGHUP, signal.SIG_DFL); "
        "signal.signal(signal.SIGTERM, signal.SIG_DFL); "
        "from mahjongkit.cli import main; main()"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", command, "batch", "--layout",
         "turtle", "--seeds", "0:20000000", "--out", "b.npy", "--threads", "1"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    # Signal once boards are being written into the temporary file: its first bytes are
    # written inside the block that removes it on the way out (a bare .part file may be a
    # moment older than that block). Waited for with a deadline, whatever the machine's load.
    deadline = time.monotonic() + 120
    while not _written(tmp_path):
        assert time.monotonic() < deadline and process.poll() is None, "the run never started"
        time.sleep(0.05)
    process.send_signal(sent)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == code, stderr
    assert "nothing written" in stderr and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_a_killed_run_never_leaves_a_file_that_looks_complete(tmp_path: Path) -> None:
    """SIGKILL cannot be caught, so the ``.part`` file stays; its header is written last,
    so until the run ends it is not a ``.npy`` file that claims rows it does not hold."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from mahjongkit.cli import main; main()", "batch", "--layout",
         "turtle", "--seeds", "0:20000000", "--out", "b.npy", "--threads", "1"],
        cwd=tmp_path,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not _parts(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _parts(tmp_path), "the run never started"
    part = tmp_path / _parts(tmp_path)[0]
    while part.stat().st_size == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    process.kill()
    process.wait(timeout=60)
    assert not (tmp_path / "b.npy").exists()
    with part.open("rb") as stream:
        assert stream.read(128) == bytes(128)
    with pytest.raises(ValueError):
        np.load(part)
