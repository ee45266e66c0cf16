"""Decomposition, waits and shanten through the C++ core or the pure-Python reference.

Every function takes ``impl=None | "cpp" | "python"``, resolved by :mod:`mahjongkit._impl`
(``None`` reads ``MAHJONGKIT_IMPLEMENTATION``; default ``cpp``). Both return the same values in the
same order (``tests/conformance/test_mcr_*.py``). This is the only MCR module that imports
the compiled extension.

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> hand = parse_hand("123m 456p 789s EE 11s")
>>> waits(hand, impl="cpp") == waits(hand, impl="python") == [19, 28]
True
>>> shanten(hand), acceptance(hand)
(0, [19, 28])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any

from mahjongkit._impl import resolve as resolve  # the scorer dispatches with it too
from mahjongkit.mcr.analysis import decompose as _ref
from mahjongkit.mcr.analysis import shanten as _ref_shanten
from mahjongkit.mcr.analysis import table as _ref_table
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait
from mahjongkit.mcr.analysis.table import HandTableLike
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.wall import order_for
from mahjongkit.tiles import full_set

_FORMS = list(Form)
_SET_KINDS = list(SetKind)
_WAITS = list(Wait)


_CORE: list[ModuleType] = []


def core() -> ModuleType:
    """The compiled MCR core, imported on first use; the scorer's adapter
    (:mod:`mahjongkit.mcr.scoring._cpp`) reaches it here too."""
    # imported once, on first use (the scorer's per-call path should not pay an import)
    if not _CORE:
        from mahjongkit._core import mcr

        _CORE.append(mcr)
    return _CORE[0]


@lru_cache(maxsize=4096)
def _concealed_set(kind: int, tiles: tuple[int, ...]) -> TileSet:
    # TileSets are immutable values, and a few hundred cover every hand: build each once.
    return TileSet(_SET_KINDS[kind], tiles, concealed=True)


def _meld_tiles(hand: Hand) -> list[int]:
    return [k for meld in hand.melds for k in meld.tiles]


def decompose(hand: Hand, winning: int | None = None, *, impl: str | None = None) -> list[Split]:
    """Every split of a complete 14-tile hand; see :func:`.decompose.decompose`."""
    if resolve(impl) == "python":
        return _ref.decompose(hand, winning)
    _ref.check_size(hand, (14,), "decompose")
    _ref.check_winning(hand, winning)
    raw = core().decompose(counts=hand.counts, melds=len(hand.melds), winning=winning or 0)
    from_melds = _ref.meld_sets(hand)
    offset = len(from_melds)
    splits = []
    for form, sets, winning_set, wait in raw:
        all_sets = from_melds + tuple(_concealed_set(kind, tuple(tiles)) for kind, tiles in sets)
        if winning_set < 0:
            splits.append(Split(_FORMS[form], all_sets))
        else:
            splits.append(Split(_FORMS[form], all_sets, offset + winning_set, _WAITS[wait]))
    return splits


def is_complete(hand: Hand, *, impl: str | None = None) -> bool:
    """Whether a 14-tile hand is complete in some form."""
    if resolve(impl) == "python":
        return _ref.is_complete(hand)
    _ref.check_size(hand, (14,), "is_complete")
    return bool(core().is_complete(counts=hand.counts, melds=len(hand.melds)))


def waits(hand: Hand, *, include_held_four: bool = False, impl: str | None = None) -> list[int]:
    """The kinds that complete a 13-tile hand; see :func:`.decompose.waits`."""
    if resolve(impl) == "python":
        return _ref.waits(hand, include_held_four=include_held_four)
    _ref.check_size(hand, (13,), "waits")
    return list(
        core().waits(
            counts=hand.counts,
            melds=len(hand.melds),
            meld_tiles=_meld_tiles(hand),
            include_held_four=include_held_four,
        )
    )


CountsWaits = Callable[[Sequence[int], int, Sequence[int]], list[int]]
"""``(counts, melds, meld_tiles) -> waits``: the kinds that complete a 13-tile hand given as
its 35 concealed counts, its number of melds and their tiles (kinds held four left out)."""


def waits_function(impl: str | None = None) -> CountsWaits:
    """The waits of raw counts by one implementation, chosen now: for a loop (the rules) that
    asks thousands of times and should neither read the environment nor build a
    :class:`~mahjongkit.mcr.hand.hand.Hand` each time.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hand = parse_hand("123m 456p 789s EE 11s")
    >>> waits_function("cpp")(hand.counts, 0, []) == waits_function("python")(hand.counts, 0, [])
    True
    """
    if resolve(impl) == "python":
        return _ref.waits_of_counts
    cpp_waits: CountsWaits = core().waits  # positional (counts, melds, meld_tiles)
    return cpp_waits


def hand_table(
    discards: tuple[Any, ...], kongs: tuple[Any, ...], *, impl: str | None = None
) -> HandTableLike:
    """A new, empty table of one hand's four seats (:mod:`.table`) by one implementation;
    ``discards`` and ``kongs`` are the caller's move objects indexed by kind.

    >>> cpp, py = hand_table(tuple(range(35)), tuple(range(35)), impl="cpp"), hand_table(
    ...     tuple(range(35)), tuple(range(35)), impl="python")
    >>> cpp.turn_moves(0, 1) == py.turn_moves(0, 1) == ()
    True
    """
    if resolve(impl) == "python":
        return _ref_table.HandTable(discards, kongs)
    table: HandTableLike = core().HandTable(discards, kongs)
    return table


def wall_shuffle(impl: str | None = None) -> Callable[[bytes, int], list[int]]:
    """The seeded wall of a hand (the set read in :func:`~mahjongkit.mcr.hand.wall.order_for`'s
    order) from the seed's bytes and the hand number, by one implementation, chosen now.

    >>> wall_shuffle("cpp")(b"demo", 3) == wall_shuffle("python")(b"demo", 3)
    True
    """
    if resolve(impl) == "python":
        return _python_wall
    shuffled: Callable[[bytes, int], list[int]] = core().wall_tiles
    return shuffled


def _python_wall(seed: bytes, hand_no: int) -> list[int]:
    tiles = full_set()
    return [tiles[position - 1] for position in order_for(seed, hand_no)]


def shanten(hand: Hand, *, impl: str | None = None) -> int:
    """Shanten of a 13- or 14-tile hand (−1 complete, 0 ready), minimum over forms."""
    if resolve(impl) == "python":
        return _ref_shanten.shanten(hand)
    _ref.check_size(hand, (13, 14), "shanten")
    return int(core().shanten(counts=hand.counts, melds=len(hand.melds)))


def shanten_by_form(hand: Hand, *, impl: str | None = None) -> dict[Form, int]:
    """Shanten of each form the hand can still make; forms its melds rule out are absent."""
    if resolve(impl) == "python":
        return _ref_shanten.shanten_by_form(hand)
    _ref.check_size(hand, (13, 14), "shanten")
    values = core().shanten_by_form(counts=hand.counts, melds=len(hand.melds))
    return {
        form: value
        for form, value in zip(_FORMS, values, strict=True)
        if value >= -1 and value < 99
    }


def acceptance(
    hand: Hand, *, include_held_four: bool = False, impl: str | None = None
) -> list[int]:
    """The kinds whose draw lowers the shanten of a 13-tile hand, ascending."""
    if resolve(impl) == "python":
        return _ref_shanten.acceptance(hand, include_held_four=include_held_four)
    _ref.check_size(hand, (13,), "acceptance")
    return list(
        core().acceptance(
            counts=hand.counts,
            melds=len(hand.melds),
            meld_tiles=_meld_tiles(hand),
            include_held_four=include_held_four,
        )
    )


def shanten_after_discard(
    hand: Hand, *, include_held_four: bool = False, impl: str | None = None
) -> dict[int, tuple[int, list[int]]]:
    """For each kind a 14-tile hand can discard: the shanten and acceptance left after it."""
    if resolve(impl) == "python":
        return _ref_shanten.shanten_after_discard(hand, include_held_four=include_held_four)
    _ref.check_size(hand, (14,), "shanten_after_discard")
    raw = core().shanten_after_discard(
        counts=hand.counts,
        melds=len(hand.melds),
        meld_tiles=_meld_tiles(hand),
        include_held_four=include_held_four,
    )
    return {kind: (value, list(accepted)) for kind, value, accepted in raw}
