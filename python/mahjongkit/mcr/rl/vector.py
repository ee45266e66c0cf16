"""Vectorised self-play: ``K`` games stepped together, observations and masks as batches.

Each call takes one action per game (for the seat that game waits on) and fills
preallocated arrays: ``observations`` ``(K, planes, 34)`` float32 (or ``(K, planes·34)``
flat), ``masks`` ``(K, 235)`` int8 (as the AEC environment's), ``seats`` ``(K,)`` (the seat
each game waits on), ``rewards`` ``(K, 4)`` float32 (what each seat gained from the step)
and ``dones`` ``(K,)``. Game ``k`` reset with seed ``s`` plays exactly what
:class:`~mahjongkit.mcr.rl.env.MahjongEnv` plays after ``reset(seed=s)`` for the same
actions, and its later episodes what that environment's later ``reset()`` calls play.

**Autoreset** (this class's own convention, not Gymnasium's ``VectorEnv``: four seats take
turns in each game, so there is no one agent's observation to hand back): a game whose
episode ended starts the next one within the same call (the next seed of its own stream),
so every slot always waits on a seat and the returned observation, mask and seat are the new
episode's. What ended is kept: ``rewards[k]`` is the last step's settlement (all four
seats), ``dones[k]`` is true, and ``final_infos[k]`` holds the ended episode's ``hand`` (the
winner, discarder, fans and points), ``penalised`` and ``game_seed`` (``None`` for a game
that did not end). The ended episode's last observation of each seat is not kept: every
seat's episode is over, so no value is bootstrapped from it.

A step checks every action first (types, range, legality) and moves no game unless all are
legal (or, with ``illegal="penalty"`` or ``"terminate"``, plays the offending games' penalty):
a refused call changes nothing. An instance is not thread-safe: a call made while another
thread is inside one raises ``RuntimeError`` (use one instance per thread, or
:class:`~mahjongkit.mcr.rl.parallel.ParallelSelfPlay` for several cores).

The arrays are overwritten by the next call: copy what you keep (the masks are read-only).
Observations and masks come from the C++ observer unless ``impl="python"`` (its twin).
Needs only NumPy.

>>> play = VectorSelfPlay(3, rotate=False)
>>> observations, masks, seats = play.reset(seeds=[1, 2, 3])
>>> observations.shape, masks.shape, seats.tolist()
((3, 145, 34), (3, 235), [0, 0, 0])
>>> actions = masks.argmax(axis=1)  # the lowest legal index of each game
>>> observations, masks, seats, rewards, dones = play.step(actions)
>>> rewards.shape, dones.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS, check_index
from mahjongkit.mcr.rl.games import Arrays, games_for
from mahjongkit.mcr.rl.table import Table, TableOptions, episode_seed, illegal_message

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

MAX_GAMES: Final = 1 << 16
"""The most games one instance steps (each holds a game and its arrays: 65,536 is a few GB)."""

Batch = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]
StepBatch = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]


def check_games(num_games: object) -> None:
    """Refuse a number of games that is not an int from 1 to :data:`MAX_GAMES`."""
    if (
        isinstance(num_games, bool)
        or not isinstance(num_games, int)
        or not 1 <= num_games <= MAX_GAMES
    ):
        raise ValueError(f"num_games is an int from 1 to {MAX_GAMES}, not {num_games!r}")


def check_seeds(seeds: object, num_games: int) -> None:
    """Refuse, before any game moves, seeds that are not one int per game (or ``None``)."""
    if seeds is None:
        return
    if isinstance(seeds, (str, bytes, dict)) or not isinstance(seeds, Sequence | np.ndarray):
        raise TypeError(f"seeds is a sequence of ints, one per game, not {seeds!r}")
    if len(seeds) != num_games:
        raise ValueError(f"one seed per game: {num_games}, not {len(seeds)}")
    for seed in seeds:
        if seed is None:
            raise TypeError("seeds is a sequence of ints, one per game: None is no seed")
        episode_seed(seed)


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A view of ``array`` that no caller can make writable: its buffer is a read-only
    ``memoryview`` (setting ``flags.writeable`` on it, or on any view of it, is refused).

    >>> masks = np.zeros((2, 3), dtype=np.int8)
    >>> view = read_only(masks)
    >>> view.flags.writeable = True
    Traceback (most recent call last):
    ValueError: cannot set WRITEABLE flag to True of this array
    """
    return np.asarray(array.data.toreadonly())


class VectorSelfPlay:
    """``num_games`` games stepped together (see the module's description); the options
    are those of :class:`~mahjongkit.mcr.rl.env.MahjongEnv`."""

    def __init__(
        self,
        num_games: int,
        *,
        flat: bool = False,
        **options: Unpack[TableOptions],
    ) -> None:
        check_games(num_games)
        self._busy = threading.Lock()
        self.num_games = num_games
        planes = Table(**options).planes  # checks every option before any array is made
        self.planes = planes
        self._planes = np.zeros((num_games, planes, COLUMNS), dtype=np.float32)
        self.observations = self._planes.reshape(num_games, -1) if flat else self._planes
        self._masks = np.zeros((num_games, ACTIONS), dtype=np.int8)
        # Read-only for the caller: the rows are the games' own masks, which the next step
        # checks its actions against.
        self.masks = read_only(self._masks)
        self._slots = np.arange(num_games)
        self.seats = np.zeros(num_games, dtype=np.int64)
        self.rewards = np.zeros((num_games, 4), dtype=np.float32)
        self.dones = np.zeros(num_games, dtype=np.bool_)
        self.episodes = np.zeros(num_games, dtype=np.int64)
        self.final_infos: list[dict[str, Any] | None] = [None] * num_games
        # The games, a twin chosen as an object: on the C++ hand engine, whole steps in one
        # call; or the Python rules' tables (the Python twin).
        self._games = games_for(num_games, dict(options), self._arrays())

    def _arrays(self) -> Arrays:
        return Arrays(self._planes, self._masks, self.seats, self.rewards, self.dones)

    def _adopt(self, arrays: dict[str, npt.NDArray[Any]]) -> None:
        """Write the batches into the given arrays from now on (``planes``, ``masks``,
        ``seats``, ``rewards``, ``dones``: :class:`~mahjongkit.mcr.rl.parallel.ParallelSelfPlay`'s
        shared memory), so that nothing is copied after a step."""
        flat = self.observations.ndim == 2
        self._planes = arrays["planes"]
        self.observations = self._planes.reshape(self.num_games, -1) if flat else self._planes
        self._masks = arrays["masks"]
        self.masks = read_only(self._masks)
        self.seats, self.rewards, self.dones = arrays["seats"], arrays["rewards"], arrays["dones"]
        self._games.bind(self._arrays())

    @property
    def game_seeds(self) -> list[str]:
        """The seed of the game each slot is playing."""
        return list(self._games.seeds)

    def reset(self, seeds: Sequence[int] | None = None) -> Batch:
        """Start every game: game ``k`` plays ``str(seeds[k])`` (or the next seed of its
        stream). Returns ``(observations, masks, seats)``."""
        check_seeds(seeds, self.num_games)
        with self._exclusive():
            for k in range(self.num_games):
                self._games.deal(k, None if seeds is None else seeds[k])
            self.episodes[:] = 0
            self.dones[:] = False
            self.rewards[:] = 0.0
            self.final_infos = [None] * self.num_games
        return self.observations, self.masks, self.seats

    def _exclusive(self) -> _Exclusive:
        return _Exclusive(self._busy)

    @staticmethod
    def _checked_shape(actions: Sequence[int] | npt.NDArray[Any], num_games: int) -> list[int]:
        """The actions as ints, one per game, each an index of the encoding."""
        if isinstance(actions, np.ndarray):
            if actions.shape != (num_games,):
                raise ValueError(f"one action per game: shape ({num_games},), not {actions.shape}")
            if actions.dtype.kind not in "iu":
                raise TypeError(f"actions are integers, not {actions.dtype}")
            chosen: list[int] = actions.tolist()
        elif isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
            raise TypeError(
                f"actions are a sequence of ints, one per game, not {type(actions).__name__}"
            )
        else:
            chosen = list(actions)
        if len(chosen) != num_games:
            raise ValueError(f"one action per game: {num_games}, not {len(chosen)}")
        # The common case (plain ints in range) in one pass; check_index names a bad one.
        if not all(type(a) is int and 0 <= a < ACTIONS for a in chosen):
            for k, action in enumerate(chosen):
                try:
                    chosen[k] = check_index(action)
                except (TypeError, ValueError) as error:
                    raise type(error)(f"game {k}: {error}") from None
        return chosen

    def _checked(self, actions: Sequence[int] | npt.NDArray[Any]) -> tuple[list[int], bool]:
        """The actions as ints, every one checked before any game moves, and whether they
        are all legal by the masks (then the games move without further checks)."""
        chosen = self._checked_shape(actions, self.num_games)
        # The masks are the games' own: one NumPy lookup checks the whole batch.
        if bool(self._masks[self._slots, chosen].all()):
            return chosen, True
        if self._games.illegal == "raise":
            for k in range(self.num_games):
                if not self._masks[k, chosen[k]]:
                    message = illegal_message(chosen[k], int(self.seats[k]), self._games.legal(k))
                    raise ValueError(f"game {k}: {message}")
        return chosen, False

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> StepBatch:
        """One action per game, for the seat it waits on. Returns ``(observations, masks,
        seats, rewards, dones)``; a finished game has already started its next episode
        (see the module's description: ``final_infos`` keeps what ended)."""
        with self._exclusive():
            return self._step(actions)

    def _step(self, actions: Sequence[int] | npt.NDArray[Any]) -> StepBatch:
        chosen, trusted = self._checked(actions)
        finals: list[dict[str, Any] | None] = [None] * self.num_games
        self.final_infos = finals
        self._games.step(chosen, trusted, finals)
        self.episodes += self.dones
        return self.observations, self.masks, self.seats, self.rewards, self.dones


class _Exclusive:
    """Holds an instance's lock for one call, refusing a second thread rather than waiting:
    two threads stepping one batch would each be stepping the other's games."""

    __slots__ = ("_lock",)

    def __init__(self, lock: threading.Lock) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        if not self._lock.acquire(blocking=False):
            raise RuntimeError(
                "this VectorSelfPlay is in use by another thread: an instance is not"
                " thread-safe (use one per thread)"
            )

    def __exit__(self, *exc: object) -> None:
        self._lock.release()
