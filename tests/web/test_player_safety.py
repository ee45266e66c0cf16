"""Nothing a player did is lost or miscounted (issue 37): a win counted once whatever is
undone and redone, statistics and games thrown away only when the player says so, the
best times kept per layout, a small celebration at a win, and the clock running on offline.
Playwright drives Debian's chromium (tests/web/conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browsers import NO_CHROMIUM, find_chromium, open_board, tile_count, watched_page

if find_chromium() is None:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)

STATS = "mahjongkit.stats.v1"
BLOCK = "kmahjongg-layout-v1.1\nw8\nh4\nd1\n" + "12121212\n43434343\n" * 2  # 8 tiles, 4 pairs


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with watched_page(browser, viewport={"width": 1024, "height": 768}) as opened:
        opened.set_default_timeout(120_000)
        yield opened


def take_hinted_pair(page: Any) -> None:
    left = tile_count(page)
    page.click("#hint-button")
    page.wait_for_function("document.querySelectorAll('#tiles .tile.hinted').length === 2")
    for slot in page.eval_on_selector_all(".tile.hinted", "els => els.map(e => e.dataset.slot)"):
        page.click(f"#tile-{slot}")
    page.wait_for_function(f"document.querySelectorAll('#tiles .tile').length === {left - 2}")


def win(page: Any) -> None:
    while tile_count(page):
        take_hinted_pair(page)
    page.wait_for_selector("#overlay:not([hidden])")
    assert page.inner_text("#result-title") == "You won!"


def stats(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{STATS}')"))
    return found


def game_id(page: Any) -> str:
    return str(page.evaluate("JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id"))


def test_a_win_counts_once_whatever_is_undone_and_redone(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=8")
    win(page)
    first = stats(page)["layouts"]["Tea House"]
    assert first["won"] == 1 and first["total"] == first["best"]
    page.click("#result-close")
    for _ in range(3):  # take the last pair back and win again, three times
        page.keyboard.press("u")
        page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 2")
        page.keyboard.press("r")
        page.wait_for_selector("#overlay:not([hidden])")
        page.click("#result-close")
    again = stats(page)["layouts"]["Tea House"]
    assert again == first  # still one win, the same total time
    open_board(page, f"{base_url}/")  # a reload goes on with the won game: not counted again
    assert page.inner_text("#game-title") == "Tea House · seed 8"
    assert stats(page)["layouts"]["Tea House"] == first


def test_the_statistics_are_reset_only_when_the_player_says_so(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    kept = {
        "layouts": {"Turtle": {"played": 9, "won": 4, "lost": 5, "best": 300, "total": 1600}},
        "daily": ["2026-06-14"],
    }
    page.evaluate(f"localStorage.setItem('{STATS}', {json.dumps(json.dumps(kept))})")
    page.keyboard.press("t")
    page.wait_for_selector("#stats:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "stats-close"
    page.keyboard.press("Enter")  # T then Enter: the panel closes, nothing is lost
    page.wait_for_selector("#stats", state="hidden")
    assert stats(page) == kept
    page.keyboard.press("t")
    page.click("#stats-reset")
    page.wait_for_selector("#confirm:not([hidden])")
    assert page.get_by_role("alertdialog", name="Reset the statistics?").count() == 1
    assert page.evaluate("document.activeElement.id") == "confirm-no"
    page.keyboard.press("Enter")  # the focused answer keeps them
    page.wait_for_selector("#confirm", state="hidden")
    assert stats(page) == kept
    page.click("#stats-reset")
    page.keyboard.press("Escape")  # and so does Escape
    page.wait_for_selector("#confirm", state="hidden")
    assert stats(page) == kept
    page.click("#stats-reset")
    page.click("#confirm-yes")
    page.wait_for_selector("#confirm", state="hidden")
    assert page.evaluate(f"localStorage.getItem('{STATS}')") is None
    assert "Turtle\t0\t0\t0\t–" in page.inner_text("#stats-table")
    assert page.inner_text("#streak").startswith("Daily Challenge streak: 0 day(s); 0 Daily")


def test_single_keys_throw_a_game_away_only_when_asked_twice(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    dealt = game_id(page)
    page.keyboard.press("n")  # no move made yet: nothing to lose, a new deal at once
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id !== '{dealt}'"
    )
    assert page.is_hidden("#confirm")
    playing = game_id(page)
    take_hinted_pair(page)
    for key, question in (("p", "Start this board again?"), ("n", "Deal a new game?")):
        page.keyboard.press(key)
        page.wait_for_selector("#confirm:not([hidden])")
        assert page.inner_text("#confirm-title") == question
        page.keyboard.press("Enter")  # the focus is on "Keep it"
        page.wait_for_selector("#confirm", state="hidden")
        assert tile_count(page) == 34 and game_id(page) == playing
    page.keyboard.press("d")
    page.wait_for_selector("#confirm:not([hidden])")  # once the Daily is dealt, it asks
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="hidden")
    assert tile_count(page) == 34 and game_id(page) == playing
    page.keyboard.press("p")
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 36")
    assert page.inner_text("#moves") == "0" and game_id(page) == playing
    take_hinted_pair(page)
    page.keyboard.press("n")
    page.click("#confirm-yes")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id !== '{playing}'"
    )
    assert stats(page)["layouts"]["Tea House"]["lost"] == 1


def import_block(page: Any) -> None:
    page.set_input_files(
        "#layout-file",
        files=[{"name": "block.layout", "mimeType": "text/plain", "buffer": BLOCK.encode()}],
    )
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 8")


def test_best_times_a_new_best_and_a_celebration(browser: Any, base_url: str) -> None:
    slow = {"played": 1, "won": 1, "lost": 0, "best": 3600, "total": 3600, "times": [3600]}
    for motion, animated in (("no-preference", True), ("reduce", False)):
        with watched_page(
            browser, viewport={"width": 1024, "height": 768}, reduced_motion=motion
        ) as page:
            open_board(page, f"{base_url}/?layout=tea-house&seed=3")
            seeded = {"layouts": {"block": slow}, "daily": []}
            page.evaluate(f"localStorage.setItem('{STATS}', {json.dumps(json.dumps(seeded))})")
            import_block(page)
            win(page)
            assert page.inner_text("#result-best").startswith("New best time on block: 0:")
            names = page.evaluate(
                "[getComputedStyle(document.querySelector('#overlay .panel')).animationName,"
                " getComputedStyle(document.getElementById('result-title')).animationName]"
            )
            assert names == (["celebrate", "shine"] if animated else ["none", "none"])
            block = stats(page)["layouts"]["block"]
            assert block["won"] == 2 and block["times"][1] == 3600 and block["times"][0] < 60
            # Beaten before: another win of the board is no new best.
            page.evaluate(
                f"localStorage.setItem('{STATS}', JSON.stringify({{layouts: {{block: "
                "{played: 2, won: 2, lost: 0, best: 0.5, total: 3600.5, times: [0.5, 3600]}}, "
                "daily: []}))"
            )
            page.click("#result-replay")  # a won game is left without a question
            page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 8")
            win(page)
            assert page.is_hidden("#result-best")
            block = stats(page)["layouts"]["block"]
            assert block["won"] == 3 and len(block["times"]) == 3 and block["times"][0] == 0.5
            page.click("#result-close")
            page.keyboard.press("t")
            row = [r for r in page.inner_text("#stats-table").splitlines() if r.startswith("block")]
            assert row and row[0].split("\t")[-1].startswith("0:00 ")


def test_offline_the_clock_runs_on_after_a_move(page: Any, base_url: str) -> None:
    page.clock.install()
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    page.clock.fast_forward("01:30")
    page.wait_for_function("document.getElementById('timer').textContent === '1:30'")
    page.route("**/api/**", lambda route: route.abort())  # the server is gone
    pair = page.evaluate(
        "(() => { const free = [...document.querySelectorAll('#tiles .tile[data-free=true]')];"
        " for (const a of free) for (const b of free) if (a !== b && a.dataset.face ==="
        " b.dataset.face) return [a.dataset.slot, b.dataset.slot]; })()"
    )
    page.click(f"#tile-{pair[0]}")
    page.click(f"#tile-{pair[1]}")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 34")
    assert page.inner_text("#message").startswith("Offline: removed")
    minutes, seconds = page.inner_text("#timer").split(":")
    assert int(minutes) * 60 + int(seconds) >= 90  # not back to the last answer's 0:00
