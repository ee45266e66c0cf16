"""Random legal winning hands with physically possible win contexts, for the differential
test and the benchmark.

Standard hands draw four sets and a pair (within four copies of a kind), expose some sets
as melds (chow, pung, exposed or concealed kong), and win on a tile of a concealed set or
the pair. Draws are biased toward small tile pools (one suit, terminals, honours, ...) so
the rarer fans come up. Special forms (seven pairs, thirteen orphans, honours-and-knitted,
knitted straight, nine gates) have their own builders. Contexts only set flags that can
happen: robbing only when no other copy is held, a kong replacement only with a kong, the
last tile only when the other three copies can be visible, 0–8 flowers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext

SUITED = list(range(1, 28))
HONOURS = list(range(28, 35))
_POOLS = [
    list(range(1, 35)),
    list(range(1, 35)),
    list(range(1, 28)),
    list(range(1, 10)),
    list(range(1, 10)) + HONOURS,
    [k for k in SUITED if (k - 1) % 9 in (0, 8)] + HONOURS,
    [k for k in SUITED if (k - 1) % 9 in (0, 8)],
    HONOURS,
    [k for k in SUITED if (k - 1) % 9 in (3, 4, 5)],
    [k for k in SUITED if (k - 1) % 9 >= 5],
    [k for k in SUITED if (k - 1) % 9 <= 3],
    [20, 21, 22, 24, 26, 33],
    [10, 11, 12, 13, 14, 17, 18, 20, 22, 23, 24, 26, 27, 34],
    [k for k in SUITED if (k - 1) % 9 in (1, 3, 5, 7)],
    [k for k in SUITED if (k - 1) % 9 in (4,)] + list(range(1, 28)),
    list(range(19, 28)) + HONOURS,
    list(range(1, 19)),
]
_KNITS = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]
ORPHANS = [1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34]


_MIXES = [
    ("chow", "chow", "pung", "pung", "kong"),
    ("chow",),
    ("chow", "chow", "chow", "pung"),
    ("pung", "pung", "kong"),
]
# chows of 123 and 789 only, with a pair of fives: the terminal-chow fans
_TERMINAL_CHOWS = [k for k in SUITED if (k - 1) % 9 in (0, 6)]


def _standard(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = rng.choice(_POOLS)
    mix = rng.choice(_MIXES)
    terminal_chows = rng.random() < 0.03
    if terminal_chows:
        pool, mix = rng.sample(_TERMINAL_CHOWS, rng.choice([2, 4])), ("chow",)
    elif mix == ("chow",) and rng.random() < 0.5:
        pool = rng.sample(SUITED, rng.randint(2, 6))
    counts = [0] * 35
    sets: list[tuple[str, int]] = []
    for _ in range(4):
        for _attempt in range(20):
            first = rng.choice(pool)
            kind = rng.choice(mix)
            if kind == "chow":
                if first > 27 or (first - 1) % 9 > 6:
                    continue
                tiles = [first, first + 1, first + 2]
            else:
                tiles = [first] * (4 if kind == "kong" else 3)
            if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                for t in tiles:
                    counts[t] += 1
                sets.append((kind, first))
                break
        else:
            return None
    pairs = [k for k in (pool if not terminal_chows else [5, 14, 23]) if counts[k] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    concealed = [pair, pair]
    melds: list[Meld] = []
    expose = rng.random()
    for kind, first in sets:
        exposed = kind == "kong" or rng.random() < expose * 0.6
        if kind == "chow":
            tiles = (first, first + 1, first + 2)
            if exposed:
                melds.append(Meld(MeldKind.CHOW, tiles, claimed_from=3, claimed_tile=first))
            else:
                concealed.extend(tiles)
        elif kind == "pung":
            if exposed:
                melds.append(Meld(MeldKind.PUNG, (first,) * 3, claimed_from=1, claimed_tile=first))
            else:
                concealed.extend([first] * 3)
        else:
            hidden = rng.random() < 0.5
            melds.append(
                Meld(MeldKind.KONG, (first,) * 4, concealed=hidden)
                if hidden
                else Meld(MeldKind.KONG, (first,) * 4, claimed_from=1, claimed_tile=first)
            )
    return concealed, melds


def _seven_pairs(rng: random.Random) -> list[int]:
    pool = rng.choice(_POOLS)
    if rng.random() < 0.2:  # seven shifted pairs
        start = rng.choice([1, 2, 3]) + 9 * rng.randrange(3)
        return [k for k in range(start, start + 7) for _ in range(2)]
    tiles: list[int] = []
    while len(tiles) < 14:
        k = rng.choice(pool)
        if tiles.count(k) <= 2:
            tiles += [k, k]
    return tiles


def _thirteen_orphans(rng: random.Random) -> list[int]:
    return [*ORPHANS, rng.choice(ORPHANS)]


def _knitted(rng: random.Random) -> list[int]:
    order = rng.choice(_KNITS)
    return [
        9 * s + offset + step
        for s, offset in zip(order, (1, 2, 3), strict=True)
        for step in (0, 3, 6)
    ]


def _honours_knitted(rng: random.Random) -> list[int]:
    knit = _knitted(rng)
    honours = rng.randint(5, 7)
    return sorted(rng.sample(knit, 14 - honours) + rng.sample(HONOURS, honours))


def _knitted_straight(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    concealed = _knitted(rng)
    melds: list[Meld] = []
    first = rng.randint(1, 34)
    chow = first <= 27 and (first - 1) % 9 <= 6 and rng.random() < 0.5
    tiles = [first, first + 1, first + 2] if chow else [first] * 3
    if rng.random() < 0.3:
        melds.append(
            Meld(MeldKind.CHOW, tuple(tiles), claimed_from=3, claimed_tile=first)
            if chow
            else Meld(MeldKind.PUNG, tuple(tiles), claimed_from=1, claimed_tile=first)
        )
    else:
        concealed += tiles
    pair = rng.randint(1, 34)
    concealed += [pair, pair]
    return concealed, melds


def _nine_gates(rng: random.Random) -> list[int]:
    base = 9 * rng.randrange(3)
    return [base + r for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [base + rng.randint(1, 9)]


def random_hand(rng: random.Random) -> tuple[Hand, WinContext] | None:
    """One random winning hand and context, or ``None`` if the draw failed (retry)."""
    roll = rng.random()
    melds: list[Meld] = []
    if roll < 0.8:
        made = _standard(rng)
        if made is None:
            return None
        concealed, melds = made
    elif roll < 0.88:
        concealed = _seven_pairs(rng)
    elif roll < 0.91:
        concealed = _thirteen_orphans(rng)
    elif roll < 0.95:
        concealed = _honours_knitted(rng)
    elif roll < 0.98:
        made = _knitted_straight(rng)
        if made is None:
            return None
        concealed, melds = made
    else:
        concealed = _nine_gates(rng)
    whole = [0] * 35
    for k in concealed:
        whole[k] += 1
    for m in melds:
        for k in m.tiles:
            whole[k] += 1
    if max(whole) > 4:
        return None
    winning = rng.choice(concealed)
    flowers = sorted(rng.sample(range(35, 43), rng.choice([0, 0, 0, 1, 2, 3, rng.randint(0, 8)])))
    hand = Hand.from_tiles(concealed, melds, flowers)
    has_kong = any(m.kind is MeldKind.KONG for m in melds)
    by = rng.choice([WinBy.SELF_DRAWN, WinBy.DISCARD])
    if whole[winning] == 1 and rng.random() < 0.15:
        by = WinBy.ROBBING
    replacement = None
    if by is WinBy.SELF_DRAWN:
        if has_kong and rng.random() < 0.25:
            replacement = Replacement.KONG
        elif flowers and rng.random() < 0.15:
            replacement = Replacement.FLOWER
    last_of_wall = by is not WinBy.ROBBING and rng.random() < 0.1
    last_tile = concealed.count(winning) == 1 and rng.random() < 0.2
    in_melds = whole[winning] - concealed.count(winning)
    if in_melds == 3 and concealed.count(winning) == 1:
        last_tile = True  # the other three copies are on the table
    context = WinContext(
        winning=winning,
        by=by,
        seat_wind=rng.randrange(4),
        prevailing_wind=rng.randrange(4),
        last_of_wall=last_of_wall,
        replacement=replacement,
        last_tile=last_tile,
    )
    return hand, context


def random_hands(seed: int, count: int) -> Iterator[tuple[Hand, WinContext]]:
    """``count`` random winning hands from ``seed`` (deterministic)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        drawn = random_hand(rng)
        if drawn is not None:
            made += 1
            yield drawn
