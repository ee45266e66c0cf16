"""Random legal winning hands drawn the plain way, independent of the tests' generator.

``tests/mcr/scoring_hands.py`` biases its draws toward small tile pools so the rare fans come
up; this one does not: every set is drawn from the whole tile set (a chow, pung or kong of any
kind), exposed or not by a coin, and the special forms, flowers, kongs and every context flag
come at the rates a table sees them more than a fan list does. It is the benchmark's second
mix, so a scorer tuned to one generator's hands shows it on the other's. A hand is kept only
when it is a legal win: four copies at most, a context that can happen, and pymahjonggb
(when installed) agreeing it is a win.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.score import ScoreRefused, score

ORPHANS = [1, 9, 10, 18, 19, 27, *range(28, 35)]
HONOURS = list(range(28, 35))
KNITS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def _knitted(order: tuple[int, int, int]) -> list[int]:
    """The nine tiles of a knitted straight: 147 of one suit, 258 and 369 of the others."""
    return [suit * 9 + rank for suit, start in zip(order, (1, 2, 3), strict=True)
            for rank in range(start, 10, 3)]  # fmt: skip


def _standard(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    counts = [0] * 35
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        roll = rng.random()
        if roll < 0.5:
            suit, rank = rng.randrange(3), rng.randrange(1, 8)
            tiles = [suit * 9 + rank + i for i in range(3)]
            kind = MeldKind.CHOW
        else:
            first = rng.randrange(1, 35)
            size = 4 if roll > 0.88 else 3
            tiles = [first] * size
            kind = MeldKind.KONG if size == 4 else MeldKind.PUNG
        for t in tiles:
            counts[t] += 1
        if kind is MeldKind.KONG:
            melds.append(Meld(kind, tuple(tiles), concealed=rng.random() < 0.4))
        elif rng.random() < 0.3:
            melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed += tiles
    pair = rng.randrange(1, 35)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return [*concealed, pair, pair], melds


def _special(rng: random.Random) -> list[int] | None:
    form = rng.randrange(4)
    if form == 0:  # seven pairs (a kind twice is allowed: four of a kind)
        kinds = [rng.randrange(1, 35) for _ in range(7)]
        tiles = [k for k in kinds for _ in range(2)]
    elif form == 1:  # thirteen orphans
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
    elif form == 2:  # honours and knitted tiles
        pool = _knitted(rng.choice(KNITS)) + HONOURS
        tiles = rng.sample(pool, 14)
    else:  # knitted straight, a set and a pair
        tiles = _knitted(rng.choice(KNITS))
        first = rng.randrange(1, 35)
        chow = first <= 27 and (first - 1) % 9 <= 6 and rng.random() < 0.5
        tiles += [first, first + 1, first + 2] if chow else [first] * 3
        pair = rng.randrange(1, 35)
        tiles += [pair, pair]
    return tiles if all(tiles.count(t) <= 4 for t in tiles) else None


def _context(rng: random.Random, hand: Hand) -> WinContext:
    concealed = [k for k in range(1, 35) for _ in range(hand.counts[k])]
    winning = rng.choice(concealed)
    whole = list(hand.counts)
    for meld in hand.melds:
        for t in meld.tiles:
            whole[t] += 1
    roll = rng.random()
    by = WinBy.SELF_DRAWN if roll < 0.4 else WinBy.ROBBING if roll > 0.96 else WinBy.DISCARD
    if by is WinBy.ROBBING and whole[winning] != 1:
        by = WinBy.DISCARD
    replacement = None
    if by is WinBy.SELF_DRAWN:
        has_kong = any(m.kind is MeldKind.KONG for m in hand.melds)
        if has_kong and rng.random() < 0.3:
            replacement = Replacement.KONG
        elif hand.flowers and rng.random() < 0.2:
            replacement = Replacement.FLOWER
    return WinContext(
        winning=winning,
        by=by,
        seat_wind=rng.randrange(4),
        prevailing_wind=rng.randrange(4),
        last_of_wall=rng.random() < 0.08 and by is not WinBy.ROBBING,
        replacement=replacement,
        last_tile=rng.random() < 0.1 and hand.counts[winning] == 1,
    )


def outside_hands(seed: int, count: int) -> Iterator[tuple[Hand, WinContext]]:
    """``count`` legal winning hands and their contexts, the same for the same seed."""
    try:
        from tests.mcr.scoring_oracle import AVAILABLE, gb_score
    except ImportError:  # pragma: no cover - run outside the repository
        AVAILABLE, gb_score = False, None
    rng = random.Random(seed)
    made = 0
    while made < count:
        if rng.random() < 0.12:
            tiles, melds = _special(rng), []
        else:
            drawn = _standard(rng)
            tiles, melds = (None, []) if drawn is None else drawn
        if tiles is None:
            continue
        flowers = tuple(sorted(rng.sample(range(35, 43), rng.choice([0, 0, 0, 1, 1, 2, 3, 8]))))
        hand = Hand.from_tiles(tiles, melds=melds, flowers=flowers)
        context = _context(rng, hand)
        try:
            score(hand, context)
        except ScoreRefused:
            continue
        if AVAILABLE and gb_score is not None and gb_score(hand, context) is None:
            continue
        made += 1
        yield hand, context
