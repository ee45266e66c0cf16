# ruff: noqa: E501  (the table of hostile inputs reads best one case a line)
"""``mahjongkit mcr botzone`` under hostile input: every case ends with the protocol's safe
answer (``PASS``) or one line on stderr and status 1, never a traceback, never a hang, and
never reads more than one bounded line of an endless input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.botzone.adapter import MAX_LINE, MAX_TURNS

DEAL = "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3"
GOOD_JSON = {"requests": ["0 1 0", DEAL, "3 0 DRAW"], "responses": ["PASS", "PASS"]}


def js(value: object) -> bytes:
    return (json.dumps(value) + "\n").encode()


# (name, input, what must happen): "pass" = the safe answer PASS and status 0; "error" = no
# answer, one line on stderr, status 1; "answer" = some answer and status 0.
CASES: list[tuple[str, bytes, str]] = [
    ("empty input", b"", "error"),
    ("only blank lines", b"\n\n  \n", "error"),
    ("garbage word", b"garbage\n", "error"),
    ("a huge count", b"99999999999\n", "error"),
    ("count zero", b"0\n", "error"),
    ("negative count", b"-3\n", "error"),
    ("count past the bound", f"{MAX_TURNS + 1}\n".encode(), "error"),
    ("count in Arabic-Indic digits", "٣\n".encode(), "error"),
    ("count then nothing", b"3\n0 1 0\n", "error"),
    ("NUL bytes, no newline", b"\0" * (MAX_LINE + 10), "error"),
    ("a long line of digits", b"1" * (MAX_LINE + 10), "error"),
    ("invalid UTF-8", b"\xff\xfe\xfd\n", "error"),
    ("JSON not an object", b"[1, 2, 3]\n", "error"),
    ("JSON truncated", b'{"requests": ["0 1 0"\n', "error"),
    ("JSON deeply nested", b"{" + b'"a":[' * 100000 + b"\n", "error"),
    ("JSON without requests", js({"responses": []}), "error"),
    ("JSON requests not a list", js({"requests": "0 1 0"}), "error"),
    ("JSON requests empty", js({"requests": [], "responses": []}), "error"),
    ("JSON requests of numbers", js({"requests": [0, 1], "responses": ["PASS"]}), "error"),
    ("JSON responses not a list", js({"requests": ["0 1 0"], "responses": 3}), "error"),
    ("JSON too many responses", js({"requests": ["0 1 0"], "responses": ["PASS"]}), "error"),
    ("JSON too few responses", js({"requests": ["0 1 0", DEAL], "responses": []}), "error"),
    ("JSON null", b"null\n", "error"),
    ("JSON good", js(GOOD_JSON), "answer"),
    ("JSON request garbage", js({"requests": ["0 1 0", "zzz"], "responses": ["PASS"]}), "pass"),
    ("JSON request empty", js({"requests": ["0 1 0", ""], "responses": ["PASS"]}), "pass"),
    ("JSON seat out of range", js({"requests": ["0 7 0"], "responses": []}), "pass"),
    ("JSON deal of 12 tiles", js({"requests": ["0 1 0", DEAL[:-3]], "responses": ["PASS"]}), "pass"),
    ("JSON deal first", js({"requests": [DEAL], "responses": []}), "pass"),
    ("JSON draw of a bonus tile", js({"requests": ["0 1 0", DEAL, "2 H1"], "responses": ["PASS", "PASS"]}), "pass"),
    ("JSON fifth copy drawn", js({"requests": ["0 1 0", DEAL, "2 J1", "3 1 PLAY F2", "3 2 DRAW", "3 2 PLAY J1", "3 3 DRAW", "3 3 PLAY J1", "3 0 DRAW", "3 0 PLAY J1"], "responses": ["PASS"] * 9}), "answer"),
    ("JSON claim of nothing", js({"requests": ["0 1 0", DEAL, "3 2 PENG W1"], "responses": ["PASS", "PASS"]}), "pass"),
    ("JSON bad own response", js({"requests": ["0 1 0", DEAL, "3 0 DRAW"], "responses": ["PASS", "FLY"]}), "pass"),
    ("JSON a kong we never made", js({"requests": ["0 1 0", DEAL, "3 1 GANG"], "responses": ["PASS", "PASS"]}), "pass"),
    ("simple, interleaved", f"3\n0 1 0\nPASS\n{DEAL}\nPASS\n3 0 DRAW\n\n\n".encode(), "answer"),
    ("simple, bad request", b"1\nhello world\n", "pass"),
    ("simple, tab separated", b"1\n0\t1\t0\n", "answer"),
    ("simple, CRLF lines", f"3\r\n0 1 0\r\nPASS\r\n{DEAL}\r\nPASS\r\n3 0 DRAW\r\n".encode(), "answer"),
    ("simple, then a garbage later request", f"2\n0 1 0\nPASS\n{DEAL}\n\n\n%%%\n".encode(), "pass"),
    ("simple, then a later line too long", f"2\n0 1 0\nPASS\n{DEAL}\n".encode() + b"x" * (MAX_LINE + 2), "error"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "data", "expect"), CASES, ids=[c[0] for c in CASES])
def test_hostile_input(name, data, expect):
    result = CliRunner().invoke(main, ["mcr", "botzone", "--level", "1"], input=data)
    out, err = result.stdout, result.stderr
    assert "Traceback" not in out + err
    assert result.exception is None or isinstance(result.exception, SystemExit), name
    if expect == "error":
        assert result.exit_code == 1, (name, out, err)
        assert len(err.strip().splitlines()) == 1, err
        return
    assert result.exit_code == 0, (name, out, err)
    answers = [line for line in out.splitlines() if not line.startswith(">>>")]
    assert answers, name
    first = json.loads(answers[0])["response"] if answers[0].startswith("{") else answers[0]
    if expect == "pass":
        assert "PASS" in (first, *answers[1:]), (name, out)
        assert len(err.strip().splitlines()) >= 1  # it said why


def test_the_program_stops_at_the_end_of_its_input_and_reads_a_bounded_line():
    # a real process: the count with no log, and an endless line, each end it promptly
    for data in (b"99999999999\n", b"5\n"):
        done = subprocess.run(
            [sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "botzone"],
            input=data,
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    endless = subprocess.Popen(
        [sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "botzone"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert endless.stdin is not None
    written = 0
    chunk = b"\0" * 65536
    try:
        while written < 64 * MAX_LINE:  # far more than one bounded line
            endless.stdin.write(chunk)
            written += len(chunk)
    except BrokenPipeError:  # it stopped reading and left: what we want
        pass
    _, err = endless.communicate(timeout=60)
    assert endless.returncode == 1 and written < 64 * MAX_LINE, written
    assert b"longer than" in err


def test_a_player_spec_that_fails_is_one_line():
    result = CliRunner().invoke(main, ["mcr", "botzone", "--player", "os:system"], input=b"")
    assert result.exit_code == 1 and "os.system() failed" in result.stderr
    assert "Traceback" not in result.stderr
    # the arena reads players with the same parser
    players = "os:system,bot:1,bot:1,bot:1"
    result = CliRunner().invoke(main, ["mcr", "arena", "--players", players, "--hands", "4"])
    assert result.exit_code == 1 and "os.system() failed" in result.stderr
    result = CliRunner().invoke(main, ["mcr", "botzone", "--player", "os:sep"], input=b"")
    assert result.exit_code == 1 and "not something to call" in result.stderr


def test_run_reads_the_interleaved_history():
    from mahjongkit.mcr.botzone.adapter import run
    from mahjongkit.mcr.players.bot import Bot

    out = io.StringIO()
    run(Bot(1), io.StringIO(f"3\n0 1 0\nPASS\n{DEAL}\nPASS\n3 0 DRAW\n"), out)
    assert out.getvalue().splitlines()[0] == "PASS"
