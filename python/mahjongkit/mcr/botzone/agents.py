"""The judge's side of a bot: an in-process player, or a program run as a subprocess.

A program speaks the protocol on its standard input and output (see
:mod:`mahjongkit.mcr.botzone.adapter`). :class:`ProgramAgent` gives it each request within a
time limit and reads its answer (:func:`receive_all` reads several programs at once, each
against its own deadline); it never blocks past the deadline and never leaves a process
behind: the program and every process it started (:mod:`~.procs` finds them) are killed
when the agent closes, when the program overruns, or when the judge exits. Where the
platform has ``resource.setrlimit``, the program's address space is capped.

A program that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer stays alive
and is sent only the next request; one that exits is started again with the whole log (the
simple mode's count line, then request 1, its response 1, ..., the last request, as
Botzone interleaves them, and empty ``data`` and ``globaldata`` lines), or, in the JSON
modes, with ``{"requests": [...], "responses": [...]}``, answering
``{"response": "..."}``. An answer is read as Botzone's platform reads it: in the simple
mode the first line of the output exactly as printed, in the JSON modes the whole output as
one JSON value (:func:`json_response`). In ``json`` mode the program's input is closed
after that line, so it runs one turn; in ``json-long`` mode the input stays open, and a
program that prints the marker is sent each later request alone as a JSON string line
(``"2 W1"``).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import secrets
import selectors
import shlex
import shutil
import signal
import stat
import subprocess
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mahjongkit.mcr.botzone.adapter import BotzoneBot, Player
from mahjongkit.mcr.botzone.procs import Session
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


def json_response(output: str) -> str:
    """The response in a JSON-mode program's output, read as Botzone reads it: the whole
    output is one JSON value (indented over many lines or not); the response is its
    ``"response"`` when it is an object holding one, else the value itself. A value that is
    not a string is given as JSON, and output that is not JSON as it is: the judge refuses
    both (``WA``).

    >>> json_response('{"response": "PASS", "debug": ""}'), json_response('"PASS"')
    ('PASS', 'PASS')
    >>> json_response('{' + chr(10) + '  "response": "PLAY B6"' + chr(10) + '}')
    'PLAY B6'
    >>> json_response('{"debug": 1}'), json_response("PASS")
    ('{"debug": 1}', 'PASS')
    """
    try:
        value = json.loads(output)
    except ValueError:
        return output.strip("\n")
    if isinstance(value, dict) and "response" in value:
        value = value["response"]
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def check_command(command: str | Sequence[str], what: str) -> list[str]:
    """The program's argument list, checked before the hand starts: ``ValueError`` naming
    ``what`` when it is empty, cannot be split, or its program is missing or not
    executable."""
    try:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as error:
        raise ValueError(f"{what}: cannot read the command {command!r}: {error}") from None
    if not argv:
        raise ValueError(f"{what}: an empty command")
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        if not os.path.exists(program):
            raise ValueError(f"{what}: {program!r} does not exist")
        mode = os.stat(program).st_mode
        if not stat.S_ISREG(mode) or not mode & 0o111 or not os.access(program, os.X_OK):
            raise ValueError(f"{what}: {program!r} is not an executable file")
    elif shutil.which(program) is None:
        raise ValueError(f"{what}: no program {program!r} on the PATH")
    return argv


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
        cwd: str | os.PathLike[str] | None = None,
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
        self._cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._session: Session | None = None
        self._alive = False  # the program asked to keep running
        self._requests: list[str] = []
        self._responses: list[str] = []
        self._buffer = b""
        self._lines: list[bytes] = []
        self._started = 0.0
        self._cpu_at_send = 0.0
        self.measure_cpu = False
        """Whether to measure :attr:`last_cpu` (the judge's ``strict_time``)."""
        self.last_cpu = 0.0
        """CPU seconds the program's processes used for the last answer (0 where unknown)."""
        self.fresh = True
        """Whether the program was started for the last request (Botzone's first-run limit
        applies) rather than kept running from an earlier turn."""
        _LIVE.add(self)

    def start(self) -> None:
        self.close()
        self._requests, self._responses = [], []

    def _spawn(self) -> None:
        token = secrets.token_hex(8)
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=self._cwd,
                start_new_session=True,  # its own session and process group
                env=Session.environment(token),  # the marker its helpers inherit
                preexec_fn=_limit_memory(self.memory_mb),
            )
        except OSError:  # gone or not executable since the judge checked: no answer (RE)
            self._proc = None
            return
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        self._proc, self._buffer, self._lines = proc, b"", []
        self._session = Session(proc.pid, token)

    def _write(self, text: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return
        # A program that died already shows as no answer when it is read.
        with contextlib.suppress(OSError):
            proc.stdin.write(text.encode())
            proc.stdin.flush()
            if self.mode == "json":
                proc.stdin.close()

    def send(self, request: str) -> None:
        """Give the program the next request (starting it when it is not running)."""
        self._requests.append(request)
        self._lines = []
        if self._alive and self._proc is not None:
            self.fresh = False
            self._started = time.perf_counter()
            self._cpu_at_send = self.cpu_seconds() if self.measure_cpu else 0.0
            self._write((json.dumps(request) if self.mode == "json-long" else request) + "\n")
            return
        self._kill()
        self.fresh = True
        self._started = time.perf_counter()
        self._spawn()
        self._cpu_at_send = 0.0
        if self.mode != "simple":
            payload = {"requests": self._requests, "responses": self._responses}
            self._write(json.dumps(payload) + "\n")
            return
        # the count, then request 1, response 1, ..., request n as Botzone interleaves them,
        # then the data and globaldata lines (empty: the judge keeps nothing for a program)
        log = [str(len(self._requests))]
        for index, request in enumerate(self._requests):
            log.append(request)
            if index < len(self._responses):
                log.append(self._responses[index])
        self._write("\n".join([*log, "", ""]) + "\n")

    def cpu_seconds(self) -> float:
        """CPU time the program's processes have used so far (0 where it is not measured)."""
        return self._session.cpu_seconds() if self._session is not None else 0.0

    # -- reading the answer (several programs at once: see receive_all) ---------------------

    def fileno(self) -> int | None:
        """The pipe the answer comes on; ``None`` when the program could not be started."""
        proc = self._proc
        return None if proc is None or proc.stdout is None else proc.stdout.fileno()

    def deadline(self, timeout: float) -> float:
        return self._started + timeout

    def _parse(self) -> bool:
        """Take the complete lines in the buffer; whether the answer is complete (the
        program printed the marker)."""
        *complete, self._buffer = self._buffer.split(b"\n")
        for raw in complete:
            if raw.strip() == KEEP_RUNNING.encode():
                # its input is closed in json mode: it is started again next turn
                self._alive = self.mode != "json"
                # anything after the marker is output no request asked for: drop it
                return True
            self._lines.append(raw)
        return False

    def _read(self) -> Reply | None:
        """Read what the pipe holds now; the reply once the answer is complete."""
        fd = self.fileno()
        if fd is None:
            return self._fail(RE)
        while True:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                break
            except OSError:
                chunk = b""
            if not chunk:  # the program ended: its answer is what it printed
                self._lines.append(self._buffer)
                self._buffer = b""
                self._alive = False
                reply = self._finish()
                self._kill()
                return reply
            self._buffer += chunk
            if self._parse():
                return self._finish()
            if len(self._buffer) + sum(len(x) for x in self._lines) > MAX_OUTPUT:
                return self._fail(OLE)
        return None

    def _finish(self) -> Reply:
        seconds = time.perf_counter() - self._started
        if self.measure_cpu:
            self.last_cpu = self.cpu_seconds() - self._cpu_at_send
        elif self._session is not None:
            self._session.note()  # its helpers, so they are killed even if orphaned later
        lines = [x.decode(errors="replace") for x in self._lines]
        if not any(line.strip() for line in lines):
            if not self._alive:
                return self._fail(RE, seconds)
            text = ""  # a marker without an answer: no response at all
        elif self.mode == "simple":
            text = lines[0]  # Botzone's response: the first line, exactly as printed
        else:
            text = json_response("\n".join(lines))
        self._responses.append(text)
        return Reply(OK, text, seconds)

    def _expire(self) -> Reply:
        """The deadline passed: what the pipe already holds still counts, then it is late."""
        reply = self._read()
        return reply if reply is not None else self._fail(TLE)

    def receive(self, timeout: float) -> Reply:
        """The answer to the last request sent, waiting until ``timeout`` seconds after the
        request was sent at most."""
        return receive_all([self], [timeout])[0]

    def _fail(self, verdict: str, seconds: float | None = None) -> Reply:
        self._kill()
        spent = time.perf_counter() - self._started if seconds is None else seconds
        return Reply(verdict, None, spent)

    def _kill(self) -> None:
        proc, session = self._proc, self._session
        self._alive = False
        if proc is None:
            return
        self._proc = self._session = None
        # The leader is never reaped before this (nothing polls it), so its pid, which names
        # the group and the session, cannot have been reused.
        if session is not None:
            session.kill_all()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def close(self) -> None:
        """Kill the program and every process it started, if it runs."""
        self._kill()


Agent = PlayerAgent | ProgramAgent


def receive_all(
    agents: Sequence[Any], timeouts: Sequence[float], *, cpu: bool = False
) -> list[Reply]:
    """Every agent's answer to the request it was last sent, each within its own timeout
    (seconds after its request was sent), read together: one wait over all the programs'
    pipes, so a program that hangs costs only its own seat, and what a program printed
    before its deadline counts even when the judge looks at it later. In-process agents (and
    any agent without a pipe) answer first, one after another. With ``cpu``, a program
    whose processes used more CPU time than its timeout is late too (Botzone's machines give
    a bot one core: time spread over several cores there adds up)."""
    replies: list[Reply | None] = [None] * len(agents)
    waiting: dict[int, int] = {}  # fd -> index
    for index, agent in enumerate(agents):
        if isinstance(agent, ProgramAgent):
            fd = agent.fileno()
            if fd is None:
                replies[index] = agent._fail(RE)
            else:
                waiting[fd] = index
        else:
            replies[index] = agent.receive(timeouts[index])
    with selectors.DefaultSelector() as selector:
        for fd in waiting:
            selector.register(fd, selectors.EVENT_READ)
        while waiting:
            now = time.perf_counter()
            for fd, index in list(waiting.items()):
                agent = agents[index]
                if now >= agent.deadline(timeouts[index]):
                    replies[index] = agent._expire()
                    selector.unregister(fd)
                    del waiting[fd]
            if not waiting:
                break
            soonest = min(agents[i].deadline(timeouts[i]) for i in waiting.values())
            for key, _ in selector.select(max(0.0, soonest - time.perf_counter())):
                index = waiting[key.fd]
                reply = agents[index]._read()
                if reply is not None:
                    replies[index] = reply
                    selector.unregister(key.fd)
                    del waiting[key.fd]
    result = [r for r in replies if r is not None]
    assert len(result) == len(agents)
    if cpu:
        for index, agent in enumerate(agents):
            reply = result[index]
            if isinstance(agent, ProgramAgent) and reply.verdict == OK:
                used = agent.last_cpu
                if used > timeouts[index]:
                    result[index] = Reply(TLE, None, reply.seconds)
    return result
