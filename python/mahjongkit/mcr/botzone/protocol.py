"""Botzone's Chinese Standard Mahjong messages: requests to a bot, responses from it.

Requests (the judge to a bot; ``p`` a seat 0–3, tiles in Botzone names, see
:mod:`~mahjongkit.mcr.botzone.tiles`):

=========================== ===========================================================
``0 id quan``               your seat and the prevailing wind (0 East … 3 North)
``1 f0 f1 f2 f3 <13> <fl>`` your thirteen tiles; how many bonus tiles each seat exposed
                            at the deal, then those tiles, seat 0's first
``2 T``                     you drew ``T``
``3 p DRAW``                seat ``p`` drew (the tile is hidden)
``3 p BUHUA T``             seat ``p`` drew the bonus tile ``T`` and will draw again
``3 p PLAY T``              seat ``p`` discarded ``T``
``3 p PENG T``              seat ``p`` claimed the last discard as a pung, then discarded ``T``
``3 p CHI M T``             seat ``p`` claimed it as the chow whose middle tile is ``M``,
                            then discarded ``T``
``3 p GANG``                seat ``p`` made a kong: of the last discard if one was just
                            made, else a concealed one (its tile hidden)
``3 p BUGANG T``            seat ``p`` added ``T`` to its exposed pung of ``T``
=========================== ===========================================================

Responses (a bot to the judge): ``PASS``; after ``2 T``: ``PLAY X``, ``GANG T``
(concealed), ``BUGANG T``, ``HU``; after another seat's discard: ``PENG X`` and ``CHI M X``
(claim, then discard ``X``), ``GANG`` (an exposed kong), ``HU``; after ``BUGANG``: ``HU``
(robbing the kong). Every other request is answered ``PASS``.

>>> Request.parse("3 2 CHI T2 W3")
Request.parse('3 2 CHI T2 W3')
>>> r = Request.parse("1 0 1 0 0 W1 W1 W2 B3 B4 B5 T7 T8 T9 F1 F1 J2 J3 H4")
>>> r.kind.value, r.flower_counts, len(r.hand), r.flowers
('deal', (0, 1, 0, 0), 13, ((), (38,), (), ()))
>>> Response.parse("CHI B4 W9").middle, str(Response.parse(" PLAY  F1 "))
(13, 'PLAY F1')
>>> Response.parse("PLAY X9")
Traceback (most recent call last):
ValueError: bad response 'PLAY X9': not a Botzone tile name: 'X9' ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from mahjongkit.mcr.botzone.tiles import from_botzone, to_botzone
from mahjongkit.tiles import is_bonus

KEEP_RUNNING: Final = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""The line a bot prints after its answer to stay alive for the next request."""
SEATS: Final = 4


class RequestKind(Enum):
    SEAT = "seat"  # 0 id quan
    DEAL = "deal"  # 1 ...
    DRAW = "draw"  # 2 T (you) or 3 p DRAW (another seat)
    FLOWER = "flower"  # 3 p BUHUA T
    PLAY = "play"  # 3 p PLAY T
    PENG = "peng"  # 3 p PENG T
    CHI = "chi"  # 3 p CHI M T
    GANG = "gang"  # 3 p GANG
    BUGANG = "bugang"  # 3 p BUGANG T


@dataclass(frozen=True)
class Request:
    """One request. ``seat`` is the acting seat (for ``0 id quan``, the bot's own; for
    ``2 T``, ``None``: the bot itself drew); ``tile`` the drawn, bonus, discarded or promoted
    tile (after ``PENG``/``CHI``, the discard that followed); ``middle`` a chow's middle."""

    kind: RequestKind
    seat: int | None = None
    tile: int | None = None
    middle: int | None = None
    quan: int | None = None
    flower_counts: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    flowers: tuple[tuple[int, ...], ...] = ()

    @property
    def own_draw(self) -> bool:
        return self.kind is RequestKind.DRAW and self.seat is None

    def __str__(self) -> str:
        k = self.kind
        if k is RequestKind.SEAT:
            return f"0 {self.seat} {self.quan}"
        if k is RequestKind.DEAL:
            words = ["1", *map(str, self.flower_counts), *map(to_botzone, self.hand)]
            words += [to_botzone(t) for seat in self.flowers for t in seat]
            return " ".join(words)
        if self.own_draw:
            return f"2 {to_botzone(self.tile or 0)}"
        head = f"3 {self.seat} {_WORD[k]}"
        if k is RequestKind.CHI:
            return f"{head} {to_botzone(self.middle or 0)} {to_botzone(self.tile or 0)}"
        if self.tile is not None and k is not RequestKind.DRAW:
            return f"{head} {to_botzone(self.tile)}"
        return head

    def __repr__(self) -> str:
        return f"Request.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Request:
        """The request a line spells; ``ValueError`` quoting the line when it is none."""
        try:
            return _parse_request(text.split())
        except (ValueError, IndexError) as error:
            raise ValueError(f"bad request {text.strip()!r}: {error}") from None


_WORD: Final = {
    RequestKind.DRAW: "DRAW",
    RequestKind.FLOWER: "BUHUA",
    RequestKind.PLAY: "PLAY",
    RequestKind.PENG: "PENG",
    RequestKind.CHI: "CHI",
    RequestKind.GANG: "GANG",
    RequestKind.BUGANG: "BUGANG",
}
_KIND_OF_WORD: Final = {word: kind for kind, word in _WORD.items()}


def _seat(word: str) -> int:
    if word not in ("0", "1", "2", "3"):
        raise ValueError(f"{word!r} is not a seat (0 to 3)")
    return int(word)


def _standard(word: str) -> int:
    kind = from_botzone(word)
    if is_bonus(kind):
        raise ValueError(f"{word} is a bonus tile, not a playing tile")
    return kind


def _bonus(word: str) -> int:
    kind = from_botzone(word)
    if not is_bonus(kind):
        raise ValueError(f"{word} is not a bonus tile (H1-H8)")
    return kind


def _count(words: list[str], n: int) -> None:
    if len(words) != n:
        raise ValueError(f"expected {n} words, got {len(words)}")


def _parse_request(words: list[str]) -> Request:
    if not words:
        raise ValueError("empty")
    head = words[0]
    if head == "0":
        _count(words, 3)
        return Request(RequestKind.SEAT, seat=_seat(words[1]), quan=_seat(words[2]))
    if head == "1":
        counts = tuple(int(w) for w in words[1:5])
        if len(counts) != SEATS or any(c < 0 or c > 8 for c in counts):
            raise ValueError("four flower counts (0 to 8) come first")
        _count(words, 5 + 13 + sum(counts))
        hand = tuple(_standard(w) for w in words[5:18])
        bonus = [_bonus(w) for w in words[18:]]
        flowers, start = [], 0
        for c in counts:
            flowers.append(tuple(bonus[start : start + c]))
            start += c
        return Request(RequestKind.DEAL, flower_counts=counts, hand=hand, flowers=tuple(flowers))
    if head == "2":
        _count(words, 2)
        return Request(RequestKind.DRAW, tile=_standard(words[1]))
    if head != "3":
        raise ValueError(f"unknown request type {head!r} (0, 1, 2 or 3)")
    seat = _seat(words[1])
    kind = _KIND_OF_WORD.get(words[2])
    if kind is None:
        raise ValueError(f"unknown action {words[2]!r}")
    if kind in (RequestKind.DRAW, RequestKind.GANG):
        _count(words, 3)
        return Request(kind, seat=seat)
    if kind is RequestKind.FLOWER:
        _count(words, 4)
        return Request(kind, seat=seat, tile=_bonus(words[3]))
    if kind is RequestKind.CHI:
        _count(words, 5)
        return Request(kind, seat=seat, middle=_standard(words[3]), tile=_standard(words[4]))
    _count(words, 4)
    return Request(kind, seat=seat, tile=_standard(words[3]))


class ResponseKind(Enum):
    PASS = "PASS"
    PLAY = "PLAY"
    GANG = "GANG"  # with a tile: concealed, on one's draw; without: exposed, on a discard
    BUGANG = "BUGANG"
    HU = "HU"
    PENG = "PENG"
    CHI = "CHI"


_RESPONSE_WORDS: Final = {
    ResponseKind.PASS: (0,),
    ResponseKind.PLAY: (1,),
    ResponseKind.GANG: (0, 1),
    ResponseKind.BUGANG: (1,),
    ResponseKind.HU: (0,),
    ResponseKind.PENG: (1,),
    ResponseKind.CHI: (2,),
}


@dataclass(frozen=True)
class Response:
    """One response. ``tile`` is the discarded tile (``PLAY``, ``PENG``, ``CHI``) or the kong's
    tile (``GANG T``, ``BUGANG T``); ``middle`` the middle tile of a chow."""

    kind: ResponseKind
    tile: int | None = None
    middle: int | None = None

    def __str__(self) -> str:
        words = [self.kind.value]
        if self.middle is not None:
            words.append(to_botzone(self.middle))
        if self.tile is not None:
            words.append(to_botzone(self.tile))
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Response.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Response:
        """The response a line spells; ``ValueError`` quoting it when it is none."""
        words = text.split()
        try:
            if not words:
                raise ValueError("empty")
            try:
                kind = ResponseKind(words[0])
            except ValueError:
                raise ValueError(f"unknown response {words[0]!r}") from None
            args = words[1:]
            if len(args) not in _RESPONSE_WORDS[kind]:
                raise ValueError(f"wrong number of words for {kind.value}")
            tiles = [_standard(w) for w in args]
        except ValueError as error:
            raise ValueError(f"bad response {text.strip()!r}: {error}") from None
        if kind is ResponseKind.CHI:
            return cls(kind, tile=tiles[1], middle=tiles[0])
        return cls(kind, tile=tiles[0] if tiles else None)


PASS_RESPONSE: Final = Response(ResponseKind.PASS)
HU_RESPONSE: Final = Response(ResponseKind.HU)
