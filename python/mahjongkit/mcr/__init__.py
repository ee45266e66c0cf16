"""Four-player Mahjong under the Chinese Official competition rules (MCR).

The foundations: :mod:`~mahjongkit.mcr.notation` (hands as text), :mod:`~mahjongkit.mcr.hand`
(one seat's tiles), :mod:`~mahjongkit.mcr.engine` (decomposition, waits and shanten through
the C++ core, or the pure-Python reference with ``impl="python"``).

>>> from mahjongkit.mcr import parse_hand, waits, shanten
>>> hand = parse_hand("1112345678999m")
>>> waits(hand), shanten(hand)
([1, 2, 3, 4, 5, 6, 7, 8, 9], 0)
"""

from .context import Replacement, WinBy, WinContext
from .engine import (
    acceptance,
    decompose,
    is_complete,
    shanten,
    shanten_after_discard,
    shanten_by_form,
    waits,
)
from .hand import Hand
from .meld import Meld, MeldKind
from .notation import format_hand, format_tiles, parse_hand, parse_tiles
from .rules import Rules
from .ruleset import GB, GREEN_BOOK, Ruleset
from .score import ScoreRefused, score, score_many
from .split import Form, SetKind, Split, TileSet, Wait
from .tally import Tally

__all__ = [
    "GB",
    "GREEN_BOOK",
    "Form",
    "Hand",
    "Meld",
    "MeldKind",
    "Replacement",
    "Rules",
    "Ruleset",
    "ScoreRefused",
    "SetKind",
    "Split",
    "Tally",
    "TileSet",
    "Wait",
    "WinBy",
    "WinContext",
    "acceptance",
    "decompose",
    "format_hand",
    "format_tiles",
    "is_complete",
    "parse_hand",
    "parse_tiles",
    "score",
    "score_many",
    "shanten",
    "shanten_after_discard",
    "shanten_by_form",
    "waits",
]
