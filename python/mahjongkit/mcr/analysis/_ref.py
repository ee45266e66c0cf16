"""The pure-Python twin of the analysis core, under the names :mod:`._cpp` uses.

The reference lives in :mod:`.decompose` and :mod:`.shanten` (and the wall's
shuffle in :mod:`mahjongkit.mcr.hand.wall`); this module only gathers it, so that
:mod:`.engine` picks one of two modules with the same surface. It imports nothing from the
compiled extension.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.mcr.analysis.decompose import (
    CountsWaits,
    decompose,
    is_complete,
    waits,
    waits_of_counts,
)
from mahjongkit.mcr.analysis.shanten import (
    acceptance,
    shanten,
    shanten_after_discard,
    shanten_by_form,
    shanten_by_form_counts,
    shanten_counts,
)
from mahjongkit.mcr.analysis.split import RULED_OUT, Form
from mahjongkit.mcr.hand.wall import order_for
from mahjongkit.tiles import full_set

__all__ = [
    "acceptance",
    "decompose",
    "forms_of_counts",
    "is_complete",
    "shanten",
    "shanten_after_discard",
    "shanten_by_form",
    "shanten_of_counts",
    "waits",
    "waits_function",
    "wall_shuffle",
]


def shanten_of_counts(counts: Sequence[int], melds: int) -> int:
    """:func:`.shanten.shanten_counts` of any number of concealed tiles."""
    return shanten_counts(list(counts), melds)


def forms_of_counts(counts: Sequence[int], melds: int) -> list[int]:
    """Shanten per :class:`~.split.Form`, in its order, :data:`~.split.RULED_OUT` for a form
    the melds rule out."""
    by_form = shanten_by_form_counts(list(counts), melds)
    return [by_form.get(form, RULED_OUT) for form in Form]


def waits_function() -> CountsWaits:
    """The waits of raw counts: :func:`.decompose.waits_of_counts`."""
    return waits_of_counts


def wall_shuffle() -> Callable[[bytes, int], list[int]]:
    """The seeded wall of a hand from :func:`~mahjongkit.mcr.hand.wall.order_for`."""
    return _wall


def _wall(seed: bytes, hand_no: int) -> list[int]:
    tiles = full_set()
    return [tiles[position - 1] for position in order_for(seed, hand_no)]
