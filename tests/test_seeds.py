"""One seed rule for every entry point: the command line, the web API, saved games, ranges."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from mahjongkit.cli import main
from mahjongkit.solitaire import Game, save
from mahjongkit.solitaire.save import SaveError, dumps, loads
from mahjongkit.solitaire.seeds import parse_seed, parse_seeds, seed_of
from mahjongkit.web.app import create_app

MESSAGE = "seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got "

GOOD = [("10", 10), ("010", 10), ("0x10", 16), ("0X1f", 31), (" 1_000 ", 1000), ("0", 0)]
GOOD += [(str(2**64 - 1), 2**64 - 1), ("0xffff_ffff_ffff_ffff", 2**64 - 1)]
BAD = ["", "-1", "+1", "1e3", "0b101", "0o7", "١٠", "１", "1__0", "_1", "0x", str(2**64), "x"]


@pytest.mark.parametrize(("text", "seed"), GOOD)
def test_every_entry_point_reads_a_seed_alike(text: str, seed: int) -> None:
    assert parse_seed(text) == seed_of(text) == seed
    assert parse_seeds(text) == range(seed, seed + 1)
    dealt = CliRunner().invoke(main, ["deal", "--seed", text, "--layout", "tea house"])
    assert dealt.exit_code == 0, dealt.output
    client = TestClient(create_app())
    board = client.get("/api/board", params={"layout": "tea house", "seed": text}).json()
    assert board["seed"] == str(seed)  # seeds go out as strings (JavaScript rounds numbers)


@pytest.mark.parametrize("text", BAD)
def test_every_entry_point_refuses_a_bad_seed_with_one_message(text: str) -> None:
    expected = MESSAGE + repr(text)
    with pytest.raises(ValueError) as parsed:
        parse_seed(text)
    assert str(parsed.value) == expected
    dealt = CliRunner().invoke(main, ["deal", "--seed", text, "--layout", "tea house"])
    assert dealt.exit_code != 0 and f"Error: {expected}" in dealt.output
    client = TestClient(create_app())
    answer = client.get("/api/board", params={"layout": "tea house", "seed": text})
    assert answer.status_code == 400 and answer.json()["error"]["message"] == expected
    with pytest.raises(ValueError, match="seed range"):
        parse_seeds(f"{text}:+1")


def test_a_save_reads_its_seed_by_the_same_rule() -> None:
    saved = json.loads(dumps(Game.new("tea house", seed=16, clock=lambda: 0.0)))
    for seed, expected in (("0x10", None), (-1, MESSAGE + "-1"), ("010x", MESSAGE + "'010x'")):
        saved["seed"] = seed
        saved["check"] = save._digest({k: v for k, v in saved.items() if k != "check"})
        if expected is None:
            assert loads(json.dumps(saved)).seed == 16
            continue
        with pytest.raises(SaveError) as refused:
            loads(json.dumps(saved))
        assert str(refused.value) == expected
