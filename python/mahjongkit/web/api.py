"""The JSON API's rules, apart from the web framework: inputs checked, the engine asked, dicts out.

Every function here takes plain decoded JSON (or query text) and returns what the endpoint
sends; bad input raises :class:`ApiError` with an HTTP status, a short code and a sentence
that names the problem. The engine stays the authority: moves, refusals, hints,
explanations and shuffles are the :class:`~mahjongkit.solitaire.game.Game`'s own answers.

>>> board = board_json("tea house", "7")
>>> board["layout"], board["seed"], len(board["slots"]), "removal_order" in board
('Tea House', '7', 36, False)
>>> board_json("dragon", "1")
Traceback (most recent call last):
mahjongkit.web.api.ApiError: unknown layout 'dragon'; known layouts: tea-house, ...
>>> board_json("turtle", "-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
mahjongkit.web.api.ApiError: seed must be an integer from 0 to 2**64 - 1 (...), got '-1'

Seeds go out as strings everywhere (a JavaScript number rounds above 2**53) and come in as
strings or exact JSON integers, all read by :func:`~mahjongkit.solitaire.seeds.seed_of`.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from mahjongkit import tiles
from mahjongkit._echo import shown
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
MAX_MESSAGE: Final = 300
"""An error message is cut to this many characters (bad input is echoed only in part)."""


class ApiError(Exception):
    """A request the API cannot serve: HTTP ``status``, a short ``code`` and a sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        if len(message) > MAX_MESSAGE:  # never the whole of a long input sent back
            message = message[: MAX_MESSAGE - 3] + "..."
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
        raise ApiError(status, "bad_layout", f"layout must be a name, got {shown(name)}")
    found = builtin_layouts().get(layout_key(name))
    if found is None:
        known = ", ".join(builtin_layouts())
        raise ApiError(
            status, "unknown_layout", f"unknown layout {shown(name)}; known layouts: {known}"
        )
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
    """A seed from JSON (a string, or an exact integer) or query text, by the one seed rule
    (:mod:`mahjongkit.solitaire.seeds`: decimal or ``0x`` hex, 0 to 2**64 - 1).

    >>> seed_of("0x10"), seed_of(5), seed_of("18446744073709551615")
    (16, 5, 18446744073709551615)
    """
    try:
        return parse_seed_value(value, what)
    except ValueError as error:
        raise bad("bad_seed", str(error)) from None


def date_of(value: object) -> str:
    """An ISO date ``YYYY-MM-DD`` (the Daily Challenge's)."""
    if not isinstance(value, str) or len(value) > 10:
        raise bad("bad_date", f"a date is written YYYY-MM-DD, got {shown(value)}")
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
    raise bad("bad_flag", f"{what} must be true or false, got {shown(value)}")


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
            f"unknown field {shown(unknown[0])} in {what}; expected {', '.join(allowed)}",
        )
    return body


# ---- boards ----


def board_json(layout_name: str, seed_text: object, *, order: bool = False) -> dict[str, Any]:
    """The board of a layout and seed: every slot with its position and face; the
    construction path (``removal_order``, a solution) only when ``order`` is asked for."""
    layout = layout_of(layout_name)
    board = engine.deal(layout, seed_of(seed_text))
    data = board.to_dict()
    data["seed"] = str(board.seed)
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
    return f'{{{head}"layout":{name},"seed":"{board.seed}","slots":[{slots}]{tail},"key":"{key}"}}'


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
    """Check a streamed range request: a layout and at most :data:`MAX_RANGE` seeds.

    >>> boards_range("turtle", "5: 3")[1]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mahjongkit.web.api.ApiError: bad seed range '5: 3': a '+' in a URL reads as a space, ... 5:%2B3
    """
    layout = layout_of(layout_name)
    try:
        if len(seeds_text) > 100:
            raise ValueError(f"bad seed range {shown(seeds_text)}: write A:B, A:+N or A")
        seeds = parse_seeds(seeds_text)
    except ValueError as error:
        message = str(error)
        spaced = re.fullmatch(r"\s*(\w+):\s+(\w+)\s*", seeds_text)
        if spaced:
            start, count = spaced.groups()
            message = (
                f"bad seed range {seeds_text!r}: a '+' in a URL reads as a space, so write "
                f"{start}:%2B{count}"
            )
        raise bad("bad_seeds", message) from None
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
    ['{"layout":"Tea House","seed":"4","faces"', '{"layout":"Tea House","seed":"5","faces"']
    """
    part = seeds[start:stop]
    faces = batch(layout, part, threads=1)
    name = f'{{"layout":"{layout.name}","seed":"'
    return "".join(
        f'{name}{seed}","faces":[{",".join(map(str, row))}]}}\n'
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
            raise bad("bad_face", f"slot {slot}: unknown tile code {shown(value)}") from None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= tiles.KINDS:
        return value
    raise bad("bad_face", f"slot {slot}: a face is a tile code or a kind 1-42, got {shown(value)}")


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
            raise bad(
                "bad_present", f"present: {shown(slot)} is not a slot id (0 to {layout.size - 1})"
            )
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
            f"got {shown(seconds)}",
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
        "seed": str(result.seed),
        "outcome": result.outcome,
        "seconds": round(result.seconds, 3),
        "moves": result.moves,
        "undos": result.undos,
        "shuffles": result.shuffles,
        "hints": result.hints,
        "tiles_left": result.tiles_left,
    }


def is_builtin(layout: Layout) -> bool:
    """Whether ``layout`` is the server's own built-in layout object (games on built-in
    layouts share it; an imported layout is a game's own)."""
    return builtin_layouts().get(layout_key(layout.name)) is layout


def game_key(layout: Layout) -> str:
    """The key a game's layout goes by: the built-in's, or ``custom-...`` for an imported
    one (never mistaken for a built-in of the same name)."""
    key = layout_key(layout.name)
    return key if is_builtin(layout) else f"custom-{key}"


def game_json(game_id: str, game: Game, daily: str | None) -> dict[str, Any]:
    """What the page draws: faces, free tiles, pairs to take, status, counters, time, and
    how many tiles block each blocked tile; an imported layout comes along (``layout_data``)
    since the page cannot look it up."""
    free = game.free_slots()
    pairs = game.available_pairs()
    status = Status.WON if not game.tiles_left else Status.PLAYING if pairs else Status.STUCK
    counters = game.counters
    return {
        "id": game_id,
        "layout": game.layout.name,
        "key": game_key(game.layout),
        "layout_data": None if is_builtin(game.layout) else layout_json(game.layout),
        "seed": str(game.seed),
        "seed_text": str(game.seed),
        "daily": daily,
        "faces": [tiles.code(face) if face else None for face in game.faces],
        "free": list(free),
        "blocked_by": blocking_counts(game.layout, game.present),
        "pairs": len(pairs),
        "tiles_left": game.tiles_left,
        "status": status.value,
        "counters": counters.to_json(),
        "elapsed": round(game.elapsed, 3),
        "paused": game.paused,
        "can_undo": bool(game.history),
        "can_redo": bool(game.redo_stack),
        "result": result_json(game.result()) if status is not Status.PLAYING else None,
    }


@dataclass(frozen=True)
class Restored:
    """What a request for a game gave: the game, its Daily date, and the actions it had
    already used (a restored game keeps its allowance)."""

    game: Game
    daily: str | None = None
    actions: int = 0


def new_game(
    body: object,
    *,
    solver_seconds: float,
    save_key: bytes | None = None,
    max_actions: int | None = None,
) -> Restored:
    """A game from ``{"layout", "seed"?, "slots"?}``, ``{"daily": date}`` or
    ``{"save": a save this server signed}``.

    A save is checked before it is replayed: its signature (HMAC under ``save_key``: a
    client cannot make one, so a forged save costs one pass over its bytes), then its
    length (history and redo within ``max_actions``); it comes back with the actions it
    had used. ``slots`` (``[[x, y, z], ...]``) plays an imported layout named ``layout``.
    """
    data = check_fields(body, ("layout", "seed", "daily", "save", "slots"), "the new game request")
    if "save" in data:
        if set(data) - {"save", "daily"}:
            raise bad("conflicting_fields", "give save alone")
        return _restore(data["save"], data.get("daily"), solver_seconds, save_key, max_actions)
    if "daily" in data:
        if set(data) - {"daily"}:
            raise bad("conflicting_fields", "the Daily Challenge is the Turtle: give daily alone")
        date = date_of(data["daily"])
        layout, seed = layout_of("turtle"), daily_seed(date)
    else:
        import secrets

        if "slots" in data:
            layout = custom_layout(data.get("layout"), data["slots"])
        else:
            layout = layout_of(data.get("layout", "turtle"))
        seed = seed_of(data["seed"]) if "seed" in data else secrets.randbits(64)
        date = None
    try:
        board = engine.deal(layout, seed)
    except ValueError as error:  # a layout that cannot be dealt (DealError)
        raise bad("cannot_deal", str(error)) from None
    return Restored(Game.from_board(board, solver_seconds=solver_seconds), date)


def _restore(
    saved: object,
    daily: object,
    solver_seconds: float,
    save_key: bytes | None,
    max_actions: int | None,
) -> Restored:
    from mahjongkit.solitaire.save import SaveError, from_dict, verify

    if not isinstance(saved, dict):
        raise bad("bad_save", "not a saved game: the save must be a JSON object")
    try:
        if save_key is not None:
            verify(saved, save_key)
    except SaveError as error:
        raise bad("bad_save", str(error)) from None
    if save_key is not None:
        # Signed, the Daily date is the save's own; a body's daily must agree with it.
        if daily is not None and daily != saved.get("daily"):
            raise bad("conflicting_fields", "daily must be the save's own date")
        daily = saved.get("daily")
    used = saved.get("actions", 0)
    if isinstance(used, bool) or not isinstance(used, int) or used < 0:
        raise bad("bad_save", f"actions must be a count, got {shown(used)}")
    length = sum(
        len(steps) for steps in (saved.get("history"), saved.get("redo")) if isinstance(steps, list)
    )
    if max_actions is not None and max(length, used) > max_actions:
        raise bad(
            "bad_save",
            f"the save holds {max(length, used)} actions, more than a game may have "
            f"({max_actions})",
        )
    if "slots" not in saved and isinstance(saved.get("layout"), str):
        layout_of(saved["layout"])  # a layout without its slots must be a built-in one
    try:
        game = from_dict(saved, solver_seconds=solver_seconds)
    except SaveError as error:
        raise bad("bad_save", str(error)) from None
    return Restored(_on_cached_layout(game), date_of(daily) if daily is not None else None, used)


def custom_layout(name: object, slots: object) -> Layout:
    """An imported layout from its name and slots (``[[x, y, z], ...]``), checked as any
    layout is."""
    from mahjongkit.solitaire.layout import LayoutError

    if name is None:
        name = "Imported layout"
    if not isinstance(name, str) or not 0 < len(name) <= 80:
        raise bad("bad_layout", f"a layout's name is 1 to 80 characters, got {shown(name)}")
    if not isinstance(slots, list) or not all(
        isinstance(slot, list) and len(slot) == 3 for slot in slots
    ):
        raise bad("bad_slots", "slots must be a list of [x, y, z] (half-tile units)")
    try:
        return Layout.from_slots([tuple(slot) for slot in slots], name=name)
    except (LayoutError, ValueError, TypeError) as error:
        raise bad("bad_layout", str(error)) from None


def layout_from_text(text: object, name: object = None) -> Layout:
    """The layout in a layout file's text: the one function the import endpoint calls; it
    hands the text to :meth:`Layout.from_text`, so every format the engine reads from text
    (KMahjongg ``.layout`` v1.0 and v1.1, GNOME Mahjongg maps, ours) comes through.

    >>> layout_from_text("kmahjongg-layout-v1.1\\nw4\\nh2\\nd1\\n1212\\n4343\\n", "Two").size
    2
    """
    from mahjongkit.solitaire.layout import LayoutError

    if not isinstance(text, str) or not text.strip():
        raise bad("bad_layout_text", "text must be a layout file's text")
    if name is not None and (not isinstance(name, str) or not 0 < len(name) <= 80):
        raise bad("bad_layout", f"a layout's name is 1 to 80 characters, got {shown(name)}")
    try:
        return Layout.from_text(text, name=name if isinstance(name, str) else None)
    except (LayoutError, ValueError) as error:
        raise bad("bad_layout_text", f"not a layout this server reads: {error}") from None


def _on_cached_layout(game: Game) -> Game:
    # A loaded game holds a freshly parsed Layout; the cached one keeps its compiled geometry.
    from dataclasses import replace

    cached = builtin_layouts().get(layout_key(game.layout.name))
    if cached is not None and cached == game.layout and game.board.layout is not cached:
        game.board = replace(game.board, layout=cached)
    return game


def slot_of(value: object, game: Game, what: str = "slot") -> int:
    """A slot id of the game's layout (a 400 names it otherwise)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 8:
        value = int(value)  # ASCII only: '²' and '٣' are digits to str.isdigit, not slots
    size = game.layout.size
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise bad("bad_slot", f"{what} must be a slot id from 0 to {size - 1}, got {shown(value)}")
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
    (``{"kind"}``: solvable or classic), ``replay``, ``pause`` or ``resume`` (the clock
    stops until the next action or ``resume``: the page pauses it when hidden).
    """
    if action in ("pause", "resume"):
        check_fields(body, (), f"the {action} request")
        if action == "pause":
            game.pause()
        else:
            game.resume()
        return {}
    game.resume()
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
            raise bad("bad_shuffle", f"unknown shuffle {shown(kind)}: use solvable or classic")
        shuffled = game.shuffle(kind)
        if isinstance(shuffled, Refusal):
            return {"refusal": refusal_json(shuffled)}
        assert isinstance(shuffled, Shuffle)
        return {"shuffle": {"kind": shuffled.kind.value, "index": shuffled.index}}
    if action == "replay":
        game.replay()
        return {}
    raise ApiError(404, "unknown_action", f"unknown game action {shown(action)}")


ACTIONS: Final = ("move", "undo", "redo", "hint", "shuffle", "replay", "pause", "resume")
FREE_ACTIONS: Final = ("pause", "resume")
"""Actions that keep nothing and cost nothing, so they do not count against a game's
allowance (a page pauses and resumes each time it is hidden and shown)."""
