"""Mahjong solitaire: layouts, the free-tile rule, seeded solvable deals, play and solving.

>>> from mahjongkit.solitaire import deal, get_layout, daily_seed, free_slots
>>> board = deal(get_layout("turtle"), seed=1)
>>> board.layout.name, len(board.faces), len(free_slots(board.layout, range(144)))
('Turtle', 144, 33)
"""

from mahjongkit.solitaire.board import Board
from mahjongkit.solitaire.engine import (
    DEFAULT_MAX_TRIALS,
    DealError,
    core_geometry,
    deal,
    free_slots,
    pair_faces,
    redeal,
    resolve_impl,
)
from mahjongkit.solitaire.game import Game, Refusal, RefusalCode, Status
from mahjongkit.solitaire.layout import Layout, LayoutError, get_layout, layouts
from mahjongkit.solitaire.learn import Blockers, blockers
from mahjongkit.solitaire.rng import Rng, daily_seed
from mahjongkit.solitaire.save import SaveError
from mahjongkit.solitaire.solver import SolveResult, Verdict, is_solvable, solve, solve_position

__all__ = [
    "DEFAULT_MAX_TRIALS",
    "Blockers",
    "Board",
    "DealError",
    "Game",
    "Layout",
    "LayoutError",
    "Refusal",
    "RefusalCode",
    "Rng",
    "SaveError",
    "SolveResult",
    "Status",
    "Verdict",
    "blockers",
    "core_geometry",
    "daily_seed",
    "deal",
    "free_slots",
    "get_layout",
    "is_solvable",
    "layouts",
    "pair_faces",
    "redeal",
    "resolve_impl",
    "solve",
    "solve_position",
]
