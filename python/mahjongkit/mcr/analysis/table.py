"""The four seats' concealed tiles of one hand, as the rules' per-discard step reads them.

The pure-Python twin of the C++ ``HandTable`` (``cpp/core/mcr/table.hpp``): same methods,
same answers, same codes (``tests/conformance/test_mcr_table.py``). The rules keep their own
counts and mirror every change here (:meth:`HandTable.set_seat` after a claim, a kong or the
deal; :meth:`HandTable.discard` and :meth:`HandTable.draw` on the hot path), so that one call
answers a discard: can another seat claim it, and if not, the next seat's draw and whether
the drawn tile completes its thirteen. Each seat's waits are kept until its concealed tiles
change (a draw keeps them: they are those of the thirteen before it).

The turn's legal moves are built from the caller's own move objects, handed over once as two
tuples indexed by kind (discards and kongs), so this layer needs no notion of a move.

>>> from mahjongkit.mcr.analysis.decompose import counts_of
>>> table = HandTable(tuple(range(35)), tuple(range(100, 135)))
>>> table.set_seat(0, counts_of([1, 2, 3, 5, 5, 5, 9, 9, 9, 28, 28, 28, 28, 7]), 0, [], [])
>>> apart = counts_of([10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 32])
>>> for seat in (1, 2, 3):
...     table.set_seat(seat, apart, 0, [], [])
>>> table.waits(1), table.turn_moves(0, 1)[-1]
([], 128)
>>> table.discard(0, 7, 33), table.counts(1)[33]  # nobody claims 7m: seat 1 draws 33
(0, 1)
>>> table.discard(1, 33, 0)  # nobody claims, but no draw was asked
34
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, Final, Generic, Protocol, TypeVar

from mahjongkit.mcr.analysis.decompose import waits_of_counts

MoveT = TypeVar("MoveT")

DREW: Final = 0
"""Nobody could claim the discard: the next seat drew the tile asked."""
DREW_WINNING: Final = 1
"""... and it completes that seat's thirteen."""
OPEN: Final = 2
"""Set whenever no draw was made; bit ``WIN_SHIFT + step - 1`` marks seat + step waiting."""
WIN_SHIFT: Final = 2
QUIET: Final = 32
"""With ``OPEN``: nobody can claim, but no draw was asked (``drawn`` 0)."""


class HandTableLike(Protocol):
    """What the rules use of a table, C++ or Python."""

    def set_seat(
        self, seat: int, counts: list[int], melds: int, meld_tiles: list[int], pungs: list[int]
    ) -> None: ...
    def discard(self, seat: int, tile: int, drawn: int) -> int: ...
    def step(self, seat: int, tile: int, drawn: int, kongs: int) -> tuple[int, tuple[Any, ...]]: ...
    def draw(self, seat: int, tile: int) -> bool: ...
    def waits(self, seat: int) -> list[int]: ...
    def turn_moves(self, seat: int, kongs: int) -> tuple[Any, ...]: ...
    def counts(self, seat: int) -> list[int]: ...
    def copy(self) -> HandTableLike: ...


_SEATS: Final = 4
_KINDS: Final = 34


def chow_pairs(tile: int) -> tuple[tuple[int, int], ...]:
    """The pairs of kinds that run with ``tile`` (the lowest run first)."""
    if tile > 27:
        return ()
    rank = (tile - 1) % 9 + 1
    pairs = []
    for offset in (2, 1, 0):  # the run starting two below the tile first
        if rank - offset >= 1 and rank - offset + 2 <= 9:
            low = tile - offset
            a, b = (k for k in (low, low + 1, low + 2) if k != tile)
            pairs.append((a, b))
    return tuple(pairs)


_CHOWS: Final = tuple(chow_pairs(tile) if tile else () for tile in range(_KINDS + 1))


class HandTable(Generic[MoveT]):
    """The table of one hand (see the module's docstring)."""

    __slots__ = ("_counts", "_discards", "_kongs", "_meld_tiles", "_melds", "_pungs", "_waits")

    def __init__(self, discards: tuple[MoveT, ...], kongs: tuple[MoveT, ...]) -> None:
        if len(discards) != _KINDS + 1 or len(kongs) != _KINDS + 1:
            raise ValueError("discards and kongs are tuples of 35 moves, indexed by kind")
        self._discards = discards
        self._kongs = kongs
        self._counts: list[list[int]] = [[0] * (_KINDS + 1) for _ in range(_SEATS)]
        self._melds = [0] * _SEATS
        self._meld_tiles: list[list[int]] = [[] for _ in range(_SEATS)]
        self._pungs: list[tuple[int, ...]] = [()] * _SEATS
        self._waits: list[list[int] | None] = [None] * _SEATS

    def copy(self) -> HandTable[MoveT]:
        """An independent copy."""
        other: HandTable[MoveT] = HandTable.__new__(HandTable)
        other._discards, other._kongs = self._discards, self._kongs
        other._counts = [c[:] for c in self._counts]
        other._melds = self._melds[:]
        other._meld_tiles = self._meld_tiles[:]  # replaced whole, never changed in place
        other._pungs = self._pungs[:]
        other._waits = self._waits[:]
        return other

    def set_seat(
        self,
        seat: int,
        counts: Sequence[int],
        melds: int,
        meld_tiles: Sequence[int],
        pungs: Sequence[int],
    ) -> None:
        """Replace a seat's tiles: its 35 concealed counts, its number of melds, their tiles
        flat, and the kinds of its pungs."""
        _check_seat(seat)
        if len(counts) != _KINDS + 1:
            raise ValueError(f"counts has {len(counts)} entries, not 35")
        for kind, count in enumerate(counts):
            if not 0 <= count <= 4 or (kind == 0 and count):
                raise ValueError(f"count of kind {kind} out of range: {count}")
        if not 0 <= melds <= 4:
            raise ValueError(f"melds must be 0 to 4, not {melds}")
        for kind in (*meld_tiles, *pungs):
            _check_kind(kind, zero_ok=False)
        self._counts[seat] = list(counts)
        self._melds[seat] = melds
        self._meld_tiles[seat] = list(meld_tiles)
        self._pungs[seat] = tuple(pungs)
        self._waits[seat] = None

    def _waits_of(self, seat: int) -> list[int]:
        waits = self._waits[seat]
        if waits is None:
            waits = waits_of_counts(self._counts[seat], self._melds[seat], self._meld_tiles[seat])
            self._waits[seat] = waits
        return waits

    def waits(self, seat: int) -> list[int]:
        """The kinds completing the seat's thirteen, ascending (those held four left out)."""
        return list(self._waits_of(_check_seat(seat)))

    def discard(self, seat: int, tile: int, drawn: int) -> int:
        """``seat`` discards ``tile``. When nobody else can chow, pung, kong or win on it and
        ``drawn`` is a kind (not 0), the next seat draws it: :data:`DREW`, or
        :data:`DREW_WINNING` when it completes that seat's thirteen. Otherwise :data:`OPEN`
        with the win bits of the seats waiting on ``tile``, plus :data:`QUIET` when nobody
        can claim."""
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        _check_kind(drawn, zero_ok=True)
        counts = self._counts
        if not counts[seat][tile]:
            raise ValueError(f"seat {seat} holds no kind {tile}")
        counts[seat][tile] -= 1
        self._waits[seat] = None
        quiet = True
        wins = 0
        for step in (1, 2, 3):
            other = (seat + step) & 3
            if tile in self._waits_of(other):
                wins |= 1 << (step - 1)
                quiet = False
            if counts[other][tile] >= 2:
                quiet = False
        if quiet:
            c = counts[(seat + 1) & 3]
            if any(c[a] and c[b] for a, b in _CHOWS[tile]):
                quiet = False
        if quiet and drawn:
            return DREW_WINNING if self.draw((seat + 1) & 3, drawn) else DREW
        return OPEN | wins << WIN_SHIFT | (QUIET if quiet else 0)

    def step(self, seat: int, tile: int, drawn: int, kongs: int) -> tuple[int, tuple[MoveT, ...]]:
        """:meth:`discard` and, when the next seat drew, its :meth:`turn_moves` (else an
        empty tuple), as a pair: the rules' whole quiet discard in one call."""
        if kongs not in (0, 1, 2):
            raise ValueError("kongs must be 0, 1 or 2")
        found = self.discard(seat, tile, drawn)
        if found >= OPEN:
            return found, ()
        return found, self.turn_moves((seat + 1) & 3, kongs)

    def draw(self, seat: int, tile: int) -> bool:
        """``seat`` draws ``tile``: whether it completes the thirteen held before."""
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        winning = tile in self._waits_of(seat)
        self._counts[seat][tile] += 1
        return winning

    def turn_moves(self, seat: int, kongs: int) -> tuple[MoveT, ...]:
        """The seat's discards then its kongs (``kongs`` 1: four held concealed or a pung it
        holds the fourth of; 2: the promotions only; 0: none), each by kind."""
        _check_seat(seat)
        if kongs not in (0, 1, 2):
            raise ValueError("kongs must be 0, 1 or 2")
        c = self._counts[seat]
        moves = tuple(compress(self._discards, c))
        if not kongs:
            return moves
        found = {k for k in self._pungs[seat] if c[k]}
        if kongs == 1:
            found.update(k for k in range(1, _KINDS + 1) if c[k] == 4)
        return moves + tuple(self._kongs[k] for k in sorted(found))

    def counts(self, seat: int) -> list[int]:
        """The seat's 35 concealed counts as the table holds them."""
        return list(self._counts[_check_seat(seat)])


def _check_seat(seat: int) -> int:
    if not 0 <= seat < _SEATS:
        raise ValueError(f"seat must be 0 to 3, not {seat}")
    return seat


def _check_kind(kind: int, *, zero_ok: bool) -> int:
    if not (0 if zero_ok else 1) <= kind <= _KINDS:
        raise ValueError(f"kind must be {0 if zero_ok else 1} to 34, not {kind}")
    return kind
