"""Every ``mahjongkit`` line of the README's and the guides' shell blocks runs, as a user would
run it: the installed ``mahjongkit`` script, in an empty folder, status 0.

A page's lines run in order in one fresh folder (a line may read what the line before wrote).
Three kinds of line are changed or left out, each named here so that the table goes stale
loudly (a test fails when an entry matches no line):

- :data:`SCALED`: sizes that show what the command is for (a million boards, 4,000 hands)
  are cut to a few seconds' work; the command and its other options are run as written.
- interactive lines (``play``) get an empty standard input: they start, draw, and end at EOF.
- ``serve`` runs on a free port (``--port`` as written is replaced), with ``BROWSER=true`` so
  ``--open`` opens nothing: the line passes when the page answers, then Ctrl-C (SIGINT) must
  stop it with status 0.

Lines that name a Dask cluster's address (``tcp://HEAD:8786``, a placeholder) are skipped,
saying so. No other line needs an optional extra.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = (
    "README.md",
    "docs/index.md",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs" / "guide").glob("*.md")),
)
DEADLINE = 180.0  # seconds a line may take (each takes a few on a loaded 2-core machine)
SCALED = {
    ("--seeds", "0:1000000"): "0:2000",  # batch: a million boards (144 MB) -> 2,000
    ("--hands", "4000"): "8",  # arena: 4,000 hands of level 3 (minutes) -> 8
}
PLACEHOLDER = "tcp://HEAD:"  # a cluster's address in the docs, not a machine
SCRIPT = Path(sys.executable).with_name("mahjongkit.exe" if os.name == "nt" else "mahjongkit")


def shell_lines(text: str) -> list[list[str]]:
    """The ``mahjongkit`` command lines of the bash blocks of a Markdown text, as argument
    lists: continuations joined, comments dropped, ``a && mahjongkit ...`` read as its
    ``mahjongkit`` part (the part before installs the package, which is installed here).

    >>> shell_lines("```bash" + chr(10) + "pip install . && mahjongkit deal \\\\" + chr(10)
    ...             + "  --seed 1   # a board" + chr(10) + "```")
    [['mahjongkit', 'deal', '--seed', '1']]
    """
    lines: list[list[str]] = []
    for block in re.findall(r"^```(?:bash|sh|console)\n(.*?)^```", text, re.S | re.M):
        for line in block.replace("\\\n", " ").splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words[:1] == ["mahjongkit"]:
                    lines.append(words)
    return lines


def scaled(words: list[str]) -> list[str]:
    """``words`` with the sizes of :data:`SCALED` cut."""
    out = list(words)
    for i in range(len(out) - 1):
        out[i + 1] = SCALED.get((out[i], out[i + 1]), out[i + 1])
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def environment(folder: Path) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MAHJONGKIT_IMPLEMENTATION")
    }
    env |= {"BROWSER": "true", "XDG_STATE_HOME": str(folder / ".state"), "NO_COLOR": "1"}
    return env


def serve(words: list[str], folder: Path) -> str | None:
    """Run a ``serve`` line until its page answers, then stop it with SIGINT; what went wrong."""
    if "--port" in words:
        i = words.index("--port")
        words = words[:i] + words[i + 2 :]
    port = free_port()
    log = folder / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(SCRIPT), *words[1:], "--port", str(port)],
            cwd=folder,
            env=environment(folder),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + DEADLINE
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    if answer.status != 200:
                        return f"the page answered {answer.status}"
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    return f"the server never answered: {log.read_text(errors='replace')}"
                time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=DEADLINE)
        if process.returncode != 0:
            return f"status {process.returncode} after Ctrl-C: {log.read_text(errors='replace')}"
        return None
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def placeholder(words: list[str]) -> bool:
    return any(PLACEHOLDER in word for word in words)


def lines_of(page: str) -> list[list[str]]:
    return shell_lines((ROOT / page).read_text(encoding="utf-8"))


@pytest.mark.skipif(os.name == "nt", reason="the serve lines are stopped with SIGINT")
@pytest.mark.parametrize("page", PAGES)
def test_the_pages_mahjongkit_lines_run_in_an_empty_folder(page: str, tmp_path: Path) -> None:
    assert SCRIPT.is_file(), f"the installed mahjongkit script is not at {SCRIPT}"
    failures = []
    for words in lines_of(page):
        if placeholder(words):
            continue  # test_lines_for_a_cluster_are_skipped_saying_so
        command = scaled(words)
        if command[1] == "serve":
            problem = serve(command, tmp_path)
        else:
            done = subprocess.run(
                [str(SCRIPT), *command[1:]],
                cwd=tmp_path,
                env=environment(tmp_path),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=DEADLINE,
            )
            problem = None if done.returncode == 0 else f"status {done.returncode}: {done.stderr}"
        if problem is not None:
            failures.append(f"{shlex.join(words)}: {problem}")
    assert failures == []


@pytest.mark.parametrize(
    "line", [shlex.join(w) for page in PAGES for w in lines_of(page) if placeholder(w)]
)
def test_lines_for_a_cluster_are_skipped_saying_so(line: str) -> None:
    pytest.skip(f"needs a Dask cluster at a placeholder address: {line}")


def test_every_page_has_lines_and_every_scaled_size_is_documented() -> None:
    found = {page: lines_of(page) for page in PAGES}
    assert found["README.md"], "the README has mahjongkit lines"
    words = [w for lines in found.values() for line in lines for w in line]
    pairs = set(itertools.pairwise(words))
    assert set(SCALED) <= pairs, f"stale SCALED entries: {set(SCALED) - pairs}"
