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

:func:`render` writes a seat's planes as a pure function of a hand's state (no mirror fed
from events: what the rules hold is what is drawn), and :func:`mask_of` a seat's legal mask;
:class:`Observer` is their face for a live game. :func:`encode_view` builds the same planes
from a :class:`~mahjongkit.mcr.players.bot.View` (the reference the tests compare against).
The tables use the C++ twin of :class:`Observer` by default
(:class:`~mahjongkit.mcr.rl._cpp.EngineObserver`, the same planes; ``impl="python"`` picks
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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.rules import Phase
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.rl.encoding import COLUMN_OF_KIND, COLUMNS, KIND_OF_COLUMN, indices_of

if TYPE_CHECKING:
    from mahjongkit.mcr.game.events import Event
    from mahjongkit.mcr.game.match import AnyHand
    from mahjongkit.mcr.game.moves import Move
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.game.window import ClaimWindow
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
Renderer = Callable[[npt.NDArray[np.int64], Planes], None]
"""Renders a batch: the planes of ``seats[k]`` as the batch's observer ``k`` sees them into
row ``k`` of an array of observations."""


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


class Seen(NamedTuple):
    """What a seat's planes are rendered from: a hand's live state and the match's values
    around it (the totals, the hand's number). ``Seen.of(rules)`` is the game now; a table
    whose episode was cut short of the game keeps the ended hand's (see :mod:`.table`)."""

    hand: AnyHand
    totals: Sequence[int]
    hand_no: int

    @classmethod
    def of(cls, rules: Rules) -> Seen:
        match = rules.match
        return cls(match.hand, match.totals, match.hand_no)


def offered(hand: AnyHand) -> ClaimWindow | None:
    """The hand's open window (after a discard, or a promoted kong's robbing window), or
    ``None``: a window left on a state that no longer waits on it does not count."""
    phase = hand.phase
    if phase is Phase.DISCARD or phase is Phase.FINISHED:
        return None
    return hand.window


def render(seen: Seen, seat: int, out: Planes, history: int = HISTORY) -> Planes:
    """Write ``seat``'s planes of the state ``seen`` into ``out`` (float32,
    ``(plane_count(history), 34)``) and return it: a pure function of the state, read
    plainly (the C++ twin is ``render`` of ``cpp/core/mcr/self_play.cpp``, which reads a
    ``HandEngine``).

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> game = Rules("render-doc")
    >>> planes = render(Seen.of(game), 0, np.empty((plane_count(), 34), np.float32))
    >>> int(planes[4 * seat_planes() + HAND].sum())  # the dealer's 14 tiles, one per copy
    14
    """
    if out.dtype != np.float32 or not out.flags.c_contiguous:  # cells are a flat float32 view
        out[:] = render(seen, seat, np.empty(out.shape, np.float32), history)
        return out
    hand = seen.hand
    per_seat = SEAT_FIXED + history
    out[:] = 0.0
    # One tile's cell at a time through a flat memoryview: a numpy item write costs about
    # three times as much, and a pool is up to 30 tiles a seat (gathering the cells into
    # fancy-indexed numpy writes was slower still at these sizes).
    cells = out.data.cast("B").cast("f")
    visible = [0] * (COLUMNS + 1)  # copies by kind in every pool and exposed meld
    own = 4 * per_seat
    column_of = COLUMN_OF_KIND
    totals = seen.totals
    for relative in range(4):
        other = (seat + relative) & 3
        base = relative * per_seat
        hidden = 0
        for meld in hand.melds[other]:
            tiles = meld.tiles
            if meld.kind is _CHOW:
                row = (base + CHOWS) * COLUMNS
                for kind in tiles:
                    cells[row + column_of[kind]] += 0.25
                    visible[kind] += 1
            elif meld.concealed:
                hidden += 1
                if other == seat:  # its own concealed kong: seen by it only, four copies
                    cells[(own + OWN_KONGS) * COLUMNS + column_of[tiles[0]]] = 1.0
                    visible[tiles[0]] += 4
            else:
                plane = PUNGS if meld.kind is _PUNG else KONGS
                cells[(base + plane) * COLUMNS + column_of[tiles[0]]] = 1.0
                visible[tiles[0]] += len(tiles)
        if hidden:
            out[base + CONCEALED_KONGS] = hidden / 4
        flowers = len(hand.flowers[other])
        if flowers:
            out[base + FLOWERS] = flowers / 8
        out[base + SCORE] = _score_value(totals[other])
        pool = hand.pools[other]
        row = (base + POOL) * COLUMNS
        for kind in pool:
            cells[row + column_of[kind]] += 0.25
            visible[kind] += 1
        start = len(pool) - history if len(pool) > history else 0
        row = (base + DISCARDS - start) * COLUMNS  # the oldest discard kept is plane DISCARDS
        for i in range(start, len(pool)):
            cells[row + i * COLUMNS + column_of[pool[i]]] = 1.0
    counts = hand.counts_of(seat)
    held = np.array(counts, dtype=np.intp)[_KIND_BY_COLUMN]
    out[own + HAND : own + HAND + 4] = _THERMO[:, held]
    seen_by = held + np.array(visible, dtype=np.intp)[_KIND_BY_COLUMN]
    # np.minimum, not np.clip: clip's Python-level wrapper cost a sixth of a render
    out[own + UNSEEN : own + UNSEEN + 4] = _THERMO[:, 4 - np.minimum(seen_by, 4)]
    out[own + SEAT_WIND, WIND_COLUMN + ((seat - hand.dealer) & 3)] = 1.0
    out[own + PREVAILING, WIND_COLUMN + hand.prevailing] = 1.0
    out[own + WALL] = len(hand.wall) / 144
    out[own + HAND_NO] = seen.hand_no / 16
    if hand.turn == seat:
        out[own + MY_TURN] = 1.0
        if hand.drawn is not None:
            out[own + DRAWN, column_of[hand.drawn]] = 1.0
        if hand.claimed_this_turn:
            out[own + CLAIMED] = 1.0
    window = offered(hand)
    if window is not None and seat in window.may:  # only an asked seat learns of the window
        rob = window.kind is Phase.ROB
        out[own + (ROB_WINDOW if rob else CLAIM_WINDOW)] = 1.0
        out[own + OFFER + ((window.from_seat - seat) & 3) - 1, column_of[window.tile]] = 1.0
    return out


def mask_of(hand: AnyHand, seat: int, moves: Sequence[Move], out: npt.NDArray[Any]) -> None:
    """Write the mask of ``moves`` (``seat``'s legal moves in ``hand`` now, the rules'
    legal list) into ``out`` (235 one-byte items): a pure function of the state, as the C++
    twin's ``mask``."""
    out[:] = 0
    if not moves:
        return
    window = offered(hand)
    tile = window.tile if window is not None else None
    out[indices_of(moves, tile, hand.counts_of(seat))] = 1


class Observer:
    """The planes and masks of one live game for any seat, rendered from its state.

    :meth:`sync` points the observer at a game (or, with :meth:`sync_seen`, at a kept
    state); :meth:`encode` renders a seat's planes from that state and :meth:`mask` places
    a seat's legal moves: nothing is mirrored, so nothing can drift from the rules. The C++
    twin (:class:`~mahjongkit.mcr.rl._cpp.EngineObserver`) has the same face; a
    :class:`~mahjongkit.mcr.rl.table.Table` takes either as an object (``_impl.pick``).
    """

    def __init__(self, history: int = HISTORY) -> None:
        self.history = _check_history(history)
        self.seat_planes = seat_planes(history)
        self.planes = plane_count(history)
        self._shape = (self.planes, COLUMNS)
        self._seen: Seen | None = None

    def reset(self) -> None:
        """Forget the game."""
        self._seen = None

    def sync(self, rules: Rules, events: Sequence[Event] | None = None) -> None:
        """Observe ``rules`` as it is now (``events``, what the move produced, are not
        needed: the state is read when a seat's planes are asked)."""
        self._seen = Seen.of(rules)

    def sync_seen(self, seen: Seen) -> None:
        """Observe a kept state (a hand that ended, the game having dealt the next)."""
        self._seen = seen

    def sync_mask(
        self,
        rules: Rules,
        events: Sequence[Event],
        seat: int | None,
        out: npt.NDArray[Any],
    ) -> None:
        """:meth:`sync`, then the legal mask of ``seat`` (the seat to act now, or ``None``:
        all zero) into ``out``."""
        self._seen = seen = Seen.of(rules)
        if seat is None:
            out[:] = 0
        else:
            mask_of(seen.hand, seat, rules.legal(seat), out)

    def _state(self) -> Seen:
        if self._seen is None:
            raise ValueError("sync(rules) first: the observer has no game")
        return self._seen

    @property
    def offered_tile(self) -> int | None:
        """The tile of the open window of the state observed, or ``None``."""
        window = offered(self._state().hand) if self._seen is not None else None
        return window.tile if window is not None else None

    def encode(self, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat`` (a new array, or written into ``out`` and returned)."""
        seen = self._state()
        if out is None:
            return render(seen, seat, np.empty(self._shape, np.float32), self.history)
        if out.dtype == np.float32 and out.shape == self._shape:
            return render(seen, seat, out, self.history)
        np.copyto(out, render(seen, seat, np.empty(self._shape, np.float32), self.history))
        return out

    def mask(self, seat: int, moves: Sequence[Move], out: npt.NDArray[Any], row: int = 0) -> None:
        """Write the mask of ``moves``, ``seat``'s legal moves now (``rules.legal(seat)``),
        into ``out`` (one-byte items: ``(235,)``, or row ``row`` of ``(rows, 235)``)."""
        mask_of(self._state().hand, seat, moves, out if out.ndim == 1 else out[row])

    @staticmethod
    def batch(observers: Sequence[Observer]) -> Renderer:
        """The renderer of a batch of observers: ``render(seats, out)`` writes the planes of
        ``seats[k]`` as observer ``k`` sees them into row ``k`` of ``out`` (float32,
        ``(K, planes, 34)`` or ``(K, planes·34)``)."""

        def render_batch(seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
            rows = out.reshape(len(observers), -1, COLUMNS)
            for k, observer in enumerate(observers):
                render(observer._state(), int(seats[k]), rows[k], observer.history)

        return render_batch


_CHOW, _PUNG = MeldKind.CHOW, MeldKind.PUNG
# The kind of each column, as an index array (a seat's counts by kind, read by column).
_KIND_BY_COLUMN = np.array(KIND_OF_COLUMN, dtype=np.intp)


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
