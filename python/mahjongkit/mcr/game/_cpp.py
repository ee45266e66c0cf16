"""The game layer's C++ adapter: the hand table of ``cpp/core/mcr/table.hpp``, whose legal
lists and refusal codes are those of ``cpp/core/mcr/legality.cpp``, the C++ twin of
:mod:`.legality`. The only game module that imports the compiled extension; the Python twin
is :class:`.table.HandTable`, and :func:`hand_table` picks one through ``_impl``."""

from __future__ import annotations

from typing import Any

from mahjongkit._impl import pick
from mahjongkit.mcr.game.table import HandTable, HandTableLike, SeatWaits


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
