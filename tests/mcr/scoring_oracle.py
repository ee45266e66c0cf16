"""Adapter from our hands and win contexts to pymahjonggb (``import MahjongGB``), the oracle.

Test-only: the engine never imports it. Calling convention as verified in
``mcr-anchors.md`` §3: tiles ``W``/``B``/``T`` + rank for characters/dots/bamboo, ``F1``–``F4``
winds, ``J1``–``J3`` red/green/white; packs ``(type, tile, offer)`` with a chow named by its
middle tile and offer 0 only for a concealed kong; ``hand`` excludes the winning tile.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.mcr.scoring.score import HandLike

try:
    import MahjongGB as _gb
except ImportError:  # the oracle tests skip themselves
    _gb = None

AVAILABLE = _gb is not None

# fan names as the oracle prints them (Chinese) -> our fan number
_BY_CHINESE = {fan.chinese: fan.number for fan in FANS.values()}
_BY_CHINESE.update({"独听・边张": 77, "独听・嵌张": 78, "独听・单钓": 79, "明暗杠": 82})


def gb_tile(kind: int) -> str:
    """Our kind (1–34) as the oracle's tile code."""
    if kind <= 27:
        return "WBT"[(kind - 1) // 9] + str((kind - 1) % 9 + 1)
    if kind <= 31:
        return f"F{kind - 27}"
    return f"J{kind - 31}"


def gb_arguments(hand: HandLike, context: WinContext) -> dict[str, Any]:
    """The oracle's keyword arguments for our hand (holding the winning tile) and context."""
    packs = []
    for meld in hand.melds:
        tile = gb_tile(meld.first)
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", gb_tile(meld.first + 1), 2))
        elif meld.kind is MeldKind.PUNG:
            packs.append(("PENG", tile, 1))
        else:
            packs.append(("GANG", tile, 0 if meld.concealed else 1))
    tiles = [k for k in range(1, 35) for _ in range(hand.counts[k])]
    tiles.remove(context.winning)
    self_drawn = context.by is WinBy.SELF_DRAWN
    return {
        "pack": tuple(packs),
        "hand": tuple(gb_tile(k) for k in tiles),
        "winTile": gb_tile(context.winning),
        "flowerCount": len(hand.flowers),
        "isSelfDrawn": self_drawn,
        "is4thTile": context.last_tile,
        "isAboutKong": (self_drawn and context.replacement is Replacement.KONG)
        or context.by is WinBy.ROBBING,
        "isWallLast": context.last_of_wall,
        "seatWind": context.seat_wind,
        "prevalentWind": context.prevailing_wind,
    }


def gb_score(hand: HandLike, context: WinContext) -> tuple[Counter[int], int] | None:
    """The oracle's fans (our number -> times, flowers left out) and its basic total, or
    ``None`` when it says the hand is not a win."""
    assert _gb is not None, "pymahjonggb is not installed"
    try:
        result = _gb.MahjongFanCalculator(**gb_arguments(hand, context), verbose=True)
    except TypeError as error:
        if "ERROR_NOT_WIN" in str(error):
            return None
        raise
    fans: Counter[int] = Counter()
    basic = 0
    for unit, times, chinese, _english in result:
        number = _BY_CHINESE[chinese]
        if number == 81:
            continue
        fans[number] += times
        basic += unit * times
    return fans, basic


def raw_call(hand: HandLike, context: WinContext) -> Any:
    """The oracle's own answer, for timing (no translation)."""
    assert _gb is not None
    return _gb.MahjongFanCalculator(**gb_arguments(hand, context))
