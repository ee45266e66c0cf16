"""The analysis core in C++: the adapter, with the same surface as :mod:`._ref`.

All conversion at the boundary is here: hands become count vectors and meld tiles on the
way in, and the core's tuples become :class:`~.split.Split` values and lists on the way out.
The arguments are checked as the reference checks them (sizes, the winning tile), so both
refuse the same calls. This is the only analysis module that imports the compiled
extension; the scorer's adapter reaches the core through :func:`core`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from types import ModuleType

from mahjongkit.mcr.analysis.decompose import CountsWaits, check_size, check_winning, meld_sets
from mahjongkit.mcr.analysis.split import RULED_OUT, Form, SetKind, Split, TileSet, Wait
from mahjongkit.mcr.hand.hand import Hand

_FORMS = list(Form)
_SET_KINDS = list(SetKind)
_WAITS = list(Wait)
_CORE: list[ModuleType] = []


def core() -> ModuleType:
    """The compiled MCR core, imported once, on first use (the scorer's per-call path should
    not pay an import)."""
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


def decompose(hand: Hand, winning: int | None = None) -> list[Split]:
    check_size(hand, (14,), "decompose")
    check_winning(hand, winning)
    raw = core().decompose(counts=hand.counts, melds=len(hand.melds), winning=winning or 0)
    from_melds = meld_sets(hand)
    offset = len(from_melds)
    splits = []
    for form, sets, winning_set, wait in raw:
        all_sets = from_melds + tuple(_concealed_set(kind, tuple(tiles)) for kind, tiles in sets)
        if winning_set < 0:
            splits.append(Split(_FORMS[form], all_sets))
        else:
            splits.append(Split(_FORMS[form], all_sets, offset + winning_set, _WAITS[wait]))
    return splits


def is_complete(hand: Hand) -> bool:
    check_size(hand, (14,), "is_complete")
    return bool(core().is_complete(counts=hand.counts, melds=len(hand.melds)))


def waits(hand: Hand, *, include_held_four: bool = False) -> list[int]:
    return _kinds_of_thirteen(core().waits, hand, include_held_four, "waits")


def _kinds_of_thirteen(
    function: Callable[..., Sequence[int]], hand: Hand, include_held_four: bool, what: str
) -> list[int]:
    """The kinds a core ``function`` of a thirteen finds (the waits, or the tiles that
    improve it), asked with the hand's melds and their tiles."""
    check_size(hand, (13,), what)
    return list(
        function(
            counts=hand.counts,
            melds=len(hand.melds),
            meld_tiles=_meld_tiles(hand),
            include_held_four=include_held_four,
        )
    )


def waits_function() -> CountsWaits:
    cpp_waits: CountsWaits = core().waits  # positional (counts, melds, meld_tiles)
    return cpp_waits


def wall_shuffle() -> Callable[[bytes, int], list[int]]:
    shuffled: Callable[[bytes, int], list[int]] = core().wall_tiles
    return shuffled


def shanten(hand: Hand) -> int:
    check_size(hand, (13, 14), "shanten")
    return int(core().shanten(counts=hand.counts, melds=len(hand.melds)))


def shanten_of_counts(counts: Sequence[int], melds: int) -> int:
    return int(core().shanten(list(counts), melds))


def forms_of_counts(counts: Sequence[int], melds: int) -> list[int]:
    return [int(v) for v in core().shanten_by_form(list(counts), melds)]


def shanten_by_form(hand: Hand) -> dict[Form, int]:
    check_size(hand, (13, 14), "shanten")
    values = core().shanten_by_form(counts=hand.counts, melds=len(hand.melds))
    return {
        form: value
        for form, value in zip(_FORMS, values, strict=True)
        if value >= -1 and value < RULED_OUT
    }


def acceptance(hand: Hand, *, include_held_four: bool = False) -> list[int]:
    return _kinds_of_thirteen(core().acceptance, hand, include_held_four, "acceptance")


def shanten_after_discard(
    hand: Hand, *, include_held_four: bool = False
) -> dict[int, tuple[int, list[int]]]:
    check_size(hand, (14,), "shanten_after_discard")
    raw = core().shanten_after_discard(
        counts=hand.counts,
        melds=len(hand.melds),
        meld_tiles=_meld_tiles(hand),
        include_held_four=include_held_four,
    )
    return {kind: (value, list(accepted)) for kind, value, accepted in raw}
