"""The MCR action encoding (235 indices, the Botzone community's layout) and observation
planes for learners: the names of :mod:`mahjongkit.mcr.rl.encoding` and
:mod:`mahjongkit.mcr.rl.observation`, gathered (NumPy only, no extra needed).

>>> from mahjongkit.mcr.encoding import ACTIONS, describe, plane_count
>>> ACTIONS, describe(36), plane_count()
(235, 'chi 123m claiming 1m', 145)
"""

from mahjongkit.mcr.rl.encoding import (
    ACTIONS,
    ANGANG,
    BUGANG,
    CHI,
    COLUMN_OF_KIND,
    COLUMNS,
    GANG,
    HU_INDEX,
    KIND_OF_COLUMN,
    MOVES,
    PASS_INDEX,
    PENG,
    PLAY,
    check_index,
    describe,
    index_of,
    indices_of,
    legal_indices,
    legal_mask,
    move_in_view,
    move_of,
    tile_of,
    view_indices,
    view_mask,
)
from mahjongkit.mcr.rl.observation import (
    HISTORY,
    OBS_VERSION,
    Observer,
    encode_view,
    plane_count,
    seat_planes,
)

__all__ = [
    "ACTIONS",
    "ANGANG",
    "BUGANG",
    "CHI",
    "COLUMNS",
    "COLUMN_OF_KIND",
    "GANG",
    "HISTORY",
    "HU_INDEX",
    "KIND_OF_COLUMN",
    "MOVES",
    "OBS_VERSION",
    "PASS_INDEX",
    "PENG",
    "PLAY",
    "Observer",
    "check_index",
    "describe",
    "encode_view",
    "index_of",
    "indices_of",
    "legal_indices",
    "legal_mask",
    "move_in_view",
    "move_of",
    "plane_count",
    "seat_planes",
    "tile_of",
    "view_indices",
    "view_mask",
]
