"""The signals that end a process, turned into an exception while a file is being written,
so they take Ctrl-C's way out and nothing is left behind (a batch file, a records export).

SIGTERM and SIGHUP end a process by default, without running ``finally`` blocks; while
:func:`stopping_signals_as_interrupt` runs they raise :class:`Terminated` instead, a
``KeyboardInterrupt`` (SIGINT is Ctrl-C's already). SIGKILL cannot be caught.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Final


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived while a file was written: it took Ctrl-C's way out
    (nothing is left behind), so it is a ``KeyboardInterrupt`` too; ``signum`` names it."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by {signal.Signals(signum).name}")
        self.signum = signum


STOPPING_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that end a process by default and that :func:`stopping_signals_as_interrupt`
turns into :class:`Terminated`."""


def exit_status(error: KeyboardInterrupt) -> int:
    """The status a command exits with after ``error``: 128 + the signal's number, as a shell
    reports a process ended by it (143 for SIGTERM, 129 for SIGHUP, 130 for Ctrl-C)."""
    return 128 + (error.signum if isinstance(error, Terminated) else signal.SIGINT)


@contextlib.contextmanager
def stopping_signals_as_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`Terminated`, so they leave
    the way Ctrl-C does (temporary files removed). Only in the main thread (where Python runs
    handlers) and only for a signal that has its default action; the previous handlers are
    put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise Terminated(signum)

    taken = [s for s in STOPPING_SIGNALS if signal.getsignal(s) is signal.SIG_DFL]
    for signum in taken:
        signal.signal(signum, terminate)
    try:
        yield
    finally:
        for signum in taken:
            signal.signal(signum, signal.SIG_DFL)
