"""The game layer's C++ adapter: the hand engine of ``cpp/core/mcr/hand_engine.hpp``, whose
legal lists and refusal codes are those of ``cpp/core/mcr/legality.cpp``, the C++ twin of
:mod:`.legality`. The only game module that imports the compiled extension; the engine's
Python twin is the hand layer (``hand_state.py`` with ``window.py`` and ``table.py``), and
``Rules`` picks one through ``_impl``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.game.moves import Move, MoveKind

if TYPE_CHECKING:
    from mahjongkit.mcr.game.variant import Variant
    from mahjongkit.mcr.scoring.ruleset import Ruleset


# -- the hand engine (cpp/core/mcr/hand_engine.hpp) -------------------------------------------

EngineMove = tuple[int, int, int, int]
"""A move as the hand engine numbers it: (kind, tile, a, b), ``kind`` the index of
:class:`~mahjongkit.mcr.game.moves.MoveKind` in declaration order, 0 for what a move names
not."""

_KINDS: Final = tuple(MoveKind)
_KIND_INDEX: Final = {kind: index for index, kind in enumerate(MoveKind)}


def engine_move(move: Move) -> EngineMove:
    """``move`` as the engine reads it.

    >>> engine_move(Move.parse("chow 46m")), engine_move(Move.parse("discard 5m"))
    ((4, 0, 4, 6), (0, 5, 0, 0))
    """
    a, b = move.tiles if move.tiles is not None else (0, 0)
    return (_KIND_INDEX[move.kind], move.tile or 0, a, b)


def move_of(kind: int, tile: int, a: int, b: int) -> Move:
    """The :class:`~mahjongkit.mcr.game.moves.Move` of an engine move.

    >>> str(move_of(4, 0, 4, 6)), str(move_of(1, 0, 0, 0)), str(move_of(1, 28, 0, 0))
    ('chow 46m', 'kong', 'kong E')
    """
    return Move(_KINDS[kind], tile or None, (a, b) if a else None)


def hand_engine(ruleset: Ruleset, variant: Variant, *, dealer: int, prevailing: int) -> Any:
    """A new C++ hand engine (not dealt) of ``variant`` under ``ruleset``: its scorer data,
    rule flags and minimum derived from the Python side.

    >>> from mahjongkit.mcr.game.variant import BOTZONE
    >>> from mahjongkit.mcr.hand.wall import SeatWalls
    >>> from mahjongkit.mcr.scoring.ruleset import GB
    >>> engine = hand_engine(GB, BOTZONE, dealer=0, prevailing=0)
    >>> engine.deal_seat_walls([list(part) for part in SeatWalls.from_seed("demo").parts()])
    True
    >>> engine.turn, engine.legal(1), engine.verify(1, *engine_move(Move.parse("pass")))
    (0, [], 9)
    """
    from mahjongkit._core import mcr
    from mahjongkit.mcr.scoring._cpp import score_rules

    return mcr.HandEngine(
        score_rules(ruleset), variant.rule_flags(ruleset), ruleset.minimum, dealer, prevailing
    )
