"""The wall of decision 12: the seeded order, the positional deal, the front and the back.

Decision 12 is written out in docs/decisions.md.

The order is bit-compatible with the published construction of the Game::Mahjong wall, so a
seed published by a site that uses it replays here. The key of a hand is the seed's bytes
immediately followed by ``hand:<n>:<counter>`` (no separator); each SHA-256 digest gives
eight big-endian 32-bit words, and the counter moves on when they run out. Fisher–Yates runs
from the last index down to 1: for index ``i`` with ``n = i + 1`` choices, a word at or above
the largest multiple of ``n`` below 2**32 is rejected (no modulo bias), otherwise
``j = word % n`` and positions ``i`` and ``j`` swap. The wall is the set of 144
(:func:`mahjongkit.tiles.full_set`) read in that order.

Draws take the front, replacements (after a kong or a flower) the back, and there is no dead
wall: every tile is drawable, the last one included (3.4.20, 3.4.30).

>>> wall = Wall.from_seed("demo", hand_no=1)
>>> len(wall), sorted(wall.tiles) == full_set()
(144, True)
>>> hands = wall.deal(dealer=0)
>>> [len(h) for h in hands], len(wall)
([14, 13, 13, 13], 91)
>>> front, back = wall.peek_front(), wall.peek_back()
>>> wall.draw() == front, wall.replace() == back, len(wall)
(True, True, 89)
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Final

from mahjongkit.tiles import KINDS, check_kind, code, copies, full_set

TILE_COUNT: Final = 144
"""Tiles in the set."""
DEAL_COUNT: Final = 53
"""Tiles the deal takes from the front: 13 to each seat and the dealer's fourteenth."""
SEATS: Final = 4


def seed_bytes(seed: str | bytes) -> bytes:
    """The key bytes of a seed: a ``str`` is encoded as UTF-8, ``bytes`` are taken as they are.

    >>> seed_bytes("ab"), seed_bytes(b"\\x00\\xff")
    (b'ab', b'\\x00\\xff')
    >>> seed_bytes("")
    Traceback (most recent call last):
    ValueError: the seed is empty: give a non-empty string or bytes
    """
    if isinstance(seed, str):
        data = seed.encode("utf-8")
    elif isinstance(seed, (bytes, bytearray)):
        data = bytes(seed)
    else:
        raise TypeError(f"a seed is str or bytes, not {type(seed).__name__}")
    if not data:
        raise ValueError("the seed is empty: give a non-empty string or bytes")
    return data


def check_hand_no(hand_no: int) -> int:
    """Return ``hand_no`` if it is a hand number (an int from 1); raise otherwise."""
    if isinstance(hand_no, bool) or not isinstance(hand_no, int):
        raise TypeError(f"a hand number is an int, not {type(hand_no).__name__}")
    if hand_no < 1:
        raise ValueError(f"hand numbers start at 1, not {hand_no}")
    return hand_no


def _words(key: bytes, hand_no: int) -> Iterator[int]:
    """The word stream of a hand: big-endian 32-bit words of SHA-256(key + hand:n:counter).

    The first 144 words (one a swap of the shuffle, bar a rare rejection) are hashed in one
    go; the stream goes on digest by digest after them."""
    sha256 = hashlib.sha256
    block = b"".join(
        sha256(key + f"hand:{hand_no}:{counter}".encode("ascii")).digest()
        for counter in range(_FIRST_DIGESTS)
    )
    return chain(_FIRST_WORDS.unpack(block), _more_words(key, hand_no, _FIRST_DIGESTS))


def _more_words(key: bytes, hand_no: int, counter: int) -> Iterator[int]:
    unpack = _EIGHT_WORDS.unpack
    while True:
        yield from unpack(
            hashlib.sha256(key + f"hand:{hand_no}:{counter}".encode("ascii")).digest()
        )
        counter += 1


_EIGHT_WORDS: Final = struct.Struct(">8I")
_FIRST_DIGESTS: Final = 18
_FIRST_WORDS: Final = struct.Struct(f">{8 * _FIRST_DIGESTS}I")
_LIMITS: Final = tuple((2**32 // choices) * choices if choices else 0 for choices in range(146))
"""Per number of choices, the first word that would bias the modulo (rejected)."""
_DOWN: Final = range(TILE_COUNT - 1, 0, -1)
_DOWN_LIMITS: Final = tuple(_LIMITS[i + 1] for i in _DOWN)


def order_for(seed: str | bytes, hand_no: int = 1) -> list[int]:
    """The seeded permutation of the positions 1..144 of the set, for one hand.

    >>> order = order_for("demo", 1)
    >>> len(order), sorted(order) == list(range(1, 145))
    (144, True)
    >>> order_for("demo", 1) == order, order_for("demo", 2) == order
    (True, False)
    """
    key = seed_bytes(seed)
    hand_no = check_hand_no(hand_no)
    sha256 = hashlib.sha256
    first = _FIRST_WORDS.unpack(
        b"".join(
            sha256(key + f"hand:{hand_no}:{counter}".encode("ascii")).digest()
            for counter in range(_FIRST_DIGESTS)
        )
    )
    order = list(range(1, TILE_COUNT + 1))
    # Nearly always no word is rejected and the swaps take the first 143 words in turn; on a
    # rejection the shuffle starts over word by word (the same stream, the same result).
    for i, word, limit in zip(_DOWN, first, _DOWN_LIMITS, strict=False):  # 144 words, 143 swaps
        if word >= limit:
            return _order_by_stream(key, hand_no)
        j = word % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _order_by_stream(key: bytes, hand_no: int) -> list[int]:
    words = _words(key, hand_no)
    order = list(range(1, TILE_COUNT + 1))
    limits = _LIMITS
    for i in range(TILE_COUNT - 1, 0, -1):
        limit = limits[i + 1]  # words at or above it would bias the modulo
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal_positions(dealer: int) -> list[int]:
    """The seat each of the first 53 tiles goes to: three rounds of four tiles to each seat
    from the dealer, then one each, then the dealer's fourteenth.

    >>> deal_positions(2)[:8], deal_positions(2)[48:]
    ([2, 2, 2, 2, 3, 3, 3, 3], [2, 3, 0, 1, 2])
    """
    dealer = check_seat(dealer)
    seats = []
    for _ in range(3):
        for step in range(SEATS):
            seats += [(dealer + step) % SEATS] * 4
    seats += [(dealer + step) % SEATS for step in range(SEATS)]
    seats.append(dealer)
    return seats


def check_seat(seat: int) -> int:
    """Return ``seat`` if it is 0 to 3; raise naming it if not (a programmer error)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is an int, not {type(seat).__name__}")
    if not 0 <= seat < SEATS:
        raise ValueError(f"not a seat: {seat} (seats are 0 to 3)")
    return seat


_FULL_SET: Final = tuple(full_set())
_DEAL_POSITIONS: Final = tuple(tuple(deal_positions(dealer)) for dealer in range(SEATS))


class Wall:
    """The tiles still to be drawn, front first.

    A wall is built from a seed (:meth:`from_seed`) or written out for a test
    (``Wall([...kinds...])``): a written wall need not be whole, but it may not hold more of a
    kind than the set does. ``draw`` takes the front, ``replace`` the back.

    >>> w = Wall([5, 28, 35])
    >>> w.draw(), w.replace(), w.tiles, w.is_empty
    (5, 35, (28,), False)
    >>> Wall([28] * 5)
    Traceback (most recent call last):
    ValueError: the wall holds 5 of E, the set only 4
    """

    __slots__ = ("_back", "_dealt", "_front", "_tiles")

    def __init__(self, tiles: Iterable[int]) -> None:
        kinds = [check_kind(kind) for kind in tiles]
        seen = [0] * (KINDS + 1)
        for kind in kinds:
            seen[kind] += 1
        for kind in range(1, KINDS + 1):
            if seen[kind] > copies(kind):
                raise ValueError(
                    f"the wall holds {seen[kind]} of {code(kind)}, the set only {copies(kind)}"
                )
        self._tiles: list[int] = kinds
        self._front = 0  # index of the next draw
        self._back = len(kinds)  # one past the next replacement
        self._dealt = False

    @classmethod
    def from_seed(
        cls,
        seed: str | bytes,
        hand_no: int = 1,
        *,
        shuffled: Callable[[bytes, int], list[int]] | None = None,
    ) -> Wall:
        """The whole wall of one hand of a seeded game (decision 12). ``shuffled`` is another
        implementation of the same (the C++ twin: the set read in :func:`order_for`'s order,
        from the seed's bytes and the hand number), trusted to agree."""
        wall = cls.__new__(cls)  # a permutation of the whole set: nothing to check
        if shuffled is not None:
            wall._tiles = shuffled(seed_bytes(seed), check_hand_no(hand_no))
        else:
            tiles = _FULL_SET
            wall._tiles = [tiles[position - 1] for position in order_for(seed, hand_no)]
        wall._front, wall._back, wall._dealt = 0, TILE_COUNT, False
        return wall

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles still in the wall, front first."""
        return tuple(self._tiles[self._front : self._back])

    def as_dealt(self) -> tuple[tuple[int, ...], ...]:
        """The wall as it was before the first tile was taken, front first: one tuple (the
        shared wall), or four for :class:`SeatWalls` (one a seat). What an engine deals from.

        >>> Wall([1, 2, 3]).as_dealt()
        ((1, 2, 3),)
        """
        return (tuple(self._tiles),)

    def __len__(self) -> int:
        return self._back - self._front

    @property
    def is_empty(self) -> bool:
        return self._back == self._front

    def peek_front(self) -> int:
        """The next draw (for tests; the rules never look)."""
        self._check_not_empty()
        return self._tiles[self._front]

    def peek_back(self) -> int:
        """The next replacement (for tests; the rules never look)."""
        self._check_not_empty()
        return self._tiles[self._back - 1]

    def draw(self) -> int:
        """Take the front tile."""
        self._check_not_empty()
        tile = self._tiles[self._front]
        self._front += 1
        return tile

    def replace(self) -> int:
        """Take the back tile: the replacement after a kong or a flower."""
        self._check_not_empty()
        self._back -= 1
        return self._tiles[self._back]

    def take(self, from_back: bool) -> int | None:
        """The back tile if ``from_back``, else the front one; ``None`` when the wall is
        empty (one call for the rules' draw, which handles the empty wall itself).

        >>> w = Wall([5, 28]); w.take(True), w.take(False), w.take(False)
        (28, 5, None)
        """
        if self._back == self._front:
            return None
        if from_back:
            self._back -= 1
            return self._tiles[self._back]
        self._front += 1
        return self._tiles[self._front - 1]

    def deal(self, dealer: int) -> list[list[int]]:
        """Deal the first 53 tiles positionally; each seat's tiles in the order received.

        Flowers are dealt like any tile: exposing and replacing them is the rules' job.
        """
        if self._dealt:
            raise ValueError("this wall has already been dealt")
        if len(self) < DEAL_COUNT:
            raise ValueError(f"the wall holds {len(self)} tiles, the deal needs {DEAL_COUNT}")
        positions = _DEAL_POSITIONS[check_seat(dealer)]
        front = self._front
        hands: list[list[int]] = [[], [], [], []]
        for seat, tile in zip(positions, self._tiles[front : front + DEAL_COUNT], strict=True):
            hands[seat].append(tile)
        self._front = front + DEAL_COUNT
        self._dealt = True
        return hands

    def copy(self) -> Wall:
        """An independent copy (same remaining tiles, same dealt flag)."""
        other = Wall.__new__(Wall)
        other._tiles = self._tiles
        other._front, other._back, other._dealt = self._front, self._back, self._dealt
        return other

    def _check_not_empty(self) -> None:
        if self._back == self._front:
            raise ValueError("the wall is empty")

    def __repr__(self) -> str:
        return f"Wall({len(self)} tiles: {' '.join(code(k) for k in self.tiles[:6])} ...)"


class SeatWalls(Wall):
    """Four walls, one a seat, each drawn from by its own seat only (the Botzone format:
    four walls of 34, no flowers). As a :class:`Wall` it reads as all four together (``tiles``
    seat by seat, ``len``, ``is_empty`` when every wall is); :meth:`take_for` and
    :meth:`empty` speak of one seat's wall.

    >>> walls = SeatWalls([[1, 2], [3], [], [4]])
    >>> walls.take_for(0), walls.empty(2), walls.tiles, len(walls)
    (1, True, (2, 3, 4), 3)
    """

    __slots__ = ("_seats",)

    def __init__(self, walls: Iterable[Iterable[int]]) -> None:
        seats = [Wall(tiles) for tiles in walls]
        if len(seats) != SEATS:
            raise ValueError(f"four walls, one a seat, not {len(seats)}")
        super().__init__(t for wall in seats for t in wall.tiles)  # checks the whole
        self._seats = seats

    @classmethod
    def from_seed(
        cls,
        seed: str | bytes,
        hand_no: int = 1,
        *,
        shuffled: Callable[[bytes, int], list[int]] | None = None,
    ) -> SeatWalls:
        """The seeded 144 (decision 12) less the flowers, cut into four walls of 34 in seat
        order (``shuffled`` as for :meth:`Wall.from_seed`)."""
        whole = Wall.from_seed(seed, hand_no, shuffled=shuffled)
        tiles = [t for t in whole.tiles if t <= _LAST_STANDARD]
        size = len(tiles) // SEATS
        return cls(tiles[seat * size : (seat + 1) * size] for seat in range(SEATS))

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(t for wall in self._seats for t in wall.tiles)

    def __len__(self) -> int:
        return sum(len(wall) for wall in self._seats)

    @property
    def is_empty(self) -> bool:
        return all(wall.is_empty for wall in self._seats)

    def as_dealt(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(wall._tiles) for wall in self._seats)

    def parts(self) -> tuple[tuple[int, ...], ...]:
        """The tiles left in each seat's wall, front (the next draw) first."""
        return tuple(wall.tiles for wall in self._seats)

    def left(self, seat: int) -> int:
        """How many tiles ``seat``'s own wall still holds."""
        return len(self._seats[seat])

    def empty(self, seat: int) -> bool:
        """Whether ``seat``'s own wall is empty."""
        return self._seats[seat].is_empty

    def take_for(self, seat: int) -> int | None:
        """The front of ``seat``'s wall, or ``None`` when it is empty."""
        return self._seats[seat].take(False)

    def peek_front(self) -> int:
        raise ValueError("four walls have no one front: use take_for(seat)")

    def peek_back(self) -> int:
        raise ValueError("four walls have no one back: use take_for(seat)")

    def draw(self) -> int:
        raise ValueError("four walls have no one front: use take_for(seat)")

    def replace(self) -> int:
        raise ValueError("four walls have no one back: use take_for(seat)")

    def take(self, from_back: bool) -> int | None:
        raise ValueError("four walls: use take_for(seat)")

    def deal(self, dealer: int) -> list[list[int]]:
        """Thirteen to each seat from its own wall, and the dealer's fourteenth from its."""
        if self._dealt:
            raise ValueError("these walls have already been dealt")
        hands = []
        for seat, wall in enumerate(self._seats):
            need = 14 if seat == dealer else 13
            if len(wall) < need:
                raise ValueError(
                    f"seat {seat}'s wall holds {len(wall)} tiles, the deal needs {need}"
                )
            hands.append([wall.draw() for _ in range(need)])
        self._dealt = True
        return hands

    def copy(self) -> SeatWalls:
        other = SeatWalls.__new__(SeatWalls)
        other._tiles, other._front, other._back = self._tiles, self._front, self._back
        other._dealt = self._dealt
        other._seats = [wall.copy() for wall in self._seats]
        return other

    def __repr__(self) -> str:
        return f"SeatWalls({', '.join(str(len(wall)) for wall in self._seats)} tiles)"


_LAST_STANDARD: Final = 34
