"""Rulesets as data (decision 10): the Green Book by default, the Green Book with the 2006
rulings, and the ``gb`` profile.

Decisions 9 and 10 are written out in docs/decisions.md.

A :class:`Ruleset` is a plain value both scorers read. Every way a ruleset departs from the
Green Book is one :class:`RuleDifference` with the clause (and source) it concerns, and each
is one field of the ruleset, so a reader can check the scorer does what the text says. The
readings the texts leave open are boolean fields too, listed with their sources in
:data:`CHOICES` and answered otherwise by :meth:`Ruleset.choose`.

>>> GREEN_BOOK.points(48), GB.points(48)
(8, 6)
>>> [d.key for d in GB.differences][:2]
['two_concealed_kongs_6', 'concealed_and_melded_kong_5']
>>> ruleset_named("gb") is GB
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS, F


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
    1: (F.PURE_STRAIGHT, F.TILE_HOG),
    2: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONOURS),
    3: (F.SHORT_STRAIGHT,),
    4: (F.SHORT_STRAIGHT,),
    5: (F.TWO_CONCEALED_PUNGS, F.PUNG_OF_TERMINALS_OR_HONOURS),
    6: (F.SHORT_STRAIGHT,),
    7: (F.SHORT_STRAIGHT,),
    8: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONOURS),
    9: (F.PURE_STRAIGHT, F.TILE_HOG),
}


POINT_LIMIT: Final = 255
"""The largest value of a fan, and the largest minimum, a ruleset may set (the C++ scorer
keeps a fan's points in a byte; the Green Book's largest is 88)."""


def _fan_number(number: object, what: str) -> None:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"{what}: a fan number is an int, not {type(number).__name__}")
    if number not in FANS and number != CONCEALED_KONG_AND_MELDED_KONG.number:
        raise ValueError(f"{what}: {number} is not a fan number (1 to 82)")


def _points(points: object, what: str) -> None:
    if isinstance(points, bool) or not isinstance(points, int):
        raise TypeError(f"{what}: points are an int, not {type(points).__name__}")
    if not 0 <= points <= POINT_LIMIT:
        raise ValueError(f"{what}: {points} points is outside 0 to {POINT_LIMIT}")


@dataclass(frozen=True)
class RuleChoice:
    """A contested reading the rule texts leave open: one boolean field of :class:`Ruleset`,
    what each answer means, which answer each ruleset takes and where the readings come from
    (``docs/adjudications/mcr-scoring.md`` gives the cases)."""

    field: str
    question: str
    when_true: str
    when_false: str
    sources: str


@dataclass(frozen=True)
class Ruleset:
    """The scoring rules the scorer applies (both scorers read every field).

    ``point_overrides`` changes fan values; ``mixed_kong_pair`` is the (fan number, points)
    one melded plus one concealed kong scores; ``concealed_form_self_drawn`` is the fan a
    self-drawn win on a special concealed form scores (Fully Concealed Hand 56 or Self-Drawn
    80); ``extra_excludes`` adds "not counted" entries; ``conditional_excludes`` adds "when
    all of these fans score, those are not counted" entries (a pair of fan sets each);
    ``nine_gates_extras`` lists the fans Nine Gates adds by the winning tile's rank. The
    three booleans are the contested readings of :data:`CHOICES`:
    ``many_kongs_award_concealed`` gives Three and Four Kongs the Concealed Kong / Two
    Concealed Kongs awards as well; ``robbing_on_last_tile`` lets a kong be robbed with the
    wall's last tile (Last Tile Claim and Robbing the Kong both score);
    ``knit_holds_winning_tile`` reads a winning tile the knitted straight can hold as
    completing it, so no wait fan scores for it.
    """

    name: str
    point_overrides: Mapping[int, int] = field(default_factory=dict)
    mixed_kong_pair: tuple[int, int] = (F.TWO_MELDED_KONGS, 6)
    concealed_form_self_drawn: int = F.FULLY_CONCEALED_HAND
    concealed_forms: frozenset[int] = frozenset(
        {
            F.NINE_GATES,
            F.SEVEN_SHIFTED_PAIRS,
            F.THIRTEEN_ORPHANS,
            F.FOUR_CONCEALED_PUNGS,
            F.SEVEN_PAIRS,
            F.GREATER_HONOURS_AND_KNITTED_TILES,
            F.LESSER_HONOURS_AND_KNITTED_TILES,
        }
    )
    extra_excludes: Mapping[int, frozenset[int]] = field(default_factory=dict)
    conditional_excludes: tuple[tuple[frozenset[int], frozenset[int]], ...] = ()
    nine_gates_extras: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    many_kongs_award_concealed: bool = False
    robbing_on_last_tile: bool = False
    knit_holds_winning_tile: bool = False
    minimum: int = 8
    differences: tuple[RuleDifference, ...] = ()

    def __post_init__(self) -> None:
        # Both scorers index their tables by these numbers (the C++ one in fixed arrays) and
        # add the points in 32 bits: a value out of range is refused here, once, whoever
        # built the ruleset (a caller, a saved game).
        if not isinstance(self.name, str):
            raise TypeError(f"a ruleset's name is a str, not {type(self.name).__name__}")
        for number, points in self.point_overrides.items():
            _fan_number(number, "point_overrides")
            _points(points, f"point_overrides[{number}]")
        pair = self.mixed_kong_pair
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise ValueError(f"mixed_kong_pair is (fan number, points), not {pair!r}")
        _fan_number(pair[0], "mixed_kong_pair")
        _points(pair[1], "mixed_kong_pair's points")
        _fan_number(self.concealed_form_self_drawn, "concealed_form_self_drawn")
        for number in self.concealed_forms:
            _fan_number(number, "concealed_forms")
        for number, dropped in self.extra_excludes.items():
            _fan_number(number, "extra_excludes")
            for other in dropped:
                _fan_number(other, f"extra_excludes[{number}]")
        for when, drop in self.conditional_excludes:
            for number in (*when, *drop):
                _fan_number(number, "conditional_excludes")
        for rank, fans in self.nine_gates_extras.items():
            if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 9:
                raise ValueError(f"nine_gates_extras is keyed by ranks 1 to 9, not {rank!r}")
            for number in fans:
                _fan_number(number, f"nine_gates_extras[{rank}]")
        _points(self.minimum, "minimum")

    def points(self, number: int) -> int:
        """The value of fan ``number`` under this ruleset."""
        if number in self.point_overrides:
            return self.point_overrides[number]
        if number == F.CONCEALED_KONG_AND_MELDED_KONG:
            return self.mixed_kong_pair[1]
        return FANS[number].points

    def excludes(self, number: int) -> frozenset[int]:
        """The fans not counted with fan ``number`` (the table's, plus this ruleset's)."""
        base = FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG).excludes
        extra = self.extra_excludes.get(number)
        return base | extra if extra else base

    def choose(self, **choices: bool) -> Ruleset:
        """This ruleset with some contested readings (:data:`CHOICES`) answered otherwise;
        the name records them.

        >>> GREEN_BOOK.choose(many_kongs_award_concealed=True).name
        'green_book+many_kongs_award_concealed'
        >>> GREEN_BOOK.choose(minimum=0)
        Traceback (most recent call last):
        ValueError: minimum is not one of the contested readings in CHOICES
        """
        known = [c.field for c in CHOICES]
        changed = []
        for key, value in choices.items():
            if key not in known:
                raise ValueError(f"{key} is not one of the contested readings in CHOICES")
            if getattr(self, key) != bool(value):
                changed.append(key if value else f"no_{key}")
        answers = {c.field: bool(choices.get(c.field, getattr(self, c.field))) for c in CHOICES}
        return replace(
            self,
            name="+".join([self.name, *changed]),
            many_kongs_award_concealed=answers["many_kongs_award_concealed"],
            robbing_on_last_tile=answers["robbing_on_last_tile"],
            knit_holds_winning_tile=answers["knit_holds_winning_tile"],
        )


CHOICES: Final = (
    RuleChoice(
        "many_kongs_award_concealed",
        "Do Three Kongs and Four Kongs also score Concealed Kong (one concealed) or Two "
        "Concealed Kongs (two or more)?",
        "yes: the kong fans' sentences do not exclude them (SkyEye-FAST's reading of the "
        "2014 WMO Chinese text)",
        "no (the majority): the concealed-kong awards are part of the kongs Three/Four Kongs "
        "already count (pymahjonggb and summerinsects' calculator, the Chinese "
        "rules-explanation reading)",
        "pymahjonggb 1.4.0; the Chinese rules-explanation book; SkyEye-FAST/mcr-mahjong "
        "RULES_REVIEW (the other side)",
    ),
    RuleChoice(
        "robbing_on_last_tile",
        "May a kong promoted with the wall's last tile be robbed (Robbing the Kong and "
        "Last Tile Claim both scoring)?",
        "yes: the promotion is declared before its replacement is missed (pymahjonggb, and a "
        "published analysis scoring 147m 258p 3s ESWNRGB at 40)",
        "no: a kong needs a replacement tile, so none is declared on the last tile and none "
        "can be robbed (the scorer refuses the context)",
        "pymahjonggb 1.4.0 (isAboutKong with isWallLast); other calculators refuse",
    ),
    RuleChoice(
        "knit_holds_winning_tile",
        "When the winning tile of a knitted-straight hand can be one of the knit's tiles, "
        "may it still score Edge, Closed or Single Wait for the other set or the pair?",
        "no: the tile is read as completing the knitted straight (the Chinese "
        "rules-explanation book's example 258m 233469p 14788s won on 3p = 16)",
        "yes: the wait is read from the set and pair (pymahjonggb's "
        "KNITTED_STRAIGHT_BODY_WITH_ECS, summerinsects issue #9: 17)",
        "the Chinese rules-explanation book; pymahjonggb 1.4.0; "
        "summerinsects/ChineseOfficialMahjong#9",
    ),
)
"""The contested readings, each a boolean field of :class:`Ruleset`."""


GREEN_BOOK: Final = Ruleset(
    name="green_book",
    nine_gates_extras=MappingProxyType(
        {
            rank: tuple(f for f in fans if f != F.PUNG_OF_TERMINALS_OR_HONOURS)
            for rank, fans in _NINE_GATES_EXTRAS_GB.items()
        }
    ),
)
"""The WMO Mahjong Competition Rules (2006 English "Green Book") as printed, decision 9;
the contested readings take the majority answer (:data:`CHOICES`)."""

GREEN_BOOK_2006: Final = replace(
    GREEN_BOOK,
    name="green_book_2006",
    extra_excludes=_frozen({F.KNITTED_STRAIGHT: frozenset({F.EDGE_WAIT, F.CLOSED_WAIT})}),
    conditional_excludes=(
        (frozenset({F.SEVEN_PAIRS, F.ALL_TERMINALS}), frozenset({F.TILE_HOG})),
        (frozenset({F.SEVEN_PAIRS, F.ALL_GREEN}), frozenset({F.TILE_HOG})),
    ),
    differences=(
        RuleDifference(
            "knitted_straight_no_edge_or_closed_wait",
            "fan 35 (Green Book p. 45); Tianjin 2006 ruling",
            "Knitted Straight is not combined with Edge Wait or Closed Wait (ruling announced "
            "at the 4th China Majiang Championship, Tianjin, October 2006; T. Sloper, "
            "column #293, 19 November 2006).",
        ),
        RuleDifference(
            "seven_pairs_no_tile_hog_with_all_green_or_all_terminals",
            "fan 19 (Green Book p. 39); Tianjin 2006 ruling",
            "Seven Pairs with All Green or with All Terminals does not add Tile Hog: one pair "
            "is necessarily doubled (same ruling and source).",
        ),
    ),
)
"""The Green Book with the clarifications given at Tianjin in October 2006, where the book
was handed out: what a tournament referee applies."""

GB: Final = Ruleset(
    name="gb",
    point_overrides=MappingProxyType({F.TWO_CONCEALED_KONGS: 6}),
    mixed_kong_pair=(F.CONCEALED_KONG_AND_MELDED_KONG, 5),
    concealed_form_self_drawn=F.SELF_DRAWN,
    extra_excludes=_frozen(
        {
            F.ALL_GREEN: frozenset({F.HALF_FLUSH}),
            F.ALL_TERMINALS: frozenset({F.DOUBLE_PUNG}),
        }
    ),
    nine_gates_extras=MappingProxyType(_NINE_GATES_EXTRAS_GB),
    robbing_on_last_tile=True,
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
            "robbing_on_last_tile",
            "fans 45, 47 (contested reading, CHOICES)",
            "A kong promoted with the wall's last tile may be robbed: Last Tile Claim and "
            "Robbing the Kong both score (the Green Book rulesets refuse the context).",
        ),
    ),
)
"""The 1998 Chinese values of the common calculators (pymahjonggb, summerinsects)."""

RULESETS: Final = MappingProxyType(
    {"green_book": GREEN_BOOK, "green_book_2006": GREEN_BOOK_2006, "gb": GB}
)


def ruleset_named(name: str) -> Ruleset:
    """The ruleset called ``name`` (``green_book``, ``green_book_2006`` or ``gb``);
    ``ValueError`` otherwise.

    >>> ruleset_named("wmo")
    Traceback (most recent call last):
    ValueError: unknown ruleset 'wmo' (known: green_book, green_book_2006, gb)
    """
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r} (known: {known})") from None
