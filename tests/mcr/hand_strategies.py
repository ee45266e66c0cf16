"""Hypothesis strategies for MCR hands, shared by the MCR and conformance tests.

Every hand drawn is legal: at most four copies of a standard kind across hand and melds,
each bonus tile at most once. ``complete_hands`` builds 14-tile hands of every form,
``ready_hands`` removes one tile from one, ``random_hands`` draws tiles at random.
"""

from __future__ import annotations

from hypothesis import strategies as st

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind

SUITED = list(range(1, 28))
STANDARD = list(range(1, 35))
ORPHANS = [1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34]
KNIT_PATTERNS = [
    [
        s * 9 + r
        for s, offset in zip(perm, (0, 1, 2), strict=True)
        for r in (1 + offset, 4 + offset, 7 + offset)
    ]
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
]


def _chow_starts() -> list[int]:
    return [s * 9 + r for s in range(3) for r in range(1, 8)]


@st.composite
def melds_and_pool(draw: st.DrawFn, max_melds: int = 4) -> tuple[list[Meld], list[int]]:
    """Some melds and the counts of what remains of the set."""
    remaining = [0] + [4] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, max_melds))):
        shape = draw(st.sampled_from(["chow", "pung", "kong", "ckong", "pkong"]))
        seat = draw(st.integers(0, 3))
        if shape == "chow":
            start = draw(st.sampled_from(_chow_starts()))
            tiles = (start, start + 1, start + 2)
            if any(remaining[k] == 0 for k in tiles):
                continue
            for k in tiles:
                remaining[k] -= 1
            claimed = draw(st.sampled_from(tiles))
            melds.append(Meld(MeldKind.CHOW, tiles, claimed_from=seat, claimed_tile=claimed))
            continue
        kind = draw(st.sampled_from(STANDARD))
        size = 3 if shape == "pung" else 4
        if remaining[kind] < size:
            continue
        remaining[kind] -= size
        if shape == "ckong":
            melds.append(Meld(MeldKind.KONG, (kind,) * 4, concealed=True))
        else:
            meld_kind = MeldKind.PUNG if shape == "pung" else MeldKind.KONG
            melds.append(
                Meld(
                    meld_kind,
                    (kind,) * size,
                    promoted=shape == "pkong",
                    claimed_from=seat,
                    claimed_tile=kind,
                )
            )
    return melds, remaining


def _draw_tiles(draw: st.DrawFn, remaining: list[int], n: int, kinds: list[int]) -> list[int]:
    pool = [k for k in kinds for _ in range(remaining[k])]
    picked = draw(st.lists(st.integers(0, len(pool) - 1), min_size=n, max_size=n, unique=True))
    return [pool[i] for i in picked]


@st.composite
def random_hands(draw: st.DrawFn, size: int = 13, max_melds: int = 4) -> Hand:
    """A hand of ``size`` (13 or 14) tiles drawn at random, with random melds."""
    melds, remaining = draw(melds_and_pool(max_melds=min(max_melds, (size - 1) // 3)))
    kinds = draw(st.sampled_from([STANDARD, SUITED, list(range(1, 10)), STANDARD]))
    n = size - 3 * len(melds)
    if sum(remaining[k] for k in kinds) < n:
        kinds = STANDARD
    tiles = _draw_tiles(draw, remaining, n, kinds)
    flowers = draw(st.lists(st.integers(35, 42), unique=True, max_size=3))
    return Hand.from_tiles(tiles, melds, flowers)


@st.composite
def complete_hands(draw: st.DrawFn) -> Hand:
    """A complete 14-tile hand of any form (standard most often)."""
    form = draw(st.sampled_from(["standard"] * 5 + ["seven", "orphans", "honours", "knitted"]))
    if form == "seven":
        kinds = draw(st.lists(st.sampled_from(STANDARD), min_size=7, max_size=7))
        counts = {k: kinds.count(k) for k in kinds}
        if any(c > 2 for c in counts.values()):
            kinds = draw(st.lists(st.sampled_from(STANDARD), min_size=7, max_size=7, unique=True))
        return Hand.from_tiles([k for k in kinds for _ in range(2)])
    if form == "orphans":
        return Hand.from_tiles([*ORPHANS, draw(st.sampled_from(ORPHANS))])
    if form == "honours":
        pattern = draw(st.sampled_from(KNIT_PATTERNS))
        chosen = draw(st.sets(st.sampled_from(pattern + list(range(28, 35))), min_size=14))
        return Hand.from_tiles(sorted(chosen)[:14])
    melds, remaining = draw(melds_and_pool(max_melds=1 if form == "knitted" else 4))
    tiles: list[int] = []
    sets_needed = 4 - len(melds)
    if form == "knitted":
        pattern = draw(st.sampled_from(KNIT_PATTERNS))
        for k in pattern:
            remaining[k] -= 1
        if any(remaining[k] < 0 for k in pattern):
            return Hand.from_tiles([*ORPHANS, 1])
        tiles += pattern
        sets_needed -= 3
    for _ in range(sets_needed):
        if draw(st.booleans()):
            start = draw(st.sampled_from(_chow_starts()))
            group = [start, start + 1, start + 2]
        else:
            group = [draw(st.sampled_from(STANDARD))] * 3
        if any(remaining[k] < group.count(k) for k in set(group)):
            kind = next(k for k in STANDARD if remaining[k] >= 3)
            group = [kind] * 3
        for k in group:
            remaining[k] -= 1
        tiles += group
    pair = draw(st.sampled_from(STANDARD))
    if remaining[pair] < 2:
        pair = next(k for k in STANDARD if remaining[k] >= 2)
    tiles += [pair, pair]
    return Hand.from_tiles(tiles, melds)


@st.composite
def ready_hands(draw: st.DrawFn) -> Hand:
    """A complete hand less one concealed tile: ready (or better than random) 13 tiles."""
    hand = draw(complete_hands())
    tiles = hand.concealed_tiles()
    removed = draw(st.sampled_from(tiles))
    return hand.discard(removed)


def hands_13(draw_ready: bool = True) -> st.SearchStrategy[Hand]:
    """13-tile hands: ready ones and random ones mixed."""
    return st.one_of(ready_hands(), random_hands(13)) if draw_ready else random_hands(13)
