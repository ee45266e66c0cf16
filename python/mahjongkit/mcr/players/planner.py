"""Level 3's planning: toward hands worth the 8-point minimum, not toward any ready hand.

A :class:`Target` is a concrete way to reach eight points: some fixed sets (the three chows
of a mixed triple chow, a pung of a dragon), a set of kinds the whole hand may use (one suit
for a full flush) and whether its sets must all be pungs. Its *distance* from a hand is the
shanten toward a complete hand of that shape: the fixed tiles still missing plus the
standard shanten of the other tiles toward the sets left (-1 complete, 0 ready, as
:func:`~mahjongkit.mcr.analysis.engine.shanten`). The special forms (seven pairs, the knitted
forms, thirteen orphans) are targets of their own, and a plain standard hand is a weak one:
most complete hands of no particular shape fall short of eight points.

A hand's *value* sums, over the targets, the target's weight times ``REACH`` to the power of
its distance plus one: a rough chance of getting there that falls by ``REACH`` per tile
still needed. Level 3 discards to keep the most value, claims a meld when the value after it
(and the best discard) clearly beats the value of passing, and, once ready, plays as
level 2 (the waits the scorer says reach eight points come first).

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> hand = parse_hand("123m 123p 12s 55s 789p EW")
>>> tables = targets(0, 0)
>>> min(distance(hand.counts, hand.melds, t, (4,) * 35) for t in tables
...     if t.name == "mixed triple chow 1")
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Final

from mahjongkit.mcr.analysis.engine import forms_of_counts, shanten_of_counts
from mahjongkit.mcr.analysis.split import RULED_OUT
from mahjongkit.mcr.hand.meld import Meld, MeldKind

CHOW: Final = 0
PUNG: Final = 1
REACH: Final = 0.3
"""How much each tile still needed multiplies the chance of reaching a target by."""
GENERIC_WEIGHT: Final = 0.03
"""A plain standard hand's weight: the share of complete hands that score eight anyway."""
HONOURS: Final = tuple(range(28, 35))
DRAGONS: Final = (32, 33, 34)
EAST: Final = 28
_FORM_WEIGHTS: Final = {1: 24, 2: 88, 3: 12, 4: 12}  # Form order: standard, 7p, 13o, hk, ks


@dataclass(frozen=True)
class Target:
    """A shape worth eight points: ``sets`` it must hold ((CHOW or PUNG, first kind)),
    ``allowed`` kinds (a 35-entry mask, ``None`` for any), ``pungs_only``, its points."""

    name: str
    points: int
    sets: tuple[tuple[int, int], ...] = ()
    allowed: tuple[bool, ...] | None = None
    pungs_only: bool = False

    @property
    def weight(self) -> float:
        # a win pays 8 to each of three seats plus the points: weigh by the payment
        return (24 + self.points) / 32


def _mask(kinds: Sequence[int]) -> tuple[bool, ...]:
    chosen = set(kinds)
    return tuple(k in chosen for k in range(35))


def _suit(s: int) -> tuple[int, ...]:
    return tuple(range(9 * s + 1, 9 * s + 10))


@lru_cache(maxsize=16)
def targets(seat_wind: int, prevailing: int) -> tuple[Target, ...]:
    """The targets for a seat (its wind and the prevailing wind decide which honour pungs
    score by themselves)."""
    out: list[Target] = []
    for n in range(1, 8):
        out.append(Target(f"mixed triple chow {n}", 8, ((CHOW, n), (CHOW, 9 + n), (CHOW, 18 + n))))
    for s in range(3):
        base = 9 * s
        out.append(
            Target(f"pure straight {s}", 16, ((CHOW, base + 1), (CHOW, base + 4), (CHOW, base + 7)))
        )
        for n in range(1, 6):
            out.append(
                Target(
                    f"pure shifted chows {s}{n}",
                    16,
                    ((CHOW, base + n), (CHOW, base + n + 1), (CHOW, base + n + 2)),
                )
            )
        out.append(Target(f"full flush {s}", 24, allowed=_mask(_suit(s))))
    for a, b, c in permutations(range(3)):
        out.append(
            Target(
                f"mixed straight {a}{b}{c}",
                8,
                ((CHOW, 9 * a + 1), (CHOW, 9 * b + 4), (CHOW, 9 * c + 7)),
            )
        )
    scoring = sorted({*DRAGONS, EAST + seat_wind, EAST + prevailing})
    for h in scoring:
        for s in range(3):
            out.append(
                Target(
                    f"half flush {s} with {h}", 8, ((PUNG, h),), allowed=_mask(_suit(s) + HONOURS)
                )
            )
        out.append(Target(f"all pungs with {h}", 8, ((PUNG, h),), pungs_only=True))
    return tuple(out)


def _pung_shanten(counts: Sequence[int], need: int) -> int:
    """Shanten toward ``need`` pungs and a pair from these counts (pungs only)."""
    pungs = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    sets = min(pungs, need)
    eye = 1 if pairs or pungs > need else 0
    partials = min(pairs - (1 if pairs else 0), need - sets)
    return 2 * need - 2 * sets - max(partials, 0) - eye


def _fixed(
    counts: Sequence[int], melds: Sequence[Meld], target: Target, unseen: Sequence[int]
) -> tuple[list[int], int, int] | None:
    """The tiles left once the target's fixed sets take what they can, the fixed tiles still
    missing and the free sets still to make; ``None`` when the melds or the dead tiles rule
    the target out."""
    wanted = list(target.sets)
    free = 0
    for meld in melds:
        if not meld.tiles:
            return None  # a face-down kong is only ever another seat's
        shape = (CHOW if meld.kind is MeldKind.CHOW else PUNG, meld.tiles[0])
        if shape in wanted:
            wanted.remove(shape)
            continue
        if target.pungs_only and shape[0] == CHOW:
            return None
        if target.allowed is not None and not target.allowed[meld.tiles[0]]:
            return None
        free += 1
    need = 4 - len(target.sets) - free
    if need < 0:
        return None
    rest = list(counts)
    missing = 0
    short: dict[int, int] = {}
    for kind_of_set, first in wanted:
        kinds = (first, first + 1, first + 2) if kind_of_set == CHOW else (first,) * 3
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
            else:
                missing += 1
                short[k] = short.get(k, 0) + 1
    for k, n in short.items():
        if unseen[k] < n:
            return None  # too few copies left to draw
    if target.allowed is not None:
        rest = [c if ok else 0 for c, ok in zip(rest, target.allowed, strict=True)]
    return rest, missing, need


def _rest_shanten(rest: list[int], need: int, pungs_only: bool) -> int:
    if pungs_only:
        return _pung_shanten(rest, need)
    return shanten_of_counts(rest, 4 - need)


def distance(
    counts: Sequence[int], melds: Sequence[Meld], target: Target, unseen: Sequence[int]
) -> int | None:
    """Shanten toward ``target`` (``None`` if it cannot be reached); see the module."""
    fixed = _fixed(counts, melds, target, unseen)
    if fixed is None:
        return None
    rest, missing, need = fixed
    return missing + _rest_shanten(rest, need, target.pungs_only)


def distances_after_discard(
    counts: Sequence[int], melds: Sequence[Meld], target: Target, unseen: Sequence[int]
) -> dict[int, int] | None:
    """For each kind a 14-tile hand holds: the distance toward ``target`` after discarding
    it (a discard taken from the free tiles if it can be, else from a fixed set)."""
    fixed = _fixed(counts, melds, target, unseen)
    if fixed is None:
        return None
    rest, missing, need = fixed
    base = _rest_shanten(rest, need, target.pungs_only)
    out = {}
    for kind in range(1, 35):
        if not counts[kind]:
            continue
        if rest[kind]:
            rest[kind] -= 1
            out[kind] = missing + _rest_shanten(rest, need, target.pungs_only)
            rest[kind] += 1
        elif target.allowed is not None and not target.allowed[kind]:
            out[kind] = missing + base  # a tile the target has no use for
        else:
            out[kind] = missing + 1 + base  # it breaks a fixed set
    return out


def _forms(counts: Sequence[int], melds: int) -> list[int]:
    return forms_of_counts(counts, melds)


def hand_value(
    counts: Sequence[int],
    melds: Sequence[Meld],
    unseen: Sequence[int],
    seat_wind: int,
    prevailing: int,
) -> float:
    """The value of a 13-tile hand (see the module): higher is closer to eight points."""
    total = 0.0
    for target in targets(seat_wind, prevailing):
        fixed = _fixed(counts, melds, target, unseen)
        if fixed is not None:
            rest, missing, need = fixed
            d = missing + _rest_shanten(rest, need, target.pungs_only)
            total += target.weight * REACH ** (d + 1)
    forms = _forms(counts, len(melds))
    total += GENERIC_WEIGHT * REACH ** (forms[0] + 1)
    for form, points in _FORM_WEIGHTS.items():
        if forms[form] < RULED_OUT:
            total += (24 + points) / 32 * REACH ** (forms[form] + 1)
    return total


def discard_values(
    counts: Sequence[int],
    melds: Sequence[Meld],
    unseen: Sequence[int],
    seat_wind: int,
    prevailing: int,
) -> dict[int, float]:
    """The value left after each discard of a 14-tile hand."""
    held = [k for k in range(1, 35) if counts[k]]
    values = dict.fromkeys(held, 0.0)
    for target in targets(seat_wind, prevailing):
        after = distances_after_discard(counts, melds, target, unseen)
        if after is None:
            continue
        weight = target.weight
        for kind, d in after.items():
            values[kind] += weight * REACH ** (d + 1)
    work = list(counts)
    for kind in held:
        work[kind] -= 1
        forms = _forms(work, len(melds))
        work[kind] += 1
        values[kind] += GENERIC_WEIGHT * REACH ** (forms[0] + 1)
        for form, points in _FORM_WEIGHTS.items():
            if forms[form] < RULED_OUT:
                values[kind] += (24 + points) / 32 * REACH ** (forms[form] + 1)
    return values
