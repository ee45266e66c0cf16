"""The ``mahjongkit`` command's entry point: ``mcr botzone`` straight to the bot, the rest
through the command line (:data:`mahjongkit.cli.main`).

Botzone may start a bot program for every turn, so ``mahjongkit mcr botzone`` does not build
the command line (click and the command modules cost about a fifth of such an answer's CPU
time, ``benchmarks/README.md``) when its arguments are ones :func:`botzone_arguments` reads
exactly as the command would. Anything else, ``--help`` and every mistake included, goes to
click, which answers as it always does. The error boundary both paths share is
:mod:`mahjongkit._boundary`'s (imported by this module and by the command line alike, so
neither imports the other back).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from mahjongkit._boundary import (
    EXPECTED,
    LEVELS,
    current_folder_on_path,
    one_line,
    quiet_broken_pipe,
)


def botzone_arguments(args: Sequence[str]) -> tuple[str, bool] | None:
    """The player spec and ``--keep-running`` of ``mcr botzone`` arguments that need no
    help from click (each option at most once, a level of ``LEVELS``); ``None`` for any other
    arguments, which click then reads (and explains, when they are wrong).

    >>> botzone_arguments(["mcr", "botzone"]), botzone_arguments(["mcr", "botzone", "--level=1"])
    (('bot:2', False), ('bot:1', False))
    >>> botzone_arguments(["mcr", "botzone", "--player", "bots:Mine", "--keep-running"])
    ('bots:Mine', True)
    >>> [botzone_arguments(["mcr", "botzone", *a]) for a in (["--level", "5"], ["-h"], ["x"])]
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
