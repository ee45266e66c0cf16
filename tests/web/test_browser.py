"""The page in a real browser: Playwright driving Debian's chromium against a local server.

Playwright's own browser download cannot run here, so the tests launch the system chromium
(``MAHJONGKIT_CHROMIUM``, else Debian's binary, else ``chromium`` on the PATH); they skip,
saying so, only when no chromium is installed. Screenshots go to ``build/test-artifacts``
(or ``$MAHJONGKIT_ARTIFACTS``).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("MAHJONGKIT_ARTIFACTS", ROOT / "build" / "test-artifacts"))


def find_chromium() -> str | None:
    """The chromium to drive: $MAHJONGKIT_CHROMIUM, Debian's real binary (its launcher
    script prints a harmless warning on this machine), or chromium on the PATH."""
    chosen = os.environ.get("MAHJONGKIT_CHROMIUM")
    if chosen:
        return chosen
    for candidate in ("/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser"):
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM = find_chromium()
if CHROMIUM is None:
    pytest.skip(
        "browser tests skipped: no chromium found (apt-get install chromium, or set "
        "MAHJONGKIT_CHROMIUM to a Chromium binary)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need Playwright (pip install '.[test]')"
)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    import uvicorn

    from mahjongkit.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    # The page's policy forbids eval; Playwright's waits evaluate text, so the tests lift it.
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


def open_board(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def tile_count(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('#tiles .tile').length"))


def faces(page: Any) -> dict[int, str]:
    pairs = page.eval_on_selector_all(
        "#tiles .tile", "els => els.map(e => [Number(e.dataset.slot), e.dataset.face])"
    )
    return {slot: face for slot, face in pairs}


def test_a_tea_house_game_won_by_clicking_hinted_pairs(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=5")
    assert tile_count(page) == 36
    for left in range(34, -1, -2):
        page.click("#hint-button")
        page.wait_for_function("document.querySelectorAll('.tile.hinted').length === 2")
        hinted = page.eval_on_selector_all(".tile.hinted", "els => els.map(e => e.dataset.slot)")
        for slot in hinted:
            page.click(f"#tile-{slot}")
        page.wait_for_function(f"document.querySelectorAll('#tiles .tile').length === {left}")
    page.wait_for_selector("#overlay:not([hidden])")
    assert page.inner_text("#result-title") == "You won!"
    table = page.inner_text("#result-table")
    assert "Moves\t18" in table and "Hints\t18" in table and "Undos\t0" in table
    assert page.inner_text("#moves") == "18"
    stats = json.loads(page.evaluate("localStorage.getItem('mahjongkit.stats.v1')"))
    assert stats["layouts"]["Tea House"] == {
        "played": 1,
        "won": 1,
        "best": stats["layouts"]["Tea House"]["best"],
    }


def test_a_blocked_tile_shows_its_blockers_and_sentence(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    page.click("#tile-139")
    page.wait_for_function("document.getElementById('message').textContent.includes('139 at')")
    assert page.inner_text("#message") == (
        "139 at (12,6,3) is blocked: covered by 143; left open, right blocked by 140"
    )
    assert "cover" in page.get_attribute("#tile-143", "class")
    assert "target" in page.get_attribute("#tile-139", "class")
    page.click("#tile-1")  # both sides occupied: the side neighbours are outlined
    page.wait_for_function("document.getElementById('message').textContent.startsWith('1 at')")
    assert "sideblock" in page.get_attribute("#tile-0", "class")
    assert "sideblock" in page.get_attribute("#tile-2", "class")
    assert "cover" not in page.get_attribute("#tile-143", "class")
    page.keyboard.press("l")  # Learn Mode off: the sentence stays, the outlines go
    page.click("#tile-139")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('139')")
    assert page.eval_on_selector_all(".tile.cover, .tile.sideblock", "els => els.length") == 0


def test_undo_restores_the_tiles(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    before = faces(page)
    page.keyboard.press("h")
    page.wait_for_function("document.querySelectorAll('.tile.hinted').length === 2")
    pair = page.eval_on_selector_all(".tile.hinted", "els => els.map(e => e.dataset.slot)")
    page.click(f"#tile-{pair[0]}")
    page.click(f"#tile-{pair[1]}")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 34")
    assert not set(map(int, pair)) & set(faces(page))
    page.keyboard.press("u")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 36")
    assert faces(page) == before
    assert page.inner_text("#undos") == "1" and page.is_enabled("#redo-button")


def test_the_daily_board_is_the_one_the_cli_deals(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?daily=2026-06-14")
    assert page.inner_text("#game-title") == "Daily 2026-06-14"
    result = CliRunner().invoke(main, ["daily", "--date", "2026-06-14", "--format", "json"])
    assert result.exit_code == 0, result.output
    expected = {slot["id"]: slot["face"] for slot in json.loads(result.output)["slots"]}
    assert faces(page) == expected


def test_screenshots_desktop_and_phone(browser: Any, base_url: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, size in [("board-desktop", (1280, 860)), ("board-phone", (390, 844))]:
        viewport = {"width": size[0], "height": size[1]}
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = context.new_page()
        open_board(page, f"{base_url}/?layout=turtle&seed=1")
        page.click("#tile-139")
        page.wait_for_selector(".tile.cover")
        box = page.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
        assert box["width"] <= size[0]  # the board fits the window, whatever its size
        overflow = page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= size[0]
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path))
        assert path.stat().st_size > 20_000
        context.close()


def test_a_game_the_server_dropped_is_restored_from_its_save(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelectorAll('.tile.hinted').length === 2")
    for slot in page.eval_on_selector_all(".tile.hinted", "els => els.map(e => e.dataset.slot)"):
        page.click(f"#tile-{slot}")
    page.wait_for_function(
        "(JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).save || {history: []})"
        ".history.length === 1"
    )
    before = faces(page)
    dropped = page.evaluate("JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id")
    page.evaluate(f"fetch('/api/games/{dropped}', {{method: 'DELETE'}}).then(r => r.status)")
    page.keyboard.press("h")  # answered by the restored game
    page.wait_for_function("document.querySelectorAll('.tile.hinted').length === 2")
    assert page.evaluate("JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id") != dropped
    assert faces(page) == before and page.inner_text("#moves") == "1"
    open_board(page, f"{base_url}/")  # a reload without a board in the address resumes it
    assert faces(page) == before and page.inner_text("#game-title") == "Tea House · seed 3"
