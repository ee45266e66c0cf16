"""Every command with bad arguments: a non-zero exit, one clear ``Error:`` line, no traceback.

One table of cases; each names the command line, the files it needs and a piece of the one
error line. Usage errors (click's, exit 2) print the usage above the error line: that is
still one error line. A few of the cases run in a real process too, which must end by
itself, not by a signal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.solitaire.game import Game
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.save import dumps


class Case(NamedTuple):
    args: tuple[str, ...]
    message: str
    env: dict[str, str] = {}  # noqa: RUF012  (a NamedTuple default, never mutated)
    stdin: str = ""


def _files(folder: Path) -> None:
    """The files the cases name, in the current folder."""
    (folder / "binary.json").write_bytes(bytes(range(256)) * 4)
    (folder / "binary.layout").write_bytes(b"\xff\xfe\x00kmahjongg")
    (folder / "existing.npy").write_bytes(b"keep me")
    game = json.loads(dumps(Game.new("tea house", 1, clock=lambda: 0.0)))
    game["elapsed"] = float("inf")
    (folder / "infinity.json").write_text(json.dumps(game))  # Python writes Infinity
    (folder / "nested.json").write_text("[" * 100_000)
    (folder / "huge.txt").write_text("name: Huge\n0 0 0-2000000000\n")
    (folder / "maps.map").write_text(
        '<mahjongg><map name="Pair"><tile x="0" y="0"/><tile x="1" '
        'y="0"/></map><map name="Odd"><tile x="0" y="0"/></map>'
        "</mahjongg>"
    )
    (folder / "entity.map").write_text('<!DOCTYPE m [<!ENTITY a "b">]><mahjongg/>')
    (folder / "bom.layout").write_text("\ufeffkmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n")
    (folder / "far.txt").write_text(
        Layout.from_slots([(0, 0, 0), (2, 0, 0)]).to_text() + "0 0 99999\n"
    )


CASES = [
    # deal / daily / layouts
    Case(
        ("deal", "--seed", "abc"),
        "seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got 'abc'",
    ),
    Case(("deal", "--seed", "-1"), "seed must be an integer from 0 to 2**64 - 1"),
    Case(("deal", "--seed", str(2**64)), "seed must be an integer from 0 to 2**64 - 1"),
    Case(("deal", "--seed", "٣"), "seed must be an integer"),
    Case(("deal", "--seed", "9" * 5000), "seed must be an integer from 0 to 2**64 - 1"),
    Case(("deal", "--seed", "1", "--layout", "dragon"), "unknown layout 'dragon'"),
    Case(("deal", "--seed", "1", "--layout", "missing.layout"), "'missing.layout' not found"),
    Case(("deal", "--seed", "1", "--layout", "missing.txt"), "'missing.txt' not found"),
    Case(("deal", "--seed", "1", "--layout", "no/such/dir"), "'no/such/dir' not found"),
    Case(("deal", "--seed", "1", "--layout", "binary.layout"), "is not UTF-8 text"),
    Case(("deal", "--seed", "1", "--layout", "huge.txt"), "holds more than 576 slots"),
    Case(("deal", "--seed", "1", "--layout", "far.txt"), "has a coordinate above 65535"),
    Case(("deal", "--seed", "1", "--layout", "."), "is a folder"),
    Case(("deal", "--seed", "1", "--layout-file", "missing.map"), "'missing.map' not found"),
    Case(
        ("deal", "--seed", "1", "--layout-file", "maps.map", "--layout", "x"), "no map called 'x'"
    ),
    Case(("deal", "--seed", "1", "--layout-file", "maps.map", "--layout", "odd"), "1 slots"),
    Case(("deal", "--seed", "1", "--layout-file", "entity.map"), "entities are not read"),
    Case(("deal", "--seed", "1", "--layout-file", "binary.json"), "is not UTF-8 text"),
    Case(("deal", "--seed", "1", "--format", "xml"), "Invalid value for '--format'"),
    Case(("deal", "--seed", "1", "--impl", "fortran"), "Invalid value for '--impl'"),
    Case(("daily", "--date", "2026-02-30"), "but is not a date: day is out of range"),
    Case(("daily", "--date", "2026-2-3"), "a date is written YYYY-MM-DD"),
    Case(("daily", "--date", ""), "a date is written YYYY-MM-DD"),
    Case(("layouts",), "unknown implementation 'bogus'", {"MAHJONGKIT_IMPLEMENTATION": "bogus"}),
    Case(("deal", "--seed", "1"), "unknown implementation", {"MAHJONGKIT_IMPLEMENTATION": "c"}),
    # play
    Case(("play", "--solver-seconds", "-1"), "must be a finite number of seconds >= 0"),
    Case(("play", "--solver-seconds", "nan"), "must be a finite number of seconds >= 0"),
    Case(("play", "--solver-seconds", "inf"), "must be a finite number of seconds >= 0"),
    Case(("play", "--date", "2026-01-01"), "--date goes with --daily"),
    Case(("play", "--daily", "--seed", "3"), "give --seed or --daily, not both"),
    Case(("play", "--seed", "x"), "seed must be an integer"),
    Case(("play", "--layout", "missing.layout"), "'missing.layout' not found"),
    Case(("play", "--load", "missing.json"), "cannot load missing.json"),
    Case(("play", "--load", "binary.json"), "not UTF-8 text"),
    Case(("play", "--load", "infinity.json"), "Infinity is not a number JSON allows"),
    Case(("play", "--load", "nested.json"), "nested too deeply"),
    Case(("play", "--load", "."), "cannot load ."),
    # batch
    Case(("batch", "--seeds", "0:1e11", "--out", "b.npy"), "is not decimal or 0x hex"),
    Case(("batch", "--seeds", "10:5", "--out", "b.npy"), "empty seed range"),
    Case(("batch", "--seeds", "0:١٠", "--out", "b.npy"), "is not decimal or 0x hex"),
    Case(("batch", "--seeds", f"0:{2**64 + 1}", "--out", "b.npy"), "ends past 2**64"),
    Case(("batch", "--seeds", "0:100000000000", "--out", "b.npy"), "it needs 14.4 TB and the"),
    Case(("batch", "--seeds", f"0:{2**64}", "--out", "b.jsonl"), "ZB and the disk has"),
    Case(
        ("batch", "--seeds", "0:10", "--out", "/dev/null", "--format", "npy", "--force"),
        "it exists and is not a regular file",
    ),
    Case(("batch", "--seeds", "0:10", "--out", "existing.npy"), "refusing to overwrite it"),
    Case(("batch", "--seeds", "0:10", "--out", "no/such/b.npy"), "does not exist"),
    Case(("batch", "--seeds", "0:10", "--out", "b.csv"), "cannot tell the format"),
    Case(("batch", "--seeds", "0:10", "--out", "b.npy", "--threads", "0"), "--threads"),
    Case(("batch", "--seeds", "0:10", "--out", "b.npy", "--layout", "dragon"), "unknown layout"),
    # search
    Case(("search", "--seeds", "0:10", "--where", ""), "empty condition"),
    Case(("search", "--seeds", "0:10", "--where", "len(x) > 1"), "a function call"),
    Case(
        ("search", "--seeds", "0:10", "--where", "not " * 5000 + "free_tiles > 1"),
        "at most 2000 characters",
    ),
    Case(
        ("search", "--seeds", "0:10", "--where", "not " * 60 + "free_tiles > 1"),
        "nested 63 levels deep",
    ),
    Case(
        ("search", "--seeds", "0:10", "--where", "free_tiles" + " < 1" * 200_000),
        "at most 2000 characters",
    ),
    Case(
        ("search", "--seeds", "0:10", "--where", "free_tiles" + " < 1" * 300), "nodes: at most 500"
    ),
    Case(("search", "--seeds", "0:10", "--where", "hardness > 1"), "unknown property 'hardness'"),
    Case(("search", "--seeds", "0:10", "--where", "free_tiles > 1e999"), "must be finite"),
    Case(("search", "--seeds", "0:10", "--where", "free_tiles > 1", "--limit", "-1"), "--limit"),
    Case(
        ("search", "--seeds", "0:10", "--where", "free_tiles > 1", "--limit", "10000000", "--dask"),
        "limit must be at most 1,000,000",
    ),
    Case(
        ("search", "--seeds", "0:10", "--where", "free_tiles > 1", "--report", "x"),
        "unknown board property 'x'",
    ),
    Case(
        ("search", "--seeds", "0:10", "--where", "free_tiles > 1", "--playouts", "-1"), "--playouts"
    ),
    Case(("search", "--seeds", "x", "--where", "free_tiles > 1"), "bad seed range 'x'"),
    # MCR
    Case(("mcr", "score", "０p", "--win", "5m"), "bad notation token '０p'"),
    Case(("mcr", "score", "١٢٣m 456p 789s 234s 55m", "--win", "5m"), "bad notation token"),
    Case(("mcr", "score", "123m 456p 789s 234s 55m", "--win", "²m"), "²m"),
    Case(("mcr", "score", "123m 456p 789s 234s 55m", "--win", "5m", "--seat", "Q"), "Q"),
    Case(("mcr", "wall", "seed", "--hand", "0"), "hand numbers start at 1"),
    Case(("mcr", "wall", "zz", "--hex"), "zz"),
    Case(("mcr", "wall", "seed", "--hand", "17"), "a game has hands 1 to 16, not 17"),
    Case(("mcr", "records", "sample"), "Missing argument 'FILE'"),
    Case(("mcr", "records", "sample", "missing/games.txt"), "'missing' does not exist"),
    Case(("mcr", "game", "s", "--replay", "missing.json"), "missing.json"),
    Case(("mcr", "play", "--level", "5"), "--level"),
    Case(("mcr", "play", "--resume", "missing.json"), "missing.json"),
    Case(("mcr", "game", "--replay", "binary.json"), "'binary.json' is not UTF-8 text (byte 128)"),
    Case(("mcr", "play", "--resume", "binary.json"), "'binary.json' is not UTF-8 text (byte 128)"),
    Case(("mcr", "game", "--replay", "nested.json"), "not a saved game: nested too deeply"),
    Case(
        ("mcr", "arena", "--players", "bot:1,bot:1,bot:1,bot:1", "--scheduler", "nonsense"),
        "bad Dask scheduler address 'nonsense'",
    ),
    Case(
        ("mcr", "arena", "--players", "bot:1,bot:1,bot:1,bot:1", "--scheduler", "ucx://h:1"),
        "bad Dask scheduler address 'ucx://h:1'",
    ),
    Case(
        ("search", "--seeds", "0:9", "--where", "free_tiles > 1", "--scheduler", "tls://h:1"),
        "bad Dask scheduler address 'tls://h:1'",
    ),
    # issue 39: records read only regular files; outputs checked before any work
    Case(("mcr", "records", "check", "/dev/zero"), "'/dev/zero' is not a regular file"),
    Case(("mcr", "records", "stats", "/dev/zero"), "'/dev/zero' is not a regular file"),
    Case(
        ("mcr", "records", "export", "/dev/zero", "--out", "shards"),
        "'/dev/zero' is not a regular file",
    ),
    Case(
        ("mcr", "records", "export", "binary.json", "--out", "/dev/null"),
        "'/dev/null': it is not a folder",
    ),
    Case(("mcr", "records", "selfplay", "--output", "/dev/null"), "is not a regular file"),
    Case(("mcr", "records", "selfplay", "--output", "no/such/r.txt"), "does not exist"),
    Case(("mcr", "records", "selfplay", "--games", "-5", "--output", "r.txt"), "--games"),
]


def _id(case: Case) -> str:
    text = " ".join(case.args)
    return text if len(text) < 60 else text[:57] + "..."


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_bad_arguments_exit_with_one_error_line(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    for name, value in case.env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(main, list(case.args), input=case.stdin)
    output = result.output
    # An exception other than click's exit is what a user sees as a traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert result.exit_code != 0, output
    errors = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, output
    assert "Traceback" not in output
    assert case.message in errors[0] or case.message in output, output
    if result.exit_code == 1:  # a ClickException: the error line is all there is
        assert output.count("\n") == 1, output
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".part")) == []


SUBPROCESS_CASES = [
    ("layouts",),
    ("search", "--seeds", "0:10", "--where", "free_tiles" + " < 1" * 20_000, "--threads", "1"),
    ("search", "--seeds", "0:3", "--where", "free_tiles > 1", "--threads", "100000"),
    ("play", "--load", "binary.json"),
]


@pytest.mark.parametrize("args", SUBPROCESS_CASES, ids=lambda args: " ".join(args)[:40])
def test_in_a_real_process_no_signal_and_no_traceback(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    _files(tmp_path)
    env = dict(os.environ, MAHJONGKIT_IMPLEMENTATION="bogus" if args == ("layouts",) else "cpp")
    done = subprocess.run(
        [sys.executable, "-c", "from mahjongkit.cli import main; main()", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode >= 0, f"killed by signal {-done.returncode}: {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr and "terminate called" not in done.stderr
    if args[-1] == "100000":  # thread counts are capped, not refused
        assert done.returncode == 0, done.stderr
    else:
        assert done.returncode in (1, 2), done.stderr
        assert done.stderr.count("Error:") == 1, done.stderr


# ---- What was refused or shown wrongly before, and is right now ----


def test_a_seed_with_leading_zeros_is_decimal() -> None:
    runner = CliRunner()
    ten = runner.invoke(main, ["deal", "--seed", "10", "--format", "json"])
    padded = runner.invoke(main, ["deal", "--seed", "010", "--format", "json"])
    assert padded.exit_code == 0 and padded.output == ten.output


def test_the_daily_answer_is_shown_only_when_asked_for() -> None:
    runner = CliRunner()
    hidden = json.loads(
        runner.invoke(main, ["daily", "--date", "2026-06-14", "--format", "json"]).output
    )
    shown = json.loads(
        runner.invoke(
            main, ["daily", "--date", "2026-06-14", "--format", "json", "--solution"]
        ).output
    )
    assert "removal_order" not in hidden and len(shown["removal_order"]) == 72
    assert hidden["seed"] == shown["seed"] and hidden["slots"] == shown["slots"]


def test_a_kmahjongg_file_with_a_bom_and_a_custom_layout_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["deal", "--layout", "bom.layout", "--seed", "3"])
    assert result.exit_code == 0 and result.output.startswith("bom, seed 3: 2 tiles")
    played = CliRunner().invoke(
        main, ["play", "--layout", "bom.layout", "--seed", "3"], input="save g.json\nquit\n"
    )
    assert played.exit_code == 0, played.output
    loaded = CliRunner().invoke(main, ["play", "--load", "g.json"], input="quit\n")
    assert loaded.exit_code == 0 and "bom, seed 3" in loaded.output, loaded.output
