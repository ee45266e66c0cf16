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
from collections.abc import Iterable, Iterator
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
    """The word stream of a hand: big-endian 32-bit words of SHA-256(key + hand:n:counter)."""
    counter = 0
    while True:
        digest = hashlib.sha256(key + f"hand:{hand_no}:{counter}".encode("ascii")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")
        counter += 1


def order_for(seed: str | bytes, hand_no: int = 1) -> list[int]:
    """The seeded permutation of the positions 1..144 of the set, for one hand.

    >>> order = order_for("demo", 1)
    >>> len(order), sorted(order) == list(range(1, 145))
    (144, True)
    >>> order_for("demo", 1) == order, order_for("demo", 2) == order
    (True, False)
    """
    key = seed_bytes(seed)
    words = _words(key, check_hand_no(hand_no))
    order = list(range(1, TILE_COUNT + 1))
    for i in range(TILE_COUNT - 1, 0, -1):
        choices = i + 1
        limit = (2**32 // choices) * choices  # words at or above it would bias the modulo
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % choices
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
    def from_seed(cls, seed: str | bytes, hand_no: int = 1) -> Wall:
        """The whole wall of one hand of a seeded game (decision 12)."""
        tiles = full_set()
        return cls(tiles[position - 1] for position in order_for(seed, hand_no))

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles still in the wall, front first."""
        return tuple(self._tiles[self._front : self._back])

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

    def deal(self, dealer: int) -> list[list[int]]:
        """Deal the first 53 tiles positionally; each seat's tiles in the order received.

        Flowers are dealt like any tile: exposing and replacing them is the rules' job.
        """
        if self._dealt:
            raise ValueError("this wall has already been dealt")
        if len(self) < DEAL_COUNT:
            raise ValueError(f"the wall holds {len(self)} tiles, the deal needs {DEAL_COUNT}")
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        for seat in deal_positions(dealer):
            hands[seat].append(self.draw())
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
