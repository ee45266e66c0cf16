"""Files the user named: reading a small text file (a layout, a saved game of either kind),
and checking and writing an output file.

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

An output file is checked before the work that fills it starts (:func:`check_writable`), so a
missing folder or a device is refused at once and not after an hour of work, and written
whole or not at all (:func:`write_text_atomically`: a temporary file beside it, renamed onto
it), so a full disk never leaves half a file.

>>> check_writable("/dev/full")
Traceback (most recent call last):
FileExistsError: cannot write '/dev/full': it exists and is not a regular file
>>> write_text_atomically(folder / "out.json", "{}")
>>> (folder / "out.json").read_text()
'{}'
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO


def open_regular_file(
    path: str | os.PathLike[str], *, what: str, error: type[Exception] = ValueError
) -> BinaryIO:
    """The regular file at ``path`` opened for reading bytes; nothing is opened that is not
    a regular file (opening a named pipe would wait for a writer, ``/dev/zero`` never ends).

    ``FileNotFoundError`` and ``IsADirectoryError`` name the file; ``error`` (a
    ``ValueError`` by default) is raised for anything else that is not a regular file.

    >>> open_regular_file("/dev/zero", what="record file")
    Traceback (most recent call last):
    ValueError: record file '/dev/zero' is not a regular file
    """
    path = Path(path)
    name = f"{what} {str(path)!r}"
    try:
        # Checked before opening too: opening a named pipe would wait for a writer.
        if not path.is_dir() and not stat.S_ISREG(os.stat(path).st_mode):
            raise error(f"{name} is not a regular file")
        stream = open(path, "rb")  # noqa: SIM115 (handed to the caller)
    except FileNotFoundError:
        raise FileNotFoundError(f"{name} not found") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{name} is a folder") from None
    if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):  # replaced meanwhile
        stream.close()
        raise error(f"{name} is not a regular file")
    return stream


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
    file larger than ``limit`` bytes (:func:`open_regular_file`).
    """
    with open_regular_file(path, what=what, error=error) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise error(f"{what} {str(Path(path))!r} is larger than {limit} bytes")
    return data


def read_text_file(
    path: str | os.PathLike[str],
    *,
    what: str,
    limit: int,
    error: type[Exception] = ValueError,
) -> str:
    """:func:`read_file_bytes` decoded as UTF-8, a leading byte order mark skipped (editors
    on Windows write one); ``error`` names the first bad byte."""
    data = read_file_bytes(path, what=what, limit=limit, error=error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as failure:
        raise error(f"{what} {str(path)!r} is not UTF-8 text (byte {failure.start})") from None


def check_writable(path: str | os.PathLike[str]) -> Path:
    """``path`` if a file may be written there (created, or replacing a regular file);
    else an ``IsADirectoryError``, ``FileExistsError`` (for what exists and is not a regular
    file, such as a device: a rename would put a plain file in its place),
    ``FileNotFoundError`` or ``PermissionError`` naming the path and the reason. Nothing is
    created.

    >>> check_writable("/no/such/folder/out.json")
    Traceback (most recent call last):
    FileNotFoundError: cannot write '/no/such/folder/out.json': the folder ... does not exist
    """
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise IsADirectoryError(f"cannot write {str(target)!r}: it is a folder")
    check_replaceable(target)
    if not folder.is_dir():
        raise FileNotFoundError(
            f"cannot write {str(target)!r}: the folder {str(folder)!r} does not exist"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(
            f"cannot write {str(target)!r}: the folder {str(folder)!r} is not writable"
        )
    return target


def check_output_folder(path: str | os.PathLike[str]) -> Path:
    """``path`` as a folder to write files into: made if missing (its parent must exist),
    else an existing folder that is writable; refused with an ``OSError`` naming it.

    >>> check_output_folder("/dev/null")
    Traceback (most recent call last):
    FileExistsError: cannot write into '/dev/null': it is not a folder
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise FileExistsError(f"cannot write into {str(folder)!r}: it is not a folder")
    if not folder.exists():
        if not folder.parent.is_dir():
            raise FileNotFoundError(
                f"cannot write into {str(folder)!r}: the folder {str(folder.parent)!r}"
                " does not exist"
            )
        try:
            folder.mkdir()
        except OSError as error:
            raise type(error)(
                error.errno, f"cannot make the folder {str(folder)!r}: {error.strerror}"
            ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"cannot write into {str(folder)!r}: it is not writable")
    return folder


def check_output_path(path: str | os.PathLike[str], what: str) -> Path:
    """:func:`check_writable` for a command's argument: the same refusals as a
    ``ValueError`` that names the argument ``what``.

    >>> check_output_path("/nonexistent/log.json", "--log")
    Traceback (most recent call last):
    ValueError: --log: cannot write '/nonexistent/log.json': the folder ... does not exist
    >>> check_output_path("/dev/full", "--log")
    Traceback (most recent call last):
    ValueError: --log: cannot write '/dev/full': it exists and is not a regular file
    """
    try:
        return check_writable(path)
    except OSError as error:
        raise ValueError(f"{what}: {error}") from None


def check_replaceable(target: Path) -> None:
    """Refuse a target that exists and is not a regular file (or a link to one): a rename
    would put a plain file where a device, a pipe or a socket was."""
    try:
        mode = os.stat(target).st_mode
    except OSError:  # absent, or a dangling link: the rename replaces the link itself
        return
    if not stat.S_ISREG(mode):
        raise FileExistsError(f"cannot write {str(target)!r}: it exists and is not a regular file")


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all (:func:`write_bytes_atomically`)."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file beside it,
    flushed to the disk, then renamed onto it. ``path`` is checked first
    (:func:`check_writable`: a device or a pipe is never replaced by a regular file). On any
    failure (a full disk, the folder gone meanwhile) or interruption the temporary file is
    removed, ``path`` is as it was, and the ``OSError`` names ``path``."""
    target = check_writable(path)
    try:
        handle, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent
        )
    except OSError as error:
        raise type(error)(error.errno, f"cannot write {str(target)!r}: {error.strerror}") from None
    temporary = Path(name)
    try:
        with open(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); give it the mode a plain open() would
        umask = os.umask(0)
        os.umask(umask)
        temporary.chmod(0o666 & ~umask)
        check_replaceable(target)  # nothing but a regular file appeared meanwhile
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise type(error)(error.errno, f"cannot write {str(target)!r}: {error.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
