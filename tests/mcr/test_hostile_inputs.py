"""The MCR API under values of the wrong type or out of range: the documented error, named.

Wrong types raise ``TypeError`` (never ``AttributeError``); a bad saved game or ruleset
raises ``ValueError`` (never ``IndexError`` or pybind11's ``TypeError``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjongkit._files import read_text_file
from mahjongkit.mcr import Rules
from mahjongkit.mcr.game.save import ruleset_from_json, ruleset_to_json
from mahjongkit.mcr.hand.notation import parse_hand, parse_tiles
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.mcr.scoring.ruleset import GB, POINT_LIMIT, Ruleset
from mahjongkit.mcr.scoring.score import WinBatch, score, score_many

HAND = parse_hand("123m 456p 789s 234s 55m")
CONTEXT = WinContext(winning=5)


@pytest.mark.parametrize("impl", ["cpp", "python"])
@pytest.mark.parametrize("hand", [None, "123m 456p 789s 234s 55m", 5, object()])
def test_a_hand_of_the_wrong_type_is_a_type_error(impl: str, hand: Any) -> None:
    with pytest.raises(TypeError, match="a hand is a Hand"):
        score(hand, CONTEXT, impl=impl)
    with pytest.raises(TypeError, match="a hand is a Hand"):
        score_many([HAND, hand], [CONTEXT, CONTEXT], impl=impl)
    with pytest.raises(TypeError, match="a hand is a Hand"):
        score_many([hand], [CONTEXT], impl=impl, on_error="return")
    with pytest.raises(TypeError, match="a hand is a Hand"):
        WinBatch([hand], [CONTEXT])


@pytest.mark.parametrize("text", [None, b"123m", 5, ["1m"]])
def test_notation_of_the_wrong_type_is_a_type_error(text: Any) -> None:
    with pytest.raises(TypeError, match="notation is a str"):
        parse_hand(text)
    with pytest.raises(TypeError, match="notation is a str"):
        parse_tiles(text)


# -- rulesets and saves -------------------------------------------------------------------


def _save_with(**ruleset: Any) -> str:
    house = ruleset_to_json(GB.choose(knit_holds_winning_tile=True))
    assert isinstance(house, dict)
    data = json.loads(Rules("hostile").to_json())
    data["ruleset"] = {**house, **ruleset}
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mixed_kong_pair": [82]}, "mixed_kong_pair is \\[fan number, points\\]"),
        ({"mixed_kong_pair": [82, 5, 1]}, "mixed_kong_pair is \\[fan number, points\\]"),
        ({"mixed_kong_pair": 82}, "mixed_kong_pair is \\[fan number, points\\]"),
        ({"mixed_kong_pair": [82, 2**31]}, "outside 0 to 255"),
        ({"mixed_kong_pair": [90, 5]}, "90 is not a fan number"),
        ({"point_overrides": {"48": 2**31}}, "point_overrides\\[48\\]"),
        ({"point_overrides": {"48": -1}}, "outside 0 to 255"),
        ({"point_overrides": {"0": 6}}, "0 is not a fan number"),
        ({"point_overrides": {"٤٨": 6}}, "ASCII digits"),
        ({"point_overrides": {"4²": 6}}, "ASCII digits"),
        ({"extra_excludes": {"1": [83]}}, "83 is not a fan number"),
        ({"nine_gates_extras": {"0": [1]}}, "ranks 1 to 9"),
        ({"nine_gates_extras": {"10": [1]}}, "ranks 1 to 9"),
        ({"concealed_form_self_drawn": 2**63}, "not a fan number"),
        ({"concealed_forms": [-4]}, "not a fan number"),
        ({"conditional_excludes": [[[1], [300]]]}, "300 is not a fan number"),
        ({"minimum": 2**40}, "minimum"),
    ],
)
def test_a_ruleset_out_of_range_in_a_save_is_a_value_error(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=f"a bad saved game: .*{message}"):
        Rules.from_json(_save_with(**change))


def test_a_ruleset_checks_its_fields_however_it_is_made() -> None:
    with pytest.raises(ValueError, match="not a fan number"):
        Ruleset(name="house", point_overrides={200: 1})
    with pytest.raises(ValueError, match="outside 0 to"):
        Ruleset(name="house", mixed_kong_pair=(82, POINT_LIMIT + 1))
    with pytest.raises(TypeError, match="a fan number is an int"):
        Ruleset(name="house", concealed_forms=frozenset({"7"}))  # type: ignore[arg-type]
    house = Ruleset(name="house", point_overrides={48: POINT_LIMIT}, minimum=0)
    assert ruleset_from_json(ruleset_to_json(house)) == house


def test_the_largest_points_score_alike_in_both_scorers() -> None:
    house = Ruleset(name="house", point_overrides=dict.fromkeys(FANS, POINT_LIMIT))
    hand = parse_hand("ckong(1111m) ckong(2222p) 345s 678s 99s F1 F2")
    context = WinContext(winning=27, by=WinBy.SELF_DRAWN)
    mine, reference = (
        score(hand, context, house, impl="cpp"),
        score(hand, context, house, impl="python"),
    )
    assert mine == reference
    assert max(f.points for f in mine.fans) == POINT_LIMIT


def test_a_saved_game_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    game = Rules("bom")
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.to_json().encode())
    text = read_text_file(path, what="saved game", limit=1 << 20)
    assert Rules.from_json(text).to_json() == game.to_json()
