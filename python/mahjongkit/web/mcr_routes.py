"""The MCR pages and their API under ``/api/mcr``: tables (you against three bots) and
replays, each in a bounded store like the solitaire games.

Every action runs on a worker thread under the table's lock (a bot's move takes up to a few
milliseconds, a whole auto-played game a few seconds).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from mahjongkit.web import mcr_api
from mahjongkit.web.api import ApiError, bad, check_fields
from mahjongkit.web.store import Entry, GameStore

STATIC: Final = Path(__file__).parent / "static"
MAX_TABLE_ACTIONS: Final = 4000
"""Requests one table may take (a 16-hand game played by hand needs about 1,000)."""
PAGE_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'",
    "Cache-Control": "no-cache",
}
Body = Callable[[Request], Awaitable[Any]]


class McrServer:
    """The routes over a store of tables and one of replays."""

    def __init__(self, body: Body, *, max_games: int, ttl: float) -> None:
        self.body = body
        self.tables: GameStore[mcr_api.Table] = GameStore(
            max_games=max_games, ttl=ttl, max_actions=MAX_TABLE_ACTIONS
        )
        self.replays: GameStore[mcr_api.Replay] = GameStore(
            max_games=max_games, ttl=ttl, max_actions=1 << 30
        )

    async def table_page(self, request: Request) -> Response:
        return FileResponse(STATIC / "mcr.html", headers=PAGE_HEADERS)

    async def replay_page(self, request: Request) -> Response:
        return FileResponse(STATIC / "replay.html", headers=PAGE_HEADERS)

    # ---- tables ----

    async def create_table(self, request: Request) -> Response:
        body = await self.body(request)
        table = await anyio.to_thread.run_sync(mcr_api.Table.new, body)
        entry = self.tables.add(table, None)
        return JSONResponse(
            {"state": mcr_api.table_json(entry.id, table)},
            status_code=201,
            headers={"Location": f"/api/mcr/games/{entry.id}"},
        )

    def _table(self, request: Request) -> Entry[mcr_api.Table]:
        table_id = request.path_params["game_id"]
        entry = self.tables.find(table_id)
        if entry is None:
            raise ApiError(
                404,
                "game_not_found",
                f"no MCR game {table_id[:40]!r}: it never existed or has expired (the server "
                f"keeps {self.tables.max_games} games, each for {self.tables.ttl / 60:.0f} idle "
                "minutes)",
            )
        return entry

    async def get_table(self, request: Request) -> Response:
        entry = self._table(request)

        def state() -> dict[str, Any]:
            with entry.lock:
                return {"state": mcr_api.table_json(entry.id, entry.game)}

        return JSONResponse(await anyio.to_thread.run_sync(state))

    async def delete_table(self, request: Request) -> Response:
        entry = self._table(request)
        self.tables.remove(entry.id)
        return JSONResponse({"deleted": entry.id})

    async def table_action(self, request: Request) -> Response:
        entry = self._table(request)
        action = request.path_params["action"]
        actions: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "move": entry.game.move,
            "next": lambda body: entry.game.next_hand(),
            "auto": entry.game.auto,
            "hint": lambda body: entry.game.hint(),
        }
        if action not in actions:
            raise ApiError(
                404,
                "unknown_action",
                f"unknown action {action[:40]!r}; actions: {', '.join(actions)}",
            )
        body = await self.body(request)
        if action in ("next", "hint"):
            check_fields(body, (), f"the {action} request")
        if entry.actions >= self.tables.max_actions:
            raise ApiError(
                429, "too_many_actions", f"this game has had its {self.tables.max_actions} actions"
            )

        def run() -> dict[str, Any]:
            with entry.lock:
                entry.actions += 1
                outcome = actions[action](body)
                outcome["state"] = mcr_api.table_json(entry.id, entry.game)
                return outcome

        return JSONResponse(await anyio.to_thread.run_sync(run))

    async def table_save(self, request: Request) -> Response:
        entry = self._table(request)

        def run() -> dict[str, Any]:
            with entry.lock:
                if entry.game.rules.is_active:
                    raise ApiError(
                        409,
                        "game_not_over",
                        "a game is saved once it is over (the save shows the wall)",
                    )
                return {"save": entry.game.rules.to_json()}

        return JSONResponse(await anyio.to_thread.run_sync(run))

    # ---- replays ----

    async def create_replay(self, request: Request) -> Response:
        body = await self.body(request)
        if not isinstance(body, dict):
            raise bad("bad_body", "a replay request is a JSON object")
        replay = await anyio.to_thread.run_sync(mcr_api.replay_from, body)
        entry = self.replays.add(replay, None)
        return JSONResponse(
            {"id": entry.id, "title": replay.title, "moves": replay.move_list()},
            status_code=201,
            headers={"Location": f"/api/mcr/replays/{entry.id}"},
        )

    def _replay(self, request: Request) -> Entry[mcr_api.Replay]:
        replay_id = request.path_params["replay_id"]
        entry = self.replays.find(replay_id)
        if entry is None:
            raise ApiError(
                404,
                "replay_not_found",
                f"no replay {replay_id[:40]!r}: it never existed or has expired; load it again",
            )
        return entry

    async def get_replay(self, request: Request) -> Response:
        entry = self._replay(request)
        return JSONResponse(
            {"id": entry.id, "title": entry.game.title, "moves": entry.game.move_list()}
        )

    async def replay_frame(self, request: Request) -> Response:
        entry = self._replay(request)
        params = request.query_params
        index = mcr_api.index_of(params.get("move"))
        viewer = mcr_api.viewer_of(params.get("seat"))
        with_bot = params.get("bot") in ("1", "true")

        def run() -> dict[str, Any]:
            with entry.lock:
                return {"frame": entry.game.frame(index, viewer, with_bot)}

        return JSONResponse(await anyio.to_thread.run_sync(run))

    def routes(self) -> list[Route]:
        return [
            Route("/mcr", self.table_page),
            Route("/mcr/replay", self.replay_page),
            Route("/api/mcr/games", self.create_table, methods=["POST"]),
            Route("/api/mcr/games/{game_id}", self.get_table, methods=["GET"]),
            Route("/api/mcr/games/{game_id}", self.delete_table, methods=["DELETE"]),
            Route("/api/mcr/games/{game_id}/save", self.table_save, methods=["GET"]),
            Route("/api/mcr/games/{game_id}/{action}", self.table_action, methods=["POST"]),
            Route("/api/mcr/replays", self.create_replay, methods=["POST"]),
            Route("/api/mcr/replays/{replay_id}", self.get_replay, methods=["GET"]),
            Route("/api/mcr/replays/{replay_id}/frame", self.replay_frame, methods=["GET"]),
        ]
