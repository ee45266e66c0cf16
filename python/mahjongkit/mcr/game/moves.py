"""The moves a seat makes: on its turn (discard, kong, win) and in a window (pass, chow,
pung, kong, win).

Moves are small immutable values with a compact text form, so a game can be written down,
saved and replayed. Draws and replacements are not moves: the engine makes them.

>>> discard(5), str(discard(5)), Move.parse("chow 46m") == chow(4, 6)
(Move.parse('discard 5m'), 'discard 5m', True)
>>> str(kong(28)), str(KONG), str(PASS), Move.parse("kong E") == kong(28)
('kong E', 'kong', 'pass', True)
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from mahjongkit.tiles import STANDARD_KINDS, code, from_code

_LAST_KIND: Final = STANDARD_KINDS


class MoveKind(Enum):
    DISCARD = "discard"  # on turn: a tile from the hand
    KONG = "kong"  # on turn with a tile (concealed or promoted); in a window without one
    WIN = "win"  # on turn: the fourteen held; in a window: the discard (or the robbed kong)
    PASS = "pass"  # in a window
    CHOW = "chow"  # in a window, next seat only: the two held tiles that run with the discard
    PUNG = "pung"  # in a window


# Sort order of legal moves: the turn's moves, then the window's answers from weakest up.
_ORDER = {kind: index for index, kind in enumerate(MoveKind)}
_WINDOW_ORDER = {
    MoveKind.PASS: 0,
    MoveKind.CHOW: 1,
    MoveKind.PUNG: 2,
    MoveKind.KONG: 3,
    MoveKind.WIN: 4,
}


_INTERNED: dict[tuple[MoveKind, int | None, tuple[int, int] | None], Move] = {}


def _playable(tile: object) -> bool:
    return type(tile) is int and 1 <= tile <= _LAST_KIND


class Move:
    """One move. ``tile`` names the tile of a discard or of a turn's kong; ``tiles`` the two
    held tiles of a chow (ascending). Whether a move is legal is the rules' question: build
    any move here and :meth:`mahjongkit.mcr.game.rules.Rules.apply` answers with a refusal.

    Moves are interned: building the same move twice gives the same object, so the rules
    compare them by identity and hash them by address (a legal list is a set lookup). A
    move whose fields are not plain tile numbers (a caller may build one the type checker
    would reject) is a fresh value, equal to nothing but itself, that the rules refuse.

    >>> Move(MoveKind.DISCARD, 5) is discard(5), Move(MoveKind.DISCARD, "x")
    (True, Move(MoveKind.DISCARD, 'x', None))
    """

    __slots__ = ("__weakref__", "_interned", "kind", "tile", "tiles")
    kind: MoveKind
    tile: int | None
    tiles: tuple[int, int] | None
    _interned: bool

    def __new__(
        cls, kind: MoveKind, tile: int | None = None, tiles: tuple[int, int] | None = None
    ) -> Move:
        interned = (
            isinstance(kind, MoveKind)
            and (tile is None or _playable(tile))
            and (
                tiles is None
                or (
                    type(tiles) is tuple
                    and len(tiles) == 2
                    and _playable(tiles[0])
                    and _playable(tiles[1])
                )
            )
        )
        if interned:
            key = (kind, tile, tiles)
            move = _INTERNED.get(key)
            if move is not None:
                return move
        move = object.__new__(cls)
        object.__setattr__(move, "kind", kind)
        object.__setattr__(move, "tile", tile)
        object.__setattr__(move, "tiles", tiles)
        object.__setattr__(move, "_interned", interned)
        if interned:
            _INTERNED[key] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Move], tuple[object, ...]]:
        return (Move, (self.kind, self.tile, self.tiles))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: object) -> Move:
        return self

    def __str__(self) -> str:
        if not self._interned:
            # Not a playable value (a caller built it from other types): say what it holds.
            return f"Move({self.kind!s}, {self.tile!r}, {self.tiles!r})"
        if self.kind is MoveKind.CHOW and self.tiles is not None:
            a, b = self.tiles
            return f"chow {_pair_code(a, b)}"
        if self.tile is not None:
            return f"{self.kind.value} {code(self.tile)}"
        return self.kind.value

    def __repr__(self) -> str:
        text = str(self)
        return text if text.startswith("Move(") else f"Move.parse({text!r})"

    def sort_key(self) -> tuple[int, int, int]:
        """Legal lists are sorted by this key: by kind, then by tile."""
        first = self.tile or (self.tiles[0] if self.tiles else 0)
        second = self.tiles[1] if self.tiles else 0
        return (_WINDOW_ORDER[self.kind] if self.tile is None else _ORDER[self.kind], first, second)

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move a text form names: ``discard 5m``, ``kong E``, ``kong``, ``chow 46m``,
        ``pung``, ``pass``, ``win``. ``ValueError`` quotes what it cannot read; a ``text``
        that is not a ``str`` is a ``TypeError``.

        >>> Move.parse("discard 9x")
        Traceback (most recent call last):
        ValueError: unknown tile code '9x' in move 'discard 9x'
        >>> Move.parse(None)
        Traceback (most recent call last):
        TypeError: a move's text form is a str, not NoneType
        """
        if not isinstance(text, str):
            raise TypeError(f"a move's text form is a str, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise ValueError("an empty move")
        try:
            kind = MoveKind(words[0])
        except ValueError:
            raise ValueError(f"unknown move {words[0]!r} in {text!r}") from None
        args = words[1:]
        try:
            if kind is MoveKind.CHOW:
                if len(args) != 1:
                    raise ValueError(f"a chow names two tiles, as in 'chow 46m': {text!r}")
                a, b = _parse_pair(args[0])
                return chow(a, b)
            if kind in (MoveKind.DISCARD, MoveKind.KONG) and len(args) == 1:
                return cls(kind, from_code(args[0]))
            if args or kind is MoveKind.DISCARD:
                raise ValueError(f"wrong number of words in move {text!r}")
        except ValueError as error:
            if "move" in str(error) or text in str(error):
                raise
            raise ValueError(f"{error} in move {text!r}") from None
        return cls(kind)


def _pair_code(a: int, b: int) -> str:
    ca, cb = code(a), code(b)
    if ca[-1] == cb[-1] and ca[-1] in "mps":
        return f"{ca[:-1]}{cb}"
    return f"{ca}{cb}"


def _parse_pair(text: str) -> tuple[int, int]:
    if len(text) == 3 and text[2] in "mps":
        return from_code(text[0] + text[2]), from_code(text[1] + text[2])
    raise ValueError(f"a chow names two ranks and a suit, as in '46m', not {text!r}")


def discard(tile: int) -> Move:
    """Discard ``tile``."""
    return _DISCARDS[tile] if type(tile) is int and 0 < tile <= _LAST_KIND else _discard(tile)


def _discard(tile: int) -> Move:
    return Move(MoveKind.DISCARD, tile)


def kong(tile: int | None = None) -> Move:
    """A kong: with a tile on one's turn (concealed or promoted), without one in a window."""
    if tile is not None and type(tile) is int and 0 < tile <= _LAST_KIND:
        return _KONGS[tile]
    return Move(MoveKind.KONG, tile)


def chow(a: int, b: int) -> Move:
    """Claim the discard as a chow with the held tiles ``a`` and ``b``."""
    low, high = sorted((a, b))
    return Move(MoveKind.CHOW, tiles=(low, high))


WIN = Move(MoveKind.WIN)
PASS = Move(MoveKind.PASS)
PUNG = Move(MoveKind.PUNG)
KONG = Move(MoveKind.KONG)

_DISCARDS: Final = (PASS, *(Move(MoveKind.DISCARD, k) for k in range(1, _LAST_KIND + 1)))
"""``_DISCARDS[k]`` is the discard of kind ``k`` (index 0 unused)."""
_KONGS: Final = (PASS, *(Move(MoveKind.KONG, k) for k in range(1, _LAST_KIND + 1)))
