"""The API's OpenAPI 3.1 document, served at ``GET /api`` (and ``/api/openapi.json``).

Written by hand next to the routes; a test checks that every route of the app is described
here and nothing else is.

>>> sorted(openapi()["paths"])[1:4]
['/api/board', '/api/boards', '/api/daily']
"""

from __future__ import annotations

from typing import Any

from mahjongkit import __version__


def _query(name: str, description: str, *, required: bool = False) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": {"type": "string"},
    }


def _path(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string"},
    }


def _op(summary: str, *, params: list[dict[str, Any]] | None = None, body: str = "") -> Any:
    operation: dict[str, Any] = {
        "summary": summary,
        "responses": {
            "200": {"description": "JSON", "content": {"application/json": {}}},
            "4XX": {"$ref": "#/components/responses/Error"},
        },
    }
    if params:
        operation["parameters"] = params
    if body:
        operation["requestBody"] = {
            "description": body,
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    return operation


_GAME = _path("game_id", "the id returned when the game was created")


def openapi() -> dict[str, Any]:
    """The document."""
    order = _query("order", "true to include removal_order (the construction path, a solution)")
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "mahjongkit API: solitaire and MCR",
            "version": __version__,
            "description": (
                "Boards, the Daily Challenge, a solver and games, all from the mahjongkit "
                "engine. Errors are JSON: {error: {status, code, message}}. A refused move "
                "is not an error: the game answers 200 with {refusal: {code, reason, slots}}."
            ),
        },
        "paths": {
            "/api": {"get": _op("This document")},
            "/api/openapi.json": {"get": _op("This document")},
            "/api/layouts": {"get": _op("The eight built-in layouts with their slots")},
            "/api/layouts/import": {
                "post": _op(
                    "Read a layout file's text (KMahjongg .layout): the layout, as GET gives one",
                    body="{text: the file's text, name?: up to 80 characters}",
                )
            },
            "/api/layouts/{name}": {
                "get": _op("One layout", params=[_path("name", "e.g. turtle, tea-house")])
            },
            "/api/board": {
                "get": _op(
                    "The board of a layout and seed: slots with x, y, z and face",
                    params=[
                        _query("layout", "layout name", required=True),
                        _query("seed", "0 to 2**64 - 1, decimal or 0x hex", required=True),
                        order,
                    ],
                )
            },
            "/api/daily": {
                "get": _op(
                    "The Daily Challenge board (the Turtle) of a date",
                    params=[_query("date", "YYYY-MM-DD; default the server's date"), order],
                )
            },
            "/api/boards": {
                "get": {
                    **_op(
                        "A range of seeds as JSON Lines {layout, seed, faces (kinds 1-42)}",
                        params=[
                            _query("layout", "layout name (default turtle)"),
                            _query("seeds", "A:B, A:+N or A; at most 10,000", required=True),
                        ],
                    ),
                    "responses": {
                        "200": {
                            "description": "one board a line",
                            "content": {"application/x-ndjson": {}},
                        },
                        "4XX": {"$ref": "#/components/responses/Error"},
                    },
                }
            },
            "/api/solve": {
                "post": _op(
                    "Solve a position: verdict (solvable, unsolvable, unknown) and a solution",
                    body=(
                        "{layout, faces: one code or kind per slot (null: empty), present?: "
                        "slot ids on the board, max_seconds?: up to 5}"
                    ),
                )
            },
            "/api/games": {
                "post": {
                    **_op(
                        "Start a game (201, Location header)",
                        body=(
                            "{layout?, seed?: a string of digits, slots?: [[x, y, z], ...] for "
                            "an imported layout} or {daily: date} or {save: a save from GET "
                            ".../save (signed by this server)}"
                        ),
                    ),
                }
            },
            "/api/games/{game_id}": {
                "get": _op("The game's state", params=[_GAME]),
                "delete": _op("Forget the game", params=[_GAME]),
            },
            "/api/games/{game_id}/save": {
                "get": _op(
                    "The game's saved form, signed by the server (to restore it later)",
                    params=[_GAME],
                )
            },
            "/api/games/{game_id}/explain/{slot}": {
                "get": _op(
                    "Learn Mode: why a tile is free or blocked, naming the blockers",
                    params=[_GAME, _path("slot", "slot id")],
                )
            },
            "/api/games/{game_id}/{action}": {
                "post": _op(
                    "move {a, b}, undo, redo, hint, shuffle {kind: solvable|classic}, replay, "
                    "pause, resume (the clock)",
                    params=[
                        _GAME,
                        _path("action", "move, undo, redo, hint, shuffle, replay, pause, resume"),
                    ],
                    body="{a, b} for move, {kind} for shuffle, nothing for the others",
                )
            },
            **_mcr_paths(),
        },
        "components": {
            "responses": {
                "Error": {
                    "description": "{error: {status, code, message}}",
                    "content": {"application/json": {}},
                }
            }
        },
    }


_TABLE = _path("game_id", "the id returned when the MCR game was created")
_REPLAY = _path("replay_id", "the id returned when the replay was loaded")


def _mcr_paths() -> dict[str, Any]:
    """The MCR table (you against three bots) and the replay viewer. A table's state is the
    person's seat's view only: no other seat's concealed tiles, no wall, no seed until the
    game is over. A refused move answers 200 with {refusal: {code, message}}."""
    return {
        "/api/mcr/games": {
            "post": _op(
                "Start an MCR table against three bots (201, Location header)",
                body=(
                    "{seed?: text, seat?: 0-3, levels?: three of 1-3 (the seats after yours), "
                    "hands?: 1|16, ruleset?: green_book|gb, variant?: mcr|botzone}"
                ),
            )
        },
        "/api/mcr/games/{game_id}": {
            "get": _op("The table as your seat sees it", params=[_TABLE]),
            "delete": _op("Forget the table", params=[_TABLE]),
        },
        "/api/mcr/games/{game_id}/save": {
            "get": _op(
                "The finished game's save (refused, 409, while it is played)", params=[_TABLE]
            )
        },
        "/api/mcr/games/{game_id}/{action}": {
            "post": _op(
                "move {move: text of a legal move}, next (the next hand), hint, "
                "auto {until: hand|game} (the top bot plays your seat), review (your "
                "decisions in the hand last over that differ from the top bot's)",
                params=[_TABLE, _path("action", "move, next, hint, auto, review")],
                body="{move} for move, {until} for auto, nothing for the others",
            )
        },
        "/api/mcr/replays": {
            "post": _op(
                "Load a finished game to replay (201): its move list",
                body=(
                    "{kind: save, save: a saved game}, {kind: arena, specs: four bot:N, "
                    "variant: mcr|botzone, seed, deal, rotation}, {kind: records, text: "
                    "a file of Botzone's records, game: its number from 0} or {kind: judge, "
                    "log: a log of mahjongkit mcr judge --log}"
                ),
            )
        },
        "/api/mcr/replays/{replay_id}": {
            "get": _op("The replay's title and move list", params=[_REPLAY])
        },
        "/api/mcr/replays/{replay_id}/frame": {
            "get": _op(
                "The state after a number of moves, the next move, its legal options; from "
                "a seat, only what it saw: the moves so far as seen (another seat's "
                "concealed kong without its tile, its passes not at all), who moves next "
                "(not in a claim window) but not what",
                params=[
                    _REPLAY,
                    _query("move", "how many moves have been made (0 to the move count)"),
                    _query("seat", "all (every hand open, default) or 0-3 (what it saw)"),
                    _query("bot", "1 to add what the top bot would have done"),
                ],
            )
        },
        "/api/mcr/replays/{replay_id}/review": {
            "get": _op(
                "Review a seat: its decisions that differ from the top bot's, with both "
                "choices and what each does to the hand",
                params=[_REPLAY, _query("seat", "0-3: the seat reviewed")],
            )
        },
    }
