"""The JSON API's rules, apart from the web framework: inputs checked, the engine asked, dicts out.

Every function here takes plain decoded JSON (or query text) and returns what the endpoint
sends; bad input raises :class:`ApiError` with an HTTP status, a short code and a sentence
that names the problem. The engine stays the authority: moves, refusals, hints,
explanations and shuffles are the :class:`~mahjongkit.solitaire.game.Game`'s own answers.

>>> board = board_json("tea house", "7")
>>> board["layout"], board["seed"], len(board["slots"]), "removal_order" in board
('Tea House', 7, 36, False)
>>> board_json("dragon", "1")
Traceback (most recent call last):
mahjongkit.web.api.ApiError: unknown layout 'dragon'; known layouts: tea-house, ...
>>> board_json("turtle", "-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
mahjongkit.web.api.ApiError: seed must be an integer from 0 to 2**64 - 1 (...), got '-1'
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any, Final

from mahjongkit import tiles
from mahjongkit.solitaire import engine
from mahjongkit.solitaire.batch import batch
from mahjongkit.solitaire.game import (
    Game,
    GameResult,
    Move,
    Refusal,
    Shuffle,
    ShuffleKind,
    Status,
)
from mahjongkit.solitaire.layout import Layout, layouts
from mahjongkit.solitaire.learn import Explanation, blocking_counts
from mahjongkit.solitaire.rng import daily_seed
from mahjongkit.solitaire.seeds import parse_seeds
from mahjongkit.solitaire.seeds import seed_of as parse_seed_value
from mahjongkit.solitaire.solver import solve

MAX_RANGE: Final = 10_000
"""At most this many boards in one streamed seed range."""
STREAM_CHUNK: Final = 500
"""Boards dealt per chunk of a streamed range (one core call, then written)."""
MAX_SOLVE_SECONDS: Final = 5.0
"""The largest solver budget a request may ask for."""
DEFAULT_SOLVE_SECONDS: Final = 1.0


class ApiError(Exception):
    """A request the API cannot serve: HTTP ``status``, a short ``code`` and a sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """The body of the error response."""
        return {"error": {"status": self.status, "code": self.code, "message": self.message}}


def bad(code: str, message: str) -> ApiError:
    """A 400 error."""
    return ApiError(400, code, message)


# ---- layouts ----


def layout_key(name: str) -> str:
    """The URL form of a layout name: ``"Tea House"`` -> ``"tea-house"``.

    >>> layout_key("Great Wall"), layout_key("TEA_house")
    ('great-wall', 'tea-house')
    """
    return re.sub(r"[\s_\-]+", "-", name.strip()).casefold()


@cache
def builtin_layouts() -> dict[str, Layout]:
    """The built-in layouts by key, easiest first, loaded once (each keeps its compiled
    geometry, so a deal does not rebuild it)."""
    return {layout_key(layout.name): layout for layout in layouts()}


def layout_of(name: object, *, status: int = 400) -> Layout:
    """The built-in layout called ``name`` (case, spaces, hyphens and underscores ignored)."""
    if not isinstance(name, str):
        raise ApiError(status, "bad_layout", f"layout must be a name, got {name!r}")
    found = builtin_layouts().get(layout_key(name))
    if found is None:
        known = ", ".join(builtin_layouts())
        raise ApiError(status, "unknown_layout", f"unknown layout {name!r}; known layouts: {known}")
    return found


def layout_json(layout: Layout) -> dict[str, Any]:
    """A layout for a client: name, key, counts, bounds and every slot's ``[x, y, z]``.

    >>> data = layout_json(layout_of("turtle"))
    >>> data["key"], data["size"], data["free_at_start"], data["width"], data["slots"][143]
    ('turtle', 144, 33, 32, [13, 7, 4])
    """
    return {
        "name": layout.name,
        "key": layout_key(layout.name),
        "description": layout.description,
        "size": layout.size,
        "layers": layout.layers,
        "layer_counts": list(layout.layer_counts()),
        "free_at_start": len(engine.free_slots(layout, range(layout.size))),
        "width": max(x for x, _, _ in layout.slots) + 2,
        "height": max(y for _, y, _ in layout.slots) + 2,
        "slots": [list(slot) for slot in layout.slots],
    }


@cache
def layouts_json() -> list[dict[str, Any]]:
    """Every built-in layout as :func:`layout_json`, easiest first."""
    return [layout_json(layout) for layout in builtin_layouts().values()]


# ---- seeds, dates, flags ----


def seed_of(value: object, what: str = "seed") -> int:
    """A seed from JSON (an int) or query text, by the one seed rule
    (:mod:`mahjongkit.solitaire.seeds`: decimal or ``0x`` hex, 0 to 2**64 - 1).

    >>> seed_of("0x10"), seed_of(5), seed_of("010")
    (16, 5, 10)
    """
    try:
        return parse_seed_value(value, what)
    except ValueError as error:
        raise bad("bad_seed", str(error)) from None


def date_of(value: object) -> str:
    """An ISO date ``YYYY-MM-DD`` (the Daily Challenge's)."""
    if not isinstance(value, str):
        raise bad("bad_date", f"a date is written YYYY-MM-DD, got {value!r}")
    try:
        daily_seed(value)
    except ValueError as error:
        raise bad("bad_date", str(error)) from None
    return value


def flag_of(value: str | None, what: str) -> bool:
    """A query flag: absent, ``0``/``false``/``no`` or ``1``/``true``/``yes``."""
    if value is None:
        return False
    text = value.strip().casefold()
    if text in ("1", "true", "yes", ""):
        return True
    if text in ("0", "false", "no"):
        return False
    raise bad("bad_flag", f"{what} must be true or false, got {value!r}")


def required(params: Mapping[str, str], name: str) -> str:
    """A query parameter that must be there."""
    value = params.get(name)
    if value is None:
        raise bad("missing_parameter", f"the query parameter {name!r} is required")
    return value


def check_fields(body: object, allowed: Sequence[str], what: str) -> dict[str, Any]:
    """``body`` as a JSON object with no field outside ``allowed``."""
    if not isinstance(body, dict):
        raise bad("bad_body", f"{what} must be a JSON object, got {type(body).__name__}")
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise bad(
            "unknown_field",
            f"unknown field {unknown[0]!r} in {what}; expected {', '.join(allowed)}",
        )
    return body


# ---- boards ----


def board_json(layout_name: str, seed_text: object, *, order: bool = False) -> dict[str, Any]:
    """The board of a layout and seed: every slot with its position and face; the
    construction path (``removal_order``, a solution) only when ``order`` is asked for."""
    layout = layout_of(layout_name)
    board = engine.deal(layout, seed_of(seed_text))
    data = board.to_dict()
    data["key"] = layout_key(layout.name)
    if not order:
        del data["removal_order"]
    return data


@cache
def _slot_prefixes(key: str) -> tuple[str, ...]:
    layout = builtin_layouts()[key]
    return tuple(
        f'{{"id":{i},"x":{x},"y":{y},"z":{z},"face":"' for i, (x, y, z) in enumerate(layout.slots)
    )


_FACE_ENDS: Final = (
    "",  # no face: never looked up, a dealt board has a face on every slot
    *(f'{tiles.code(kind)}","kind":{kind}}}' for kind in range(1, tiles.KINDS + 1)),
)


def board_text(layout_name: str, seed_text: object, *, order: bool = False, head: str = "") -> str:
    """:func:`board_json` as JSON text, written directly: the hot path of the board
    endpoints (several times faster than encoding the dict). ``head`` is put first inside
    the object (``"date":...,`` for the Daily).

    >>> import json
    >>> json.loads(board_text("tea house", 7, order=True)) == board_json("tea house", 7, order=True)
    True
    """
    layout = layout_of(layout_name)
    key = layout_key(layout.name)
    board = engine.deal(layout, seed_of(seed_text))
    slots = ",".join(
        prefix + _FACE_ENDS[face]
        for prefix, face in zip(_slot_prefixes(key), board.faces, strict=True)
    )
    tail = ""
    if order:
        tail = ',"removal_order":[' + ",".join(f"[{a},{b}]" for a, b in board.removal_order) + "]"
    name = json.dumps(layout.name)
    return f'{{{head}"layout":{name},"seed":{board.seed},"slots":[{slots}]{tail},"key":"{key}"}}'


def daily_text(date_text: str | None, *, order: bool = False) -> str:
    """:func:`daily_json` as JSON text (see :func:`board_text`)."""
    date = date_of(date_text) if date_text is not None else datetime.date.today().isoformat()
    return board_text("turtle", daily_seed(date), order=order, head=f'"date":"{date}",')


def daily_json(date_text: str | None, *, order: bool = False) -> dict[str, Any]:
    """The Daily Challenge board of a date (the server's local date when not given)."""
    date = date_of(date_text) if date_text is not None else datetime.date.today().isoformat()
    data = board_json("turtle", daily_seed(date), order=order)
    return {"date": date, **data}


def boards_range(layout_name: str, seeds_text: str) -> tuple[Layout, range]:
    """Check a streamed range request: a layout and at most :data:`MAX_RANGE` seeds."""
    layout = layout_of(layout_name)
    try:
        seeds = parse_seeds(seeds_text)
    except ValueError as error:
        raise bad("bad_seeds", str(error)) from None
    if len(seeds) > MAX_RANGE:
        raise bad(
            "range_too_large",
            f"{len(seeds)} seeds asked for; one request streams at most {MAX_RANGE:,} "
            "(split the range, or use `mahjongkit batch`)",
        )
    return layout, seeds


def board_lines(layout: Layout, seeds: range, start: int, stop: int) -> str:
    """JSON Lines for ``seeds[start:stop]``, one ``{"layout", "seed", "faces"}`` a line
    (faces as kinds, the format of ``mahjongkit batch --format jsonl``).

    >>> layout, seeds = boards_range("tea house", "4:6")
    >>> [line[:40] for line in board_lines(layout, seeds, 0, 2).splitlines()]
    ['{"layout":"Tea House","seed":4,"faces":[', '{"layout":"Tea House","seed":5,"faces":[']
    """
    part = seeds[start:stop]
    faces = batch(layout, part, threads=1)
    name = f'{{"layout":"{layout.name}","seed":'
    return "".join(
        f'{name}{seed},"faces":[{",".join(map(str, row))}]}}\n'
        for seed, row in zip(part, faces.tolist(), strict=True)
    )


def stream_boards(layout: Layout, seeds: range) -> Iterator[str]:
    """The chunks of a streamed range, :data:`STREAM_CHUNK` boards each."""
    for start in range(0, len(seeds), STREAM_CHUNK):
        yield board_lines(layout, seeds, start, start + STREAM_CHUNK)


# ---- solving a position ----


def face_of(value: object, slot: int) -> int:
    """A face from JSON: a code (``"5m"``), a kind (1-42), or ``null``/``0``/``""`` for none."""
    if value is None or value == 0 or value == "":
        return 0
    if isinstance(value, str):
        try:
            return tiles.from_code(value)
        except ValueError:
            raise bad("bad_face", f"slot {slot}: unknown tile code {value!r}") from None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= tiles.KINDS:
        return value
    raise bad("bad_face", f"slot {slot}: a face is a tile code or a kind 1-42, got {value!r}")


def position_of(layout: Layout, faces: object, present: object) -> list[int]:
    """The face on every slot (0 when empty) from a request's ``faces`` and ``present``."""
    if not isinstance(faces, list):
        raise bad("bad_faces", "faces must be a list with one face (or null) per slot")
    if len(faces) != layout.size:
        raise bad(
            "bad_faces",
            f"{layout.name} has {layout.size} slots, so faces needs {layout.size} entries, "
            f"got {len(faces)}",
        )
    position = [face_of(value, slot) for slot, value in enumerate(faces)]
    if present is None:
        return position
    if not isinstance(present, list):
        raise bad("bad_present", "present must be a list of slot ids")
    on_board = set()
    for slot in present:
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < layout.size:
            raise bad("bad_present", f"present: {slot!r} is not a slot id (0 to {layout.size - 1})")
        if not position[slot]:
            raise bad("bad_present", f"present: slot {slot} has no face in faces")
        on_board.add(slot)
    return [face if slot in on_board else 0 for slot, face in enumerate(position)]


def solve_json(body: object) -> dict[str, Any]:
    """Solve a position: ``{"layout", "faces", "present"?, "max_seconds"?}`` -> the verdict,
    a solution (slot pairs in order) when solvable, the search's cost and the reason."""
    data = check_fields(body, ("layout", "faces", "present", "max_seconds"), "the solve request")
    if "layout" not in data or "faces" not in data:
        raise bad("missing_field", "the solve request needs layout and faces")
    layout = layout_of(data["layout"])
    position = position_of(layout, data["faces"], data.get("present"))
    seconds = data.get("max_seconds", DEFAULT_SOLVE_SECONDS)
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 < seconds <= MAX_SOLVE_SECONDS
    ):
        raise bad(
            "bad_budget",
            f"max_seconds must be a number above 0 and at most {MAX_SOLVE_SECONDS}, "
            f"got {seconds!r}",
        )
    try:
        engine.pair_faces([face for face in position if face])
    except ValueError as error:
        raise bad("unpaired_faces", f"the position cannot be cleared as given: {error}") from None
    result = solve(layout, position, max_seconds=float(seconds))
    return {
        "layout": layout.name,
        "verdict": result.verdict.value,
        "solution": [list(pair) for pair in result.solution],
        "nodes": result.nodes,
        "seconds": round(result.seconds, 6),
        "reason": result.reason,
    }


# ---- games ----


def result_json(result: GameResult) -> dict[str, Any]:
    """The result view: outcome, time and counters, never the board or a solution."""
    return {
        "layout": result.layout,
        "seed": result.seed,
        "outcome": result.outcome,
        "seconds": round(result.seconds, 3),
        "moves": result.moves,
        "undos": result.undos,
        "shuffles": result.shuffles,
        "hints": result.hints,
        "tiles_left": result.tiles_left,
    }


def game_json(game_id: str, game: Game, daily: str | None) -> dict[str, Any]:
    """What the page draws: faces, free tiles, pairs to take, status, counters, time, and
    how many tiles block each blocked tile."""
    free = game.free_slots()
    pairs = game.available_pairs()
    status = Status.WON if not game.tiles_left else Status.PLAYING if pairs else Status.STUCK
    counters = game.counters
    return {
        "id": game_id,
        "layout": game.layout.name,
        "key": layout_key(game.layout.name),
        "seed": game.seed,
        "seed_text": str(game.seed),
        "daily": daily,
        "faces": [tiles.code(face) if face else None for face in game.faces],
        "free": list(free),
        "blocked_by": blocking_counts(game.layout, game.present),
        "pairs": len(pairs),
        "tiles_left": game.tiles_left,
        "status": status.value,
        "counters": {
            "moves": counters.moves,
            "undos": counters.undos,
            "redos": counters.redos,
            "shuffles": counters.shuffles,
            "hints": counters.hints,
        },
        "elapsed": round(game.elapsed, 3),
        "can_undo": bool(game.history),
        "can_redo": bool(game.redo_stack),
        "result": result_json(game.result()) if status is not Status.PLAYING else None,
    }


def new_game(body: object, *, solver_seconds: float) -> tuple[Game, str | None]:
    """A game from ``{"layout", "seed"}``, ``{"daily": date}`` or ``{"save": saved game}``."""
    from mahjongkit.solitaire.save import SaveError, from_dict

    data = check_fields(body, ("layout", "seed", "daily", "save"), "the new game request")
    if "save" in data:
        if "layout" in data or "seed" in data:
            raise bad("conflicting_fields", "give save alone (with daily for a Daily game)")
        saved = data["save"]
        if isinstance(saved, dict) and isinstance(saved.get("layout"), str):
            layout_of(saved["layout"])  # only the built-in layouts are served
        try:
            game = from_dict(saved, solver_seconds=solver_seconds)
        except SaveError as error:
            raise bad("bad_save", str(error)) from None
        daily = date_of(data["daily"]) if "daily" in data else None
        return _on_cached_layout(game), daily
    if "daily" in data:
        if "seed" in data or "layout" in data:
            raise bad("conflicting_fields", "the Daily Challenge is the Turtle: give daily alone")
        date = date_of(data["daily"])
        layout, seed = layout_of("turtle"), daily_seed(date)
    else:
        import secrets

        layout = layout_of(data.get("layout", "turtle"))
        seed = seed_of(data["seed"]) if "seed" in data else secrets.randbits(64)
        date = None
    board = engine.deal(layout, seed)
    return Game.from_board(board, solver_seconds=solver_seconds), date


def _on_cached_layout(game: Game) -> Game:
    # A loaded game holds a freshly parsed Layout; the cached one keeps its compiled geometry.
    from dataclasses import replace

    cached = layout_of(game.layout.name)
    if game.board.layout is not cached:
        game.board = replace(game.board, layout=cached)
    return game


def slot_of(value: object, game: Game, what: str = "slot") -> int:
    """A slot id of the game's layout (a 400 names it otherwise)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    size = game.layout.size
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise bad("bad_slot", f"{what} must be a slot id from 0 to {size - 1}, got {value!r}")
    return value


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """A refused action: its code, the reason in words, the slots it is about."""
    return {"code": refusal.code.value, "reason": refusal.reason, "slots": list(refusal.slots)}


def move_json(move: Move) -> dict[str, Any]:
    """A pair removed and what it unlocked (Learn Mode) and whether it was a dead end."""
    return {
        "pair": [move.first, move.second],
        "faces": [tiles.code(face) for face in move.faces],
        "newly_free": list(move.unlock.newly_free),
        "newly_uncovered": list(move.unlock.newly_uncovered),
        "unlocked": str(move.unlock),
        "dead_end": move.dead_end,
    }


def action_json(action: Move | Shuffle) -> dict[str, Any]:
    """An action undone or redone."""
    if isinstance(action, Move):
        return {"kind": "move", **move_json(action)}
    return {"kind": "shuffle", "shuffle": action.kind.value, "index": action.index}


def explain_json(explanation: Explanation) -> dict[str, Any]:
    """Learn Mode's answer for one tile: its state, the blockers and the sentence."""
    return {
        "slot": explanation.slot,
        "position": list(explanation.position),
        "state": explanation.state.value,
        "free": explanation.free,
        "covered_by": list(explanation.covered_by_all),  # every cover, as the page marks
        "nearest_cover": list(explanation.nearest_cover),
        "left": list(explanation.left),
        "right": list(explanation.right),
        "sentence": str(explanation),
    }


def play(game: Game, action: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """Run one game action on ``game`` (already found) and say what happened.

    ``action`` is ``move`` (``{"a", "b"}``), ``undo``, ``redo``, ``hint``, ``shuffle``
    (``{"kind"}``: solvable or classic) or ``replay``.
    """
    if action == "move":
        data = check_fields(body, ("a", "b"), "a move")
        if "a" not in data or "b" not in data:
            raise bad("missing_field", "a move needs the two slot ids a and b")
        outcome = game.remove(slot_of(data["a"], game, "a"), slot_of(data["b"], game, "b"))
        if isinstance(outcome, Refusal):
            return {"refusal": refusal_json(outcome)}
        assert isinstance(outcome, Move)
        return {"move": move_json(outcome)}
    check_fields(body, ("kind",) if action == "shuffle" else (), f"the {action} request")
    if action in ("undo", "redo"):
        done = game.undo() if action == "undo" else game.redo()
        if isinstance(done, Refusal):
            return {"refusal": refusal_json(done)}
        return {action: action_json(done)}
    if action == "hint":
        hint = game.hint()
        if hint is None:
            return {"hint": None}
        return {"hint": {"pair": list(hint.pair), "keeps_winnable": hint.keeps_winnable}}
    if action == "shuffle":
        kind = body.get("kind", ShuffleKind.SOLVABLE.value)
        if kind not in [k.value for k in ShuffleKind]:
            raise bad("bad_shuffle", f"unknown shuffle {kind!r}: use solvable or classic")
        shuffled = game.shuffle(kind)
        if isinstance(shuffled, Refusal):
            return {"refusal": refusal_json(shuffled)}
        assert isinstance(shuffled, Shuffle)
        return {"shuffle": {"kind": shuffled.kind.value, "index": shuffled.index}}
    if action == "replay":
        game.replay()
        return {}
    raise ApiError(404, "unknown_action", f"unknown game action {action!r}")


ACTIONS: Final = ("move", "undo", "redo", "hint", "shuffle", "replay")
