"""The ASGI application: the page, its static files and the JSON API (Starlette).

Board, layout and Daily requests are answered on the event loop (a deal takes tens of
microseconds); game actions and solving may run the solver for up to its budget, so they run
on worker threads (the core releases the GIL), one action at a time per game.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/board", params={"layout": "tea house", "seed": 7}).json()["seed"]
'7'
>>> client.get("/api/board", params={"layout": "tea house"}).json()["error"]["message"]
"the query parameter 'seed' is required"
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mahjongkit._echo import shown
from mahjongkit.solitaire.game import Game
from mahjongkit.web import api
from mahjongkit.web.mcr_routes import McrServer
from mahjongkit.web.openapi import openapi
from mahjongkit.web.routes import STATIC, StoredGames, created, locked, page, unknown_action
from mahjongkit.web.store import DEFAULT_MAX_ACTIONS, DEFAULT_MAX_GAMES, DEFAULT_TTL, GameStore

MAX_BODY: Final = 1 << 20
"""Request bodies above 1 MiB are refused (a long saved game is a few tens of KiB)."""
SOLVER_THREADS: Final = 2
"""Solve requests running at once; more wait their turn."""

Handler = Callable[[Request], Awaitable[Response]]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(api.ApiError(status, code, message).to_json(), status_code=status)


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, api.ApiError)
    return JSONResponse(exc.to_json(), status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    codes = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large"}
    message = str(exc.detail)
    if exc.status_code == 404:
        message = (
            f"no such page or endpoint: {shown(request.url.path, 60)} (the API is listed at /api)"
        )
    elif exc.status_code == 405:
        message = f"{shown(request.method)} is not allowed on {shown(request.url.path, 60)}"
    return _error(exc.status_code, codes.get(exc.status_code, "http_error"), message)


async def _crash(request: Request, exc: Exception) -> Response:
    return _error(500, "internal_error", f"the server failed: {type(exc).__name__}")


async def _body(request: Request) -> Any:
    """The request's JSON body (``{}`` when empty); 400/413/415 when it cannot be read.

    A body declared as anything but ``application/json`` (a form or a ``text/plain`` post,
    which a browser sends cross-site without asking) is refused before it is read; one with
    no type at all (a script's) is read as JSON."""
    kind = request.headers.get("content-type")
    if kind is not None and kind.split(";")[0].strip().lower() != "application/json":
        raise api.ApiError(
            415,
            "unsupported_media_type",
            f"send JSON (Content-Type: application/json), not {shown(kind)}",
        )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise api.ApiError(413, "body_too_large", f"the body is over {MAX_BODY} bytes")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise api.ApiError(413, "body_too_large", f"the body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        raise api.bad("bad_json", f"the body is not valid JSON: {error}") from None
    except UnicodeDecodeError as error:
        raise api.bad("bad_json", f"the body is not UTF-8 (byte {error.start})") from None
    except RecursionError:
        raise api.bad("bad_json", "the body's JSON is nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise api.bad("bad_json", "the body holds a number too long to read") from None


class Server:
    """The routes over one game store."""

    def __init__(self, store: GameStore[Game], solver_seconds: float, save_key: bytes) -> None:
        self.store = store
        self.games = StoredGames(
            store, param="game_id", noun="game", then="; restore it from its save"
        )
        self.solver_seconds = solver_seconds
        self.save_key = save_key
        self._solvers: anyio.CapacityLimiter | None = None

    # ---- the page ----

    async def index(self, request: Request) -> Response:
        return page("index.html")

    async def service_worker(self, request: Request) -> Response:
        # Served from the root so that it may control the page at /.
        return FileResponse(
            STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"}
        )

    async def manifest(self, request: Request) -> Response:
        return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")

    async def api_index(self, request: Request) -> Response:
        return JSONResponse(openapi())

    # ---- boards ----

    async def layouts(self, request: Request) -> Response:
        return JSONResponse({"layouts": api.layouts_json()})

    async def layout(self, request: Request) -> Response:
        chosen = api.layout_of(request.path_params["name"], status=404)
        return JSONResponse(api.layout_json(chosen))

    async def import_layout(self, request: Request) -> Response:
        body = api.check_fields(await _body(request), ("text", "name"), "the import request")
        layout = await anyio.to_thread.run_sync(
            api.layout_from_text, body.get("text"), body.get("name")
        )
        return JSONResponse({**api.layout_json(layout), "key": api.game_key(layout)})

    async def board(self, request: Request) -> Response:
        params = request.query_params
        order = api.flag_of(params.get("order"), "order")
        text = api.board_text(
            api.required(params, "layout"), api.required(params, "seed"), order=order
        )
        return Response(text, media_type="application/json")

    async def daily(self, request: Request) -> Response:
        params = request.query_params
        order = api.flag_of(params.get("order"), "order")
        text = api.daily_text(params.get("date"), order=order)
        return Response(text, media_type="application/json")

    async def boards(self, request: Request) -> Response:
        params = request.query_params
        layout, seeds = api.boards_range(
            params.get("layout", "turtle"), api.required(params, "seeds")
        )

        async def lines() -> AsyncIterator[str]:
            for start in range(0, len(seeds), api.STREAM_CHUNK):
                stop = start + api.STREAM_CHUNK
                yield await anyio.to_thread.run_sync(api.board_lines, layout, seeds, start, stop)

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    async def solve(self, request: Request) -> Response:
        body = await _body(request)
        if self._solvers is None:
            self._solvers = anyio.CapacityLimiter(SOLVER_THREADS)
        data = await anyio.to_thread.run_sync(api.solve_json, body, limiter=self._solvers)
        return JSONResponse(data)

    # ---- games ----

    async def create_game(self, request: Request) -> Response:
        body = await _body(request)
        made = await anyio.to_thread.run_sync(
            lambda: api.new_game(
                body,
                solver_seconds=self.solver_seconds,
                save_key=self.save_key,
                max_actions=self.store.max_actions,
            )
        )
        entry = self.store.add(made.game, made.daily)
        entry.actions = made.actions
        return created(
            {"state": api.game_json(entry.id, made.game, made.daily)}, f"/api/games/{entry.id}"
        )

    async def get_game(self, request: Request) -> Response:
        entry = self.games.entry(request)
        return JSONResponse(
            await locked(entry, lambda: {"state": api.game_json(entry.id, entry.game, entry.daily)})
        )

    async def delete_game(self, request: Request) -> Response:
        entry = self.games.entry(request)
        self.store.remove(entry.id)
        return JSONResponse({"deleted": entry.id})

    async def action(self, request: Request) -> Response:
        entry = self.games.entry(request)
        action = request.path_params["action"]
        if action not in api.ACTIONS:
            raise unknown_action(action, api.ACTIONS, "game action")
        body = await _body(request)
        free = action in api.FREE_ACTIONS

        def run() -> dict[str, Any]:
            if not free:
                self.games.count_action(entry)
            outcome = api.play(entry.game, action, body)
            outcome["state"] = api.game_json(entry.id, entry.game, entry.daily)
            return outcome

        return JSONResponse(await locked(entry, run))

    async def explain(self, request: Request) -> Response:
        entry = self.games.entry(request)

        def run() -> dict[str, Any]:
            slot = api.slot_of(request.path_params["slot"], entry.game)
            return api.explain_json(entry.game.explain(slot))

        return JSONResponse(await locked(entry, run))

    async def save(self, request: Request) -> Response:
        from mahjongkit.solitaire.save import sign, to_dict

        entry = self.games.entry(request)

        def run() -> dict[str, Any]:
            # Signed with the server's key, with the actions used and the Daily date: a
            # restored game is the game it was, allowance and all.
            saved = {**to_dict(entry.game), "actions": entry.actions, "daily": entry.daily}
            return {"save": sign(saved, self.save_key), "daily": entry.daily}

        return JSONResponse(await locked(entry, run))


def create_app(
    *,
    max_games: int = DEFAULT_MAX_GAMES,
    ttl: float = DEFAULT_TTL,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    solver_seconds: float = 1.0,
    save_key: bytes | None = None,
) -> Starlette:
    """The application: the solitaire page at ``/``, the MCR table at ``/mcr`` and its replay
    viewer at ``/mcr/replay``, the API under ``/api`` (listed by ``GET /api``,
    an OpenAPI document). Games live in memory within the given bounds.

    Solitaire saves handed out are signed with ``save_key`` (HMAC-SHA256; at least 16
    bytes), and only saves it signed are restored: give the same key to a restarted server
    so that pages go on with their games (``mahjongkit serve`` keeps one in a file).
    Without a key the app makes one, good for its own lifetime."""
    if save_key is None:
        save_key = secrets.token_bytes(32)
    if len(save_key) < 16:
        raise ValueError("save_key must be at least 16 bytes")
    store: GameStore[Game] = GameStore(max_games=max_games, ttl=ttl, max_actions=max_actions)
    server = Server(store, solver_seconds, save_key)
    mcr = McrServer(_body, max_games=max_games, ttl=ttl)
    routes = [
        Route("/", server.index),
        Route("/sw.js", server.service_worker),
        Route("/manifest.webmanifest", server.manifest),
        Route("/api", server.api_index),
        Route("/api/openapi.json", server.api_index),
        # The layouts list (every built-in's slots, about 8 KB) is read at every page load:
        # it goes compressed too (about a quarter of the bytes); other answers stay as they are.
        Route(
            "/api/layouts",
            server.layouts,
            middleware=[Middleware(GZipMiddleware, minimum_size=1024)],
        ),
        Route("/api/layouts/import", server.import_layout, methods=["POST"]),
        Route("/api/layouts/{name}", server.layout),
        Route("/api/board", server.board),
        Route("/api/daily", server.daily),
        Route("/api/boards", server.boards),
        Route("/api/solve", server.solve, methods=["POST"]),
        Route("/api/games", server.create_game, methods=["POST"]),
        Route("/api/games/{game_id}", server.get_game, methods=["GET"]),
        Route("/api/games/{game_id}", server.delete_game, methods=["DELETE"]),
        Route("/api/games/{game_id}/save", server.save, methods=["GET"]),
        Route("/api/games/{game_id}/explain/{slot}", server.explain, methods=["GET"]),
        Route("/api/games/{game_id}/{action}", server.action, methods=["POST"]),
        *mcr.routes(),
        # The page's files go compressed to browsers that take it (a third of the bytes);
        # the API's answers do not, which keeps their hot paths as they were.
        Mount(
            "/static",
            app=GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=1024),
            name="static",
        ),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            api.ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _crash,
        },
    )
    app.state.store = store
    app.state.mcr = mcr
    return app
