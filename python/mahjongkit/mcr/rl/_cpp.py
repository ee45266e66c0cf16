"""The observer and masks of the RL layer rendered by the C++ core from a hand engine's state
(``mahjongkit._core.mcr_rl``).

:class:`EngineObserver` has the face of :class:`~mahjongkit.mcr.rl.observation.Observer`, its
pure-Python twin, and gives the same planes bit for bit
(``tests/conformance/test_mcr_rl_observer.py``). Both render a seat's planes as a function of
a hand's state, never from a mirror fed by events: the Python twin reads the rules' hand
state, this one a C++ hand engine (``cpp/core/mcr/hand_engine.hpp``): the rules' own when
they play the hand on it (``Rules(impl="cpp")``, :mod:`~mahjongkit.mcr.game.engine_hand`),
else one that plays the hand's own moves (``Rules.move_log`` from ``Rules.hand_start``),
dealt from the hand's wall; it renders with ``render`` of ``cpp/core/mcr/self_play.cpp``,
the renderer of the RL self-play.
A seat's legal mask is the engine's legal list placed (the twin of the rules' own list:
``tests/conformance/test_mcr_hand_engine.py``). A hand the engine cannot hold (a written
position, or a game with the caller's own scorer) is rendered by the Python twin. This is
the only rl module that imports the compiled extension.

>>> from mahjongkit.mcr.game.rules import Rules
>>> from mahjongkit.mcr.rl.observation import Observer
>>> game = Rules("core-doc")
>>> fast, plain = EngineObserver(), Observer()
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
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from mahjongkit._core import mcr_rl as _core
from mahjongkit.mcr.game._cpp import EngineMove, engine_move, hand_engine
from mahjongkit.mcr.game.engine_hand import EngineHand
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.rl.encoding import COLUMNS
from mahjongkit.mcr.rl.observation import (
    HISTORY,
    Observer,
    Planes,
    Renderer,
    Seen,
    _check_history,
    plane_count,
    seat_planes,
)

if TYPE_CHECKING:
    from mahjongkit.mcr.game.events import Event
    from mahjongkit.mcr.game.match import AnyHand
    from mahjongkit.mcr.game.moves import Move
    from mahjongkit.mcr.game.rules import Rules

# Moves as the engine numbers them, each made once (a game plays a few hundred kinds).
_ENGINE_MOVES: Final[dict[Move, EngineMove]] = {}


def _engine_of(rules: Rules, hand: AnyHand) -> Any:
    """A hand engine dealt the wall of ``hand`` (the rules' hand in play) under the game's
    ruleset and variant, or ``None`` when the engine cannot play it: a hand written as a
    position (not dealt from a wall), or a game scored by the caller's own functions."""
    if isinstance(hand, EngineHand):
        raise AssertionError("the rules play this hand on an engine: read it")
    match = rules.match
    if not hand.whole or match.judge.own:
        return None
    engine = hand_engine(
        match.ruleset, match.variant, dealer=hand.dealer, prevailing=hand.prevailing
    )
    walls = hand.wall.as_dealt()
    if isinstance(hand.wall, SeatWalls):
        dealt = engine.deal_seat_walls([list(wall) for wall in walls])
    else:
        dealt = engine.deal_shared(list(walls[0]))
    if not dealt:  # pragma: no cover - the rules dealt this very wall
        raise AssertionError("the engine could not deal the rules' wall")
    return engine


class EngineObserver:
    """:class:`~mahjongkit.mcr.rl.observation.Observer` rendered in C++ from a hand engine
    that plays the game's moves (same planes; it keeps no planes but renders the one asked),
    with the legal mask of a seat besides (:meth:`mask`)."""

    def __init__(self, history: int = HISTORY) -> None:
        self.history = _check_history(history)
        self.seat_planes = seat_planes(history)
        self.planes = plane_count(history)
        self._shape = (self.planes, COLUMNS)
        self._plain = Observer(history)  # for a hand the engine cannot hold
        self.reset()

    def reset(self) -> None:
        """Forget the game: the next :meth:`sync` deals its hand afresh."""
        self._rules: Rules | None = None
        self._hand: AnyHand | None = None  # the rules' hand the engine plays
        self._engine: Any = None
        self._own = False  # the engine is the rules' own (it plays their moves itself)
        self._applied = 0  # moves of the rules' move_log the engine has played
        self._totals: list[int] = [0, 0, 0, 0]
        self._hand_no = 1
        self._plain.reset()
        self._synced = False

    def sync(self, rules: Rules, events: Sequence[Event] | None = None) -> None:
        """Bring the engine up to date with ``rules`` (``events`` are not needed: the moves
        are read from ``rules.move_log``)."""
        match = rules.match
        hand = match.hand
        if rules is not self._rules or hand is not self._hand:
            self._rules, self._hand = rules, hand
            self._own = isinstance(hand, EngineHand)
            self._engine = hand.engine if isinstance(hand, EngineHand) else _engine_of(rules, hand)
            self._applied = rules.hand_start
        if self._engine is None:
            self._plain.sync(rules)
        else:
            self._play(rules.move_log, len(rules.move_log))
        self._totals = list(match.totals)
        self._hand_no = match.hand_no
        self._synced = True

    def _play(self, log: list[tuple[int, Move]], end: int) -> None:
        """Play the moves ``log[applied:end]`` on the engine (the rules took each of them);
        the rules' own engine has played them."""
        if self._own:
            self._applied = end
            return
        engine = self._engine
        moves = _ENGINE_MOVES
        for index in range(self._applied, end):
            seat, move = log[index]
            code = moves.get(move)
            if code is None:
                code = moves[move] = engine_move(move)
            if engine.apply(seat, *code):  # the twins disagree: a bug, never a refusal
                raise AssertionError(f"the hand engine refused seat {seat}'s {move}")
        self._applied = end

    def sync_mask(
        self,
        rules: Rules,
        events: Sequence[Event],
        seat: int | None,
        out: npt.NDArray[Any],
    ) -> None:
        """:meth:`sync`, then the legal mask of ``seat`` (the seat to act now, or ``None``:
        all zero) into ``out``."""
        self.sync(rules, events)
        if seat is None:
            out[:] = 0
        else:
            self.mask(seat, rules.legal(seat), out)

    def sync_seen(self, seen: Seen) -> None:
        """Observe a kept state (a hand that ended, the game having dealt the next): the
        engine plays the ended hand's last moves, shown with the totals and number kept."""
        rules = self._rules
        if isinstance(seen.hand, EngineHand):  # the rules' own engine, at the hand's end
            self._engine, self._own = seen.hand.engine, True
        elif rules is not None and self._engine is not None and seen.hand is self._hand:
            self._play(rules.move_log, rules.hand_start)  # the ended hand's moves, to its end
        else:
            self._engine = None
            self._plain.sync_seen(seen)
        self._hand = None  # the next sync of a game deals its hand in play
        self._totals = list(seen.totals)
        self._hand_no = seen.hand_no
        self._synced = True

    @property
    def offered_tile(self) -> int | None:
        """The tile of the open window at the last :meth:`sync`, or ``None``."""
        engine = self._engine
        if engine is None:
            return self._plain.offered_tile if self._synced else None
        window = engine.window()
        return None if window is None else int(window[1])

    def encode(self, seat: int, out: Planes | None = None) -> Planes:
        """The planes of ``seat`` (a new array, or written into ``out`` and returned)."""
        if not self._synced:
            raise ValueError("sync(rules) first: the observer has no game")
        engine = self._engine
        if engine is None:
            return self._plain.encode(seat, out)
        if out is None:
            out = np.empty(self._shape, dtype=np.float32)
            _core.render_engine(engine, seat, self._totals, self._hand_no, self.history, out)
        elif out.dtype == np.float32 and out.flags.c_contiguous and out.shape == self._shape:
            _core.render_engine(engine, seat, self._totals, self._hand_no, self.history, out)
        else:  # any other array NumPy can copy the planes into, as the Python observer's
            np.copyto(out, self.encode(seat))
        return out

    def mask(self, seat: int, moves: Sequence[Move], out: npt.NDArray[Any], row: int = 0) -> None:
        """Write the mask of ``seat``'s legal moves now (``moves``: ``rules.legal(seat)``,
        after the last :meth:`sync`) into ``out`` (one-byte items: ``(235,)``, or row ``row``
        of ``(rows, 235)``): the engine's legal list, placed, checked to hold as many."""
        engine = self._engine
        if engine is None:
            self._plain.mask(seat, moves, out, row)
            return
        placed = _core.mask_engine(engine, seat, out, row)
        if placed != len(moves):  # pragma: no cover - the twins disagree: a bug
            raise AssertionError(f"the engine's legal list of seat {seat} is not the rules'")

    @staticmethod
    def batch(observers: Sequence[EngineObserver]) -> Renderer:
        """The renderer of a batch of observers: ``render(seats, out)`` writes the planes of
        ``seats[k]`` as observer ``k`` sees them into row ``k`` of ``out`` (float32,
        ``(K, planes, 34)`` or ``(K, planes·34)``)."""

        def render_batch(seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
            rows = out.reshape(len(observers), -1, COLUMNS)
            for k, observer in enumerate(observers):
                observer.encode(int(seats[k]), rows[k])

        return render_batch


def self_play(games: int, history: int) -> Any:
    """The C++ batch of ``games`` one-hand games on the hand engine
    (``_core.mcr_rl.SelfPlay``: see :class:`~mahjongkit.mcr.rl.games.EngineGames`)."""
    return _core.SelfPlay(games, history)
