"""Observation planes: what one seat may see, as a float32 array of shape ``(planes, 34)``.

Every plane has one value per tile column (the 34 standard kinds in the Botzone order of
:mod:`mahjongkit.mcr.rl.encoding`); a *scalar* plane holds one number in all 34 columns.
Every value lies in [0, 1]. The planes come from what the seat may see (its own hand; every
seat's melds, discards, flowers and concealed tile count; the winds, the wall count, the
scores) and never from another seat's concealed tiles: a concealed kong of another seat
counts, its tile does not show, and a window after a discard shows only to the seats it
asks (whether it opened at all says what others could claim).

The layout (version :data:`OBS_VERSION`, ``49 + 4·N`` planes with ``N`` discards kept per
seat: 145 by default) is the table of ``docs/mcr-rl-observation.md``: four blocks of
``7 + N`` planes, one per seat relative to the observer, then 21 planes about the observer
and the table. The constants below name the planes' places in their block.

:class:`Observer` builds them fast from a live game, updating what changed since the last
call into preallocated buffers; :func:`encode_view` builds the same planes from a
:class:`~mahjongkit.mcr.players.bot.View` (the reference the tests compare against). The
tables use the C++ twin of :class:`Observer` by default
(:class:`~mahjongkit.mcr.rl._cpp.CoreObserver`, the same planes; ``impl="python"`` picks
this one).

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

from mahjongkit.mcr.game.events import Answered, Discarded, Drew, Event
from mahjongkit.mcr.game.rules import Phase
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.rl.encoding import COLUMN_OF_KIND, COLUMNS, KIND_OF_COLUMN, legal_mask

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.hand.hand import Hand
    from mahjongkit.mcr.players.bot import View

OBS_VERSION: Final = 1
"""The version of the plane layout; it changes whenever a plane's meaning or place does."""
HISTORY: Final = 24
"""Discards kept per seat by default."""
MAX_HISTORY: Final = 144
"""The most discards a seat's block may keep: no seat discards more tiles than a wall holds,
so a larger history only adds empty planes (and a caller's huge number would be allocated)."""
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
    if isinstance(history, bool) or not isinstance(history, int) or not 1 <= history <= MAX_HISTORY:
        raise ValueError(
            f"history is the number of discards kept per seat (1 to {MAX_HISTORY}), not {history!r}"
        )
    return history


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


def _move_marks(
    obs: Planes, old: Sequence[tuple[int, ...]], new: Sequence[tuple[int, ...]]
) -> None:
    """Clear the cells of ``old`` that ``new`` lacks and set those ``new`` adds (a turn's or
    window's marks move; the rest stay)."""
    if new != old:
        for cell in old:
            if cell not in new:
                obs[cell] = 0.0
        for cell in new:
            if cell not in old:
                obs[cell] = 1.0


class Observer:
    """Encodes observations of one live game for any seat, fast.

    Call :meth:`sync` after the game changed and :meth:`encode` for a seat. The observer
    keeps each seat's whole observation up to date from what a move changed (a discard
    touches a few cells of every seat's planes, a draw a few columns of the drawer's own),
    so that an observation is one copy of a kept buffer. Each seat's buffer only ever
    receives what that seat may see: the public state, and its own hand.
    """

    def __init__(self, history: int = HISTORY) -> None:
        self.history = _check_history(history)
        self.seat_planes = seat_planes(history)
        self.planes = plane_count(history)
        self._obs = np.zeros((4, self.planes, COLUMNS), dtype=np.float32)
        base = 4 * self.seat_planes
        self._own = base
        # Row of seat ``seat``'s public block in observer ``s``'s planes: _rows[seat][s].
        self._rows = [[((seat - s) % 4) * self.seat_planes for s in range(4)] for seat in range(4)]
        self.reset()

    def use_buffer(self, buffer: npt.NDArray[np.float32]) -> None:
        """Keep the four seats' planes in ``buffer`` (float32, ``(4, planes, 34)``; a view
        into a larger array lets a batch gather many observers' planes in one NumPy call);
        the observer forgets its game."""
        if buffer.shape != self._obs.shape or buffer.dtype != np.float32:
            raise ValueError(f"a buffer of shape {self._obs.shape} float32, not {buffer.shape}")
        self._obs = buffer
        self.reset()

    def reset(self) -> None:
        """Forget the game: the next :meth:`sync` rebuilds everything."""
        self._obs[:] = 0.0
        self._obs[:, self._own + UNSEEN : self._own + UNSEEN + 4] = 1.0  # all four unseen
        self._hands: list[object] = [None] * 4
        self._counts: list[list[int]] = [[0] * (COLUMNS + 1) for _ in range(4)]
        self._own_seen = [[0] * COLUMNS for _ in range(4)]  # own tiles (kongs count four)
        self._own_kongs: list[list[int]] = [[] for _ in range(4)]
        self._melds: list[tuple[Meld, ...] | None] = [None] * 4
        self._meld_shown = [[0] * COLUMNS for _ in range(4)]
        self._flower_sets: list[tuple[int, ...] | None] = [None] * 4
        self._pools: list[tuple[int, ...]] = [()] * 4
        self._pool_counts = [[0] * COLUMNS for _ in range(4)]
        self._visible = [0] * COLUMNS  # copies in every pool and exposed meld
        self._totals: Sequence[int] = ()
        self._table: tuple[int, int, int] = (-1, -1, -1)  # hand number, dealer, prevailing
        self._wall = -1
        self._marks: list[tuple[int, int]] = []  # (seat, row) cells set for the turn/window
        self._columns: list[tuple[int, int, int]] = []  # (seat, row, column) likewise
        self._rules: Rules | None = None
        self._offer: tuple[int, int, bool, Collection[int]] | None = None

    # -- writing ---------------------------------------------------------------------------

    def _public_cell(self, seat: int, plane: int, column: int, value: float) -> None:
        """One cell of ``seat``'s public block, in every observer's planes."""
        obs, rows = self._obs, self._rows[seat]
        obs[0, rows[0] + plane, column] = value
        obs[1, rows[1] + plane, column] = value
        obs[2, rows[2] + plane, column] = value
        obs[3, rows[3] + plane, column] = value

    def _public_row(self, seat: int, plane: int, value: float | Planes) -> None:
        obs, rows = self._obs, self._rows[seat]
        for s in range(4):
            obs[s, rows[s] + plane] = value

    def _unseen(self, s: int, column: int) -> None:
        """Observer ``s``'s unseen planes at ``column``, from what it sees there now."""
        left = 4 - self._own_seen[s][column] - self._visible[column]
        row = self._own + UNSEEN
        self._obs[s, row : row + 4, column] = _COUNT_COLUMN[left if left > 0 else 0]

    def _shown(self, column: int, change: int) -> None:
        """Every seat sees ``change`` more copies at ``column``."""
        visible = self._visible[column] + change
        self._visible[column] = visible
        own = self._own_seen
        row = self._own + UNSEEN
        # One NumPy write for the four seats: each NumPy call costs more than its cells.
        self._obs[:, row : row + 4, column] = _UNSEEN_ROWS[
            own[0][column] + visible,
            own[1][column] + visible,
            own[2][column] + visible,
            own[3][column] + visible,
        ]

    # -- the state -------------------------------------------------------------------------

    def sync(self, rules: Rules, events: Sequence[Event] | None = None) -> None:
        """Bring every seat's planes up to date with ``rules`` (cheap when little changed).

        ``events`` may be what ``rules.take_outcomes()`` returned since the last sync of
        the same game: a move made only of draws, discards and answers then updates just
        the cells those events touch, without comparing the four hands and pools."""
        if events is not None and rules is self._rules and self._by_events(rules, events):
            return
        self._rules = rules
        table = (rules.hand_no, rules.dealer, rules.prevailing)
        if table != self._table:
            self._sync_table(table)
        hands = rules.hands
        pools = rules.pools
        for seat in range(4):
            hand = hands[seat]
            if hand is not self._hands[seat]:
                self._hands[seat] = hand
                # A draw or a discard keeps the melds and flowers objects.
                if (
                    hand.melds is not self._melds[seat]
                    or hand.flowers is not self._flower_sets[seat]
                ):
                    self._sync_melds(seat, hand)
                self._sync_own(seat, hand.counts)
            pool = pools[seat]
            if pool != self._pools[seat]:
                self._sync_pool(seat, self._pools[seat], pool)
                self._pools[seat] = pool
        totals = rules.totals
        if totals != self._totals:
            self._totals = totals
            for seat in range(4):
                self._public_row(seat, SCORE, _score_value(totals[seat]))
        wall = len(rules.wall)
        if wall != self._wall:
            self._wall = wall
            self._obs[:, self._own + WALL] = wall / 144
        self._sync_marks(rules)

    def sync_mask(
        self,
        rules: Rules,
        events: Sequence[Event],
        seat: int | None,
        out: npt.NDArray[np.bool_],
    ) -> None:
        """:meth:`sync` with a move's events, then the legal mask of ``seat`` (the seat to
        act now, or ``None``: all zero) into ``out``, as the C++ observer's ``sync_mask``."""
        self.sync(rules, events)
        if seat is None:
            out[:] = False
        else:
            legal_mask(rules, seat, out)

    def _by_events(self, rules: Rules, events: Sequence[Event]) -> bool:
        """The sync of a move whose events are all draws, discards and answers (most
        moves); ``False`` (nothing done) for any other, which needs the full comparison."""
        drew = 0
        for event in events:
            cls = event.__class__
            if cls is Drew:
                if event.source == "back":  # type: ignore[attr-defined]
                    return False  # a replacement: a promoted kong may have been made silently
                drew += 1
            elif cls is not Discarded and cls is not Answered:
                return False
        if drew > 1:
            return False
        for event in events:
            cls = event.__class__
            if cls is Discarded:
                seat, kind = event.by, event.discarded  # type: ignore[attr-defined]
                self._own_change(seat, kind, -1)
                old = self._pools[seat]
                new = (*old, kind)
                self._pools[seat] = new
                length = len(new)
                if length > self.history:
                    self._sync_pool(seat, old, new)
                    continue
                column = COLUMN_OF_KIND[kind]  # one more discard: the cells it touches
                self._public_cell(seat, DISCARDS + length - 1, column, 1.0)
                counts = self._pool_counts[seat]
                counts[column] += 1
                self._public_cell(seat, POOL, column, counts[column] / 4)
                self._shown(column, 1)
            elif cls is Drew:
                drawn = rules.drawn
                if drawn is None:  # pragma: no cover - a draw always leaves the tile drawn
                    return False
                self._own_change(event.for_seat, drawn, 1)  # type: ignore[attr-defined]
        wall = len(rules.wall)
        if wall != self._wall:
            self._wall = wall
            self._obs[:, self._own + WALL] = wall / 144
        self._sync_marks(rules)
        return True

    def _own_change(self, seat: int, kind: int, change: int) -> None:
        """Observer ``seat`` holds ``change`` more of ``kind`` (one draw or discard)."""
        counts = self._counts[seat]
        count = counts[kind] + change
        counts[kind] = count
        # The hand object the full sync compares against is now out of date.
        self._hands[seat] = None
        column = COLUMN_OF_KIND[kind]
        row = self._own + HAND
        self._obs[seat, row : row + 4, column] = _COUNT_COLUMN[count]
        self._own_seen[seat][column] += change
        self._unseen(seat, column)

    def _sync_table(self, table: tuple[int, int, int]) -> None:
        self._table = table
        hand_no, dealer, prevailing = table
        own = self._obs[:, self._own :]
        own[:, SEAT_WIND] = 0.0
        own[:, PREVAILING] = 0.0
        for s in range(4):
            own[s, SEAT_WIND, WIND_COLUMN + (s - dealer) % 4] = 1.0
        own[:, PREVAILING, WIND_COLUMN + prevailing] = 1.0
        own[:, HAND_NO] = hand_no / 16

    def _sync_own(self, seat: int, new: tuple[int, ...]) -> None:
        """Observer ``seat``'s own planes at the columns whose count changed."""
        old = self._counts[seat]
        self._counts[seat] = list(new)
        seen = self._own_seen[seat]
        obs = self._obs[seat]
        row = self._own + HAND
        for kind in [k for k in _KINDS if new[k] != old[k]]:
            column = COLUMN_OF_KIND[kind]
            obs[row : row + 4, column] = _COUNT_COLUMN[new[kind]]
            seen[column] += new[kind] - old[kind]
            self._unseen(seat, column)

    def _sync_melds(self, seat: int, hand: Hand) -> None:
        self._flower_sets[seat] = hand.flowers
        self._public_row(seat, FLOWERS, len(hand.flowers) / 8)
        melds = hand.melds
        old = self._melds[seat]
        self._melds[seat] = melds
        if old is not None and (melds is old or melds == old):
            return
        rows = self._rows[seat]
        for s in range(4):
            self._obs[s, rows[s] + CHOWS : rows[s] + CONCEALED_KONGS + 1] = 0.0
        shown = [0] * COLUMNS
        chowed = [0] * COLUMNS
        kongs = []
        for meld in melds:
            if meld.kind is MeldKind.CHOW:
                for kind in meld.tiles:
                    column = COLUMN_OF_KIND[kind]
                    shown[column] += 1
                    chowed[column] += 1
                    self._public_cell(seat, CHOWS, column, chowed[column] / 4)
            elif meld.concealed:
                kongs.append(COLUMN_OF_KIND[meld.tiles[0]])
            else:
                column = COLUMN_OF_KIND[meld.tiles[0]]
                shown[column] += len(meld.tiles)
                self._public_cell(seat, PUNGS if meld.kind is MeldKind.PUNG else KONGS, column, 1.0)
        self._public_row(seat, CONCEALED_KONGS, len(kongs) / 4)
        before = self._meld_shown[seat]
        self._meld_shown[seat] = shown
        for column in range(COLUMNS):
            if shown[column] != before[column]:
                self._shown(column, shown[column] - before[column])
        # The seat's own concealed kongs: seen by it only, four copies each.
        obs, seen = self._obs[seat], self._own_seen[seat]
        for column in self._own_kongs[seat]:
            obs[self._own + OWN_KONGS, column] = 0.0
            seen[column] -= 4
            self._unseen(seat, column)
        for column in kongs:
            obs[self._own + OWN_KONGS, column] = 1.0
            seen[column] += 4
            self._unseen(seat, column)
        self._own_kongs[seat] = kongs

    def _sync_pool(self, seat: int, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        """Discards are kept oldest first in the planes: a discard or a claim touches one
        cell while the pool holds at most ``history`` tiles; a longer pool is rewritten."""
        counts = self._pool_counts[seat]
        length, history = len(new), self.history
        if length == len(old) + 1 and length <= history and new[:-1] == old:  # a discard
            column = COLUMN_OF_KIND[new[-1]]
            self._public_cell(seat, DISCARDS + length - 1, column, 1.0)
            counts[column] += 1
            self._public_cell(seat, POOL, column, counts[column] / 4)
            self._shown(column, 1)
            return
        if length == len(old) - 1 and len(old) <= history and old[:-1] == new:  # claimed
            column = COLUMN_OF_KIND[old[-1]]
            self._public_cell(seat, DISCARDS + length, column, 0.0)
            counts[column] -= 1
            self._public_cell(seat, POOL, column, counts[column] / 4)
            self._shown(column, -1)
            return
        rows = self._rows[seat]
        for s in range(4):
            self._obs[s, rows[s] + DISCARDS : rows[s] + self.seat_planes] = 0.0
        for i, kind in enumerate(new[-history:]):
            self._public_cell(seat, DISCARDS + i, COLUMN_OF_KIND[kind], 1.0)
        fresh = [0] * COLUMNS
        for kind in new:
            fresh[COLUMN_OF_KIND[kind]] += 1
        self._pool_counts[seat] = fresh
        self._public_row(seat, POOL, np.array(fresh, dtype=np.float32) * np.float32(0.25))
        for column in range(COLUMNS):
            if fresh[column] != counts[column]:
                self._shown(column, fresh[column] - counts[column])

    def _sync_marks(self, rules: Rules) -> None:
        """The turn's and the window's cells: those of the last move no longer set are
        cleared, the new ones set (a NumPy write costs more than comparing the lists)."""
        own = self._own
        hand = rules.match.hand  # read directly: Rules.window copies the window's dicts
        marks: list[tuple[int, int]] = []
        columns: list[tuple[int, int, int]] = []
        turn = hand.turn
        if turn is not None:
            marks.append((turn, own + MY_TURN))
            drawn = hand.drawn
            if drawn is not None:
                columns.append((turn, own + DRAWN, COLUMN_OF_KIND[drawn]))
            if hand.claimed_this_turn:
                marks.append((turn, own + CLAIMED))
        phase = hand.phase
        window = None if phase is Phase.DISCARD or phase is Phase.FINISHED else hand.window
        if window is None:
            self._offer = None
        else:
            rob = window.kind is Phase.ROB
            self._offer = (window.tile, window.from_seat, rob, window.may)
            column = COLUMN_OF_KIND[window.tile]
            for s in window.may:  # only an asked seat learns of the window
                marks.append((s, own + (ROB_WINDOW if rob else CLAIM_WINDOW)))
                columns.append((s, own + OFFER + (window.from_seat - s) % 4 - 1, column))
        _move_marks(self._obs, self._marks, marks)
        _move_marks(self._obs, self._columns, columns)
        self._marks, self._columns = marks, columns

    @property
    def offered_tile(self) -> int | None:
        """The tile of the open window at the last :meth:`sync`, or ``None``."""
        return self._offer[0] if self._offer is not None else None

    # -- one seat's observation ------------------------------------------------------------

    def encode(self, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat`` (a new array, or written into ``out`` and returned)."""
        if self._rules is None:
            raise ValueError("sync(rules) first: the observer has no game")
        planes: Planes = self._obs[seat]
        if out is None:
            return planes.copy()
        np.copyto(out, planes)
        return out


# The planes "at least 1, 2, 3, 4" of a count 0 to 4, as one column.
_COUNT_COLUMN = tuple(
    np.array([1.0 if count > k else 0.0 for k in range(4)], dtype=np.float32) for count in range(5)
)
_KINDS = range(1, COLUMNS + 1)
_SEEN = range(9)


def _count_planes(count: int) -> list[float]:
    return [1.0 if count > k else 0.0 for k in range(4)]


# _UNSEEN_ROWS[a, b, c, d]: the four seats' unseen planes at one column, (4 seats, 4 planes),
# when the seats see a, b, c, d copies there (0 to 8: a count past four sees none unseen).
_UNSEEN_ROWS = np.array(
    [
        [
            [[[_count_planes(4 - seen) for seen in (a, b, c, d)] for d in _SEEN] for c in _SEEN]
            for b in _SEEN
        ]
        for a in _SEEN
    ],
    dtype=np.float32,
)


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
