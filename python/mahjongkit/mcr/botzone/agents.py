"""The judge's side of a bot: an in-process player, or a program run as a subprocess.

A program speaks the protocol on its standard input and output (see
:mod:`mahjongkit.mcr.botzone.adapter`). :class:`ProgramAgent` gives it each request within a
time limit and reads its answer; it never blocks past the deadline and never leaves a
process behind: the program runs in its own session (process group), which is killed as a
whole when the agent closes, when the program overruns, or when the judge exits. Where the
platform has ``resource.setrlimit``, the program's address space is capped.

A program that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer stays alive
and is sent only the next request; one that exits is started again with the whole log (the
simple mode's count line, the requests, its own responses, and empty ``data`` and
``globaldata`` lines), or, in the JSON modes, with ``{"requests": [...], "responses":
[...]}``, answering ``{"response": "..."}``. In ``json`` mode the program's input is closed
after that line, so it runs one turn; in ``json-long`` mode the input stays open, and a
program that prints the marker is sent each later request alone as a JSON string line
(``"2 W1"``).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from mahjongkit.mcr.botzone.adapter import BotzoneBot, Player
from mahjongkit.mcr.botzone.protocol import KEEP_RUNNING

OK: Final = "OK"
TLE: Final = "TLE"  # no answer within the time limit
RE: Final = "RE"  # exited (crashed) without an answer
OLE: Final = "OLE"  # printed more than an answer can be
MAX_OUTPUT: Final = 1 << 16
MODES: Final = ("simple", "json", "json-long")
"""How a program is spoken to (see the module's description)."""


@dataclass(frozen=True)
class Reply:
    """A bot's answer to one request: the verdict (``OK`` or why not), the response line
    (``None`` unless the verdict is ``OK``) and the seconds it took."""

    verdict: str
    text: str | None
    seconds: float


class PlayerAgent:
    """A ``choose(view)`` player answering in-process through the adapter.

    Its exceptions are its seat's fault (``RE``), but it runs in the judge's own thread: the
    time limit cannot stop it, so only trusted players run in-process (programs run as
    :class:`ProgramAgent`)."""

    def __init__(self, player: Player, name: str = "") -> None:
        self.name = name or type(player).__name__
        self._player = player
        self._bot = BotzoneBot(player)
        self._pending = ""

    def start(self) -> None:
        self._bot = BotzoneBot(self._player)

    def send(self, request: str) -> None:
        self._pending = request

    def receive(self, timeout: float) -> Reply:
        start = time.perf_counter()
        try:
            text = self._bot.step(self._pending)
        except Exception as error:  # a player's bug is its seat's fault, not the judge's
            return Reply(RE, f"{type(error).__name__}: {error}", time.perf_counter() - start)
        return Reply(OK, text, time.perf_counter() - start)

    def close(self) -> None:
        pass


_LIVE: weakref.WeakSet[ProgramAgent] = weakref.WeakSet()


def _close_all() -> None:
    for agent in list(_LIVE):
        agent.close()


atexit.register(_close_all)


def _limit_memory(megabytes: int | None) -> Callable[[], None] | None:
    if megabytes is None:
        return None
    try:
        import resource
    except ImportError:  # pragma: no cover - not on this platform
        return None
    limit = megabytes << 20

    def apply() -> None:  # runs in the child between fork and exec
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


class ProgramAgent:
    """A protocol program run as a subprocess (see the module's description)."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        mode: str = "simple",
        memory_mb: int | None = None,
        name: str = "",
        stderr: int | None = subprocess.DEVNULL,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"the I/O mode is one of {', '.join(MODES)}, not {mode!r}")
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an empty command")
        self.name = name or " ".join(self.argv)
        self.mode = mode
        self.memory_mb = memory_mb
        self._stderr = stderr
        self._proc: subprocess.Popen[bytes] | None = None
        self._alive = False  # the program asked to keep running
        self._requests: list[str] = []
        self._responses: list[str] = []
        self._buffer = b""
        self._started = 0.0
        _LIVE.add(self)

    def start(self) -> None:
        self.close()
        self._requests, self._responses = [], []

    def _spawn(self) -> None:
        proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            start_new_session=True,  # its own process group, killed as a whole
            preexec_fn=_limit_memory(self.memory_mb),
        )
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        self._proc, self._buffer = proc, b""

    def _write(self, text: str) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        # A program that died already shows as no answer when it is read.
        with contextlib.suppress(OSError):
            proc.stdin.write(text.encode())
            proc.stdin.flush()
            if self.mode == "json":
                proc.stdin.close()

    def send(self, request: str) -> None:
        """Give the program the next request (starting it when it is not running)."""
        self._requests.append(request)
        self._started = time.perf_counter()
        if self._alive and self._proc is not None:
            self._write((json.dumps(request) if self.mode == "json-long" else request) + "\n")
            return
        self._kill()
        self._spawn()
        if self.mode != "simple":
            payload = {"requests": self._requests, "responses": self._responses}
            self._write(json.dumps(payload) + "\n")
            return
        # the count, every request, the program's own earlier responses, data, globaldata
        log = [str(len(self._requests)), *self._requests, *self._responses, "", ""]
        self._write("\n".join(log) + "\n")

    def receive(self, timeout: float) -> Reply:
        """The answer to the last request sent, waiting until ``timeout`` seconds after the
        request was sent at most."""
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        deadline = self._started + timeout
        lines: list[bytes] = []
        finished = False  # the program ended its answer (the marker, or by exiting)
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            while not finished:
                *complete, self._buffer = self._buffer.split(b"\n")
                for raw in complete:
                    if raw.strip() == KEEP_RUNNING.encode():
                        finished = True
                        # its input is closed in json mode: it is started again next turn
                        self._alive = self.mode != "json"
                        break
                    lines.append(raw)
                if finished:
                    break
                if len(self._buffer) + sum(len(x) for x in lines) > MAX_OUTPUT:
                    return self._fail(OLE)
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    return self._fail(TLE)
                if not selector.select(remaining):
                    continue
                try:
                    chunk = os.read(proc.stdout.fileno(), 65536)
                except BlockingIOError:
                    continue
                if not chunk:  # the program ended: its answer is what it printed
                    lines.append(self._buffer)
                    self._buffer = b""
                    self._kill()
                    finished = True
                self._buffer += chunk
        seconds = time.perf_counter() - self._started
        text = next((x.decode(errors="replace").strip() for x in lines if x.strip()), None)
        if text is None:
            if not self._alive:
                return self._fail(RE, seconds)
            text = ""  # a marker without an answer: no response at all
        if self.mode != "simple":
            with contextlib.suppress(ValueError, KeyError, TypeError):
                text = str(json.loads(text)["response"])
        self._responses.append(text)
        return Reply(OK, text, seconds)

    def _fail(self, verdict: str, seconds: float | None = None) -> Reply:
        self._kill()
        spent = time.perf_counter() - self._started if seconds is None else seconds
        return Reply(verdict, None, spent)

    def _kill(self) -> None:
        proc = self._proc
        self._alive = False
        if proc is None:
            return
        self._proc = None
        # The leader is never reaped before this (nothing polls it), so its pid, which names
        # the group, cannot have been reused: the kill reaches the program and its children.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def close(self) -> None:
        """Kill the program (and its process group) if it runs."""
        self._kill()


Agent = PlayerAgent | ProgramAgent
