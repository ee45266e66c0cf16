"""The rules' typed events of a hand played on the C++ hand engine, from what the engine
tells of each move, so that a driver of the engine hands out the events the hand layer
(``hand_state.py`` + ``window.py``) emits, without a rule of its own.

The engine writes what a move did as it takes the move's steps (``cpp/core/mcr/engine_log.hpp``):
the move, then the draws and replacements, the flowers, a claim and the end it caused, each
record one packed int; ``HandEngine.apply_told`` applies a move and returns them, and
``apply_events`` looks each up in a table the caller gives. :class:`EventDriver` gives its
table of events (each record's event made when first met, then shared, as events are
values), so a move's events cross as one list, with no Python step a record.
:func:`deal_events` gives a deal's flowers and replacements (the positional deal of
:mod:`mahjongkit.mcr.hand.wall`, in ``HandState.deal``'s order) from the wall, in Python;
:func:`deal_told` and :func:`deal_seed_told` deal an engine and give the same events as the
engine tells them (the two held equal by ``tests/conformance/test_mcr_engine_deal.py``).
The events of the end of a hand and of the game (``HandEnded``, ``Dealt``, ``GameEnded``)
belong to the match, not to the hand.

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

from collections.abc import Callable, Sequence
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
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.window import Window
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.context import WinContext

__all__ = ["EventDriver", "deal_events", "deal_seed_told", "deal_told"]

_LAST_STANDARD: Final = 34
# The engine's records (engine_log.hpp EngineRecord::packed): from the top, the kind (4 bits),
# `from` (3), the seat (3), the tile (6), a (6), b (6); the kinds as engine_log.hpp's Told.
_DRAW, _FLOWER, _DISCARD, _KONG, _PASS, _CHOW, _PUNG, _WIN, _CLAIMED, _END = range(10)
_FROM_BACK: Final = 2  # a draw's `from`: 1 the front, 2 the back (a replacement)
_HOW: Final = ("concealed", "promoted", "exposed")  # a kong's `from`
_MELD_NAME: Final = ("chow", "pung", "kong")  # a claim's `a`: the engine's set kinds
_KONG_MOVE: Final = 1  # MoveKind.KONG's number in an engine move


def _event(record: int) -> Event:
    """The event of one engine record (an end's has none: the match tells it, and
    ``apply_events`` leaves it out)."""
    kind, how, seat = record >> 24, record >> 21 & 7, record >> 18 & 7
    tile, a, b = record >> 12 & 63, record >> 6 & 63, record & 63
    if kind == _DRAW:
        return DREW[seat][how == _FROM_BACK]
    if kind == _FLOWER:
        return FlowerExposed(seat, tile)
    if kind == _DISCARD:
        return DISCARDED[seat][tile]
    if kind == _KONG:
        return KongDeclared(seat, tile, _HOW[how])
    if kind == _PASS:
        return PASSED[seat][tile]
    if kind == _CHOW:
        return Answered(EventKind.CHOW, seat, tile, (a, b))
    if kind == _PUNG:
        return Answered(EventKind.PUNG, seat, tile)
    if kind == _WIN:
        return Answered(EventKind.WIN, seat, tile)
    if kind == _CLAIMED:
        return Claimed(seat, tile, _MELD_NAME[a], how)
    raise ValueError(f"no event of the engine's record {record:#x}")


class _Told(dict[int, Event]):
    """Each record's event, made when first met and then shared (events are values)."""

    def __missing__(self, record: int) -> Event:
        event = self[record] = _event(record)
        return event


_TOLD: Final = _Told()


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


def deal_told(engine: Any, tiles: Sequence[int]) -> list[Event]:
    """Deal one shared wall, ``tiles`` front first, to the undealt ``engine``: the events of
    the deal as the engine tells them, those :func:`deal_events` gives of the same wall.
    ``ValueError`` when the engine refuses the deal (a wall too short, an engine dealt).

    >>> from mahjongkit.mcr.game._cpp import hand_engine
    >>> from mahjongkit.mcr.game.variant import STANDARD
    >>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
    >>> wall = Wall.from_seed("deal", 1)
    >>> engine = hand_engine(GREEN_BOOK, STANDARD, dealer=2, prevailing=0)
    >>> deal_told(engine, wall.tiles) == deal_events(wall, 2)
    True
    """
    events: list[Event] | None = engine.deal_shared_events(_TOLD, list(tiles))
    if events is None:
        raise ValueError("the engine refuses the deal: a wall too short, or an engine dealt")
    return events


def deal_seed_told(engine: Any, seed: bytes, hand_no: int, flowers: bool) -> list[Event]:
    """Deal hand ``hand_no`` of ``seed`` to the undealt ``engine`` (its ``deal_seed``): the
    events of the deal as the engine tells them (none with four walls or without flowers).
    ``ValueError`` when the engine refuses the deal (an engine dealt).

    >>> from mahjongkit.mcr.game._cpp import hand_engine
    >>> from mahjongkit.mcr.game.variant import STANDARD
    >>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
    >>> engine = hand_engine(GREEN_BOOK, STANDARD, dealer=0, prevailing=0)
    >>> deal_seed_told(engine, b"deal", 1, True) == deal_events(Wall.from_seed("deal", 1), 0)
    True
    """
    events: list[Event] | None = engine.deal_seed_events(_TOLD, seed, hand_no, flowers)
    if events is None:
        raise ValueError("the engine refuses the deal: an engine dealt")
    return events


class EventDriver:
    """Moves applied to one dealt hand engine, with the events each made; the hand layer's
    values of the hand (:meth:`hand`, :meth:`window`, :meth:`end`, :mod:`.engine_values`)
    with what only the driver sees: the promoted kongs.

    A refused move raises ``ValueError`` (a driver applies legal moves; the refusal as a value
    is the engine's ``verify``)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.promoted: set[tuple[int, int]] = set()  # (seat, kind) of each promoted kong

    def copy(self) -> EventDriver:
        """An independent copy: the engine cloned (a value copy), the driver's own state
        copied."""
        other = EventDriver.__new__(EventDriver)
        other.engine = self.engine.clone()
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
        events: list[Event] | None = self.engine.apply_events(_TOLD, seat, *code)
        if events is None:
            raise ValueError(f"the engine refuses seat {seat}'s {move}")
        if code[0] == _KONG_MOVE and code[1]:  # a turn's kong: its event says how
            first = events[0]
            assert isinstance(first, KongDeclared)
            if first.how == "promoted":
                self.promoted.add((seat, code[1]))
        return events
