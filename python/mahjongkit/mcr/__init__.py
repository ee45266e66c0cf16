"""Four-player Mahjong under the Chinese Official competition rules (MCR).

The layers, each importing only those before it: :mod:`~mahjongkit.mcr.hand` (notation, hand,
meld, wall), :mod:`~mahjongkit.mcr.analysis` (decomposition, waits and shanten through the C++
core, or the pure-Python reference with ``impl="python"``), :mod:`~mahjongkit.mcr.scoring`
(fans, rulesets, the scorer), :mod:`~mahjongkit.mcr.game` (the rules state machine) and
:mod:`~mahjongkit.mcr.players` (bots, the terminal). The names below are the public API.

>>> from mahjongkit.mcr import parse_hand, waits, shanten
>>> hand = parse_hand("1112345678999m")
>>> waits(hand), shanten(hand)
([1, 2, 3, 4, 5, 6, 7, 8, 9], 0)
"""

from mahjongkit.mcr.analysis.engine import (
    acceptance,
    decompose,
    is_complete,
    shanten,
    shanten_after_discard,
    shanten_by_form,
    waits,
)
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.notation import format_hand, format_tiles, parse_hand, parse_tiles
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, GREEN_BOOK_2006, Ruleset
from mahjongkit.mcr.scoring.score import ScoreRefused, score, score_many
from mahjongkit.mcr.scoring.tally import Tally

__all__ = [
    "GB",
    "GREEN_BOOK",
    "GREEN_BOOK_2006",
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
