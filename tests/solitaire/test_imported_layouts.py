"""Every layout of KMahjongg and GNOME Mahjongg imports, deals the same in C++ and Python, and
is solved and won (slow; needs the games' files: set MAHJONGKIT_KMAHJONGG_DIR to KMahjongg's
``layouts/`` folder and MAHJONGKIT_GNOME_MAP to GNOME Mahjongg's ``data/maps/mahjongg.map``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.solitaire.imported_layouts import imported_layouts, problems

pytestmark = pytest.mark.slow


def _path(variable: str) -> Path | None:
    value = os.environ.get(variable)
    return Path(value) if value else None


KMAHJONGG = _path("MAHJONGKIT_KMAHJONGG_DIR")
GNOME = _path("MAHJONGKIT_GNOME_MAP")


def test_every_layout_of_both_games():
    if KMAHJONGG is None and GNOME is None:
        pytest.skip("set MAHJONGKIT_KMAHJONGG_DIR and/or MAHJONGKIT_GNOME_MAP")
    layouts = imported_layouts(KMAHJONGG, GNOME)
    if KMAHJONGG is not None:
        from_kde = [layout for layout in layouts if layout.name != "Turtle"]
        assert len(list(KMAHJONGG.glob("*.layout"))) == 72
        assert max(layout.size for layout in from_kde) == 228
    found = [problem for layout in layouts for problem in problems(layout, range(3))]
    assert found == []
