"""How far a hand is from ready, and what it accepts: the pure-Python reference.

*Shanten* is the number of tile exchanges a hand needs before it is ready: −1 complete, 0
ready (waiting), 1 one tile away from ready, and so on. It is the minimum over the forms of
:class:`~.split.Form` the hand can still make (seven pairs, thirteen orphans and
honours-and-knitted need a hand without melds; a knitted straight allows one meld):

* standard: ``2n − 2·sets − min(partial sets, n − sets) − pair`` over the best split of the
  concealed tiles into complete sets, partial sets (two tiles of a chow or a pung) and one
  pair, where ``n`` is the number of sets still to make (four less the melds);
* seven pairs: ``6 − pairs`` (four of a kind is two pairs);
* thirteen orphans: ``13 − kinds of orphan held − (1 if one is paired)``;
* honours and knitted: ``13 − kinds held of the seven honours and one knitted pattern``;
* knitted straight: the tiles the best knitted pattern lacks plus the standard distance of
  the rest to one set and a pair.

These are the definitions of the common GB calculators (``pymahjonggb`` agrees form by form,
see ``tests/mcr/test_oracle_shanten.py``). *Acceptance* lists the kinds whose draw lowers
the shanten; like :func:`~mahjongkit.mcr.analysis.decompose.waits` it leaves out kinds the hand
already holds four times unless ``include_held_four``.

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> h = parse_hand("147m 258p 369s EW RG")
>>> shanten(h), shanten_by_form(h)[Form.STANDARD]
(0, 8)
>>> acceptance(parse_hand("123m 456p 789s 11s EE"))
[19, 28]
>>> shanten_after_discard(parse_hand("123m 456p 789s 11s EE N"))[31]
(0, [19, 28])
"""

from __future__ import annotations

from functools import lru_cache

from mahjongkit.mcr.analysis.decompose import HONOURS, KNIT_PATTERNS, ORPHANS, Counts, check_size
from mahjongkit.mcr.analysis.split import Form
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.tiles import STANDARD_KINDS

Block = tuple[int, int, int]  # (complete sets, partial sets, pair) of one group of kinds


@lru_cache(maxsize=1 << 16)
def _group_blocks(counts: tuple[int, ...], suited: bool) -> frozenset[Block]:
    """Every (sets, partials, pair) a group of kinds (one suit, or the honours) can form."""
    start = next((i for i, c in enumerate(counts) if c), -1)
    if start < 0:
        return frozenset([(0, 0, 0)])
    found: set[Block] = set()

    def rest(*take: int) -> frozenset[Block]:
        left = list(counts)
        for i in take:
            left[i] -= 1
        return _group_blocks(tuple(left), suited)

    def add(blocks: frozenset[Block], sets: int, partials: int, pair: int) -> None:
        for m, t, p in blocks:
            if p + pair <= 1:
                found.add((m + sets, t + partials, p + pair))

    i = start
    add(rest(i), 0, 0, 0)  # the lowest tile left stays isolated
    if counts[i] >= 3:
        add(rest(i, i, i), 1, 0, 0)
    if counts[i] >= 2:
        pair_rest = rest(i, i)
        add(pair_rest, 0, 0, 1)
        add(pair_rest, 0, 1, 0)
    if suited:
        if i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
            add(rest(i, i + 1, i + 2), 1, 0, 0)
        if i + 1 < len(counts) and counts[i + 1]:
            add(rest(i, i + 1), 0, 1, 0)
        if i + 2 < len(counts) and counts[i + 2]:
            add(rest(i, i + 2), 0, 1, 0)
    return frozenset(_pareto(found))


def _pareto(blocks: set[Block]) -> list[Block]:
    return [
        b
        for b in blocks
        if not any(o != b and o[0] >= b[0] and o[1] >= b[1] and o[2] >= b[2] for o in blocks)
    ]


def _groups(counts: Counts) -> list[frozenset[Block]]:
    return [
        _group_blocks(tuple(counts[1:10]), True),
        _group_blocks(tuple(counts[10:19]), True),
        _group_blocks(tuple(counts[19:28]), True),
        _group_blocks(tuple(counts[28:35]), False),
    ]


def standard_shanten_counts(counts: Counts, sets_needed: int) -> int:
    """Standard-form shanten of concealed ``counts`` that must still make ``sets_needed``
    sets and a pair."""
    combined: set[Block] = {(0, 0, 0)}
    for blocks in _groups(counts):
        combined = {
            (m1 + m2, t1 + t2, p1 + p2)
            for m1, t1, p1 in combined
            for m2, t2, p2 in blocks
            if p1 + p2 <= 1
        }
    best = 99
    for m, t, p in combined:
        m = min(m, sets_needed)
        best = min(best, 2 * sets_needed - 2 * m - min(t, sets_needed - m) - p)
    return best


def _seven_pairs(counts: Counts) -> int:
    return 6 - sum(c // 2 for c in counts)


def _thirteen_orphans(counts: Counts) -> int:
    kinds = sum(1 for k in ORPHANS if counts[k])
    paired = any(counts[k] >= 2 for k in ORPHANS)
    return 13 - kinds - (1 if paired else 0)


def _honours_knitted(counts: Counts) -> int:
    honours = sum(1 for k in HONOURS if counts[k])
    best = max(sum(1 for k in pattern if counts[k]) for pattern in KNIT_PATTERNS)
    return 13 - min(best + honours, 14)


def _knitted_straight(counts: Counts, melds: int) -> int:
    best = 99
    for pattern in KNIT_PATTERNS:
        rest = list(counts)
        held = 0
        for k in pattern:
            if rest[k]:
                rest[k] -= 1
                held += 1
        best = min(best, (9 - held) + standard_shanten_counts(rest, 1 - melds))
    return best


def shanten_by_form_counts(counts: Counts, melds: int) -> dict[Form, int]:
    """Shanten of each form a hand of concealed ``counts`` and ``melds`` melds can make."""
    result = {Form.STANDARD: standard_shanten_counts(counts, 4 - melds)}
    if melds == 0:
        result[Form.SEVEN_PAIRS] = _seven_pairs(counts)
        result[Form.THIRTEEN_ORPHANS] = _thirteen_orphans(counts)
        result[Form.HONOURS_KNITTED] = _honours_knitted(counts)
    if melds <= 1:
        result[Form.KNITTED_STRAIGHT] = _knitted_straight(counts, melds)
    return result


def shanten_by_form(hand: Hand) -> dict[Form, int]:
    """Shanten of each form the hand can still make (13 or 14 tiles); forms its melds rule
    out are absent.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> by_form = shanten_by_form(parse_hand("19m 19p 19s ESWN RG 5p"))
    >>> [(form.value, value) for form, value in by_form.items()]  # doctest: +NORMALIZE_WHITESPACE
    [('standard', 8), ('seven_pairs', 6), ('thirteen_orphans', 1), ('honours_knitted', 4),
     ('knitted_straight', 8)]
    >>> list(shanten_by_form(parse_hand("123m 456p 789s E pung(RRR)")))
    [<Form.STANDARD: 'standard'>, <Form.KNITTED_STRAIGHT: 'knitted_straight'>]
    """
    check_size(hand, (13, 14), "shanten")
    return shanten_by_form_counts(list(hand.counts), len(hand.melds))


def shanten_counts(counts: Counts, melds: int) -> int:
    """The minimum over forms (the fast path of :func:`acceptance`)."""
    return min(shanten_by_form_counts(counts, melds).values())


def shanten(hand: Hand) -> int:
    """Shanten of a 13- or 14-tile hand: −1 complete, 0 ready, the minimum over all forms.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> shanten(parse_hand("123m 456p 789s 11s EE")), shanten(parse_hand("123m 456p 789s 11s EEE"))
    (0, -1)
    """
    check_size(hand, (13, 14), "shanten")
    return shanten_counts(list(hand.counts), len(hand.melds))


def acceptance(hand: Hand, *, include_held_four: bool = False) -> list[int]:
    """The kinds whose draw lowers the shanten of a 13-tile hand, ascending.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hand = parse_hand("1111m 234p 567s 999s")
    >>> acceptance(hand), acceptance(hand, include_held_four=True)
    ([], [1])
    """
    check_size(hand, (13,), "acceptance")
    counts = list(hand.counts)
    melds = len(hand.melds)
    now = shanten_counts(counts, melds)
    found = []
    for kind in range(1, STANDARD_KINDS + 1):
        if not include_held_four and hand.held(kind) >= 4:
            continue
        counts[kind] += 1
        if shanten_counts(counts, melds) < now:
            found.append(kind)
        counts[kind] -= 1
    return found


def shanten_after_discard(
    hand: Hand, *, include_held_four: bool = False
) -> dict[int, tuple[int, list[int]]]:
    """For each kind a 14-tile hand can discard: the shanten and acceptance left after it.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> after = shanten_after_discard(parse_hand("123m 456p 789s 11s EE N"))
    >>> sorted(after)[:3], after[31]
    ([1, 2, 3], (0, [19, 28]))
    """
    check_size(hand, (14,), "shanten_after_discard")
    result = {}
    for kind in range(1, STANDARD_KINDS + 1):
        if hand.counts[kind]:
            smaller = hand.discard(kind)
            result[kind] = (
                shanten(smaller),
                acceptance(smaller, include_held_four=include_held_four),
            )
    return result
