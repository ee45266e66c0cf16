"""The ``mahjongkit`` command line: solitaire commands at the top level, MCR under ``mcr``.

Each game keeps its commands in its own module here; this one only assembles them, and
imports a module only when one of its commands runs: ``mahjongkit mcr botzone`` may be
started once per turn by Botzone, and ``mahjongkit --help`` should not load a game engine
(``benchmarks/bench_startup.py``). The short help ``--help`` lists is kept in
:data:`COMMANDS` for that reason; a test checks it against the commands themselves.
"""

from __future__ import annotations

import importlib
from typing import Final

import click
from click.utils import make_default_short_help

from mahjongkit._version import __version__

COMMANDS: Final = {
    # name: (module under mahjongkit.cli, its attribute, the short help --help shows)
    "batch": (
        "solitaire",
        "batch_command",
        "Write the boards of a seed range to a .npy file (uint8[boards, slots], row i = seed"
        " A + i) or JSON Lines (one board a line: layout, seed, faces).",
    ),
    "daily": (
        "solitaire",
        "daily_command",
        "Deal the Daily Challenge: the Turtle with the seed of the date.",
    ),
    "deal": ("solitaire", "deal_command", "Deal the solvable board of a layout and seed."),
    "layouts": (
        "solitaire",
        "layouts_command",
        "List the built-in layouts: name, tiles, tiles free at the start.",
    ),
    "mcr": ("mcr", "mcr", "Chinese Official Mahjong (MCR): scoring and play."),
    "play": (
        "solitaire",
        "play_command",
        "Play in the terminal: type two tile ids to remove a pair, ? for help.",
    ),
    "search": (
        "solitaire",
        "search_command",
        "Find the seeds whose boards satisfy a condition; matches go to stdout in seed order.",
    ),
    "serve": (
        "serve",
        "serve_command",
        "Play solitaire in the browser, and serve the JSON API (listed at /api).",
    ),
}
"""Every top-level command, where it lives, and its short help (checked by a test)."""


class _LazyGroup(click.Group):
    """A group whose commands are imported when one is looked up to run."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module = importlib.import_module(f"mahjongkit.cli.{entry[0]}")
        command: click.Command = getattr(module, entry[1])
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))  # as click.Group lays it out
        rows = [(name, make_default_short_help(COMMANDS[name][2], limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mahjongkit")
def main() -> None:
    """mahjongkit: Mahjong solitaire and Chinese Official Mahjong, fast."""
    # A bad MAHJONGKIT_IMPLEMENTATION is one clear line here, not a traceback in a command.
    from mahjongkit._impl import resolve

    try:
        resolve(None)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
