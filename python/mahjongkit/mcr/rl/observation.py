"""Observation planes: what one seat may see, as a float32 array of shape ``(planes, 34)``.

Every plane has one value per tile column (the 34 standard kinds in the Botzone order of
:mod:`mahjongkit.mcr.rl.encoding`); a *scalar* plane holds one number in all 34 columns.
Every value lies in [0, 1]. The planes come from what the seat may see (its own hand; every
seat's melds, discards, flowers and concealed tile count; the winds, the wall count, the
scores) and never from another seat's concealed tiles: a concealed kong of another seat
counts, its tile does not show, and a window after a discard shows only to the seats it
asks (whether it opened at all says what others could claim).

Layout version :data:`OBS_VERSION` (1), with ``N`` discards kept per seat (``history``,
24 by default: ``49 + 4·N`` planes, 145 by default). First four blocks of ``7 + N`` planes,
one per seat *relative to the observer* (block 0 the observer, 1 the next seat to play, 2
the seat across, 3 the seat before); in each block:

====== ================================================================================
plane  meaning
====== ================================================================================
0      tiles in the seat's chows, copies / 4
1      1 where the seat has an exposed pung of that kind
2      1 where the seat has an exposed kong (claimed or promoted) of that kind
3      scalar: the seat's concealed kongs / 4 (their tiles are not shown)
4      scalar: the seat's flowers / 8
5      scalar: the seat's score, ``0.5 + 0.5·clip(total / 256, -1, 1)``
6      the seat's pool (discards not claimed), copies / 4
7…     ``N`` planes: the seat's last ``N`` discards in the pool, oldest first, one-hot
       (plane ``7 + i`` holds the ``i``-th of them; while the pool holds ``L ≤ N`` tiles,
       planes ``7 + L`` on are empty)
====== ================================================================================

A seat's concealed tile count has no plane: it is 13 less three per meld (concealed kongs
included), plus one for the seat on turn.

Then 21 planes about the observer and the table (offset ``4·(7 + N)``):

====== ================================================================================
plane  meaning
====== ================================================================================
0–3    the observer's concealed tiles: 1 where it holds at least 1, 2, 3, 4 copies
4      1 at the kinds of the observer's own concealed kongs
5      1 at the tile the observer has just drawn (on its turn, when it drew)
6–8    1 at the tile offered to the observer (a discard, or a promoted kong's tile it may
       rob) when it comes from the next seat, the seat across, the seat before
9–12   unseen copies (4 minus those the observer can see): at least 1, 2, 3, 4
13     1 at the observer's seat wind (columns 27–30: E S W N)
14     1 at the prevailing wind
15     scalar: tiles left in the wall / 144
16     scalar: 1 when it is the observer's turn (hold fourteen and discard, kong or win)
17     scalar: 1 while a window on a discard asks the observer
18     scalar: 1 while a window on a promoted kong asks the observer (a robbing win only)
19     scalar: 1 when the observer's turn was reached by a chow or pung (no kong, no win)
20     scalar: the hand number / 16
====== ================================================================================

:class:`Observer` builds them fast from a live game, updating what changed since the last
call into preallocated buffers; :func:`encode_view` builds the same planes from a
:class:`~mahjongkit.mcr.players.bot.View` (the reference the tests compare against).

>>> from mahjongkit.mcr.game.rules import Rules
>>> from mahjongkit.mcr.players.bot import view_of
>>> game = Rules("obs-doc")
>>> observer = Observer()
>>> observer.sync(game)
>>> planes = observer.encode(0)
>>> planes.shape, planes.dtype, plane_count(), bool((planes == encode_view(view_of(game, 0))).all())
((145, 34), dtype('float32'), 145, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.rules import Phase
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.rl.encoding import COLUMN_OF_KIND, COLUMNS, KIND_OF_COLUMN

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.hand.hand import Hand
    from mahjongkit.mcr.players.bot import View

OBS_VERSION: Final = 1
"""The version of the plane layout; it changes whenever a plane's meaning or place does."""
HISTORY: Final = 24
"""Discards kept per seat by default."""
SCORE_SCALE: Final = 256.0

# Planes of a seat's block.
CHOWS, PUNGS, KONGS, CONCEALED_KONGS, FLOWERS, SCORE, POOL, DISCARDS = range(8)
SEAT_FIXED: Final = 7
# Planes of the observer's block (after the four seat blocks).
HAND, OWN_KONGS, DRAWN, OFFER, UNSEEN = 0, 4, 5, 6, 9
SEAT_WIND, PREVAILING, WALL, MY_TURN, CLAIM_WINDOW, ROB_WINDOW, CLAIMED, HAND_NO = range(13, 21)
OWN_PLANES: Final = 21
WIND_COLUMN: Final = 27  # E in the Botzone order; S W N follow

Planes = npt.NDArray[np.float32]


def seat_planes(history: int = HISTORY) -> int:
    """Planes in one seat's block."""
    return SEAT_FIXED + history


def plane_count(history: int = HISTORY) -> int:
    """Planes of an observation with ``history`` discards kept per seat."""
    return 4 * seat_planes(history) + OWN_PLANES


def _check_history(history: int) -> int:
    if isinstance(history, bool) or not isinstance(history, int) or history < 1:
        raise ValueError(f"history is the number of discards kept per seat (>= 1), not {history!r}")
    return history


_KIND_OF_COLUMN = np.array(KIND_OF_COLUMN, dtype=np.intp)
# _THERMO[:, c] is the four "at least 1, 2, 3, 4" values of a count c (0 to 4).
_THERMO = np.array([[1.0 if c >= k else 0.0 for c in range(5)] for k in (1, 2, 3, 4)], np.float32)


def _score_value(total: int) -> float:
    return 0.5 + 0.5 * max(-1.0, min(1.0, total / SCORE_SCALE))


def _meld_planes(block: Planes, visible: npt.NDArray[np.int16], melds: Sequence[Meld]) -> None:
    """Write a seat's meld planes (0–3) and count the tiles the melds show."""
    block[CHOWS : CONCEALED_KONGS + 1] = 0.0
    visible[:] = 0
    hidden = 0
    for meld in melds:
        if meld.kind is MeldKind.CHOW:
            for kind in meld.tiles:
                column = COLUMN_OF_KIND[kind]
                block[CHOWS, column] += 0.25
                visible[column] += 1
        elif meld.concealed:
            hidden += 1
        else:
            column = COLUMN_OF_KIND[meld.tiles[0]]
            block[PUNGS if meld.kind is MeldKind.PUNG else KONGS, column] = 1.0
            visible[column] += len(meld.tiles)
    block[CONCEALED_KONGS] = hidden / 4


class Observer:
    """Encodes observations of one live game for any seat, fast.

    Call :meth:`sync` after the game changed (it reads the public state: hands' melds and
    flowers and concealed counts, pools, wall count, winds, scores, the window) and
    :meth:`encode` for a seat (which reads that seat's own hand besides). Public planes are
    kept per seat and updated from what changed; an observation is one copy of them plus the
    observer's own planes.
    """

    def __init__(self, history: int = HISTORY) -> None:
        self.history = _check_history(history)
        self.seat_planes = seat_planes(history)
        self.planes = plane_count(history)
        # The four seats' public blocks twice over, so that the blocks of the seats relative
        # to any observer are one contiguous slice (seats s, s+1, s+2, s+3). Every write goes
        # to both copies at once through the view of rows s and s + 4: small writes, because
        # between two moves the rules' own work evicts these buffers from the cache and each
        # line touched costs a miss.
        self._public2 = np.zeros((8, self.seat_planes, COLUMNS), dtype=np.float32)
        self._seat_views = [self._public2[seat::4] for seat in range(4)]
        self._pool_counts = np.zeros((4, COLUMNS), dtype=np.int16)
        self._meld_visible = np.zeros((4, COLUMNS), dtype=np.int16)
        self._visible = np.zeros(COLUMNS, dtype=np.float32)
        self._seen = np.zeros(COLUMNS, dtype=np.float32)
        self._templates = np.zeros((4, OWN_PLANES, COLUMNS), dtype=np.float32)
        self._work = np.zeros((self.planes, COLUMNS), dtype=np.float32)
        self.reset()

    def reset(self) -> None:
        """Forget the game: the next :meth:`sync` rebuilds everything."""
        self._public2[:] = 0.0
        self._pool_counts[:] = 0
        self._meld_visible[:] = 0
        self._visible_dirty = True
        self._hands: list[object] = [None] * 4
        self._melds: list[tuple[Meld, ...] | None] = [None] * 4
        self._flowers = [-1] * 4
        self._flower_sets: list[tuple[int, ...] | None] = [None] * 4
        self._pools: list[tuple[int, ...]] = [()] * 4
        self._totals: Sequence[int] = ()
        self._table: tuple[int, int, int] = (-1, -1, -1)  # hand number, dealer, prevailing
        self._own = [_OwnTiles() for _ in range(4)]
        self._rules: Rules | None = None
        self._offer: tuple[int, int, bool, Collection[int]] | None = None

    # -- the public state ------------------------------------------------------------------

    def sync(self, rules: Rules) -> None:
        """Bring the public planes up to date with ``rules`` (cheap when little changed)."""
        self._rules = rules
        hands = rules.hands
        pools = rules.pools
        for seat in range(4):
            hand = hands[seat]
            if hand is not self._hands[seat]:
                self._hands[seat] = hand
                # A draw or a discard keeps the melds and flowers objects: nothing to do.
                if (
                    hand.melds is not self._melds[seat]
                    or hand.flowers is not self._flower_sets[seat]
                ):
                    self._sync_hand(seat, hand)
            pool = pools[seat]
            if pool != self._pools[seat]:
                self._sync_pool(seat, self._pools[seat], pool)
                self._pools[seat] = pool
        totals = rules.totals
        if totals != self._totals:
            self._totals = totals
            for seat in range(4):
                self._seat_views[seat][:, SCORE] = _score_value(totals[seat])
        phase = rules.phase
        window = None if phase is Phase.DISCARD or phase is Phase.FINISHED else rules.window
        if window is None:
            self._offer = None
        else:
            self._offer = (window.tile, window.from_seat, window.kind is Phase.ROB, window.may)
        self._turn = rules.turn
        self._drawn = rules.drawn
        self._claimed = rules.claimed_this_turn
        self._wall = len(rules.wall) / 144
        table = (rules.hand_no, rules.dealer, rules.prevailing)
        if table != self._table:
            self._table = table
            hand_no, dealer, prevailing = table
            templates = self._templates
            templates[:] = 0.0
            for seat in range(4):
                templates[seat, SEAT_WIND, WIND_COLUMN + (seat - dealer) % 4] = 1.0
            templates[:, PREVAILING, WIND_COLUMN + prevailing] = 1.0
            templates[:, HAND_NO] = hand_no / 16

    def _sync_hand(self, seat: int, hand: Hand) -> None:
        view = self._seat_views[seat]
        melds = hand.melds
        old = self._melds[seat]
        if melds is not old and melds != old:
            _meld_planes(view[0], self._meld_visible[seat], melds)
            view[1, : CONCEALED_KONGS + 1] = view[0, : CONCEALED_KONGS + 1]
            self._visible_dirty = True
        self._melds[seat] = melds
        self._flower_sets[seat] = hand.flowers
        flowers = len(hand.flowers)
        if flowers != self._flowers[seat]:
            self._flowers[seat] = flowers
            view[:, FLOWERS] = flowers / 8

    def _sync_pool(self, seat: int, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        """Discards are kept oldest first in the planes: a discard or a claim touches one
        cell while the pool holds at most ``history`` tiles, and the rare longer pool shifts."""
        view = self._seat_views[seat]
        counts = self._pool_counts[seat]
        length, history = len(new), self.history
        if length == len(old) + 1 and length <= history and new[:-1] == old:  # a discard
            column = COLUMN_OF_KIND[new[-1]]
            view[:, DISCARDS + length - 1, column] = 1.0
            counts[column] += 1
            view[:, POOL, column] = counts[column] / 4
            self._visible[column] += 1.0
            return
        if length == len(old) - 1 and len(old) <= history and old[:-1] == new:  # claimed
            column = COLUMN_OF_KIND[old[-1]]
            view[:, DISCARDS + length, column] = 0.0
            counts[column] -= 1
            view[:, POOL, column] = counts[column] / 4
            self._visible[column] -= 1.0
            return
        self._visible_dirty = True
        view[:, DISCARDS:] = 0.0
        counts[:] = 0
        for kind in new:
            counts[COLUMN_OF_KIND[kind]] += 1
        for i, kind in enumerate(new[-history:]):
            view[:, DISCARDS + i, COLUMN_OF_KIND[kind]] = 1.0
        view[:, POOL] = counts / 4

    @property
    def offered_tile(self) -> int | None:
        """The tile of the open window at the last :meth:`sync`, or ``None``."""
        return self._offer[0] if self._offer is not None else None

    # -- one seat's observation ------------------------------------------------------------

    def encode(self, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat`` (a new array, or written into ``out`` and returned)."""
        rules = self._rules
        if rules is None:
            raise ValueError("sync(rules) first: the observer has no game")
        work = self._work if out is None else out
        split = 4 * self.seat_planes
        work[:split].reshape(4, self.seat_planes, COLUMNS)[:] = self._public2[seat : seat + 4]
        own = work[split:]
        own[:] = self._templates[seat]
        hand = rules.hand_of(seat)
        tiles = self._own[seat]
        if tiles.hand is not hand:
            tiles.update(hand)
        own[HAND : OWN_KONGS + 1] = tiles.planes
        if self._visible_dirty:
            visible = self._pool_counts.sum(axis=0) + self._meld_visible.sum(axis=0)
            self._visible[:] = visible
            self._visible_dirty = False
        seen = self._seen
        np.add(tiles.seen, self._visible, out=seen)
        unseen = own[UNSEEN : UNSEEN + 4]
        np.subtract(_UNSEEN_AT_LEAST, seen, out=unseen)  # 1 or more where unseen >= k
        np.minimum(unseen, 1.0, out=unseen)
        np.maximum(unseen, 0.0, out=unseen)
        own[WALL] = self._wall
        if self._turn == seat:
            own[MY_TURN] = 1.0
            if self._drawn is not None:
                own[DRAWN, COLUMN_OF_KIND[self._drawn]] = 1.0
            if self._claimed:
                own[CLAIMED] = 1.0
        offer = self._offer
        if offer is not None and seat in offer[3]:  # only an asked seat learns of the window
            tile, source, rob, _ = offer
            own[OFFER + (source - seat) % 4 - 1, COLUMN_OF_KIND[tile]] = 1.0
            own[ROB_WINDOW if rob else CLAIM_WINDOW] = 1.0
        return work.copy() if out is None else work


# Thermometer planes by arithmetic (clipped to [0, 1]): unseen = 4 - seen >= k exactly when
# 5 - k - seen >= 1.
_UNSEEN_AT_LEAST = np.array([[4], [3], [2], [1]], dtype=np.float32)
_COUNT_COLUMN = tuple(
    np.array([1.0 if count > k else 0.0 for k in range(4)], dtype=np.float32) for count in range(5)
)
_KINDS = range(1, COLUMNS + 1)


class _OwnTiles:
    """One seat's own planes (counts at least 1–4, its concealed kongs) and the copies it
    shows its owner by column (a concealed kong counts four), kept for its last hand and
    updated column by column when only counts changed (a draw, a discard)."""

    def __init__(self) -> None:
        self.hand: object = None
        self.counts: tuple[int, ...] = ()
        self.melds: tuple[Meld, ...] | None = None
        self.planes = np.zeros((OWN_KONGS + 1, COLUMNS), dtype=np.float32)
        self.seen = np.zeros(COLUMNS, dtype=np.float32)

    def update(self, hand: Hand) -> None:
        new, old = hand.counts, self.counts
        self.hand, self.counts = hand, new
        if hand.melds is self.melds or hand.melds == self.melds:
            planes, seen = self.planes, self.seen
            for kind in [k for k in _KINDS if new[k] != old[k]]:
                column = COLUMN_OF_KIND[kind]
                planes[HAND : HAND + 4, column] = _COUNT_COLUMN[new[kind]]
                seen[column] += new[kind] - old[kind]
            return
        self.melds = hand.melds
        counts = np.array(new, dtype=np.float32)[_KIND_OF_COLUMN]
        thermo = self.planes[HAND : HAND + 4]
        np.add(counts, _HAND_AT_LEAST, out=thermo)  # count - (k - 1) >= 1 exactly when >= k
        np.minimum(thermo, 1.0, out=thermo)
        np.maximum(thermo, 0.0, out=thermo)
        self.planes[OWN_KONGS] = 0.0
        for meld in hand.melds:
            if meld.concealed:
                column = COLUMN_OF_KIND[meld.tiles[0]]
                self.planes[OWN_KONGS, column] = 1.0
                counts[column] += 4
        self.seen[:] = counts


_HAND_AT_LEAST = np.array([[0], [-1], [-2], [-3]], dtype=np.float32)


def encode_view(view: View, history: int = HISTORY) -> Planes:
    """The planes of a :class:`~mahjongkit.mcr.players.bot.View`, built plainly from it (the
    reference :class:`Observer` is tested against; slower)."""
    history = _check_history(history)
    per_seat = seat_planes(history)
    out = np.zeros((plane_count(history), COLUMNS), dtype=np.float32)
    for relative in range(4):
        seat = (view.seat + relative) % 4
        block = out[relative * per_seat : (relative + 1) * per_seat]
        melds = view.melds[seat]
        shown = [m for m in melds if not (seat == view.seat and m.concealed)]
        _meld_planes(block, np.zeros(COLUMNS, dtype=np.int16), shown)
        block[CONCEALED_KONGS] = sum(1 for m in melds if m.concealed) / 4
        block[FLOWERS] = len(view.flowers[seat]) / 8
        block[SCORE] = _score_value(view.totals[seat])
        pool = view.pools[seat]
        for kind in pool:
            block[POOL, COLUMN_OF_KIND[kind]] += 0.25
        for i, kind in enumerate(pool[-history:]):
            block[DISCARDS + i, COLUMN_OF_KIND[kind]] = 1.0
    own = out[4 * per_seat :]
    for column, kind in enumerate(KIND_OF_COLUMN):
        count = view.hand.counts[kind]
        own[HAND : HAND + 4, column] = _THERMO[:, count]
        own[UNSEEN : UNSEEN + 4, column] = _THERMO[:, view.unseen[kind]]
    for meld in view.melds[view.seat]:
        if meld.concealed:
            own[OWN_KONGS, COLUMN_OF_KIND[meld.tiles[0]]] = 1.0
    my_turn = view.window is None and bool(view.legal)
    if my_turn:
        own[MY_TURN] = 1.0
        if view.drawn is not None:
            own[DRAWN, COLUMN_OF_KIND[view.drawn]] = 1.0
        if view.claimed_this_turn:
            own[CLAIMED] = 1.0
    if view.window is not None and view.window.offered:
        relative = (view.window.from_seat - view.seat) % 4
        own[OFFER + relative - 1, COLUMN_OF_KIND[view.window.tile]] = 1.0
        own[ROB_WINDOW if view.window.kind is Phase.ROB else CLAIM_WINDOW] = 1.0
    own[SEAT_WIND, WIND_COLUMN + view.seat_wind] = 1.0
    own[PREVAILING, WIND_COLUMN + view.prevailing] = 1.0
    own[WALL] = view.wall_count / 144
    own[HAND_NO] = view.hand_no / 16
    return out
