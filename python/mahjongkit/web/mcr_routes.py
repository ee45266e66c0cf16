"""The MCR pages and their API under ``/api/mcr``: tables (you against three bots) and
replays, each in a bounded store like the solitaire games.

Every action runs on a worker thread under the table's lock (a bot's move takes up to a few
milliseconds, a whole auto-played game a few seconds).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mahjongkit.web import mcr_api
from mahjongkit.web.api import ApiError, bad, check_fields
from mahjongkit.web.routes import StoredGames, created, locked, mcr_page, unknown_action
from mahjongkit.web.store import GameStore

MAX_TABLE_ACTIONS: Final = 4000
"""Requests one table may take (a 16-hand game played by hand needs about 1,000)."""
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
        self._tables = StoredGames(self.tables, param="game_id", noun="MCR game")
        self._replays = StoredGames(
            self.replays,
            param="replay_id",
            noun="replay",
            code="replay_not_found",
            bounds=False,
            then="; load it again",
        )

    async def table_page(self, request: Request) -> Response:
        return mcr_page("MCR Mahjong", "mcr.js", "mcr-table.html")

    async def replay_page(self, request: Request) -> Response:
        return mcr_page("MCR replay", "replay.js", "mcr-replay.html")

    # ---- tables ----

    async def create_table(self, request: Request) -> Response:
        body = await self.body(request)
        table = await anyio.to_thread.run_sync(mcr_api.Table.new, body)
        entry = self.tables.add(table, None)
        return created({"state": mcr_api.table_json(entry.id, table)}, f"/api/mcr/games/{entry.id}")

    async def get_table(self, request: Request) -> Response:
        entry = self._tables.entry(request)
        return JSONResponse(
            await locked(entry, lambda: {"state": mcr_api.table_json(entry.id, entry.game)})
        )

    async def delete_table(self, request: Request) -> Response:
        entry = self._tables.entry(request)
        self.tables.remove(entry.id)
        return JSONResponse({"deleted": entry.id})

    async def table_action(self, request: Request) -> Response:
        entry = self._tables.entry(request)
        action = request.path_params["action"]
        actions: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "move": entry.game.move,
            "next": lambda body: entry.game.next_hand(),
            "auto": entry.game.auto,
            "hint": entry.game.hint,
            "review": lambda body: entry.game.review(),
        }
        if action not in actions:
            raise unknown_action(action, actions)
        body = await self.body(request)
        if action in ("next", "review"):
            check_fields(body, (), f"the {action} request")

        def run() -> dict[str, Any]:
            self._tables.count_action(entry)
            outcome = actions[action](body)
            outcome["state"] = mcr_api.table_json(entry.id, entry.game)
            return outcome

        return JSONResponse(await locked(entry, run))

    async def table_save(self, request: Request) -> Response:
        entry = self._tables.entry(request)

        def run() -> dict[str, Any]:
            if entry.game.rules.is_active:
                raise ApiError(
                    409,
                    "game_not_over",
                    "a game is saved once it is over (the save shows the wall)",
                )
            return {"save": entry.game.rules.to_json()}

        return JSONResponse(await locked(entry, run))

    # ---- replays ----

    async def create_replay(self, request: Request) -> Response:
        body = await self.body(request)
        if not isinstance(body, dict):
            raise bad("bad_body", "a replay request is a JSON object")
        replay = await anyio.to_thread.run_sync(mcr_api.replay_from, body)
        entry = self.replays.add(replay, None)
        return created(_replay_json(entry.id, replay), f"/api/mcr/replays/{entry.id}")

    async def get_replay(self, request: Request) -> Response:
        entry = self._replays.entry(request)
        return JSONResponse(_replay_json(entry.id, entry.game))

    async def replay_frame(self, request: Request) -> Response:
        entry = self._replays.entry(request)
        params = request.query_params
        index = mcr_api.index_of(params.get("move"))
        viewer = mcr_api.viewer_of(params.get("seat"))
        with_bot = params.get("bot") in ("1", "true")
        level = mcr_api.bot_level_of(params.get("bot_level"))
        return JSONResponse(
            await locked(entry, lambda: {"frame": entry.game.frame(index, viewer, with_bot, level)})
        )

    async def replay_review(self, request: Request) -> Response:
        entry = self._replays.entry(request)
        seat = mcr_api.viewer_of(request.query_params.get("seat"))
        if seat is None:
            raise bad("bad_seat", "a review is of one seat: seat is 0 to 3")
        return JSONResponse(await locked(entry, lambda: {"review": entry.game.review(seat)}))

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
            Route("/api/mcr/replays/{replay_id}/review", self.replay_review, methods=["GET"]),
        ]


def _replay_json(replay_id: str, replay: mcr_api.Replay) -> dict[str, Any]:
    return {"id": replay_id, "title": replay.title, "moves": replay.move_list()}
