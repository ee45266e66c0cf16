"""The judge under programs that hang, escape their session or print nothing, and under bad
command lines: the right seat is penalised, nothing is left running, errors are one line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.botzone import agents as agents_module
from mahjongkit.mcr.botzone.agents import OK, TLE, ProgramAgent, receive_all
from mahjongkit.mcr.botzone.judge import FIRST_TIME_LIMIT, TIME_LIMIT, judge
from mahjongkit.mcr.botzone.procs import HAVE_PROC, Session
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from tests.folders import working_in

pytestmark = pytest.mark.skipif(not HAVE_PROC, reason="needs Linux /proc")


def passer(tmp_path, name: str, at_turn_2: str = "") -> list[str]:
    """A small program that answers PASS to everything, and PLAYs its draw; at turn 2 it
    first runs ``at_turn_2`` (which may hang)."""
    path = tmp_path / f"{name}.py"
    path.write_text(
        textwrap.dedent(
            """\
            import os, subprocess, sys, time
            HERE = sys.argv[1]
            count = int(sys.stdin.readline())
            for _ in range(2 * count - 1):
                request = sys.stdin.readline().strip()
            turn = count - 1
            while True:
                if turn == 2:
            {body}
                if request.startswith("2 "):
                    print("PLAY " + request.split()[1])
                else:
                    print("PASS")
                print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
                request = ""
                while not request:
                    line = sys.stdin.readline()
                    if not line:
                        sys.exit(0)
                    request = line.strip()
                turn += 1
            """
        ).format(body=textwrap.indent(textwrap.dedent(at_turn_2) or "pass", " " * 8))
    )
    return [sys.executable, str(path), str(tmp_path)]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def wait_for(condition, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_hang_in_seat_0_costs_seat_0_only(tmp_path):
    # seat 0 draws first and hangs; the others answered at once and are read as such
    programs = [passer(tmp_path, "hang", "time.sleep(1000)")] + [
        passer(tmp_path, f"quick{s}") for s in (1, 2, 3)
    ]
    agents = [ProgramAgent(p) for p in programs]
    result = judge(agents, BotzoneDeal.from_seed("hang0"), time_limit=2.0)
    assert (result.offender, result.verdict) == (0, TLE), result.message
    assert result.turns[-1]["verdicts"] == [TLE, OK, OK, OK]


def test_a_helper_that_left_the_session_is_killed_too(tmp_path):
    body = """\
        helper = subprocess.Popen(
            ["setsid", "-f", "sh", "-c", f"echo $$ > {HERE}/helper.pid; exec sleep 1000"]
        )
        helper.wait()
        time.sleep(1000)
        """
    programs = [passer(tmp_path, "escape", body)] + [
        passer(tmp_path, f"quick{s}") for s in (1, 2, 3)
    ]
    result = judge(
        [ProgramAgent(p) for p in programs], BotzoneDeal.from_seed("esc"), time_limit=3.0
    )
    assert (result.offender, result.verdict) == (0, TLE)
    pid_file = tmp_path / "helper.pid"
    assert wait_for(lambda: pid_file.exists() and pid_file.read_text().strip() != "")
    pid = int(pid_file.read_text())
    assert wait_for(lambda: not alive(pid)), "the setsid helper outlived the judge"


def test_sighup_to_the_judge_kills_a_hung_bot(tmp_path):
    body = 'open(f"{HERE}/hung.pid", "w").write(str(os.getpid()))\ntime.sleep(1000)'
    commands = [" ".join(passer(tmp_path, "hung", body))] + [
        " ".join(passer(tmp_path, f"quick{s}")) for s in (1, 2, 3)
    ]
    judge_process = subprocess.Popen(
        [
            *(sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "judge"),
            *commands,
            *("--seed", "hup", "--time-limit", "600"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    pid_file = tmp_path / "hung.pid"
    try:
        assert wait_for(lambda: pid_file.exists() and pid_file.read_text() != "", 60)
        bot = int(pid_file.read_text())
        judge_process.send_signal(signal.SIGHUP)
        assert judge_process.wait(timeout=60) == 128 + signal.SIGHUP
        assert wait_for(lambda: not alive(bot)), "the hung bot outlived the judge"
    finally:
        judge_process.kill()
        judge_process.wait()


def test_strict_time_counts_cpu_time_over_all_processes(tmp_path, monkeypatch):
    agent = ProgramAgent(passer(tmp_path, "cpu"))
    agent.measure_cpu = True  # as the judge sets it for strict_time
    agent.start()
    try:
        agent.send("0 0 0")
        # the program's processes are read as having used 7.5 s of CPU for the answer
        monkeypatch.setattr(Session, "cpu_seconds", lambda self: 7.5)
        (reply,) = receive_all([agent], [5.0], cpu=True)
        assert reply.verdict == TLE
        agent.send("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3")
        (reply,) = receive_all([agent], [5.0], cpu=False)
        assert reply.verdict == OK
    finally:
        agent.close()


def test_a_fresh_program_gets_the_first_run_limit_a_kept_one_the_other(tmp_path):
    agent = ProgramAgent(passer(tmp_path, "fresh"))
    agent.start()
    try:
        agent.send("0 0 0")
        assert agent.fresh and agent.receive(FIRST_TIME_LIMIT * 5).verdict == OK
        agent.send("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3")
        assert not agent.fresh and agent.receive(TIME_LIMIT * 5).verdict == OK
    finally:
        agent.close()


def test_the_judges_defaults_are_botzones(tmp_path):
    # Botzone's limits for a Python bot: 6 s a run, 4 s a kept-running turn (docs/botzone.md)
    assert (FIRST_TIME_LIMIT, TIME_LIMIT) == (6.0, 4.0)
    params = {
        p.name: p.default for p in main.get_command(None, "mcr").get_command(None, "judge").params
    }  # type: ignore[union-attr]
    assert (params["first_time_limit"], params["time_limit"]) == (FIRST_TIME_LIMIT, TIME_LIMIT)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/nonexistent", "true", "true", "true"], "does not exist"),
        (["./plain.txt", "true", "true", "true"], "not an executable"),
        (["no-such-program-here", "true", "true", "true"], "on the PATH"),
        (["'unclosed", "true", "true", "true"], "cannot read the command"),
        (["true"] * 4 + ["--memory", "-1"], "--memory"),
        (["true"] * 4 + ["--time-limit", "nan"], "--time-limit"),
        (["true"] * 4 + ["--first-time-limit", "inf"], "--first-time-limit"),
        (["true"] * 4 + ["--time-limit", "0"], "--time-limit"),
        (["true"] * 4 + ["--log", "/dev/full"], "not a regular file"),
        (["true"] * 4 + ["--log", "/nonexistent/log.json"], "does not exist"),
    ],
)
def test_bad_judge_command_lines_are_one_line_before_any_work(args, message, tmp_path):
    (tmp_path / "plain.txt").write_text("not a program")
    with working_in(tmp_path):
        result = CliRunner().invoke(main, ["mcr", "judge", *args])
    assert result.exit_code in (1, 2), result.output
    assert message in result.stderr and "Traceback" not in result.stderr


def test_the_log_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    log = tmp_path / "hand.json"
    log.write_text("old")
    commands = [" ".join(passer(tmp_path, f"p{s}")) for s in range(4)]

    def broken(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("mahjongkit._files.write_text_atomically", broken)
    result = CliRunner().invoke(main, ["mcr", "judge", *commands, "--seed", "x", "--log", str(log)])
    assert result.exit_code == 1 and "No space left" in result.stderr
    assert log.read_text() == "old"  # the old file stands, no part of the new one
    monkeypatch.undo()
    result = CliRunner().invoke(main, ["mcr", "judge", *commands, "--seed", "x", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text())["result"] == json.loads(result.stdout)
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []


def test_a_program_that_vanished_since_the_check_is_a_crash(tmp_path):
    agent = ProgramAgent([str(tmp_path / "gone")])
    agent.start()
    agent.send("0 0 0")
    assert agent.receive(1.0).verdict == agents_module.RE
    agent.close()
