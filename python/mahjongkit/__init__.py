"""mahjongkit: a fast Mahjong engine for Python.

Two games share the tile kinds of :mod:`mahjongkit.tiles`:

- :mod:`mahjongkit.solitaire`: Mahjong solitaire (the Turtle family), seeded boards that are
  solvable by construction, play sessions and an exact solver;
- :mod:`mahjongkit.mcr`: four-player Mahjong under the Chinese Official competition rules.

The hot paths live in the compiled extension ``mahjongkit._core``; every one of them has a
pure-Python twin with the same results (select it with ``MAHJONGKIT_IMPLEMENTATION=python``).
"""

from __future__ import annotations

from mahjongkit._version import __version__

__all__ = ["__version__"]
