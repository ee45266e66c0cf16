"""What the ``mahjongkit`` command's two paths share: the one error boundary
(:data:`EXPECTED`, :func:`one_line`, :func:`quiet_broken_pipe`), the bots' levels as the
command line writes them, and the current folder put on the import path for ``module:Class``
players.

The entry point (:mod:`mahjongkit._entry`) starts the Botzone bot without building the
command line, and the command line (:mod:`mahjongkit.cli`) answers everything else; both
import this module, which imports nothing, so neither imports the other back.
"""

from __future__ import annotations

import sys
from typing import Final

EXPECTED: Final = (ValueError, OSError, ImportError, MemoryError)
"""The failures a command expects (bad input, files, a missing extra, a run too large for
the memory): shown as one ``Error:`` line; anything else is a bug and keeps its traceback."""

LEVELS: Final = ("1", "2", "3", "4")
"""``--level``'s choices as written: the bots' levels (``players.bot.LEVELS``, too costly
to import here; a test keeps the two equal), from which the command's option is made."""


def one_line(error: BaseException) -> str:
    """The error's message on one line (its kind when it has none).

    >>> one_line(ValueError("bad" + chr(10) + "value")), one_line(MemoryError())
    ('bad value', 'MemoryError: out of memory')
    """
    text = " ".join(str(error).split())
    if isinstance(error, MemoryError):
        return f"MemoryError: {text or 'out of memory'}"
    return text or type(error).__name__


def quiet_broken_pipe() -> None:
    """The reader of standard output went away (``mahjongkit ... | head -1``): send what is
    left to the null device, so that neither the command nor Python's last flush at exit
    complains; the command then ends with status 0, as other Unix tools are read."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's)
        pass


def current_folder_on_path() -> None:
    """Put the current folder first on ``sys.path`` (once), as ``python -m`` does, so that a
    ``module:Class`` player in it is found by ``mcr arena``, ``mcr botzone`` and ``mcr
    botzone-pack`` (an installed script's own folder is on the path, the user's is not)."""
    import os

    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
