"""Output files and the error boundary of the command line: nothing lost, one error line.

An output path (``mcr arena --output``, ``mcr game --save``, ``mcr play --save``) is checked
before the work starts; the file is written whole or not at all; when the write fails at the
end anyway, the answer goes to standard output. Any expected failure escaping a command is
one ``Error:`` line.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mahjongkit import _files
from mahjongkit.cli import main
from mahjongkit.mcr import Rules
from mahjongkit.mcr.arena import arena

BOTS = "bot:1,bot:1,bot:1,bot:1"
BAD_PATHS = ["/dev/full", "/dev/null", "missing/folder/out.json"]


def _one_error(output: str) -> str:
    errors = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in output, output
    return errors[0]


@pytest.mark.parametrize("path", BAD_PATHS)
def test_a_bad_output_path_is_refused_before_the_work(
    path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runs = {
        "arena": ["mcr", "arena", "--players", BOTS, "--hands", "4", "--output", path],
        "game": ["mcr", "game", "demo", "--save", path],
        "play": ["mcr", "play", "--seed", "a", "--save", path],
    }
    for args in runs.values():
        result = CliRunner().invoke(main, args, input="quit\n")
        assert result.exit_code == 1
        assert "cannot write" in _one_error(result.output)
        # refused before any work: the error is all there is
        assert result.output.count("\n") == 1, result.output
    assert os.listdir(tmp_path) == []


def _disk_full(path: object, text: str) -> None:
    raise OSError(errno.ENOSPC, f"cannot write {str(path)!r}: No space left on device")


def test_a_failed_write_at_the_end_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("mahjongkit.cli._output.write_text_atomically", _disk_full)
    args = ["mcr", "arena", "--players", BOTS, "--hands", "4", "--output", "out.json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert "the results went to standard output instead" in _one_error(result.stderr)
    assert json.loads(result.stdout)["hands"] == 4
    game = CliRunner().invoke(main, ["mcr", "game", "demo", "--save", "g.json"])
    assert game.exit_code == 1 and "the saved game went to standard output" in game.stderr
    saved = game.stdout[game.stdout.index('{"format"') :]
    assert Rules.from_json(saved).to_json() == saved.strip()
    assert os.listdir(tmp_path) == []


def test_a_failed_save_on_leaving_play_shows_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("mahjongkit.mcr.players.terminal.write_text_atomically", _disk_full)
    result = CliRunner().invoke(main, ["mcr", "play", "--seed", "a", "--save", "g.json"], "quit\n")
    assert result.exit_code == 0, result.output
    assert "could not be saved" in result.output and "No space left" in result.output
    saved = result.output[result.output.index('{"format"') :].splitlines()[0]
    assert Rules.from_json(saved).seed == "a"


def test_an_atomic_write_that_fails_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")

    def no_rename(source: object, destination: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError, match=r"cannot write .*out.json.*Input/output error"):
        _files.write_text_atomically(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_an_arena_of_a_trillion_hands_starts_at_once() -> None:
    """The chunks are made as they are played: the first result comes before any list of
    every chunk could be built (a trillion hands were a MemoryError at 3 GB)."""

    class Enough(Exception):
        pass

    def stop(done: int) -> None:
        raise Enough(done)

    with pytest.raises(Enough, match=r"^4$"):
        arena(BOTS.split(","), hands=4 * 10**12, chunk=1, progress=stop)


def test_an_expected_failure_in_any_command_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mahjongkit.cli import solitaire

    failures = {"value": ValueError("bad\nvalue"), "os": OSError(5, "I/O"), "mem": MemoryError()}
    for kind, message in [("value", "bad value"), ("os", "I/O"), ("mem", "MemoryError")]:

        def broken(*args: object, failure: BaseException = failures[kind]) -> None:
            raise failure

        monkeypatch.setattr(solitaire.layouts_command, "callback", broken)
        result = CliRunner().invoke(main, ["layouts"])
        assert result.exit_code == 1
        assert message in _one_error(result.output)
    # a bug is not an expected failure: it keeps its traceback
    monkeypatch.setattr(solitaire.layouts_command, "callback", lambda *args: 1 / 0)
    assert isinstance(CliRunner().invoke(main, ["layouts"]).exception, ZeroDivisionError)
