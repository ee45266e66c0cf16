"""Seeded random hands for the differential tests against ``pymahjonggb`` (and the
benchmarks), and the translation to its tile codes and packs."""

from __future__ import annotations

import random

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind

# pymahjonggb: W characters, B dots, T bamboo, F winds, J dragons (red, green, white).
GB_CODES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + [f"F{i}" for i in range(1, 5)]
    + [f"J{i}" for i in range(1, 4)]
)
FROM_GB = {code: kind for kind, code in enumerate(GB_CODES, start=1)}


def gb(kind: int) -> str:
    return GB_CODES[kind - 1]


def gb_pack(meld: Meld) -> tuple[str, str, int]:
    """A meld as pymahjonggb's (type, tile, offer): a chow names its middle tile; offer 0
    marks a concealed kong and 1 an exposed set."""
    if meld.kind is MeldKind.CHOW:
        return ("CHI", gb(meld.tiles[1]), 1)
    if meld.kind is MeldKind.PUNG:
        return ("PENG", gb(meld.first), 1)
    return ("GANG", gb(meld.first), 0 if meld.concealed else 1)


def random_hand(rng: random.Random, size: int = 13) -> Hand:
    """A legal hand of ``size`` tiles: uniform, one-suit heavy, near-complete, or melded."""
    style = rng.randrange(5)
    wall = [k for k in range(1, 35) for _ in range(4)]
    melds: list[Meld] = []
    if style == 1:  # flush-like: most tiles from one suit plus honours
        suit = rng.randrange(3)
        wall = [k for k in range(suit * 9 + 1, suit * 9 + 10) for _ in range(4)] + [
            k for k in range(28, 35) for _ in range(4)
        ]
    rng.shuffle(wall)
    if style == 2:  # near-complete: sets and a pair, then a few random swaps
        tiles = complete_tiles(rng)
        rng.shuffle(tiles)
        tiles = tiles[:size]
        for _ in range(rng.randrange(3)):
            tiles[rng.randrange(size)] = rng.randrange(1, 35)
        if all(tiles.count(k) <= 4 for k in set(tiles)):
            return Hand.from_tiles(tiles)
    if style == 3:  # one to three melds
        for _ in range(rng.randrange(1, 4)):
            start = wall.pop()
            if start <= 27 and (start - 1) % 9 <= 6 and rng.random() < 0.5:
                chow = (start, start + 1, start + 2)
                if all(chow[i] in wall for i in (1, 2)):
                    wall.remove(start + 1)
                    wall.remove(start + 2)
                    melds.append(Meld(MeldKind.CHOW, chow, claimed_from=3, claimed_tile=start))
                    continue
            copies = wall.count(start)
            if copies >= 3 and rng.random() < 0.3:
                for _ in range(3):
                    wall.remove(start)
                melds.append(Meld(MeldKind.KONG, (start,) * 4, concealed=rng.random() < 0.5))
            elif copies >= 2:
                wall.remove(start)
                wall.remove(start)
                melds.append(Meld(MeldKind.PUNG, (start,) * 3, claimed_from=1, claimed_tile=start))
            else:
                wall.append(start)
    return Hand.from_tiles(wall[: size - 3 * len(melds)], melds)


def complete_tiles(rng: random.Random) -> list[int]:
    """Fourteen tiles that make four sets and a pair."""
    while True:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice([s * 9 + r for s in range(3) for r in range(1, 8)])
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(1, 35)] * 3
        tiles += [rng.randrange(1, 35)] * 2
        if all(tiles.count(k) <= 4 for k in set(tiles)):
            return tiles
