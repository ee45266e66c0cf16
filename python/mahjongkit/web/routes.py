"""What the routes of both games share: their pages, and the games each keeps in a bounded
store (:mod:`.store`), found by the id in the path or refused with a 404 naming what is gone,
their actions counted against the store's allowance, and their work run on a worker thread
under the game's lock (one action at a time per game; the core releases the GIL).

>>> from mahjongkit.web.store import GameStore
>>> games = StoredGames(GameStore(max_games=2, ttl=600), param="game_id", noun="game")
>>> error = games.missing("nope").to_json()["error"]
>>> error["code"], error["message"][:47]
('game_not_found', "no game 'nope': it never existed or has expired")
>>> error["message"][47:]
' (the server keeps 2 games, each for 10 idle minutes)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from string import Template
from typing import Any, Final, Generic, TypeVar

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from mahjongkit._echo import shown
from mahjongkit.web.api import ApiError
from mahjongkit.web.store import Entry, GameStore

T = TypeVar("T")
R = TypeVar("R")

STATIC: Final = Path(__file__).parent / "static"
PAGE_HEADERS: Final = {
    # Everything a page needs is served from here: no CDN, works offline.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'",
    "Cache-Control": "no-cache",
}


def page(name: str) -> Response:
    """One of the static pages, with the pages' headers."""
    return FileResponse(STATIC / name, headers=PAGE_HEADERS)


def mcr_page(title: str, script: str, body: str) -> Response:
    """One of the MCR pages: their one head (``mcr-page.html``: the styles, the drawing
    scripts and ``script``) around the page's own ``body`` (a fragment from its header on).

    >>> mcr_page("MCR replay", "replay.js", "mcr-replay.html").body.count(b"<head>")
    1
    """
    return HTMLResponse(_composed(title, script, body), headers=PAGE_HEADERS)


@cache
def _composed(title: str, script: str, body: str) -> str:
    head = Template((STATIC / "mcr-page.html").read_text(encoding="utf-8"))
    own = (STATIC / body).read_text(encoding="utf-8")
    return head.substitute(title=title, script=script, body=own)


def created(body: dict[str, Any], location: str) -> JSONResponse:
    """A 201 answer to a request that made something, with where it now lives."""
    return JSONResponse(body, status_code=201, headers={"Location": location})


def unknown_action(action: str, actions: Iterable[str], noun: str = "action") -> ApiError:
    """The 404 of an action a game does not have, listing those it has."""
    return ApiError(
        404, "unknown_action", f"unknown {noun} {shown(action)}; actions: {', '.join(actions)}"
    )


async def locked(entry: Entry[Any], work: Callable[[], R]) -> R:
    """``work()`` on a worker thread, holding the game's lock."""

    def run() -> R:
        with entry.lock:
            return work()

    return await anyio.to_thread.run_sync(run)


class StoredGames(Generic[T]):
    """A store's games as the routes reach them: ``param`` is the path parameter holding the
    id, ``noun`` names a game in messages, ``code`` is the 404's code, ``bounds`` whether the
    404 says how long the server keeps games, and ``then`` what the page may do next."""

    def __init__(
        self,
        store: GameStore[T],
        *,
        param: str,
        noun: str,
        code: str = "game_not_found",
        bounds: bool = True,
        then: str = "",
    ) -> None:
        self.store = store
        self.param = param
        self.noun = noun
        self.code = code
        self.bounds = bounds
        self.then = then

    def missing(self, game_id: str) -> ApiError:
        """The 404 of an id the store does not hold."""
        store = self.store
        kept = (
            f" (the server keeps {store.max_games} games, each for {store.ttl / 60:.0f} idle "
            "minutes)"
            if self.bounds
            else ""
        )
        return ApiError(
            404,
            self.code,
            f"no {self.noun} {shown(game_id)}: it never existed or has expired{kept}{self.then}",
        )

    def entry(self, request: Request) -> Entry[T]:
        """The game named by the request's path (now the most recently used one)."""
        game_id = request.path_params[self.param]
        entry = self.store.find(game_id)
        if entry is None:
            raise self.missing(game_id)
        return entry

    def count_action(self, entry: Entry[T]) -> None:
        """Count one more action of the game's allowance; a 429 once it is spent. Call it
        under the game's lock (:func:`locked`) or before any work is done."""
        limit = self.store.max_actions
        if entry.actions >= limit:
            raise ApiError(
                429, "too_many_actions", f"this game has had its {limit} actions; start a new one"
            )
        entry.actions += 1
