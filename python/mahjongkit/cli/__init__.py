"""The ``mahjongkit`` command line: solitaire commands at the top level, MCR under ``mcr``.

Each game keeps its commands in its own module here; this one assembles them and holds the
one error boundary every command shares.
"""

from __future__ import annotations

from typing import Any, Final

import click

from mahjongkit import __version__
from mahjongkit.cli import mcr as _mcr
from mahjongkit.cli import serve as _serve
from mahjongkit.cli import solitaire as _solitaire

EXPECTED: Final = (ValueError, OSError, ImportError, MemoryError)
"""The failures a command expects (bad input, files, a missing extra, a run too large for
the memory): shown as one ``Error:`` line; anything else is a bug and keeps its traceback."""


class _Commands(click.Group):
    """The top-level group, and the one error boundary of every command under it: an
    expected failure escaping any command becomes one line on stderr and exit status 1
    (click's own usage errors keep their status 2 and usage text)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except EXPECTED as error:
            raise click.ClickException(one_line(error)) from None


def one_line(error: BaseException) -> str:
    """The error's message on one line (its kind when it has none).

    >>> one_line(ValueError("bad" + chr(10) + "value")), one_line(MemoryError())
    ('bad value', 'MemoryError: out of memory')
    """
    text = " ".join(str(error).split())
    if isinstance(error, MemoryError):
        return f"MemoryError: {text or 'out of memory'}"
    return text or type(error).__name__


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mahjongkit")
def main() -> None:
    """mahjongkit: Mahjong solitaire and Chinese Official Mahjong, fast."""
    # A bad MAHJONGKIT_IMPLEMENTATION is one clear line here, not a traceback in a command.
    from mahjongkit._impl import resolve

    try:
        resolve(None)
    except ValueError as error:
        raise click.ClickException(str(error)) from None


_solitaire.register(main)
_mcr.register(main)
_serve.register(main)
