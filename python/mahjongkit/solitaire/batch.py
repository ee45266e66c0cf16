"""Batch generation: the boards of many seeds as a NumPy array, and files of them.

:func:`batch` returns ``uint8[n_boards, n_slots]``: row ``i`` holds the tile kinds (1–42,
:mod:`mahjongkit.tiles`) of the board of the ``i``-th seed, in the layout's slot order. The
C++ core fills the array in place, on every core with the GIL released; each board depends on
its own seed only, so the array is the same whatever the thread count.

:func:`write_batch` writes a batch as ``.npy`` (that array; row ``i`` is seed ``A + i``) or
as JSON Lines, one board a line: ``{"layout": "Turtle", "seed": 5, "faces": [...]}``. It
generates in slices straight into the file (a memory-mapped ``.npy``), so the size of a run is
bounded by the disk, not the memory (a run the free space cannot hold is refused before it
starts, naming both sizes); it writes to a temporary file beside the target and renames it
at the end, so a run interrupted by Ctrl-C or SIGTERM leaves no partial file; it refuses to
replace an existing file unless ``overwrite=True`` (also one created by someone else during
the run: the final rename does not replace), and never replaces anything but a regular file.

>>> from mahjongkit.solitaire import deal, get_layout
>>> boards = batch(get_layout("turtle"), range(1000, 1100))
>>> boards.shape, boards.dtype
((100, 144), dtype('uint8'))
>>> tuple(boards[7]) == deal(get_layout("turtle"), 1007).faces
True
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import io
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Final, Literal, cast

import numpy as np
import numpy.typing as npt

from mahjongkit._files import check_replaceable, check_writable
from mahjongkit._signals import STOPPING_SIGNALS as STOPPING_SIGNALS
from mahjongkit._signals import Terminated as Terminated
from mahjongkit._signals import stopping_signals_as_interrupt
from mahjongkit.solitaire import engine
from mahjongkit.solitaire.checks import check_trials, layout_of
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.scan import Boards as Boards
from mahjongkit.solitaire.scan import Progress as Progress
from mahjongkit.solitaire.seeds import (
    SEED_LIMIT,
    check_seed,
    check_seeds,
    parse_seeds,
    seed_error,
)

Format = Literal["npy", "jsonl"]
FORMATS: Final[tuple[Format, ...]] = ("npy", "jsonl")
Source = Callable[[Layout, range, "Progress | None"], Boards]
"""Generates the boards of a seed range (for :func:`write_batch`)."""
SLICE: Final = 1 << 16
"""Boards generated per step of :func:`write_batch` (about 9 MB of Turtle boards)."""


def seed_array(
    seeds: range | str | Sequence[int] | npt.NDArray[np.integer],
) -> npt.NDArray[np.uint64]:
    """The seeds as a contiguous ``uint64`` array, each checked to be in [0, 2**64).

    >>> seed_array("3:6")
    array([3, 4, 5], dtype=uint64)
    >>> seed_array([1, -2])
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got -2
    """
    if isinstance(seeds, str):
        seeds = parse_seeds(seeds)
    if isinstance(seeds, range):
        if seeds.step == 1 and seeds.stop <= seeds.start:
            return np.empty(0, dtype=np.uint64)
        if seeds.step == 1:
            check_seeds(seeds)
        elif seeds and not (
            min(seeds[0], seeds[-1]) >= 0 and max(seeds[0], seeds[-1]) < SEED_LIMIT
        ):
            raise ValueError(f"seed range {seeds!r} leaves 0 to 2**64 - 1")
        return np.arange(seeds.start, seeds.stop, seeds.step, dtype=np.uint64)
    if isinstance(seeds, np.ndarray):
        if seeds.ndim != 1 or not np.issubdtype(seeds.dtype, np.integer):
            raise TypeError(
                f"seeds must be a 1-D integer array, not {seeds.dtype} of {seeds.ndim} dimensions"
            )
        if seeds.dtype != np.uint64 and seeds.size and int(seeds.min()) < 0:
            raise seed_error(int(seeds.min()))
        return np.ascontiguousarray(seeds, dtype=np.uint64)
    checked = [check_seed(seed) for seed in seeds]
    return np.array(checked, dtype=np.uint64)


def batch(
    layout: Layout | str,
    seeds: range | str | Sequence[int] | npt.NDArray[np.integer],
    threads: int | None = None,
    *,
    impl: str | None = None,
    max_trials: int = engine.DEFAULT_MAX_TRIALS,
    progress: Progress | None = None,
    out: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.uint8]:
    """The boards of ``seeds`` on ``layout`` as ``uint8[len(seeds), layout.size]``.

    ``seeds`` is a range, ``"A:B"`` text, a sequence or an integer array. ``threads``
    defaults to every core; the reference (``impl="python"``) runs on one. ``out``, when
    given, is filled in place (a writeable C-contiguous ``uint8`` array of the right shape,
    e.g. a slice of a memory-mapped file) and returned. A seed whose deal fails raises
    :class:`~mahjongkit.solitaire.engine.DealError`; Ctrl-C raises ``KeyboardInterrupt``
    once the workers have stopped.

    >>> batch("tea house", "0:3", threads=2).shape
    (3, 36)
    >>> (batch("tea house", [5, 9], impl="python") == batch("tea house", [5, 9])).all()
    np.True_
    >>> batch("tea house", "0:3", threads=0)
    Traceback (most recent call last):
    ValueError: threads must be a positive int (or None for every core), got 0
    """
    from mahjongkit.solitaire.search import resolve_threads

    chosen = layout_of(layout)
    seed_values = seed_array(seeds)
    thread_count = resolve_threads(threads)
    check_trials(max_trials)
    shape = (len(seed_values), chosen.size)
    if out is None:
        out = np.empty(shape, dtype=np.uint8)
    elif out.shape != shape or out.dtype != np.uint8 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous uint8 array of shape {shape}")
    if len(seed_values) == 0:
        return out
    # The reference runs on one thread whatever ``threads`` says.
    failed = engine.backend(impl).batch_faces(
        chosen, seed_values, out, thread_count, max_trials, progress
    )
    if failed is not None:
        raise engine.DealError(
            f"could not deal layout {chosen.name!r} with seed {failed}: every one of the "
            f"{max_trials} trials of the reverse deal was left with fewer than two free slots"
        )
    return out


def format_of(path: str | Path, format: str | None = None) -> Format:
    """The file format: ``format`` if given, else from the suffix (``.npy``, ``.jsonl``).

    >>> format_of("boards.jsonl"), format_of("x.bin", "npy")
    ('jsonl', 'npy')
    >>> format_of("boards.csv")
    Traceback (most recent call last):
    ValueError: cannot tell the format of 'boards.csv' from its suffix: give npy or jsonl
    """
    if format is None:
        suffix = Path(path).suffix.lower().lstrip(".")
        format = {"npy": "npy", "jsonl": "jsonl", "ndjson": "jsonl"}.get(suffix)
        if format is None:
            raise ValueError(
                f"cannot tell the format of {str(path)!r} from its suffix: give npy or jsonl"
            )
    if format == "npy":
        return "npy"
    if format == "jsonl":
        return "jsonl"
    raise ValueError(f"unknown format {format!r}: use npy or jsonl")


def check_target(path: str | Path, *, overwrite: bool = False) -> Path:
    """``path`` if a batch may be written there; else a ``FileExistsError`` (unless
    ``overwrite``; and always for what is not a regular file, such as a device),
    ``IsADirectoryError``, ``FileNotFoundError`` or ``PermissionError`` that names the path
    and the reason (:func:`~mahjongkit._files.check_writable`). Nothing is created.

    >>> check_target("/no/such/folder/boards.npy")
    Traceback (most recent call last):
    FileNotFoundError: cannot write '/no/such/folder/boards.npy': the folder ... does not exist
    >>> check_target("/dev/null", overwrite=True)
    Traceback (most recent call last):
    FileExistsError: cannot write '/dev/null': it exists and is not a regular file
    """
    target = Path(path)
    if target.exists() and not target.is_dir() and not overwrite:
        check_replaceable(target)
        raise FileExistsError(
            f"{str(target)!r} exists: refusing to overwrite it (use --force / overwrite=True)"
        )
    return check_writable(target)


def estimated_size(layout: Layout, seeds: range, kind: Format) -> int:
    """The size of the file of ``seeds`` (exact for ``.npy``, a lower bound for JSON Lines).

    >>> from mahjongkit.solitaire import get_layout
    >>> estimated_size(get_layout("turtle"), range(10), "npy")
    1568
    """
    count = seeds.stop - seeds.start
    if kind == "npy":
        return 128 + count * layout.size  # NumPy's header is padded to 128 bytes here
    line = f'{{"layout":{json.dumps(layout.name)},"seed":{seeds.start},"faces":[]}}\n'
    return count * (len(line) + 2 * layout.size - 1)


def _check_space(target: Path, needed: int) -> None:
    free = shutil.disk_usage(target.parent).free
    if needed > free:
        raise OSError(
            f"cannot write {str(target)!r}: it needs {_bytes(needed)} and the disk has "
            f"{_bytes(free)} free"
        )


def _bytes(size: int) -> str:
    """``1.5 GB``: decimal units, as disk tools print them.

    >>> _bytes(999), _bytes(14_400_000_000_000)
    ('999 bytes', '14.4 TB')
    """
    if size < 1000:
        return f"{size} bytes"
    value = float(size)
    chosen = "ZB"
    for unit in ("kB", "MB", "GB", "TB", "PB", "EB", "ZB"):
        value /= 1000
        if value < 1000:
            chosen = unit
            break
    return f"{value:.1f} {chosen}"


def _renameat2_noreplace(source: Path, target: Path) -> bool:
    """Linux's ``renameat2(RENAME_NOREPLACE)``: True when done, False when the system or the
    file system does not offer it; ``FileExistsError`` when ``target`` exists."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):  # a C library older than glibc 2.28
        return False
    at_fdcwd, rename_noreplace = -100, 1
    function.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    function.restype = ctypes.c_int
    if function(at_fdcwd, os.fsencode(source), at_fdcwd, os.fsencode(target), rename_noreplace):
        code = ctypes.get_errno()
        if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
            return False
        raise OSError(code, os.strerror(code), str(target))
    return True


def _rename_no_replace(source: Path, target: Path) -> None:
    """Move ``source`` to ``target`` unless ``target`` exists, without a window in which a
    file created by someone else could be replaced (where the file system allows)."""
    if _renameat2_noreplace(source, target):
        return
    try:
        os.link(source, target)  # fails if the target exists, atomically
    except FileExistsError:
        raise
    except OSError:  # no hard links here (some network and FAT file systems): check, then move
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None
        os.rename(source, target)
        return
    source.unlink()


@contextlib.contextmanager
def _atomic(
    target: Path, mode: str, *, overwrite: bool
) -> Iterator[tuple[IO[str] | IO[bytes], Path]]:
    """A temporary file beside ``target``, moved onto it only if the block succeeds; without
    ``overwrite`` the move refuses a file that appeared meanwhile."""
    with stopping_signals_as_interrupt():
        handle, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent
        )
        temporary = Path(name)
        try:
            os.close(handle)
            # mkstemp makes the file private (0600); give it the mode a plain open() would.
            umask = os.umask(0)
            os.umask(umask)
            temporary.chmod(0o666 & ~umask)
            with open(temporary, mode) as stream:
                yield stream, temporary
            if overwrite:
                check_replaceable(target)
                os.replace(temporary, target)
            else:
                try:
                    _rename_no_replace(temporary, target)
                except FileExistsError:
                    raise FileExistsError(
                        f"{str(target)!r} appeared while the batch was written: refusing to "
                        "overwrite it (use --force / overwrite=True)"
                    ) from None
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise


def write_batch(
    path: str | Path,
    layout: Layout | str,
    seeds: range | str,
    *,
    format: str | None = None,
    threads: int | None = None,
    overwrite: bool = False,
    impl: str | None = None,
    progress: Progress | None = None,
    source: Source | None = None,
) -> Path:
    """Write the boards of the seed range ``seeds`` to ``path`` as ``.npy`` or JSON Lines.

    >>> import json, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = write_batch(folder / "boards.jsonl", "tea house", "10:12")
    >>> first = json.loads(path.read_text().splitlines()[0])
    >>> first["layout"], first["seed"], len(first["faces"])
    ('Tea House', 10, 36)
    >>> write_batch(folder / "boards.jsonl", "tea house", "10:12")
    Traceback (most recent call last):
    FileExistsError: '...boards.jsonl' exists: refusing to overwrite it (use --force / ...)
    >>> np.load(write_batch(folder / "b.npy", "tea house", "10:12")).shape
    (2, 36)

    ``source(layout, seeds, progress)``, when given, generates each slice instead of
    :func:`batch` (the command line passes the Dask backend's).
    """
    chosen = layout_of(layout)
    seed_range = parse_seeds(seeds) if isinstance(seeds, str) else check_seeds(seeds)
    kind = format_of(path, format)
    target = check_target(path, overwrite=overwrite)
    _check_space(target, estimated_size(chosen, seed_range, kind))
    count = seed_range.stop - seed_range.start  # len() overflows from 2**63 on

    def slices() -> Iterator[tuple[int, range]]:
        for offset in range(0, count, SLICE):
            yield offset, seed_range[offset : offset + SLICE]

    def reporter(offset: int) -> Progress | None:
        return None if progress is None else (lambda done: progress(offset + done))

    if kind == "npy":
        header = _npy_header((count, chosen.size))
        with _atomic(target, "r+b", overwrite=overwrite) as (stream, temporary):
            binary = cast(IO[bytes], stream)
            # The header goes in last: until then the file starts with zeros, which no
            # reader takes for a .npy, so a run killed by a signal that cannot be caught
            # (SIGKILL, a power cut) never leaves a file claiming rows it does not hold.
            binary.truncate(len(header) + count * chosen.size)
            if count:
                array = np.memmap(
                    temporary, dtype=np.uint8, mode="r+", offset=len(header),
                    shape=(count, chosen.size),
                )  # fmt: skip
                try:
                    for offset, part in slices():
                        batch(
                            chosen,
                            part,
                            threads,
                            impl=impl,
                            progress=reporter(offset),
                            out=array[offset : offset + len(part)],
                        )
                    array.flush()
                finally:
                    del array
            binary.seek(0)
            binary.write(header)
            binary.flush()
            os.fsync(binary.fileno())
    else:
        with _atomic(target, "w", overwrite=overwrite) as (stream, _):
            text_stream = cast(IO[str], stream)
            for offset, part in slices():
                boards = (
                    batch(chosen, part, threads, impl=impl, progress=reporter(offset))
                    if source is None
                    else source(chosen, part, reporter(offset))
                )
                text_stream.write(_jsonl(chosen.name, part, boards))
    return target


def stream_batch(
    stream: IO[bytes],
    layout: Layout | str,
    seeds: range | str,
    *,
    format: str,
    threads: int | None = None,
    impl: str | None = None,
    progress: Progress | None = None,
    source: Source | None = None,
) -> None:
    """Write the boards of ``seeds`` to an open binary ``stream`` (``batch --out -``:
    standard output) in ``format``, the bytes :func:`write_batch` puts in a file, slice by
    slice as they are made.

    >>> buffer = io.BytesIO()
    >>> stream_batch(buffer, "tea house", "4:6", format="jsonl")
    >>> [json.loads(line)["seed"] for line in buffer.getvalue().splitlines()]
    [4, 5]
    >>> buffer = io.BytesIO()
    >>> stream_batch(buffer, "tea house", "4:6", format="npy")
    >>> buffer.seek(0) or np.load(buffer).shape
    (2, 36)
    """
    chosen = layout_of(layout)
    seed_range = parse_seeds(seeds) if isinstance(seeds, str) else check_seeds(seeds)
    kind = format_of("", format)
    count = seed_range.stop - seed_range.start
    if kind == "npy":
        stream.write(_npy_header((count, chosen.size)))
    for offset in range(0, count, SLICE):
        part = seed_range[offset : offset + SLICE]
        done = None if progress is None else (lambda n, at=offset: progress(at + n))
        boards = (
            batch(chosen, part, threads, impl=impl, progress=done)
            if source is None
            else source(chosen, part, done)
        )
        if kind == "npy":
            stream.write(np.ascontiguousarray(boards, dtype=np.uint8).tobytes())
        else:
            stream.write(_jsonl(chosen.name, part, boards).encode("utf-8"))
    stream.flush()


def _npy_header(shape: tuple[int, int]) -> bytes:
    """The ``.npy`` header (format 1.0) of a C-ordered ``uint8`` array of ``shape``."""
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        buffer, {"descr": "|u1", "fortran_order": False, "shape": shape}
    )
    return buffer.getvalue()


def _jsonl(layout_name: str, seeds: range, boards: npt.NDArray[np.uint8]) -> str:
    name = json.dumps(layout_name)
    return "".join(
        f'{{"layout":{name},"seed":{seed},"faces":[{",".join(map(str, row))}]}}\n'
        for seed, row in zip(seeds, boards.tolist(), strict=True)
    )


def read_jsonl(path: str | Path) -> Iterator[tuple[str, int, tuple[int, ...]]]:
    """The ``(layout name, seed, faces)`` of every line of a JSON Lines batch file.

    >>> import pathlib, tempfile
    >>> path = write_batch(pathlib.Path(tempfile.mkdtemp()) / "b.jsonl", "tea house", "4:6")
    >>> [(name, seed) for name, seed, _ in read_jsonl(path)]
    [('Tea House', 4), ('Tea House', 5)]
    """
    with open(path) as stream:
        for number, line in enumerate(stream, 1):
            try:
                record = json.loads(line)
                yield str(record["layout"]), int(record["seed"]), tuple(record["faces"])
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"{path}:{number}: not a batch line ({error})") from None
