"""Vectorised self-play over several processes: :class:`VectorSelfPlay`'s interface, its
games split among ``workers`` processes so that they use as many cores.

The rules engine is Python, so threads would share one interpreter lock; each worker process
instead steps a :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay` of its slice of the games
and writes its observations, masks, seats, rewards and dones into shared memory, where this
object's arrays are views. A step sends each worker one short message and waits for all:
the games move in parallel, and game ``k`` plays exactly what it plays in a
``VectorSelfPlay`` with the same seeds and options (so the results do not depend on
``workers``). Actions are checked here, against the shared masks, before any worker moves:
a refused call changes nothing, as in ``VectorSelfPlay``. The autoreset convention is
``VectorSelfPlay``'s (``final_infos`` keeps what ended).

**Without the barrier** (EnvPool's ``async_reset``/``recv``/``send``): :meth:`step` waits
for every worker, so the slowest half sets the pace and the workers idle while the caller
picks its actions. :meth:`recv` instead hands back the games of whichever worker finished
first (a :class:`Ready` batch of views into the shared arrays: ``ids``, observations,
masks, seats, rewards, dones) and :meth:`send` sends that worker its games' actions, so one
worker plays while the caller chooses for the other. Each game still plays what it plays
under :meth:`step` for the same actions; only the order in which batches come back depends
on timing. ``step`` and ``reset`` are refused while a batch is in flight.

>>> with ParallelSelfPlay(4, workers=2, rotate=False) as play:
...     play.async_reset(seeds=[1, 2, 3, 4])
...     for _ in range(6):  # each worker's deal, then steps, in the order they come
...         ready = play.recv()
...         play.send(ready.masks.argmax(axis=1), ready.ids)
...     ready = play.recv()
>>> sorted(ready.ids.tolist()) in ([0, 1], [2, 3]), ready.observations.shape
(True, (2, 145, 34))

Close it (``close()``, or use it in a ``with`` block) to stop the workers and release the
shared memory (freed once the arrays it returned are no longer used). Like
``VectorSelfPlay``, an instance is not thread-safe (a second thread's call raises
``RuntimeError``).

>>> with ParallelSelfPlay(4, workers=2, rotate=False) as play:
...     observations, masks, seats = play.reset(seeds=[1, 2, 3, 4])
...     observations, masks, seats, rewards, dones = play.step(masks.argmax(axis=1))
>>> observations.shape, seats.tolist(), dones.tolist()
((4, 145, 34), [1, 1, 1, 1], [False, False, False, False])
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.shared_memory import SharedMemory
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS
from mahjongkit.mcr.rl.table import Table, TableOptions
from mahjongkit.mcr.rl.vector import (
    Batch,
    StepBatch,
    VectorSelfPlay,
    _Exclusive,
    check_games,
    check_seeds,
    read_only,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

MAX_WORKERS: Final = 256

# The shared arrays: name, dtype, shape after (K,).
_FIELDS: Final = (
    ("planes", np.float32, ("planes", COLUMNS)),
    ("masks", np.int8, (ACTIONS,)),
    ("seats", np.int64, ()),
    ("rewards", np.float32, (4,)),
    ("dones", np.bool_, ()),
    ("actions", np.int64, ()),
)


class _Block(SharedMemory):
    """Shared memory whose mapping lives as long as any array into it: the arrays this
    object hands out stay valid after :meth:`ParallelSelfPlay.close` (which only removes the
    block's name), and the memory is unmapped when the last of them is garbage."""

    def close(self) -> None:
        pass  # unmapping under arrays still in use would crash the process that reads them


def _layout(num_games: int, planes: int) -> tuple[list[tuple[str, Any, tuple[int, ...], int]], int]:
    """Each field's (name, dtype, shape, offset) in one block, and the block's size."""
    out = []
    offset = 0
    for name, dtype, tail in _FIELDS:
        shape = (num_games, *(planes if d == "planes" else int(d) for d in tail))
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        out.append((name, dtype, shape, offset))
        offset += -(-size // 64) * 64  # each field on its own cache lines
    return out, offset


def _views(
    block: SharedMemory, layout: list[tuple[str, Any, tuple[int, ...], int]]
) -> dict[str, npt.NDArray[Any]]:
    return {
        name: np.ndarray(shape, dtype=dtype, buffer=block.buf, offset=offset)
        for name, dtype, shape, offset in layout
    }


TIMEOUT: Final = 300.0
"""Seconds a call waits for a worker's answer by default (a step takes milliseconds; a
worker that is stopped or hung makes the call raise instead of waiting for ever)."""
CLOSE_SECONDS: Final = 5.0
"""Seconds :meth:`ParallelSelfPlay.close` waits for each worker before killing it."""

SPIN_SECONDS: Final = 0.002


def _received(connection: Connection) -> Any:
    """A worker's next message, waited for by polling (yielding the core) for up to
    :data:`SPIN_SECONDS` before blocking: the next step usually comes within that (the
    caller's part of a step is well under a millisecond), and a worker woken from a
    blocking wait on a virtual machine starts later and on colder caches (measured in
    ``benchmarks/README.md``). The caller does not spin: its wait is a whole step's work."""
    deadline = time.perf_counter() + SPIN_SECONDS
    while not connection.poll(0) and time.perf_counter() < deadline:
        os.sched_yield()
    return connection.recv()


def _worker(
    connection: Connection,
    name: str,
    num_games: int,
    start: int,
    stop: int,
    options: dict[str, Any],
) -> None:
    """One worker: a VectorSelfPlay of games ``start:stop``, driven by messages."""
    block = SharedMemory(name=name)
    try:
        play = VectorSelfPlay(stop - start, **options)
        shared = _views(block, _layout(num_games, play.planes)[0])
        play._adopt({key: array[start:stop] for key, array in shared.items()})
        actions = shared["actions"][start:stop]
        while True:
            try:
                command, argument = _received(connection)
            except (EOFError, OSError):  # the parent closed the pipe or died: nothing to answer
                return
            try:
                if command == "reset":
                    play.reset(argument)
                    connection.send(("ok", play.game_seeds))
                elif command == "step":
                    play.step(actions)
                    # Only what ended crosses the pipe: the ended episode's info and the
                    # seed of the game that replaced it.
                    seeds = play.game_seeds if play.dones.any() else None
                    ended = {
                        k: (info, seeds[k] if seeds else "")
                        for k, info in enumerate(play.final_infos)
                        if info
                    }
                    connection.send(("ok", ended))
                else:
                    connection.send(("ok", None))
                    return
            except (BrokenPipeError, EOFError, ConnectionError):
                return  # the parent is gone (it closed the pipe after a deadline passed)
            except Exception as error:  # sent back: the caller raises it
                try:
                    connection.send(("error", error))
                except (OSError, EOFError):
                    return
    finally:
        block.close()


class Ready(NamedTuple):
    """One worker's games, back from :meth:`ParallelSelfPlay.recv`: views of its rows of the
    shared arrays (overwritten when its games next move: copy what you keep)."""

    ids: npt.NDArray[np.int64]
    """The games' indices (consecutive): pass them back to :meth:`ParallelSelfPlay.send`."""
    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    seats: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]


UNGUARDED_EXIT: Final = 3
"""A worker's exit code when importing the user's script made another ParallelSelfPlay."""
GUARD_ADVICE: Final = (
    "a ParallelSelfPlay worker imported your script again and reached the code that makes"
    " a ParallelSelfPlay: workers start with the 'spawn' method, which runs the main"
    " module's top-level code in each of them; put that code under `if __name__ =="
    ' "__main__":` (a notebook or the REPL needs nothing)'
)


def _not_in_a_worker_importing_the_script() -> None:
    """In a worker that is importing the user's main module (the 'spawn' start method runs
    its top-level code, not guarded by ``if __name__ == "__main__":``): one line on stderr
    and :data:`UNGUARDED_EXIT`, which the parent turns into :data:`GUARD_ADVICE` (rather
    than a traceback from each worker, and multiprocessing's advice about
    ``freeze_support``, which is not the fix)."""
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        sys.stderr.write(f"mahjongkit: {GUARD_ADVICE}\n")
        sys.stderr.flush()
        os._exit(UNGUARDED_EXIT)


class ParallelSelfPlay:
    """``num_games`` games over ``workers`` processes (see the module's description); the
    other options are :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay`'s."""

    def __init__(
        self,
        num_games: int,
        *,
        workers: int = 2,
        flat: bool = False,
        timeout: float = TIMEOUT,
        **options: Unpack[TableOptions],
    ) -> None:
        _not_in_a_worker_importing_the_script()
        check_games(num_games)
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, (int, float))
            or not 0 < timeout <= 1e6
        ):
            raise ValueError(f"timeout is a number of seconds from 0 to 10^6, not {timeout!r}")
        self.timeout = float(timeout)
        """Seconds any call waits for a worker (:data:`TIMEOUT` by default)."""
        self._broken: str | None = None
        if (
            isinstance(workers, bool)
            or not isinstance(workers, int)
            or not 1 <= workers <= min(num_games, MAX_WORKERS)
        ):
            raise ValueError(f"workers is an int from 1 to the number of games, not {workers!r}")
        probe = Table(**options)  # checks every option before a worker starts
        self.num_games = num_games
        self.workers = workers
        self.illegal = probe.illegal
        layout, size = _layout(num_games, probe.planes)
        self._block: SharedMemory | None = _Block(create=True, size=size)
        arrays = _views(self._block, layout)
        self._planes = arrays["planes"]
        self.observations = self._planes.reshape(num_games, -1) if flat else self._planes
        self._masks = arrays["masks"]
        self.masks = read_only(self._masks)
        self.seats, self.rewards, self.dones = arrays["seats"], arrays["rewards"], arrays["dones"]
        self._actions = arrays["actions"]
        self._slots = np.arange(num_games)
        self.episodes = np.zeros(num_games, dtype=np.int64)
        self.final_infos: list[dict[str, Any] | None] = [None] * num_games
        self.game_seeds: list[str] = [""] * num_games
        self._busy = threading.Lock()
        bounds = np.linspace(0, num_games, workers + 1).astype(int).tolist()
        self._slices = list(itertools.pairwise(bounds))
        # Workers sent a command whose answer is not read yet, in the order they were sent;
        # and those whose batch recv() handed out and send() has not yet taken.
        self._in_flight: list[int] = []
        self._handed_out: set[int] = set()
        context = multiprocessing.get_context("spawn")  # no inherited locks or threads
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        try:
            for start, stop in self._slices:
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_worker,
                    args=(theirs, self._block.name, num_games, start, stop, options),
                    daemon=True,
                )
                process.start()
                theirs.close()
                self._connections.append(mine)
                self._processes.append(process)
        except BaseException:
            self.close()
            raise

    def _open(self) -> None:
        if self._block is None:
            raise ValueError("this ParallelSelfPlay is closed")
        if self._broken is not None:
            raise RuntimeError(self._broken)

    def _idle(self, call: str) -> None:
        """Refuse ``call`` while a worker plays (its rows are being written)."""
        self._open()
        if self._in_flight:
            raise RuntimeError(
                f"games are in flight after send() or async_reset(): recv() them before {call}"
            )

    def _read(self, worker: int) -> tuple[str, Any]:
        """A worker's next answer, within :attr:`timeout` seconds."""
        connection = self._connections[worker]
        try:
            if not connection.poll(self.timeout):
                raise self._broke(
                    f"worker {worker} did not answer within {self.timeout:g} s (stopped?):"
                    " close this ParallelSelfPlay and make another"
                )
            answer: tuple[str, Any] = connection.recv()
        except (EOFError, OSError):
            raise self._stopped(worker) from None
        return answer

    def _write(self, worker: int, message: tuple[str, Any]) -> None:
        try:
            self._connections[worker].send(message)
        except OSError:
            raise self._stopped(worker) from None

    def _stopped(self, worker: int) -> RuntimeError:
        """The error for a worker that died, named with its exit code."""
        process = self._processes[worker]
        process.join(1)
        if process.exitcode == UNGUARDED_EXIT:
            return RuntimeError(GUARD_ADVICE)
        return RuntimeError(
            f"worker {worker} stopped (exit code {process.exitcode}): close this"
            " ParallelSelfPlay and make another"
        )

    def _broke(self, message: str) -> RuntimeError:
        """Every later call refuses with ``message``: some workers' games may have moved (or
        be moving) while another's did not, so no call could keep them in step."""
        self._broken = message
        return RuntimeError(message)

    def _all(self, messages: Sequence[tuple[str, Any]]) -> list[Any]:
        # A worker found dead refuses the call before any worker moves; one that fails
        # once some have moved leaves the games out of step, so every later call refuses.
        for worker, process in enumerate(self._processes):
            if not process.is_alive():
                raise self._stopped(worker)
        self._handed_out.clear()
        try:
            for worker, message in enumerate(messages):
                self._write(worker, message)
            answers = [self._read(worker) for worker in range(self.workers)]
        except RuntimeError as error:
            raise self._broke(str(error)) from None
        for status, value in answers:
            if status == "error":
                raise value
        return [value for _, value in answers]

    def reset(self, seeds: Sequence[int] | None = None) -> Batch:
        """Start every game (see :meth:`VectorSelfPlay.reset`)."""
        check_seeds(seeds, self.num_games)
        with _Exclusive(self._busy):
            self._idle("reset()")
            answers = self._all(self._resets(seeds))
            self.game_seeds = [seed for part in answers for seed in part]
            self._restarted()
        return self.observations, self.masks, self.seats

    def _resets(self, seeds: Sequence[int] | None) -> list[tuple[str, Any]]:
        return [
            ("reset", None if seeds is None else [int(s) for s in seeds[a:b]])
            for a, b in self._slices
        ]

    def _restarted(self) -> None:
        self.episodes[:] = 0
        self.final_infos = [None] * self.num_games

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> StepBatch:
        """One action per game (see :meth:`VectorSelfPlay.step`)."""
        with _Exclusive(self._busy):
            self._idle("step()")
            self._checked_into(actions, 0, self.num_games)
            answers = self._all([("step", None)] * self.workers)
            self.final_infos = [None] * self.num_games  # a new list, as VectorSelfPlay's
            for worker, ended in enumerate(answers):
                self._stepped(worker, ended)
        return self.observations, self.masks, self.seats, self.rewards, self.dones

    def _checked_into(
        self, actions: Sequence[int] | npt.NDArray[Any], start: int, stop: int
    ) -> None:
        """Check the actions of games ``start:stop`` (all before any game moves) and write
        them where the workers read them."""
        chosen = VectorSelfPlay._checked_shape(actions, stop - start)
        slots = self._slots[start:stop]
        if self.illegal == "raise" and not self._masks[slots, chosen].all():
            i = int(np.flatnonzero(self._masks[slots, chosen] == 0)[0])
            k = start + i
            legal = np.flatnonzero(self._masks[k]).tolist()
            raise ValueError(
                f"game {k}: action {chosen[i]} is not legal for seat {int(self.seats[k])}"
                f" now; legal: {legal}"
            )
        self._actions[start:stop] = chosen

    def _stepped(self, worker: int, ended: dict[int, tuple[dict[str, Any], str]]) -> None:
        """Take in what a worker's step ended: infos, the replacing games' seeds, counts."""
        start, stop = self._slices[worker]
        self.final_infos[start:stop] = [None] * (stop - start)
        for k, (info, seed) in ended.items():
            self.final_infos[start + k] = info
            self.game_seeds[start + k] = seed
        self.episodes[start:stop] += self.dones[start:stop]

    def async_reset(self, seeds: Sequence[int] | None = None) -> None:
        """Start every game, as :meth:`reset` does, without waiting: each worker's games
        come back from :meth:`recv` when they are dealt."""
        check_seeds(seeds, self.num_games)
        with _Exclusive(self._busy):
            self._idle("async_reset()")
            for worker, message in enumerate(self._resets(seeds)):
                self._write(worker, message)
                self._in_flight.append(worker)
            self._handed_out.clear()
            self._restarted()

    def recv(self) -> Ready:
        """Wait for the next worker whose games are ready (dealt by :meth:`async_reset` or
        moved by :meth:`send`; of several ready, the one sent first) and hand back its
        games. ``final_infos`` and ``episodes`` are brought up to date for them."""
        with _Exclusive(self._busy):
            self._open()
            if not self._in_flight:
                raise RuntimeError("no games in flight: send() actions or async_reset() first")
            ready = set(wait([self._connections[w] for w in self._in_flight], self.timeout))
            if not ready:
                raise self._broke(
                    f"no worker answered within {self.timeout:g} s (stopped?): close this"
                    " ParallelSelfPlay and make another"
                )
            worker = next(w for w in self._in_flight if self._connections[w] in ready)
            self._in_flight.remove(worker)
            status, value = self._read(worker)
            self._handed_out.add(worker)
            if status == "error":
                raise value
            start, stop = self._slices[worker]
            if isinstance(value, dict):  # a step's answer (a reset answers with the seeds)
                self._stepped(worker, value)
            else:
                self.game_seeds[start:stop] = value
            return Ready(
                self._slots[start:stop],
                self.observations[start:stop],
                self.masks[start:stop],
                self.seats[start:stop],
                self.rewards[start:stop],
                self.dones[start:stop],
            )

    def send(self, actions: Sequence[int] | npt.NDArray[Any], ids: npt.NDArray[Any]) -> None:
        """One action per game of a batch :meth:`recv` handed back (``ids`` as it gave
        them), for the seat each waits on. The actions are checked as :meth:`step` checks
        them, before the worker moves any game: a refused call changes nothing."""
        with _Exclusive(self._busy):
            self._open()
            worker = self._worker_of(ids)
            start, stop = self._slices[worker]
            self._checked_into(actions, start, stop)
            self._write(worker, ("step", None))
            self._handed_out.discard(worker)
            self._in_flight.append(worker)

    def _worker_of(self, ids: npt.NDArray[Any]) -> int:
        """The worker whose handed-out batch ``ids`` names, or a clear refusal."""
        if not isinstance(ids, np.ndarray) or ids.ndim != 1 or ids.dtype.kind not in "iu":
            raise TypeError(f"ids is the array recv() handed back, not {ids!r}")
        for worker in self._handed_out:
            start, stop = self._slices[worker]
            if len(ids) == stop - start and bool((ids == self._slots[start:stop]).all()):
                return worker
        named = f"games {ids[0]} to {ids[-1]}" if len(ids) else "no games"
        raise ValueError(
            f"ids ({named}) are not a batch that recv() handed back and send() has not taken yet"
        )

    def close(self) -> None:
        """Stop the workers and free the shared memory (idempotent). Each wait for a worker
        is bounded (:data:`CLOSE_SECONDS`, at most :attr:`timeout`); a worker that does not
        answer in time (stopped, or hung) is killed."""
        wait_for = min(CLOSE_SECONDS, getattr(self, "timeout", CLOSE_SECONDS))
        for worker, connection in enumerate(self._connections):
            try:
                if worker in self._in_flight and connection.poll(wait_for):
                    connection.recv()  # the answer of a send() never received
                connection.send(("close", None))
                if connection.poll(wait_for):
                    connection.recv()
            except (OSError, EOFError):
                pass
            connection.close()
        for process in self._processes:
            process.join(wait_for)
            if process.is_alive():
                process.kill()
                process.join(wait_for)
        self._connections, self._processes = [], []
        self._in_flight, self._handed_out = [], set()
        if self._block is not None:
            self._block.unlink()  # the name goes; the arrays keep the memory while in use
            self._block = None

    def __enter__(self) -> ParallelSelfPlay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_block", None) is not None:
            self.close()
