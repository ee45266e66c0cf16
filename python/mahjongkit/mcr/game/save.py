"""Saving and restoring a game: how it was started, every move since, and what a saved game
says about its ruleset (a name for the built-in ones, every field for any other, so a game
with a house ruleset restores to the very same scoring).

>>> from mahjongkit.mcr.scoring.ruleset import GB, Ruleset
>>> ruleset_to_json(GB), ruleset_from_json("gb") is GB
('gb', True)
>>> house = Ruleset(name="house", point_overrides={48: 7})
>>> ruleset_from_json(ruleset_to_json(house)) == house
True
>>> chosen = GB.choose(knit_holds_winning_tile=True)
>>> ruleset_from_json(ruleset_to_json(chosen)) == chosen
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

from mahjongkit._impl import resolve
from mahjongkit.mcr.game.events import Event
from mahjongkit.mcr.game.hand_state import ScoreFunction
from mahjongkit.mcr.game.match import Match
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.position import Position, json_int
from mahjongkit.mcr.game.variant import STANDARD, Variant
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.ruleset import (
    GREEN_BOOK,
    RULESETS,
    RuleDifference,
    Ruleset,
    ruleset_named,
)
from mahjongkit.tiles import code, from_code


class SavedGame(Protocol):
    """What saving and restoring read of a game (:class:`~.rules.Rules`)."""

    seed: str | bytes
    position: Position | None
    move_log: list[tuple[int, Move]]
    moves: int
    _start: dict[str, Any]
    _given_wall: Wall | None
    _last: Event | None

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def match(self) -> Match: ...
    @property
    def hand_no(self) -> int: ...
    @property
    def totals(self) -> tuple[int, int, int, int]: ...
    def apply(self, seat: int, move: Move) -> object: ...


Game = TypeVar("Game", bound=SavedGame)

SAVE_FORMAT: Final = "mahjongkit.mcr.game"
SAVE_VERSION: Final = 1


def ruleset_to_json(ruleset: Ruleset) -> str | dict[str, Any]:
    """The ruleset's name if it is a built-in one, else all its fields."""
    if RULESETS.get(ruleset.name) == ruleset:
        return ruleset.name
    return {
        "name": ruleset.name,
        "point_overrides": {str(k): v for k, v in sorted(ruleset.point_overrides.items())},
        "mixed_kong_pair": list(ruleset.mixed_kong_pair),
        "concealed_form_self_drawn": ruleset.concealed_form_self_drawn,
        "concealed_forms": sorted(ruleset.concealed_forms),
        "extra_excludes": {str(k): sorted(v) for k, v in sorted(ruleset.extra_excludes.items())},
        "nine_gates_extras": {
            str(k): list(v) for k, v in sorted(ruleset.nine_gates_extras.items())
        },
        "conditional_excludes": [
            [sorted(when), sorted(drop)] for when, drop in ruleset.conditional_excludes
        ],
        "many_kongs_award_concealed": ruleset.many_kongs_award_concealed,
        "robbing_on_last_tile": ruleset.robbing_on_last_tile,
        "knit_holds_winning_tile": ruleset.knit_holds_winning_tile,
        "minimum": ruleset.minimum,
        "differences": [[d.key, d.clause, d.text] for d in ruleset.differences],
    }


def ruleset_from_json(data: object) -> Ruleset:
    """The ruleset :func:`ruleset_to_json` wrote; ``ValueError`` or ``TypeError`` naming
    what is wrong."""
    if isinstance(data, str):
        return ruleset_named(data)
    if not isinstance(data, dict):
        raise TypeError(f"a ruleset is a name or a JSON object, not {type(data).__name__}")
    try:
        pair = data["mixed_kong_pair"]
        return Ruleset(
            name=_str(data["name"]),
            point_overrides=MappingProxyType(
                {_kind(k): _num(v) for k, v in dict(data["point_overrides"]).items()}
            ),
            mixed_kong_pair=_pair(pair),
            concealed_form_self_drawn=_num(data["concealed_form_self_drawn"]),
            concealed_forms=frozenset(_num(v) for v in data["concealed_forms"]),
            extra_excludes=MappingProxyType(
                {
                    _kind(k): frozenset(_num(f) for f in v)
                    for k, v in dict(data["extra_excludes"]).items()
                }
            ),
            nine_gates_extras=MappingProxyType(
                {
                    _kind(k): tuple(_num(f) for f in v)
                    for k, v in dict(data["nine_gates_extras"]).items()
                }
            ),
            # the fields below the first save format lacked default to the Green Book's
            conditional_excludes=tuple(
                (frozenset(_num(f) for f in when), frozenset(_num(f) for f in drop))
                for when, drop in data.get("conditional_excludes", ())
            ),
            many_kongs_award_concealed=bool(data["many_kongs_award_concealed"]),
            robbing_on_last_tile=bool(data.get("robbing_on_last_tile", False)),
            knit_holds_winning_tile=bool(data.get("knit_holds_winning_tile", False)),
            minimum=_num(data["minimum"]),
            differences=tuple(
                RuleDifference(_str(k), _str(c), _str(t)) for k, c, t in data["differences"]
            ),
        )
    except KeyError as error:
        raise ValueError(f"a ruleset without {error}") from None


def _codes(value: object, depth: int) -> list[Any]:
    """A saved ``wall`` (``depth`` 1: a list of tile codes) or ``walls`` (2: four such
    lists), checked to be lists before their codes are read, so the error names the field."""
    field = "wall" if depth == 1 else "walls"
    shape = "a list of tile codes" if depth == 1 else "four lists of tile codes"
    if not isinstance(value, list) or (
        depth == 2 and not all(isinstance(part, list) for part in value)
    ):
        raise TypeError(f"{field} is {shape}, not {value!r:.60}")
    if not all(isinstance(t, str) for part in (value if depth == 2 else [value]) for t in part):
        raise TypeError(f"{field} is {shape}: a tile code is a string")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string in the ruleset, not {type(value).__name__}")
    return value


def _num(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer in the ruleset, not {value!r}")
    return value


def _pair(value: object) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"mixed_kong_pair is [fan number, points], not {value!r}")
    return _num(value[0]), _num(value[1])


def _kind(key: object) -> int:
    # ASCII digits only: str.isdigit() also takes "١٢" and "²", which int() reads or refuses
    if not isinstance(key, str) or not (key.isascii() and key.isdigit()) or len(key) > 4:
        raise ValueError(f"a fan number key is one to four ASCII digits, not {key!r}")
    return int(key)


def game_to_json(game: SavedGame) -> str:
    """The game as JSON: how it was started (the ruleset and variant written out when
    they are not the standard ones), every move since, and how many events were still
    to be taken. :func:`game_from_json` replays it to this exact state."""
    seed = game.seed
    data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION}
    if isinstance(seed, str):
        data["seed"] = seed
    else:
        data["seed_hex"] = bytes(seed).hex()
    data["hand_no"] = game._start["hand_no"]
    data["dealer"] = game._start["dealer"]
    data["totals"] = list(game._start["totals"])
    if game.position is not None:
        data["position"] = game.position.to_json()
    data["ruleset"] = ruleset_to_json(game.ruleset)
    if game.variant != STANDARD:
        data["variant"] = game.variant.to_json()
    given = game._given_wall
    if isinstance(given, SeatWalls):
        data["walls"] = [[code(t) for t in part] for part in given.parts()]
    elif given is not None:
        data["wall"] = [code(t) for t in given.tiles]
    data["moves"] = [[seat, str(move)] for seat, move in game.move_log]
    data["pending"] = len(game.match.outcomes)
    data["check"] = {"hand_no": game.hand_no, "totals": list(game.totals), "moves": game.moves}
    return json.dumps(data, indent=None)


def game_from_json(
    cls: Callable[..., Game],
    text: str,
    *,
    complete: Callable[[Hand], bool] | None = None,
    scorer: ScoreFunction | None = None,
    impl: str | None = None,
) -> Game:
    """Restore a game saved by :func:`game_to_json` as a ``cls`` (:class:`~.rules.Rules`).
    A bad file raises ``ValueError`` naming what is wrong (``TypeError`` when ``text`` is not
    a ``str``); a game you already hold is never touched.

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> Rules.from_json('{"format": "mahjongkit.mcr.game", "version": 1, "seed": "x",'
    ...     ' "hand_no": 1.5, "dealer": 0, "totals": [0, 0, 0, 0], "moves": []}')
    Traceback (most recent call last):
    ValueError: a bad saved game: hand_no is an integer, not 1.5
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"a saved game is JSON text, not {type(text).__name__}")
    resolve(impl)  # the caller's choice is checked here, not reported as the save's fault
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError, UnicodeDecodeError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise ValueError(f"not a saved game: {reason}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError(f"not a saved game: the format is not {SAVE_FORMAT!r}")
    version = data.get("version")
    # `true == 1` and `1.0 == 1` in Python: the version is the integer itself
    if type(version) is not int or version != SAVE_VERSION:
        raise ValueError(f"unsupported save version {version!r}")
    try:
        if "seed" in data:
            seed: str | bytes = data["seed"]
            if not isinstance(seed, str):
                raise TypeError(f"the seed is a string, not {type(seed).__name__}")
        else:
            seed_hex = data["seed_hex"]
            if not isinstance(seed_hex, str):
                raise TypeError("seed_hex is a string of hex digits")
            seed = bytes.fromhex(seed_hex)
        position = Position.from_json(data["position"]) if "position" in data else None
        totals = data["totals"]
        if not isinstance(totals, list):
            raise TypeError("totals are a list of four integers")
        variant = Variant.from_json(data["variant"]) if "variant" in data else STANDARD
        wall: Wall | None = None
        if "walls" in data:
            wall = SeatWalls([from_code(t) for t in part] for part in _codes(data["walls"], 2))
        elif "wall" in data:
            wall = Wall(from_code(t) for t in _codes(data["wall"], 1))
        game = cls(
            seed,
            hand_no=json_int(data["hand_no"], "hand_no"),
            dealer=json_int(data["dealer"], "dealer"),
            totals=[json_int(t, "a total") for t in totals],
            position=position,
            ruleset=ruleset_from_json(data.get("ruleset", GREEN_BOOK.name)),
            variant=variant,
            wall=wall,
            complete=complete,
            scorer=scorer,
            impl=impl,
        )
        raw_moves = data["moves"]
        if not isinstance(raw_moves, list):
            raise TypeError("moves are a list of [seat, move] pairs")
        moves = []
        for index, entry in enumerate(raw_moves):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise TypeError(f'move {index} is not a [seat, "move"] pair: {entry!r}')
            seat = json_int(entry[0], f"move {index}'s seat")
            if not 0 <= seat < SEATS:
                raise ValueError(f"move {index} names seat {seat}")
            moves.append((seat, Move.parse(entry[1])))
        pending = data.get("pending")
        if pending is not None:
            pending = json_int(pending, "pending")
    except (KeyError, TypeError, ValueError, OverflowError, NotImplementedError) as error:
        what = f"missing {error}" if isinstance(error, KeyError) else str(error)
        raise ValueError(f"a bad saved game: {what}") from None
    for index, (seat, move) in enumerate(moves):
        refusal = game.apply(seat, move)
        if refusal is not None:
            raise ValueError(
                f"a bad saved game: move {index} ({seat}: {move}) is refused: {refusal}"
            )
    check = data.get("check")
    if check is not None:
        state = {"hand_no": game.hand_no, "totals": list(game.totals), "moves": game.moves}
        if state != check:
            raise ValueError(f"a bad saved game: replay gives {state}, the file says {check}")
    if pending is not None:
        outcomes = game.match.outcomes
        if pending > len(outcomes) or pending < 0:
            raise ValueError(f"a bad saved game: {pending} events pending, replay has fewer")
        if outcomes:
            game._last = outcomes[-1]
        del outcomes[: len(outcomes) - pending]
    return game
