"""What one seat may see of the game: the :class:`View` every machine player reads.

:func:`view_of` builds it from the rules (its own tiles; everybody's pools, melds and flowers;
how many tiles each seat conceals; the wall count, winds, totals; its own offer in an open
window; its legal moves; the variant and the ruleset). Another seat's concealed kong shows as
a kong with no tiles. The bots (:mod:`.bot`) and the search (:mod:`.search`) read only this.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import sub
from typing import TYPE_CHECKING, Final

from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.variant import STANDARD, Variant
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.tiles import STANDARD_KINDS

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules

SEATS: Final = 4
# the seats' winds for each dealer (Rules.seat_wind: a seat's distance from the dealer)
_WINDS: Final = tuple(
    tuple((seat - dealer) % SEATS for seat in range(SEATS)) for dealer in range(SEATS)
)


@dataclass(frozen=True)
class WindowView:
    """The open window as one seat sees it: the tile, who discarded (or promoted) it, and
    the claims offered to *this* seat only (other seats' offers would reveal their hands)."""

    kind: Phase
    tile: int
    from_seat: int
    offered: tuple[Move, ...]


@dataclass(frozen=True)
class View:
    """What ``seat`` may see of the game, and nothing else.

    ``hand`` is the seat's own hand; ``melds[s]`` and ``flowers[s]`` are every seat's melds
    and exposed bonus tiles (another seat's concealed kong has no tiles); ``concealed[s]`` how
    many tiles each seat conceals; ``pools`` the discard pools; ``visible[k]`` how many of
    kind ``k`` this seat can see (its hand, every pool and exposed meld); ``unseen[k]`` the
    copies it cannot (``4 - visible[k]``). Winds are 0 East to 3 North.
    """

    seat: int
    hand: Hand
    drawn: int | None
    claimed_this_turn: bool
    melds: tuple[tuple[Meld, ...], ...]
    flowers: tuple[tuple[int, ...], ...]
    concealed: tuple[int, ...]
    pools: tuple[tuple[int, ...], ...]
    visible: tuple[int, ...]
    wall_count: int
    hand_no: int
    dealer: int
    prevailing: int
    seat_winds: tuple[int, ...]
    totals: tuple[int, ...]
    moves: int
    phase: Phase
    window: WindowView | None
    legal: tuple[Move, ...]
    seed: str
    variant: Variant = STANDARD
    ruleset: Ruleset = GREEN_BOOK
    walls: tuple[int, ...] | None = None
    """Tiles left in each seat's own wall (a variant with four walls), else ``None``."""

    @property
    def seat_wind(self) -> int:
        return self.seat_winds[self.seat]

    @property
    def unseen(self) -> tuple[int, ...]:
        """Copies of each kind this seat cannot see (index 0 unused)."""
        return (0, *map(sub, repeat(4), self.visible[1 : STANDARD_KINDS + 1]))


def _public_meld(meld: Meld) -> Meld:
    if meld.kind is MeldKind.KONG and meld.concealed:
        return Meld(MeldKind.KONG, (), concealed=True)  # face down: the kind is not shown
    return meld


def visible_counts(
    own: Hand, pools: Sequence[Sequence[int]], melds: Sequence[Sequence[Meld]]
) -> list[int]:
    """How many tiles of each kind a seat sees: its own concealed tiles, every pool and
    every meld as the seat sees it (another seat's concealed kong shows no tiles).

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> own = parse_hand("123m 456p 789s EE RR")
    >>> counts = visible_counts(own, [[1, 1], [], [], []], [(), (), (), ()])
    >>> counts[1], counts[28]  # 1m: one held, two in a pool; East: two held
    (3, 2)
    """
    visible = list(own.counts)
    for pool in pools:
        for kind in pool:
            visible[kind] += 1
    for seat_melds in melds:
        for meld in seat_melds:
            for kind in meld.tiles:
                visible[kind] += 1
    return visible


def view_of(rules: Rules, seat: int) -> View:
    """What ``seat`` may see of ``rules`` now.

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> game = Rules("view-doc")
    >>> view = view_of(game, 1)
    >>> view.hand == game.hand_of(1), view.concealed, view.wall_count == len(game.wall)
    (True, (14, 13, 13, 13), True)
    >>> sum(view.visible) == view.hand.concealed_count
    True
    """
    own = rules.hand_of(seat)
    hands = rules.hands
    melds = tuple(
        own.melds if other == seat else tuple(_public_meld(m) for m in hands[other].melds)
        for other in range(4)
    )
    pools = rules.pools
    visible = visible_counts(own, pools, melds)
    window = rules.window
    window_view = None
    if window is not None:
        window_view = WindowView(
            window.kind, window.tile, window.from_seat, tuple(window.may.get(seat, ()))
        )
    return View(
        seat=seat,
        hand=own,
        drawn=rules.drawn if rules.turn == seat else None,
        claimed_this_turn=rules.claimed_this_turn if rules.turn == seat else False,
        melds=melds,
        flowers=tuple(h.flowers for h in hands),
        concealed=tuple(h.concealed_count for h in hands),
        pools=pools,
        visible=tuple(map(min, visible, repeat(4))),
        wall_count=len(rules.wall),
        hand_no=rules.hand_no,
        dealer=rules.dealer,
        prevailing=rules.prevailing,
        seat_winds=_WINDS[rules.dealer],
        totals=tuple(rules.totals),
        moves=rules.moves,
        phase=rules.phase,
        window=window_view,
        legal=tuple(rules.legal(seat)),
        seed=rules.seed if isinstance(rules.seed, str) else rules.seed.hex(),
        variant=rules.variant,
        ruleset=rules.ruleset,
        walls=_seat_walls(rules.wall),
    )


def _seat_walls(wall: Wall) -> tuple[int, ...] | None:
    if isinstance(wall, SeatWalls):
        return tuple(wall.left(s) for s in range(4))
    return None


def claimed_hands(view: View) -> Iterator[tuple[Move, Hand]]:
    """Each legal claim of the open window and the hand it makes (a kong judged as its pung)."""
    window = view.window
    assert window is not None
    hand, tile = view.hand, window.tile
    for move in view.legal:
        if move.kind is MoveKind.CHOW and move.tiles is not None:
            yield move, hand.claim_chow(tile, move.tiles[0], move.tiles[1], window.from_seat)
        elif move.kind in (MoveKind.PUNG, MoveKind.KONG):
            yield move, hand.claim_pung(tile, window.from_seat)
