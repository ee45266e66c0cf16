"""The pure-Python twins of the solitaire core, one module per C++ file and named like it.

=================  ===========================================  =============================
module             twin of                                      functions
=================  ===========================================  =============================
``geometry``       ``cpp/core/solitaire/geometry.cpp``          ``free_slots`` (the free rule)
``deal``           ``cpp/core/solitaire/deal.cpp``              ``deal``, ``redeal``
``solve``          ``cpp/core/solitaire/solve.cpp``             ``solve``
``properties``     ``cpp/core/solitaire/properties.cpp``        ``board_properties``
``search``         ``cpp/core/solitaire/search.cpp``            ``batch_faces``, ``search_seeds``
=================  ===========================================  =============================

This package is one of the two backends :mod:`mahjongkit.solitaire.engine` picks from (the
other is :mod:`mahjongkit.solitaire._cpp`, which packs the same calls for ``_core``). Nothing
here imports the compiled core, so the conformance tests compare two separate
implementations; arguments arrive validated.
"""

from mahjongkit.solitaire._ref.deal import DEFAULT_MAX_TRIALS, deal, redeal
from mahjongkit.solitaire._ref.geometry import free_slots
from mahjongkit.solitaire._ref.properties import board_properties
from mahjongkit.solitaire._ref.search import batch_faces, search_seeds
from mahjongkit.solitaire._ref.solve import solve

__all__ = [
    "DEFAULT_MAX_TRIALS",
    "batch_faces",
    "board_properties",
    "deal",
    "free_slots",
    "redeal",
    "search_seeds",
    "solve",
]
