"""The page in a real browser: Playwright driving Debian's chromium against a local server
(the browser and the server are shared by the module: tests/web/conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.solitaire.layout import layouts
from tests.web.browsers import (
    ARTIFACTS,
    NO_CHROMIUM,
    find_chromium,
    open_board,
    tile_count,
    watched_page,
)

if find_chromium() is None:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with watched_page(browser, viewport={"width": 1280, "height": 860}) as opened:
        # Every wait below is for a condition; under a loaded machine it may take long, so
        # the deadline is generous (Playwright's default is 30 s).
        opened.set_default_timeout(120_000)
        yield opened


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
    tea_house = stats["layouts"]["Tea House"]
    assert tea_house == {
        "played": 1,
        "won": 1,
        "lost": 0,
        "best": tea_house["best"],
        "total": tea_house["best"],  # one win: the average is the best
        "times": [tea_house["best"]],
    }


def test_a_blocked_tile_shows_its_blockers_and_sentence(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    page.click("#tile-139")
    page.wait_for_function("document.getElementById('message').textContent.includes('139)')")
    assert page.inner_text("#message") == (  # the tiles named, their ids after them
        "South Wind (tile 139) on layer 4 is blocked: covered by Five of Dots (tile 143);"
        " left open, right blocked by Five of Bamboo (tile 140)."
    )
    assert "cover" in page.get_attribute("#tile-143", "class")
    assert "target" in page.get_attribute("#tile-139", "class")
    page.click("#tile-1")  # both sides occupied: the side neighbours are outlined
    page.wait_for_function("document.getElementById('message').textContent.includes('(tile 1)')")
    assert "sideblock" in page.get_attribute("#tile-0", "class")
    assert "sideblock" in page.get_attribute("#tile-2", "class")
    assert "cover" not in page.get_attribute("#tile-143", "class")
    page.keyboard.press("l")  # Learn Mode off: the sentence stays, the outlines go
    page.click("#tile-139")
    page.wait_for_function("document.getElementById('message').textContent.includes('(tile 139)')")
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


# ---- without a mouse: the keyboard, accessible names, a phone ----


def cursor(page: Any) -> int:
    """The slot holding the keyboard focus, as the board tells assistive technology."""
    active = page.get_attribute("#board", "aria-activedescendant")
    assert active and active.startswith("tile-"), active
    return int(active.removeprefix("tile-"))


def tab_to_board(page: Any) -> int:
    """Tab from the top of the page to the board; how many presses it took."""
    for presses in range(1, 41):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            return presses
    raise AssertionError("Tab never reached the board")


def jump_free_to(page: Any, slot: int) -> None:
    """F until the focus is on ``slot`` (a free tile): the keyboard's way across the board."""
    for _ in range(tile_count(page) + 1):
        if cursor(page) == slot:
            return
        page.keyboard.press("f")
    raise AssertionError(f"F never reached tile {slot}")


def box(page: Any, selector: str) -> dict[str, float]:
    """An element's box on the screen, in CSS pixels."""
    found: dict[str, float] = page.eval_on_selector(
        selector, "e => e.getBoundingClientRect().toJSON()"
    )
    return found


def top_of(slots: list[list[int]], x: int, y: int) -> int:
    """The slot on top of the stack at layout position (x, y)."""
    stack = [slot for slot, (sx, sy, _) in enumerate(slots) if (sx, sy) == (x, y)]
    return max(stack, key=lambda slot: slots[slot][2])


def test_arrows_move_the_focus_over_the_tiles_seen(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    slots = page.evaluate("fetch('/api/layouts/turtle').then(r => r.json()).then(l => l.slots)")
    presses = tab_to_board(page)
    # One tab stop: the board, not each of its tiles; the next Tab leaves it.
    assert page.eval_on_selector_all("#tiles [tabindex]", "els => els.length") == 0
    assert page.get_attribute("#board", "role") == "application"
    start = cursor(page)  # the first free tile, row by row
    assert start == 0 and page.get_attribute("#tile-0", "data-free") == "true"
    page.keyboard.press("ArrowRight")
    assert cursor(page) == slots.index([6, 0, 0]) == 1  # the next tile of the row
    page.keyboard.press("ArrowRight")
    assert cursor(page) == 2
    page.keyboard.press("ArrowDown")  # the stack below 2: its top tile, on layer 1
    assert cursor(page) == top_of(slots, 8, 2) == 87 and slots[87][2] == 1
    page.keyboard.press("ArrowUp")
    assert cursor(page) == 2
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert cursor(page) == 0
    page.keyboard.press("ArrowLeft")  # nothing left in the row: the nearest tile further left
    assert slots[cursor(page)] == [2, 7, 0]  # the Turtle's head, alone at the far left
    page.keyboard.press("ArrowLeft")  # and nothing beyond it: the focus stays
    assert slots[cursor(page)] == [2, 7, 0]
    page.keyboard.press("ArrowRight")  # back into the rows the head sits between
    beside = cursor(page)
    assert slots[beside][0] == 4 and slots[beside][1] in (6, 8)
    assert page.get_attribute(f"#tile-{beside}", "data-free") == "false"
    page.keyboard.press("Control+ArrowUp")  # free tiles only: the nearest free one above
    above = cursor(page)
    assert page.get_attribute(f"#tile-{above}", "data-free") == "true"
    assert slots[above][1] == slots[beside][1] - 2 and slots[above][0] == 6
    page.keyboard.press("Shift+ArrowRight")  # the free tile next right: up a layer
    free_right = cursor(page)
    assert free_right == top_of(slots, 8, 4) and slots[free_right][2] == 1
    assert page.get_attribute(f"#tile-{free_right}", "data-free") == "true"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") != "board"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "board" and presses > 1
    assert cursor(page) == free_right  # coming back, the focus is where it was
    # The ring is drawn on top of everything, around the focused tile.
    assert page.is_visible("#ring")
    ring, tile = box(page, "#ring"), box(page, f"#tile-{free_right} .face")
    assert ring["x"] < tile["x"] and ring["right"] > tile["right"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board-keyboard-focus.png"))


def test_a_game_played_with_the_keyboard_only(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    assert page.get_attribute("#message", "aria-live") == "polite"
    tab_to_board(page)
    page.keyboard.press("ArrowRight")  # tile 1: both sides taken
    page.keyboard.press("Enter")  # refused as a click is, the sentence in the live region
    page.wait_for_function("document.getElementById('message').textContent.includes('(tile 1)')")
    assert page.inner_text("#message") == (
        "Four of Characters (tile 1) is blocked: both sides occupied"
        " (left Three of Dots (tile 0), right North Wind (tile 2))."
    )
    assert "sideblock" in page.get_attribute("#tile-0", "class")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelectorAll('.tile.hinted').length === 2")
    first, second = map(
        int, page.eval_on_selector_all(".tile.hinted", "els => els.map(e => e.dataset.slot)")
    )
    hinted = cursor(page)  # a hint asked from the board brings the focus to it
    assert hinted in (first, second)
    assert page.get_attribute(f"#tile-{hinted}", "aria-label").endswith(f"hinted (tile {hinted})")
    jump_free_to(page, first)
    page.keyboard.press("Enter")
    assert page.get_attribute(f"#tile-{first}", "aria-pressed") == "true"
    # A free tile of another face: the move is refused and the refusal said.
    others = page.eval_on_selector_all(
        f".tile.free:not([data-face='{faces(page)[first]}'])", "els => els.map(e => e.dataset.slot)"
    )
    jump_free_to(page, int(others[0]))
    page.keyboard.press(" ")
    page.wait_for_selector("#message.error")
    assert "match" in page.inner_text("#message")
    assert tile_count(page) == 144
    assert page.get_attribute(f"#tile-{first}", "aria-pressed") == "false"
    jump_free_to(page, first)
    page.keyboard.press("Enter")
    jump_free_to(page, second)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 142")
    removed = page.inner_text("#message")
    assert removed.startswith("Removed ") and not removed.startswith(f"Removed {first}")
    assert f"(tiles {min(first, second)} and {max(first, second)})" in removed  # named, then ids
    # The focused tile went with the pair: the focus is on the nearest tile left.
    after_move = cursor(page)
    assert after_move not in (first, second) and page.is_visible(f"#tile-{after_move}")
    assert page.evaluate("document.activeElement.id") == "board"
    page.keyboard.press("ArrowLeft")
    kept = cursor(page)
    page.keyboard.press("u")
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 144")
    assert cursor(page) == kept and page.evaluate("document.activeElement.id") == "board"
    page.keyboard.press("s")  # a shuffle keeps the slots: the focus stays
    page.wait_for_function("document.getElementById('shuffles').textContent === '1'")
    assert cursor(page) == kept
    page.keyboard.press("?")  # a panel takes the focus, and gives it back when closed
    assert page.evaluate("document.activeElement.id") == "help-close"
    assert "Shift+F" in page.inner_text("#help")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "board" and cursor(page) == kept
    page.keyboard.press("n")  # a new board, once confirmed: the focus is on a tile of it
    page.wait_for_selector("#confirm:not([hidden])")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "confirm-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("!document.getElementById('game-title').textContent.endsWith('seed 1')")
    assert page.is_visible(f"#tile-{cursor(page)}")


def test_every_tile_has_an_accessible_name(page: Any, base_url: str) -> None:
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    board = page.get_by_role("application", name="Mahjong solitaire board")
    assert board.count() == 1
    names = page.eval_on_selector_all(
        "#tiles .tile", "els => els.map(e => [e.dataset.free, e.getAttribute('aria-label')])"
    )
    assert len(names) == 144
    # What assistive technology gets: the board and a button per tile, nothing else (the
    # faces' drawings, numbers included, are hidden from it).
    tree = board.aria_snapshot().splitlines()
    assert tree[0].startswith('- application "Mahjong solitaire board"')
    assert len(tree) == 145 and all(line.startswith("  - button ") for line in tree[1:])
    for free, name in names:
        state = name.split(", ")[1]
        assert state.startswith("free") if free == "true" else state.startswith("blocked by ")
    the_cap = f"{page.get_attribute('#tile-143', 'aria-label')}"
    assert the_cap.endswith(", free (tile 143)")
    assert page.get_attribute("#tile-139", "aria-label").endswith(", blocked by 1 tile (tile 139)")
    assert page.get_attribute("#tile-1", "aria-label").endswith(", blocked by 2 tiles (tile 1)")
    # Exposed as buttons in the accessibility tree, their pressed state the selection.
    cap = page.get_by_role("button", name=the_cap, exact=True)
    assert cap.count() == 1 and cap.get_attribute("aria-pressed") == "false"
    # Named once: the tooltip (the same words) is not read again as a description.
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    named = [n for n in nodes if n.get("name", {}).get("value") == the_cap]
    assert len(named) == 1 and not named[0].get("description", {}).get("value")
    page.click("#tile-143")
    assert page.get_by_role("button", name=the_cap, pressed=True).count() == 1
    page.keyboard.press("Escape")
    assert page.get_attribute("#tile-143", "aria-pressed") == "false"


def test_a_phone_gets_the_board_turned_and_taps_hit_their_tile(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, bypass_csp=True, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    open_board(page, f"{base_url}/?layout=turtle&seed=1")
    assert page.get_attribute("#board", "data-turned") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("document.body.scrollWidth") <= 360
    assert box(page, "#board")["bottom"] <= 740  # and all of it on the screen at once
    for slot in (0, 1, 143):  # free at an end, blocked (the sentence), the cap on top
        face = box(page, f"#tile-{slot} .face")
        # Turned, the tile lies across: wider than tall, and large enough for a finger.
        assert face["width"] > face["height"] >= 25
        assert face["right"] <= 360
        page.touchscreen.tap(face["x"] + face["width"] / 2, face["y"] + face["height"] / 2)
        page.wait_for_function(
            f"document.getElementById('message').textContent.includes('(tile {slot})') ||"
            f" document.getElementById('tile-{slot}').classList.contains('selected')"
        )
        if page.get_attribute(f"#tile-{slot}", "data-free") == "true":
            assert page.get_attribute(f"#tile-{slot}", "aria-pressed") == "true"
            page.touchscreen.tap(face["x"] + face["width"] / 2, face["y"] + face["height"] / 2)
        assert page.eval_on_selector_all(".tile.selected", "els => els.length") == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board-phone-360.png"), full_page=True)
    context.close()


REACH = """async (turned) => {
  // Every tile seen at the start, reached with the four arrows from the first free tile.
  const found = {};
  for (const layout of (await (await fetch('/api/layouts')).json()).layouts) {
    const place = (x, y, z) => {
      const px = x * 24 + z * 7, py = y * 32 - z * 7;  // the page's drawing units
      return turned ? { x: py, y: -px } : { x: px, y: py };
    };
    const seen = MJNav.points(layout.slots, layout.slots.map((_, i) => i), place);
    const start = MJNav.reading(seen, 32)[0];
    const reached = new Set([start]);
    const todo = [start];
    while (todo.length) {
      const from = todo.pop();
      for (const key of Object.keys(MJNav.DIRECTIONS)) {
        const to = MJNav.step(seen, from, key);
        if (to !== null && !reached.has(to)) { reached.add(to); todo.push(to); }
      }
    }
    found[layout.key] = [layout.size, seen.size, reached.size];
  }
  return found;
}"""


@pytest.mark.parametrize("turned", [False, True], ids=["flat", "turned"])
def test_the_arrows_reach_every_tile_seen_on_every_layout(
    page: Any, base_url: str, turned: bool
) -> None:
    open_board(page, f"{base_url}/?layout=tea-house&seed=1")
    found = page.evaluate(REACH, turned)
    assert len(found) == len(layouts())  # every built-in layout the page lists
    for key, (size, seen, reached) in found.items():
        assert size > seen > size // 2, key  # the tiles under a stack's top are not stops
        assert reached == seen, key
