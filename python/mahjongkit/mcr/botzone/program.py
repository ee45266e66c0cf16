"""A bot as a Botzone program: serving one hand on standard input and output, and packing
the bot into one file that Botzone runs with its own Python.

:func:`serve` is ``mahjongkit mcr botzone`` without the command line around it, and is also
what a packed bot runs. :func:`pack` writes a Python zip application (a zip file whose root
holds ``__main__.py``; ``python3 bot.pyz`` runs it): Botzone's way to upload a Python bot of
several files (``docs/botzone.md``). It holds the pure-Python modules the bot needs (with
their bytecode for the packing Python, used when the running Python is the same version)
and no compiled core, so any CPython 3.10 or newer runs it with nothing installed; the
answers are those of the installed bot with ``impl="python"`` (the twins give the C++
core's results).
"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path
from typing import BinaryIO, Final, TextIO

from mahjongkit._version import __version__

PACKED: Final = (
    # the package's files the bot needs, relative to the package folder: everything but
    # the command line, the web app, solitaire, the RL environments and the arena
    "__init__.py",
    "_version.py",
    "_impl.py",
    "tiles.py",
    "refusal.py",
    "mcr/",
)
LEFT_OUT: Final = ("mcr/rl/", "mcr/env.py", "mcr/encoding.py", "mcr/arena.py")
MAIN: Final = '''\
"""A mahjongkit {version} bot (level {level}) for Botzone's Chinese Standard Mahjong."""
import os
import sys

if sys.version_info < (3, 10):
    sys.stderr.write("this bot needs Python 3.10 or newer, not %d.%d\\n" % sys.version_info[:2])
    sys.exit(1)
os.environ["MAHJONGKIT_IMPLEMENTATION"] = "python"  # the pure-Python twins: no compiled core
from mahjongkit.mcr.botzone.program import serve

sys.exit(serve("bot:{level}", keep_running={keep_running}))
'''


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


def _bytecode(path: Path, name: str) -> bytes:
    """``path`` compiled to a ``.pyc`` that is used without checking its source (the zip
    never changes), naming ``name`` in tracebacks."""
    import py_compile
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "module.pyc"
        py_compile.compile(
            str(path),
            cfile=str(target),
            dfile=name,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        return target.read_bytes()


def pack(target: str | os.PathLike[str], *, level: int = 2, keep_running: bool = False) -> int:
    """Write the bot at ``level`` as one zip application to ``target``; the number of
    modules in it. Botzone's restart-per-turn JSON mode is served unless ``keep_running``
    (then the JSON mode stays alive between turns too; the simple mode always does)."""
    from mahjongkit.mcr.players.bot import LEVELS

    if level not in LEVELS:
        raise ValueError(f"bot levels are {LEVELS}, not {level}")
    root = Path(__file__).resolve().parents[2]  # the mahjongkit package folder
    files: list[Path] = []
    for entry in PACKED:
        path = root / entry
        files.extend(sorted(path.rglob("*.py")) if entry.endswith("/") else [path])
    chosen = [
        f
        for f in files
        if not any(f.relative_to(root).as_posix().startswith(skip) for skip in LEFT_OUT)
    ]
    main = MAIN.format(version=__version__, level=level, keep_running=keep_running)
    stamp = (2020, 1, 1, 0, 0, 0)  # the same bytes for the same sources
    target = Path(target)
    partial = target.with_name(f".{target.name}.part")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(zipfile.ZipInfo("__main__.py", stamp), main)
            for path in chosen:
                name = "mahjongkit/" + path.relative_to(root).as_posix()
                archive.writestr(zipfile.ZipInfo(name, stamp), path.read_bytes())
                # compiled beside it, so a run does not compile it again: a Python whose
                # bytecode differs ignores the .pyc and reads the source (zipimport does)
                archive.writestr(zipfile.ZipInfo(name + "c", stamp), _bytecode(path, name))
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return len(chosen)
