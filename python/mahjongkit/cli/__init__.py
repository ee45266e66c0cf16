"""The ``mahjongkit`` command line: solitaire commands at the top level, MCR under ``mcr``.

Each game keeps its commands in its own module here; this one only assembles them.
"""

from __future__ import annotations

import click

from mahjongkit import __version__
from mahjongkit.cli import mcr as _mcr
from mahjongkit.cli import records as _records
from mahjongkit.cli import serve as _serve
from mahjongkit.cli import solitaire as _solitaire


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
_records.register(_mcr.mcr)
_serve.register(main)
