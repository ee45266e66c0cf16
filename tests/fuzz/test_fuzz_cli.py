"""The MCR commands under hostile arguments and files: each ends with status 0, 1 or 2, and
a failure is one ``Error:`` line, never a traceback (the error boundary of ``mahjongkit.cli``).

``mcr arena`` gets any values for its numbers, players, seed and output path; ``mcr game
--replay`` and ``mcr play --resume`` get saved games tampered field by field, their
rulesets too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.cli import main
from mahjongkit.mcr import Rules
from mahjongkit.mcr.game.save import ruleset_to_json
from mahjongkit.mcr.scoring.ruleset import GB
from tests.folders import working_in

NUMBERS = st.sampled_from(["0", "-1", "4", "8", "2.5", "nan", "1e9", str(2**64), "٤", "", "x"])
PLAYERS = st.lists(
    st.sampled_from(["bot:1", "bot:3", "bot:0", "bot:99", "bot:", "x:y", "os:path", "cmd:", ""]),
    min_size=3,
    max_size=5,
).map(",".join)
PATHS = st.sampled_from(["out.json", "/dev/full", "missing/out.json", "", ".", "/"])


def _ends_cleanly(args: list[str], stdin: str = "") -> None:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exception,
    )
    assert result.exit_code in (0, 1, 2), args
    assert "Traceback" not in result.output
    if result.exit_code:
        errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1, result.output


@budget(40)
@given(
    PLAYERS,
    NUMBERS,
    NUMBERS,
    NUMBERS,
    st.text(max_size=6),
    PATHS,
    st.sampled_from(["json", "csv", "xml"]),
)
def test_arena_arguments_end_cleanly(
    players: str, hands: str, chunk: str, workers: str, seed: str, output: str, fmt: str
) -> None:
    with working_in():
        args = ["mcr", "arena", "--players", players, "--hands", hands, "--chunk", chunk]
        args += ["--workers", "1" if workers not in ("0", "-1", "x") else workers]
        _ends_cleanly([*args, "--seed", seed, "--output", output, "--format", fmt])


def _saves() -> dict[str, Any]:
    game = Rules("fuzz-cli")
    for _ in range(8):
        seat = game.waiting_on[0]
        game.apply(seat, game.legal(seat)[0])
    data: dict[str, Any] = json.loads(game.to_json())
    data["ruleset"] = ruleset_to_json(GB.choose(knit_holds_winning_tile=True))
    return data


SAVE = _saves()
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.text(max_size=5),
    st.lists(st.integers(-3, 2**40), max_size=3),
    st.dictionaries(st.sampled_from(["48", "٤٨", "99", "1"]), st.integers(-3, 2**40), max_size=2),
)
FIELDS = [f"ruleset.{key}" for key in SAVE["ruleset"]] + [k for k in SAVE if k != "ruleset"]


@budget(60)
@given(st.sampled_from(FIELDS), VALUES, st.booleans(), st.booleans())
def test_a_tampered_save_replays_or_is_one_error_line(
    field: str, value: object, bom: bool, resume: bool
) -> None:
    data = json.loads(json.dumps(SAVE))
    where, _, key = field.rpartition(".")
    (data[where] if where else data)[key] = value
    with working_in():
        raw = json.dumps(data).encode()
        Path("save.json").write_bytes(b"\xef\xbb\xbf" + raw if bom else raw)
        if resume:
            _ends_cleanly(["mcr", "play", "--resume", "save.json", "--seed", "s"], "quit\n")
        else:
            _ends_cleanly(["mcr", "game", "--replay", "save.json"])


@pytest.mark.parametrize("bom", [False, True])
def test_the_untampered_save_replays(bom: bool, tmp_path: Path) -> None:
    raw = json.dumps(SAVE).encode()
    (tmp_path / "save.json").write_bytes(b"\xef\xbb\xbf" + raw if bom else raw)
    result = CliRunner().invoke(main, ["mcr", "game", "--replay", str(tmp_path / "save.json")])
    assert result.exit_code == 0, result.output
