"""``mahjongkit serve``: options, the warning for a non-local address, --open; uvicorn is
replaced by a recorder so no server starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.cli import serve as serve_module


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))  # the save key is made here
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(options))
    return calls


def test_serve_binds_to_this_machine_by_default(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 0, result.output
    assert started == [{"host": "127.0.0.1", "port": 8000, "log_level": "warning"}]
    assert "serving http://127.0.0.1:8000/" in result.output and "warning" not in result.output


def test_serve_warns_when_asked_to_bind_elsewhere(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "warning: binding to 0.0.0.0" in result.output and "no authentication" in result.output
    assert started[0]["host"] == "0.0.0.0" and started[0]["port"] == 8123


def test_serve_open_and_bad_options(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []

    class Now:
        def __init__(self, delay: float, function: Any, args: tuple[str]) -> None:
            self.call = lambda: function(*args)

        def start(self) -> None:
            self.call()

    monkeypatch.setattr(serve_module.threading, "Timer", Now)
    monkeypatch.setattr(serve_module.webbrowser, "open", opened.append)
    result = CliRunner().invoke(main, ["serve", "--open", "--host", "::1", "--port", "9000"])
    assert result.exit_code == 0 and opened == ["http://[::1]:9000/"]
    assert CliRunner().invoke(main, ["serve", "--port", "70000"]).exit_code == 2
    assert CliRunner().invoke(main, ["serve", "--max-games", "0"]).exit_code == 2


def test_serve_keeps_its_save_key_across_restarts(
    started: list[dict[str, Any]], tmp_path: Path
) -> None:
    assert CliRunner().invoke(main, ["serve"]).exit_code == 0
    made = tmp_path / "mahjongkit" / "web-save-key"
    key = made.read_text()
    assert len(bytes.fromhex(key.strip())) == 32 and made.stat().st_mode & 0o077 == 0
    assert CliRunner().invoke(main, ["serve"]).exit_code == 0
    assert made.read_text() == key  # the same key: saves signed before still restore
    bad = tmp_path / "bad-key"
    bad.write_text("not hex")
    result = CliRunner().invoke(main, ["serve", "--save-key-file", str(bad)])
    assert result.exit_code == 1 and "hex digits" in result.output
