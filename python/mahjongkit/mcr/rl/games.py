"""What steps a batch's games for :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay`: two
twins with one face (:class:`Games`), chosen as objects by :func:`games_for`; and the
environments' table on the engine (:class:`EngineTable`, chosen by :func:`table_for`).

:class:`EngineGames` plays the games on the C++ hand engine: a step is one call into the
core with the GIL released (every game's move, the next acting seat's planes and mask
rendered from the engine's state, the settlements of the hands that ended); Python deals
each hand (for an episode of several hands, the rules' game started at the next hand with
the totals so far: the match between hands is the rules') and describes each hand that
ended, once per hand, never per move. :class:`TableGames` plays
:class:`~mahjongkit.mcr.rl.table.Table` values (the Python rules, the observer twin chosen
by ``impl``): the pure-Python twin. Both play the same games for the same
seeds (``tests/conformance/test_mcr_rl_observer.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from mahjongkit._impl import pick
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS, MOVES, check_index, describe
from mahjongkit.mcr.rl.observation import Planes, Renderer
from mahjongkit.mcr.rl.table import (
    Illegal,
    SeedStream,
    Table,
    illegal_message,
    penalty,
    rules_for,
)
from mahjongkit.mcr.scoring.fans import FANS


class Arrays(NamedTuple):
    """The arrays a batch is written into (one row a game)."""

    planes: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    seats: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]


class TableGames:
    """``K`` games as :class:`~mahjongkit.mcr.rl.table.Table` values (the rules engine in
    Python, the observer twin chosen by ``impl``): the twin of :class:`EngineGames`
    (``impl="python"``)."""

    def __init__(self, num_games: int, options: dict[str, Any], arrays: Arrays) -> None:
        # The first table checks every option before the others are made.
        self.tables = [Table(**options) for _ in range(num_games)]
        first = self.tables[0]
        self.planes = first.planes
        self.illegal = first.illegal
        observers: Any = [table.observer for table in self.tables]
        # The twin's own batch renderer: one call into the core for the C++ observer.
        self._render: Renderer = type(first.observer).batch(observers)
        self.bind(arrays)

    @property
    def seeds(self) -> list[str]:
        return [table.episode_seed for table in self.tables]

    def bind(self, arrays: Arrays) -> None:
        """Write into these arrays from now on: each table its mask into its row."""
        self.arrays = arrays
        for k, table in enumerate(self.tables):
            table.use_mask_buffer(arrays.masks[k])

    def deal(self, k: int, seed: int | None) -> None:
        self.tables[k].reset(seed)
        self._fill([k])

    def _fill(self, games: Sequence[int]) -> None:
        """The rows of ``games``: seats, observations and masks."""
        arrays = self.arrays
        tables = self.tables
        for k in games:
            seat = tables[k].seat
            assert seat is not None  # a live game waits on a seat
            arrays.seats[k] = seat
            tables[k].acting_mask()  # written into its row of the masks
        if len(games) == len(tables):
            self._render(arrays.seats, arrays.planes)
        else:
            for k in games:
                tables[k].observe(tables[k].seat, arrays.planes[k].reshape(self.planes, COLUMNS))  # type: ignore[arg-type]

    def step(self, chosen: list[int], trusted: bool, finals: list[dict[str, Any] | None]) -> None:
        # Plain ints and lists, written into the arrays once: an element write per game
        # costs more than the game's own bookkeeping.
        gains: list[list[float]] = []
        ended: list[bool] = []
        for k, table in enumerate(self.tables):
            if trusted:
                gains.append(table.play_legal(chosen[k]))
            else:
                gains.append(table.play(table.seat, chosen[k]))  # type: ignore[arg-type]
            if table.done:
                ended.append(True)
                finals[k] = {
                    "game_seed": table.episode_seed,
                    "hand": table.results[-1] if table.results else None,
                    "penalised": table.penalised,
                }
                table.reset(None)
            else:
                ended.append(False)
        self.arrays.rewards[:] = gains
        self.arrays.dones[:] = ended
        self._fill(range(len(self.tables)))

    def legal(self, k: int) -> list[int]:
        return self.tables[k].legal()


class Games(Protocol):
    """What steps a batch's games: :class:`TableGames` or :class:`EngineGames` (the same
    games for the same seeds)."""

    planes: int
    illegal: Illegal

    @property
    def seeds(self) -> list[str]: ...
    def bind(self, arrays: Arrays) -> None: ...
    def deal(self, k: int, seed: int | None) -> None: ...
    def step(
        self, chosen: list[int], trusted: bool, finals: list[dict[str, Any] | None]
    ) -> None: ...
    def legal(self, k: int) -> list[int]: ...


class EngineGames:
    """``K`` games on the C++ hand engine (``_core.mcr_rl.SelfPlay``, through :mod:`._cpp`):
    the twin of :class:`TableGames`. An episode's first hand is dealt from the same
    :func:`~mahjongkit.mcr.rl.table.rules_for` as a table's, so the same seed plays the same
    game; the match between hands stays the Python rules' (once per hand): the next hand of
    an episode of several is the rules' game started at that hand with the totals so far
    (its seeded wall, dealer and wind)."""

    def __init__(self, num_games: int, options: dict[str, Any], arrays: Arrays) -> None:
        # A table checks every option (one, never stepped: its errors are the environments').
        probe = Table(**options)
        self.planes = probe.planes
        self.illegal = probe.illegal
        self._scale = probe.reward_scale
        self._variant, self._rotate, self._ruleset = probe.variant, probe.rotate, probe.ruleset
        self._hands = probe.hands
        self.core = self_play(num_games, probe.observer.history)
        # Each game's episode: its first hand's game (the match's seed, ruleset, variant),
        # the hands played and the totals so far.
        self._first: list[Rules | None] = [None] * num_games
        self._played = [0] * num_games
        self._totals: list[list[int]] = [[0, 0, 0, 0] for _ in range(num_games)]
        self.streams = [SeedStream() for _ in range(num_games)]
        self.seeds = [""] * num_games
        self._around: list[tuple[int, int, int]] = [(1, 0, 0)] * num_games
        self._actions = np.zeros(num_games, dtype=np.int64)
        self.bind(arrays)

    def bind(self, arrays: Arrays) -> None:
        """Write into these arrays from now on (a batch's, or shared memory's)."""
        self.arrays = arrays

    def deal(self, k: int, seed: int | None) -> None:
        """Start game ``k``'s next episode (``seed``, or the next of its stream)."""
        chosen = self.streams[k].next(seed)
        game = rules_for(
            chosen,
            variant=self._variant,
            hands=self._hands,
            rotate=self._rotate,
            ruleset=self._ruleset,
        )
        self._around[k] = deal_engine(self.core, k, game, self.arrays)
        self.seeds[k] = chosen
        self._first[k] = game
        self._played[k] = 0
        self._totals[k] = list(game.totals)

    def _next_hand(self, k: int, deltas: list[int]) -> bool:
        """After a hand of game ``k`` ended with ``deltas``: deal the episode's next hand
        (``True``), or say the episode is over."""
        self._played[k] += 1
        totals = self._totals[k]
        for seat in range(4):
            totals[seat] += deltas[seat]  # the RL variants seat their players fixed
        first = self._first[k]
        assert first is not None
        hand_no = self._around[k][0]
        if self._played[k] >= self._hands or hand_no >= first.match.last_hand:
            return False
        match = first.match
        game = Rules(
            first.seed,
            hand_no=hand_no + 1,
            totals=tuple(totals),
            ruleset=match.ruleset,
            variant=match.variant,
        )
        self._around[k] = deal_engine(self.core, k, game, self.arrays)
        return True

    def step(self, chosen: list[int], trusted: bool, finals: list[dict[str, Any] | None]) -> None:
        """Play one index per game (all legal when ``trusted``; else the illegal ones are
        penalised as ``illegal`` says), deal the games whose episode ended, and describe
        what ended in ``finals``."""
        arrays = self.arrays
        actions = self._actions
        actions[:] = chosen
        penalised: list[tuple[int, int]] = []
        if not trusted:
            masks = arrays.masks
            for k, action in enumerate(chosen):
                if not masks[k, action]:
                    penalised.append((k, int(arrays.seats[k])))
                    actions[k] = -1
        ended = self.core.step(
            actions,
            self._scale,
            arrays.planes,
            arrays.masks,
            arrays.seats,
            arrays.rewards,
            arrays.dones,
        )
        for k, seat in penalised:
            arrays.rewards[k] = penalty(self.illegal, seat, self._scale)
            arrays.dones[k] = True
            finals[k] = {"game_seed": self.seeds[k], "hand": None, "penalised": seat}
            self.deal(k, None)
        if ended:
            for k in np.flatnonzero(arrays.dones).tolist():
                if finals[k] is None:
                    hand = self._ended(k)
                    if self._hands > 1 and self._next_hand(k, hand["deltas"]):
                        arrays.dones[k] = False  # the episode goes on: its next hand is dealt
                        continue
                    finals[k] = {"game_seed": self.seeds[k], "hand": hand, "penalised": None}
                    self.deal(k, None)

    def legal(self, k: int) -> list[int]:
        """Game ``k``'s legal indices now (its mask's)."""
        return np.flatnonzero(self.arrays.masks[k]).tolist()

    def _ended(self, k: int) -> dict[str, Any]:
        return ended_hand(self.core, k, self._around[k])


def deal_engine(core: Any, k: int, game: Rules, arrays: Arrays) -> tuple[int, int, int]:
    """Deal the hand of ``game`` (a fresh one-hand game of the Python rules: its seeded wall
    or walls, dealer, wind, ruleset and rule flags) to the core's game ``k``, writing its row
    of ``arrays``; returns the hand's number, dealer and prevailing wind."""
    from mahjongkit.mcr.scoring._cpp import score_rules  # the ruleset's C++ data

    match = game.match
    hand = match.hand
    ruleset = match.ruleset
    dealt = core.deal(
        k,
        score_rules(ruleset),
        hand.flags,
        ruleset.minimum,
        match.dealer,
        match.prevailing,
        match.hand_no,
        list(match.totals),
        [list(wall) for wall in hand.wall.as_dealt()],
        arrays.planes,
        arrays.masks,
        arrays.seats,
    )
    if not dealt:  # pragma: no cover - a seeded wall always holds a deal
        raise AssertionError(f"the engine could not deal the game {game.seed!r}")
    return (match.hand_no, match.dealer, match.prevailing)


def ended_hand(core: Any, k: int, around: tuple[int, int, int]) -> dict[str, Any]:
    """The hand the core's game ``k`` ended, as :func:`~mahjongkit.mcr.rl.table.hand_result`
    describes a table's (``around``: its number, dealer and prevailing wind)."""
    winner, _by, discarder, _tile, points, fans, deltas = core.ended(k)
    hand_no, dealer, prevailing = around
    won = winner >= 0
    return {
        "winner": winner if won else None,
        "discarder": discarder if won and discarder >= 0 else None,
        "self_drawn": won and discarder < 0,
        "points": points,
        "fans": [(FANS[number].name, value, times) for number, value, times in fans],
        "deltas": list(deltas),
        "hand_no": hand_no,
        "dealer": dealer,
        "prevailing": prevailing,
    }


class EngineTable:
    """One game on the C++ hand engine with a :class:`~mahjongkit.mcr.rl.table.
    Table`'s face (what :class:`~mahjongkit.mcr.rl.env.MahjongEnv` steps): a move is one call
    into the core, a seat's planes and mask another each, rendered from the engine's state.

    Between the hands of an episode of several, the match is the Python rules' (the next hand
    is their game started there with the totals so far). :attr:`game` is the Python rules'
    game of the episode, the engine's moves replayed into it when it is read (the same game:
    the engine is the rules' twin), so that everything that reads a table's game (rendering,
    tests, a replay) reads this one's alike. Not thread-safe, as a table is not.
    """

    def __init__(self, **options: Any) -> None:
        probe = Table(**options)  # checks every option, as a table does
        self._spec = probe  # never stepped: it keeps the options and the seed stream
        self.hands, self.variant, self.rotate = probe.hands, probe.variant, probe.rotate
        self.reward_scale, self.illegal, self.ruleset = (
            probe.reward_scale,
            probe.illegal,
            probe.ruleset,
        )
        self.impl = probe.impl
        self.planes = probe.planes
        self.core = self_play(1, probe.observer.history)
        self._shape = (self.planes, COLUMNS)
        self._arrays = Arrays(
            np.zeros((1, *self._shape), dtype=np.float32),
            np.zeros((1, ACTIONS), dtype=np.int8),
            np.zeros(1, dtype=np.int64),
            np.zeros((1, 4), dtype=np.float32),
            np.zeros(1, dtype=np.bool_),
        )
        self.seeds = probe.seeds
        self.episode_seed = ""
        self._start: Rules | None = None
        self._log: list[tuple[int, int]] = []
        self._replayed = 0
        self._around = (1, 0, 0)
        self._seed: str | bytes = ""
        self._match_rules: tuple[Any, Any] = (None, None)
        self._last_hand = 1
        self._totals = [0, 0, 0, 0]
        self.seat: int | None = None
        self.done = True
        self.hands_played = 0
        self.penalised: int | None = None
        self.results: list[dict[str, Any]] = []
        self._legal: list[int] | None = None

    @property
    def started(self) -> bool:
        """Whether an episode was dealt (``reset``)."""
        return self._start is not None

    @property
    def game(self) -> Rules | None:
        """The Python rules' game of this episode, brought up to the engine's moves."""
        game = self._start
        if game is not None and self._replayed < len(self._log):
            for seat, index in self._log[self._replayed :]:
                refusal = game.apply(seat, MOVES[index])
                if refusal is not None:  # pragma: no cover - the twins play the same games
                    raise AssertionError(f"the rules refused the engine's {describe(index)}")
            game.take_outcomes()
            self._replayed = len(self._log)
        return game

    def reset(self, seed: int | None = None) -> None:
        """Start an episode: the game ``str(seed)``, or the next seed of the stream."""
        game = self._spec.episode_game(seed)  # the seed stream and options are a table's
        self.episode_seed = self._spec.episode_seed
        self._around = deal_engine(self.core, 0, game, self._arrays)
        self._start, self._log, self._replayed = game, [], 0
        self._seed, self._match_rules = game.seed, (game.match.ruleset, game.match.variant)
        self._last_hand = game.match.last_hand
        self._totals = list(game.totals)
        self.hands_played = 0
        self.penalised = None
        self.results = []
        self.done = False
        self.seat = int(self._arrays.seats[0])
        self._legal = None

    def _check(self) -> None:
        if self._start is None:
            raise ValueError("reset() first: no game is on the table")

    def observe(self, seat: int, out: Planes | None = None) -> Planes:
        """``seat``'s observation planes (a new array, or written into ``out``)."""
        self._check()
        if out is None:
            out = np.empty(self._shape, dtype=np.float32)
        elif not (out.dtype == np.float32 and out.flags.c_contiguous and out.shape == self._shape):
            np.copyto(out, self.observe(seat))
            return out
        self.core.observe(0, seat, out)
        return out

    def mask(self, seat: int, out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
        """``seat``'s legal mask (int8, 1 at each legal index)."""
        self._check()
        if out is None:
            out = np.zeros(ACTIONS, dtype=np.int8)
        if self.done:
            out[:] = 0
        else:
            self.core.mask(0, seat, out)
        return out

    def legal(self, seat: int | None = None) -> list[int]:
        """The legal indices of ``seat`` (the seat to act by default), ascending."""
        self._check()
        if self.done:
            return []
        if seat is None or seat == self.seat:
            if self._legal is None:
                self._legal = np.flatnonzero(self.mask(self.seat)).tolist()  # type: ignore[arg-type]
            return self._legal
        return np.flatnonzero(self.mask(seat)).tolist()

    def play(self, seat: int, action: int) -> list[float]:
        """Play ``action`` for ``seat`` (see :meth:`~mahjongkit.mcr.rl.table.Table.play`)."""
        if self._start is None or self.done:
            self._check()
            raise ValueError("the episode is over: reset() first")
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} is to act, not seat {seat}")
        index = action if type(action) is int and 0 <= action < ACTIONS else check_index(action)
        status = self.core.play(0, index)
        if status < 0:
            if self.illegal == "raise":
                raise ValueError(illegal_message(index, seat, self.legal()))
            self.penalised = seat
            self.results = []
            self.done = True
            self.seat = None
            return penalty(self.illegal, seat, self.reward_scale)
        self._log.append((seat, index))
        self._legal = None
        if self.results:
            self.results = []
        if status == 1:
            result = ended_hand(self.core, 0, self._around)
            self.results = [result]
            self.hands_played += 1
            scale = self.reward_scale
            deltas = result["deltas"]
            totals = self._totals
            for s in range(4):
                totals[s] += deltas[s]  # the RL variants seat their players fixed
            hand_no = self._around[0]
            if self.hands_played >= self.hands or hand_no >= self._last_hand:
                self.done = True
                self.seat = None
            else:  # the match between hands is the rules': their game at the next hand
                ruleset, variant = self._match_rules
                game = Rules(
                    self._seed,
                    hand_no=hand_no + 1,
                    totals=tuple(totals),
                    ruleset=ruleset,
                    variant=variant,
                )
                self._around = deal_engine(self.core, 0, game, self._arrays)
                self.seat = self.core.seat(0)
            return [0.0 + delta * scale for delta in deltas]
        self.seat = self.core.seat(0)
        return [0.0, 0.0, 0.0, 0.0]


def table_for(**options: Any) -> Table | EngineTable:
    """What an AEC environment steps: a game on the C++ hand engine (unless
    ``impl="python"``: a :class:`~mahjongkit.mcr.rl.table.Table`, the Python rules)."""
    make: Any = pick(options.get("impl"), EngineTable, Table)
    table: Table | EngineTable = make(**options)
    return table


def games_for(num_games: int, options: dict[str, Any], arrays: Arrays) -> Games:
    """The games of a batch: on the C++ hand engine (unless ``impl="python"``: the rules'
    tables)."""
    make = pick(options.get("impl"), _engine_games, TableGames)
    return make(num_games, options, arrays)


def _engine_games(num_games: int, options: dict[str, Any], arrays: Arrays) -> Games:
    return EngineGames(num_games, options, arrays)


def self_play(games: int, history: int) -> Any:
    """The core's batch (the adapter imported here: the Python twin runs without the
    extension)."""
    from mahjongkit.mcr.rl._cpp import self_play as core_self_play

    return core_self_play(games, history)
