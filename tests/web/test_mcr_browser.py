"""The MCR table and replay viewer in a real browser (Playwright driving Debian's chromium).

Seeds are chosen so the bots' play is fixed: on ``w7`` (level-1 bots, one hand) the person who
follows the hints wins on a discard after nine moves, with a chow offered on the way; on
``w14`` a pung is offered at the person's first window.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.mcr.records.samples import HANDWRITTEN
from tests.web.browsers import ARTIFACTS
from tests.web.test_mcr_api import judge_log

sync_api = pytest.importorskip("playwright.sync_api")

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def open_page(browser: Any, url: str, size: str = "desktop") -> Any:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, bypass_csp=True, has_touch=size == "phone"
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    return page


def close(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"mcr-{name}.png"), full_page=True)
    errors = page.errors
    page.context.close()
    assert not errors, errors


def settle(page: Any) -> None:
    page.wait_for_selector("body[data-busy=false]")


def follow_hint(page: Any) -> str:
    page.click("#hint-button")
    page.wait_for_selector("#hint-text[data-move]")
    move = str(page.get_attribute("#hint-text", "data-move"))
    page.click(f'#rack [data-move="{move}"], #actions [data-move="{move}"]')
    settle(page)
    return move


def test_a_hand_won_by_clicking_with_its_fans_and_settlement(browser: Any, base_url: str) -> None:
    page = open_page(browser, f"{base_url}/mcr?seed=w7&hands=1")
    page.select_option("#level-1", "1")
    page.select_option("#level-2", "1")
    page.select_option("#level-3", "1")
    page.click("#new-button")
    page.wait_for_function("document.querySelectorAll('#rack .tile').length === 14")
    settle(page)
    moves = []
    while page.get_attribute("body", "data-status") == "playing":
        moves.append(follow_hint(page))
        assert len(moves) < 40
    assert any(m.startswith("chow") or m == "pass" for m in moves)
    page.wait_for_selector("#result:not([hidden])")
    # A one-hand game's hand is "the hand"; the winning tile named and marked in the hand.
    title = page.inner_text("#result-title")
    assert title == "The hand: You won on a discard on Nine of Bamboo from Seat 1.", title
    winning = page.locator("#result .hands .row[data-seat='0'] .tile.winning")
    assert winning.count() == 1 and winning.get_attribute("data-code") == "9s"
    assert winning.get_attribute("aria-label") == "Nine of Bamboo, the winning tile"
    fans = page.inner_text("#fans")
    assert "Total" in fans and fans.strip().splitlines()
    assert "Settlement: You +" in page.inner_text("#settlement")
    assert page.locator("#result .hands .row").count() == 4
    close(page, "won-hand")


def test_claims_are_buttons_and_the_engine_refuses_the_rest(browser: Any, base_url: str) -> None:
    page = open_page(browser, f"{base_url}/mcr?seed=w14&hands=1")
    for k in (1, 2, 3):
        page.select_option(f"#level-{k}", "1")
    page.click("#new-button")
    settle(page)
    page.wait_for_function("document.querySelectorAll('#rack .tile').length === 14")
    while not page.locator("#actions .act-pung").count():
        follow_hint(page)
    assert page.locator("#actions .act-pass").count() == 1
    assert page.locator("#rack .tile.legal").count() == 0  # no discards in a window
    rack = page.inner_html("#rack")
    page.evaluate("MCRTable.play('win')")  # a false win: the engine refuses, nothing changes
    page.wait_for_selector("#message.error")
    assert page.inner_text("#message").startswith("Not allowed:")
    assert page.inner_html("#rack") == rack
    page.keyboard.press("g")  # G: pung
    page.wait_for_selector("#seat-0 .meld[data-kind=pung]")
    page.wait_for_selector("#rack .tile.legal")  # now a discard is wanted
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    settle(page)
    close(page, "claim")


def test_a_sixteen_hand_game_finishes_and_replays(browser: Any, base_url: str) -> None:
    page = open_page(browser, f"{base_url}/mcr?seed=long&hands=16")
    page.click("#new-button")
    settle(page)
    page.click("#auto-game")
    page.wait_for_selector("body[data-status=finished]", timeout=120_000)
    assert "Game over" in page.inner_text("#standings")
    assert "Hand 16" in page.inner_text("#result-title")
    close_url = page.url
    assert "game=" in close_url
    page.click("#replay-link")
    page.wait_for_url("**/mcr/replay?id=*")
    page.wait_for_selector("body[data-index='0']")
    count = int(page.inner_text("#count"))
    assert count > 100
    page.click("#forward")
    page.wait_for_selector("body[data-index='1']")
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-index='{count}']")
    assert "The end" in page.inner_text("#next-move")
    close(page, "sixteen-replay")


def test_a_replay_steps_forward_and_back_from_one_seats_view(browser: Any, base_url: str) -> None:
    url = (
        f"{base_url}/mcr/replay?arena=bot:3,bot:1,bot:2,bot:1&variant=mcr&seed=v&deal=4"
        "&rotation=2&move=20&seat=1&bot=1"
    )
    page = open_page(browser, url)
    page.wait_for_selector("body[data-index='20']")
    assert page.input_value("#view") == "1"
    # seat 1 sees its own tiles; the other seats' racks are backs
    for seat in (0, 2, 3):
        assert page.locator(f"#seat-{seat} .concealed .tile:not(.back)").count() == 0
    assert page.locator("#seat-1 .concealed .tile:not(.back)").count() >= 13
    page.click("#forward")
    page.wait_for_selector("body[data-index='21']")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("body[data-index='19']")
    assert "move=19" in page.url and "seat=1" in page.url
    page.select_option("#view", "all")
    page.wait_for_function("document.querySelectorAll('#table .concealed .tile.back').length === 0")
    page.click("#moves-list button[data-index='7']")
    page.wait_for_selector("body[data-index='7']")
    text = page.inner_text("#next-move")
    assert "Next: seat" in text and "Legal:" in text and "Top bot:" in text
    close(page, "replay")


def test_a_saved_game_loads_from_a_file(browser: Any, base_url: str, tmp_path: Path) -> None:
    from mahjongkit.mcr.arena import replay_deal

    save = tmp_path / "game.json"
    save.write_text(replay_deal(["bot:1"] * 4, "botzone", "file", 1, 0).to_json())
    page = open_page(browser, f"{base_url}/mcr/replay")
    page.set_input_files("#file", str(save))
    page.wait_for_selector("body[data-index='0']")
    assert page.inner_text("#message").startswith("game.json:")
    page.keyboard.press("End")
    page.wait_for_selector("#result:not([hidden])")
    records = HANDWRITTEN
    page.set_input_files("#file", str(records))  # Botzone's human records: game 0 of the file
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Botzone')")
    page.wait_for_selector("body[data-index='0']")
    log = tmp_path / "hand.json"  # a judge's log, as `mahjongkit mcr judge --log` writes it
    log.write_text(json.dumps(judge_log("log-2")))
    page.set_input_files("#file", str(log))
    page.wait_for_function("document.getElementById('message').textContent.startsWith('hand.json')")
    page.keyboard.press("End")
    page.wait_for_selector("#result:not([hidden])")
    close(page, "replay-file")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_fits_the_screen(browser: Any, base_url: str, size: str) -> None:
    page = open_page(browser, f"{base_url}/mcr?seed=fit&hands=1", size)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size][0], f"the page scrolls sideways: {width}px"
    boxes = page.eval_on_selector_all(
        "#rack .tile", "els => els.map(e => e.getBoundingClientRect().right)"
    )
    assert len(boxes) == 14 and max(boxes) <= SIZES[size][0]
    close(page, f"table-{size}")
