"""Every process a bot program started, found and killed; its CPU time (Linux ``/proc``).

A program runs in a fresh session (so its process group is its own) with a marker in its
environment, ``MAHJONGKIT_BOT=<token>``, which every process it starts inherits. A helper
can leave the group (``setsid -f``), and one whose parent exits is handed to init; so the
members of a bot are found three ways, and any one is enough: a descendant of the program
(following parent links, noted while the program runs, so a helper orphaned later is still
known), a process in the program's session or group, and a process whose environment holds
the marker. :func:`kill_all` sends ``SIGKILL`` to them and looks again until none is left.
A process that leaves the session, clears its environment and is orphaned before anyone
looked escapes; run untrusted programs in a container or a cgroup for that.

Where there is no ``/proc`` (macOS, Windows), only the process group is killed and CPU time
is not measured.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

MARKER: Final = "MAHJONGKIT_BOT"
_PROC: Final = Path("/proc")
_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
HAVE_PROC: Final = (_PROC / "self" / "stat").exists()


@dataclass(frozen=True)
class Stat:
    """The fields of ``/proc/PID/stat`` used here."""

    pid: int
    ppid: int
    group: int
    session: int
    start: int  # clock ticks after boot: with the pid, names one process for good
    cpu: float  # seconds of user and system time, its waited-for children's included
    zombie: bool


def stat(pid: int) -> Stat | None:
    """A process's stat, or ``None`` when it is gone (or there is no ``/proc``)."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except (OSError, ValueError):
        return None
    # the command name is in parentheses and may hold anything: split after the last ')'
    fields = text[text.rfind(")") + 2 :].split()
    ticks = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return Stat(
        pid=pid,
        ppid=int(fields[1]),
        group=int(fields[2]),
        session=int(fields[3]),
        start=int(fields[19]),
        cpu=ticks / _TICKS,
        zombie=fields[0] in ("Z", "X"),
    )


def _all_pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir(_PROC) if name.isdigit()]
    except OSError:
        return []


def _children(pid: int) -> list[int]:
    children: list[int] = []
    try:
        for task in os.listdir(_PROC / str(pid) / "task"):
            text = (_PROC / str(pid) / "task" / task / "children").read_text()
            children.extend(int(x) for x in text.split())
    except (OSError, ValueError):
        pass
    return children


def _has_marker(pid: int, token: str) -> bool:
    try:
        environ = (_PROC / str(pid) / "environ").read_bytes()
    except OSError:
        return False
    return f"{MARKER}={token}".encode() in environ.split(b"\0")


@dataclass
class Session:
    """One program's processes: its leader's pid and the marker its environment carries."""

    leader: int
    token: str = field(default_factory=lambda: secrets.token_hex(8))
    known: dict[int, int] = field(default_factory=dict)  # pid -> start of every member seen

    @staticmethod
    def environment(token: str) -> dict[str, str]:
        """The environment to start the program with (the judge's, plus the marker)."""
        return {**os.environ, MARKER: token}

    def members(self) -> list[Stat]:
        """The live processes of this program (see the module's description)."""
        if not HAVE_PROC:
            return []
        stats = [s for s in map(stat, _all_pids()) if s is not None and not s.zombie]
        mine = {
            s.pid
            for s in stats
            if s.pid == self.leader
            or s.session == self.leader
            or s.group == self.leader
            or self.known.get(s.pid) == s.start
        }
        children: dict[int, list[int]] = {}
        for s in stats:
            children.setdefault(s.ppid, []).append(s.pid)
        stack = list(mine)
        while stack:  # descendants of any member
            for child in children.get(stack.pop(), ()):
                if child not in mine:
                    mine.add(child)
                    stack.append(child)
        leader = next((s for s in stats if s.pid == self.leader), None)
        born = leader.start if leader is not None else self.known.get(self.leader, 0)
        for s in stats:  # the marker: a helper that left the session and was orphaned
            if (
                s.pid not in mine
                and s.start >= born  # only a process started after the program can be its
                and s.pid != os.getpid()
                and _has_marker(s.pid, self.token)
            ):
                mine.add(s.pid)
        found = [s for s in stats if s.pid in mine and s.pid != os.getpid()]
        for s in found:
            self.known[s.pid] = s.start
        return found

    def tree(self) -> list[Stat]:
        """The program and its descendants, found cheaply from the kernel's lists of each
        process's children (no scan of every process); they are remembered, so one
        orphaned later is still known as this bot's."""
        found: dict[int, Stat] = {}
        stack = [self.leader, *self.known]
        while stack:
            pid = stack.pop()
            if pid in found:
                continue
            now = stat(pid)
            if now is None or (pid in self.known and self.known[pid] != now.start):
                continue  # gone, or the pid now names another process
            found[pid] = now
            self.known[pid] = now.start
            stack.extend(_children(pid))
        return list(found.values())

    def note(self) -> None:
        """Remember the program's descendants now (see :meth:`tree`)."""
        self.tree()

    def cpu_seconds(self) -> float:
        """CPU time the program and its descendants have used (children they waited for
        included, and the program itself when it has ended but is not reaped yet); 0
        without ``/proc``."""
        return sum(s.cpu for s in self.tree())

    def kill_all(self, rounds: int = 20) -> None:
        """``SIGKILL`` the whole program: its group, then every member found, until none is
        left (a member may start another while it is being killed; ``rounds`` bounds that)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.leader, signal.SIGKILL)
        for _ in range(rounds):
            found = self.members()
            if not found:
                return
            if _ > 0:
                time.sleep(0.01)  # a killed process takes a moment to die
            for member in found:
                now = stat(member.pid)
                if now is not None and now.start == member.start:  # not a reused pid
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(member.pid, signal.SIGKILL)
