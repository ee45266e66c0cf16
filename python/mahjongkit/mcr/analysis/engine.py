"""Decomposition, waits and shanten through the C++ core or the pure-Python reference.

Every function takes ``impl=None | "cpp" | "python"``, resolved by :mod:`mahjongkit._impl`
(``None`` reads ``MAHJONGKIT_IMPLEMENTATION``; default ``cpp``). Both return the same values in the
same order (``tests/conformance/test_mcr_*.py``). The two are modules with one surface:
:mod:`._cpp`, the adapter to the compiled core, and :mod:`._ref`, the pure-Python twin; each
function here picks one and hands the call on.

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> hand = parse_hand("123m 456p 789s EE 11s")
>>> waits(hand, impl="cpp") == waits(hand, impl="python") == [19, 28]
True
>>> shanten(hand), acceptance(hand)
(0, [19, 28])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

from mahjongkit._impl import pick
from mahjongkit._impl import resolve as resolve  # callers name it here
from mahjongkit.mcr.analysis import _cpp, _ref
from mahjongkit.mcr.analysis._cpp import core as core
from mahjongkit.mcr.analysis.decompose import CountsWaits as CountsWaits
from mahjongkit.mcr.analysis.split import Form, Split
from mahjongkit.mcr.hand.hand import Hand


def backend(impl: str | None = None) -> ModuleType:
    """The analysis module of one implementation: :mod:`._cpp` or :mod:`._ref`."""
    return pick(impl, _cpp, _ref)


def decompose(hand: Hand, winning: int | None = None, *, impl: str | None = None) -> list[Split]:
    """Every split of a complete 14-tile hand; see :func:`.decompose.decompose`."""
    splits: list[Split] = backend(impl).decompose(hand, winning)
    return splits


def is_complete(hand: Hand, *, impl: str | None = None) -> bool:
    """Whether a 14-tile hand is complete in some form."""
    return bool(backend(impl).is_complete(hand))


def waits(hand: Hand, *, include_held_four: bool = False, impl: str | None = None) -> list[int]:
    """The kinds that complete a 13-tile hand; see :func:`.decompose.waits`."""
    found: list[int] = backend(impl).waits(hand, include_held_four=include_held_four)
    return found


def waits_function(impl: str | None = None) -> CountsWaits:
    """The waits of raw counts by one implementation, chosen now: for a loop (the rules) that
    asks thousands of times and should neither read the environment nor build a
    :class:`~mahjongkit.mcr.hand.hand.Hand` each time.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hand = parse_hand("123m 456p 789s EE 11s")
    >>> waits_function("cpp")(hand.counts, 0, []) == waits_function("python")(hand.counts, 0, [])
    True
    """
    function: CountsWaits = backend(impl).waits_function()
    return function


def wall_shuffle(impl: str | None = None) -> Callable[[bytes, int], list[int]]:
    """The seeded wall of a hand (the set read in :func:`~mahjongkit.mcr.hand.wall.order_for`'s
    order) from the seed's bytes and the hand number, by one implementation, chosen now.

    >>> wall_shuffle("cpp")(b"demo", 3) == wall_shuffle("python")(b"demo", 3)
    True
    """
    shuffle: Callable[[bytes, int], list[int]] = backend(impl).wall_shuffle()
    return shuffle


def shanten(hand: Hand, *, impl: str | None = None) -> int:
    """Shanten of a 13- or 14-tile hand (−1 complete, 0 ready), minimum over forms."""
    return int(backend(impl).shanten(hand))


def shanten_by_form(hand: Hand, *, impl: str | None = None) -> dict[Form, int]:
    """Shanten of each form the hand can still make; forms its melds rule out are absent."""
    values: dict[Form, int] = backend(impl).shanten_by_form(hand)
    return values


def shanten_of_counts(counts: Sequence[int], melds: int, *, impl: str | None = None) -> int:
    """Shanten of concealed ``counts`` (35 entries, any number of tiles) beside ``melds``
    melds: for a caller that weighs part of a hand (a bot planning toward a pattern).

    >>> from mahjongkit.mcr.analysis.decompose import counts_of
    >>> part = counts_of([1, 2, 3, 5, 5, 9])  # 123m 55m 9m beside two melds: one set short
    >>> shanten_of_counts(part, 2, impl="cpp"), shanten_of_counts(part, 2, impl="python")
    (1, 1)
    """
    return int(backend(impl).shanten_of_counts(counts, melds))


def forms_of_counts(counts: Sequence[int], melds: int, *, impl: str | None = None) -> list[int]:
    """:func:`shanten_by_form` of raw counts as a list in :class:`~.split.Form` order, with
    :data:`~.split.RULED_OUT` for a form the melds rule out."""
    values: list[int] = backend(impl).forms_of_counts(counts, melds)
    return values


def acceptance(
    hand: Hand, *, include_held_four: bool = False, impl: str | None = None
) -> list[int]:
    """The kinds whose draw lowers the shanten of a 13-tile hand, ascending."""
    found: list[int] = backend(impl).acceptance(hand, include_held_four=include_held_four)
    return found


def shanten_after_discard(
    hand: Hand, *, include_held_four: bool = False, impl: str | None = None
) -> dict[int, tuple[int, list[int]]]:
    """For each kind a 14-tile hand can discard: the shanten and acceptance left after it."""
    after: dict[int, tuple[int, list[int]]] = backend(impl).shanten_after_discard(
        hand, include_held_four=include_held_four
    )
    return after
