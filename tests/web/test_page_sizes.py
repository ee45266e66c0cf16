"""The page at five window sizes (desktop, small laptop, small window, phone upright and
turned): the whole Turtle on the screen, the fixes of issue 24 and each player feature.
One browser for all of them (conftest.py); each size is one context and one walk through
the features, so the five cost about as much as five page loads and their clicks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browsers import ARTIFACTS, open_board, tiles_outside, watched_page

SIZES = [(1280, 900), (1024, 768), (800, 600), (390, 844), (844, 390)]
THEMES = ("felt", "light", "dark", "contrast")
BIG_SEED = "5758731174311641346"  # above 2**53: a JavaScript number would round it
KMAHJONGG = "kmahjongg-layout-v1.1\nw8\nh4\nd1\n" + "12121212\n43434343\n" * 2
WATCH_LEAVING = """() => {
  // Whether a removed tile is drawn leaving (the animation's layer gets a child).
  window.leftAnimated = false;
  new MutationObserver((changes) => {
    if (changes.some((c) => c.addedNodes.length)) window.leftAnimated = true;
  }).observe(document.getElementById('leaving'), { childList: true });
}"""

VISIBILITY = """(seen) => {
  Object.defineProperty(document, 'visibilityState', { value: seen, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    width, height = request.param
    phone = width < 500 or height < 500
    viewport = {"width": width, "height": height}
    with watched_page(browser, viewport=viewport, has_touch=phone, is_mobile=width < 500) as page:
        yield page


def wait_until_server_says_paused(page: Any, paused: bool) -> None:
    """Wait (Playwright's deadline) until the server's state of the page's game is
    ``paused``: the page tells the server of a pause or a resume without waiting for it."""
    page.wait_for_function(
        "paused => fetch(`/api/games/"
        "${JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id}`)"
        ".then(r => r.json()).then(d => d.state.paused === paused)",
        arg=paused,
    )


def state(page: Any) -> dict[str, Any]:
    """The server's state of the page's game."""
    game_id = page.evaluate("JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).id")
    found: dict[str, Any] = page.evaluate(
        f"fetch('/api/games/{game_id}').then(r => r.json()).then(d => d.state)"
    )
    return found


def in_menu(page: Any, selector: str) -> None:
    """Make a control of the menu reachable: on a small window, open the menu."""
    if page.is_visible("#menu-button") and not page.is_visible(selector):
        page.click("#menu-button")
    assert page.is_visible(selector)


def choose(page: Any, selector: str, value: str) -> None:
    in_menu(page, selector)
    page.select_option(selector, value)
    if page.is_visible("#menu-button") and page.is_visible(selector):
        page.keyboard.press("Escape")  # closes the menu


def photograph(page: Any, name: str) -> None:
    """A screenshot for people to look at (JPEG: a third of a PNG's time to write)."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.jpg"), type="jpeg", quality=80)


def take_hinted_pair(page: Any) -> list[int]:
    page.click("#hint-button")
    page.wait_for_function("document.querySelectorAll('#tiles .tile.hinted').length === 2")
    pair = page.eval_on_selector_all(
        "#tiles .tile.hinted", "els => els.map(e => Number(e.dataset.slot))"
    )
    tiles = page.evaluate("document.querySelectorAll('#tiles .tile').length")
    for slot in pair:
        page.click(f"#tile-{slot}")
    page.wait_for_function(f"document.querySelectorAll('#tiles .tile').length === {tiles - 2}")
    return list(pair)


def test_the_page_at_every_size(sized: Any, base_url: str) -> None:
    page = sized
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    name = f"{width}x{height}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    open_board(page, f"{base_url}/?layout=turtle&seed={BIG_SEED}")

    # 5: every tile of the Turtle on the screen, the play controls too, nothing scrolls.
    assert page.evaluate("document.querySelectorAll('#tiles .tile').length") == 144
    assert tiles_outside(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    for control in ("#hint-button", "#undo-button", "#pause-button", "#timer"):
        box = page.eval_on_selector(control, "e => e.getBoundingClientRect().toJSON()")
        assert box["right"] <= width and box["bottom"] <= height, control
    # 2: the seed above 2**53 is kept exactly, in the title and in the address.
    assert BIG_SEED in page.inner_text("#game-title") or height < 560
    assert page.evaluate("location.search") == f"?layout=turtle&seed={BIG_SEED}"

    # Themes and tile sets: every theme at this size, on screen and photographed.
    for theme in THEMES:
        choose(page, "#theme-select", theme)
        assert page.get_attribute("body", "data-theme") == theme
        assert tiles_outside(page) == []
        photograph(page, f"theme-{theme}-{name}")
    choose(page, "#tileset-select", "bold")
    assert page.get_attribute("#faces", "data-set") == "bold"
    assert page.evaluate("document.querySelectorAll('#faces symbol').length") == 42
    photograph(page, f"tiles-bold-{name}")
    choose(page, "#tileset-select", "classic")
    choose(page, "#theme-select", "felt")
    prefs = json.loads(page.evaluate("localStorage.getItem('mahjongkit.prefs.v1')"))
    assert prefs["theme"] == "felt" and prefs["tiles"] == "classic"

    # Show matching tiles: a selected tile's partners are marked, and only they.
    free = page.eval_on_selector_all(
        "#tiles .tile[data-free=true]", "els => els.map(e => Number(e.dataset.slot))"
    )
    page.click(f"#tile-{free[0]}")
    marked = page.eval_on_selector_all("#tiles .tile.match", "els => els.map(e => e.dataset.face)")
    face = page.get_attribute(f"#tile-{free[0]}", "data-face")
    assert marked and all(m == face or (m[0] == face[0] and m[0] in "FT") for m in marked)
    page.click(f"#tile-{free[0]}")  # unselected: the marks go
    assert page.eval_on_selector_all("#tiles .tile.match", "els => els.length") == 0

    # A pair removed is drawn leaving; 1: a reload then goes on with the same game.
    page.evaluate(WATCH_LEAVING)
    take_hinted_pair(page)
    assert page.evaluate("window.leftAnimated") is True
    before = state(page)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    after = state(page)
    assert after["id"] == before["id"] and after["tiles_left"] == 142
    assert page.inner_text("#moves") == "1" or height < 560
    stats = json.loads(page.evaluate("localStorage.getItem('mahjongkit.stats.v1')"))
    assert stats["layouts"]["Turtle"]["played"] == 1  # a reload is not a new game

    # 2: after the server dropped the game, a click on a blocked tile restores it from its
    # save (big seed and all) and explains the tile.
    page.evaluate(f"fetch('/api/games/{after['id']}', {{method: 'DELETE'}})")
    blocked = page.eval_on_selector("#tiles .tile[data-free=false]", "e => Number(e.dataset.slot)")
    page.click(f"#tile-{blocked}")
    page.wait_for_function(
        f"document.getElementById('message').textContent.includes('(tile {blocked})')"
    )
    restored = state(page)
    assert restored["id"] != after["id"] and restored["seed"] == BIG_SEED
    assert restored["counters"]["moves"] == 1

    # 6: pause stops the clock here and on the server, and hides the board.
    page.click("#pause-button")
    page.wait_for_selector("#paused-cover:not([hidden])")
    wait_until_server_says_paused(page, True)
    shown = page.inner_text("#timer")
    assert state(page)["elapsed"] == state(page)["elapsed"]  # stopped
    page.click("#paused-cover")
    assert page.is_hidden("#paused-cover") and page.inner_text("#timer") >= shown
    wait_until_server_says_paused(page, False)  # the page tells the server without waiting
    # ... and so does hiding the page; showing it again goes on.
    page.evaluate(VISIBILITY, "hidden")
    wait_until_server_says_paused(page, True)
    page.evaluate(VISIBILITY, "visible")
    wait_until_server_says_paused(page, False)

    # Zoom: larger than the window (the board scrolls), then fit again.
    in_menu(page, "#zoom-in")
    page.click("#zoom-in")
    page.click("#zoom-in") if page.is_visible("#zoom-in") else None
    board = page.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
    assert board["width"] > width - 12 or board["height"] > height  # drawn beyond its room
    assert page.get_attribute("body", "class").count("zoomed") == 1
    page.keyboard.press("0")
    page.keyboard.press("Escape")
    assert "zoomed" not in (page.get_attribute("body", "class") or "")
    assert tiles_outside(page) == []

    # Full screen, and back.
    in_menu(page, "#fullscreen-button")
    page.click("#fullscreen-button")
    page.wait_for_function("document.fullscreenElement !== null")
    page.evaluate("document.exitFullscreen()")
    page.wait_for_function("document.fullscreenElement === null")
    page.keyboard.press("Escape")

    # 4: a bad seed typed in is refused with a short message, the game left alone.
    in_menu(page, "#seed-input")
    page.fill("#seed-input", "٣" + "9" * 200)
    page.press("#seed-input", "Enter")
    page.wait_for_selector("#message.error")
    assert "seed must be" in page.inner_text("#message")
    assert len(page.inner_text("#message")) < 200
    assert state(page)["id"] == restored["id"]

    # The layout chooser: a preview of every layout; then a KMahjongg file imported.
    in_menu(page, "#layouts-button")
    page.click("#layouts-button")
    page.wait_for_selector("#chooser:not([hidden])")
    previews = page.eval_on_selector_all("#layout-list svg", "els => els.length")
    assert previews >= 8
    assert page.eval_on_selector("#layout-list li:first-child svg", "e => e.children.length") == 36
    page.set_input_files(
        "#layout-file",
        files=[{"name": "block.layout", "mimeType": "text/plain", "buffer": KMAHJONGG.encode()}],
    )
    page.click("#confirm-yes")  # the Turtle game had a move: leaving it is asked first
    page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 8")
    imported = state(page)
    assert imported["key"] == "custom-block" and imported["layout"] == "block"
    assert tiles_outside(page) == []
    page.click("#board")
    page.keyboard.press("c")
    page.wait_for_selector("#chooser:not([hidden])")
    assert "block (8) · imported" in page.inner_text("#layout-list")
    page.keyboard.press("Escape")
    photograph(page, f"imported-{name}")

    # Statistics per layout: the Turtle game left after a move counts as lost.
    page.keyboard.press("t")
    page.wait_for_selector("#stats:not([hidden])")
    table = page.inner_text("#stats-table")
    assert table.splitlines()[0].split("\t") == [
        "Layout",
        "Games",
        "Wins",
        "Lost",
        "Best",
        "Average",
        "Best times",
    ]
    assert "Turtle\t1\t0\t1\t–\t–" in table and "block\t1\t0\t0" in table
    page.keyboard.press("Escape")


def test_less_motion_removes_a_pair_at_once(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, bypass_csp=True, reduced_motion="reduce"
    )
    page = context.new_page()
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    page.evaluate(WATCH_LEAVING)
    take_hinted_pair(page)
    assert page.evaluate("window.leftAnimated") is False
    context.close()


def test_the_page_installs_as_an_app(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["icons"]
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    context.close()


def free_pair(page: Any) -> tuple[int, int]:
    """Two free tiles that match, read from the board as drawn."""
    free = page.eval_on_selector_all(
        "#tiles .tile[data-free=true]",
        "els => els.map(e => [Number(e.dataset.slot), e.dataset.face])",
    )
    seen: dict[str, int] = {}
    for slot, face in free:
        kind = face[0] if face[0] in "FT" else face
        if kind in seen:
            return seen[kind], slot
        seen[kind] = slot
    raise AssertionError("no free pair on the board")


def test_a_game_in_progress_plays_on_without_the_server(browser: Any) -> None:
    """The server goes away: the page reloads from its service worker's cache, moves go on
    by the page's rules, and when a server (restarted, same key) is back it restores the
    game from its save and checks the moves made meanwhile."""
    from mahjongkit.web import create_app
    from tests.web.conftest import serve, stop

    key = b"offline test key".ljust(32, b".")
    server, thread, sock, url = serve(create_app(save_key=key))
    port = int(url.rsplit(":", 1)[1])
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    try:
        open_board(page, f"{url}/?layout=tea-house&seed=3")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
        take_hinted_pair(page)
        page.wait_for_function(
            "(JSON.parse(localStorage.getItem('mahjongkit.resume.v1')).save || {history: []})"
            ".history.length === 1"
        )
        stop(server, thread, sock)
        page.reload()  # no server: the page comes from the cache, the game from this browser
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_function("window.MJOffline !== undefined")  # its rules, from the cache
        assert page.inner_text("#message").startswith("Offline: your game goes on")
        assert page.evaluate("document.querySelectorAll('#tiles .tile').length") == 34
        a, b = free_pair(page)
        page.click(f"#tile-{a}")
        page.click(f"#tile-{b}")
        page.wait_for_function("document.querySelectorAll('#tiles .tile').length === 32")
        assert page.is_visible("#offline-note") and "1 move" in page.inner_text("#offline-note")
        server, thread, sock, url = serve(create_app(save_key=key), port)
        page.keyboard.press("h")  # the next request sends the offline move first
        page.wait_for_function("document.querySelectorAll('#tiles .tile.hinted').length === 2")
        checked = state(page)
        assert checked["counters"]["moves"] == 2 and checked["tiles_left"] == 32
        assert checked["faces"][a] is None and checked["faces"][b] is None
        assert page.is_hidden("#offline-note")
    finally:
        context.close()
        stop(server, thread, sock)


AGREE = """async () => {
  // A Turtle game played by hints through the API; at each position the page's offline
  // rules (offline.js) must find the server's free tiles, pairs and blocking counts.
  const post = (path, body) => fetch(path, {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}).then(r => r.json());
  const layout = await fetch('/api/layouts/turtle').then(r => r.json());
  let state = (await post('/api/games', {layout: 'turtle', seed: '7'})).state;
  const differences = [];
  for (let step = 0; step < 15 && state.status === 'playing'; step++) {
    const hint = await post(`/api/games/${state.id}/hint`, {});
    const [a, b] = hint.hint.pair;
    const local = MJOffline.move(layout.slots, hint.state, a, b).state;
    state = (await post(`/api/games/${state.id}/move`, {a, b})).state;
    const same = JSON.stringify([local.free, local.pairs, local.blocked_by, local.tiles_left])
      === JSON.stringify([state.free, state.pairs, state.blocked_by, state.tiles_left]);
    if (!same) differences.push(step);
  }
  return differences;
}"""


def test_the_offline_rules_agree_with_the_engine(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    open_board(page, f"{base_url}/?layout=tea-house&seed=3")
    assert page.evaluate(AGREE) == []
    context.close()
