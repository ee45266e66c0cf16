"""The ASGI application: the page, its static files and the JSON API (Starlette).

Board, layout and Daily requests are answered on the event loop (a deal takes tens of
microseconds); game actions and solving may run the solver for up to its budget, so they run
on worker threads (the core releases the GIL), one action at a time per game.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/board", params={"layout": "tea house", "seed": 7}).json()["seed"]
7
>>> client.get("/api/board", params={"layout": "tea house"}).json()["error"]["message"]
"the query parameter 'seed' is required"
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mahjongkit.solitaire.game import Game
from mahjongkit.web import api
from mahjongkit.web.mcr_routes import McrServer
from mahjongkit.web.openapi import openapi
from mahjongkit.web.store import DEFAULT_MAX_ACTIONS, DEFAULT_MAX_GAMES, DEFAULT_TTL, GameStore

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 1 << 20
"""Request bodies above 1 MiB are refused (a long saved game is a few tens of KiB)."""
SOLVER_THREADS: Final = 2
"""Solve requests running at once; more wait their turn."""
_PAGE_HEADERS: Final = {
    # Everything the page needs is served from here: no CDN, works offline.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'",
    "Cache-Control": "no-cache",
}

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
        message = f"no such page or endpoint: {request.url.path} (the API is listed at /api)"
    elif exc.status_code == 405:
        message = f"{request.method} is not allowed on {request.url.path}"
    return _error(exc.status_code, codes.get(exc.status_code, "http_error"), message)


async def _crash(request: Request, exc: Exception) -> Response:
    return _error(500, "internal_error", f"the server failed: {type(exc).__name__}: {exc}")


async def _body(request: Request) -> Any:
    """The request's JSON body (``{}`` when empty); 400/413 when it cannot be read."""
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
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise api.bad("bad_json", f"the body is not valid JSON: {error}") from None


class Server:
    """The routes over one game store."""

    def __init__(self, store: GameStore[Game], solver_seconds: float) -> None:
        self.store = store
        self.solver_seconds = solver_seconds
        self._solvers: anyio.CapacityLimiter | None = None

    # ---- the page ----

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_PAGE_HEADERS)

    async def api_index(self, request: Request) -> Response:
        return JSONResponse(openapi())

    # ---- boards ----

    async def layouts(self, request: Request) -> Response:
        return JSONResponse({"layouts": api.layouts_json()})

    async def layout(self, request: Request) -> Response:
        chosen = api.layout_of(request.path_params["name"], status=404)
        return JSONResponse(api.layout_json(chosen))

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
        game, daily = await anyio.to_thread.run_sync(
            lambda: api.new_game(body, solver_seconds=self.solver_seconds)
        )
        entry = self.store.add(game, daily)
        return JSONResponse(
            {"state": api.game_json(entry.id, game, daily)},
            status_code=201,
            headers={"Location": f"/api/games/{entry.id}"},
        )

    def _entry(self, request: Request) -> Any:
        game_id = request.path_params["game_id"]
        entry = self.store.find(game_id)
        if entry is None:
            raise api.ApiError(
                404,
                "game_not_found",
                f"no game {game_id!r}: it never existed or has expired (the server keeps "
                f"{self.store.max_games} games, each for {self.store.ttl / 60:.0f} idle "
                "minutes); restore it from its save",
            )
        return entry

    async def get_game(self, request: Request) -> Response:
        entry = self._entry(request)

        def state() -> dict[str, Any]:
            with entry.lock:
                return {"state": api.game_json(entry.id, entry.game, entry.daily)}

        return JSONResponse(await anyio.to_thread.run_sync(state))

    async def delete_game(self, request: Request) -> Response:
        entry = self._entry(request)
        self.store.remove(entry.id)
        return JSONResponse({"deleted": entry.id})

    async def action(self, request: Request) -> Response:
        entry = self._entry(request)
        action = request.path_params["action"]
        if action not in api.ACTIONS:
            raise api.ApiError(
                404,
                "unknown_action",
                f"unknown game action {action!r}; actions: {', '.join(api.ACTIONS)}",
            )
        body = await _body(request)
        if entry.actions >= self.store.max_actions:
            raise api.ApiError(
                429,
                "too_many_actions",
                f"this game has had its {self.store.max_actions} actions; start a new one",
            )

        def run() -> dict[str, Any]:
            with entry.lock:
                entry.actions += 1
                outcome = api.play(entry.game, action, body)
                outcome["state"] = api.game_json(entry.id, entry.game, entry.daily)
                return outcome

        return JSONResponse(await anyio.to_thread.run_sync(run))

    async def explain(self, request: Request) -> Response:
        entry = self._entry(request)

        def run() -> dict[str, Any]:
            with entry.lock:
                slot = api.slot_of(request.path_params["slot"], entry.game)
                return api.explain_json(entry.game.explain(slot))

        return JSONResponse(await anyio.to_thread.run_sync(run))

    async def save(self, request: Request) -> Response:
        from mahjongkit.solitaire.save import to_dict

        entry = self._entry(request)

        def run() -> dict[str, Any]:
            with entry.lock:
                return {"save": to_dict(entry.game), "daily": entry.daily}

        return JSONResponse(await anyio.to_thread.run_sync(run))


def create_app(
    *,
    max_games: int = DEFAULT_MAX_GAMES,
    ttl: float = DEFAULT_TTL,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    solver_seconds: float = 1.0,
) -> Starlette:
    """The application: the solitaire page at ``/``, the MCR table at ``/mcr`` and its replay
    viewer at ``/mcr/replay``, the API under ``/api`` (listed by ``GET /api``,
    an OpenAPI document). Games live in memory within the given bounds."""
    store: GameStore[Game] = GameStore(max_games=max_games, ttl=ttl, max_actions=max_actions)
    server = Server(store, solver_seconds)
    mcr = McrServer(_body, max_games=max_games, ttl=ttl)
    routes = [
        Route("/", server.index),
        Route("/api", server.api_index),
        Route("/api/openapi.json", server.api_index),
        Route("/api/layouts", server.layouts),
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
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
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
