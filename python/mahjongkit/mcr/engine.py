"""Decomposition, waits and shanten through the C++ core or the pure-Python reference.

Every function takes ``impl=None | "cpp" | "python"``; ``None`` reads the environment
variable ``MAHJONGKIT_IMPLEMENTATION`` (default ``cpp``). Both return the same values in the
same order (``tests/conformance/test_mcr_*.py``). This is the only MCR module that imports
the compiled extension.

>>> from mahjongkit.mcr.notation import parse_hand
>>> hand = parse_hand("123m 456p 789s EE 11s")
>>> waits(hand, impl="cpp") == waits(hand, impl="python") == [19, 28]
True
>>> shanten(hand), acceptance(hand)
(0, [19, 28])
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Literal

from . import decompose as _ref
from . import shanten as _ref_shanten
from .hand import Hand
from .meld import MeldKind
from .split import Form, SetKind, Split, TileSet, Wait

Impl = Literal["cpp", "python"]
_FORMS = list(Form)
_SET_KINDS = list(SetKind)
_WAITS = list(Wait)


def resolve(impl: str | None) -> Impl:
    """The implementation to use: ``impl`` if given, else the environment's, else C++."""
    chosen = impl if impl is not None else os.environ.get("MAHJONGKIT_IMPLEMENTATION", "cpp")
    if chosen not in ("cpp", "python"):
        raise ValueError(f"unknown implementation {chosen!r} (use 'cpp' or 'python')")
    return "cpp" if chosen == "cpp" else "python"


def _core() -> ModuleType:
    from mahjongkit._core import mcr

    return mcr


def _meld_tiles(hand: Hand) -> list[int]:
    return [k for meld in hand.melds for k in meld.tiles]


def _check(hand: Hand, sizes: tuple[int, ...], what: str) -> None:
    if hand.size not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise ValueError(
            f"{what} needs a hand of {wanted} tiles (a kong counts three), not {hand.size}"
        )


def decompose(hand: Hand, winning: int | None = None, *, impl: str | None = None) -> list[Split]:
    """Every split of a complete 14-tile hand; see :func:`mahjongkit.mcr.decompose.decompose`."""
    if resolve(impl) == "python":
        return _ref.decompose(hand, winning)
    _check(hand, (14,), "decompose")
    if winning is not None and not (1 <= winning <= 34 and hand.counts[winning]):
        from mahjongkit.tiles import code

        raise ValueError(f"the winning tile {code(winning)} is not among the concealed tiles")
    raw = _core().decompose(counts=list(hand.counts), melds=len(hand.melds), winning=winning or 0)
    meld_sets = tuple(
        TileSet(
            SetKind.CHOW
            if m.kind is MeldKind.CHOW
            else SetKind.PUNG
            if m.kind is MeldKind.PUNG
            else SetKind.KONG,
            m.tiles,
            concealed=m.concealed,
            meld=index,
        )
        for index, m in enumerate(hand.melds)
    )
    offset = len(meld_sets)
    splits = []
    for form, sets, winning_set, wait in raw:
        all_sets = meld_sets + tuple(
            TileSet(_SET_KINDS[kind], tuple(tiles), concealed=True) for kind, tiles in sets
        )
        if winning_set < 0:
            splits.append(Split(_FORMS[form], all_sets))
        else:
            splits.append(Split(_FORMS[form], all_sets, offset + winning_set, _WAITS[wait]))
    return splits


def is_complete(hand: Hand, *, impl: str | None = None) -> bool:
    """Whether a 14-tile hand is complete in some form."""
    if resolve(impl) == "python":
        return _ref.is_complete(hand)
    _check(hand, (14,), "is_complete")
    return bool(_core().is_complete(counts=list(hand.counts), melds=len(hand.melds)))


def waits(hand: Hand, *, include_held_four: bool = False, impl: str | None = None) -> list[int]:
    """The kinds that complete a 13-tile hand; see :func:`mahjongkit.mcr.decompose.waits`."""
    if resolve(impl) == "python":
        return _ref.waits(hand, include_held_four=include_held_four)
    _check(hand, (13,), "waits")
    return list(
        _core().waits(
            counts=list(hand.counts),
            melds=len(hand.melds),
            meld_tiles=_meld_tiles(hand),
            include_held_four=include_held_four,
        )
    )


def shanten(hand: Hand, *, impl: str | None = None) -> int:
    """Shanten of a 13- or 14-tile hand (−1 complete, 0 ready), minimum over forms."""
    if resolve(impl) == "python":
        return _ref_shanten.shanten(hand)
    _check(hand, (13, 14), "shanten")
    return int(_core().shanten(counts=list(hand.counts), melds=len(hand.melds)))


def shanten_by_form(hand: Hand, *, impl: str | None = None) -> dict[Form, int]:
    """Shanten of each form the hand can still make; forms its melds rule out are absent."""
    if resolve(impl) == "python":
        return _ref_shanten.shanten_by_form(hand)
    _check(hand, (13, 14), "shanten")
    values = _core().shanten_by_form(counts=list(hand.counts), melds=len(hand.melds))
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
    _check(hand, (13,), "acceptance")
    return list(
        _core().acceptance(
            counts=list(hand.counts),
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
    _check(hand, (14,), "shanten_after_discard")
    raw = _core().shanten_after_discard(
        counts=list(hand.counts),
        melds=len(hand.melds),
        meld_tiles=_meld_tiles(hand),
        include_held_four=include_held_four,
    )
    return {kind: (value, list(accepted)) for kind, value, accepted in raw}
