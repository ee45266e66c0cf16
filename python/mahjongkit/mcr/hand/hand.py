"""One seat's tiles: the concealed counts, the melds on the table, the exposed flowers.

A :class:`Hand` is an immutable value: every mechanic (:meth:`Hand.draw`,
:meth:`Hand.claim_pung`, ...) returns a new hand and leaves the old one untouched, so the
rules engine can keep snapshots for free. The mechanics check that the tiles are there (a
programmer error is a ``ValueError`` naming what is missing and changes nothing); they never
decide whether a move is *legal* under the rules, which is the rules engine's job.

>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> h = parse_hand("123m 55p EEE RGB")
>>> h.size, h.concealed_tiles()[:4]
(11, [1, 2, 3, 14])
>>> h2 = h.draw(28).claim_pung(14, from_seat=2)
>>> str(h2), h2.size
('123m EEEE RGB pung(555p:5p@2)', 13)
>>> str(h)  # unchanged
'123m 55p EEE RGB'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.tokens import format_parts, parse_parts
from mahjongkit.tiles import STANDARD_KINDS, check_kind, code, is_bonus, is_suited, rank

COUNTS_LENGTH = STANDARD_KINDS + 1
"""Length of :attr:`Hand.counts`: index 0 is unused so that ``counts[kind]`` reads naturally."""


def _empty_counts() -> tuple[int, ...]:
    return (0,) * COUNTS_LENGTH


@dataclass(frozen=True)
class Hand:
    """A seat's tiles.

    ``counts[k]`` is how many concealed tiles of standard kind ``k`` (1–34) the hand holds;
    ``counts[0]`` is always 0. ``melds`` are the melds in the order they were made (concealed
    kongs included); ``flowers`` the exposed bonus kinds, ascending. The constructor checks
    the whole (at most four of a kind across hand and melds, bonus tiles once, no bonus tile
    among the concealed counts) and raises ``ValueError`` naming what is wrong.

    >>> Hand.from_tiles([1, 1, 1, 1, 1])
    Traceback (most recent call last):
    ValueError: a fifth copy of 1m
    """

    counts: tuple[int, ...] = field(default_factory=_empty_counts)
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        counts = tuple(self.counts)
        if len(counts) != COUNTS_LENGTH:
            raise ValueError(f"counts has {len(counts)} entries, not {COUNTS_LENGTH}")
        if counts[0] != 0:
            raise ValueError("counts[0] is unused and must be 0")
        if any(c < 0 for c in counts):
            raise ValueError("a count is negative")
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "melds", tuple(self.melds))
        held = list(counts)
        for meld in self.melds:
            for kind in meld.tiles:
                if is_bonus(check_kind(kind)):
                    raise ValueError(f"a bonus tile ({code(kind)}) in a meld")
                held[kind] += 1
        for kind in range(1, COUNTS_LENGTH):
            if held[kind] > 4:
                raise ValueError(f"a fifth copy of {code(kind)}")
        flowers = tuple(sorted(self.flowers))
        for kind in flowers:
            if not is_bonus(check_kind(kind)):
                raise ValueError(f"{code(kind)} is not a flower or season")
        if len(set(flowers)) != len(flowers):
            raise ValueError("a second copy of a bonus tile")
        object.__setattr__(self, "flowers", flowers)

    # -- construction and views ------------------------------------------------------------

    @classmethod
    def from_tiles(
        cls, tiles: Iterable[int], melds: Iterable[Meld] = (), flowers: Iterable[int] = ()
    ) -> Hand:
        """A hand from concealed kinds (any order); bonus kinds among them become flowers.

        >>> Hand.from_tiles([35, 5, 5]).flowers, Hand.from_tiles([35, 5, 5]).size
        ((35,), 2)
        """
        counts = [0] * COUNTS_LENGTH
        bonus = list(flowers)
        for kind in tiles:
            if is_bonus(check_kind(kind)):
                bonus.append(kind)
            else:
                counts[kind] += 1
        return cls(tuple(counts), tuple(melds), tuple(bonus))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """The hand a notation string describes (:func:`~mahjongkit.mcr.hand.notation.parse_hand`).

        >>> Hand.parse("123m EE pung(RRR)").size
        8
        """
        return cls(*parse_parts(text))

    def concealed_tiles(self) -> list[int]:
        """The concealed kinds, ascending, one entry per tile."""
        return [k for k in range(1, COUNTS_LENGTH) for _ in range(self.counts[k])]

    @property
    def concealed_count(self) -> int:
        """How many tiles are concealed (in the hand, not melded)."""
        return sum(self.counts)

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld (a kong counts three, 3.4.29): 13 or 14."""
        return self.concealed_count + 3 * len(self.melds)

    def held(self, kind: int) -> int:
        """Copies of ``kind`` in the hand and its melds together (what the seat can see)."""
        in_melds = sum(meld.tiles.count(kind) for meld in self.melds)
        return (self.counts[kind] if kind < COUNTS_LENGTH else 0) + in_melds

    def is_concealed(self) -> bool:
        """No exposed meld (concealed kongs allowed)."""
        return all(meld.concealed for meld in self.melds)

    def __str__(self) -> str:
        return format_parts(self.counts, self.melds, self.flowers)

    def __repr__(self) -> str:
        """The hand in notation, not its count vector.

        >>> Hand.from_tiles([1, 2, 3, 31, 31])
        <Hand 123m NN>
        """
        return f"<Hand {self}>"

    def _tile_groups(self) -> list[list[int]]:
        """The concealed tiles, then each meld's, then the flowers: what a picture shows."""
        concealed = [k for k, n in enumerate(self.counts) for _ in range(n)]
        groups = [concealed, *(list(meld.tiles) for meld in self.melds), list(self.flowers)]
        return [group for group in groups if group]

    def _repr_svg_(self) -> str:
        """The tiles in a row, a gap before each meld and the flowers (Jupyter)."""
        from mahjongkit._drawing import row_svg

        return row_svg(self._tile_groups(), title=str(self))

    def _repr_html_(self) -> str:
        from mahjongkit._drawing import html

        return html(str(self), self._repr_svg_())

    # -- mechanics (they move tiles, they do not judge legality) ---------------------------

    def _take(self, *kinds: int) -> list[int]:
        counts = list(self.counts)
        for kind in kinds:
            check_kind(kind)
            if is_bonus(kind) or counts[kind] == 0:
                raise ValueError(f"the hand holds no {code(kind)} to take")
            counts[kind] -= 1
        return counts

    def draw(self, kind: int) -> Hand:
        """The hand with ``kind`` added to the concealed tiles (use :meth:`add_flower` for
        bonus tiles).

        >>> str(Hand().draw(5).draw(28))
        '5m E'
        """
        if is_bonus(check_kind(kind)):
            raise ValueError(f"{code(kind)} is a bonus tile: expose it with add_flower")
        counts = list(self.counts)
        counts[kind] += 1
        return replace(self, counts=tuple(counts))

    def discard(self, kind: int) -> Hand:
        """The hand without one concealed ``kind``."""
        return replace(self, counts=tuple(self._take(kind)))

    def claim_chow(self, tile: int, a: int, b: int, from_seat: int) -> Hand:
        """Claim ``tile`` from ``from_seat`` with the held ``a`` and ``b`` as a chow.

        >>> from mahjongkit.mcr.hand.notation import parse_hand
        >>> str(parse_hand("34s 9p").claim_chow(20, 21, 22, from_seat=3))
        '9p chow(234s:2s@3)'
        """
        tiles = tuple(sorted((check_kind(tile), check_kind(a), check_kind(b))))
        if not _runs(tiles):
            raise ValueError(f"{' '.join(code(k) for k in tiles)} is not a chow")
        counts = self._take(a, b)
        meld = Meld(MeldKind.CHOW, tiles, claimed_from=from_seat, claimed_tile=tile)
        return replace(self, counts=tuple(counts), melds=(*self.melds, meld))

    def claim_pung(self, tile: int, from_seat: int) -> Hand:
        """Claim ``tile`` with a pair of it in hand."""
        counts = self._take(tile, tile)
        meld = Meld(MeldKind.PUNG, (tile,) * 3, claimed_from=from_seat, claimed_tile=tile)
        return replace(self, counts=tuple(counts), melds=(*self.melds, meld))

    def claim_kong(self, tile: int, from_seat: int) -> Hand:
        """Claim ``tile`` with three of it in hand: an exposed kong."""
        counts = self._take(tile, tile, tile)
        meld = Meld(MeldKind.KONG, (tile,) * 4, claimed_from=from_seat, claimed_tile=tile)
        return replace(self, counts=tuple(counts), melds=(*self.melds, meld))

    def concealed_kong(self, kind: int) -> Hand:
        """Declare four concealed ``kind`` as a concealed kong."""
        counts = self._take(kind, kind, kind, kind)
        meld = Meld(MeldKind.KONG, (kind,) * 4, concealed=True)
        return replace(self, counts=tuple(counts), melds=(*self.melds, meld))

    def promote_kong(self, kind: int) -> Hand:
        """Add the concealed fourth ``kind`` to the exposed pung of it (a promoted kong)."""
        for index, meld in enumerate(self.melds):
            if meld.kind is MeldKind.PUNG and meld.first == kind:
                counts = self._take(kind)
                melds = (*self.melds[:index], meld.promote(), *self.melds[index + 1 :])
                return replace(self, counts=tuple(counts), melds=melds)
        raise ValueError(f"no exposed pung of {code(check_kind(kind))} to promote")

    def add_flower(self, kind: int) -> Hand:
        """Expose a bonus tile."""
        if not is_bonus(check_kind(kind)):
            raise ValueError(f"{code(kind)} is not a flower or season")
        return replace(self, flowers=(*self.flowers, kind))

    def chow_shapes(self, tile: int) -> list[tuple[int, int]]:
        """The pairs of held kinds that run with ``tile``, lowest chow first.

        >>> from mahjongkit.mcr.hand.notation import parse_hand
        >>> parse_hand("234567m").chow_shapes(4)
        [(2, 3), (3, 5), (5, 6)]
        """
        counts = self.counts
        return [(a, b) for a, b in chow_pairs(check_kind(tile)) if counts[a] and counts[b]]


def chow_pairs(tile: int) -> tuple[tuple[int, int], ...]:
    """The pairs of kinds that run with ``tile`` (the lowest run first): the shapes of a chow
    of it, whoever holds what (the rules and their C++ twin ask this, as
    ``chow_pairs_of(tile)`` in ``cpp/core/mcr/legality.cpp``).

    >>> chow_pairs(1), chow_pairs(5), chow_pairs(28)
    (((2, 3),), ((3, 4), (4, 6), (6, 7)), ())
    """
    return _CHOW_PAIRS[tile] if type(tile) is int and 0 <= tile < len(_CHOW_PAIRS) else ()


def _chow_pairs_of(tile: int) -> tuple[tuple[int, int], ...]:
    if not is_suited(tile):
        return ()
    pairs = []
    for offset in (2, 1, 0):  # the run starting two below the tile first
        start_rank = rank(tile) - offset
        if start_rank < 1 or start_rank + 2 > 9:
            continue
        low = tile - offset
        a, b = (k for k in (low, low + 1, low + 2) if k != tile)
        pairs.append((a, b))
    return tuple(pairs)


_CHOW_PAIRS = tuple(_chow_pairs_of(tile) if tile else () for tile in range(COUNTS_LENGTH))


def _runs(tiles: tuple[int, ...]) -> bool:
    """Three suited kinds of one suit, consecutive (``tiles`` sorted)."""
    a, b, c = tiles
    return (
        is_suited(a) and is_suited(c) and (a - 1) // 9 == (c - 1) // 9 and b == a + 1 and c == a + 2
    )


def with_count_changed(hand: Hand, kind: int, change: int) -> Hand:
    """``hand`` with ``change`` (+1 or -1) concealed ``kind``, built without checking it again.

    For a caller that has already checked the move: the rules engine, whose turns would
    otherwise spend more time re-checking whole hands than on everything else. The caller
    answers for the result being a valid hand (the rules' ``check_invariants`` still counts
    every tile); everyone else uses :meth:`Hand.draw` and :meth:`Hand.discard`.

    >>> str(with_count_changed(Hand().draw(5), 28, +1))
    '5m E'
    >>> str(with_count_changed(Hand().draw(5).draw(28), 5, -1))
    'E'
    """
    counts = hand.counts
    changed = object.__new__(Hand)
    object.__setattr__(
        changed, "counts", (*counts[:kind], counts[kind] + change, *counts[kind + 1 :])
    )
    object.__setattr__(changed, "melds", hand.melds)
    object.__setattr__(changed, "flowers", hand.flowers)
    return changed
