"""The progress bar the long commands share (batch, search, arena, records export): on
stderr, so data written to stdout stays clean; rich is imported only when a bar is made."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def progress_bar(total: int, what: str, enabled: bool | None) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr for ``total`` items named ``what``, shown on a terminal
    (``enabled=None``) or as told; it yields the function to call with the count done."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    if not (console.is_terminal if enabled is None else enabled):
        yield lambda done: None
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        redirect_stdout=False,  # rich would otherwise capture the data written to stdout
        redirect_stderr=False,
    ) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done: bar.update(task, completed=done)
