"""A judge's log (``mahjongkit mcr judge --log``, :meth:`.judge.JudgeResult.to_json`) read as
the hand it records, for the replay viewer: its shape is checked, then the hand is played
again by the judge from the recorded answers (:func:`.judge.replayed`, which must reach the
log's result), and the rules that played it keep the moves the viewer steps through.
Every move is one the rules accepted; a hand ended by a penalty stops at the move before
the offence.

Anything wrong is a ``ValueError`` naming it: not JSON, not a judge's log, a field missing
or of the wrong type, a deal that is not the 136 tiles, an answer the rules refuse where the
log says they took it, or a result the replay does not reach.

>>> from mahjongkit.mcr.botzone.agents import PlayerAgent
>>> from mahjongkit.mcr.botzone.judge import judge
>>> from mahjongkit.mcr.botzone.variant import BotzoneDeal
>>> from mahjongkit.mcr.players.bot import Bot
>>> agents = [PlayerAgent(Bot(1, seed=f"doc:{s}"), "bot:1") for s in range(4)]
>>> log = judge(agents, BotzoneDeal.from_seed("doc")).to_json()
>>> hand = read_judge_log(log)
>>> hand.result.outcome == log["result"]["outcome"], len(hand.rules.move_log) > 20
(True, True)
>>> hand.title
'judge log: bot:1, bot:1, bot:1, bot:1 (...)'

>>> read_judge_log('{"format": "mahjongkit.botzone.log", "version": 1}')
Traceback (most recent call last):
ValueError: the judge log has no deal
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.botzone.judge import LOG_FORMAT, SEATS, JudgeResult, replayed

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules

VERSION: Final = 1
"""The version of the log this reader knows (the judge writes it)."""
_TURN_FIELDS: Final = ("requests", "responses", "verdicts")


@dataclass(frozen=True)
class JudgedHand:
    """A judge's log played again: the rules as they stood when the hand ended (their
    ``move_log`` holds every move), the judge's result, and the players' names."""

    rules: Rules
    result: JudgeResult
    players: tuple[str, ...]

    @property
    def title(self) -> str:
        """A short line naming the hand: its players and how it ended."""
        return f"judge log: {', '.join(self.players)} ({self.result.outcome})"


def read_judge_log(log: str | Mapping[str, Any]) -> JudgedHand:
    """The hand a judge's log records (see the module's description); ``log`` is its text
    or its parsed JSON. ``ValueError`` names what is wrong."""
    data = _checked(log)
    try:
        judge, result = replayed(data)  # the one check that the answers lead to the log's result
    except IndexError:
        raise ValueError("the judge log ends before its hand does") from None
    except KeyError as error:  # what the replay compares
        raise ValueError(f"the judge log's result has no {error}") from None
    return JudgedHand(judge.rules, result, tuple(data["players"]))


def _checked(log: str | Mapping[str, Any]) -> dict[str, Any]:
    """The log's JSON, its shape checked: what the judge reads of it is there, and typed."""
    if isinstance(log, str):
        try:
            log = json.loads(log)
        except (json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"the judge log is not JSON: {error}") from None
    if not isinstance(log, Mapping):
        raise ValueError("a judge log is a JSON object")
    data = dict(log)
    if data.get("format") != LOG_FORMAT:
        raise ValueError(f"not a judge log: the format is not {LOG_FORMAT!r}")
    if data.get("version") != VERSION:
        raise ValueError(f"a judge log of version {data.get('version')!r} (this reads {VERSION})")
    deal = _field(data, "deal", dict, "the judge log")
    _field(deal, "walltiles", str, "the deal")
    if type(_field(deal, "quan", int, "the deal")) is not int:
        raise ValueError("the deal's quan is a whole number")
    players = _field(data, "players", list, "the judge log")
    if len(players) != SEATS or not all(isinstance(p, str) for p in players):
        raise ValueError("the judge log names four players")
    _field(data, "result", dict, "the judge log")
    turns = _field(data, "turns", list, "the judge log")
    for number, turn in enumerate(turns):
        where = f"turn {number}"
        if not isinstance(turn, dict):
            raise ValueError(f"{where} of the judge log is not an object")
        for name in _TURN_FIELDS:
            values = _field(turn, name, list, where)
            if len(values) != SEATS or not all(
                isinstance(v, str) or (v is None and name == "responses") for v in values
            ):
                raise ValueError(f"{where}'s {name} are not four texts")
    return data


def _field(data: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in data:
        raise ValueError(f"{where} has no {name}")
    value = data[name]
    if not isinstance(value, kind):
        raise ValueError(f"{where}'s {name} is not a JSON {_JSON_NAMES[kind]}")
    return value


_JSON_NAMES: Final = {dict: "object", list: "array", str: "string", int: "number"}
