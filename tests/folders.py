"""Running a test's code in a given working folder (click's ``isolated_filesystem`` is
deprecated from click 8.5, and the suite turns warnings into errors)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def working_in(folder: Path | None = None) -> Iterator[Path]:
    """Make ``folder`` (a fresh temporary one if ``None``) the working folder for the block."""
    with contextlib.ExitStack() as stack:
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        previous = os.getcwd()
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(previous)
