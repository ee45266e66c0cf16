"""The scorer's pure-Python reference: every arrangement of a winning hand, scored.

The twin of ``cpp/core/mcr/score.cpp`` step by step (readings, sets, instances, in the same
order, so both choose the same arrangement and name the same fans); ``score(...,
impl="python")`` runs it. It reads every arrangement of the hand (every decomposition into
four sets and a pair, and each special form it fits), runs the checkers of
:mod:`mahjongkit.mcr.scoring.fans` on each, combines what they found under the five
principles of 3.9.1.5, and keeps the highest:

* **non-repeat** — a fan's "not counted" list (``Fan.excludes``, with the ruleset's
  additions) drops the fans it implies;
* **non-separation** and **non-identical** — the sets of a multi-set fan are not split to
  make another fan, and a set makes a given fan with one other set only once;
* **high-versus-low** — every arrangement is scored and the highest kept;
* **account-once** — once sets are combined, each remaining set combines only once with
  the sets already used (:func:`_combine_group`).

Every special case is data: the fan table's ``absorbs`` (a fan that replaces another on its
own sets) and ``about_the_win`` (the fans still checked on Nine Gates), and the ruleset's
fields. The divisions into sets and a pair and the unique-wait test are
:mod:`mahjongkit.mcr.analysis.decompose`'s (``divide``, ``standard_waits``).

>>> from mahjongkit.mcr.scoring.context import WinContext, WinBy
>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
>>> hand = parse_hand("123m 456p 789s 234s 55m")
>>> t = score_reference(hand, WinContext(5, WinBy.SELF_DRAWN), GREEN_BOOK)
>>> [(f.name, f.points) for f in t.fans]
[('Mixed Straight', 8), ('Fully Concealed Hand', 4), ('All Chows', 2), ('Single Wait', 1)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Final

from mahjongkit.mcr.analysis.decompose import divide, standard_waits
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait, set_from_first
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.fans import (
    CHICKEN_HAND,
    CONCEALED_KONG_AND_MELDED_KONG,
    FANS,
    FLOWER_TILES,
    F,
    Fan,
    Instance,
)
from mahjongkit.mcr.scoring.reading import Reading
from mahjongkit.mcr.scoring.ruleset import Ruleset
from mahjongkit.mcr.scoring.tally import FanScore, Tally
from mahjongkit.mcr.scoring.validate import (
    NOT_COMPLETE,
    HandLike,
    Refusal,
    check_context,
    fail,
    read_hand,
)
from mahjongkit.tiles import rank_or_zero, suit_or_honours

__all__ = ["equivalent_tallies", "score_reference"]


@dataclass(frozen=True)
class _Scored:
    """One arrangement and what it scores (before flowers)."""

    reading: Reading
    fans: dict[int, int]  # fan number -> times
    points: dict[int, int]  # fan number -> points of one instance

    @property
    def basic(self) -> int:
        return sum(self.points[n] * t for n, t in self.fans.items())


# --------------------------------------------------------------------- the readings

_KNITTED: Final = tuple(
    tuple(
        9 * suit + offset + step
        for suit, offset in zip(order, (1, 2, 3), strict=True)
        for step in (0, 3, 6)
    )
    for order in permutations(range(3))
)
_ORPHANS: Final = (1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34)


@dataclass
class _Win:
    """The win's facts, validated, shared by every reading of one hand."""

    winning: int
    self_drawn: bool
    robbing: bool
    kong_replacement: bool
    last_of_wall: bool
    last_tile: bool
    seat_wind: int
    prevailing_wind: int


def _fill(r: Reading, win: _Win, melds: Sequence[Meld]) -> Reading:
    r.winning = win.winning
    r.self_drawn = win.self_drawn
    r.robbing = win.robbing
    r.kong_replacement = win.kong_replacement
    r.last_of_wall = win.last_of_wall
    r.last_tile = win.last_tile
    r.seat_wind = win.seat_wind
    r.prevailing_wind = win.prevailing_wind
    r.exposed_melds = sum(1 for m in melds if not m.concealed)
    r.kongs = sum(1 for m in melds if m.kind is MeldKind.KONG)
    r.concealed_kongs = sum(1 for m in melds if m.kind is MeldKind.KONG and m.concealed)
    return r


def _set_kind(meld: Meld) -> SetKind:
    kind = meld.kind
    return (
        SetKind.CHOW
        if kind is MeldKind.CHOW
        else SetKind.PUNG
        if kind is MeldKind.PUNG
        else SetKind.KONG
    )


def _meld_sets(melds: Sequence[Meld]) -> list[tuple[SetKind, int, bool]]:
    return [(_set_kind(m), m.first, m.concealed) for m in melds]


def _wait_shape(r: Reading, concealed_from: int, win: int) -> Wait | None:
    """The wait fan of a unique wait, read from where the winning tile can sit among the
    concealed sets: edge before closed before single (the calculators' order)."""
    edge = closed = single = False
    for i in range(concealed_from, len(r.set_kinds)):
        if r.set_kinds[i] is SetKind.CHOW:
            first = r.set_firsts[i]
            if win == first + 1:
                closed = True
            elif win in (first, first + 2):
                edge = True
    if r.pair == win:
        single = True
    if edge:
        return Wait.EDGE
    if closed:
        return Wait.CLOSED
    return Wait.PAIR if single else None


def _standard_readings(
    concealed: list[int], whole: list[int], melds: Sequence[Meld], win: _Win, unique: bool
) -> list[Reading]:
    readings = []
    base = _meld_sets(melds)
    for sets, pair in divide(concealed[:], 4 - len(melds)):
        all_sets = base + [(kind, first, True) for kind, first in sets]
        r = _fill(Reading.build(Form.STANDARD, all_sets, pair, _counts_map(whole)), win, melds)
        concealed_pungs = [first for kind, first in sets if kind is SetKind.PUNG]
        if not win.self_drawn and not any(
            kind is SetKind.CHOW and first <= win.winning <= first + 2 for kind, first in sets
        ):
            # a pung completed by another's tile is exposed (it "comes from outside")
            concealed_pungs = [k for k in concealed_pungs if k != win.winning]
        r.concealed_pungs = len(concealed_pungs) + r.concealed_kongs
        if unique:
            r.wait = _wait_shape(r, len(melds), win.winning)
        readings.append(r)
    return readings


def _counts_map(whole: list[int]) -> dict[int, int]:
    return {k: n for k, n in enumerate(whole) if n and k}


def _knitted_reading(
    concealed: list[int],
    whole: list[int],
    melds: Sequence[Meld],
    win: _Win,
    knit_holds_winning_tile: bool,
) -> Reading | None:
    if len(melds) > 1:
        return None
    for knit in _KNITTED:
        if not all(concealed[k] for k in knit):
            continue
        rest = concealed[:]
        for k in knit:
            rest[k] -= 1
        divisions = divide(rest[:], 1 - len(melds))
        if len(divisions) != 1:
            return None
        sets, pair = divisions[0]
        knit_sets = [(SetKind.KNIT, knit[i], True) for i in (0, 3, 6)]
        all_sets = _meld_sets(melds) + knit_sets + [(kind, first, True) for kind, first in sets]
        r = _fill(
            Reading.build(Form.KNITTED_STRAIGHT, all_sets, pair, _counts_map(whole)), win, melds
        )
        r.concealed_pungs = r.concealed_kongs + sum(
            1
            for kind, first in sets
            if kind is SetKind.PUNG and (win.self_drawn or first != win.winning)
        )
        w = win.winning
        if knit_holds_winning_tile and w in knit:
            pass  # the winning tile completes the knitted straight: no wait fan
        elif not melds:
            if rest[w]:
                rest[w] -= 1
                if len(standard_waits(rest, seven_pairs=False, limit=2)) == 1:
                    r.wait = _wait_shape(r, len(r.set_kinds) - len(sets), w)
        elif w not in knit or concealed[w] == 3:
            r.wait = Wait.PAIR
        return r
    return None


def _special_readings(
    concealed: list[int], whole: list[int], melds: Sequence[Meld], win: _Win
) -> list[Reading]:
    """Seven pairs, thirteen orphans, honours-and-knitted, nine gates (no melds)."""
    if melds:
        return []
    counts = _counts_map(whole)
    kinds = sorted(counts)
    found = []
    if all(n % 2 == 0 for n in counts.values()):
        pairs = [(SetKind.PAIR, k, True) for k in kinds for _ in range(counts[k] // 2)]
        found.append(_fill(Reading.build(Form.SEVEN_PAIRS, pairs, 0, counts), win, melds))
    elif set(kinds) == set(_ORPHANS):
        singles = [(SetKind.SINGLE, k, True) for k in kinds]
        found.append(_fill(Reading.build(Form.THIRTEEN_ORPHANS, singles, 0, counts), win, melds))
    elif len(kinds) == 14:
        suited = [k for k in kinds if k <= 27]
        if 7 <= len(suited) <= 9 and any(set(suited) <= set(knit) for knit in _KNITTED):
            singles = [(SetKind.SINGLE, k, True) for k in kinds]
            found.append(_fill(Reading.build(Form.HONOURS_KNITTED, singles, 0, counts), win, melds))
    if len(kinds) <= 9 and kinds[-1] <= 27 and len({suit_or_honours(k) for k in kinds}) == 1:
        base = 9 * suit_or_honours(kinds[0])
        shape = [concealed[base + r] for r in range(1, 10)]
        shape[rank_or_zero(win.winning) - 1] -= 1
        if shape == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            # scored as a whole (its fans are fixed by the winning rank); the split shown is
            # its first standard decomposition
            sets, pair = divide(concealed[:], 4)[0]
            shown = [(kind, first, True) for kind, first in sets]
            r = _fill(Reading.build(Form.STANDARD, shown, pair, counts), win, melds)
            r.special["nine_gates"] = rank_or_zero(win.winning)
            found.append(r)
    return found


# ----------------------------------------------------------------------- combination

_BY_FORM: Final = {
    form: tuple(f for f in FANS.values() if form in f.forms and f.checker is not None)
    for form in Form
}
# the checkers that apply to each form, as (number, checker): the hot loop of the scorer
_CHECKERS: Final = {
    form: tuple((f.number, f.checker) for f in fans if f.checker is not None)
    for form, fans in _BY_FORM.items()
}
_ABOUT_THE_WIN: Final = tuple(f for f in FANS.values() if f.about_the_win)
_ABSORBING: Final = tuple(f for f in FANS.values() if f.absorbs)
_CHOW_GROUP: Final = tuple(f for f in FANS.values() if f.group == "chow")
_PUNG_GROUP: Final = tuple(f for f in FANS.values() if f.group == "pung")
# which pair fan one remaining chow scores with a chow already used (the calculators'
# order, highest first): Pure Double Chow, Mixed Double Chow, Short Straight, Two
# Terminal Chows
_CHOW_PAIR_ORDER: Final[tuple[int, ...]] = (
    F.PURE_DOUBLE_CHOW,
    F.MIXED_DOUBLE_CHOW,
    F.SHORT_STRAIGHT,
    F.TWO_TERMINAL_CHOWS,
)


def _combine_group(
    found: dict[int, list[Instance]], group: Sequence[Fan], sets: Sequence[int], rs: Ruleset
) -> None:
    """Apply non-separation, non-identical and account-once to one group's fans in place.

    A fan over four sets takes the group whole. Otherwise the best fan over three sets is
    kept and the fourth set may combine once with one of those three. Otherwise pairs are
    kept while each adds a set not yet joined to the others (at most one pair fan fewer
    than the sets that take part), the same fan twice giving way first.
    """
    present = [f for f in group if f.number in found]
    if not present:
        return
    by_arity: dict[int, list[tuple[Fan, Instance]]] = {2: [], 3: [], 4: []}
    for fan in present:
        for inst in found.pop(fan.number):
            by_arity[fan.arity].append((fan, inst))
    if by_arity[4]:
        fan, inst = max(by_arity[4], key=lambda x: (rs.points(x[0].number), -x[0].number))
        found[fan.number] = [inst]
        return
    if by_arity[3]:
        best_points = max(rs.points(f.number) for f, _ in by_arity[3])
        fan, inst = next(x for x in by_arity[3] if rs.points(x[0].number) == best_points)
        found[fan.number] = [inst]
        used = set(inst)
        for free in (s for s in sets if s not in used):
            joins = [(f, i) for f, i in by_arity[2] if free in i and (set(i) - {free}) <= used]
            if joins:
                order = {n: p for p, n in enumerate(_CHOW_PAIR_ORDER)}
                f, i = min(joins, key=lambda x: (order.get(x[0].number, -1), min(x[1])))
                found.setdefault(f.number, []).append(i)
        return
    pairs = by_arity[2]
    if group[0].group == "pung":
        for fan, inst in pairs:
            found.setdefault(fan.number, []).append(inst)
        return
    # chows: at most (sets taking part) - (their groups) pair fans (a forest over the sets)
    parent = {s: s for s in sets}

    def root(s: int) -> int:
        while parent[s] != s:
            s = parent[s]
        return s

    joined: set[int] = set()
    for _, inst in pairs:
        a, b = root(inst[0]), root(inst[1])
        joined.update(inst)
        if a != b:
            parent[a] = b
    limit = len(joined) - len({root(s) for s in joined})
    kept = {n: [i for f, i in pairs if f.number == n] for n in _CHOW_PAIR_ORDER}
    count = sum(len(v) for v in kept.values())
    for keep_at_most in (1, 0):
        for number in reversed(_CHOW_PAIR_ORDER):
            while len(kept[number]) > keep_at_most and count > limit:
                kept[number].pop()
                count -= 1
    for number, instances in kept.items():
        if instances:
            found[number] = instances


def _evaluate(r: Reading, rs: Ruleset) -> _Scored:
    """The fans of one reading under ``rs`` after the five principles."""
    found: dict[int, list[Instance]] = {}
    if "nine_gates" in r.special:
        found[F.NINE_GATES] = [()]
        for number in rs.nine_gates_extras.get(r.special["nine_gates"], ()):
            found[number] = [()]
        for fan in _ABOUT_THE_WIN:
            hit = fan.check(r)
            if hit:
                found[fan.number] = hit
    else:
        for number, checker in _CHECKERS[r.form]:
            hit = checker(r)
            if hit:
                found[number] = hit
        _combine_group(found, _CHOW_GROUP, r.chows, rs)
        _combine_group(found, _PUNG_GROUP, r.pungs, rs)
        if r.kongs == 2 and r.concealed_kongs == 1:
            found[rs.mixed_kong_pair[0]] = [()]
        if rs.many_kongs_award_concealed and r.kongs >= 3 and r.concealed_kongs:
            found[F.CONCEALED_KONG if r.concealed_kongs == 1 else F.TWO_CONCEALED_KONGS] = [()]
        for fan in _ABSORBING:
            if fan.number not in found:
                continue
            used = {s for inst in found[fan.number] for s in inst}
            for other in sorted(fan.absorbs):
                if other in found:
                    found[other] = [inst for inst in found[other] if not set(inst) & used]
    if r.self_drawn and r.exposed_melds == 0 and any(n in found for n in rs.concealed_forms):
        found.pop(F.FULLY_CONCEALED_HAND, None)
        found.pop(F.SELF_DRAWN, None)
        found[rs.concealed_form_self_drawn] = [()]
    dropped: set[int] = set()
    for number in found:
        dropped |= rs.excludes(number)
    for when, drop in rs.conditional_excludes:
        if all(n in found for n in when):
            dropped |= drop
    fans = {n: len(v) for n, v in found.items() if v and n not in dropped}
    if not fans:
        fans = {CHICKEN_HAND: 1}
    points = {n: rs.points(n) for n in fans}
    if rs.mixed_kong_pair[0] in fans and r.kongs == 2 and r.concealed_kongs == 1:
        points[rs.mixed_kong_pair[0]] = rs.mixed_kong_pair[1]
    return _Scored(r, fans, points)


# -------------------------------------------------------------------------- scoring


def _win_of(context: WinContext, concealed: list[int], whole: list[int]) -> _Win:
    w = context.winning
    return _Win(
        winning=w,
        self_drawn=context.by is WinBy.SELF_DRAWN,
        robbing=context.by is WinBy.ROBBING,
        kong_replacement=context.replacement is Replacement.KONG,
        last_of_wall=context.last_of_wall,
        # the three other copies in exposed melds are visible whatever the caller said
        last_tile=context.last_tile or (whole[w] - concealed[w] == 3),
        seat_wind=context.seat_wind,
        prevailing_wind=context.prevailing_wind,
    )


def _all_scores(hand: HandLike, context: WinContext, ruleset: Ruleset) -> tuple[list[_Scored], int]:
    """Every arrangement of the hand scored, and the number of flowers."""
    concealed, whole, melds, flowers = read_hand(hand)
    check_context(context, concealed, whole, melds, flowers, ruleset)
    w = context.winning
    win = _win_of(context, concealed, whole)
    special = _special_readings(concealed, whole, melds, win)
    knitted = _knitted_reading(concealed, whole, melds, win, ruleset.knit_holds_winning_tile)
    if knitted is not None:
        special.append(knitted)
    # thirteen orphans, honours-and-knitted, nine gates and a knitted straight are read
    # alone; seven pairs still competes with the standard arrangements of the same tiles
    readings = [r for r in special if r.form is not Form.SEVEN_PAIRS]
    if not readings:
        standing = concealed[:]
        standing[w] -= 1
        tiles = sum(standing)
        unique = len(standard_waits(standing, seven_pairs=tiles == 13, limit=2)) == 1
        readings = special + _standard_readings(concealed, whole, melds, win, unique)
    if not readings:
        raise fail(NOT_COMPLETE, Refusal.NOT_COMPLETE)
    return [_evaluate(r, ruleset) for r in readings], flowers


def _preference(s: _Scored) -> tuple[int, int]:
    """Among equal totals, the calculators prefer a Pure Triple Chow or Triple Pung
    arrangement, and a standard arrangement over Seven Pairs."""
    return (
        s.basic,
        1
        if (
            F.PURE_TRIPLE_CHOW in s.fans
            or F.TRIPLE_PUNG in s.fans
            or s.reading.form is not Form.SEVEN_PAIRS
        )
        else 0,
    )


_IMPLIED_WAIT: Final = {
    SetKind.PUNG: Wait.PUNG,
    SetKind.PAIR: Wait.PAIR,
    SetKind.SINGLE: Wait.SINGLE,
    SetKind.KNIT: Wait.KNIT,
    SetKind.CHOW: Wait.TWO_SIDED,
}


def _split_of(r: Reading, win: int, meld_count: int) -> Split:
    return _split(
        r.form,
        list(zip(r.set_kinds, r.set_firsts, r.set_concealed, strict=True)),
        r.pair,
        r.wait,
        meld_count,
        r.counts,
        win,
    )


def _tile_set(kind: SetKind, first: int, concealed: bool, meld: int | None, copies: int) -> TileSet:
    """One set of a split; shared, as the values are immutable and few (building them is
    most of what the C++ path costs in Python). Keyed on the kind's value: hashing an Enum
    member runs Python code."""
    return _tile_set_of(kind.value, first, concealed, meld, copies)


@lru_cache(maxsize=8192)
def _tile_set_of(value: str, first: int, concealed: bool, meld: int | None, copies: int) -> TileSet:
    return set_from_first(SetKind(value), first, concealed, meld, copies)


@lru_cache(maxsize=4096)
def _fan_score(number: int, points: int, times: int) -> FanScore:
    """One line of a tally; shared, as it is immutable."""
    fan = FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG)
    return FanScore(int(number), fan.key, fan.name, fan.chinese, points, times)


def _split(
    form: Form,
    raw: Sequence[tuple[SetKind, int, bool]],
    pair: int,
    shape: Wait | None,
    meld_count: int,
    counts: Mapping[int, int] | Sequence[int],
    win: int,
) -> Split:
    """The :class:`Split` the tally shows: the sets (melds first), the pair, the set the
    winning tile sits in and its wait."""
    sets: list[TileSet] = []
    for i, (kind, first, concealed) in enumerate(raw):
        # a single of thirteen orphans may be its pair
        copies = counts[first] if kind is SetKind.SINGLE else 0
        sets.append(_tile_set(kind, first, concealed, i if i < meld_count else None, copies))
    if pair:
        sets.append(_tile_set(SetKind.PAIR, pair, True, None, 0))
    winning_set = None
    for i, s in enumerate(sets):
        if s.meld is None and win in s.tiles:
            if shape is Wait.PAIR and s.kind is not SetKind.PAIR:
                continue
            if shape in (Wait.EDGE, Wait.CLOSED) and s.kind is not SetKind.CHOW:
                continue
            winning_set = i
            break
    wait = shape
    if wait is None and winning_set is not None:
        wait = _IMPLIED_WAIT.get(sets[winning_set].kind)
    return Split(form, tuple(sets), winning_set, wait)


def _by_value(fan: FanScore) -> tuple[int, int]:
    return (-fan.points, fan.number)


def _tally(
    split: Split,
    fans: dict[int, int],
    points: dict[int, int],
    flowers: int,
    ruleset: Ruleset,
) -> Tally:
    entries = sorted(
        (_fan_score(number, points[number], times) for number, times in fans.items()),
        key=_by_value,
    )
    if flowers:
        entries.append(_fan_score(FLOWER_TILES, 1, flowers))
    return Tally(
        fans=tuple(entries),
        split=split,
        ruleset=ruleset.name,
        minimum=ruleset.minimum,
    )


def score_reference(hand: HandLike, context: WinContext, ruleset: Ruleset) -> Tally:
    """The tally of the best arrangement (raises :class:`ScoreRefused` as the checks say)."""
    scored, flowers = _all_scores(hand, context, ruleset)
    best = max(scored, key=_preference)
    split = _split_of(best.reading, context.winning, len(hand.melds))
    return _tally(split, best.fans, best.points, flowers, ruleset)


def equivalent_tallies(
    hand: HandLike, context: WinContext, ruleset: Ruleset
) -> list[dict[int, int]]:
    """The fan sets of every arrangement that reaches the best total: the equivalents a
    different tie-break may report (used by the differential test)."""
    scored, _ = _all_scores(hand, context, ruleset)
    top = max(s.basic for s in scored)
    return [s.fans for s in scored if s.basic == top]
