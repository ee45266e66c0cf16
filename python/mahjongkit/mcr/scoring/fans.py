"""The 81 fans of the Mahjong Competition Rules as one table of data, each with a checker.

Numbering and points follow the Green Book (decision 9 of docs/decisions.md): Two Concealed
Kongs is fan 48 at 8 points, and fans 49–53 are All Pungs … Melded Hand. Each row holds the
fan's number, key, English and Chinese names, points, the fans it ``excludes`` (the
rulebook's "not counted" sentences: the non-repeat principle), ``absorbs`` (a fan that it
replaces *on its own sets only*, as a wind pung replaces Pung of Terminals or Honours), its
combining ``group`` (fans made of several chows or several pungs, subject to the
non-separation, non-identical and account-once principles), and a checker.

Every checker has one signature: it takes a :class:`~mahjongkit.mcr.scoring.reading.Reading` and
returns the list of its *instances*, each a tuple of the set indices it uses (``()`` for a
fan about the whole hand). ``len(result)`` is how many times it scores before the scorer
combines fans.

>>> FANS[48].name, FANS[48].points, FANS[48].chinese
('Two Concealed Kongs', 8, '双暗杠')
>>> len(FANS), sum(1 for f in FANS.values() if f.points == 8)
(81, 10)
>>> BY_KEY["pung_of_terminals_or_honours"].number
73
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, pairwise
from typing import Final

from mahjongkit.mcr.analysis.split import Form, SetKind, Wait
from mahjongkit.mcr.scoring.reading import Reading
from mahjongkit.tiles import rank_or_zero, suit_or_honours

Instance = tuple[int, ...]
Checker = Callable[[Reading], list[Instance]]

ONCE: Final[list[Instance]] = [()]
NEVER: Final[list[Instance]] = []

STANDARD_FORMS: Final = frozenset({Form.STANDARD, Form.KNITTED_STRAIGHT})
"""Forms whose sets the set-based fans read (a knitted straight's fourth set and pair)."""
TILE_FORMS: Final = frozenset({Form.STANDARD, Form.KNITTED_STRAIGHT, Form.SEVEN_PAIRS})
"""Forms the tile-based fans (flushes, simples, ranges) read."""
ALL_FORMS: Final = frozenset(Form)


@dataclass(frozen=True)
class Fan:
    """One row of the fan table."""

    number: int
    key: str
    name: str
    chinese: str
    points: int
    checker: Checker | None
    forms: frozenset[Form] = STANDARD_FORMS
    excludes: frozenset[int] = frozenset()
    absorbs: frozenset[int] = frozenset()
    group: str | None = None  # "chow" or "pung": combining fans over several sets
    arity: int = 0  # how many sets of its group a combining fan uses
    about_the_win: bool = False  # read from the win alone: still checked on Nine Gates

    def check(self, reading: Reading) -> list[Instance]:
        """The instances of this fan in ``reading`` (``[]`` when it does not score)."""
        if self.checker is None or reading.form not in self.forms:
            return NEVER
        return self.checker(reading)


class FanNumber(IntEnum):
    """The fans by Green Book number (82: the ``gb`` profile's extra kong fan), so the
    table and the rulesets name the fans they mean."""

    BIG_FOUR_WINDS = 1
    BIG_THREE_DRAGONS = 2
    ALL_GREEN = 3
    NINE_GATES = 4
    FOUR_KONGS = 5
    SEVEN_SHIFTED_PAIRS = 6
    THIRTEEN_ORPHANS = 7
    ALL_TERMINALS = 8
    LITTLE_FOUR_WINDS = 9
    LITTLE_THREE_DRAGONS = 10
    ALL_HONOURS = 11
    FOUR_CONCEALED_PUNGS = 12
    PURE_TERMINAL_CHOWS = 13
    QUADRUPLE_CHOW = 14
    FOUR_PURE_SHIFTED_PUNGS = 15
    FOUR_PURE_SHIFTED_CHOWS = 16
    THREE_KONGS = 17
    ALL_TERMINALS_AND_HONOURS = 18
    SEVEN_PAIRS = 19
    GREATER_HONOURS_AND_KNITTED_TILES = 20
    ALL_EVEN_PUNGS = 21
    FULL_FLUSH = 22
    PURE_TRIPLE_CHOW = 23
    PURE_SHIFTED_PUNGS = 24
    UPPER_TILES = 25
    MIDDLE_TILES = 26
    LOWER_TILES = 27
    PURE_STRAIGHT = 28
    THREE_SUITED_TERMINAL_CHOWS = 29
    PURE_SHIFTED_CHOWS = 30
    ALL_FIVES = 31
    TRIPLE_PUNG = 32
    THREE_CONCEALED_PUNGS = 33
    LESSER_HONOURS_AND_KNITTED_TILES = 34
    KNITTED_STRAIGHT = 35
    UPPER_FOUR = 36
    LOWER_FOUR = 37
    BIG_THREE_WINDS = 38
    MIXED_STRAIGHT = 39
    REVERSIBLE_TILES = 40
    MIXED_TRIPLE_CHOW = 41
    MIXED_SHIFTED_PUNGS = 42
    CHICKEN_HAND = 43
    LAST_TILE_DRAW = 44
    LAST_TILE_CLAIM = 45
    OUT_WITH_REPLACEMENT_TILE = 46
    ROBBING_THE_KONG = 47
    TWO_CONCEALED_KONGS = 48
    ALL_PUNGS = 49
    HALF_FLUSH = 50
    MIXED_SHIFTED_CHOWS = 51
    ALL_TYPES = 52
    MELDED_HAND = 53
    TWO_DRAGON_PUNGS = 54
    OUTSIDE_HAND = 55
    FULLY_CONCEALED_HAND = 56
    TWO_MELDED_KONGS = 57
    LAST_TILE = 58
    DRAGON_PUNG = 59
    PREVALENT_WIND = 60
    SEAT_WIND = 61
    CONCEALED_HAND = 62
    ALL_CHOWS = 63
    TILE_HOG = 64
    DOUBLE_PUNG = 65
    TWO_CONCEALED_PUNGS = 66
    CONCEALED_KONG = 67
    ALL_SIMPLES = 68
    PURE_DOUBLE_CHOW = 69
    MIXED_DOUBLE_CHOW = 70
    SHORT_STRAIGHT = 71
    TWO_TERMINAL_CHOWS = 72
    PUNG_OF_TERMINALS_OR_HONOURS = 73
    MELDED_KONG = 74
    ONE_VOIDED_SUIT = 75
    NO_HONOURS = 76
    EDGE_WAIT = 77
    CLOSED_WAIT = 78
    SINGLE_WAIT = 79
    SELF_DRAWN = 80
    FLOWER_TILES = 81
    CONCEALED_KONG_AND_MELDED_KONG = 82


F = FanNumber
"""Short name for :class:`FanNumber` in tables."""


# ----------------------------------------------------------------- helpers over a reading


def _all(r: Reading, test: Callable[[int], bool]) -> bool:
    return all(test(k) for k in r.kinds_present)


def _suits(r: Reading) -> frozenset[int]:
    return r.suits


def _is_terminal(k: int) -> bool:
    return k <= 27 and rank_or_zero(k) in (1, 9)


def _is_honour(k: int) -> bool:
    return k >= 28


def _pungs_of(r: Reading, kinds: frozenset[int]) -> list[int]:
    return [i for i in r.pungs if r.set_firsts[i] in kinds]


WINDS: Final = frozenset({28, 29, 30, 31})
DRAGONS: Final = frozenset({32, 33, 34})
_GREEN: Final = frozenset({20, 21, 22, 24, 26, 33})
_REVERSIBLE: Final = frozenset({10, 11, 12, 13, 14, 17, 18, 20, 22, 23, 24, 26, 27, 34})


def _pattern(
    sets: tuple[int, ...], arity: int, test: Callable[[list[int]], bool], r: Reading
) -> list[Instance]:
    """Every ``arity``-subset of ``sets`` whose first tiles pass ``test`` (``sets`` are in
    order of first tile, so each subset's first tiles come sorted)."""
    if len(sets) < arity:
        return NEVER
    firsts = r.set_firsts
    return [c for c in combinations(sets, arity) if test([firsts[i] for i in c])]


def _same_suit(firsts: list[int]) -> bool:
    return len({suit_or_honours(t) for t in firsts}) == 1 and suit_or_honours(firsts[0]) < 3


def _three_suits(firsts: list[int]) -> bool:
    return len({suit_or_honours(t) for t in firsts}) == len(firsts) and all(t <= 27 for t in firsts)


def _ranks(firsts: list[int]) -> list[int]:
    return sorted(rank_or_zero(t) for t in firsts)


def _step(firsts: list[int], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(firsts))


# ------------------------------------------------------------------------ the checkers


def _big_four_winds(r: Reading) -> list[Instance]:
    found = _pungs_of(r, WINDS)
    return [tuple(found)] if len(found) == 4 else NEVER


def _big_three_dragons(r: Reading) -> list[Instance]:
    found = _pungs_of(r, DRAGONS)
    return [tuple(found)] if len(found) == 3 else NEVER


def _all_green(r: Reading) -> list[Instance]:
    return ONCE if _all(r, _GREEN.__contains__) else NEVER


def _nine_gates(r: Reading) -> list[Instance]:
    return ONCE if r.special.get("nine_gates") else NEVER


def _four_kongs(r: Reading) -> list[Instance]:
    return ONCE if r.kongs == 4 else NEVER


def _seven_shifted_pairs(r: Reading) -> list[Instance]:
    kinds = r.kinds_present
    if len(kinds) == 7 and kinds[-1] <= 27 and _same_suit(list(kinds)) and _step(list(kinds), 1):
        return ONCE
    return NEVER


def _thirteen_orphans(r: Reading) -> list[Instance]:
    return ONCE if r.form is Form.THIRTEEN_ORPHANS else NEVER


def _all_terminals(r: Reading) -> list[Instance]:
    return ONCE if _all(r, _is_terminal) else NEVER


def _little_four_winds(r: Reading) -> list[Instance]:
    found = _pungs_of(r, WINDS)
    return [tuple(found)] if len(found) == 3 and r.pair in WINDS else NEVER


def _little_three_dragons(r: Reading) -> list[Instance]:
    found = _pungs_of(r, DRAGONS)
    return [tuple(found)] if len(found) == 2 and r.pair in DRAGONS else NEVER


def _all_honours(r: Reading) -> list[Instance]:
    return ONCE if _all(r, _is_honour) else NEVER


def _concealed_pungs(count: int) -> Checker:
    def check(r: Reading) -> list[Instance]:
        return ONCE if r.concealed_pungs == count else NEVER

    return check


def _pure_terminal_chows(r: Reading) -> list[Instance]:
    if len(r.chows) != 4 or r.pair > 27 or rank_or_zero(r.pair) != 5:
        return NEVER
    firsts = [r.set_firsts[i] for i in r.chows]
    base = r.pair - 4  # the suit's 1
    if firsts == [base, base, base + 6, base + 6]:
        return [(*r.chows, len(r.set_kinds))]
    return NEVER


def _quadruple_chow(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 4, lambda f: f[0] == f[3], r)


def _four_pure_shifted_pungs(r: Reading) -> list[Instance]:
    return _pattern(r.pungs, 4, lambda f: _same_suit(f) and _step(f, 1), r)


def _four_pure_shifted_chows(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 4, lambda f: _same_suit(f) and (_step(f, 1) or _step(f, 2)), r)


def _kongs(count: int) -> Checker:
    def check(r: Reading) -> list[Instance]:
        return ONCE if r.kongs == count else NEVER

    return check


def _all_terminals_and_honours(r: Reading) -> list[Instance]:
    return ONCE if _all(r, lambda k: _is_terminal(k) or _is_honour(k)) else NEVER


def _seven_pairs(r: Reading) -> list[Instance]:
    return ONCE if r.form is Form.SEVEN_PAIRS else NEVER


def _honours_knitted(greater: bool) -> Checker:
    def check(r: Reading) -> list[Instance]:
        if r.form is not Form.HONOURS_KNITTED:
            return NEVER
        honours = sum(1 for k in r.kinds_present if k >= 28)
        return ONCE if (honours == 7) == greater else NEVER

    return check


def _each_set(r: Reading, test: Callable[[int], bool]) -> bool:
    """Every set and the pair pass ``test`` on one of their tiles."""
    if r.form is not Form.STANDARD:
        return False
    sets = [any(test(t) for t in r.set_tiles(i)) for i in range(len(r.set_kinds))]
    return all(sets) and test(r.pair)


def _all_even_pungs(r: Reading) -> list[Instance]:
    if r.form is not Form.STANDARD or r.chows:
        return NEVER
    even = [r.set_firsts[i] for i in r.pungs] + [r.pair]
    return ONCE if all(k <= 27 and rank_or_zero(k) % 2 == 0 for k in even) else NEVER


def _full_flush(r: Reading) -> list[Instance]:
    suits = _suits(r)
    return ONCE if len(suits) == 1 and 3 not in suits else NEVER


def _pure_triple_chow(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: f[0] == f[2], r)


def _pure_shifted_pungs(r: Reading) -> list[Instance]:
    return _pattern(r.pungs, 3, lambda f: _same_suit(f) and _step(f, 1), r)


def _rank_range(low: int, high: int, needs: int = 0) -> Checker:
    """All tiles suited with ranks in [low, high] (and, if ``needs``, that rank present)."""

    def check(r: Reading) -> list[Instance]:
        if not r.kinds_present or r.kinds_present[-1] > 27:
            return NEVER
        ranks = {rank_or_zero(k) for k in r.kinds_present}
        if min(ranks) >= low and max(ranks) <= high and (not needs or needs in ranks):
            return ONCE
        return NEVER

    return check


def _pure_straight(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: _same_suit(f) and f[0] % 9 == 1 and _step(f, 3), r)


def _three_suited_terminal_chows(r: Reading) -> list[Instance]:
    if len(r.chows) != 4 or r.pair > 27 or rank_or_zero(r.pair) != 5:
        return NEVER
    pair_suit = suit_or_honours(r.pair)
    shape = sorted(
        (suit_or_honours(r.set_firsts[i]), rank_or_zero(r.set_firsts[i])) for i in r.chows
    )
    others = sorted({0, 1, 2} - {pair_suit})
    if shape == [(others[0], 1), (others[0], 7), (others[1], 1), (others[1], 7)]:
        return [(*r.chows, len(r.set_kinds))]
    return NEVER


def _pure_shifted_chows(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: _same_suit(f) and (_step(f, 1) or _step(f, 2)), r)


def _all_fives(r: Reading) -> list[Instance]:
    return ONCE if _each_set(r, lambda k: k <= 27 and rank_or_zero(k) == 5) else NEVER


def _triple_pung(r: Reading) -> list[Instance]:
    return _pattern(r.pungs, 3, lambda f: _three_suits(f) and len(set(_ranks(f))) == 1, r)


def _knitted_straight(r: Reading) -> list[Instance]:
    if r.form is Form.KNITTED_STRAIGHT:
        return [r.knits]
    if r.form is Form.HONOURS_KNITTED and sum(1 for k in r.kinds_present if k <= 27) == 9:
        return ONCE
    return NEVER


def _big_three_winds(r: Reading) -> list[Instance]:
    found = _pungs_of(r, WINDS)
    return [tuple(found)] if len(found) == 3 else NEVER


def _mixed_straight(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: _three_suits(f) and _ranks(f) == [1, 4, 7], r)


def _reversible_tiles(r: Reading) -> list[Instance]:
    return ONCE if _all(r, _REVERSIBLE.__contains__) else NEVER


def _mixed_triple_chow(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: _three_suits(f) and len(set(_ranks(f))) == 1, r)


def _mixed_shifted_pungs(r: Reading) -> list[Instance]:
    return _pattern(r.pungs, 3, lambda f: _three_suits(f) and _step(_ranks(f), 1), r)


def _context(test: Callable[[Reading], bool]) -> Checker:
    def check(r: Reading) -> list[Instance]:
        return ONCE if test(r) else NEVER

    return check


def _all_pungs(r: Reading) -> list[Instance]:
    return ONCE if r.form is Form.STANDARD and len(r.pungs) == 4 else NEVER


def _half_flush(r: Reading) -> list[Instance]:
    suits = _suits(r)
    return ONCE if len(suits) == 2 and 3 in suits else NEVER


def _mixed_shifted_chows(r: Reading) -> list[Instance]:
    return _pattern(r.chows, 3, lambda f: _three_suits(f) and _step(_ranks(f), 1), r)


def _all_types(r: Reading) -> list[Instance]:
    suits = _suits(r)
    if suits != {0, 1, 2, 3}:
        return NEVER
    kinds = r.kinds_present
    return ONCE if any(k in WINDS for k in kinds) and any(k in DRAGONS for k in kinds) else NEVER


def _two_dragon_pungs(r: Reading) -> list[Instance]:
    return _pattern(r.pungs, 2, lambda f: all(t in DRAGONS for t in f), r)


def _outside_hand(r: Reading) -> list[Instance]:
    return ONCE if _each_set(r, lambda k: _is_terminal(k) or _is_honour(k)) else NEVER


def _melded_kong_pair(melded: int, concealed: int) -> Checker:
    def check(r: Reading) -> list[Instance]:
        if r.kongs == melded + concealed and r.concealed_kongs == concealed:
            return ONCE
        return NEVER

    return check


def _dragon_pung(r: Reading) -> list[Instance]:
    return [(i,) for i in _pungs_of(r, DRAGONS)]


def _wind_pung(seat: bool) -> Checker:
    def check(r: Reading) -> list[Instance]:
        wind = 28 + (r.seat_wind if seat else r.prevailing_wind)
        return [(i,) for i in r.pungs if r.set_firsts[i] == wind]

    return check


def _all_chows(r: Reading) -> list[Instance]:
    # a knitted straight counts as three chows: its fourth set must be a chow
    full = len(r.chows) == 4 or (r.form is Form.KNITTED_STRAIGHT and len(r.chows) == 1)
    return ONCE if full and r.pair and r.pair <= 27 else NEVER


def _tile_hog(r: Reading) -> list[Instance]:
    kong_kinds = {r.set_firsts[i] for i in r.pungs if r.set_kinds[i] is SetKind.KONG}
    return [() for k, n in sorted(r.counts.items()) if n == 4 and k not in kong_kinds]


def _double_pung(r: Reading) -> list[Instance]:
    return _pattern(
        r.pungs, 2, lambda f: _three_suits(f) and rank_or_zero(f[0]) == rank_or_zero(f[1]), r
    )


def _all_simples(r: Reading) -> list[Instance]:
    return ONCE if _all(r, lambda k: k <= 27 and rank_or_zero(k) not in (1, 9)) else NEVER


def _chow_pair(test: Callable[[int, int], bool]) -> Checker:
    def check(r: Reading) -> list[Instance]:
        return _pattern(r.chows, 2, lambda f: test(f[0], f[1]), r)

    return check


def _pung_of_terminals_or_honours(r: Reading) -> list[Instance]:
    return [(i,) for i in r.pungs if _is_terminal(r.set_firsts[i]) or r.set_firsts[i] in WINDS]


def _one_voided_suit(r: Reading) -> list[Instance]:
    return ONCE if len(_suits(r) - {3}) == 2 else NEVER


def _no_honours(r: Reading) -> list[Instance]:
    return ONCE if r.kinds_present and r.kinds_present[-1] <= 27 else NEVER


def _wait(shape: Wait) -> Checker:
    def check(r: Reading) -> list[Instance]:
        return ONCE if r.wait is shape else NEVER

    return check


# ------------------------------------------------------------------------- the table

_P = frozenset
_SPECIAL = frozenset({Form.SEVEN_PAIRS})

_ROWS: Final[tuple[Fan, ...]] = (
    # 88 points
    Fan(1, "big_four_winds", "Big Four Winds", "大四喜", 88, _big_four_winds,
        excludes=_P({F.LITTLE_FOUR_WINDS, F.BIG_THREE_WINDS, F.ALL_PUNGS, F.PREVALENT_WIND,
            F.SEAT_WIND, F.PUNG_OF_TERMINALS_OR_HONOURS}), group="pung", arity=4),
    Fan(2, "big_three_dragons", "Big Three Dragons", "大三元", 88, _big_three_dragons,
        excludes=_P({F.LITTLE_THREE_DRAGONS, F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG}), group="pung",
            arity=3),
    Fan(3, "all_green", "All Green", "绿一色", 88, _all_green, forms=TILE_FORMS,
        excludes=_P({F.ONE_VOIDED_SUIT})),
    Fan(4, "nine_gates", "Nine Gates", "九莲宝灯", 88, _nine_gates,
        excludes=_P({F.FULL_FLUSH, F.CONCEALED_HAND, F.ONE_VOIDED_SUIT, F.NO_HONOURS})),
    Fan(5, "four_kongs", "Four Kongs", "四杠", 88, _kongs(4),
        excludes=_P({F.THREE_KONGS, F.ALL_PUNGS, F.SINGLE_WAIT})),
    Fan(6, "seven_shifted_pairs", "Seven Shifted Pairs", "连七对", 88, _seven_shifted_pairs,
        forms=_SPECIAL, excludes=_P({F.SEVEN_PAIRS, F.FULL_FLUSH, F.CONCEALED_HAND,
            F.ONE_VOIDED_SUIT, F.NO_HONOURS, F.SINGLE_WAIT})),
    Fan(7, "thirteen_orphans", "Thirteen Orphans", "十三幺", 88, _thirteen_orphans,
        forms=_P({Form.THIRTEEN_ORPHANS}), excludes=_P({F.ALL_TERMINALS_AND_HONOURS, F.ALL_TYPES,
            F.CONCEALED_HAND, F.SINGLE_WAIT})),
    # 64 points
    Fan(8, "all_terminals", "All Terminals", "清幺九", 64, _all_terminals, forms=TILE_FORMS,
        excludes=_P({F.ALL_TERMINALS_AND_HONOURS, F.ALL_PUNGS, F.OUTSIDE_HAND,
            F.PUNG_OF_TERMINALS_OR_HONOURS, F.NO_HONOURS})),
    Fan(9, "little_four_winds", "Little Four Winds", "小四喜", 64, _little_four_winds,
        excludes=_P({F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONOURS}), group="pung", arity=3),
    Fan(10, "little_three_dragons", "Little Three Dragons", "小三元", 64, _little_three_dragons,
        excludes=_P({F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG}), group="pung", arity=2),
    Fan(11, "all_honours", "All Honors", "字一色", 64, _all_honours, forms=TILE_FORMS,
        excludes=_P({F.ALL_TERMINALS_AND_HONOURS, F.ALL_PUNGS, F.OUTSIDE_HAND,
            F.PUNG_OF_TERMINALS_OR_HONOURS, F.ONE_VOIDED_SUIT})),
    Fan(12, "four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64, _concealed_pungs(4),
        excludes=_P({F.THREE_CONCEALED_PUNGS, F.ALL_PUNGS, F.CONCEALED_HAND,
            F.TWO_CONCEALED_PUNGS})),
    Fan(13, "pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", 64, _pure_terminal_chows,
        excludes=_P({F.SEVEN_PAIRS, F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW,
            F.TWO_TERMINAL_CHOWS, F.ONE_VOIDED_SUIT, F.NO_HONOURS}), group="chow", arity=4),
    # 48 points
    Fan(14, "quadruple_chow", "Quadruple Chow", "一色四同顺", 48, _quadruple_chow,
        excludes=_P({F.PURE_TRIPLE_CHOW, F.TILE_HOG, F.PURE_DOUBLE_CHOW}), group="chow", arity=4),
    Fan(15, "four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", 48,
        _four_pure_shifted_pungs, excludes=_P({F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS}), group="pung",
            arity=4),
    # 32 points
    Fan(16, "four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", 32,
        _four_pure_shifted_chows, excludes=_P({F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT,
            F.TWO_TERMINAL_CHOWS}), group="chow", arity=4),
    Fan(17, "three_kongs", "Three Kongs", "三杠", 32, _kongs(3)),
    Fan(18, "all_terminals_and_honours", "All Terminals and Honors", "混幺九", 32,
        _all_terminals_and_honours, forms=TILE_FORMS, excludes=_P({F.ALL_PUNGS, F.OUTSIDE_HAND,
            F.PUNG_OF_TERMINALS_OR_HONOURS})),
    # 24 points
    Fan(19, "seven_pairs", "Seven Pairs", "七对", 24, _seven_pairs, forms=_SPECIAL,
        excludes=_P({F.CONCEALED_HAND, F.SINGLE_WAIT})),
    Fan(20, "greater_honours_and_knitted_tiles", "Greater Honors and Knitted Tiles", "七星不靠",
        24, _honours_knitted(True), forms=_P({Form.HONOURS_KNITTED}),
        excludes=_P({F.LESSER_HONOURS_AND_KNITTED_TILES, F.ALL_TYPES, F.CONCEALED_HAND,
            F.SINGLE_WAIT})),
    Fan(21, "all_even_pungs", "All Even Pungs", "全双刻", 24, _all_even_pungs,
        excludes=_P({F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONOURS})),
    Fan(22, "full_flush", "Full Flush", "清一色", 24, _full_flush, forms=TILE_FORMS,
        excludes=_P({F.NO_HONOURS})),
    Fan(23, "pure_triple_chow", "Pure Triple Chow", "一色三同顺", 24, _pure_triple_chow,
        excludes=_P({F.PURE_DOUBLE_CHOW}), group="chow", arity=3),
    Fan(24, "pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24, _pure_shifted_pungs,
        group="pung", arity=3),
    Fan(25, "upper_tiles", "Upper Tiles", "全大", 24, _rank_range(7, 9), forms=TILE_FORMS,
        excludes=_P({F.UPPER_FOUR, F.NO_HONOURS})),
    Fan(26, "middle_tiles", "Middle Tiles", "全中", 24, _rank_range(4, 6), forms=TILE_FORMS,
        excludes=_P({F.ALL_SIMPLES, F.NO_HONOURS})),
    Fan(27, "lower_tiles", "Lower Tiles", "全小", 24, _rank_range(1, 3), forms=TILE_FORMS,
        excludes=_P({F.LOWER_FOUR, F.NO_HONOURS})),
    # 16 points
    Fan(28, "pure_straight", "Pure Straight", "清龙", 16, _pure_straight,
        excludes=_P({F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS}), group="chow", arity=3),
    Fan(29, "three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会", 16,
        _three_suited_terminal_chows, excludes=_P({F.ALL_CHOWS, F.MIXED_DOUBLE_CHOW,
            F.TWO_TERMINAL_CHOWS, F.NO_HONOURS}), group="chow", arity=4),
    Fan(30, "pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16, _pure_shifted_chows,
        group="chow", arity=3),
    Fan(31, "all_fives", "All Fives", "全带五", 16, _all_fives, excludes=_P({F.ALL_SIMPLES,
        F.NO_HONOURS})),
    Fan(32, "triple_pung", "Triple Pung", "三同刻", 16, _triple_pung,
        excludes=_P({F.DOUBLE_PUNG}), group="pung", arity=3),
    Fan(33, "three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16, _concealed_pungs(3),
        excludes=_P({F.TWO_CONCEALED_PUNGS})),
    # 12 points
    Fan(34, "lesser_honours_and_knitted_tiles", "Lesser Honors and Knitted Tiles", "全不靠",
        12, _honours_knitted(False), forms=_P({Form.HONOURS_KNITTED}),
        excludes=_P({F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT})),
    Fan(35, "knitted_straight", "Knitted Straight", "组合龙", 12, _knitted_straight,
        forms=_P({Form.KNITTED_STRAIGHT, Form.HONOURS_KNITTED})),
    Fan(36, "upper_four", "Upper Four", "大于五", 12, _rank_range(6, 9), forms=TILE_FORMS,
        excludes=_P({F.NO_HONOURS})),
    Fan(37, "lower_four", "Lower Four", "小于五", 12, _rank_range(1, 4), forms=TILE_FORMS,
        excludes=_P({F.NO_HONOURS})),
    Fan(38, "big_three_winds", "Big Three Winds", "三风刻", 12, _big_three_winds,
        absorbs=_P({F.PUNG_OF_TERMINALS_OR_HONOURS}), group="pung", arity=3),
    # 8 points
    Fan(39, "mixed_straight", "Mixed Straight", "花龙", 8, _mixed_straight,
        group="chow", arity=3),
    Fan(40, "reversible_tiles", "Reversible Tiles", "推不倒", 8, _reversible_tiles,
        forms=TILE_FORMS, excludes=_P({F.ONE_VOIDED_SUIT})),
    Fan(41, "mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8, _mixed_triple_chow,
        excludes=_P({F.MIXED_DOUBLE_CHOW}), group="chow", arity=3),
    Fan(42, "mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8, _mixed_shifted_pungs,
        group="pung", arity=3),
    Fan(43, "chicken_hand", "Chicken Hand", "无番和", 8, None),
    Fan(44, "last_tile_draw", "Last Tile Draw", "妙手回春", 8,
        _context(lambda r: r.self_drawn and r.last_of_wall), forms=ALL_FORMS,
        excludes=_P({F.SELF_DRAWN}), about_the_win=True),
    Fan(45, "last_tile_claim", "Last Tile Claim", "海底捞月", 8,
        _context(lambda r: not r.self_drawn and r.last_of_wall), forms=ALL_FORMS,
            about_the_win=True),
    Fan(46, "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8,
        _context(lambda r: r.self_drawn and r.kong_replacement), forms=ALL_FORMS,
        excludes=_P({F.SELF_DRAWN}), about_the_win=True),
    Fan(47, "robbing_the_kong", "Robbing the Kong", "抢杠和", 8,
        _context(lambda r: r.robbing), forms=ALL_FORMS, excludes=_P({F.LAST_TILE}),
            about_the_win=True),
    Fan(48, "two_concealed_kongs", "Two Concealed Kongs", "双暗杠", 8, _melded_kong_pair(0, 2),
        excludes=_P({F.TWO_CONCEALED_PUNGS, F.CONCEALED_KONG})),
    # 6 points
    Fan(49, "all_pungs", "All Pungs", "碰碰和", 6, _all_pungs),
    Fan(50, "half_flush", "Half Flush", "混一色", 6, _half_flush, forms=TILE_FORMS),
    Fan(51, "mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6, _mixed_shifted_chows,
        group="chow", arity=3),
    Fan(52, "all_types", "All Types", "五门齐", 6, _all_types, forms=ALL_FORMS),
    Fan(53, "melded_hand", "Melded Hand", "全求人", 6,
        _context(lambda r: r.exposed_melds == 4 and not r.self_drawn),
            excludes=_P({F.SINGLE_WAIT})),
    Fan(54, "two_dragon_pungs", "Two Dragon Pungs", "双箭刻", 6, _two_dragon_pungs,
        excludes=_P({F.DRAGON_PUNG}), group="pung", arity=2),
    # 4 points
    Fan(55, "outside_hand", "Outside Hand", "全带幺", 4, _outside_hand),
    Fan(56, "fully_concealed_hand", "Fully Concealed Hand", "不求人", 4,
        _context(lambda r: r.exposed_melds == 0 and r.self_drawn), forms=ALL_FORMS,
        excludes=_P({F.CONCEALED_HAND, F.SELF_DRAWN}), about_the_win=True),
    Fan(57, "two_melded_kongs", "Two Melded Kongs", "双明杠", 4, _melded_kong_pair(2, 0),
        excludes=_P({F.MELDED_KONG})),
    Fan(58, "last_tile", "Last Tile", "和绝张", 4, _context(lambda r: r.last_tile),
        forms=ALL_FORMS, about_the_win=True),
    # 2 points
    Fan(59, "dragon_pung", "Dragon Pung", "箭刻", 2, _dragon_pung),
    Fan(60, "prevalent_wind", "Prevalent Wind", "圈风刻", 2, _wind_pung(seat=False),
        absorbs=_P({F.PUNG_OF_TERMINALS_OR_HONOURS})),
    Fan(61, "seat_wind", "Seat Wind", "门风刻", 2, _wind_pung(seat=True),
        absorbs=_P({F.PUNG_OF_TERMINALS_OR_HONOURS})),
    Fan(62, "concealed_hand", "Concealed Hand", "门前清", 2,
        _context(lambda r: r.exposed_melds == 0 and not r.self_drawn), forms=ALL_FORMS,
            about_the_win=True),
    Fan(63, "all_chows", "All Chows", "平和", 2, _all_chows, excludes=_P({F.NO_HONOURS})),
    Fan(64, "tile_hog", "Tile Hog", "四归一", 2, _tile_hog, forms=TILE_FORMS),
    Fan(65, "double_pung", "Double Pung", "双同刻", 2, _double_pung, group="pung", arity=2),
    Fan(66, "two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2, _concealed_pungs(2)),
    Fan(67, "concealed_kong", "Concealed Kong", "暗杠", 2, _melded_kong_pair(0, 1)),
    Fan(68, "all_simples", "All Simples", "断幺", 2, _all_simples, forms=TILE_FORMS,
        excludes=_P({F.NO_HONOURS})),
    # 1 point
    Fan(69, "pure_double_chow", "Pure Double Chow", "一般高", 1,
        _chow_pair(lambda a, b: a == b), group="chow", arity=2),
    Fan(70, "mixed_double_chow", "Mixed Double Chow", "喜相逢", 1,
        _chow_pair(lambda a,
            b: suit_or_honours(a) != suit_or_honours(b) and rank_or_zero(a) == rank_or_zero(b)),
        group="chow", arity=2),
    Fan(71, "short_straight", "Short Straight", "连六", 1,
        _chow_pair(lambda a, b: suit_or_honours(a) == suit_or_honours(b) and b - a == 3),
            group="chow", arity=2),
    Fan(72, "two_terminal_chows", "Two Terminal Chows", "老少副", 1,
        _chow_pair(lambda a,
            b: suit_or_honours(a) == suit_or_honours(b) and rank_or_zero(a) == 1 and b - a == 6),
        group="chow", arity=2),
    Fan(73, "pung_of_terminals_or_honours", "Pung of Terminals or Honors", "幺九刻", 1,
        _pung_of_terminals_or_honours),
    Fan(74, "melded_kong", "Melded Kong", "明杠", 1, _melded_kong_pair(1, 0)),
    Fan(75, "one_voided_suit", "One Voided Suit", "缺一门", 1, _one_voided_suit,
        forms=TILE_FORMS),
    Fan(76, "no_honours", "No Honors", "无字", 1, _no_honours, forms=TILE_FORMS),
    Fan(77, "edge_wait", "Edge Wait", "边张", 1, _wait(Wait.EDGE)),
    Fan(78, "closed_wait", "Closed Wait", "嵌张", 1, _wait(Wait.CLOSED)),
    Fan(79, "single_wait", "Single Wait", "单钓将", 1, _wait(Wait.PAIR)),
    Fan(80, "self_drawn", "Self-Drawn", "自摸", 1, _context(lambda r: r.self_drawn),
        forms=ALL_FORMS, about_the_win=True),
    Fan(81, "flower_tiles", "Flower Tiles", "花牌", 1, None, forms=frozenset()),
)  # fmt: skip

FANS: Final[dict[int, Fan]] = {fan.number: fan for fan in _ROWS}
"""The 81 fans by Green Book number."""
BY_KEY: Final[dict[str, Fan]] = {fan.key: fan for fan in _ROWS}
"""The 81 fans by key."""

CONCEALED_KONG_AND_MELDED_KONG: Final = Fan(
    82, "concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠", 5,
    _melded_kong_pair(1, 1), excludes=_P({F.CONCEALED_KONG, F.MELDED_KONG}),
)  # fmt: skip
"""The 1998 Chinese calculators' extra fan for one melded and one concealed kong (5 points);
only the ``gb`` ruleset scores it. The Green Book scores the pair as fan 57 at 6 points."""

CHICKEN_HAND: Final = F.CHICKEN_HAND
FLOWER_TILES: Final = F.FLOWER_TILES
