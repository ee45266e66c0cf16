"""What the browser tests share: the chromium to drive, where screenshots go, and the
checks every size of window must pass.

Playwright's own browser download cannot run here, so the tests launch the system chromium
(``MAHJONGKIT_CHROMIUM``, else Debian's binary, else ``chromium`` on the PATH); they skip,
saying so, only when no chromium is installed. Screenshots go to ``build/test-artifacts``
(or ``$MAHJONGKIT_ARTIFACTS``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("MAHJONGKIT_ARTIFACTS", ROOT / "build" / "test-artifacts"))


NO_CHROMIUM = (
    "browser tests skipped: no chromium found (apt-get install chromium, or set "
    "MAHJONGKIT_CHROMIUM to a Chromium binary)"
)


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


@contextlib.contextmanager
def watched_page(browser: Any, **context_options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (``context_options`` as for
    ``browser.new_context``) that fails the test, when it closes, if its scripts raised.

    The page's policy forbids eval and Playwright's waits evaluate text, so the policy is
    lifted."""
    context = browser.new_context(bypass_csp=True, **context_options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def open_board(page: Any, url: str) -> None:
    """Load the page and wait until its board answers and its offline rules (loaded once the
    board is up) are there."""
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("window.MJOffline !== undefined")


def tile_count(page: Any) -> int:
    """How many tiles the board draws now."""
    return int(page.evaluate("document.querySelectorAll('#tiles .tile').length"))


OUTSIDE = """() => {
  // The tiles drawn (face and thickness) that reach outside the window, by slot.
  const out = [];
  for (const tile of document.querySelectorAll('#tiles .tile')) {
    const box = tile.getBoundingClientRect();
    const inside = box.left >= 0 && box.top >= 0 && box.right <= innerWidth + 0.5
      && box.bottom <= innerHeight + 0.5;
    if (!inside) out.push(Number(tile.dataset.slot));
  }
  return out;
}"""


def tiles_outside(page: Any) -> list[int]:
    """The slots of the tiles not wholly inside the window."""
    found: list[int] = page.evaluate(OUTSIDE)
    return found
