"""Every way a hand is complete, and what it waits for: the pure-Python reference.

This module is the readable twin of the C++ core (``cpp/core/mcr/decompose.cpp``); the two
return the same values in the same order, which ``tests/conformance`` checks. Use
:mod:`mahjongkit.mcr.engine` to call whichever is selected (the C++ one by default).

The complete forms (3.7.2.2), as :class:`~mahjongkit.mcr.split.Form`:

* **standard**: four sets (chow, pung; melds count) and a pair;
* **seven pairs**: fully concealed, four of a kind counts as two pairs;
* **thirteen orphans**: the thirteen terminals and honours, one of them paired;
* **honours and knitted**: fourteen different tiles from the seven honours and one knitted
  pattern (147, 258, 369 in three different suits); the scorer tells lesser from greater;
* **knitted straight**: a whole knitted pattern, plus a set (or one meld) and a pair.

Order of the result: splits sorted by form (in :class:`Form` order), then by their concealed
sets; with a winning tile, each split is repeated for each distinct set the tile can sit in,
in set order. A set's order is (:class:`SetKind` order, tiles).

>>> from mahjongkit.mcr.notation import parse_hand
>>> h = parse_hand("111222333m 789p 55s")
>>> [" ".join(s.kind.value for s in split.sets) for split in decompose(h)]
['chow chow chow chow pair', 'chow pung pung pung pair']
>>> [(s.sets[s.winning_set].tiles, s.wait.value) for s in decompose(h, winning=3)]
[((1, 2, 3), 'edge'), ((3, 3, 3), 'pung')]
>>> waits(parse_hand("1112345678999m"))
[1, 2, 3, 4, 5, 6, 7, 8, 9]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from mahjongkit.tiles import STANDARD_KINDS, code

from .hand import COUNTS_LENGTH, Hand
from .meld import MeldKind
from .split import Form, SetKind, Split, TileSet, Wait

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


# -- the concealed part of each form ---------------------------------------------------------


def _sets_from(counts: Counts, need: int) -> Iterator[ConcealedSets]:
    """Every way ``counts`` is exactly ``need`` chows and pungs (each multiset once)."""
    kind = next((k for k in range(1, COUNTS_LENGTH) if counts[k]), 0)
    if kind == 0:
        if need == 0:
            yield []
        return
    if need == 0:
        return
    # Every copy of the lowest kind left starts a set: a pung of it (at most one, the hand
    # has at most five) and chows from it for the rest. Deciding them together lists each
    # multiset of sets once.
    have = counts[kind]
    for pungs in (1, 0):
        chows = have - 3 * pungs
        if chows < 0 or pungs + chows > need:
            continue
        if chows and not (
            _is_suited(kind)
            and _rank(kind) <= 7
            and counts[kind + 1] >= chows
            and counts[kind + 2] >= chows
        ):
            continue
        counts[kind] -= have
        if chows:
            counts[kind + 1] -= chows
            counts[kind + 2] -= chows
        taken: ConcealedSets = [(SetKind.PUNG, (kind,) * 3)] * pungs
        taken += [(SetKind.CHOW, (kind, kind + 1, kind + 2))] * chows
        for rest in _sets_from(counts, need - pungs - chows):
            yield taken + rest
        counts[kind] += have
        if chows:
            counts[kind + 1] += chows
            counts[kind + 2] += chows


def _sets_and_pair(counts: Counts, need: int) -> Iterator[ConcealedSets]:
    for kind in range(1, COUNTS_LENGTH):
        if counts[kind] >= 2:
            counts[kind] -= 2
            for sets in _sets_from(counts, need):
                yield [*sets, (SetKind.PAIR, (kind, kind))]
            counts[kind] += 2


def _standard(counts: Counts, melds: int) -> list[ConcealedSets]:
    return list(_sets_and_pair(counts, 4 - melds))


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
        for rest in _sets_and_pair(counts, 1 - melds):
            found.append(knits + rest)
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


def is_complete_counts(counts: Counts, melds: int) -> bool:
    """Whether concealed ``counts`` (35 entries, a count may be 5) with ``melds`` melds are
    complete in some form. The fast path of :func:`waits`."""
    if sum(counts) + 3 * melds != 14:
        return False
    counts = list(counts)  # a generator left unfinished does not restore what it took
    if next(_sets_and_pair(counts, 4 - melds), None) is not None:
        return True
    if melds == 0 and (
        _seven_pairs(counts) or _thirteen_orphans(counts) or _honours_knitted(counts)
    ):
        return True
    return bool(_knitted_straight(counts, melds))


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

    >>> from mahjongkit.mcr.notation import parse_hand
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

    >>> from mahjongkit.mcr.notation import parse_hand
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

    >>> from mahjongkit.mcr.notation import parse_hand
    >>> hand = parse_hand("1111m 234p 567s 999s")  # ready only on a fifth 1m
    >>> waits(hand), waits(hand, include_held_four=True)
    ([], [1])
    """
    check_size(hand, (13,), "waits")
    counts = list(hand.counts)
    melds = len(hand.melds)
    found = []
    for kind in range(1, STANDARD_KINDS + 1):
        if not include_held_four and hand.held(kind) >= 4:
            continue
        counts[kind] += 1
        if is_complete_counts(counts, melds):
            found.append(kind)
        counts[kind] -= 1
    return found


def counts_of(tiles: Sequence[int]) -> Counts:
    """A 35-entry count vector of some standard kinds."""
    counts = [0] * COUNTS_LENGTH
    for kind in tiles:
        counts[kind] += 1
    return counts
