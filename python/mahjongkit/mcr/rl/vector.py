"""Vectorised self-play: ``K`` games stepped together, observations and masks as batches.

Each call takes one action per game (for the seat that game waits on) and fills
preallocated arrays: ``observations`` ``(K, planes, 34)`` float32 (or ``(K, planes·34)``
flat), ``masks`` ``(K, 235)`` bool, ``seats`` ``(K,)`` (the seat each game waits on),
``rewards`` ``(K, 4)`` float32 (what each seat gained from the step) and ``dones`` ``(K,)``.
A game whose episode ended starts the next one at once (the next seed of its own stream),
so every slot always waits on a seat. Game ``k`` reset with seed ``s`` plays exactly what
:class:`~mahjongkit.mcr.rl.env.MahjongEnv` plays after ``reset(seed=s)`` for the same
actions, and its later episodes what that environment's later ``reset()`` calls play.

The arrays are overwritten by the next call: copy what you keep (the masks are read-only).
Observations and masks come from the C++ observer unless ``impl="python"``. Needs only NumPy.

>>> play = VectorSelfPlay(3)
>>> observations, masks, seats = play.reset(seeds=[1, 2, 3])
>>> observations.shape, masks.shape, seats.tolist()
((3, 145, 34), (3, 235), [0, 0, 0])
>>> actions = masks.argmax(axis=1)  # the lowest legal index of each game
>>> observations, masks, seats, rewards, dones = play.step(actions)
>>> rewards.shape, dones.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS
from mahjongkit.mcr.rl.observation import HISTORY, Observer
from mahjongkit.mcr.rl.table import Illegal, Table
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset

if TYPE_CHECKING:
    from mahjongkit.mcr.rl._cpp import CoreBatch

Batch = tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]]
StepBatch = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]


class VectorSelfPlay:
    """``num_games`` games stepped together (see the module's description); the options
    are those of :class:`~mahjongkit.mcr.rl.env.MahjongEnv`."""

    def __init__(
        self,
        num_games: int,
        *,
        hands: int = 1,
        history: int = HISTORY,
        flat: bool = False,
        reward_scale: float = 1.0,
        illegal: Illegal = "raise",
        ruleset: Ruleset = GREEN_BOOK,
        impl: str | None = None,
    ) -> None:
        if isinstance(num_games, bool) or not isinstance(num_games, int) or num_games < 1:
            raise ValueError(f"num_games is a positive int, not {num_games!r}")
        self.tables = [
            Table(
                hands=hands,
                history=history,
                reward_scale=reward_scale,
                illegal=illegal,
                ruleset=ruleset,
                impl=impl,
            )
            for _ in range(num_games)
        ]
        self.num_games = num_games
        planes = self.tables[0].planes
        self._planes = np.zeros((num_games, planes, COLUMNS), dtype=np.float32)
        self.observations = self._planes.reshape(num_games, -1) if flat else self._planes
        self._masks = np.zeros((num_games, ACTIONS), dtype=np.bool_)
        # Read-only for the caller: with the C++ observer the rows are the games' own masks,
        # which the next step checks its actions against.
        self.masks = self._masks.view()
        self.masks.flags.writeable = False
        self._slots = np.arange(num_games)
        self._batch: CoreBatch | None = None
        if self.tables[0]._core is not None:
            # The C++ observers render each game's acting seat straight into the batch, and
            # each table writes its mask into its row.
            from mahjongkit.mcr.rl._cpp import CoreBatch, CoreObserver

            self._batch = CoreBatch([cast(CoreObserver, table.observer) for table in self.tables])
            for k, table in enumerate(self.tables):
                table.use_mask_buffer(self._masks[k])
        else:
            # Every game's observer keeps its four seats' planes in one array, so that a
            # batch of observations is one gather (the seat each game waits on).
            self._kept = np.zeros((num_games, 4, planes, COLUMNS), dtype=np.float32)
            for k, table in enumerate(self.tables):
                cast(Observer, table.observer).use_buffer(self._kept[k])
        self.seats = np.zeros(num_games, dtype=np.int64)
        self.rewards = np.zeros((num_games, 4), dtype=np.float32)
        self.dones = np.zeros(num_games, dtype=np.bool_)
        self.episodes = np.zeros(num_games, dtype=np.int64)

    @property
    def game_seeds(self) -> list[str]:
        """The seed of the game each slot is playing."""
        return [str(table.game.seed) if table.game is not None else "" for table in self.tables]

    def reset(self, seeds: Sequence[int] | None = None) -> Batch:
        """Start every game: game ``k`` plays ``str(seeds[k])`` (or the next seed of its
        stream). Returns ``(observations, masks, seats)``."""
        if seeds is not None and len(seeds) != self.num_games:
            raise ValueError(f"one seed per game: {self.num_games}, not {len(seeds)}")
        for k, table in enumerate(self.tables):
            table.reset(None if seeds is None else seeds[k])
        self._fill()
        self.episodes[:] = 0
        self.dones[:] = False
        self.rewards[:] = 0.0
        return self.observations, self.masks, self.seats

    def _fill(self) -> None:
        """The batch's seats, observations and masks: a few calls for all games."""
        seats: list[int] = []
        batch = self._batch
        if batch is not None:
            for table in self.tables:
                seats.append(table.seat)  # type: ignore[arg-type]  # a live game waits on one
                table.acting_mask()  # written into its row of the masks
            self.seats[:] = seats
            batch.render(self.seats, self._planes)
            return
        rows: list[int] = []
        columns: list[int] = []
        for k, table in enumerate(self.tables):
            seat = table.seat
            assert seat is not None
            seats.append(seat)
            legal = table.legal()
            rows += [k] * len(legal)
            columns += legal
        self.seats[:] = seats
        np.take(
            self._kept.reshape(-1, *self._kept.shape[2:]),
            self._slots * 4 + self.seats,
            axis=0,
            out=self._planes,
        )
        masks = self._masks
        masks[:] = False
        masks[rows, columns] = True

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> StepBatch:
        """One action per game, for the seat it waits on. Returns ``(observations, masks,
        seats, rewards, dones)``; a finished game has already started its next episode."""
        if len(actions) != self.num_games:
            raise ValueError(f"one action per game: {self.num_games}, not {len(actions)}")
        rewards = self.rewards
        dones = self.dones
        # Plain ints and lists, written into the arrays once: an element write per game
        # costs more than the game's own bookkeeping.
        chosen = actions.tolist() if isinstance(actions, np.ndarray) else actions
        gains: list[list[float]] = []
        ended: list[bool] = []
        # With the C++ observer the masks are the tables' own: one NumPy lookup checks the
        # whole batch, and each game then moves without its table's checks.
        trusted = (
            self._batch is not None
            and all(type(a) is int and 0 <= a < ACTIONS for a in chosen)
            and bool(self._masks[self._slots, chosen].all())
        )
        for k, table in enumerate(self.tables):
            if trusted:
                gains.append(table._move(table.game, table.seat, chosen[k]))  # type: ignore[arg-type]
            else:
                try:
                    gains.append(table.play(table.seat, chosen[k]))  # type: ignore[arg-type]
                except ValueError as error:
                    raise ValueError(f"game {k}: {error}") from None
            if table.done:
                ended.append(True)
                self.episodes[k] += 1
                table.reset(None)
            else:
                ended.append(False)
        rewards[:] = gains
        dones[:] = ended
        self._fill()
        return self.observations, self.masks, self.seats, rewards, dones
