"""Rulesets as data (decision 10): the Green Book by default, and the ``gb`` profile.

Decisions 9 and 10 are written out in docs/decisions.md.

A :class:`Ruleset` is a plain value the scorer reads. Every way the ``gb`` profile departs
from the Green Book is one :class:`RuleDifference` with the clause it concerns, and each is
one field of the ruleset, so a reader can check the scorer does what the text says.

>>> GREEN_BOOK.points(48), GB.points(48)
(8, 6)
>>> [d.key for d in GB.differences][:2]
['two_concealed_kongs_6', 'concealed_and_melded_kong_5']
>>> ruleset_named("gb") is GB
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS


@dataclass(frozen=True)
class RuleDifference:
    """One documented difference of a ruleset from the Green Book."""

    key: str
    clause: str
    text: str


def _frozen(mapping: Mapping[int, frozenset[int]]) -> Mapping[int, frozenset[int]]:
    return MappingProxyType(dict(mapping))


_NINE_GATES_EXTRAS_GB: Final = {
    # what the 1998 calculators add to Nine Gates, by the rank of the winning tile: the
    # sets the 1112345678999 shape forms around it, read once
    1: (28, 64),  # Pure Straight, Tile Hog
    2: (66, 71, 73),  # Two Concealed Pungs, Short Straight, Pung of Terminals
    3: (71,),
    4: (71,),
    5: (66, 73),
    6: (71,),
    7: (71,),
    8: (66, 71, 73),
    9: (28, 64),
}


@dataclass(frozen=True)
class Ruleset:
    """The scoring rules the scorer applies.

    ``point_overrides`` changes fan values; ``mixed_kong_pair`` is the (fan number, points)
    one melded plus one concealed kong scores; ``concealed_form_self_drawn`` is the fan a
    self-drawn win on a special concealed form scores (Fully Concealed Hand 56 or Self-Drawn
    80); ``extra_excludes`` adds "not counted" entries; ``nine_gates_extras`` lists the fans
    Nine Gates adds by the winning tile's rank; ``many_kongs_award_concealed`` gives Three
    and Four Kongs the Concealed Kong / Two Concealed Kongs awards as well.
    """

    name: str
    point_overrides: Mapping[int, int] = field(default_factory=dict)
    mixed_kong_pair: tuple[int, int] = (57, 6)
    concealed_form_self_drawn: int = 56
    concealed_forms: frozenset[int] = frozenset({4, 6, 7, 12, 19, 20, 34})
    extra_excludes: Mapping[int, frozenset[int]] = field(default_factory=dict)
    nine_gates_extras: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    many_kongs_award_concealed: bool = True
    minimum: int = 8
    differences: tuple[RuleDifference, ...] = ()

    def points(self, number: int) -> int:
        """The value of fan ``number`` under this ruleset."""
        if number in self.point_overrides:
            return self.point_overrides[number]
        if number == 82:
            return self.mixed_kong_pair[1]
        return FANS[number].points

    def excludes(self, number: int) -> frozenset[int]:
        """The fans not counted with fan ``number`` (the table's, plus this ruleset's)."""
        base = FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG).excludes
        extra = self.extra_excludes.get(number)
        return base | extra if extra else base


GREEN_BOOK: Final = Ruleset(
    name="green_book",
    nine_gates_extras=MappingProxyType(
        {rank: tuple(f for f in fans if f != 73) for rank, fans in _NINE_GATES_EXTRAS_GB.items()}
    ),
)
"""The WMO Mahjong Competition Rules (2006 English "Green Book"), decision 9."""

GB: Final = Ruleset(
    name="gb",
    point_overrides=MappingProxyType({48: 6}),
    mixed_kong_pair=(82, 5),
    concealed_form_self_drawn=80,
    extra_excludes=_frozen({3: frozenset({50}), 8: frozenset({65})}),
    nine_gates_extras=MappingProxyType(_NINE_GATES_EXTRAS_GB),
    many_kongs_award_concealed=False,
    differences=(
        RuleDifference(
            "two_concealed_kongs_6",
            "fan table 3.8.1; fan 48",
            "Two Concealed Kongs scores 6 points (1998 value), not 8.",
        ),
        RuleDifference(
            "concealed_and_melded_kong_5",
            "fan 57's sentence",
            "One melded and one concealed kong scores the extra fan 82 'Concealed Kong and "
            "Melded Kong' at 5 points, instead of fan 57 at 6 points.",
        ),
        RuleDifference(
            "special_forms_self_drawn_1",
            "fans 4, 6, 7, 12, 19, 20, 34 with fan 56",
            "A self-drawn win on Nine Gates, Seven Shifted Pairs, Thirteen Orphans, Four "
            "Concealed Pungs, Seven Pairs or Greater/Lesser Honors and Knitted Tiles scores "
            "Self-Drawn (1) instead of Fully Concealed Hand (4).",
        ),
        RuleDifference(
            "all_green_no_half_flush",
            "fan 3",
            "All Green does not also score Half Flush when it holds the green dragon.",
        ),
        RuleDifference(
            "all_terminals_no_double_pung",
            "fan 8",
            "All Terminals does not also score Double Pung.",
        ),
        RuleDifference(
            "nine_gates_pung_of_terminals",
            "fan 4",
            "Nine Gates won on a 2, 5 or 8 also scores one Pung of Terminals or Honors.",
        ),
        RuleDifference(
            "many_kongs_no_concealed_awards",
            "fans 5, 17 with 48, 67",
            "Three Kongs and Four Kongs do not add Concealed Kong or Two Concealed Kongs.",
        ),
    ),
)
"""The 1998 Chinese values of the common calculators (pymahjonggb, summerinsects)."""

RULESETS: Final = MappingProxyType({"green_book": GREEN_BOOK, "gb": GB})


def ruleset_named(name: str) -> Ruleset:
    """The ruleset called ``name`` (``green_book`` or ``gb``); ``ValueError`` otherwise.

    >>> ruleset_named("wmo")
    Traceback (most recent call last):
    ValueError: unknown ruleset 'wmo' (known: green_book, gb)
    """
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r} (known: {known})") from None
