"""Saving and loading a game as JSON: the layout, the seed, the actions, the counters.

The file holds what happened, not the board: the deal of ``(layout, seed)`` replayed with
the moves and shuffles (each shuffle by its kind and index, which seed it) gives back exactly
the same position, history and redo list. A ``check`` field (SHA-256 of the rest) catches
truncated, corrupted or hand-edited files; it is an integrity check, not a signature, and
the replay itself refuses any illegal action. Every problem raises :class:`SaveError` naming
it, and loading builds a new game, so the game you hold is never touched.

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
import json
from typing import Any

from mahjongkit.solitaire.game import (
    Action,
    Counters,
    Game,
    Move,
    Refusal,
    Shuffle,
    ShuffleKind,
)
from mahjongkit.solitaire.layout import LayoutError

FORMAT = "mahjongkit-solitaire-game"
VERSION = 1


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message says what is wrong."""


def _action_record(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"move": [action.first, action.second]}
    return {"shuffle": action.kind.value, "index": action.index}


def _digest(payload: dict[str, Any]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def to_dict(game: Game) -> dict[str, Any]:
    """The saved form as a dict (see the module docstring)."""
    counters = game.counters
    payload: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "layout": game.layout.name,
        "seed": game.seed,
        "history": [_action_record(action) for action in game.history],
        "redo": [_action_record(action) for action in game.redo_stack],
        "counters": {
            "moves": counters.moves,
            "undos": counters.undos,
            "redos": counters.redos,
            "shuffles": counters.shuffles,
            "hints": counters.hints,
        },
        "elapsed": round(game.elapsed, 3),
    }
    payload["check"] = _digest(payload)
    return payload


def dumps(game: Game) -> str:
    """The game as JSON text."""
    return json.dumps(to_dict(game), indent=1)


def _int(value: Any, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SaveError(f"{what} must be an integer >= {low}, got {value!r}")
    return value


def _replay(game: Game, record: Any, where: str) -> Action:
    if not isinstance(record, dict):
        raise SaveError(f"{where} must be an object, got {record!r}")
    outcome: Action | Refusal
    if set(record) == {"move"}:
        pair = record["move"]
        if not (isinstance(pair, list) and len(pair) == 2):
            raise SaveError(f"{where}: a move is a list of two slot ids, got {pair!r}")
        outcome = game.remove(_int(pair[0], f"{where} slot"), _int(pair[1], f"{where} slot"))
    elif set(record) == {"shuffle", "index"}:
        try:
            kind = ShuffleKind(record["shuffle"])
        except ValueError:
            raise SaveError(f"{where}: unknown shuffle {record['shuffle']!r}") from None
        outcome = game._shuffle_at(kind, _int(record["index"], f"{where} index"))
    else:
        raise SaveError(f"{where}: expected a move or a shuffle, got keys {sorted(record)}")
    if isinstance(outcome, Refusal):
        raise SaveError(f"{where} cannot be replayed: {outcome.reason}")
    return outcome


def from_dict(data: Any, **options: Any) -> Game:
    """A game from :func:`to_dict`'s form; :class:`SaveError` when anything is wrong."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a saved game: format is {data.get('format')!r}, not {FORMAT!r}")
    if data.get("version") != VERSION:
        raise SaveError(f"unsupported version {data.get('version')!r} (this reads {VERSION})")
    expected = {"format", "version", "layout", "seed", "history", "redo", "counters", "elapsed"}
    missing = sorted((expected | {"check"}) - set(data))
    if missing:
        raise SaveError(f"the saved game lacks {', '.join(missing)}")
    payload = {key: data[key] for key in expected}
    if _digest(payload) != data["check"]:
        raise SaveError("the saved game was changed or corrupted: its check does not match")
    if not isinstance(data["layout"], str):
        raise SaveError(f"layout must be a name, got {data['layout']!r}")
    seed = _int(data["seed"], "seed")
    for name in ("history", "redo"):
        if not isinstance(data[name], list):
            raise SaveError(f"{name} must be a list")
    counters = data["counters"]
    if not isinstance(counters, dict) or set(counters) != {
        "moves",
        "undos",
        "redos",
        "shuffles",
        "hints",
    }:
        raise SaveError("counters must hold moves, undos, redos, shuffles and hints")
    elapsed = data["elapsed"]
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or elapsed < 0:
        raise SaveError(f"elapsed must be seconds >= 0, got {elapsed!r}")
    check_dead_ends = bool(options.pop("check_dead_ends", True))
    try:
        game = Game.new(data["layout"], seed, check_dead_ends=False, **options)
    except (LayoutError, ValueError) as error:
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


def loads(text: str, **options: Any) -> Game:
    """A game from :func:`dumps`'s text (options as for :meth:`Game.new`)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveError(f"not a saved game: the JSON is invalid or cut short ({error})") from None
    return from_dict(data, **options)
