"""The scorer's checks of a hand and its win context, shared by both scorers.

A hand the scorer cannot score raises :class:`ScoreRefused`, a ``ValueError`` whose message
names why and whose ``refusal`` is a :class:`Refusal` code; the C++ scorer answers with the
same codes, checked in the same order, and the message is worded here (so both paths refuse
with the same text). A wrong type (a context that is not a :class:`WinContext`, a meld that is
not a :class:`Meld`) is a programmer's error and raises ``TypeError``.

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> try:
...     validate(parse_hand("123m 456p 789s 234s 55m"), WinContext(winning=2**32 + 5))
... except ScoreRefused as error:
...     print(error.refusal.name)
WINNING_KIND
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final, Protocol

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.tiles import code

__all__ = [
    "NOT_COMPLETE",
    "HandLike",
    "Refusal",
    "ScoreRefused",
    "check_parts",
    "melds_of",
    "validate",
]


class HandLike(Protocol):
    """What the scorer reads of a hand: concealed ``counts`` indexed by kind (1–34), the
    ``melds`` on the table (concealed kongs included) and the exposed ``flowers``."""

    @property
    def counts(self) -> Sequence[int]: ...

    @property
    def melds(self) -> Sequence[Meld]: ...

    @property
    def flowers(self) -> Sequence[int]: ...


class Refusal(IntEnum):
    """Why a hand cannot be scored; the C++ core (``score_win``) answers with the same codes,
    in the same order of checks (0 is the C++ core's "scored")."""

    TILES = 0  # a count out of range, a bonus tile among the counts, a fifth copy, flowers
    SIZE = 1
    WINNING_KIND = 2
    SEAT_WIND = 3
    PREVAILING_WIND = 4
    WINNING_NOT_HELD = 5
    REPLACEMENT_NOT_SELF_DRAWN = 6
    KONG_REPLACEMENT_WITHOUT_KONG = 7
    FLOWER_REPLACEMENT_WITHOUT_FLOWER = 8
    ROBBING_HELD_COPY = 9
    ROBBING_LAST_OF_WALL = 10
    LAST_TILE_HELD_COPY = 11
    NOT_COMPLETE = 12


class ScoreRefused(ValueError):
    """A hand the scorer cannot score: a ``ValueError`` whose message names why, with the
    :class:`Refusal` code in ``refusal``."""

    def __init__(self, message: str, refusal: Refusal) -> None:
        super().__init__(message)
        self.refusal = refusal


NOT_COMPLETE: Final = "not a complete hand: no four sets and a pair, nor a special form"


def fail(message: str, refusal: Refusal = Refusal.TILES) -> ScoreRefused:
    return ScoreRefused(message, refusal)


def melds_of(hand: HandLike) -> tuple[Meld, ...]:
    """The melds of a hand-like value; ``TypeError`` for a value that is not one (``None``,
    a string), so a wrong type is named as such and not as a missing attribute."""
    if not all(hasattr(hand, name) for name in ("counts", "melds", "flowers")):
        raise TypeError(
            f"a hand is a Hand (or has counts, melds and flowers), not {type(hand).__name__}"
        )
    return tuple(hand.melds)


def check_parts(hand: HandLike, melds: tuple[Meld, ...]) -> tuple[list[int], list[int], list[int]]:
    """Concealed counts, whole counts and flowers of any hand-like value, checked (a
    :class:`Hand` checked them when it was made)."""
    raw = hand.counts
    concealed = [0] * 35
    for kind in range(1, 35):
        n = raw[kind]
        if not 0 <= n <= 4:
            raise fail(f"the hand holds {n} of {code(kind)} (0 to 4 allowed)")
        concealed[kind] = n
    for kind in range(35, len(raw)):
        if raw[kind]:
            raise fail(f"{code(kind)} is a bonus tile: list it among the flowers")
    whole = concealed[:]
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"a meld is a Meld, not {type(meld).__name__}")
        for kind in meld.tiles:
            whole[kind] += 1
    for kind in range(1, 35):
        if whole[kind] > 4:
            raise fail(f"the hand holds {whole[kind]} copies of {code(kind)} (at most 4)")
    flowers = list(hand.flowers)
    if len(set(flowers)) != len(flowers) or not all(35 <= f <= 42 for f in flowers):
        raise fail(f"flowers must be distinct bonus tiles (F1–F4, T1–T4), not {flowers}")
    return concealed, whole, flowers


def read_hand(hand: HandLike) -> tuple[list[int], list[int], tuple[Meld, ...], int]:
    """Concealed counts (index = kind, 35 long), whole-hand counts, melds, flowers."""
    melds = melds_of(hand)
    if isinstance(hand, Hand):
        concealed = list(hand.counts)
        whole = concealed[:]
        for meld in melds:
            for kind in meld.tiles:
                whole[kind] += 1
        flowers = list(hand.flowers)
    else:
        concealed, whole, flowers = check_parts(hand, melds)
    size = sum(concealed) + 3 * len(melds)
    if size != 14:
        raise fail(
            f"a winning hand holds 14 tiles with the winning tile (each meld counting three), "
            f"not {size}",
            Refusal.SIZE,
        )
    return concealed, whole, melds, len(flowers)


def check_context(
    ctx: WinContext,
    concealed: list[int],
    whole: list[int],
    melds: Sequence[Meld],
    flowers: int,
    ruleset: Ruleset,
) -> None:
    """Raise what is wrong with the context of this hand, in the C++ core's order."""
    if not isinstance(ctx, WinContext):
        raise TypeError(f"context is a WinContext, not {type(ctx).__name__}")
    win = ctx.winning
    if isinstance(win, bool) or not isinstance(win, int) or not 1 <= win <= 34:
        raise fail(
            f"the winning tile must be a kind from 1 to 34, not {win!r}", Refusal.WINNING_KIND
        )
    for label, wind, refusal in (
        ("seat", ctx.seat_wind, Refusal.SEAT_WIND),
        ("prevailing", ctx.prevailing_wind, Refusal.PREVAILING_WIND),
    ):
        if not isinstance(wind, int):
            raise TypeError(f"the {label} wind is an int, not {type(wind).__name__}")
        if not 0 <= wind <= 3:
            raise fail(f"the {label} wind is 0 (East) to 3 (North), not {wind}", refusal)
    if not isinstance(ctx.by, WinBy) or not (
        ctx.replacement is None or isinstance(ctx.replacement, Replacement)
    ):
        raise TypeError("by is a WinBy and replacement a Replacement or None")
    if concealed[win] == 0:
        raise fail(
            f"the hand does not hold the winning tile {code(win)} among its tiles",
            Refusal.WINNING_NOT_HELD,
        )
    if ctx.replacement is not None and ctx.by is not WinBy.SELF_DRAWN:
        raise fail(
            "a win on a replacement tile is a self-draw, not a win on another's tile",
            Refusal.REPLACEMENT_NOT_SELF_DRAWN,
        )
    if ctx.replacement is Replacement.KONG and not any(m.kind is MeldKind.KONG for m in melds):
        raise fail(
            "a win on a kong replacement needs a kong in the hand",
            Refusal.KONG_REPLACEMENT_WITHOUT_KONG,
        )
    if ctx.replacement is Replacement.FLOWER and flowers == 0:
        raise fail(
            "a win on a flower replacement needs an exposed flower",
            Refusal.FLOWER_REPLACEMENT_WITHOUT_FLOWER,
        )
    if ctx.by is WinBy.ROBBING:
        if whole[win] != 1:
            raise fail(
                f"robbing a kong of {code(win)}: the other three are in the promoted pung, "
                "so the hand cannot hold another",
                Refusal.ROBBING_HELD_COPY,
            )
        if ctx.last_of_wall and not ruleset.robbing_on_last_tile:
            raise fail(
                f"no kong can be robbed on the last tile under {ruleset.name}: a kong needs a "
                "replacement (the ruleset's robbing_on_last_tile)",
                Refusal.ROBBING_LAST_OF_WALL,
            )
    if ctx.last_tile and concealed[win] > 1:
        raise fail(
            f"last tile of {code(win)}: the other three copies were visible, so the hand "
            "cannot hold another",
            Refusal.LAST_TILE_HELD_COPY,
        )


def validate(hand: HandLike, context: WinContext, ruleset: Ruleset = GREEN_BOOK) -> None:
    """Raise what is wrong with the hand or the context (nothing when both can be scored,
    short of the hand being complete)."""
    concealed, whole, melds, flowers = read_hand(hand)
    check_context(context, concealed, whole, melds, flowers, ruleset)
