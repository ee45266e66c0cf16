"""What the fan checkers read: one arrangement of a winning hand, with its win context.

The scorer builds one :class:`Reading` per decomposition of the hand (and one per special
form), then asks every fan checker of :mod:`mahjongkit.mcr.scoring.fans` about it. A reading holds
the sets (melds first, then the sets formed from concealed tiles, the pair last), the tile
counts of the whole hand, and the facts of the win the checkers need, already reconciled
(a pung completed on a discard counts as exposed; the wait is "unique" only when the 13
tiles waited on this kind alone).

>>> from mahjongkit.mcr.analysis.split import Form, SetKind
>>> r = Reading.build(Form.STANDARD, [(SetKind.PUNG, 28, False)], pair=5, counts={28: 3, 5: 2})
>>> r.pungs, r.pair, r.kinds_present
((0,), 5, (5, 28))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mahjongkit.mcr.analysis.split import Form, SetKind, Wait
from mahjongkit.tiles import suit_or_honours


@dataclass
class Reading:
    """One arrangement of a complete hand, as the fan checkers see it.

    ``set_kinds``/``set_firsts``/``set_concealed``/``set_meld`` describe the sets (a chow by
    its lowest tile); ``pair`` is the pair's kind (0 when the form has none). Flags of the
    win (``self_drawn``, ``robbing``, ...) are copied from the context once, validated.
    """

    form: Form
    set_kinds: tuple[SetKind, ...]
    set_firsts: tuple[int, ...]
    set_concealed: tuple[bool, ...]
    set_meld: tuple[int | None, ...]
    pair: int
    counts: Mapping[int, int]  # every tile of the hand by kind (a kong counts four)
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()  # pungs and kongs
    knits: tuple[int, ...] = ()
    kinds_present: tuple[int, ...] = ()
    winning: int = 0
    self_drawn: bool = False
    robbing: bool = False
    kong_replacement: bool = False
    last_of_wall: bool = False
    last_tile: bool = False
    seat_wind: int = 0
    prevailing_wind: int = 0
    exposed_melds: int = 0  # melds other than concealed kongs
    concealed_pungs: int = 0  # concealed pungs and concealed kongs, after the discard rule
    kongs: int = 0
    concealed_kongs: int = 0
    wait: Wait | None = None  # the wait fan's shape when the wait was unique
    special: dict[str, int] = field(default_factory=dict)
    suits: frozenset[int] = frozenset()  # suits present (3 = honours)

    @classmethod
    def build(
        cls,
        form: Form,
        sets: Sequence[tuple[SetKind, int, bool]],
        pair: int,
        counts: Mapping[int, int],
        metas: Sequence[int | None] | None = None,
    ) -> Reading:
        """A reading of ``sets`` (kind, first tile, concealed) and ``pair`` (0 for none)."""
        kinds = tuple(s[0] for s in sets)
        firsts = tuple(s[1] for s in sets)
        present = tuple(sorted(k for k, n in counts.items() if n))

        def by_first(test: tuple[SetKind, ...]) -> tuple[int, ...]:
            # ordered by first tile, so the checkers' combinations come out sorted
            return tuple(
                sorted((i for i, k in enumerate(kinds) if k in test), key=firsts.__getitem__)
            )

        return cls(
            form=form,
            set_kinds=kinds,
            set_firsts=firsts,
            set_concealed=tuple(s[2] for s in sets),
            set_meld=tuple(metas) if metas is not None else tuple(None for _ in sets),
            pair=pair,
            counts=counts,
            chows=by_first((SetKind.CHOW,)),
            pungs=by_first((SetKind.PUNG, SetKind.KONG)),
            knits=by_first((SetKind.KNIT,)),
            kinds_present=present,
            suits=frozenset(suit_or_honours(k) for k in present),
        )

    def set_tiles(self, index: int) -> tuple[int, ...]:
        """The distinct kinds of one set (a chow's three, a pung's one)."""
        first = self.set_firsts[index]
        kind = self.set_kinds[index]
        if kind is SetKind.CHOW:
            return (first, first + 1, first + 2)
        if kind is SetKind.KNIT:
            return (first, first + 3, first + 6)
        return (first,)
