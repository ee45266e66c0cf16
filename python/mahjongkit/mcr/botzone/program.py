"""A bot as a Botzone program: serving one hand on standard input and output.

:func:`serve` is ``mahjongkit mcr botzone`` without the command line around it, and is also
what a packed bot runs (:mod:`~.pack` writes one). It imports what it needs when it runs,
so the packed bot's modules are those this module reaches (:func:`.pack.bot_modules`).
"""

from __future__ import annotations

import sys
from typing import BinaryIO, TextIO


def serve(
    spec: str,
    *,
    keep_running: bool = False,
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Serve one hand as the player ``spec`` names (see :mod:`~.adapter`); the exit status:
    0, or 1 with one line on ``stderr`` when the input is no Botzone log or the spec names
    no player. A bad request is answered ``PASS`` (one line on ``stderr`` says why)."""
    import io

    from mahjongkit.mcr.botzone.adapter import run
    from mahjongkit.mcr.players.spec import make_player

    raw = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        player = make_player(spec, seed="botzone")
        # invalid UTF-8 is a bad request (answered PASS), not a crash
        inp = io.TextIOWrapper(raw, encoding="utf-8", errors="replace")
        run(player, inp, out, keep_running=keep_running, err=err)
    except ValueError as error:
        err.write(f"Error: {error}\n")
        return 1
    except BrokenPipeError:  # the judge went away: nobody is left to answer
        return 0
    return 0
