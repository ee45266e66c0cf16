"""The command line keeps the habits of Unix tools: a reader that goes away (``| head``) ends
a command quietly with status 0; standard output is ``-``; no colour when ``NO_COLOR`` or
``TERM=dumb`` says so; counts read as words; Ctrl-C in a long run keeps what was done."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mahjongkit._words import plural
from mahjongkit.cli import main
from mahjongkit.mcr.records.samples import HANDWRITTEN

SCRIPT = Path(sys.executable).with_name("mahjongkit")
DEADLINE = 120.0


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return env | extra


# -- a reader that goes away ----------------------------------------------------------------


@pytest.mark.skipif(os.name == "nt", reason="POSIX pipes")
@pytest.mark.parametrize(
    "args",
    [
        ["mcr", "records", "check", "many.txt", "--format", "json"],
        ["search", "--layout", "turtle", "--seeds", "0:10000000", "--where", "free_pairs >= 1"],
        ["mcr", "game", "s1", "--events"],
        ["batch", "--layout", "turtle", "--seeds", "0:1000000", "--out", "-"],
    ],
    ids=["records-check", "search", "game-events", "batch-stdout"],
)
def test_a_reader_that_goes_away_ends_the_command_quietly(args: list[str], tmp_path: Path) -> None:
    # more output than a pipe holds (64 KiB), so the writer does meet the closed pipe
    (tmp_path / "many.txt").write_text(HANDWRITTEN.read_text(encoding="utf-8") * 100)
    process = subprocess.Popen(
        [str(SCRIPT), *args],
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline()  # `| head -1`
    process.stdout.close()
    try:
        status = process.wait(timeout=DEADLINE)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert status == 0, errors
    assert "Error" not in errors and "Traceback" not in errors and "Broken pipe" not in errors


# -- refusals --------------------------------------------------------------------------------


def test_an_export_of_a_file_with_no_games_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("\n\n")
    out = tmp_path / "shards"
    result = CliRunner().invoke(
        main, ["mcr", "records", "export", str(tmp_path / "empty.txt"), "--out", str(out)]
    )
    assert result.exit_code == 1
    assert "holds no game to export" in result.output
    assert not out.exists()


def test_a_wall_of_a_hand_past_the_sixteenth_is_refused() -> None:
    refused = CliRunner().invoke(main, ["mcr", "wall", "s", "--hand", "17"])
    assert refused.exit_code == 1 and "hands 1 to 16, not 17" in refused.output
    last = CliRunner().invoke(main, ["mcr", "wall", "s", "--hand", "16"])
    assert last.exit_code == 0 and len(last.output.split()) == 144


# -- standard output and JSON ----------------------------------------------------------------


def test_batch_writes_to_standard_output_when_out_is_a_dash(tmp_path: Path) -> None:
    args = ["batch", "--layout", "tea house", "--seeds", "3:9"]
    to_file = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "b.jsonl")])
    assert to_file.exit_code == 0
    to_stdout = CliRunner().invoke(main, [*args, "--out", "-"])
    assert to_stdout.exit_code == 0, to_stdout.output
    assert to_stdout.stdout == (tmp_path / "b.jsonl").read_text()
    assert not Path("-").exists()
    npy = CliRunner().invoke(main, [*args, "--out", "-", "--format", "npy"])
    assert npy.stdout_bytes.startswith(b"\x93NUMPY")


def test_score_answers_in_json() -> None:
    args = ["mcr", "score", "123m 456p 789s 234s 5m", "--win", "5m", "--self-drawn"]
    text = CliRunner().invoke(main, args)
    data = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).stdout)
    assert f"total {data['total']}" in text.stdout
    assert [fan["name"] for fan in data["fans"]] == [
        "Mixed Straight",
        "Fully Concealed Hand",
        "All Chows",
        "Single Wait",
    ]
    assert sum(fan["total"] for fan in data["fans"]) == data["basic"] == 15
    assert data["minimum_met"] is True


# -- progress, plurals -----------------------------------------------------------------------


def test_selfplay_reports_progress_and_writes_what_one_run_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib

    import mahjongkit.cli.progress as progress
    from mahjongkit.mcr.records.format import format_record
    from mahjongkit.mcr.records.write import play_records

    seen: list[tuple[int, str, list[int]]] = []

    @contextlib.contextmanager
    def recording(total: int, what: str, enabled: bool | None):  # type: ignore[no-untyped-def]
        done: list[int] = []
        seen.append((total, what, done))
        yield done.append

    monkeypatch.setattr(progress, "progress_bar", recording)
    out = tmp_path / "ours.txt"
    args = ["mcr", "records", "selfplay", "--games", "3", "--seed", "h", "--output", str(out)]
    result = CliRunner().invoke(main, [*args, "--players", "bot:1,bot:1,bot:1,bot:1"])
    assert result.exit_code == 0, result.output
    assert result.output == f"3 games written to {out}\n"
    assert seen == [(3, "games", [1, 2, 3])]
    whole = play_records("h", range(3), ("bot:1",) * 4)
    assert out.read_text() == "".join(format_record(r) + "\n" for r in whole)


def test_counts_read_as_words(tmp_path: Path) -> None:
    assert [plural(n, "shard") for n in (0, 1, 2)] == ["0 shards", "1 shard", "2 shards"]
    exported = CliRunner().invoke(
        main, ["mcr", "records", "export", str(HANDWRITTEN), "--out", str(tmp_path / "s")]
    )
    assert exported.exit_code == 0, exported.output
    assert " in 1 shard under " in exported.output
    assert "4 of 4 games exported" in exported.output


# -- colour ----------------------------------------------------------------------------------


def _terminal_output(args: list[str], env: dict[str, str], stdin: bytes) -> bytes:
    """What the installed script prints on a terminal (a pseudo-terminal), given ``stdin``."""
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [str(SCRIPT), *args], stdin=subprocess.PIPE, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    assert process.stdin is not None
    process.stdin.write(stdin)
    process.stdin.close()
    output = b""
    deadline = time.monotonic() + DEADLINE
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the terminal's other end closed: the program ended
                    break
                if not chunk:
                    break
                output += chunk
            elif process.poll() is not None:
                break
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
        process.wait()
    return output


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_no_colour_when_term_is_dumb_or_no_color_is_set() -> None:
    args = ["play", "--layout", "tea house", "--seed", "1"]
    coloured = _terminal_output(args, _env(TERM="xterm"), b"quit\n")
    assert b"\x1b[" in coloured  # a terminal gets colour ...
    for extra in ({"TERM": "dumb"}, {"TERM": "xterm", "NO_COLOR": "1"}):
        plain = _terminal_output(args, _env(**extra), b"quit\n")
        assert b"Tea House" in plain and b"\x1b[" not in plain, extra  # ... unless told


# -- Ctrl-C in the arena ---------------------------------------------------------------------

INTERRUPTER = """\
import os, signal
from mahjongkit.mcr.players.bot import Bot

# A terminal's Ctrl-C meets Python's own handler; a process started with SIGINT ignored (as
# this one is when the test runner was) would never see it, and the arena would play on.
signal.signal(signal.SIGINT, signal.default_int_handler)


CALLS = [0]  # over every instance: the arena makes a player for each hand


class StopsLater:
    \"\"\"A level-1 bot that presses Ctrl-C on its own process at its 150th decision.\"\"\"

    def __init__(self):
        self.bot = Bot(1, seed="stops")

    def choose(self, view):
        CALLS[0] += 1
        if CALLS[0] == 150:
            os.kill(os.getpid(), signal.SIGINT)
        return self.bot.choose(view)
"""


@pytest.mark.skipif(os.name == "nt", reason="SIGINT sent to itself")
def test_ctrl_c_in_the_arena_prints_the_hands_played_so_far(tmp_path: Path) -> None:
    (tmp_path / "stopper.py").write_text(INTERRUPTER)
    players = "stopper:StopsLater,bot:1,bot:1,bot:1"
    done = subprocess.run(
        [str(SCRIPT), "mcr", "arena", "--players", players, "--hands", "4000", "--chunk", "1"],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert done.returncode == 130, done.stderr
    result = json.loads(done.stdout)
    assert result["interrupted"] is True
    assert 0 < result["hands"] < 4000 and result["hands"] % 4 == 0  # whole deals, in duplicate
    assert sum(p["hands"] for p in result["players"]) == 4 * result["hands"]
    assert f"interrupted: the results of the first {result['hands']} hands" in done.stderr
    assert "Aborted" not in done.stderr and "Traceback" not in done.stderr


def test_an_uninterrupted_arena_says_nothing_of_interruption() -> None:
    from mahjongkit.mcr.arena import arena

    result = arena(["bot:1"] * 4, hands=4, seed="calm")
    assert not result.interrupted and "interrupted" not in result.to_json()
