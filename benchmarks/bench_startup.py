"""Start-up cost: CPU time of short runs, side by side with ``python -c pass`` in one run.

Botzone may start a bot program for every turn (its JSON mode, restart-per-turn), so the
program's start is paid on every answer. Measured here, each as the CPU time (user +
system) of the child process, the median of ``--runs`` runs taken in turns so that load
changes hit every row alike:

- ``python -c pass``: the interpreter alone (the baseline);
- ``import mahjongkit``: the package (it must not load ``importlib.metadata``);
- ``mahjongkit --help``: the command line's help (target: at most 0.3 s beyond the baseline);
- ``mcr botzone`` JSON, level 2: one request of a hand's log answered by a program started
  for it, as Botzone's restart-per-turn mode does (target: at most 0.2 s), early in a hand
  and late in one (the whole log is read again on every start), and through the click
  command line, which the script's entry point skips for it;
- the same answer from the packed bot (``mcr botzone-pack``) run by ``python -I -S`` (no
  site-packages, as a plain interpreter), beside ``python -I -S -c pass``; and by Python 3.6
  (Botzone's ``/usr/bin/python3.6``; ``--python36``, a row only where it is installed),
  beside its own ``-I -S -c pass``: it compiles the packed sources on every start, as
  Botzone's would (the zip's bytecode is for the packing Python);
- with ``--installed``, the installed package's program (without ``PYTHONPATH``), so a
  branch can be compared with the installed main in the same run.

Each ``mahjongkit`` run calls the ``mahjongkit`` script's entry point (``pyproject.toml``;
the installed package's own for ``--installed``), as the script does. Every program runs
once before the timed runs, with bytecode writing allowed (an installed package has its
bytecode; a source tree run with ``PYTHONDONTWRITEBYTECODE`` set would compile every
module on every start and time that instead).

    PYTHONPATH=$PWD/python python benchmarks/bench_startup.py --runs 15 --installed
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def script_code(entry: str) -> str:
    """Python that runs the ``mahjongkit`` script's entry point ``module:function``."""
    module, _, function = entry.partition(":")
    return f"from {module} import {function}; {function}()"


def this_entry() -> str:
    """This tree's entry point of the ``mahjongkit`` script (``pyproject.toml``)."""
    found = re.search(r'^mahjongkit = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    if found is None:
        raise SystemExit("pyproject.toml names no mahjongkit script")
    return found.group(1)


def installed_entry() -> str:
    """The installed package's entry point of the ``mahjongkit`` script."""
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="mahjongkit")
    return str(script.value)


CLI = script_code(this_entry())
LOG = {
    "requests": [
        "0 1 0",
        "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3",
        "3 0 DRAW",
        "3 0 PLAY F2",
        "2 J1",
    ],
    "responses": ["PASS", "PASS", "PASS", "PASS"],
}


ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
PYTHON36 = "/root/.pyenv/versions/3.6.15/bin/python3.6"


def cpu_of(argv: list[str], stdin: bytes) -> float:
    """CPU seconds (user + system) of one run of ``argv`` with ``stdin``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, input=stdin, capture_output=True, check=False, env=ENVIRONMENT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{argv} failed: {done.stderr.decode()[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def late_log() -> dict[str, list[str]]:
    """Seat 0's log of a hand of four level-1 bots under our judge, up to its last draw."""
    from mahjongkit.mcr.botzone.agents import PlayerAgent
    from mahjongkit.mcr.botzone.judge import judge
    from mahjongkit.mcr.botzone.variant import BotzoneDeal
    from mahjongkit.mcr.players.bot import Bot

    agents = [PlayerAgent(Bot(1, seed=f"startup{seat}")) for seat in range(4)]
    turns = judge(agents, BotzoneDeal.from_seed("startup")).turns
    last = max(i for i, turn in enumerate(turns) if turn["requests"][0].startswith("2 "))
    return {
        "requests": [turn["requests"][0] for turn in turns[: last + 1]],
        "responses": [turn["responses"][0] for turn in turns[:last]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--installed",
        action="store_true",
        help="also time the installed package's program (run without PYTHONPATH)",
    )
    parser.add_argument(
        "--python36", default=PYTHON36, help="Python 3.6 for the packed bot's row, if present"
    )
    args = parser.parse_args()
    request = (json.dumps(LOG) + "\n").encode()
    late = late_log()
    late_request = (json.dumps(late) + "\n").encode()
    with tempfile.TemporaryDirectory() as folder:
        packed = Path(folder) / "bot.pyz"
        subprocess.run(
            [sys.executable, "-c", CLI, "mcr", "botzone-pack", str(packed), "--level", "2"],
            check=True,
        )
        rows: dict[str, tuple[list[str], bytes]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], b""),
            "import mahjongkit": ([sys.executable, "-c", "import mahjongkit"], b""),
            "mahjongkit --help": ([sys.executable, "-c", CLI, "--help"], b""),
            "mcr botzone, JSON, level 2": (
                [sys.executable, "-c", CLI, "mcr", "botzone", "--level", "2"],
                request,
            ),
            "the same, through click (mahjongkit.cli:main)": (
                [sys.executable, "-c", script_code("mahjongkit.cli:main"), "mcr", "botzone"],
                request,
            ),
            f"mcr botzone, JSON, level 2, request {len(late['requests'])} of a hand": (
                [sys.executable, "-c", CLI, "mcr", "botzone", "--level", "2"],
                late_request,
            ),
            "python -I -S -c pass": ([sys.executable, "-I", "-S", "-c", "pass"], b""),
            "packed bot, python -I -S": ([sys.executable, "-I", "-S", str(packed)], request),
        }
        if Path(args.python36).is_file():
            rows["python3.6 -I -S -c pass"] = ([args.python36, "-I", "-S", "-c", "pass"], b"")
            rows["packed bot, python3.6 -I -S"] = (
                [args.python36, "-I", "-S", str(packed)],
                request,
            )
        if args.installed:  # the same answer from the installed package (e.g. main's)
            installed = script_code(installed_entry())
            rows["installed: mcr botzone, JSON, level 2"] = (
                ["env", "-u", "PYTHONPATH", sys.executable, "-c", installed, "mcr", "botzone"],
                request,
            )
        for argv, stdin in rows.values():  # once untimed: bytecode written, caches warm
            cpu_of(argv, stdin)
        times: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.runs):
            for name, (argv, stdin) in rows.items():
                times[name].append(cpu_of(argv, stdin))
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    print(f"{args.runs} runs each, taken in turns; CPU time = user + system of the child")
    base = statistics.median(times["python -c pass"])
    print("| run | median CPU s | beyond `python -c pass` | ratio to it |")
    print("| --- | --- | --- | --- |")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.3f} | {median - base:+.3f} | {median / base:.2f}× |")
    check = [
        sys.executable,
        "-c",
        "import sys, mahjongkit; print('importlib.metadata' in sys.modules)",
    ]
    loaded = subprocess.run(check, capture_output=True, text=True, check=True).stdout.strip()
    print(f"`import mahjongkit` loads importlib.metadata: {loaded}")


if __name__ == "__main__":
    main()
