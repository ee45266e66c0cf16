"""Record files under hostile input (issue 39): one line reader for every command, the
export and the web API (one splitting rule, a byte-order mark only at the start, bounded
lines, regular files only, problems quoted shortly), and every problem of a game a
``BadRecord`` of that game, the others read on."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from mahjongkit.cli import main
from mahjongkit.mcr.records.check import check_record
from mahjongkit.mcr.records.export import export, index_games, slices
from mahjongkit.mcr.records.format import (
    MAX_LINE,
    BadRecord,
    Record,
    read_records,
    record_lines,
)
from mahjongkit.mcr.records.samples import HANDWRITTEN
from mahjongkit.web import create_app

TEXT = HANDWRITTEN.read_text(encoding="utf-8")
MATCHES = ["hand-claims", "hand-robbed", "hand-self-drawn", "hand-drawn"]


def _kinds(records: list[Record | BadRecord]) -> list[tuple[str, str]]:
    return [(r.match, "ok" if isinstance(r, Record) else "bad") for r in records]


def _check(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["mcr", "records", "check", str(path)])
    return result.exit_code, result.output


# ---- one splitting rule ----


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_every_line_end_reads_the_same_games_in_check_and_export(tmp_path, end):
    path = tmp_path / "games.txt"
    path.write_bytes(TEXT.replace("\n", end).encode())
    records = list(read_records(path))
    assert _kinds(records) == [(m, "ok") for m in MATCHES]
    assert len(index_games(path)) == 4
    code, output = _check(path)
    assert code == 0 and output.startswith("4 games: 4 legal"), output
    manifest = export(path, tmp_path / "out", shard_games=1)
    assert (manifest["games"], manifest["exported"]) == (4, 4)


def test_chunks_split_anywhere_give_the_same_lines():
    data = b"\xef\xbb\xbfa\r\nb\rc\n\r\nd"
    whole = [(line.number, line.offset, line.text) for line in record_lines([data])]
    assert whole == [(1, 3, "a"), (2, 6, "b"), (3, 8, "c"), (4, 10, ""), (5, 12, "d")]
    for size in range(1, len(data)):
        pieces = [data[i : i + size] for i in range(0, len(data), size)]
        got = [(line.number, line.offset, line.text) for line in record_lines(pieces)]
        assert got == whole, size


def _reference_lines(data: bytes) -> list[tuple[int, int, str | None]]:
    """The splitting rule line by line: bytes' line ends only, each line decoded alone."""
    lines, number, at = [], 1, 0
    if data.startswith(b"\xef\xbb\xbf"):
        data, at = data[3:], 3
    for part in data.splitlines(keepends=True):
        raw = part.rstrip(b"\r\n")
        try:
            text: str | None = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        lines.append((number, at, None if text is None or "\0" in text else text))
        number, at = number + 1, at + len(part)
    return lines


_PIECES = st.sampled_from(
    [
        b"a",
        b"Player 0 Draw W1",
        b"\n",
        b"\r",
        b"\r\n",
        b"\x0b",
        b"\x0c",
        b"\x1c",
        b"\x85",
        "\u2028".encode(),
        "\u00e9".encode(),
        b"\xe4",
        b"\x00",
        b" ",
    ]
)


@given(st.lists(_PIECES, max_size=40), st.integers(1, 12))
def test_the_block_path_splits_as_line_by_line(pieces, size):
    # Characters that str.splitlines ends a line at (and bytes' does not), bad UTF-8 and NUL
    # send a block to the line-by-line path; every path gives the reference's lines.
    data = b"".join(pieces)
    chunks = [data[i : i + size] for i in range(0, len(data), size)]
    for source in ([data], chunks):
        got = [(line.number, line.offset, line.text) for line in record_lines(source)]
        assert got == _reference_lines(data)


def test_a_byte_order_mark_before_a_later_match_loses_no_game(tmp_path):
    games = TEXT.split("\n\n")
    joined = games[0] + "\n\n\ufeff" + "\n\n".join(games[1:])
    records = list(read_records(joined.encode()))
    assert _kinds(records) == [
        ("hand-claims", "ok"),
        ("hand-robbed", "bad"),
        ("hand-self-drawn", "ok"),
        ("hand-drawn", "ok"),
    ]
    assert "byte-order mark" in records[1].problem  # type: ignore[union-attr]
    path = tmp_path / "joined.txt"
    path.write_text(joined, encoding="utf-8")
    assert len(index_games(path)) == 4  # the export counts the same games
    assert _kinds(list(read_records(path))) == _kinds(records)


# ---- bounded lines, short quotes ----


def test_a_long_line_is_a_problem_of_its_game_quoted_shortly(tmp_path):
    long_step = "Player 0 Play " + "W1 " * (MAX_LINE // 3 + 10)
    text = TEXT.replace("Player 0 Play T6", long_step, 1)
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    tracemalloc.start()
    try:
        records = list(read_records(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert _kinds(records) == [("hand-claims", "bad")] + [(m, "ok") for m in MATCHES[1:]]
    assert records[0].problem == f"the line is longer than {MAX_LINE} bytes"  # type: ignore[union-attr]
    assert peak < 8 * MAX_LINE + (1 << 20)  # never the whole line and its words
    code, output = _check(path)
    assert code == 1 and len(output) < 1000, output


def test_a_file_of_carriage_returns_only_never_prints_itself(tmp_path):
    path = tmp_path / "cr.txt"
    path.write_bytes(b"x" * 40000 + b"\r" + TEXT.replace("\n", "\r").encode())
    code, output = _check(path)
    assert code == 1 and len(output) < 1000, output
    assert "4 legal" in output


def test_a_long_match_id_is_cut_and_reported():
    text = TEXT.replace("Match hand-claims", "Match " + "m" * 5000, 1)
    [first, *rest] = read_records(text.encode())
    assert isinstance(first, BadRecord) and len(first.match) == 256
    assert "at most 256 characters" in first.problem
    assert all(isinstance(r, Record) for r in rest)


# ---- numbers: ASCII, bounded, and a bad one is that game's problem ----

BAD_LINES = {
    "superscript fan count": ("Fan 21 清龙*1+", "Fan 21 清龙*\u00b2+"),
    "5000-digit fan count": ("Fan 21 清龙*1+", "Fan 21 清龙*" + "9" * 5000 + "+"),
    "arabic-indic score": ("Score -8 -29 45 -8", "Score -8 \u0663\u0663 45 -8"),
    "underscored score": ("Score -8 -29 45 -8", "Score -8 -2_9 45 -8"),
    "arabic-indic fan total": ("Fan 21 ", "Fan \u0662\u0661 "),
    "thousands of fans": ("Fan 21 清龙*1+", "Fan 21 " + "清龙*1+" * 5000),
}


@pytest.mark.parametrize("change", BAD_LINES.values(), ids=list(BAD_LINES))
def test_a_bad_number_is_a_bad_record_of_its_game_only(tmp_path, change):
    text = TEXT.replace(*change, 1)
    records = list(read_records(text.encode()))
    assert _kinds(records) == [("hand-claims", "bad")] + [(m, "ok") for m in MATCHES[1:]]
    problem = records[0].problem  # type: ignore[union-attr]
    assert "ASCII" in problem or "digits" in problem or "more than 32 fans" in problem, problem
    assert len(problem) < 200
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "stats"):
        result = CliRunner().invoke(main, ["mcr", "records", command, str(path)])
        assert "Traceback" not in result.output and "invalid literal" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
    manifest = export(path, tmp_path / "out")
    assert (manifest["games"], manifest["exported"]) == (4, 3)


def test_the_replay_api_reads_the_other_games_of_a_file_with_a_bad_line():
    text = TEXT.replace(*BAD_LINES["superscript fan count"], 1)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        good = client.post("/api/mcr/replays", json={"kind": "records", "text": text, "game": 1})
        assert good.status_code == 201, good.text
        bad = client.post("/api/mcr/replays", json={"kind": "records", "text": text, "game": 0})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_record", bad.text


def test_a_score_that_does_not_fit_the_export_leaves_its_game_out(tmp_path):
    text = TEXT.replace("Score -8 -29 45 -8", "Score -8 99999 -17 -8", 1)
    path = tmp_path / "big.txt"
    path.write_text(text, encoding="utf-8")
    [first, *_] = read_records(path)
    assert isinstance(first, Record) and not check_record(first).scored
    manifest = export(path, tmp_path / "out")
    assert (manifest["games"], manifest["exported"]) == (4, 3)
    [skipped] = manifest["shards"][0]["skipped"]
    assert skipped["match"] == "hand-claims" and "-32768 to 32767" in skipped["problem"]


# ---- regular files only ----


def test_a_device_is_refused_before_it_is_read(tmp_path):
    with pytest.raises(ValueError, match="'/dev/zero' is not a regular file"):
        next(read_records("/dev/zero"))
    code, output = _check(Path("/dev/zero"))
    assert code == 1 and "is not a regular file" in output
    with pytest.raises(ValueError, match="is not a regular file"):
        index_games("/dev/zero")


@pytest.mark.parametrize("command", ["check", "export"])
def test_a_named_pipe_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    args = [str(fifo)] + (["--out", str(tmp_path / "out"), "--no-progress"] * (command == "export"))
    run = [sys.executable, "-m", "mahjongkit", "mcr", "records", command, *args]
    # a deadline, not a pause: the command either answers or is killed and fails the test
    done = subprocess.run(run, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert "is not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_slices_refuse_what_is_not_a_regular_file():
    with pytest.raises(ValueError, match="not a regular file"):
        slices("/dev/zero")
