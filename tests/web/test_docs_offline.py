"""The built documentation site, opened from disk (file://) in a browser: its search finds
pages, nothing is fetched from the web (no fonts, no shim from a CDN), and the API reference
shows formatted, linked signatures and every public name (the build's hook warns otherwise,
and the build is strict). Needs the docs extra and a chromium; skipped, saying so, without."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.web.browsers import watched_page

pytest.importorskip("mkdocs", reason="the docs extra is not installed")
pytest.importorskip("mkdocstrings_handlers.python", reason="the docs extra is not installed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


def test_the_reference_shows_formatted_linked_signatures(site: Path) -> None:
    page = (site / "reference" / "mcr.html").read_text(encoding="utf-8")
    start = page.index('id="mahjongkit.mcr.score"')
    found = re.search(r'<div class="doc-signature[^>]*>(.*?)</div>', page[start:], re.S)
    assert found
    signature = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))
    assert signature.startswith("score(\n    hand: HandLike,\n    context: WinContext,")
    assert "autorefs-internal" in found.group(1)  # the types link to their entries
    for name in ("WinBy", "MeldKind", "SetKind", "Phase", "GameResult", "Position", "WinBatch"):
        assert re.search(rf'id="mahjongkit[\w.]*\.{name}"', page), name


def test_search_works_from_disk_and_nothing_is_fetched(site: Path, browser: Any) -> None:
    with watched_page(browser) as page:
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto((site / "index.html").as_uri())
        page.keyboard.press("s")  # the theme's shortcut to the search box
        page.wait_for_function(
            "document.querySelector('.md-search-result__meta').textContent"
            ".includes('Type to start')"
        )
        page.keyboard.type("shanten", delay=50)
        page.wait_for_selector(".md-search-result__item", timeout=120_000)
        assert page.locator(".md-search-result__item").count() > 0
        assert [url for url in requests if not url.startswith("file:")] == []
