"""The ``mahjongkit`` command line: solitaire commands at the top level, MCR under ``mcr``.

Each game keeps its commands in its own module here; this one assembles them, holds the
one error boundary every command shares (its rule, :data:`~mahjongkit._entry.EXPECTED`,
lives in the entry point), and imports a module only when one of its commands runs:
``mahjongkit --help`` should not load a game engine (``benchmarks/bench_startup.py``). For
the same reason ``--help`` reads each command's short help from its docstring in the
module's source, without importing the module. ``mahjongkit mcr botzone``, which Botzone
may start once per turn, usually does not come here at all: the ``mahjongkit`` script's
entry point, :mod:`mahjongkit._entry`, starts the bot itself.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Final

import click

from mahjongkit._entry import EXPECTED, one_line, quiet_broken_pipe
from mahjongkit._version import __version__

COMMANDS: Final = {
    # name: (module under mahjongkit.cli, the command's attribute there)
    "batch": ("solitaire", "batch_command"),
    "daily": ("solitaire", "daily_command"),
    "deal": ("solitaire", "deal_command"),
    "layouts": ("solitaire", "layouts_command"),
    "mcr": ("mcr", "mcr"),
    "play": ("solitaire", "play_command"),
    "search": ("solitaire", "search_command"),
    "serve": ("serve", "serve_command"),
}
"""Every top-level command and where it lives (a test checks it against the modules)."""


def _short_help(name: str, limit: int) -> str:
    """A command's short help as click makes it, read from its function's docstring in the
    module's source (parsing the source costs milliseconds; importing a game, a lot more)."""
    import ast  # here, not at the top: only --help needs them
    import inspect

    module, attribute = COMMANDS[name]
    source = Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == attribute:
            text = inspect.cleandoc(ast.get_docstring(node) or "").split("\f")[0]
            # click's own shortening, through a stand-in command (its helper function is
            # deprecated in click 8.5; the method stays)
            return click.Command(name, help=text).get_short_help_str(limit)
    return ""


class _LazyGroup(click.Group):
    """A group whose commands are imported when one is looked up to run; the top-level
    group, and so the one error boundary of every command under it: an expected failure
    escaping any command becomes one line on stderr and exit status 1 (click's own usage
    errors keep their status 2 and usage text); a reader of the output that went away
    (``| head``) ends the command quietly with status 0."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # the reader went away (`| head`): not an error
            quiet_broken_pipe()
            ctx.exit(0)
        except EXPECTED as error:
            raise click.ClickException(one_line(error)) from None

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
        rows = [(name, _short_help(name, limit)) for name in names]
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
