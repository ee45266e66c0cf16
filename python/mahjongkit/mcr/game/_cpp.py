"""The game layer's C++ adapter: the hand table of ``cpp/core/mcr/table.hpp``, whose legal
lists and refusal codes are those of ``cpp/core/mcr/legality.cpp``, the C++ twin of
:mod:`.legality`. The only game module that imports the compiled extension; the Python twin
is :class:`.table.HandTable`, and :func:`hand_table` picks one through ``_impl``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mahjongkit._impl import pick
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.table import HandTable, HandTableLike, SeatWaits

if TYPE_CHECKING:
    from mahjongkit.mcr.game.variant import Variant
    from mahjongkit.mcr.scoring.ruleset import Ruleset


def _core_table(discards: tuple[Any, ...], kongs: tuple[Any, ...], flags: int) -> HandTableLike:
    from mahjongkit._core import mcr

    table: HandTableLike = mcr.HandTable(discards, kongs, flags)
    return table


def hand_table(
    discards: tuple[Any, ...],
    kongs: tuple[Any, ...],
    flags: int,
    *,
    waits: SeatWaits | None = None,
    impl: str | None = None,
) -> HandTableLike:
    """A new, empty table of one hand's four seats by one implementation; ``discards`` and
    ``kongs`` are the caller's move objects indexed by kind, ``flags`` the rule flags of
    :func:`.legality.rule_flags`. A custom completeness gate (``waits``) has only the
    Python twin.

    >>> moves = tuple(range(35))
    >>> cpp, py = (hand_table(moves, moves, 0, impl=i) for i in ("cpp", "python"))
    >>> cpp.turn_moves(0, False, 70) == py.turn_moves(0, False, 70) == ()
    True
    """
    if waits is not None:
        return HandTable(discards, kongs, flags, waits)
    return pick(impl, _core_table, HandTable)(discards, kongs, flags)


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
