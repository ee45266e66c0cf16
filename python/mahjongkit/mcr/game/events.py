"""What happened: the typed events :meth:`mahjongkit.mcr.game.rules.Rules.take_outcomes` hands out.

Each event is a small frozen value of its own class (:class:`Drew` with its source,
:class:`Discarded`, :class:`Claimed`, :class:`HandEnded` with its record, …) whose fields say
what happened. All of them share one face, :class:`Event`: a ``kind``
(:class:`EventKind`), an ``actor`` (a seat, or ``None`` for the engine itself: the deal,
draws, claims taking effect, the end of a hand), the ``seat`` it concerns, a ``tile``, and
``details``, a JSON-friendly dict of the rest, so a log line or a JSON record reads the same
for every kind. Events are values: the same seed and moves give equal lists.

>>> e = Discarded(actor=2, tile=5)
>>> str(e), str(Drew(seat=1, source="back")), e.kind.value
('seat 2 discard 5m', 'sys drew seat=1 source=back', 'discard')
>>> Drew(seat=1, source="back").to_json()
{'kind': 'drew', 'actor': None, 'seat': 1, 'source': 'back'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Final

from mahjongkit.mcr.game.result import HandRecord
from mahjongkit.tiles import code

WIND_NAMES: Final = ("E", "S", "W", "N")


class EventKind(Enum):
    DEAL = "deal"  # a hand begins: hand_no, prevailing, dealer, seat winds
    FLOWER = "flower"  # a seat exposes a bonus tile (a replacement follows)
    DREW = "drew"  # the engine drew for a seat (source wall|back; the tile is not shown)
    DISCARD = "discard"
    KONG = "kong"  # how = concealed | promoted (on a turn) | exposed (a window's answer)
    PASS = "pass"  # answers in a window
    CHOW = "chow"
    PUNG = "pung"
    WIN = "win"
    CLAIMED = "claimed"  # the window closed on a claim: the meld is made
    HAND_END = "hand_end"  # won or exhausted; details carry the record
    GAME_END = "game_end"  # after the last hand: totals, places, winner


class Event:
    """The face every event shares; the classes below say what each kind holds."""

    __slots__ = ()
    kind: ClassVar[EventKind]

    @property
    def actor(self) -> int | None:
        """The seat that acted, or ``None`` for the engine."""
        return None

    @property
    def seat(self) -> int | None:
        """The seat the engine's event concerns (a draw, a claim taking effect, a winner)."""
        return None

    @property
    def tile(self) -> int | None:
        return None

    @property
    def details(self) -> dict[str, Any]:
        """The rest, JSON-friendly (a fresh dict on every call)."""
        return {}

    def __str__(self) -> str:
        actor, seat, tile = self.actor, self.seat, self.tile
        parts = ["sys" if actor is None else f"seat {actor}", self.kind.value]
        if tile is not None:
            parts.append(code(tile))
        if seat is not None:
            parts.append(f"seat={seat}")
        parts += [f"{key}={value}" for key, value in self.details.items()]
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """A plain dict (for logs and golden files)."""
        out: dict[str, Any] = {"kind": self.kind.value, "actor": self.actor}
        seat, tile = self.seat, self.tile
        if seat is not None:
            out["seat"] = seat
        if tile is not None:
            out["tile"] = code(tile)
        out.update(self.details)
        return out


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A hand begins. Winds are 0 East to 3 North, ``seat_winds`` by seat."""

    kind: ClassVar[EventKind] = EventKind.DEAL
    hand_no: int
    prevailing: int
    dealer: int
    seat_winds: tuple[int, int, int, int]

    @property
    def details(self) -> dict[str, Any]:
        return {
            "hand_no": self.hand_no,
            "prevailing": WIND_NAMES[self.prevailing],
            "dealer": self.dealer,
            "seat_winds": [WIND_NAMES[w] for w in self.seat_winds],
        }


@dataclass(frozen=True, slots=True)
class FlowerExposed(Event):
    """A seat exposes a flower or season (its replacement is drawn next)."""

    kind: ClassVar[EventKind] = EventKind.FLOWER
    by: int
    flower: int

    @property
    def actor(self) -> int | None:
        return self.by

    @property
    def tile(self) -> int | None:
        return self.flower


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """The engine drew for ``seat`` from the wall's front (``"wall"``) or back (``"back"``).
    The tile is not part of the event: only the seat sees it."""

    kind: ClassVar[EventKind] = EventKind.DREW
    for_seat: int
    source: str

    def __init__(self, seat: int, source: str) -> None:
        object.__setattr__(self, "for_seat", seat)
        object.__setattr__(self, "source", source)

    @property
    def seat(self) -> int | None:
        return self.for_seat

    @property
    def details(self) -> dict[str, Any]:
        return {"source": self.source}


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[EventKind] = EventKind.DISCARD
    by: int
    discarded: int

    def __init__(self, actor: int, tile: int) -> None:
        object.__setattr__(self, "by", actor)
        object.__setattr__(self, "discarded", tile)

    @property
    def actor(self) -> int | None:
        return self.by

    @property
    def tile(self) -> int | None:
        return self.discarded


@dataclass(frozen=True, slots=True)
class KongDeclared(Event):
    """A kong: ``how`` is ``concealed`` or ``promoted`` on a turn, ``exposed`` when it
    answers a window (then it takes effect only if the window closes on it)."""

    kind: ClassVar[EventKind] = EventKind.KONG
    by: int
    of: int
    how: str

    @property
    def actor(self) -> int | None:
        return self.by

    @property
    def tile(self) -> int | None:
        return self.of

    @property
    def details(self) -> dict[str, Any]:
        return {"how": self.how}


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A seat's answer in a window on ``on``: a pass, chow (with its two held tiles), pung or
    win (a kong answer is a :class:`KongDeclared` with ``how="exposed"``); also a seat's win
    on its turn, ``on`` then being the drawn tile."""

    answer: EventKind
    by: int
    on: int
    tiles: tuple[int, int] | None = None

    @property
    def kind(self) -> EventKind:  # type: ignore[override]
        return self.answer

    @property
    def actor(self) -> int | None:
        return self.by

    @property
    def tile(self) -> int | None:
        return self.on

    @property
    def details(self) -> dict[str, Any]:
        return {"tiles": [code(t) for t in self.tiles]} if self.tiles else {}


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """The window closed on a claim: ``claimer`` makes the meld (``chow``, ``pung`` or
    ``kong``) with ``from_seat``'s discard."""

    kind: ClassVar[EventKind] = EventKind.CLAIMED
    claimer: int
    claimed: int
    meld: str
    from_seat: int

    @property
    def seat(self) -> int | None:
        return self.claimer

    @property
    def tile(self) -> int | None:
        return self.claimed

    @property
    def details(self) -> dict[str, Any]:
        return {"meld": self.meld, "from": self.from_seat}


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """A hand is over, won or exhausted; ``record`` is what the history keeps of it."""

    kind: ClassVar[EventKind] = EventKind.HAND_END
    record: HandRecord = field(repr=False)

    @property
    def seat(self) -> int | None:
        return self.record.winner

    @property
    def tile(self) -> int | None:
        return self.record.tile

    @property
    def details(self) -> dict[str, Any]:
        r = self.record
        return {
            "hand_no": r.hand_no,
            "how": r.by.value if r.by is not None else "exhausted",
            "from": r.discarder,
            "points": r.points,
            "deltas": list(r.deltas),
            "totals": list(r.totals),
        }


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: ``result`` is ``score`` (one seat alone first) or ``draw``."""

    kind: ClassVar[EventKind] = EventKind.GAME_END
    winner: int | None
    result: str
    totals: tuple[int, int, int, int]
    places: tuple[int, ...]

    @property
    def seat(self) -> int | None:
        return self.winner

    @property
    def details(self) -> dict[str, Any]:
        return {"result": self.result, "totals": list(self.totals), "places": list(self.places)}


# Events are frozen values: the most frequent (a draw, a discard, a pass) are made once and
# shared by every hand that plays them (the hand layer and the engine's events alike),
# indexed by seat, then by where the draw came from (front 0, back 1) or by tile (0 unused).
DREW: Final = tuple((Drew(seat, "wall"), Drew(seat, "back")) for seat in range(4))
DISCARDED: Final = tuple(tuple(Discarded(seat, tile) for tile in range(35)) for seat in range(4))
PASSED: Final = tuple(
    tuple(Answered(EventKind.PASS, seat, tile) for tile in range(35)) for seat in range(4)
)
