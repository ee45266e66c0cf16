"""The observer and masks of the RL layer through the C++ core (``mahjongkit._core.mcr_rl``).

:class:`CoreObserver` has the face of :class:`~mahjongkit.mcr.rl.observation.Observer`, its
pure-Python twin, and gives the same planes bit for bit
(``tests/conformance/test_mcr_rl_observer.py``). A move reaches the core as compact records
derived from the rules' typed events (one call a move); a move the records do not cover (a
kong, a win, the end of a hand, a new deal) loads the whole state instead. The legal mask of
a seat is written by the core too: the discards from the concealed counts it mirrors (a
turn's legal list holds a discard of every kind held, and nothing else unless it ends with a
kong or a win), claims and kongs from one code per move. This is the only rl module that
imports the compiled extension.

>>> from mahjongkit.mcr.game.rules import Rules
>>> from mahjongkit.mcr.rl.observation import Observer
>>> game = Rules("core-doc")
>>> fast, plain = CoreObserver(), Observer()
>>> fast.sync(game)
>>> plain.sync(game)
>>> bool((fast.encode(0) == plain.encode(0)).all())
True
>>> mask = np.zeros(235, dtype=np.int8)
>>> fast.mask(0, game.legal(0), mask)
>>> int(mask.sum()) == len(game.legal(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from mahjongkit._core import mcr_rl as _core
from mahjongkit.mcr.game.events import (
    Answered,
    Claimed,
    Discarded,
    Drew,
    Event,
    EventKind,
    FlowerExposed,
)
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, discard, kong
from mahjongkit.mcr.game.rules import Phase
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.rl.encoding import COLUMN_OF_KIND, COLUMNS, MOVES, PLAY
from mahjongkit.mcr.rl.observation import (
    HISTORY,
    Planes,
    Renderer,
    Seen,
    _check_history,
    plane_count,
    seat_planes,
)

if TYPE_CHECKING:
    from mahjongkit.mcr.game.hand_state import HandState
    from mahjongkit.mcr.game.match import Match
    from mahjongkit.mcr.game.rules import Rules

# Record codes of cpp/core/mcr/observe.hpp.
_DISCARD, _DRAW, _FLOWER, _CHOW_ANSWER, _CLAIM_CHOW, _CLAIM_PUNG = 1, 2, 3, 4, 5, 6
# Move codes of its mask(): indices 0-35 as they are; the others placed by the core.
_CODE_CHOW, _CODE_PUNG, _CODE_KONG, _CODE_TURN_KONG = 1000, 6000, 6001, 7000


def _move_codes() -> dict[Move, int]:
    codes: dict[Move, int] = {PASS: 0, WIN: 1, PUNG: _CODE_PUNG, KONG: _CODE_KONG}
    for kind in range(1, COLUMNS + 1):
        codes[discard(kind)] = PLAY + COLUMN_OF_KIND[kind]
        codes[kong(kind)] = _CODE_TURN_KONG + kind
    for move in MOVES:
        if move.kind is MoveKind.CHOW:
            assert move.tiles is not None
            codes[move] = _CODE_CHOW + 64 * move.tiles[0] + move.tiles[1]
    return codes


_CODES: Final = _move_codes()
_NO_CODES: Final[list[int]] = []
_CHOW_EVENT, _WIN_EVENT = EventKind.CHOW, EventKind.WIN
_QUIET_PHASES: Final = (Phase.DISCARD, Phase.FINISHED)
_MELD_CODES: Final = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}
Marks = tuple[int, int, bool, int, int, int, int]
_NO_WINDOW: Final = (0, 0, 0, 0)


def _records(events: Sequence[Event]) -> list[int] | None:
    """A move's records, or ``None`` when one of its events needs the whole state."""
    out: list[int] = []
    for event in events:
        cls = event.__class__
        if cls is Discarded:
            out += (_DISCARD, event.by, event.discarded, 0)  # type: ignore[attr-defined]
        elif cls is Drew:
            if event.source == "back":  # type: ignore[attr-defined]
                # A replacement: after a promoted kong that nobody robbed, the kong is made
                # with no event of its own, so the whole state is read (as the twin does).
                return None
            out += (_DRAW, event.for_seat, 0, 0)  # type: ignore[attr-defined]
        elif cls is Answered:
            answer = event.answer  # type: ignore[attr-defined]
            if answer is _CHOW_EVENT:
                a, b = event.tiles  # type: ignore[attr-defined]
                out += (_CHOW_ANSWER, event.by, a, b)  # type: ignore[attr-defined]
            elif answer is _WIN_EVENT:
                return None
        elif cls is FlowerExposed:
            out += (_FLOWER, event.by, 0, 0)  # type: ignore[attr-defined]
        elif cls is Claimed:
            meld = event.meld  # type: ignore[attr-defined]
            if meld == "kong":
                return None
            code = _CLAIM_CHOW if meld == "chow" else _CLAIM_PUNG
            out += (code, event.claimer, event.claimed, event.from_seat)  # type: ignore[attr-defined]
        else:
            return None
    return out


def _marks(hand: HandState) -> Marks:
    """The turn's and the window's marks, read as the Python observer reads them."""
    turn = hand.turn
    if turn is None:
        marks: tuple[int, int, bool] = (-1, 0, False)
    else:
        marks = (turn, hand.drawn or 0, hand.claimed_this_turn)
    window = None if hand.phase in _QUIET_PHASES else hand.window
    if window is None:
        return (*marks, *_NO_WINDOW)
    may = 0
    for seat in window.may:
        may |= 1 << seat
    return (*marks, 2 if window.kind is Phase.ROB else 1, window.tile, window.from_seat, may)


class CoreObserver:
    """:class:`~mahjongkit.mcr.rl.observation.Observer` in C++ (same planes; it keeps no
    planes but renders the one asked, so it has no ``use_buffer``), with the legal mask of a
    seat besides (:meth:`mask`). ``core`` is the compiled observer (for
    :class:`CoreBatch`)."""

    def __init__(self, history: int = HISTORY) -> None:
        self.history = _check_history(history)
        self.seat_planes = seat_planes(history)
        self.planes = plane_count(history)
        self._shape = (self.planes, COLUMNS)
        self.core = _core.Observer(history)
        self.reset()

    def reset(self) -> None:
        """Forget the game: the next :meth:`sync` loads the whole state."""
        self.core.clear()
        self._rules: Rules | None = None
        self._match: Match | None = None

    def sync(self, rules: Rules, events: Sequence[Event] | None = None) -> None:
        """Bring every seat's planes up to date with ``rules``; ``events`` as in the Python
        observer (what ``take_outcomes()`` returned since the last sync of the same game)."""
        match = self._match
        if events is not None and rules is self._rules and match is not None:
            records = _records(events)
            if records is not None and self.core.step(records, *_marks(match.hand)):
                return
        self._load(rules)

    def sync_mask(
        self,
        rules: Rules,
        events: Sequence[Event],
        seat: int | None,
        out: npt.NDArray[Any],
    ) -> None:
        """:meth:`sync` with a move's events, then the mask of ``seat`` (the seat to act
        now, or ``None``: all zero) into ``out``: one call into the core for most moves."""
        match = self._match
        if rules is self._rules and match is not None:
            records = _records(events)
            if records is not None:
                if seat is None:
                    moves: Sequence[Move] = ()
                    codes = _NO_CODES
                else:
                    # the mask is the rules' legal list, placed move by move (never derived
                    # again from the observer's own copy of the counts)
                    moves = rules.legal(seat)
                    table = _CODES
                    codes = [table[move] for move in moves]
                done = self.core.step_mask(
                    records,
                    *_marks(match.hand),
                    -1 if seat is None else seat,
                    len(moves),
                    codes,
                    out,
                )
                if done == 1:
                    return
                if done == -1:  # the discards did not match the legal list: place each move
                    assert seat is not None
                    self.core.mask(seat, False, [_CODES[move] for move in moves], out)
                    return
        self.sync(rules, events)
        if seat is None:
            out[:] = 0
        else:
            self.mask(seat, rules.legal(seat), out)

    def _load(self, rules: Rules) -> None:
        self._rules = rules
        self._match = rules.match  # its ``hand`` is the live hand state, whichever hand
        self._load_seen(Seen.of(rules))

    def sync_seen(self, seen: Seen) -> None:
        """Observe a kept state (a hand that ended, the game having dealt the next)."""
        self._load_seen(seen)
        self._match = None  # the next sync of a game loads its whole state

    def _load_seen(self, seen: Seen) -> None:
        """Load the whole state ``seen`` into the core (every seat's counts, melds, flowers
        and pool, the totals, the wall, the hand number, dealer and wind, the marks)."""
        hand = seen.hand
        counts = hand.table.counts
        melds = hand.melds
        self.core.load(
            [counts(0), counts(1), counts(2), counts(3)],
            [
                [
                    (3 if meld.concealed else _MELD_CODES[meld.kind], meld.tiles[0])
                    for meld in melds[seat]
                ]
                for seat in range(4)
            ],
            [len(flowers) for flowers in hand.flowers],
            hand.pools,
            list(seen.totals),
            len(hand.wall),
            seen.hand_no,
            hand.dealer,
            hand.prevailing,
            *_marks(hand),
        )

    @property
    def offered_tile(self) -> int | None:
        """The tile of the open window at the last :meth:`sync`, or ``None``."""
        return self.core.offered_tile

    def encode(self, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat`` (a new array, or written into ``out`` and returned)."""
        if self._rules is None:
            raise ValueError("sync(rules) first: the observer has no game")
        if out is None:
            out = np.empty((self.planes, COLUMNS), dtype=np.float32)
            self.core.render(seat, out)
        elif out.dtype == np.float32 and out.flags.c_contiguous and out.shape == self._shape:
            self.core.render(seat, out)
        else:  # any other array NumPy can copy the planes into, as the Python observer's
            np.copyto(out, self.encode(seat))
        return out

    def mask(self, seat: int, moves: Sequence[Move], out: npt.NDArray[Any], row: int = 0) -> None:
        """Write the mask of ``moves``, ``seat``'s legal moves now (``rules.legal(seat)``,
        after the last :meth:`sync`), into ``out`` (one-byte items: ``(235,)``, or row ``row``
        of ``(rows, 235)``)."""
        # The rules' legal list, placed move by move: the mask derives from the legality
        # checks alone, never again from the counts the observer mirrors.
        codes = _CODES
        self.core.mask(seat, False, [codes[move] for move in moves], out, row)

    @staticmethod
    def batch(observers: Sequence[CoreObserver]) -> Renderer:
        """The renderer of a batch of observers: ``render(seats, out)`` writes the planes of
        ``seats[k]`` as observer ``k`` sees them into row ``k`` of ``out`` (float32,
        ``(K, planes, 34)`` or ``(K, planes·34)``), in one call into the core with the GIL
        released around the loop."""
        return partial(_core.render_many, [observer.core for observer in observers])


def self_play(games: int, history: int) -> Any:
    """The C++ batch of ``games`` one-hand games on the hand engine
    (``_core.mcr_rl.SelfPlay``: see :class:`~mahjongkit.mcr.rl.games.EngineGames`)."""
    return _core.SelfPlay(games, history)
