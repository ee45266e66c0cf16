"""Every way a hand is complete, and what it waits for: the pure-Python reference.

This module is the readable twin of the C++ core (``cpp/core/mcr/decompose.cpp``); the two
return the same values in the same order, which ``tests/conformance`` checks. Use
:mod:`mahjongkit.mcr.analysis.engine` to call whichever is selected (the C++ one by default).

The complete forms (3.7.2.2), as :class:`~mahjongkit.mcr.analysis.split.Form`:

* **standard**: four sets (chow, pung; melds count) and a pair;
* **seven pairs**: fully concealed, four of a kind counts as two pairs;
* **thirteen orphans**: the thirteen terminals and honours, one of them paired;
* **honours and knitted**: fourteen different tiles from the seven honours and one knitted
  pattern (147, 258, 369 in three different suits); the scorer tells lesser from greater;
* **knitted straight**: a whole knitted pattern, plus a set (or one meld) and a pair.

Order of the result: splits sorted by form (in :class:`Form` order), then by their concealed
sets; with a winning tile, each split is repeated for each distinct set the tile can sit in,
in set order. A set's order is (:class:`SetKind` order, tiles).

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> h = parse_hand("111222333m 789p 55s")
>>> [" ".join(s.kind.value for s in split.sets) for split in decompose(h)]
['chow chow chow chow pair', 'chow pung pung pung pair']
>>> [(s.sets[s.winning_set].tiles, s.wait.value) for s in decompose(h, winning=3)]
[((1, 2, 3), 'edge'), ((3, 3, 3), 'pung')]
>>> waits(parse_hand("1112345678999m"))
[1, 2, 3, 4, 5, 6, 7, 8, 9]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait
from mahjongkit.mcr.hand.hand import COUNTS_LENGTH, Hand
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.tiles import STANDARD_KINDS, code

ORPHANS = (1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34)
"""The thirteen terminals and honours."""
HONOURS = (28, 29, 30, 31, 32, 33, 34)
# The six knitted patterns: suits (m, p, s) take offsets 147/258/369 in each permutation.
KNIT_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            suit * 9 + r
            for suit, first in zip(suits, (1, 2, 3), strict=True)
            for r in (first, first + 3, first + 6)
        )
    )
    for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
_SET_ORDER = {kind: index for index, kind in enumerate(SetKind)}
_FORM_ORDER = {form: index for index, form in enumerate(Form)}

Counts = list[int]
ConcealedSets = list[tuple[SetKind, tuple[int, ...]]]


def _rank(kind: int) -> int:
    return (kind - 1) % 9 + 1


def _is_suited(kind: int) -> bool:
    return kind <= 27


# -- sets and a pair, at the counts level (shared with the scorer) --------------------------
#
# The standard form's enumeration and its waits live here once: :func:`decompose` and
# :func:`waits` use them, and so does :mod:`mahjongkit.mcr.scoring.score`. They are internal (not
# part of the documented API) and work on bare 35-entry count vectors, which they restore.

SetStart = tuple[SetKind, int]
"""A chow or a pung named by its kind and first tile: ``(SetKind.CHOW, 4)`` is 4-5-6m."""
Division = tuple[tuple[SetStart, ...], int]
"""One way counts divide: the sets (chows and pungs, by first tile) and the pair's kind."""


def divide(counts: Counts, sets_needed: int) -> list[Division]:
    """Every way ``counts`` is exactly ``sets_needed`` chows and pungs and one pair, each
    multiset once, as ``(sets, pair)``; ``counts`` is restored on return.

    The kinds are walked upwards and every copy of a kind is settled where it is met, as the
    pair (while none is taken), a pung (at most one) or the first tile of a chow. The choices
    at a kind are tried in the order: chows only, a pung, the pair, the pair and a pung; the
    scorer reads the divisions in this order (its tie-break), :func:`decompose` sorts them.

    >>> def shown(divisions):
    ...     return [([f"{k.value}{first}" for k, first in sets], pair) for sets, pair in divisions]
    >>> shown(divide(counts_of([1, 1, 1, 2, 2, 2, 3, 3, 3, 5, 5]), 3))
    [(['chow1', 'chow1', 'chow1'], 5), (['pung1', 'pung2', 'pung3'], 5)]
    >>> shown(divide(counts_of([1, 2, 3, 4, 4]), 1)), shown(divide(counts_of([1, 2, 4]), 1))
    ([(['chow1'], 4)], [])
    """
    found: list[Division] = []
    current: list[SetStart] = []

    def walk(kind: int, pair: int) -> None:
        while kind < COUNTS_LENGTH and counts[kind] == 0:
            kind += 1
        if kind == COUNTS_LENGTH:
            if pair and len(current) == sets_needed:
                found.append((tuple(current), pair))
            return
        n = counts[kind]
        for use_pair in (0, 1) if not pair else (0,):
            for use_pung in (0, 1):
                chows = n - 2 * use_pair - 3 * use_pung
                if chows < 0 or len(current) + use_pung + chows > sets_needed:
                    continue
                if chows and (
                    not _is_suited(kind)
                    or _rank(kind) > 7
                    or counts[kind + 1] < chows
                    or counts[kind + 2] < chows
                ):
                    continue
                counts[kind] = 0
                if chows:
                    counts[kind + 1] -= chows
                    counts[kind + 2] -= chows
                added = [(SetKind.PUNG, kind)] * use_pung + [(SetKind.CHOW, kind)] * chows
                current.extend(added)
                walk(kind + 1, kind if use_pair else pair)
                del current[len(current) - len(added) :]
                counts[kind] = n
                if chows:
                    counts[kind + 1] += chows
                    counts[kind + 2] += chows

    walk(1, 0)
    return found


# A "group" is one suit (nine counts) or one honour kind: chows never cross groups, so counts
# are sets and a pair exactly when one group is sets and a pair and every other is sets alone.
# A group's shape says which it can be: bit 1 sets alone, bit 2 sets and one pair (never both:
# the first needs a multiple of three tiles, the second two more than one).
SETS_ALONE = 1
SETS_AND_PAIR = 2
GROUPS = 10
"""Groups 0-2 are the suits m, p, s; groups 3-9 the honour kinds 28-34."""


@cache
def suit_shape(ranks: tuple[int, ...]) -> int:
    """The shape of one suit's nine counts (ranks 1-9): :data:`SETS_ALONE`,
    :data:`SETS_AND_PAIR` or 0.

    Greedy from the lowest rank is exact for sets alone: a pung of the lowest rank is always
    safe (three equal chows are also three pungs), and what is left of it must start chows.

    >>> suit_shape((1, 1, 1, 0, 0, 0, 0, 0, 0)), suit_shape((2, 1, 1, 1, 0, 0, 0, 0, 0))
    (1, 2)
    >>> suit_shape((1, 1, 0, 0, 0, 0, 0, 0, 0))
    0
    """

    def only_sets(c: list[int]) -> bool:
        for r in range(9):
            n = c[r]
            if n >= 3:
                n -= 3
            if n:
                if r > 6 or c[r + 1] < n or c[r + 2] < n:
                    return False
                c[r + 1] -= n
                c[r + 2] -= n
        return True

    shape = SETS_ALONE if only_sets(list(ranks)) else 0
    for r in range(9):
        if ranks[r] >= 2:
            c = list(ranks)
            c[r] -= 2
            if only_sets(c):
                return shape | SETS_AND_PAIR
    return shape


def honour_shape(copies: int) -> int:
    """The shape of one honour kind held ``copies`` times (five, a pung and a pair, arises
    only when testing a theoretical fifth copy).

    >>> [honour_shape(n) for n in range(6)]
    [1, 0, 2, 1, 0, 2]
    """
    return _HONOUR_SHAPES[copies]


_HONOUR_SHAPES = (SETS_ALONE, 0, SETS_AND_PAIR, SETS_ALONE, 0, SETS_AND_PAIR)


def group_of(kind: int) -> int:
    """The group of a kind: its suit 0-2, or 3-9 for the honours 28-34."""
    return (kind - 1) // 9 if _is_suited(kind) else kind - 25


def group_shape(counts: Counts, group: int) -> int:
    """The shape of one group of ``counts``."""
    if group < 3:
        return suit_shape(tuple(counts[9 * group + 1 : 9 * group + 10]))
    return honour_shape(counts[group + 25])


def group_shapes(counts: Counts) -> list[int]:
    """The shape of every group of ``counts``, by group."""
    return [group_shape(counts, group) for group in range(GROUPS)]


def complete_from_shapes(shapes: Sequence[int]) -> bool:
    """Whether groups of these shapes make sets and exactly one pair.

    >>> complete_from_shapes(group_shapes(counts_of([1, 2, 3, 28, 28]))), complete_from_shapes(
    ...     group_shapes(counts_of([1, 2, 3, 28, 28, 29, 29]))
    ... )
    (True, False)
    """
    if not all(shapes):
        return False
    alone = sum(shape & SETS_ALONE for shape in shapes)
    return any(
        shape & SETS_AND_PAIR and alone - (shape & SETS_ALONE) == len(shapes) - 1
        for shape in shapes
    )


def standard_waits(standing: Counts, *, seven_pairs: bool, limit: int | None = None) -> list[int]:
    """The kinds that complete ``standing`` as sets and a pair, or as seven pairs when
    ``seven_pairs`` (only for a hand without melds), ascending; the first ``limit`` of them if
    given (the scorer only asks whether the wait is unique). ``standing`` is restored.

    Counts level: a kind already held four times is listed like any other (the wait fans
    count it; :func:`waits` leaves it out unless asked), and melds only lower the number of
    tiles. Only a kind in, or within two ranks of, a held kind of a group not already a
    multiple of three tiles can complete sets and a pair; seven pairs waits on the one kind
    held an odd number of times.

    >>> standard_waits(counts_of([1, 2, 3, 4, 28, 28, 28]), seven_pairs=False)
    [1, 4]
    >>> standard_waits(counts_of([1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 28, 28, 29]), seven_pairs=True)
    [29]
    """
    held = [k for k in range(1, COUNTS_LENGTH) if standing[k]]
    open_groups = {g for g in range(3) if sum(standing[9 * g + 1 : 9 * g + 10]) % 3} | {
        group_of(k) for k in range(28, COUNTS_LENGTH) if standing[k] % 3
    }
    seven_pairs = seven_pairs and sum(standing[k] // 2 for k in held) == 6
    candidates: set[int] = {k for k in held if standing[k] % 2} if seven_pairs else set()
    for k in held:
        if group_of(k) not in open_groups:
            continue
        candidates.add(k)
        if _is_suited(k):
            r = _rank(k)
            candidates.update(k + d for d in (-2, -1, 1, 2) if 1 <= r + d <= 9)
    shapes = group_shapes(standing)
    broken = shapes.count(0)  # groups neither sets alone nor sets and a pair
    found: list[int] = []
    for k in sorted(candidates):
        standing[k] += 1
        group = group_of(k)
        complete = False
        # only the group of k changes: another broken group rules k out at once
        if broken - (shapes[group] == 0) == 0:
            trial = shapes[:]
            trial[group] = group_shape(standing, group)
            complete = complete_from_shapes(trial)
        if not complete and seven_pairs:
            complete = all(standing[j] % 2 == 0 for j in held)
        standing[k] -= 1
        if complete:
            found.append(k)
            if len(found) == limit:
                break
    return found


# -- the concealed part of each form ---------------------------------------------------------


def _concealed_sets(division: Division) -> ConcealedSets:
    """A division as concealed sets, the pair last."""
    sets, pair = division
    found: ConcealedSets = [
        (kind, (first, first + 1, first + 2) if kind is SetKind.CHOW else (first,) * 3)
        for kind, first in sets
    ]
    found.append((SetKind.PAIR, (pair, pair)))
    return found


def _standard(counts: Counts, melds: int) -> list[ConcealedSets]:
    return [_concealed_sets(division) for division in divide(counts, 4 - melds)]


def _seven_pairs(counts: Counts) -> list[ConcealedSets]:
    if sum(counts) != 14 or any(c % 2 for c in counts):
        return []
    return [
        [(SetKind.PAIR, (k, k)) for k in range(1, COUNTS_LENGTH) for _ in range(counts[k] // 2)]
    ]


def _thirteen_orphans(counts: Counts) -> list[ConcealedSets]:
    if sum(counts) != 14 or any(counts[k] == 0 for k in ORPHANS):
        return []
    if sum(counts[k] for k in ORPHANS) != 14:
        return []
    paired = next(k for k in ORPHANS if counts[k] == 2)
    sets: ConcealedSets = [(SetKind.SINGLE, (k,)) for k in ORPHANS if k != paired]
    return [[*sets, (SetKind.PAIR, (paired, paired))]]


def _honours_knitted(counts: Counts) -> list[ConcealedSets]:
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return []
    for pattern in KNIT_PATTERNS:
        allowed = set(pattern) | set(HONOURS)
        if all(k in allowed for k in range(1, COUNTS_LENGTH) if counts[k]):
            return [[(SetKind.SINGLE, (k,)) for k in range(1, COUNTS_LENGTH) if counts[k]]]
    return []


def _knitted_straight(counts: Counts, melds: int) -> list[ConcealedSets]:
    if melds > 1:
        return []
    found = []
    for pattern in KNIT_PATTERNS:
        if any(counts[k] == 0 for k in pattern):
            continue
        for k in pattern:
            counts[k] -= 1
        knits: ConcealedSets = [(SetKind.KNIT, pattern[i : i + 3]) for i in (0, 3, 6)]
        for division in divide(counts, 1 - melds):
            found.append(knits + _concealed_sets(division))
        for k in pattern:
            counts[k] += 1
    return found


def _concealed_splits(
    counts: Counts, melds: int, fully_concealed: bool
) -> list[tuple[Form, ConcealedSets]]:
    """Every split of the concealed tiles, by form (``counts`` is restored on return)."""
    found = [(Form.STANDARD, sets) for sets in _standard(counts, melds)]
    if fully_concealed:
        found += [(Form.SEVEN_PAIRS, sets) for sets in _seven_pairs(counts)]
        found += [(Form.THIRTEEN_ORPHANS, sets) for sets in _thirteen_orphans(counts)]
        found += [(Form.HONOURS_KNITTED, sets) for sets in _honours_knitted(counts)]
    found += [(Form.KNITTED_STRAIGHT, sets) for sets in _knitted_straight(counts, melds)]
    return found


def _knitted_straight_complete(counts: Counts, melds: int) -> bool:
    if melds > 1:
        return False
    for pattern in KNIT_PATTERNS:
        if any(counts[k] == 0 for k in pattern):
            continue
        for k in pattern:
            counts[k] -= 1
        complete = complete_from_shapes(group_shapes(counts))
        for k in pattern:
            counts[k] += 1
        if complete:
            return True
    return False


def _special_complete(counts: Counts, melds: int) -> bool:
    """Whether 14-tile ``counts`` are thirteen orphans, honours-and-knitted or a knitted
    straight (the forms :func:`standard_waits` does not cover)."""
    if melds == 0 and (_thirteen_orphans(counts) or _honours_knitted(counts)):
        return True
    return _knitted_straight_complete(counts, melds)


def _may_complete_special(standing: Counts, melds: int) -> bool:
    """A cheap necessary condition for one more tile to make :func:`_special_complete` true:
    only orphans held, or no kind twice, or eight kinds of a knitted pattern held."""
    if melds == 0 and (
        all(n <= 1 for n in standing)
        or all(standing[k] == 0 for k in range(1, COUNTS_LENGTH) if k not in ORPHANS)
    ):
        return True
    return melds <= 1 and any(
        sum(1 for k in pattern if standing[k]) >= 8 for pattern in KNIT_PATTERNS
    )


def is_complete_counts(counts: Counts, melds: int) -> bool:
    """Whether concealed ``counts`` (35 entries, a count may be 5) with ``melds`` melds are
    complete in some form (``counts`` is restored on return).

    >>> is_complete_counts(counts_of([1, 2, 3, 28, 28]), 3)
    True
    >>> is_complete_counts(counts_of([1, 2]), 4)
    False
    """
    if sum(counts) + 3 * melds != 14:
        return False
    if complete_from_shapes(group_shapes(counts)):
        return True
    if melds == 0 and _seven_pairs(counts):
        return True
    return _special_complete(counts, melds)


# -- the public face -------------------------------------------------------------------------


def check_size(hand: Hand, sizes: tuple[int, ...], what: str) -> None:
    """Refuse a hand whose size (a kong counting three) is not one of ``sizes``."""
    if hand.size not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise ValueError(
            f"{what} needs a hand of {wanted} tiles (a kong counts three), not {hand.size}"
        )


def check_winning(hand: Hand, winning: int | None) -> None:
    """Refuse a winning tile that is not among the hand's concealed tiles."""
    if winning is not None and not (1 <= winning <= STANDARD_KINDS and hand.counts[winning]):
        raise ValueError(f"the winning tile {code(winning)} is not among the concealed tiles")


def meld_sets(hand: Hand) -> tuple[TileSet, ...]:
    """The hand's melds as the first sets of every split, in the hand's order."""
    kinds = {MeldKind.CHOW: SetKind.CHOW, MeldKind.PUNG: SetKind.PUNG, MeldKind.KONG: SetKind.KONG}
    return tuple(
        TileSet(kinds[m.kind], m.tiles, concealed=m.concealed, meld=index)
        for index, m in enumerate(hand.melds)
    )


def _wait_of(kind: SetKind, tiles: tuple[int, ...], winning: int) -> Wait:
    if kind is SetKind.CHOW:
        low = tiles[0]
        if winning == low + 1:
            return Wait.CLOSED
        if winning == low:
            return Wait.EDGE if _rank(low + 2) == 9 else Wait.TWO_SIDED
        return Wait.EDGE if _rank(low) == 1 else Wait.TWO_SIDED
    return {
        SetKind.PUNG: Wait.PUNG,
        SetKind.PAIR: Wait.PAIR,
        SetKind.SINGLE: Wait.SINGLE,
        SetKind.KNIT: Wait.KNIT,
    }[kind]


def _set_key(item: tuple[SetKind, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    return (_SET_ORDER[item[0]], item[1])


def decompose(hand: Hand, winning: int | None = None) -> list[Split]:
    """Every split of a complete 14-tile hand (melds included); ``[]`` if it is not complete.

    With ``winning`` (a kind among the concealed tiles), one split per distinct set that tile
    can sit in, with :attr:`Split.winning_set` and the :class:`Wait` that placement implies.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> [s.form.value for s in decompose(parse_hand("1199m 1199p 11s EE RR"))]
    ['seven_pairs']
    >>> s = decompose(parse_hand("123m 456p 789s EE pung(RRR)"), winning=1)[0]
    >>> s.sets[0].meld, s.winning_set, s.wait.value
    (0, 1, 'two_sided')
    """
    check_size(hand, (14,), "decompose")
    check_winning(hand, winning)
    counts = list(hand.counts)
    from_melds = meld_sets(hand)
    found = _concealed_splits(counts, len(hand.melds), fully_concealed=not hand.melds)
    ordered = sorted(
        ((form, sorted(sets, key=_set_key)) for form, sets in found),
        key=lambda item: (_FORM_ORDER[item[0]], [_set_key(s) for s in item[1]]),
    )
    splits = []
    for form, sets in ordered:
        all_sets = from_melds + tuple(TileSet(kind, tiles, concealed=True) for kind, tiles in sets)
        if winning is None:
            splits.append(Split(form, all_sets))
            continue
        placed: set[tuple[SetKind, tuple[int, ...]]] = set()
        for index in range(len(from_melds), len(all_sets)):
            tile_set = all_sets[index]
            if winning in tile_set.tiles and (tile_set.kind, tile_set.tiles) not in placed:
                placed.add((tile_set.kind, tile_set.tiles))
                wait = _wait_of(tile_set.kind, tile_set.tiles, winning)
                splits.append(Split(form, all_sets, winning_set=index, wait=wait))
    return splits


def is_complete(hand: Hand) -> bool:
    """Whether a 14-tile hand is complete in some form.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> is_complete(parse_hand("19m 19p 19s ESWN RGB 1m"))
    True
    >>> is_complete(parse_hand("19m 19p 19s ESWN RGB 2m"))
    False
    """
    check_size(hand, (14,), "is_complete")
    return is_complete_counts(list(hand.counts), len(hand.melds))


def waits(hand: Hand, *, include_held_four: bool = False) -> list[int]:
    """The kinds that complete a 13-tile hand, ascending.

    A kind the hand already holds four times (in hand and melds together) cannot arrive, so
    it is left out unless ``include_held_four`` (``pymahjonggb`` lists such "theoretical"
    waits; the wait fans 77–79 read the list without them).

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hand = parse_hand("1111m 234p 567s 999s")  # ready only on a fifth 1m
    >>> waits(hand), waits(hand, include_held_four=True)
    ([], [1])
    """
    check_size(hand, (13,), "waits")
    meld_tiles = [] if include_held_four else [k for meld in hand.melds for k in meld.tiles]
    return waits_of_counts(hand.counts, len(hand.melds), meld_tiles, include_held_four)


CountsWaits = Callable[[Sequence[int], int, Sequence[int]], list[int]]
"""``(counts, melds, meld_tiles) -> waits``: the kinds that complete a 13-tile hand given as
its 35 concealed counts, its number of melds and their tiles (kinds held four left out)."""


def waits_of_counts(
    counts: Sequence[int],
    melds: int,
    meld_tiles: Sequence[int] = (),
    include_held_four: bool = False,
) -> list[int]:
    """:func:`waits` of a hand given as its concealed counts (35 entries), its number of
    melds and their tiles, unchecked: for a caller (the rules) that keeps hands as counts.

    >>> waits_of_counts(counts_of([1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]), 0)
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    counts = list(counts)
    found = set(standard_waits(counts, seven_pairs=not melds))
    if _may_complete_special(counts, melds):
        for kind in range(1, STANDARD_KINDS + 1):
            if kind not in found:
                counts[kind] += 1
                if _special_complete(counts, melds):
                    found.add(kind)
                counts[kind] -= 1
    if include_held_four:
        return sorted(found)
    held = list(counts)
    for kind in meld_tiles:
        held[kind] += 1
    return [k for k in sorted(found) if held[k] < 4]


def counts_of(tiles: Sequence[int]) -> Counts:
    """A 35-entry count vector of some standard kinds."""
    counts = [0] * COUNTS_LENGTH
    for kind in tiles:
        counts[kind] += 1
    return counts
