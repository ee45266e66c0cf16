"""The MCR table and replay viewer as players use them (issue 37, items 5-9): the viewer's
Game box and step buttons, the table read by a screen reader, tiles named in every message,
the hint marked on its tile, auto-pass, a phone held sideways, an expired link.

Seeds as in test_mcr_browser.py: on ``w14`` (level-1 bots, one hand) the person's first
discard (the hint's, North) is answered by seat 3's discard of a Green Dragon that the person
may pung; passing, the person draws a Three of Bamboo.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from mahjongkit.mcr.players.bot import TOP_LEVEL
from mahjongkit.mcr.records.samples import HANDWRITTEN
from tests.web.browsers import ARTIFACTS, NO_CHROMIUM, find_chromium, watched_page

if find_chromium() is None:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)

RECORDS = HANDWRITTEN
CODE = re.compile(r"\b([1-9][mps]|[ESWNRGB]|[FT][1-4])\b")  # a tile's code as a word


def opened(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def settle(page: Any) -> None:
    page.wait_for_selector("body[data-busy=false]")


def new_table(page: Any, base_url: str, seed: str) -> None:
    opened(page, f"{base_url}/mcr?seed={seed}&hands=1")
    for k in (1, 2, 3):
        page.select_option(f"#level-{k}", "1")
    page.click("#new-button")
    page.wait_for_function("document.querySelectorAll('#rack .tile').length === 14")
    settle(page)


def test_the_viewer_loads_another_game_and_keeps_its_steps_on_screen(
    browser: Any, base_url: str, client: TestClient
) -> None:
    text = RECORDS.read_text()
    titles = [
        client.post("/api/mcr/replays", json={"kind": "records", "text": text, "game": g}).json()[
            "title"
        ]
        for g in (0, 2)
    ]
    with watched_page(browser, viewport={"width": 800, "height": 600}) as page:
        opened(page, f"{base_url}/mcr/replay")
        page.set_input_files("#file", str(RECORDS))
        page.wait_for_function(
            f"document.getElementById('message').textContent.startsWith({titles[0]!r})"
        )
        page.evaluate("window.stayed = true")  # gone if the page reloads
        page.fill("#record-game", "2")
        page.press("#record-game", "Enter")  # another game of the same file, no new file
        page.wait_for_function(
            f"document.getElementById('message').textContent.startsWith({titles[1]!r})"
        )
        assert page.evaluate("window.stayed === true")
        assert page.evaluate("location.pathname") == "/mcr/replay"
        page.click("#arena-button")  # a longer game: an arena hand
        page.wait_for_function("document.getElementById('message').textContent.startsWith('arena')")
        for step in range(1, 41):
            page.click("#forward")
            page.wait_for_selector(f"body[data-index='{step}']")
            forward = page.eval_on_selector("#forward", "e => e.getBoundingClientRect().toJSON()")
            assert forward["top"] >= 0 and forward["bottom"] <= 600, (step, forward)
        page.screenshot(path=str(ARTIFACTS / "mcr-replay-800x600.png"))
    with watched_page(browser, viewport={"width": 390, "height": 844}, has_touch=True) as page:
        opened(page, f"{base_url}/mcr/replay?arena=bot:3,bot:1,bot:1,bot:1&seed=v&move=60&seat=1")
        page.wait_for_selector("body[data-index='60']")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(ARTIFACTS / "mcr-replay-390x844.png"), full_page=True)


def test_the_table_reads_as_a_table_with_tiles_named(browser: Any, base_url: str) -> None:
    with watched_page(browser, viewport={"width": 1280, "height": 900}) as page:
        new_table(page, base_url, "w14")
        # Each opponent's region holds its melds and flowers, hidden tiles and discards.
        for seat in (1, 2, 3):
            tree = page.locator(f"#seat-{seat}").aria_snapshot()
            assert re.search(r'group "melds and flowers: 0 melds, [1-9] flowers?"', tree), tree
            assert 'img "13 hidden tiles"' in tree, tree
            assert re.search(r'group "discards: [0-9]+"', tree), tree
        flower = page.locator("#seat-1 .melds .tile").first
        assert flower.get_attribute("role") == "img"
        assert re.fullmatch(r"\w+ \((flower|season) [1-4]\)", flower.get_attribute("aria-label"))
        # The hint names its tile and marks it in the rack.
        page.click("#hint-button")
        page.wait_for_selector("#hint-text[data-move]")
        hint = page.inner_text("#hint-text")
        assert hint.startswith("Hint: Discard North Wind:") and not CODE.search(hint), hint
        marked = page.locator("#rack .tile.hinted")
        assert marked.count() == 1 and marked.get_attribute("data-move") == "discard N"
        assert marked.get_attribute("aria-label") == "North Wind, the hint"
        marked.click()
        settle(page)
        # The claim offered in words and with the tile's picture; the bots' moves announced.
        assert page.inner_text("#message") == "Claim Seat 3's Green Dragon, or pass."
        assert page.locator("#message .tile[data-code=G]").count() == 1
        assert page.get_attribute("#announce", "aria-live") == "polite"
        heard = page.inner_text("#announce")
        assert "Seat 3 (North) discards Green Dragon." in heard and not CODE.search(heard), heard
        assert "You discard" not in heard
        assert page.get_attribute("#actions .act-pung", "aria-label") == "Pung Green Dragon"
        pung = page.eval_on_selector("#actions .act-pung", "e => e.getBoundingClientRect().bottom")
        assert pung <= 900  # the claim's buttons come up on the screen
        assert not CODE.search(page.inner_text("#log"))
        page.keyboard.press("g")
        page.wait_for_selector("#seat-0 .meld[data-kind=pung]")
        own = page.locator("#seat-0").aria_snapshot()
        assert 'img "Pung of Green Dragon, claimed from seat 3"' in own, own
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcr-table-named.png"))


def test_auto_pass_passes_a_claim_that_would_not_win(browser: Any, base_url: str) -> None:
    with watched_page(browser, viewport={"width": 1024, "height": 768}) as page:
        opened(page, f"{base_url}/mcr?seed=w14&hands=1")
        page.check("#auto-pass")
        for k in (1, 2, 3):
            page.select_option(f"#level-{k}", "1")
        page.click("#new-button")
        page.wait_for_function("document.querySelectorAll('#rack .tile').length === 14")
        settle(page)
        page.click('#rack [data-move="discard N"]')
        page.wait_for_function(
            "document.getElementById('message').textContent"
            " === 'Your turn: you drew Three of Bamboo; click a tile to discard it.'"
        )
        assert page.locator("#actions button").count() == 0
        opened(page, f"{base_url}/mcr?seed=w14&hands=1")  # the choice is kept
        assert page.is_checked("#auto-pass")


@pytest.mark.parametrize("size", [(844, 390), (390, 844)], ids=["sideways", "upright"])
def test_a_phone_has_the_rack_on_screen(browser: Any, base_url: str, size: tuple[int, int]) -> None:
    width, height = size
    with watched_page(
        browser, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    ) as page:
        opened(page, f"{base_url}/mcr?seed=fit&hands=1")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        boxes = page.eval_on_selector_all(
            "#rack .tile", "els => els.map(e => e.getBoundingClientRect().toJSON())"
        )
        assert len(boxes) == 14
        for box in boxes:
            assert box["top"] >= 0 and box["bottom"] <= height and box["right"] <= width, box
        page.screenshot(path=str(ARTIFACTS / f"mcr-table-{width}x{height}.png"))


def test_an_expired_link_says_so_before_dealing_anew(browser: Any, base_url: str) -> None:
    with watched_page(browser, viewport={"width": 1024, "height": 768}) as page:
        opened(page, f"{base_url}/mcr?game=gone-long-ago")
        assert page.inner_text("#message").startswith(
            "The game of that link is no longer kept by the server"
        )
        assert page.locator("#rack .tile").count() == 14
        assert "game=gone-long-ago" not in page.url


def test_a_review_lists_where_a_seat_left_the_top_bot(
    browser: Any, base_url: str, client: TestClient
) -> None:
    top = f"bot:{TOP_LEVEL}"  # seat 1 is the top bot: its review finds nothing
    arena = {"kind": "arena", "specs": ["bot:1", top, "bot:1", "bot:1"], "seed": "v"}
    replay = client.post("/api/mcr/replays", json=arena).json()["id"]
    reviews = [
        client.get(f"/api/mcr/replays/{replay}/review", params={"seat": seat}).json()["review"]
        for seat in range(4)
    ]
    assert reviews[1]["decisions"] > 0 and reviews[1]["differences"] == []  # the top bot itself
    first = reviews[0]["differences"][0]
    assert reviews[0]["decisions"] > len(reviews[0]["differences"]) > 0
    assert first["move"] != first["bot"] and first["yours"] and first["bots"]
    assert client.get(f"/api/mcr/replays/{replay}/review").status_code == 400
    with watched_page(browser, viewport={"width": 1280, "height": 900}) as page:
        opened(page, f"{base_url}/mcr/replay?arena=bot:1,{top},bot:1,bot:1&seed=v&seat=0")
        page.wait_for_selector("body[data-index='0']")
        page.click("#review-button")
        page.wait_for_selector("#review:not([hidden])")
        items = page.locator("#review li button")
        assert items.count() == len(reviews[0]["differences"])
        assert not CODE.search(items.first.inner_text())
        items.first.click()
        page.wait_for_selector(f"body[data-index='{first['index']}']")
        shown = page.inner_text("#next-move")  # seat 0's own choice, about to be made
        assert "Next: seat 0 discard " in shown and "Legal:" in shown, shown
    # At the table: a hand where the person left the hint once, then the bot played it.
    with watched_page(browser, viewport={"width": 1280, "height": 900}) as page:
        new_table(page, base_url, "w7")
        page.click("#hint-button")
        page.wait_for_selector("#hint-text[data-move]")
        hinted = page.get_attribute("#hint-text", "data-move")
        other = page.locator(f"#rack .tile.legal:not([data-move='{hinted}'])").first
        other.click()
        settle(page)
        page.click("#auto-hand")
        page.wait_for_selector("#result:not([hidden])")
        page.click("#review-button")
        page.wait_for_selector("#review:not([hidden])")
        listed = page.inner_text("#review li:first-child")
        assert listed.startswith("Move 1: you discard "), listed  # the first move, named
        assert "; the level-" in listed and not CODE.search(listed), listed


def test_a_new_game_asks_before_leaving_one_played(browser: Any, base_url: str) -> None:
    with watched_page(browser, viewport={"width": 1024, "height": 768}) as page:
        new_table(page, base_url, "w14")  # no move made yet: dealt again without a question
        page.click('#rack [data-move="discard N"]')
        settle(page)
        playing = page.url
        asked: list[str] = []

        def answer(dialog: Any, accept: bool) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", lambda dialog: answer(dialog, False))
        page.click("#new-button")
        settle(page)
        assert asked == ["Leave this game for a new one? The game at the table is lost."]
        assert page.url == playing
        page.once("dialog", lambda dialog: answer(dialog, True))
        page.click("#new-button")
        page.wait_for_function(f"location.href !== {playing!r}")
        assert len(asked) == 2 and page.locator("#rack .tile").count() == 14
