"""The MCR scorer: the points of a winning hand under the five principles.

``score(hand, context, ruleset=GREEN_BOOK) -> Tally``. The hand already holds the winning
tile (14 tiles, each meld counting three); ``context.winning`` names it. The scorer reads
every arrangement of the hand (every decomposition into four sets and a pair, and each
special form it fits), runs the 81 checkers of :mod:`mahjongkit.mcr.scoring.fans` on each, combines
what they found under the five principles of 3.9.1.5, and keeps the highest:

* **non-repeat** — a fan's "not counted" list (``Fan.excludes``) drops the fans it implies;
* **non-separation** and **non-identical** — the sets of a multi-set fan are not split to
  make another fan, and a set makes a given fan with one other set only once;
* **high-versus-low** — every arrangement is scored and the highest kept;
* **account-once** — once sets are combined, each remaining set combines only once with
  the sets already used (:func:`_combine_group`).

The divisions into sets and a pair and the unique-wait test are
:mod:`mahjongkit.mcr.analysis.decompose`'s (``divide``, ``standard_waits``), shared with
decomposition and waits. Chicken Hand scores when nothing else does. Flowers are added after
the 8-point minimum is read (3.11.6.6). This module is also the pure-Python reference of the
hot loop; by default :func:`score` runs the C++ twin (``cpp/core/mcr/score.cpp``) through
:mod:`mahjongkit.mcr.analysis.engine`, which receives the fan table and the ruleset as data and
checks the hand and the context itself (:class:`Refusal` codes, worded here). An incomplete
hand, or a context that cannot happen (robbing a kong on a self-draw, a kong replacement
without a kong, ...), raises :class:`ScoreRefused`, a ``ValueError`` naming why.
:func:`score_many` scores a list of hands in one call.

>>> from mahjongkit.mcr.scoring.context import WinContext, WinBy
>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> hand = parse_hand("123m 456p 789s 234s 55m")
>>> t = score(hand, WinContext(winning=5, by=WinBy.SELF_DRAWN))
>>> [(f.name, f.points) for f in t.fans]
[('Mixed Straight', 8), ('Fully Concealed Hand', 4), ('All Chows', 2), ('Single Wait', 1)]
>>> t.basic, t.minimum_met
(15, True)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from itertools import permutations
from typing import Final, Literal, Protocol, overload

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.decompose import divide, standard_waits
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring import _cpp
from mahjongkit.mcr.scoring._cpp import WinArguments, WinResult
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.fans import (
    CHICKEN_HAND,
    CONCEALED_KONG_AND_MELDED_KONG,
    FANS,
    FLOWER_TILES,
    Fan,
    Instance,
)
from mahjongkit.mcr.scoring.reading import Reading, rank_of, suit_of
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.tally import FanScore, Tally

__all__ = ["HandLike", "Refusal", "ScoreRefused", "score", "score_many", "win_arguments"]


class HandLike(Protocol):
    """What the scorer reads of a hand: concealed ``counts`` indexed by kind (1–34), the
    ``melds`` on the table (concealed kongs included) and the exposed ``flowers``."""

    @property
    def counts(self) -> Sequence[int]: ...

    @property
    def melds(self) -> Sequence[Meld]: ...

    @property
    def flowers(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class _Scored:
    """One arrangement and what it scores (before flowers)."""

    reading: Reading
    fans: dict[int, int]  # fan number -> times
    points: dict[int, int]  # fan number -> points of one instance

    @property
    def basic(self) -> int:
        return sum(self.points[n] * t for n, t in self.fans.items())


# ------------------------------------------------------------------------ validation


class Refusal(IntEnum):
    """Why a hand cannot be scored; the C++ core (``score_win``) answers with the same codes,
    in the same order of checks, and Python words the message."""

    TILES = 0  # a count out of range, a bonus tile among the counts, a fifth copy, flowers
    SIZE = 1
    WINNING_KIND = 2
    SEAT_WIND = 3
    PREVAILING_WIND = 4
    WINNING_NOT_HELD = 5
    REPLACEMENT_NOT_SELF_DRAWN = 6
    KONG_REPLACEMENT_WITHOUT_KONG = 7
    FLOWER_REPLACEMENT_WITHOUT_FLOWER = 8
    ROBBING_HELD_COPY = 9
    ROBBING_LAST_OF_WALL = 10
    LAST_TILE_HELD_COPY = 11
    NOT_COMPLETE = 12


class ScoreRefused(ValueError):
    """A hand the scorer cannot score: a ``ValueError`` whose message names why, with the
    :class:`Refusal` code in ``refusal``."""

    def __init__(self, message: str, refusal: Refusal) -> None:
        super().__init__(message)
        self.refusal = refusal


def _fail(message: str, refusal: Refusal = Refusal.TILES) -> ScoreRefused:
    return ScoreRefused(message, refusal)


def _code(kind: int) -> str:
    from mahjongkit.tiles import code

    return code(kind)


def _check_parts(hand: HandLike, melds: tuple[Meld, ...]) -> tuple[list[int], list[int], list[int]]:
    """Concealed counts, whole counts and flowers of any hand-like value, checked."""
    raw = hand.counts
    concealed = [0] * 35
    for kind in range(1, 35):
        n = raw[kind]
        if not 0 <= n <= 4:
            raise _fail(f"the hand holds {n} of {_code(kind)} (0 to 4 allowed)")
        concealed[kind] = n
    for kind in range(35, len(raw)):
        if raw[kind]:
            raise _fail(f"{_code(kind)} is a bonus tile: list it among the flowers")
    whole = concealed[:]
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"a meld is a Meld, not {type(meld).__name__}")
        for kind in meld.tiles:
            whole[kind] += 1
    for kind in range(1, 35):
        if whole[kind] > 4:
            raise _fail(f"the hand holds {whole[kind]} copies of {_code(kind)} (at most 4)")
    flowers = list(hand.flowers)
    if len(set(flowers)) != len(flowers) or not all(35 <= f <= 42 for f in flowers):
        raise _fail(f"flowers must be distinct bonus tiles (F1–F4, T1–T4), not {flowers}")
    return concealed, whole, flowers


def _read_hand(hand: HandLike) -> tuple[list[int], list[int], tuple[Meld, ...], int]:
    """Concealed counts (index = kind, 35 long), whole-hand counts, melds, flowers."""
    melds = tuple(hand.melds)
    if isinstance(hand, Hand):
        # a Hand checked itself when it was made (counts, fifth copies, bonus tiles)
        concealed = list(hand.counts)
        whole = concealed[:]
        for meld in melds:
            for kind in meld.tiles:
                whole[kind] += 1
        flowers = list(hand.flowers)
    else:
        concealed, whole, flowers = _check_parts(hand, melds)
    size = sum(concealed) + 3 * len(melds)
    if size != 14:
        raise _fail(
            f"a winning hand holds 14 tiles with the winning tile (each meld counting three), "
            f"not {size}",
            Refusal.SIZE,
        )
    return concealed, whole, melds, len(flowers)


def _check_context(
    ctx: WinContext, concealed: list[int], whole: list[int], melds: Sequence[Meld], flowers: int
) -> None:
    if not isinstance(ctx, WinContext):
        raise TypeError(f"context is a WinContext, not {type(ctx).__name__}")
    win = ctx.winning
    if isinstance(win, bool) or not isinstance(win, int) or not 1 <= win <= 34:
        raise _fail(
            f"the winning tile must be a kind from 1 to 34, not {win!r}", Refusal.WINNING_KIND
        )
    for label, wind, refusal in (
        ("seat", ctx.seat_wind, Refusal.SEAT_WIND),
        ("prevailing", ctx.prevailing_wind, Refusal.PREVAILING_WIND),
    ):
        if not 0 <= wind <= 3:
            raise _fail(f"the {label} wind is 0 (East) to 3 (North), not {wind}", refusal)
    if concealed[win] == 0:
        raise _fail(
            f"the hand does not hold the winning tile {_code(win)} among its tiles",
            Refusal.WINNING_NOT_HELD,
        )
    if ctx.replacement is not None and ctx.by is not WinBy.SELF_DRAWN:
        raise _fail(
            "a win on a replacement tile is a self-draw, not a win on another's tile",
            Refusal.REPLACEMENT_NOT_SELF_DRAWN,
        )
    if ctx.replacement is Replacement.KONG and not any(m.kind is MeldKind.KONG for m in melds):
        raise _fail(
            "a win on a kong replacement needs a kong in the hand",
            Refusal.KONG_REPLACEMENT_WITHOUT_KONG,
        )
    if ctx.replacement is Replacement.FLOWER and flowers == 0:
        raise _fail(
            "a win on a flower replacement needs an exposed flower",
            Refusal.FLOWER_REPLACEMENT_WITHOUT_FLOWER,
        )
    if ctx.by is WinBy.ROBBING:
        if whole[win] != 1:
            raise _fail(
                f"robbing a kong of {_code(win)}: the other three are in the promoted pung, "
                "so the hand cannot hold another",
                Refusal.ROBBING_HELD_COPY,
            )
        if ctx.last_of_wall:
            raise _fail(
                "no kong can be robbed on the last tile: a kong needs a replacement",
                Refusal.ROBBING_LAST_OF_WALL,
            )
    if ctx.last_tile and concealed[win] > 1:
        raise _fail(
            f"last tile of {_code(win)}: the other three copies were visible, so the hand "
            "cannot hold another",
            Refusal.LAST_TILE_HELD_COPY,
        )


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
    concealed: list[int], whole: list[int], melds: Sequence[Meld], win: _Win
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
        if not melds:
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
    if len(kinds) <= 9 and kinds[-1] <= 27 and len({suit_of(k) for k in kinds}) == 1:
        base = 9 * suit_of(kinds[0])
        shape = [concealed[base + r] for r in range(1, 10)]
        shape[rank_of(win.winning) - 1] -= 1
        if shape == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            # scored as a whole (its fans are fixed by the winning rank); the split shown is
            # its first standard decomposition
            sets, pair = divide(concealed[:], 4)[0]
            shown = [(kind, first, True) for kind, first in sets]
            r = _fill(Reading.build(Form.STANDARD, shown, pair, counts), win, melds)
            r.special["nine_gates"] = rank_of(win.winning)
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
_CHOW_GROUP: Final = tuple(f for f in FANS.values() if f.group == "chow")
_PUNG_GROUP: Final = tuple(f for f in FANS.values() if f.group == "pung")
# which pair fan one remaining chow scores with a chow already used (the calculators'
# order, highest first): Pure Double Chow, Mixed Double Chow, Short Straight, Two
# Terminal Chows
_CHOW_PAIR_ORDER: Final = (69, 70, 71, 72)


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
        found[4] = [()]
        for number in rs.nine_gates_extras.get(r.special["nine_gates"], ()):
            found[number] = [()]
        for number in (44, 45, 46, 47, 56, 58, 62, 80):
            hit = FANS[number].check(r) if r.form in FANS[number].forms else []
            if hit:
                found[number] = hit
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
            found[67 if r.concealed_kongs == 1 else 48] = [()]
        for number in (38, 60, 61):
            if number in found and 73 in found:
                used = {s for inst in found[number] for s in inst}
                found[73] = [inst for inst in found[73] if not set(inst) & used]
    if r.self_drawn and r.exposed_melds == 0 and any(n in found for n in rs.concealed_forms):
        found.pop(56, None)
        found.pop(80, None)
        found[rs.concealed_form_self_drawn] = [()]
    dropped: set[int] = set()
    for number in found:
        dropped |= rs.excludes(number)
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


_NOT_COMPLETE = "not a complete hand: no four sets and a pair, nor a special form"


def _all_scores(hand: HandLike, context: WinContext, ruleset: Ruleset) -> tuple[list[_Scored], int]:
    """Every arrangement of the hand scored, and the number of flowers."""
    concealed, whole, melds, flowers = _read_hand(hand)
    _check_context(context, concealed, whole, melds, flowers)
    w = context.winning
    win = _win_of(context, concealed, whole)
    special = _special_readings(concealed, whole, melds, win)
    knitted = _knitted_reading(concealed, whole, melds, win)
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
        raise _fail(_NOT_COMPLETE, Refusal.NOT_COMPLETE)
    return [_evaluate(r, ruleset) for r in readings], flowers


def _preference(s: _Scored) -> tuple[int, int]:
    """Among equal totals, the calculators prefer a Pure Triple Chow or Triple Pung
    arrangement, and a standard arrangement over Seven Pairs."""
    return (
        s.basic,
        1 if (23 in s.fans or 32 in s.fans or s.reading.form is not Form.SEVEN_PAIRS) else 0,
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
    kind = SetKind(value)
    if kind is SetKind.CHOW:
        tiles: tuple[int, ...] = (first, first + 1, first + 2)
    elif kind is SetKind.KNIT:
        tiles = (first, first + 3, first + 6)
    elif kind is SetKind.PUNG:
        tiles = (first, first, first)
    elif kind is SetKind.KONG:
        tiles = (first, first, first, first)
    elif kind is SetKind.PAIR:
        tiles = (first, first)
    else:
        tiles = (first,) * copies
    return TileSet(kind, tiles, concealed, meld)


@lru_cache(maxsize=4096)
def _fan_score(number: int, points: int, times: int) -> FanScore:
    """One line of a tally; shared, as it is immutable."""
    fan = FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG)
    return FanScore(number, fan.key, fan.name, fan.chinese, points, times)


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


def _validate(hand: HandLike, context: WinContext) -> None:
    """The reference's checks of the hand and the context (raise what they find)."""
    concealed, whole, melds, flowers = _read_hand(hand)
    _check_context(context, concealed, whole, melds, flowers)


def _meld_code(meld: Meld) -> int:
    # identity tests: hashing an Enum member (a dict lookup) runs Python code
    kind = meld.kind
    code = 0 if kind is MeldKind.CHOW else 1 if kind is MeldKind.PUNG else 2
    return code | meld.tiles[0] << 2 | (256 if meld.concealed else 0)


def win_arguments(hand: HandLike, context: WinContext) -> WinArguments:
    """What the C++ ``score_win`` reads of a hand and its context, packed (see
    ``cpp/bindings/bind_mcr_score.cpp``). The C++ side checks the hand's size and the
    context; the checks only Python can make (types, the tiles of a hand that is not a
    :class:`Hand`) are made here."""
    if isinstance(hand, Hand):
        # a Hand checked its tiles when it was made (counts, fifth copies, bonus tiles)
        counts: Sequence[int] = hand.counts
        melds: Sequence[Meld] = hand.melds
        flowers = len(hand.flowers)
    else:
        melds = tuple(hand.melds)
        counts, _, bonus = _check_parts(hand, tuple(melds))
        flowers = len(bonus)
    if not isinstance(context, WinContext) or type(context.winning) is not int:
        # a wrong type or an odd winning tile: the reference's checks say which (an int
        # subclass that passes them is scored as its int value)
        _validate(hand, context)
    by = context.by
    replacement = context.replacement
    return (
        counts,
        tuple(map(_meld_code, melds)) if melds else (),
        int(context.winning),
        0 if by is WinBy.SELF_DRAWN else 2 if by is WinBy.ROBBING else 1,
        -1
        if replacement is None
        else 0
        if replacement is Replacement.KONG
        else 1
        if replacement is Replacement.FLOWER
        else 2,
        operator.index(context.seat_wind),
        operator.index(context.prevailing_wind),
        bool(context.last_of_wall),
        bool(context.last_tile),
        flowers,
    )


def _refusal(code: int, hand: HandLike, context: WinContext) -> ScoreRefused:
    """The error of a hand the C++ core refused: the reference's checks word it, and must
    have found the same reason (a disagreement is a bug, not a refusal)."""
    try:
        _validate(hand, context)
    except ScoreRefused as error:
        if error.refusal == code:
            return error
        raise RuntimeError(
            f"the C++ scorer refused {hand} with code {code}, the reference with {error!r}"
        ) from error
    if code == Refusal.NOT_COMPLETE:
        return _fail(_NOT_COMPLETE, Refusal.NOT_COMPLETE)
    raise RuntimeError(f"the C++ scorer refused {hand} with code {code}; the reference accepts it")


class _TileSetsByCode(dict[int, TileSet]):
    """TileSets by their packed code (kind | first << 3 | concealed << 9 | (meld + 1) << 10 |
    copies << 13), each built once: a few hundred cover every hand."""

    def __missing__(self, code: int) -> TileSet:
        meld = (code >> 10) & 7
        made = _tile_set(
            _SET_KINDS[code & 7],
            (code >> 3) & 63,
            bool(code >> 9 & 1),
            meld - 1 if meld else None,
            code >> 13,
        )
        self[code] = made
        return made


class _FanScoresByCode(dict[int, FanScore]):
    """Tally lines by their packed code (number | times << 7 | points << 14), each built once."""

    def __missing__(self, code: int) -> FanScore:
        made = _fan_score(code & 127, code >> 14, (code >> 7) & 127)
        self[code] = made
        return made


_SET_KINDS: Final = list(SetKind)
_FORMS: Final = list(Form)
_WAITS_OR_NONE: Final[list[Wait | None]] = [None, *Wait]
_TILE_SETS: Final = _TileSetsByCode()
_FAN_SCORES: Final = _FanScoresByCode()


_Found = tuple[int, tuple[int, ...], int | None, int, tuple[int, ...], int, int]


class _CompactParts:
    """Builds a Tally's fans and split from what ``score_win`` found (see Tally.compact)."""

    def fans(self, raw: _Found) -> tuple[FanScore, ...]:
        return tuple(map(_FAN_SCORES.__getitem__, raw[4]))

    def split(self, raw: _Found) -> Split:
        form, sets, winning_set, wait = raw[:4]
        return Split(
            _FORMS[form],
            tuple(map(_TILE_SETS.__getitem__, sets)),
            winning_set,
            _WAITS_OR_NONE[wait + 1],
        )


_COMPACT_PARTS: Final = _CompactParts()


def _tally_of(found: _Found, ruleset: Ruleset) -> Tally:
    """The Tally of what ``score_win`` found; its fans and split are built when first read."""
    return Tally.compact(
        found, _COMPACT_PARTS, ruleset.name, ruleset.minimum, basic=found[5], flowers=found[6]
    )


def _score_cpp(hand: HandLike, context: WinContext, ruleset: Ruleset) -> Tally:
    """The same answer as the Python path, from the C++ core (checks and hot loop)."""
    found = _cpp.score_win(win_arguments(hand, context), ruleset)
    if type(found) is int:
        raise _refusal(found, hand, context)
    return _tally_of(found, ruleset)  # type: ignore[arg-type]


def score(
    hand: HandLike, context: WinContext, ruleset: Ruleset = GREEN_BOOK, *, impl: str | None = None
) -> Tally:
    """Score a winning hand: the highest-scoring arrangement under the five principles.

    ``hand`` holds the winning tile; ``context`` says how it was won. Raises
    :class:`ScoreRefused` (a ``ValueError`` with a :class:`Refusal` code) if the hand is not
    complete or the context cannot happen. ``impl``
    chooses the C++ core or the pure-Python reference (``None``: the environment variable
    ``MAHJONGKIT_IMPLEMENTATION``, default C++); both give the same tally.

    >>> from mahjongkit.mcr.scoring.context import WinContext
    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> t = score(parse_hand("234m 345p 567s 67m 88p 8m"), WinContext(winning=8))
    >>> t.basic, t.minimum_met
    (6, False)
    >>> try:
    ...     score(parse_hand("234m 345p 567s 67m 88p 9m"), WinContext(winning=9))
    ... except ValueError as error:
    ...     print(error, error.refusal.name)
    not a complete hand: no four sets and a pair, nor a special form NOT_COMPLETE
    """
    if engine.resolve(impl) == "cpp":
        return _score_cpp(hand, context, ruleset)
    scored, flowers = _all_scores(hand, context, ruleset)
    best = max(scored, key=_preference)
    split = _split_of(best.reading, context.winning, len(hand.melds))
    return _tally(split, best.fans, best.points, flowers, ruleset)


@overload
def score_many(
    hands: Sequence[HandLike],
    contexts: Sequence[WinContext],
    ruleset: Ruleset = ...,
    *,
    impl: str | None = ...,
    on_error: Literal["raise"] = ...,
) -> list[Tally]: ...


@overload
def score_many(
    hands: Sequence[HandLike],
    contexts: Sequence[WinContext],
    ruleset: Ruleset = ...,
    *,
    impl: str | None = ...,
    on_error: Literal["return"],
) -> list[Tally | ScoreRefused]: ...


def score_many(
    hands: Sequence[HandLike],
    contexts: Sequence[WinContext],
    ruleset: Ruleset = GREEN_BOOK,
    *,
    impl: str | None = None,
    on_error: Literal["raise", "return"] = "raise",
) -> list[Tally] | list[Tally | ScoreRefused]:
    """Score many winning hands at once: ``[score(h, c, ruleset) for h, c in zip(hands,
    contexts)]``, the same tallies, faster.

    On the C++ core the whole list is scored in one call with the GIL released, so other
    Python threads run meanwhile. A hand that cannot be scored raises its
    :class:`ScoreRefused` (a ``ValueError``, the message prefixed with the hand's index)
    with ``on_error="raise"``, after every hand was checked; with ``on_error="return"`` the
    refusal takes the hand's place in the list. Wrong types raise ``TypeError`` either way.

    >>> from mahjongkit.mcr.scoring.context import WinContext
    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hands = [parse_hand("123m 456p 789s 234s 55m"), parse_hand("234m 345p 567s 67m 88p 9m")]
    >>> contexts = [WinContext(winning=5), WinContext(winning=9)]
    >>> [t.basic for t in score_many(hands[:1], contexts[:1])]
    [13]
    >>> done = score_many(hands, contexts, on_error="return")
    >>> done[0] == score(hands[0], contexts[0]), done[1].refusal.name
    (True, 'NOT_COMPLETE')
    >>> try:
    ...     score_many(hands, contexts)
    ... except ValueError as error:
    ...     print(error)
    hand 1: not a complete hand: no four sets and a pair, nor a special form
    """
    if on_error not in ("raise", "return"):
        raise ValueError(f"on_error is 'raise' or 'return', not {on_error!r}")
    if len(hands) != len(contexts):
        raise ValueError(f"{len(hands)} hands but {len(contexts)} contexts")
    results: list[Tally | ScoreRefused] = []
    if engine.resolve(impl) == "python":
        for hand, context in zip(hands, contexts, strict=True):
            try:
                results.append(score(hand, context, ruleset, impl="python"))
            except ScoreRefused as error:
                results.append(error)
    else:
        found: list[WinResult | ScoreRefused] = []
        arguments: list[WinArguments] = []
        for hand, context in zip(hands, contexts, strict=True):
            try:
                arguments.append(win_arguments(hand, context))
            except ScoreRefused as error:  # the tiles of a hand that is not a Hand
                found.append(error)
                continue
            found.append(0)  # a place for the C++ answer
        answers = iter(_cpp.score_win_many(arguments, ruleset))
        for i, (hand, context) in enumerate(zip(hands, contexts, strict=True)):
            if isinstance(found[i], ScoreRefused):
                results.append(found[i])  # type: ignore[arg-type]
                continue
            answer = next(answers)
            if type(answer) is int:
                results.append(_refusal(answer, hand, context))
            else:
                results.append(_tally_of(answer, ruleset))  # type: ignore[arg-type]
    if on_error == "raise":
        for i, result in enumerate(results):
            if isinstance(result, ScoreRefused):
                raise ScoreRefused(f"hand {i}: {result}", result.refusal) from result
    return results


def equivalent_tallies(
    hand: HandLike, context: WinContext, ruleset: Ruleset = GREEN_BOOK
) -> list[dict[int, int]]:
    """The fan sets of every arrangement that reaches the best total: the equivalents a
    different tie-break may report (used by the differential test)."""
    scored, _ = _all_scores(hand, context, ruleset)
    top = max(s.basic for s in scored)
    return [s.fans for s in scored if s.basic == top]


def fan_of(number: int) -> Fan:
    """The table row of fan ``number`` (82 is the ``gb`` profile's extra kong fan)."""
    return FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG)
