"""``mahjongkit serve``: options, the warning for a non-local address, --open; uvicorn is
replaced by a recorder so no server starts."""

from __future__ import annotations

from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.cli import serve as serve_module


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
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
