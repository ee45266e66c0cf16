"""The rules' typed events of a hand played on the C++ hand engine, told from the engine's
state before and after each move, so that a driver of the engine hands out the events the
hand layer (``hand_state.py`` + ``window.py``) emits, without a rule of its own.

The engine says what it is (its phase, its turn, its melds, its read positions in the wall);
what a move drew is the wall between the positions before and after it: the shared wall is
read from the front (draws) and from the back (replacements), a seat's own wall (four walls)
from its start. :func:`deal_events` gives a deal's flowers and replacements (the positional
deal of :mod:`mahjongkit.mcr.hand.wall`, in ``HandState.deal``'s order); :class:`EventDriver`
applies a move to a dealt engine and returns its events. The events of the end of a hand and
of the game (``HandEnded``, ``Dealt``, ``GameEnded``) belong to the match, not to the hand.

>>> from mahjongkit.mcr.game._cpp import hand_engine, move_of
>>> from mahjongkit.mcr.game.variant import STANDARD
>>> from mahjongkit.mcr.hand.wall import Wall
>>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
>>> wall = Wall.from_seed("events", 1)
>>> engine = hand_engine(GREEN_BOOK, STANDARD, dealer=0, prevailing=0)
>>> engine.deal_shared(list(wall.tiles))
True
>>> sorted({event.kind.value for event in deal_events(wall, 0)})  # flowers, replacements
['drew', 'flower']
>>> code = engine.legal(0)[0]  # the dealer's first legal move: a discard
>>> events = EventDriver(engine).apply(0, move_of(*code), code)
>>> [event.kind.value for event in events]
['discard']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mahjongkit.mcr.game.engine_values import end_of, hand_of, offers_of, window_of
from mahjongkit.mcr.game.events import (
    DISCARDED,
    DREW,
    PASSED,
    Answered,
    Claimed,
    Event,
    EventKind,
    FlowerExposed,
    KongDeclared,
)
from mahjongkit.mcr.game.hand_state import HandEnd, TallyLike
from mahjongkit.mcr.game.legality import FOUR_WALLS
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.window import Window
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.context import WinContext

__all__ = ["EventDriver", "deal_events"]

# The engine's phases (hand_engine.hpp kPhase*, as window.Phase).
_CLAIM, _ROB, _OVER = 1, 2, 3
# The engine's marks(): (phase, turn, front, back, taken by seat 0..3, melds on the table).
_PHASE, _FRONT, _BACK, _TAKEN, _MELDS = 0, 2, 3, 4, 8
_LAST_STANDARD: Final = 34
_KONG: Final = 2  # the engine's set kinds: chow 0, pung 1, kong 2
_MELD_NAME: Final = {0: "chow", 1: "pung", 2: "kong"}
_ANSWER: Final = {
    MoveKind.PASS: EventKind.PASS,
    MoveKind.CHOW: EventKind.CHOW,
    MoveKind.PUNG: EventKind.PUNG,
    MoveKind.WIN: EventKind.WIN,
}


def deal_events(wall: Wall, dealer: int) -> list[Event]:
    """The events of the deal of ``wall`` as dealt by ``dealer`` (``HandState.deal``'s:
    each seat's flowers from the dealer on, then each seat's replacements from the back).
    ``wall`` is not changed.

    >>> wall = Wall.from_seed("deal", 1)
    >>> events = deal_events(wall, 0)
    >>> len(wall), sorted({event.kind.value for event in events})
    (144, ['drew', 'flower'])
    """
    if isinstance(wall, SeatWalls):
        return []  # four walls hold no flowers: the deal says nothing
    wall = wall.copy()
    dealt = wall.deal(dealer)
    order = [(dealer + step) % SEATS for step in range(SEATS)]
    out: list[Event] = []
    held = [0, 0, 0, 0]
    for seat in order:
        for tile in dealt[seat]:
            if tile > _LAST_STANDARD:
                out.append(FlowerExposed(seat, tile))
            else:
                held[seat] += 1
    for seat in order:
        missing = (14 if seat == dealer else 13) - held[seat]
        while missing > 0:
            tile = wall.replace()
            out.append(DREW[seat][True])
            if tile > _LAST_STANDARD:
                out.append(FlowerExposed(seat, tile))
            else:
                missing -= 1
    return out


class EventDriver:
    """Moves applied to one dealt hand engine, with the events each made; the hand layer's
    values of the hand (:meth:`hand`, :meth:`window`, :meth:`end`, :mod:`.engine_values`)
    with what only the driver sees: the promoted kongs.

    A refused move raises ``ValueError`` (a driver applies legal moves; the refusal as a value
    is the engine's ``verify``)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.tiles, self.starts = engine.wall_tiles()
        self.four = bool(engine.flags & FOUR_WALLS)
        self.promoted: set[tuple[int, int]] = set()  # (seat, kind) of each promoted kong

    def copy(self) -> EventDriver:
        """An independent copy: the engine cloned (a value copy), the driver's own state
        copied, the dealt wall shared (it is never written)."""
        other = EventDriver.__new__(EventDriver)
        other.engine = self.engine.clone()
        other.tiles, other.starts, other.four = self.tiles, self.starts, self.four
        other.promoted = set(self.promoted)
        return other

    def hand(self, seat: int) -> Hand:
        """The seat's tiles as a :class:`Hand` value."""
        return hand_of(self.engine, seat, self.promoted)

    def window(self) -> Window | None:
        """The open window as a read-only value, or ``None``."""
        return window_of(self.engine, offers_of(self.engine))

    def end(self, score: Callable[[Hand, WinContext], TallyLike], flags: int) -> HandEnd | None:
        """How the hand ended (:func:`.engine_values.end_of`), ``None`` while it goes on."""
        return end_of(self.engine, score, flags, self.promoted)

    def apply(self, seat: int, move: Move, code: tuple[int, int, int, int]) -> list[Event]:
        """Apply ``move`` (``code`` is :func:`._cpp.engine_move` of it) for ``seat``; the
        events it made, in the hand layer's order."""
        engine = self.engine
        before = engine.marks()
        phase = before[_PHASE]
        kind = move.kind
        if phase in (_CLAIM, _ROB):
            return self._answer(seat, move, code, before)
        out: list[Event] = []
        if kind is MoveKind.DISCARD:
            self._apply(seat, move, code)
            assert move.tile is not None
            out.append(DISCARDED[seat][move.tile])
            after = engine.marks()
            if after[_PHASE] != _CLAIM:  # nobody may claim: the next seat drew
                self._draws(out, (seat + 1) & 3, before, after, from_back=False)
            return out
        if kind is MoveKind.KONG:
            assert move.tile is not None
            how = "concealed" if engine.counts(seat)[move.tile] == 4 else "promoted"
            self._apply(seat, move, code)
            if how == "promoted":
                self.promoted.add((seat, move.tile))
            out.append(KongDeclared(seat, move.tile, how))
            after = engine.marks()
            if after[_PHASE] != _ROB:  # no robbing window: the replacement is drawn
                self._draws(out, seat, before, after, from_back=True)
            return out
        drawn = engine.drawn
        self._apply(seat, move, code)
        out.append(Answered(EventKind.WIN, seat, drawn))
        return out

    def _answer(
        self, seat: int, move: Move, code: tuple[int, int, int, int], before: Any
    ) -> list[Event]:
        """An answer in a window; when it closes the window, what followed (a claim and its
        replacement, a robbed or unrobbed kong's replacement, the next seat's draw)."""
        engine = self.engine
        phase = before[_PHASE]
        window = engine.window()
        tile, source = window[1], window[2]
        melds = [len(engine.melds(s)) for s in range(SEATS)]
        self._apply(seat, move, code)
        kind = move.kind
        out: list[Event] = []
        if kind is MoveKind.PASS:
            out.append(PASSED[seat][tile])
        elif kind is MoveKind.KONG:
            out.append(KongDeclared(seat, tile, "exposed"))
        else:
            out.append(Answered(_ANSWER[kind], seat, tile, move.tiles))
        after = engine.marks()
        if after[_PHASE] == phase:
            return out  # the window is still open
        if phase == _ROB:
            end = engine.end()
            if end is None or end[0] < 0:  # nobody robbed: the kong's replacement
                self._draws(out, source, before, after, from_back=True)
            return out
        if after[_PHASE] == _OVER and engine.end()[0] >= 0 and after[_MELDS] == before[_MELDS]:
            return out  # a win on the discard
        for claimer in range(SEATS):
            now = engine.melds(claimer)
            if len(now) > melds[claimer]:
                meld = now[-1]
                out.append(Claimed(claimer, tile, _MELD_NAME[meld[0]], source))
                if meld[0] == _KONG:
                    self._draws(out, claimer, before, after, from_back=True)
                return out
        self._draws(out, (source + 1) & 3, before, after, from_back=False)
        return out

    def _apply(self, seat: int, move: Move, code: tuple[int, int, int, int]) -> None:
        if self.engine.apply(seat, *code):
            raise ValueError(f"the engine refuses seat {seat}'s {move}")

    def _draws(
        self, out: list[Event], seat: int, before: Any, after: Any, *, from_back: bool
    ) -> None:
        """The draws (and flowers) ``seat`` made between ``before`` and ``after``."""
        tiles = self.tiles
        if self.four:
            taken = after[_TAKEN + seat] - before[_TAKEN + seat]
            start = self.starts[seat] + before[_TAKEN + seat]
            for i in range(taken):
                out.append(DREW[seat][from_back])
                tile = tiles[start + i]
                if tile > _LAST_STANDARD:  # pragma: no cover - four walls hold no flowers
                    out.append(FlowerExposed(seat, tile))
            return
        drawn: list[tuple[int, bool]] = []
        if after[_FRONT] > before[_FRONT]:
            drawn.append((tiles[before[_FRONT]], False))
        for i in range(before[_BACK] - after[_BACK]):
            drawn.append((tiles[before[_BACK] - 1 - i], True))
        for tile, back in drawn:
            out.append(DREW[seat][back])
            if tile > _LAST_STANDARD:
                out.append(FlowerExposed(seat, tile))
