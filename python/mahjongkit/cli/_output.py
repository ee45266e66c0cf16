"""Output files named on the command line: checked before the work, written whole at the end.

A command that writes its answer to a file checks the path first (:func:`checked`), so a
missing folder or a device is one error line before any work is done; at the end it writes
the file atomically (:func:`write`), and if even that fails (the disk filled up meanwhile)
the answer is not lost: it goes to standard output, and the error line says so.
"""

from __future__ import annotations

import click

from mahjongkit._files import check_writable, write_text_atomically


def checked(path: str | None) -> str | None:
    """``path`` (or ``None``) if a file may be written there; else a ``ClickException``."""
    if path is not None:
        try:
            check_writable(path)
        except OSError as error:
            raise click.ClickException(str(error)) from None
    return path


def write(path: str, text: str, what: str) -> None:
    """Write ``text`` to ``path`` whole; on failure print it to standard output instead and
    raise a ``ClickException`` that says where ``what`` went."""
    try:
        write_text_atomically(path, text)
    except OSError as error:
        click.echo(text, nl=not text.endswith("\n"))
        raise click.ClickException(f"{error}; {what} went to standard output instead") from None
