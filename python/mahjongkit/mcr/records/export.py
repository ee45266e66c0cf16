"""Records turned into training arrays: every decision of every seat, in ``.npz`` shards.

For each legal game of a record file and each decision a seat made (its turn: play, kong
or win; a claim window that asked it: its claim, or pass), a sample holds:

* ``obs``: the seat's observation planes of :mod:`mahjongkit.mcr.rl` (layout
  :data:`~mahjongkit.mcr.rl.observation.OBS_VERSION`, ``(planes, 34)``), stored as
  ``uint8`` times :data:`OBS_SCALE`: every plane value of a Botzone hand is a multiple of
  1/144 (copies / 4, flags, the wall / 144, the hand number / 16), so the bytes are exact
  and a quarter of the floats; each shard is checked to decode to the very planes;
* ``mask``: the legal mask (``bool``, 235) and ``action``: the 235-action index taken
  (:mod:`mahjongkit.mcr.rl.encoding`);
* ``outcome``: the seat's score for the hand as recorded; ``seat`` (0 the dealer) and
  ``game`` (the game's number in the file, from 0).

Shard ``k`` holds games ``k·S`` to ``(k + 1)·S - 1`` of the file (``S`` games a shard), so
the shards are the same bytes whatever the number of workers (processes here, or tasks on a
Dask cluster). They and ``manifest.json`` are written into a hidden folder inside the
output folder and swapped in at the end (:func:`export`), so an interrupted or failed export
leaves the export already there as it was. Games that are
unreadable or illegal are left out and listed in the manifest. :class:`RecordDataset` reads
an export back in batches.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import zipfile
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from mahjongkit._dask import scheduler_client
from mahjongkit._files import check_output_folder
from mahjongkit._impl import pick, resolve
from mahjongkit._signals import STOPPING_SIGNALS, stopping_signals_as_interrupt
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.records.check import check_record
from mahjongkit.mcr.records.format import (
    BadRecord,
    Record,
    decoded,
    file_chunks,
    line_fields,
    open_record_file,
    raw_lines,
    read_lines,
    starts_game,
)
from mahjongkit.mcr.rl.encoding import ACTIONS, PLAIN_INDEX, index_of
from mahjongkit.mcr.rl.observation import HISTORY, OBS_VERSION, Observer, plane_count

FORMAT: Final = "mahjongkit.mcr.records.export"
VERSION: Final = 1
OBS_SCALE: Final = 144
"""Stored planes are ``uint8`` values of ``plane · 144``."""
SHARD_GAMES: Final = 256
"""Games per shard by default (a shard of human games is some 10 MB)."""
MANIFEST: Final = "manifest.json"
_ROWS: Final = 512  # decisions of one game held at once (a hand has a few hundred at most)
_MATCHES: Final = (b"Match", b"\xef\xbb\xbfMatch")  # a game's first line, maybe after a BOM
_SHARD_NAME: Final = re.compile(r"shard-[0-9]{5,}\.npz")
_PR_SET_PDEATHSIG: Final = 1  # prctl(2)
_REAP_SECONDS: Final = 10.0  # the longest wait for a killed worker to be reaped
_OUTCOME: Final = np.iinfo(np.int16)  # the stored outcome's range
_ZIP_DATE: Final = (1980, 1, 1, 0, 0, 0)  # fixed: the same bytes on every run


@dataclass(frozen=True)
class Slice:
    """A piece of a record file: bytes ``start`` to ``end`` (games ``first_game`` on, the
    first line numbered ``first_line``), to become shard ``shard``."""

    path: str
    start: int
    end: int
    first_line: int
    first_game: int
    shard: int


def index_games(path: str | os.PathLike[str]) -> list[tuple[int, int]]:
    """The byte offset and line number of each line that opens a game (``Match``), the lines
    split as every reader of records splits them (:func:`~.format.record_lines`)."""
    found = []
    with open_record_file(path) as stream:
        for raw, number, offset, dropped in raw_lines(file_chunks(stream)):
            if not dropped and raw.startswith(_MATCHES):
                line = decoded(raw, number, offset).text
                if line is not None and starts_game(line):
                    found.append((offset, number))
    return found


def slices(path: str | os.PathLike[str], shard_games: int = SHARD_GAMES) -> list[Slice]:
    """The file cut into slices of ``shard_games`` games (lines before the first game go
    with the first slice, so their problems are reported too)."""
    if isinstance(shard_games, bool) or not isinstance(shard_games, int) or shard_games < 1:
        raise ValueError(f"games a shard is a positive int, not {shard_games!r}")
    size = os.path.getsize(path)
    games = index_games(path)
    if not games:
        return [Slice(str(path), 0, size, 1, 0, 0)]
    out = []
    for shard, first in enumerate(range(0, len(games), shard_games)):
        start, line = games[first] if first else (0, 1)
        end = games[first + shard_games][0] if first + shard_games < len(games) else size
        out.append(Slice(str(path), start, end, line, first, shard))
    return out


def _core_observer(history: int) -> Any:
    """The C++ observer (imported here: the Python twin runs without the extension)."""
    from mahjongkit.mcr.rl._cpp import EngineObserver

    return EngineObserver(history)


class _Samples:
    """The decisions of one game, as they are replayed."""

    def __init__(self, history: int, impl: str) -> None:
        self.planes = plane_count(history)
        self.rows = np.zeros((_ROWS, self.planes, 34), dtype=np.float32)
        self.scratch = np.zeros_like(self.rows)
        self.masks = np.zeros((_ROWS, ACTIONS), dtype=np.bool_)
        self.actions = np.zeros(_ROWS, dtype=np.int16)
        self.seats = np.zeros(_ROWS, dtype=np.int8)
        # the implementation chosen through the one seam (mahjongkit._impl)
        self.observer: Any = pick(impl, _core_observer, Observer)(history)
        self.count = 0
        self.dealer = 0

    def start(self) -> None:
        self.observer.reset()
        self.count = 0

    def __call__(self, game: Rules, seat: int, move: Move) -> None:
        row = self.count
        if row == _ROWS:
            raise ValueError(f"a game with more than {_ROWS} decisions")
        observer = self.observer
        events = game.take_outcomes()
        observer.sync_mask(game, events, seat, self.masks[row])
        observer.encode(seat, self.rows[row])
        index = PLAIN_INDEX.get(move)  # a discard, pass or win: no context needed
        if index is None:
            window = game.window
            index = index_of(
                move,
                window_tile=None if window is None else window.tile,
                counts=game.hand_of(seat).counts,
            )
        self.actions[row] = index
        self.seats[row] = (seat - game.dealer) % 4
        self.count = row + 1


def _quantised(
    planes: npt.NDArray[np.float32], scratch: npt.NDArray[np.float32]
) -> npt.NDArray[np.uint8]:
    """The planes as stored (``scratch``: a float32 buffer of their shape), checked exact."""
    np.multiply(planes, np.float32(OBS_SCALE), out=scratch)
    np.rint(scratch, out=scratch)
    stored = scratch.astype(np.uint8)
    np.divide(stored, np.float32(OBS_SCALE), out=scratch, dtype=np.float32)
    if not np.array_equal(scratch, planes):
        raise ValueError("observation planes that are not multiples of 1/144 cannot be stored")
    return stored


def decode(stored: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """Stored planes back to the observer's float32 planes."""
    return stored.astype(np.float32) / np.float32(OBS_SCALE)


def export_slice(
    piece: Slice, history: int = HISTORY, impl: str | None = None
) -> tuple[bytes, dict[str, Any]]:
    """One shard: its ``.npz`` bytes and its summary (games, samples, the games left out)."""
    samples = _Samples(history, resolve(impl))
    obs: list[npt.NDArray[np.uint8]] = []
    columns: dict[str, list[npt.NDArray[Any]]] = {
        k: [] for k in ("mask", "action", "seat", "outcome", "game")
    }
    matches: list[str] = []
    skipped = []
    games = 0
    for record in _slice_records(piece):
        number = piece.first_game + games
        if isinstance(record, Record) or record.match:  # not stray text outside any game
            games += 1
        samples.start()
        report = check_record(record, samples)
        problem = None
        if not report.legal:
            problem = report.problems[0] if report.problems else "illegal"
        elif isinstance(record, Record) and not all(
            _OUTCOME.min <= s <= _OUTCOME.max for s in record.result.score
        ):
            problem = (
                f"line {record.result.line}: a score outside {_OUTCOME.min} to"
                f" {_OUTCOME.max} cannot be stored (outcome is int16)"
            )
        if problem is not None:
            skipped.append(
                {"game": number, "match": report.match, "line": report.line, "problem": problem}
            )
            continue
        n = samples.count
        obs.append(_quantised(samples.rows[:n], samples.scratch[:n]))
        columns["mask"].append(samples.masks[:n].copy())
        columns["action"].append(samples.actions[:n].copy())
        columns["seat"].append(samples.seats[:n].copy())
        score = report.recorded_score or (0, 0, 0, 0)
        columns["outcome"].append(np.array(score, dtype=np.int16)[samples.seats[:n]])
        columns["game"].append(np.full(n, number, dtype=np.int32))
        matches.append(report.match)
    planes = plane_count(history)
    arrays: dict[str, npt.NDArray[Any] | _Rows] = {
        "obs": _Rows(obs, (planes, 34), np.dtype(np.uint8)),
        "mask": _joined(columns["mask"], (0, ACTIONS), np.bool_),
        "action": _joined(columns["action"], (0,), np.int16),
        "seat": _joined(columns["seat"], (0,), np.int8),
        "outcome": _joined(columns["outcome"], (0,), np.int16),
        "game": _joined(columns["game"], (0,), np.int32),
        "matches": np.array(matches, dtype=np.str_) if matches else np.zeros(0, dtype="<U1"),
    }
    summary = {
        "file": f"shard-{piece.shard:05d}.npz",
        "first_game": piece.first_game,
        "games": games,
        "exported": len(matches),
        "samples": sum(len(part) for part in obs),
        "skipped": skipped,
    }
    return _npz_bytes(arrays), summary


def _slice_records(piece: Slice) -> Iterator[Record | BadRecord]:
    with open_record_file(piece.path) as stream:
        stream.seek(piece.start)
        chunks = file_chunks(stream, piece.end - piece.start)
        lines = line_fields(chunks, first_line=piece.first_line, offset=piece.start)
        yield from read_lines(lines)


def _joined(parts: list[npt.NDArray[Any]], empty: tuple[int, ...], dtype: Any) -> npt.NDArray[Any]:
    return np.concatenate(parts) if parts else np.zeros(empty, dtype=dtype)


@dataclass(frozen=True)
class _Rows:
    """An array given as its parts along the first axis (each ``(n, *tail)`` of ``dtype``),
    written as their concatenation without making it (the planes: some 100 MB a shard)."""

    parts: list[npt.NDArray[Any]]
    tail: tuple[int, ...]
    dtype: np.dtype[Any]

    def write(self, member: Any) -> None:
        rows = sum(len(part) for part in self.parts)
        header = np.lib.format.header_data_from_array_1_0(np.zeros((0, *self.tail), self.dtype))
        header["shape"] = (rows, *self.tail)
        np.lib.format.write_array_header_1_0(member, header)  # as write_array writes it
        for part in self.parts:
            member.write(np.ascontiguousarray(part, dtype=self.dtype).data)


def _set_level(info: zipfile.ZipInfo, level: int) -> None:
    """The deflate level of a member opened for writing (``writestr``'s ``compresslevel``):
    ``compress_level`` since Python 3.13, ``_compresslevel`` before."""
    if hasattr(info, "compress_level"):
        info.compress_level = level
    else:
        info._compresslevel = level  # type: ignore[attr-defined]


def _npz_bytes(arrays: dict[str, npt.NDArray[Any] | _Rows]) -> bytes:
    """An ``.npz`` (what ``np.load`` reads) with fixed dates, so equal arrays give equal bytes.

    Each array is written straight into its compressed member (no copy of it in memory
    first); the bytes are those of ``writestr`` on the whole array (the same deflate stream)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            _set_level(info, 1)
            with archive.open(info, "w") as member:
                if isinstance(array, _Rows):
                    array.write(member)
                else:
                    np.lib.format.write_array(member, array, allow_pickle=False)
    return out.getvalue()


def _worker_start() -> None:
    """In each export worker: Ctrl-C is the parent's to handle (the terminal sends it to the
    whole group), SIGTERM and SIGHUP end the worker, and on Linux the worker ends with its
    parent (``PR_SET_PDEATHSIG``), even one killed by SIGKILL."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOPPING_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() == 1:  # the parent died before the call
                os._exit(1)


def _run(
    pieces: Sequence[Slice], history: int, impl: str | None, workers: int, scheduler: str | None
) -> Generator[tuple[bytes, dict[str, Any]], None, None]:
    if scheduler is not None:
        with scheduler_client(scheduler) as client:
            futures = [client.submit(export_slice, p, history, impl, pure=False) for p in pieces]
            try:
                for future in futures:
                    yield future.result()
            finally:
                client.cancel(futures)  # type: ignore[no-untyped-call]
        return
    if workers == 1 or len(pieces) == 1:
        for piece in pieces:
            yield export_slice(piece, history, impl)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
    # Futures are never cancelled here (nor by pool.map's clean-up): when a worker dies, the
    # pool's own thread fails every pending future, and on Python 3.11 it raises in that
    # thread (a traceback on stderr) on a future cancelled under it.
    shards = [pool.submit(export_slice, piece, history, impl) for piece in pieces]
    try:
        for shard in shards:
            yield shard.result()
    except BrokenProcessPool:
        raise ChildProcessError(
            "an export worker process ended before its shard was done (killed?)"
        ) from None
    finally:
        # Never wait for a worker that may be blocked or busy: stop them all (the pool then
        # fails what is pending), then reap.
        processes = list(pool._processes.values()) if pool._processes else []
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                process.kill()
        pool.shutdown(wait=False)
        for process in processes:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                process.join(_REAP_SECONDS)


def _swap_in(folder: Path, staging: Path, shards: list[dict[str, Any]]) -> None:
    """Replace the export in ``folder`` by the one in ``staging`` (shards and manifest).

    The old manifest goes first, so at every moment ``folder`` holds the old export whole,
    no manifest (which :class:`RecordDataset` refuses), or the new export whole; the stopping
    signals wait until the swap is done (a few renames)."""
    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows
    blocked = set(STOPPING_SIGNALS) | {signal.SIGINT}
    previous = mask(signal.SIG_BLOCK, blocked) if mask is not None else set()
    try:
        (folder / MANIFEST).unlink(missing_ok=True)
        for old in folder.glob("shard-*.npz"):
            if _SHARD_NAME.fullmatch(old.name):
                old.unlink(missing_ok=True)
        for shard in shards:
            os.replace(staging / shard["file"], folder / shard["file"])
        os.replace(staging / MANIFEST, folder / MANIFEST)
    finally:
        if mask is not None:
            mask(signal.SIG_SETMASK, previous)


def export(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    shard_games: int = SHARD_GAMES,
    history: int = HISTORY,
    impl: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Export the record file ``path`` into the folder ``out`` (made if missing) and return
    the manifest (also written there). ``workers`` processes, or the Dask scheduler at the
    address ``scheduler`` (its workers read ``path``: it must be on a shared file system);
    ``progress`` is called with the number of games of each shard as it is written.

    The export is atomic as a whole: shards are written into a hidden folder inside ``out``
    and swapped in at the end (:func:`_swap_in`), so an export that fails or is stopped
    leaves an export already in ``out`` as it was. SIGTERM and SIGHUP stop it as Ctrl-C
    does (:class:`~mahjongkit._signals.Terminated`); the worker processes are stopped too.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers is a positive int, not {workers!r}")
    source = Path(path)
    open_record_file(source).close()  # a regular file, or refused now
    folder = check_output_folder(out)
    pieces = slices(source, shard_games)
    with stopping_signals_as_interrupt():
        staging = Path(tempfile.mkdtemp(prefix=".export-", suffix=".partial", dir=folder))
        try:
            shards = []
            # closing(): the workers are stopped here, whatever ends the loop
            with contextlib.closing(_run(pieces, history, impl, workers, scheduler)) as results:
                for data, summary in results:
                    (staging / summary["file"]).write_bytes(data)
                    shards.append(summary)
                    if progress is not None:
                        progress(summary["games"])
            manifest = {
                "format": FORMAT,
                "version": VERSION,
                "obs_version": OBS_VERSION,
                "history": history,
                "planes": plane_count(history),
                "obs_scale": OBS_SCALE,
                "actions": ACTIONS,
                "source": source.name,
                "games": sum(s["games"] for s in shards),
                "exported": sum(s["exported"] for s in shards),
                "samples": sum(s["samples"] for s in shards),
                "shards": shards,
            }
            (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
            _swap_in(folder, staging, shards)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return manifest


class RecordDataset:
    """An export read back: ``len`` samples, ``dataset[i]`` one sample, :meth:`batches` the
    samples in batches for a training loop (one shard in memory at a time), each a dict of
    arrays: ``obs`` (float32 planes, decoded), ``mask``, ``action``, ``outcome``, ``seat``,
    ``game``."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        path = self.folder / MANIFEST
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(
                f"no export in {str(self.folder)!r}: {MANIFEST} is missing"
            ) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise ValueError(f"{str(path)!r} is not an export manifest: {error}") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ValueError(f"{str(path)!r} is not an export manifest of {FORMAT}")
        if manifest.get("version") != VERSION or manifest.get("obs_version") != OBS_VERSION:
            raise ValueError(
                f"{str(path)!r} was written with export version {manifest.get('version')} and"
                f" planes version {manifest.get('obs_version')}; this reads {VERSION} and"
                f" {OBS_VERSION}"
            )
        self.manifest = manifest
        self.shards: list[dict[str, Any]] = manifest["shards"]
        self._ends = np.cumsum([s["samples"] for s in self.shards])
        self._cached: tuple[int, dict[str, npt.NDArray[Any]]] | None = None

    def __len__(self) -> int:
        return int(self._ends[-1]) if len(self._ends) else 0

    def shard(self, index: int) -> dict[str, npt.NDArray[Any]]:
        """Every sample of shard ``index`` (planes decoded to float32)."""
        if self._cached is not None and self._cached[0] == index:
            return self._cached[1]
        with np.load(self.folder / self.shards[index]["file"], allow_pickle=False) as data:
            arrays = {
                name: data[name] for name in ("obs", "mask", "action", "outcome", "seat", "game")
            }
        declared = self.shards[index]["samples"]
        if any(len(array) != declared for array in arrays.values()):
            raise ValueError(
                f"{self.shards[index]['file']} in {str(self.folder)!r} does not hold the"
                f" {declared} samples its manifest declares: the export was changed since"
            )
        arrays["obs"] = decode(arrays["obs"])
        self._cached = (index, arrays)
        return arrays

    def __getitem__(self, index: int) -> dict[str, Any]:
        if not -len(self) <= index < len(self):
            raise IndexError(f"sample {index} of {len(self)}")
        index %= len(self)
        shard = int(np.searchsorted(self._ends, index, side="right"))
        start = int(self._ends[shard - 1]) if shard else 0
        arrays = self.shard(shard)
        return {name: array[index - start] for name, array in arrays.items()}

    def batches(
        self, size: int, *, shuffle: bool = False, seed: int | None = None, drop_last: bool = False
    ) -> Iterator[dict[str, npt.NDArray[Any]]]:
        """The samples in batches of ``size`` (the last one smaller unless ``drop_last``);
        ``shuffle`` mixes the shards' order and the samples within each shard (seeded)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"a batch size is a positive int, not {size!r}")
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(self.shards)) if shuffle else range(len(self.shards))
        carry: dict[str, npt.NDArray[Any]] | None = None
        for shard in order:
            arrays = self.shard(int(shard))
            if shuffle:
                perm = rng.permutation(len(arrays["action"]))
                arrays = {k: v[perm] for k, v in arrays.items()}
            if carry is not None:
                arrays = {k: np.concatenate([carry[k], v]) for k, v in arrays.items()}
                carry = None
            n = len(arrays["action"])
            full = n - n % size
            for start in range(0, full, size):
                yield {k: v[start : start + size] for k, v in arrays.items()}
            if full < n:
                carry = {k: v[full:] for k, v in arrays.items()}
        if carry is not None and not drop_last:
            yield carry
