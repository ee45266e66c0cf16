"""A judge's log whose result lies about how the hand was won (issue 39): the replay
compares every field the hand decides (fans, by, discarder too), so the lie is refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from mahjongkit.mcr.botzone.agents import PlayerAgent
from mahjongkit.mcr.botzone.judge import judge
from mahjongkit.mcr.botzone.judge_log import read_judge_log
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.players.bot import Bot


@pytest.fixture(scope="module")
def log() -> dict[str, Any]:
    agents = [PlayerAgent(Bot(2, seed=f"doc:{s}"), "bot:2") for s in range(4)]
    made: dict[str, Any] = json.loads(
        json.dumps(judge(agents, BotzoneDeal.from_seed("win0")).to_json())
    )
    assert made["result"]["outcome"] == "win" and made["result"]["by"] == "self"
    return made


@pytest.mark.parametrize(
    ("key", "lie"),
    [("fans", -1), ("fans", [["x", 99]]), ("discarder", "draw"), ("discarder", 1), ("by", None)],
)
def test_a_lie_in_the_result_is_refused(log, key, lie):
    assert read_judge_log(log).result.outcome == log["result"]["outcome"]  # the truth reads
    forged = copy.deepcopy(log)
    forged["result"][key] = lie
    with pytest.raises(ValueError, match=f"the replay gives {key} "):
        read_judge_log(forged)
    with pytest.raises(ValueError, match=f"the replay gives {key} "):
        read_judge_log(json.dumps(forged))


def test_timing_fields_may_differ(log):
    forged = copy.deepcopy(log)
    forged["result"]["slowest"] = [9.0, 9.0, 9.0, 9.0]
    read_judge_log(forged)
