"""One side of a side-by-side benchmark, run in a child process of its own.

Each side imports its own build of the package (a folder put first on ``PYTHONPATH``, or the
installed one), so the two sides never share a process, and the child runs in a temporary folder
so that it never imports the source tree by accident. The child prints its figures as JSON on its
last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def run_child(argv: Sequence[str], package: Path | str | None, **env: str) -> Any:
    """Run ``python *argv`` with ``package`` (a folder holding ``mahjongkit``; None: the
    installed one) and the extra environment ``env``; the JSON the child printed last."""
    child_env = dict(os.environ, **env)
    if package is None:
        child_env.pop("PYTHONPATH", None)
    else:
        child_env["PYTHONPATH"] = str(Path(package).resolve())
    out = subprocess.run(
        [sys.executable, *argv],
        env=child_env,
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    ).stdout
    return json.loads(out.strip().splitlines()[-1])
