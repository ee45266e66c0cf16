"""A minimal hand value for the scorer, its tests and its command line.

It reads the notation of decision 11 (``123m 55p EEE RGB F1``, melds ``chow(234s)``,
``pung(EEE)``, ``kong(5555p)``, ``ckong(5555p)``) into the three things
:func:`mahjongkit.mcr.score.score` reads: concealed ``counts`` by kind, ``melds`` and
``flowers``. The foundations' :class:`Hand` offers the same three attributes, so either can
be scored.

>>> h = SimpleHand.of("19m 55p pung(EEE) ckong(4444s) F1")
>>> h.counts[1], h.counts[14], [m.kind.value for m in h.melds], h.flowers
(1, 2, ['pung', 'kong'], (35,))
>>> SimpleHand.of("chow(245s)")
Traceback (most recent call last):
ValueError: chow(245s) is not three consecutive tiles of one suit
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mahjongkit.mcr.meld import Meld, MeldKind
from mahjongkit.tiles import HONOUR_LETTERS, SUITS, code, is_bonus

_MELD: Final = re.compile(r"^(chow|pung|kong|ckong)\((.+)\)$")
_SUITED: Final = re.compile(r"^([1-9]+)([mps])$")
_HONOURS: Final = re.compile(rf"^[{HONOUR_LETTERS}]+$")
_BONUS: Final = re.compile(r"^[FT][1-4]$")


def parse_tiles(token: str) -> list[int]:
    """The kinds one token writes: ``"123m"``, ``"EEE"``, ``"F1"``.

    >>> parse_tiles("55p"), parse_tiles("RGB")
    ([14, 14], [32, 33, 34])
    """
    match = _SUITED.match(token)
    if match:
        base = 9 * SUITS.index(match.group(2))
        return [base + int(r) for r in match.group(1)]
    if _HONOURS.match(token):
        return [28 + HONOUR_LETTERS.index(c) for c in token]
    if _BONUS.match(token):
        return [34 + int(token[1]) + (4 if token[0] == "T" else 0)]
    raise ValueError(f"cannot read {token!r} as tiles (like 123m, EEE, F1)")


def _meld(word: str, body: str) -> Meld:
    tiles = tuple(sorted(t for part in body.split() for t in parse_tiles(part)))
    if any(is_bonus(t) for t in tiles):
        raise ValueError(f"{word}({body}) holds a bonus tile")
    if word == "chow":
        ok = (
            len(tiles) == 3
            and tiles[0] <= 27
            and (tiles[0] - 1) // 9 == (tiles[2] - 1) // 9
            and tiles[1] == tiles[0] + 1
            and tiles[2] == tiles[0] + 2
        )
        if not ok:
            raise ValueError(f"chow({body}) is not three consecutive tiles of one suit")
        return Meld(MeldKind.CHOW, tiles, claimed_from=3, claimed_tile=tiles[0])
    size = 3 if word == "pung" else 4
    if len(tiles) != size or len(set(tiles)) != 1:
        raise ValueError(f"{word}({body}) is not {size} copies of one tile")
    if word == "pung":
        return Meld(MeldKind.PUNG, tiles, claimed_from=1, claimed_tile=tiles[0])
    if word == "ckong":
        return Meld(MeldKind.KONG, tiles, concealed=True)
    return Meld(MeldKind.KONG, tiles, claimed_from=1, claimed_tile=tiles[0])


@dataclass(frozen=True)
class SimpleHand:
    """Concealed counts (index = kind, 43 long), melds and flowers."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()

    @classmethod
    def of(cls, notation: str) -> SimpleHand:
        """Read a hand from notation; ``ValueError`` naming the bad token."""
        counts = [0] * 43
        melds: list[Meld] = []
        flowers: list[int] = []
        for token in re.findall(r"\w+\([^)]*\)|\S+", notation):
            match = _MELD.match(token)
            if match:
                melds.append(_meld(match.group(1), match.group(2)))
                continue
            for kind in parse_tiles(token):
                if is_bonus(kind):
                    if kind in flowers:
                        raise ValueError(f"a second {code(kind)}: each bonus tile is unique")
                    flowers.append(kind)
                else:
                    counts[kind] += 1
        for kind in range(1, 35):
            held = counts[kind] + sum(m.tiles.count(kind) for m in melds)
            if held > 4:
                raise ValueError(f"{held} copies of {code(kind)}: the set has four")
        return cls(tuple(counts), tuple(melds), tuple(sorted(flowers)))

    @classmethod
    def from_parts(
        cls, concealed: Sequence[int], melds: Sequence[Meld] = (), flowers: Sequence[int] = ()
    ) -> SimpleHand:
        """A hand from a list of concealed kinds, melds and flower kinds."""
        counts = [0] * 43
        for kind in concealed:
            counts[kind] += 1
        return cls(tuple(counts), tuple(melds), tuple(sorted(flowers)))
