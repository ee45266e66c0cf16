"""Argument checks shared by the solitaire API: one place, so every entry point refuses a
bad argument with the same words, before either backend runs.

The engine's functions take a :class:`~mahjongkit.solitaire.layout.Layout`; the functions
of batch, search, the Dask backend and the play session also take the name of a built-in one,
and :func:`layout_of` is the one place that turns the name into the layout.

>>> layout_of("tea house").name
'Tea House'
>>> check_trials(0)
Traceback (most recent call last):
ValueError: max_trials must be an int from 1 to 2**31 - 1, got 0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mahjongkit.solitaire.layout import Layout, get_layout

MAX_TRIALS: Final = 2**31 - 1


def check_layout(layout: Layout) -> Layout:
    """``layout`` if it is a :class:`Layout`; else ``TypeError``.

    >>> check_layout("turtle")
    Traceback (most recent call last):
    TypeError: expected a Layout, not str
    """
    if not isinstance(layout, Layout):
        raise TypeError(f"expected a Layout, not {type(layout).__name__}")
    return layout


def layout_of(layout: Layout | str) -> Layout:
    """``layout``, or the built-in layout of that name (``LayoutError`` if there is none)."""
    return check_layout(get_layout(layout) if isinstance(layout, str) else layout)


def check_present(layout: Layout, present: Iterable[int]) -> list[int]:
    """The distinct slots of ``present``, ascending, each checked to be a slot of ``layout``.

    >>> check_present(get_layout("tea house"), [3, 1, 3])
    [1, 3]
    >>> check_present(get_layout("tea house"), [36])
    Traceback (most recent call last):
    ValueError: 36 is not a slot of layout 'Tea House' (slots are 0 to 35)
    """
    given = list(present)
    for slot in given:  # before sorting, which would fail on a mix with a raw TypeError
        if isinstance(slot, bool) or not isinstance(slot, int):
            raise TypeError(f"a slot is an int, not {type(slot).__name__}: {slot!r}")
    slots = sorted(set(given))
    if slots and not (slots[0] >= 0 and slots[-1] < layout.size):
        bad = slots[0] if slots[0] < 0 else slots[-1]
        raise ValueError(
            f"{bad} is not a slot of layout {layout.name!r} (slots are 0 to {layout.size - 1})"
        )
    return slots


def check_trials(max_trials: int) -> int:
    """``max_trials`` if it is an int from 1 to 2**31 - 1 (the reverse deal's retries; the
    core counts them in an int)."""
    if (
        isinstance(max_trials, bool)
        or not isinstance(max_trials, int)
        or not 1 <= max_trials <= MAX_TRIALS
    ):
        raise ValueError(f"max_trials must be an int from 1 to 2**31 - 1, got {max_trials!r}")
    return max_trials


def check_chunk(chunk: int) -> int:
    """``chunk`` if it is a positive int (seeds per distributed task)."""
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive int, got {chunk!r}")
    return chunk
