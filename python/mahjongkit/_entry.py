"""The ``mahjongkit`` command's entry point: ``mcr botzone`` straight to the bot, the rest
through the command line (:data:`mahjongkit.cli.main`).

Botzone may start a bot program for every turn, so ``mahjongkit mcr botzone`` does not build
the command line (click and the command modules cost about a fifth of such an answer's CPU
time, ``benchmarks/README.md``) when its arguments are ones :func:`botzone_arguments` reads
exactly as the command would. Anything else, ``--help`` and every mistake included, goes to
click, which answers as it always does. This module also holds the one error boundary that
both paths share (:data:`EXPECTED`, :func:`one_line`), so it imports nothing but ``sys``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

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


def botzone_arguments(args: Sequence[str]) -> tuple[str, bool] | None:
    """The player spec and ``--keep-running`` of ``mcr botzone`` arguments that need no
    help from click (each option at most once, a level of 1 to 3); ``None`` for any other
    arguments, which click then reads (and explains, when they are wrong).

    >>> botzone_arguments(["mcr", "botzone"]), botzone_arguments(["mcr", "botzone", "--level=1"])
    (('bot:2', False), ('bot:1', False))
    >>> botzone_arguments(["mcr", "botzone", "--player", "bots:Mine", "--keep-running"])
    ('bots:Mine', True)
    >>> [botzone_arguments(["mcr", "botzone", *a]) for a in (["--level", "4"], ["-h"], ["x"])]
    [None, None, None]
    """
    if list(args[:2]) != ["mcr", "botzone"]:
        return None
    values: dict[str, str] = {}
    rest = list(args[2:])
    while rest:
        name, equals, value = rest.pop(0).partition("=")
        if name in values:
            return None
        if name == "--keep-running" and not equals:
            value = ""
        elif name in ("--level", "--player"):
            if not equals:
                if not rest or rest[0].startswith("-"):
                    return None
                value = rest.pop(0)
            if name == "--level" and value not in LEVELS:
                return None
        else:
            return None
        values[name] = value
    spec = values.get("--player", f"bot:{values.get('--level', '2')}")
    return spec, "--keep-running" in values


def main(**click_options: Any) -> None:
    """Run the ``mahjongkit`` command on ``sys.argv`` (``click_options`` go to click)."""
    chosen = botzone_arguments(sys.argv[1:])
    if chosen is not None:
        from mahjongkit._impl import resolve

        try:
            resolve(None)  # a bad MAHJONGKIT_IMPLEMENTATION: click's group says so
        except ValueError:
            chosen = None
    if chosen is None:
        from mahjongkit.cli import main as command_line

        try:
            command_line(**click_options)
        except SystemExit:
            try:
                sys.stdout.flush()  # here, not at exit, where a closed pipe is a traceback
            except BrokenPipeError:
                quiet_broken_pipe()
                raise SystemExit(0) from None
            raise
        return
    from mahjongkit.mcr.botzone.program import serve

    spec, keep_running = chosen
    current_folder_on_path()
    try:
        status = serve(spec, keep_running=keep_running)
    except EXPECTED as error:
        sys.stderr.write(f"Error: {one_line(error)}\n")
        status = 1
    raise SystemExit(status)
