"""MCR game saves and moves under hostile input, through the public API only: ``Rules.from_json``
and ``Move.parse`` give a value or the documented ``ValueError``/``TypeError``, never another
exception."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from fuzz_budget import budget, hostile_json
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.mcr import Rules
from mahjongkit.mcr.game.moves import Move

DOCUMENTED = (ValueError, TypeError)


def _saved() -> dict[str, Any]:
    game = Rules("fuzz-seed")
    game.take_outcomes()
    for _ in range(6):
        seat = game.waiting_on[0]
        game.apply(seat, game.legal(seat)[0])
    data: dict[str, Any] = json.loads(game.to_json())
    return data


SAVED = _saved()
JSON = hostile_json(
    [10**400, 2**80, -1, 0, 3, 4, 16, 17],
    st.sampled_from(["discard 5m", "win", "pass", "kong", "chow 46m", "٣m", "zz"]),
    max_leaves=10,
)


@budget(300)
@given(st.sampled_from([*SAVED, "moves.0", "moves.0.1", "position"]), JSON)
def test_a_tampered_mcr_save_loads_or_raises_a_documented_error(where: str, value: object) -> None:
    data = json.loads(json.dumps(SAVED))
    keys = where.split(".")
    target: Any = data
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(keys[-1])] = value
    else:
        target[keys[-1]] = value
    try:
        text = json.dumps(data)
    except ValueError:
        return
    with contextlib.suppress(DOCUMENTED):
        Rules.from_json(text)


@budget(150)
@given(st.binary(max_size=200).map(lambda b: b.decode("utf-8", "replace")) | st.text(max_size=200))
def test_any_text_loads_or_raises_a_documented_error(text: str) -> None:
    with pytest.raises(DOCUMENTED):
        Rules.from_json(text)


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"a": ' * 50_000, "1" * 5000, "NaN", "{}"],
    ids=["lists", "objects", "digits", "nan", "empty"],
)
def test_deep_or_huge_json_raises_a_documented_error(text: str) -> None:
    with pytest.raises(DOCUMENTED):
        Rules.from_json(text)


WORDS = st.sampled_from(
    ["discard", "kong", "chow", "pung", "pass", "win", "5m", "46m", "E", "٣m", "²", "０p", "x", ""]
)


@budget(500)
@given(st.lists(WORDS, max_size=4).map(" ".join) | st.text(max_size=30))
def test_any_move_text_parses_or_raises_a_documented_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except DOCUMENTED:
        return
    assert Move.parse(str(move)) == move
