"""Saving and loading a game as JSON: the layout, the seed, the actions, the counters.

The file holds what happened, not the board: the deal of ``(layout, seed)`` replayed with
the moves and shuffles (each shuffle by its kind and index, which seed it) gives back exactly
the same position, history and redo list; a layout that is not built in is saved with its
slots, so a game on a custom layout loads too. The seed is written as a string (version 2;
version 1's integer is still read): a JavaScript client rounds integers above 2**53. A
``check`` field (SHA-256 of the rest) catches truncated, corrupted or hand-edited files; it
is an integrity check, not a signature (anyone can compute it), and the replay itself
refuses any illegal action. A server that hands saves to clients signs them with a key only
it holds (:func:`sign`, :func:`verify`, HMAC-SHA256) and trusts no save it did not sign.
Every problem raises :class:`SaveError` naming it, and loading builds a new game, so the
game you hold is never touched.

>>> from mahjongkit.solitaire.game import Game
>>> game = Game.new("tea house", seed=2, clock=lambda: 0.0)
>>> a, b = game.available_pairs()[0]
>>> _ = game.remove(a, b)
>>> again = loads(dumps(game))
>>> again.faces == game.faces, again.counters == game.counters
(True, True)
>>> loads(dumps(game)[:-10])
Traceback (most recent call last):
mahjongkit.solitaire.save.SaveError: not a saved game: the JSON is invalid or cut short (...)
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from mahjongkit._echo import shown
from mahjongkit._files import read_file_bytes
from mahjongkit.solitaire.game import (
    Action,
    Counters,
    Game,
    Move,
    Refusal,
    Shuffle,
    ShuffleKind,
)
from mahjongkit.solitaire.layout import Layout, LayoutError, get_layout
from mahjongkit.solitaire.seeds import seed_of

FORMAT = "mahjongkit-solitaire-game"
VERSION = 2
"""Version 2 writes the seed as a string; version 1 (an integer seed) is still read."""
_READS = (1, 2)
MAX_BYTES = 16 << 20
"""The largest save file read (a finished Turtle game is a few kilobytes)."""
_MAX_COUNT = 2**63 - 1
"""Counters, slots and shuffle indices above this are not from a real game."""


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message says what is wrong."""


def _action_record(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"move": [action.first, action.second]}
    return {"shuffle": action.kind.value, "index": action.index}


def _canonical(payload: dict[str, Any]) -> bytes:
    """The bytes a check or signature covers: sorted keys, no spaces, ASCII, and ``elapsed``
    as a float, so that a client's JSON round trip (``12.0`` read back as ``12``) keeps it."""
    elapsed = payload.get("elapsed")
    if isinstance(elapsed, int) and not isinstance(elapsed, bool) and abs(elapsed) < 10**15:
        payload = {**payload, "elapsed": float(elapsed)}
    try:
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    except (RecursionError, ValueError, TypeError):
        raise SaveError("not a saved game: it cannot be written back as JSON") from None
    return text.encode("ascii")


def _digest(payload: dict[str, Any]) -> str:
    return hashlib.sha256(_canonical(payload)).hexdigest()


def sign(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``data`` (a saved game, with anything the signer adds) with a ``signature``:
    HMAC-SHA256 under ``key`` of everything else.

    >>> signed = sign({"seed": "7", "elapsed": 12.0}, b"k" * 32)
    >>> verify({**signed, "elapsed": 12}, b"k" * 32)  # a JSON round trip keeps it valid
    >>> verify({**signed, "seed": "8"}, b"k" * 32)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mahjongkit.solitaire.save.SaveError: the save was not signed by this server (or ...)
    """
    unsigned = {name: value for name, value in data.items() if name != "signature"}
    mac = hmac.new(key, _canonical(unsigned), hashlib.sha256).hexdigest()
    return {**unsigned, "signature": mac}


def verify(data: object, key: bytes) -> None:
    """Nothing when ``data`` carries a valid :func:`sign` signature under ``key``; else
    :class:`SaveError`. Costs one pass over the data, before anything is replayed."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game: the top level must be a JSON object")
    given = data.get("signature")
    if not isinstance(given, str):
        raise SaveError("the save carries no signature: only saves this server made are restored")
    expected = sign(data, key)["signature"]
    if not hmac.compare_digest(given.encode("ascii", "replace"), expected.encode("ascii")):
        raise SaveError("the save was not signed by this server (or was changed since)")


def to_dict(game: Game) -> dict[str, Any]:
    """The saved form as a dict (see the module docstring)."""
    counters = game.counters
    payload: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "layout": game.layout.name,
        "seed": str(game.seed),
        "history": [_action_record(action) for action in game.history],
        "redo": [_action_record(action) for action in game.redo_stack],
        "counters": counters.to_json(),
        "elapsed": round(game.elapsed, 3),
    }
    if not _is_builtin(game.layout):
        payload["slots"] = [list(slot) for slot in game.layout.slots]
    payload["check"] = _digest(payload)
    return payload


def _is_builtin(layout: Layout) -> bool:
    try:
        return get_layout(layout.name) == layout
    except LayoutError:
        return False


def dumps(game: Game) -> str:
    """The game as JSON text."""
    return json.dumps(to_dict(game), indent=1)


def _int(value: Any, what: str, low: int = 0, high: int = _MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(f"{what} must be an integer from {low} to {high}, got {shown(value)}")
    return value


def _replay(game: Game, record: Any, where: str) -> Action:
    if not isinstance(record, dict):
        raise SaveError(f"{where} must be an object, got {shown(record)}")
    outcome: Action | Refusal
    if set(record) == {"move"}:
        pair = record["move"]
        if not (isinstance(pair, list) and len(pair) == 2):
            raise SaveError(f"{where}: a move is a list of two slot ids, got {shown(pair)}")
        outcome = game.remove(_int(pair[0], f"{where} slot"), _int(pair[1], f"{where} slot"))
    elif set(record) == {"shuffle", "index"}:
        try:
            kind = ShuffleKind(record["shuffle"])
        except ValueError:
            raise SaveError(f"{where}: unknown shuffle {shown(record['shuffle'])}") from None
        # The index seeds the shuffle's stream, 1 + index, which is below 2**64.
        index = _int(record["index"], f"{where} index", high=2**64 - 2)
        outcome = game._shuffle_at(kind, index)
    else:
        raise SaveError(
            f"{where}: expected a move or a shuffle, got keys {shown(sorted(record), 60)}"
        )
    if isinstance(outcome, Refusal):
        raise SaveError(f"{where} cannot be replayed: {outcome.reason}")
    return outcome


def from_dict(data: Any, **options: Any) -> Game:
    """A game from :func:`to_dict`'s form; :class:`SaveError` when anything is wrong."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a saved game: format is {shown(data.get('format'))}, not {FORMAT!r}")
    if data.get("version") not in _READS:
        raise SaveError(
            f"unsupported version {shown(data.get('version'))} (this reads 1 and {VERSION})"
        )
    expected = {"format", "version", "layout", "seed", "history", "redo", "counters", "elapsed"}
    missing = sorted((expected | {"check"}) - set(data))
    if missing:
        raise SaveError(f"the saved game lacks {', '.join(missing)}")
    if "slots" in data:
        expected.add("slots")
    payload = {key: data[key] for key in expected}
    if _digest(payload) != data["check"]:
        raise SaveError("the saved game was changed or corrupted: its check does not match")
    if not isinstance(data["layout"], str):
        raise SaveError(f"layout must be a name, got {shown(data['layout'])}")
    try:  # version 2 writes a string; an exact integer (version 1) is read alike
        seed = seed_of(data["seed"])
    except ValueError as error:
        raise SaveError(str(error)) from None
    for name in ("history", "redo"):
        if not isinstance(data[name], list):
            raise SaveError(f"{name} must be a list")
    counters = data["counters"]
    if not isinstance(counters, dict) or set(counters) != set(Counters().to_json()):
        raise SaveError("counters must hold moves, undos, redos, shuffles and hints")
    elapsed = data["elapsed"]
    # A range test, not math.isfinite (which overflows on 10**400): NaN and inf fail it too.
    if (
        isinstance(elapsed, bool)
        or not isinstance(elapsed, (int, float))
        or not 0 <= elapsed < 1e12
    ):
        raise SaveError(f"elapsed must be seconds from 0 to 10**12, got {shown(elapsed)}")
    check_dead_ends = bool(options.pop("check_dead_ends", True))
    try:
        layout: Layout | str = data["layout"]
        if "slots" in data:
            if not isinstance(data["slots"], list):
                raise SaveError("slots must be a list of [x, y, z]")
            layout = Layout.from_slots(data["slots"], name=data["layout"])
        game = Game.new(layout, seed, check_dead_ends=False, **options)
    except (LayoutError, ValueError) as error:
        if isinstance(error, SaveError):
            raise
        raise SaveError(f"cannot deal the saved board: {error}") from None
    for step, record in enumerate(data["history"]):
        _replay(game, record, f"history step {step + 1}")
    # The redo list: play it forward (last undone first), then take it back again.
    redo = data["redo"]
    for step, record in enumerate(reversed(redo)):
        _replay(game, record, f"redo step {len(redo) - step}")
    for _ in redo:
        game.undo()
    game.counters = Counters(**{key: _int(value, key) for key, value in counters.items()})
    if game.counters.shuffles < sum(1 for a in game.history if isinstance(a, Shuffle)):
        raise SaveError("counters say fewer shuffles than the history holds")
    game._timer.restart(carried=float(elapsed))
    if game.tiles_left == 0:
        game._timer.stop()
    game.check_dead_ends = check_dead_ends
    return game


def _no_constant(name: str) -> Any:
    raise SaveError(f"not a saved game: {name} is not a number JSON allows")


def loads(text: str | bytes, **options: Any) -> Game:
    """A game from :func:`dumps`'s text (options as for :meth:`Game.new`).

    >>> loads(b"\\xff\\xfe")
    Traceback (most recent call last):
    mahjongkit.solitaire.save.SaveError: not a saved game: not UTF-8 text (byte 0)
    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    mahjongkit.solitaire.save.SaveError: not a saved game: the JSON is nested too deeply
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise SaveError(f"not a saved game: not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise TypeError(f"a saved game is str or bytes, not {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SaveError(f"not a saved game: larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    except SaveError:
        raise
    except ValueError as error:  # JSONDecodeError, and integers of too many digits
        raise SaveError(f"not a saved game: the JSON is invalid or cut short ({error})") from None
    return from_dict(data, **options)


def load(path: str | Path, **options: Any) -> Game:
    """A game from a saved file; ``OSError`` if it cannot be read, else as :func:`loads`."""
    data = read_file_bytes(path, what="saved game", limit=MAX_BYTES, error=SaveError)
    return loads(data, **options)
