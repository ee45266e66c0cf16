"""What the ``mahjongkit`` command's two paths share: the one error boundary
(:data:`EXPECTED`, :func:`one_line`) and the bots' levels as the command line writes them.

The entry point (:mod:`mahjongkit._entry`) starts the Botzone bot without building the
command line, and the command line (:mod:`mahjongkit.cli`) answers everything else; both
import this module, which imports nothing, so neither imports the other back.
"""

from __future__ import annotations

from typing import Final

EXPECTED: Final = (ValueError, OSError, ImportError, MemoryError)
"""The failures a command expects (bad input, files, a missing extra, a run too large for
the memory): shown as one ``Error:`` line; anything else is a bug and keeps its traceback."""

LEVELS: Final = ("1", "2", "3")
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
