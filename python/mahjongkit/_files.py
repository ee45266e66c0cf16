"""Reading a small text file the user named: a layout, a saved game of either kind.

One reader for every such file, so each refuses the same things the same way: a path that
is not a regular file (opening a named pipe would wait forever for a writer, a device may
never end), a file larger than the caller's bound (read no further than one byte past it),
and bytes that are not UTF-8. The caller names the file (``what``) and the exception to
raise, so the message says which file and what is wrong with it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "save.json").write_bytes(b"\\x89PNG")
4
>>> read_text_file(folder / "save.json", what="saved game", limit=100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: saved game '...save.json' is not UTF-8 text (byte 0)
>>> read_text_file(folder, what="saved game", limit=100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
IsADirectoryError: saved game '...' is a folder
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path


def read_file_bytes(
    path: str | os.PathLike[str],
    *,
    what: str,
    limit: int,
    error: type[Exception] = ValueError,
) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``FileNotFoundError`` and ``IsADirectoryError`` name the file; ``error`` (a
    ``ValueError`` by default) is raised for anything that is not a regular file and for a
    file larger than ``limit`` bytes. Nothing is opened that is not a regular file.
    """
    path = Path(path)
    name = f"{what} {str(path)!r}"
    try:
        # Checked before opening too: opening a named pipe would wait for a writer.
        if not path.is_dir() and not stat.S_ISREG(os.stat(path).st_mode):
            raise error(f"{name} is not a regular file")
        with open(path, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise error(f"{name} is not a regular file")
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise FileNotFoundError(f"{name} not found") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{name} is a folder") from None
    if len(data) > limit:
        raise error(f"{name} is larger than {limit} bytes")
    return data


def read_text_file(
    path: str | os.PathLike[str],
    *,
    what: str,
    limit: int,
    error: type[Exception] = ValueError,
) -> str:
    """:func:`read_file_bytes` decoded as UTF-8; ``error`` names the first bad byte."""
    data = read_file_bytes(path, what=what, limit=limit, error=error)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"{what} {str(path)!r} is not UTF-8 text (byte {failure.start})") from None


def check_output_path(path: str | os.PathLike[str], what: str) -> Path:
    """The path a result will be written to, checked before the work starts: its folder
    exists and is writable, and it is not a folder or a special file (``/dev/full``, a
    FIFO). ``ValueError`` naming ``what`` otherwise.

    >>> check_output_path("/nonexistent/log.json", "--log")
    Traceback (most recent call last):
    ValueError: --log: the folder '/nonexistent' does not exist
    >>> check_output_path("/dev/full", "--log")
    Traceback (most recent call last):
    ValueError: --log: '/dev/full' is not a regular file
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"{what}: the folder {str(folder)!r} does not exist")
    if target.exists() and not target.is_file():
        kind = "a folder" if target.is_dir() else "not a regular file"
        raise ValueError(f"{what}: {str(target)!r} is {kind}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{what}: cannot write in the folder {str(folder)!r}")
    return target


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and move it over ``path``: a
    reader sees the old file or the whole new one, never a part (``OSError`` if it fails,
    the temporary file removed)."""
    import tempfile

    target = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(name, 0o666 & ~umask)  # mkstemp's file is private; give it open()'s mode
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
