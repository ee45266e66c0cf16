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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# Where each public name lives: imported on first use, so a program that needs only part of
# MCR (the Botzone bot, started once per turn) does not load the rest (the game layer).
_HOME = {
    "Form": "mahjongkit.mcr.analysis.split",
    "GB": "mahjongkit.mcr.scoring.ruleset",
    "GREEN_BOOK": "mahjongkit.mcr.scoring.ruleset",
    "GREEN_BOOK_2006": "mahjongkit.mcr.scoring.ruleset",
    "Hand": "mahjongkit.mcr.hand.hand",
    "Meld": "mahjongkit.mcr.hand.meld",
    "MeldKind": "mahjongkit.mcr.hand.meld",
    "Replacement": "mahjongkit.mcr.scoring.context",
    "Rules": "mahjongkit.mcr.game.rules",
    "Ruleset": "mahjongkit.mcr.scoring.ruleset",
    "ScoreRefused": "mahjongkit.mcr.scoring.score",
    "SetKind": "mahjongkit.mcr.analysis.split",
    "Split": "mahjongkit.mcr.analysis.split",
    "Tally": "mahjongkit.mcr.scoring.tally",
    "TileSet": "mahjongkit.mcr.analysis.split",
    "Wait": "mahjongkit.mcr.analysis.split",
    "WinBy": "mahjongkit.mcr.scoring.context",
    "WinContext": "mahjongkit.mcr.scoring.context",
    "acceptance": "mahjongkit.mcr.analysis.engine",
    "decompose": "mahjongkit.mcr.analysis.engine",
    "format_hand": "mahjongkit.mcr.hand.notation",
    "format_tiles": "mahjongkit.mcr.hand.notation",
    "is_complete": "mahjongkit.mcr.analysis.engine",
    "parse_hand": "mahjongkit.mcr.hand.notation",
    "parse_tiles": "mahjongkit.mcr.hand.notation",
    "score": "mahjongkit.mcr.scoring.score",
    "score_many": "mahjongkit.mcr.scoring.score",
    "shanten": "mahjongkit.mcr.analysis.engine",
    "shanten_after_discard": "mahjongkit.mcr.analysis.engine",
    "shanten_by_form": "mahjongkit.mcr.analysis.engine",
    "waits": "mahjongkit.mcr.analysis.engine",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
