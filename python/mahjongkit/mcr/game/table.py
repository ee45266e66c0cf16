"""The four seats' concealed tiles of one hand, as the rules' per-discard step reads them.

The hand layer's table (the hand layer is the Python twin of the C++ hand engine, and the
path of a written position or a caller's own scorer or gate). Its legal lists and refusals
are those of :mod:`.legality`, the one source of the rules of a turn and a claim, whose C++
twin (``cpp/core/mcr/legality.cpp``) the engine asks; ``tests/conformance/test_mcr_table.py``
holds the table's answers to the checks of both languages.

The table is where the seats' concealed tiles live: the hand state
(:class:`~.hand_state.HandState`) reads them from it (:meth:`HandTable.counts`) and hands a
seat's tiles back whole when anything but a draw or a discard changes them
(:meth:`HandTable.set_seat`, after the deal, a claim, a kong or a win). The table makes the
draws and discards itself, so that one call answers a discard: which seats may claim it
(their offer bits, :mod:`.legality`), and if nobody may, the next seat's draw, whether the
drawn tile completes its thirteen and that seat's turn moves. Each seat's waits
are kept until its concealed tiles change (a draw keeps them: they are those of the
thirteen before it).

The moves are the caller's own objects, handed over once as two tuples indexed by kind
(discards and kongs).

>>> from mahjongkit.mcr.analysis.decompose import counts_of
>>> from mahjongkit.mcr.game.moves import _DISCARDS, _KONGS
>>> table = HandTable(_DISCARDS, _KONGS, 0)
>>> table.set_seat(0, counts_of([1, 2, 3, 5, 5, 5, 9, 9, 9, 28, 28, 28, 28, 7]), 0, [], [])
>>> apart = counts_of([10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 32])
>>> for seat in (1, 2, 3):
...     table.set_seat(seat, apart, 0, [], [])
>>> table.waits(1), str(table.turn_moves(0, False, 70)[-1])
([], 'kong E')
>>> table.discard(0, 7, 33, 70), table.counts(1)[33]  # nobody claims 7m: seat 1 draws 33
(0, 1)
>>> table.discard(1, 33, 0, 69)  # nobody claims, but no draw was asked
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from mahjongkit.mcr.analysis.decompose import CountsWaits, waits_of_counts
from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game.legality import CODES, FOUR_WALLS, OFFER_BITS, OFFER_WAIT, TURN_DISCARD

MoveT = TypeVar("MoveT")

DREW: Final = 0
"""Nobody could claim the discard: the next seat drew the tile asked."""
DREW_WINNING: Final = 1
"""... and it completes that seat's thirteen."""
OPEN: Final = 2
"""No draw was made: the offers of seat + step are the bits ``found >> (OFFER_SHIFT + 8 *
(step - 1))`` (none at all: nobody can claim, and no draw was asked)."""
OFFER_SHIFT: Final = 8

SeatWaits = Callable[[int, list[int]], list[int]]
"""A seat's waits by a custom completeness gate, from the seat and its thirteen's counts."""


class HandTableLike(Protocol):
    """What the rules use of a table, C++ or Python."""

    def set_seat(
        self, seat: int, counts: list[int], melds: int, meld_tiles: list[int], pungs: list[int]
    ) -> None: ...
    def discard(self, seat: int, tile: int, drawn: int, walls: int) -> int: ...
    def step(self, seat: int, tile: int, drawn: int, walls: int) -> tuple[int, tuple[Any, ...]]: ...
    def draw(self, seat: int, tile: int) -> bool: ...
    def waits(self, seat: int) -> list[int]: ...
    def turn_moves(self, seat: int, claimed: bool, walls: int) -> tuple[Any, ...]: ...
    def offers(self, discarder: int, tile: int, walls: int) -> int: ...
    def verify_turn(self, seat: int, kind: int, tile: int, claimed: bool, walls: int) -> int: ...
    def verify_claim(
        self, discarder: int, seat: int, kind: int, a: int, b: int, tile: int, walls: int
    ) -> int: ...
    def counts(self, seat: int) -> list[int]: ...
    def copy(self) -> HandTableLike: ...


_SEATS: Final = 4
_KINDS: Final = 34


class HandTable(Generic[MoveT]):
    """The table of one hand (see the module's docstring); ``flags`` are the rule flags of
    :func:`.legality.rule_flags`; ``waits`` a custom gate's waits, if any."""

    __slots__ = (
        "_counts",
        "_counts_waits",
        "_discards",
        "_flags",
        "_gate",
        "_kongs",
        "_meld_tiles",
        "_melds",
        "_pungs",
        "_waits",
    )

    def __init__(
        self,
        discards: tuple[MoveT, ...],
        kongs: tuple[MoveT, ...],
        flags: int,
        waits: SeatWaits | None = None,
        counts_waits: CountsWaits = waits_of_counts,
    ) -> None:
        if len(discards) != _KINDS + 1 or len(kongs) != _KINDS + 1:
            raise ValueError("discards and kongs are tuples of 35 moves, indexed by kind")
        if flags < 0 or flags & ~legality.ALL_FLAGS:
            raise ValueError(f"flags must be rule flags (0 to {legality.ALL_FLAGS}), not {flags}")
        self._discards = discards
        self._kongs = kongs
        self._flags = flags
        self._gate = waits
        self._counts_waits = counts_waits  # the analysis' waits of counts (C++ or Python)
        self._counts: list[list[int]] = [[0] * (_KINDS + 1) for _ in range(_SEATS)]
        self._melds = [0] * _SEATS
        self._meld_tiles: list[list[int]] = [[] for _ in range(_SEATS)]
        self._pungs: list[tuple[int, ...]] = [()] * _SEATS
        self._waits: list[list[int] | None] = [None] * _SEATS

    def copy(self) -> HandTable[MoveT]:
        """An independent copy."""
        other: HandTable[MoveT] = HandTable.__new__(HandTable)
        other._discards, other._kongs = self._discards, self._kongs
        other._flags, other._gate = self._flags, self._gate
        other._counts_waits = self._counts_waits
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
            if self._gate is not None:
                waits = self._gate(seat, self._counts[seat])
            else:
                waits = self._counts_waits(
                    self._counts[seat], self._melds[seat], self._meld_tiles[seat]
                )
            self._waits[seat] = waits
        return waits

    def waits(self, seat: int) -> list[int]:
        """The kinds completing the seat's thirteen, ascending (those held four left out)."""
        return list(self._waits_of(_check_seat(seat)))

    def offers(self, discarder: int, tile: int, walls: int) -> int:
        """What the other seats may do with ``discarder``'s ``tile``: eight offer bits a seat
        (:mod:`.legality`), those of seat + step at ``8 * (step - 1)``."""
        _check_seat(discarder)
        _check_kind(tile, zero_ok=False)
        _check_walls(walls)
        found = 0
        flags, counts = self._flags, self._counts
        for step in (1, 2, 3):
            other = (discarder + step) & 3
            bits = legality.offer_bits(other, discarder, counts[other], tile, flags, walls)
            if tile in self._waits_of(other):
                bits |= OFFER_WAIT
            found |= bits << (OFFER_BITS * (step - 1))
        return found

    def discard(self, seat: int, tile: int, drawn: int, walls: int) -> int:
        """``seat`` discards ``tile`` (``walls`` as the discard leaves them). When no other
        seat may claim it or win on it and ``drawn`` is a kind (not 0), the next seat draws
        it: :data:`DREW`, or :data:`DREW_WINNING` when it completes that seat's thirteen.
        Otherwise :data:`OPEN` with the offers shifted by :data:`OFFER_SHIFT`."""
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        _check_kind(drawn, zero_ok=True)
        counts = self._counts
        if not counts[seat][tile]:
            raise ValueError(f"seat {seat} holds no kind {tile}")
        counts[seat][tile] -= 1
        self._waits[seat] = None
        found = self.offers(seat, tile, walls)
        if not found and drawn:
            return DREW_WINNING if self.draw((seat + 1) & 3, drawn) else DREW
        return OPEN | found << OFFER_SHIFT

    def step(self, seat: int, tile: int, drawn: int, walls: int) -> tuple[int, tuple[MoveT, ...]]:
        """:meth:`discard` and, when the next seat drew, its :meth:`turn_moves` with the
        walls that draw leaves (else an empty tuple), as a pair: the rules' whole quiet
        discard in one call."""
        found = self.discard(seat, tile, drawn, walls)
        if found >= OPEN:
            return found, ()
        nxt = (seat + 1) & 3
        return found, self.turn_moves(nxt, False, _after_draw(self._flags, walls, nxt))

    def draw(self, seat: int, tile: int) -> bool:
        """``seat`` draws ``tile``: whether it completes the thirteen held before."""
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        winning = tile in self._waits_of(seat)
        self._counts[seat][tile] += 1
        return winning

    def turn_moves(self, seat: int, claimed: bool, walls: int) -> tuple[MoveT, ...]:
        """The seat's discards then its kongs (:func:`.legality.turn_moves`), as the moves
        handed over."""
        _check_seat(seat)
        _check_walls(walls)
        discards, kongs = legality.turn_kinds(
            seat, self._counts[seat], self._pungs[seat], claimed, self._flags, walls
        )
        return (*(self._discards[k] for k in discards), *(self._kongs[k] for k in kongs))

    def verify_turn(self, seat: int, kind: int, tile: int, claimed: bool, walls: int) -> int:
        """The refusal code (an index of :data:`.legality.CODES`, 0 when legal) of a turn's
        discard (``kind`` 0) or kong (1) of ``tile``."""
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        _check_walls(walls)
        c = self._counts[seat]
        if kind == TURN_DISCARD:
            reason = legality.discard_reason(seat, c, tile)
        else:
            reason = legality.kong_reason(
                seat, c, self._pungs[seat], tile, claimed, self._flags, walls
            )
        return CODES.index(None if reason is None else reason[0])

    def verify_claim(
        self, discarder: int, seat: int, kind: int, a: int, b: int, tile: int, walls: int
    ) -> int:
        """The refusal code of ``seat`` claiming ``discarder``'s ``tile`` as a chow with
        ``a`` and ``b`` (``kind`` 0), a pung (1) or a kong (2)."""
        _check_seat(discarder)
        _check_seat(seat)
        _check_kind(tile, zero_ok=False)
        _check_walls(walls)
        c, flags = self._counts[seat], self._flags
        if kind == legality.CLAIM_CHOW:
            _check_kind(a, zero_ok=False)
            _check_kind(b, zero_ok=False)
            reason = legality.chow_reason(seat, discarder, c, tile, a, b, flags, walls)
        elif kind == legality.CLAIM_PUNG:
            reason = legality.pung_reason(seat, discarder, c, tile, flags, walls)
        else:
            reason = legality.claim_kong_reason(seat, discarder, c, tile, flags, walls)
        return CODES.index(None if reason is None else reason[0])

    def counts(self, seat: int) -> list[int]:
        """The seat's 35 concealed counts as the table holds them."""
        return list(self._counts[_check_seat(seat)])


def _after_draw(flags: int, walls: int, seat: int) -> int:
    """The walls after ``seat`` drew one tile from its wall (the shared one, or its own)."""
    return walls - (1 << (8 * seat) if flags & FOUR_WALLS else 1)


def _check_walls(walls: int) -> int:
    if not 0 <= walls <= 0xFFFFFFFF:
        raise ValueError(f"walls must be 0 to 2**32 - 1, not {walls}")
    return walls


def _check_seat(seat: int) -> int:
    if not 0 <= seat < _SEATS:
        raise ValueError(f"seat must be 0 to 3, not {seat}")
    return seat


def _check_kind(kind: int, *, zero_ok: bool) -> int:
    if not (0 if zero_ok else 1) <= kind <= _KINDS:
        raise ValueError(f"kind must be {0 if zero_ok else 1} to 34, not {kind}")
    return kind
