"""Settlement of a hand (decision 13, 3.9.1.2–3.9.1.3) and the standings of a game.

The decisions cited are written out in docs/decisions.md.
Every loser pays a base of 8; on a discard the discarder adds the hand's points, on a
self-draw every loser does; robbing a kong settles as a discard by the promoter; an exhausted
hand moves nothing. Points include flowers (the 8-point minimum does not). Deltas sum to zero.

>>> settle(winner=2, points=16, by=WinBy.DISCARD, discarder=0)
(-24, -8, 40, -8)
>>> settle(winner=1, points=10, by=WinBy.SELF_DRAWN)
(-18, 54, -18, -18)
>>> places((40, -10, 40, -70)), standings_winner((40, -10, 40, -70)) is None
((1, 3, 1, 4), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mahjongkit.mcr.scoring.context import WinBy, WinContext

BASE: Final = 8
"""What every loser pays the winner before the hand's points (3.9.1.2)."""
SEATS: Final = 4
HANDS: Final = 16
"""Hands in a game: four rounds (prevailing winds) of four (3.4.3, 3.4.4)."""


def settle(
    winner: int, points: int, by: WinBy, discarder: int | None = None
) -> tuple[int, int, int, int]:
    """The four seats' signed deltas for a won hand.

    ``discarder`` is the seat that discarded the winning tile, or the promoter of a robbed
    kong; it is required for a discard or a robbing win and must differ from the winner.

    >>> settle(winner=0, points=8, by=WinBy.ROBBING, discarder=3)
    (32, -8, -8, -16)
    >>> settle(winner=0, points=8, by=WinBy.DISCARD)
    Traceback (most recent call last):
    ValueError: a discard win needs the discarder's seat
    """
    _check_seat(winner, "winner")
    if isinstance(points, bool) or not isinstance(points, int):
        raise TypeError(f"points are an int, not {type(points).__name__}")
    if points < 0:
        raise ValueError(f"points cannot be negative: {points}")
    deltas = [0] * SEATS
    if by is WinBy.SELF_DRAWN:
        for seat in range(SEATS):
            if seat != winner:
                deltas[seat] = -(BASE + points)
    else:
        if discarder is None:
            raise ValueError(f"a {by.value} win needs the discarder's seat")
        _check_seat(discarder, "discarder")
        if discarder == winner:
            raise ValueError("the winner cannot have discarded the winning tile")
        for seat in range(SEATS):
            if seat != winner:
                deltas[seat] = -BASE
        deltas[discarder] -= points
    deltas[winner] = -sum(deltas)
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def places(totals: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking, highest total first; ties share a place and skip the next.

    >>> places((10, 10, 10, -30))
    (1, 1, 1, 4)
    """
    return tuple(1 + sum(1 for other in totals if other > total) for total in totals)


def standings_winner(totals: Sequence[int]) -> int | None:
    """The seat alone in first place, or ``None`` when first place is shared (a drawn game)."""
    ranked = places(totals)
    firsts = [seat for seat, place in enumerate(ranked) if place == 1]
    return firsts[0] if len(firsts) == 1 else None


@dataclass(frozen=True)
class FanLine:
    """One scored fan of a won hand, as the history records it: its number and key in the
    fan table, its English name, the points of one instance and how many times it scored."""

    number: int
    key: str
    name: str
    points: int
    times: int


@dataclass(frozen=True)
class HandRecord:
    """What the history keeps of one finished hand.

    ``winner``, ``by``, ``discarder`` (the discarder or the robbed promoter), ``tile`` and the
    scoring fields are ``None``/empty for an exhausted hand. ``points`` include flowers,
    ``basic`` does not. ``hand`` is the winner's fourteen in notation and ``context`` what
    the rules told the scorer, so a win can be scored again. ``totals`` are the running
    totals after the settlement.
    """

    hand_no: int
    dealer: int
    prevailing: int
    winner: int | None
    by: WinBy | None
    discarder: int | None
    tile: int | None
    points: int
    basic: int
    flowers: int
    fans: tuple[FanLine, ...]
    hand: str
    deltas: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]
    context: WinContext | None = None

    @property
    def exhausted(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Standings:
    """The end of a game: totals, places (ties share), the sole winner or ``None``."""

    totals: tuple[int, int, int, int]
    places: tuple[int, ...]
    winner: int | None

    @classmethod
    def of(cls, totals: Sequence[int]) -> Standings:
        """The standings of four totals.

        >>> Standings.of((5, -5, 0, 0)).places
        (1, 4, 2, 2)
        """
        four = (totals[0], totals[1], totals[2], totals[3])
        return cls(four, places(four), standings_winner(four))


def _check_seat(seat: int, what: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"the {what} is a seat (int), not {type(seat).__name__}")
    if not 0 <= seat < SEATS:
        raise ValueError(f"the {what} is not a seat: {seat} (seats are 0 to 3)")
