"""The MCR scorer's packed records and saved rulesets under hostile input.

``WinBatch.records`` is read-only, but the core is handed NumPy arrays of ``WIN_DTYPE``
records and checks every record before it reads it: any bytes either score or raise
``ValueError`` naming the record (never a read past an array; ``scripts/sanitize.sh`` runs
these under ASan and UBSan). A saved game's ruleset, tampered field by field, loads or raises the
documented ``ValueError``; one that loads scores a hand in both scorers alike.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.mcr import Rules
from mahjongkit.mcr.game.save import ruleset_to_json
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring import _cpp
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB
from mahjongkit.mcr.scoring.score import ScoreRefused, WinBatch, score, score_many

HANDS = [
    (parse_hand("123m 456p 789s 234s 55m"), WinContext(winning=5, by=WinBy.SELF_DRAWN)),
    (parse_hand("chow(123m) pung(EEE) ckong(5555p) 789s 99s F1"), WinContext(winning=27)),
    (parse_hand("19m19p19s ESWNRGB 1m"), WinContext(winning=1, seat_wind=2)),
]
BATCH = WinBatch([h for h, _ in HANDS], [c for _, c in HANDS])


def _records() -> np.ndarray[Any, np.dtype[np.void]]:
    """A writable copy of the batch's records, as a caller could hand the core."""
    return BATCH.records.copy()


def test_the_records_cannot_be_changed() -> None:
    with pytest.raises(ValueError, match="read-only"):
        BATCH.records["nmelds"][0] = 255
    with pytest.raises(ValueError, match="WRITEABLE"):
        BATCH.records.flags.writeable = True
    with pytest.raises(AttributeError):
        BATCH.records = _records()  # type: ignore[misc]
    assert score_many(BATCH).total.tolist() == [score(h, c).total for h, c in HANDS]


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("nmelds", 255, "more than four melds"),
        ("nmelds", 5, "more than four melds"),
        ("melds.kind", 7, "a meld kind"),
        ("melds.first", 200, "a meld's first tile"),
        ("melds.first", 0, "a meld's first tile"),
        ("counts", 200, "a count above 4"),
        ("by", 9, "by not"),
        ("replacement", 5, "replacement not"),
        ("flowers", 250, "more than eight flowers"),
    ],
)
def test_a_changed_record_is_refused_by_the_core(field: str, value: int, reason: str) -> None:
    records = _records()
    if field.startswith("melds."):
        records["melds"][1, 0][field.split(".")[1]] = value
    elif field == "counts":
        records["counts"][1, 3] = value
    else:
        records[field][1] = value
    with pytest.raises(ValueError, match=f"win record 1 is not valid: {reason}"):
        _cpp.score_packed(records, GB)


def test_a_fifth_copy_across_a_meld_is_refused() -> None:
    records = _records()
    records["counts"][1, 27] -= 2
    records["counts"][1, 28] = 2  # two E beside the pung of E: five in all, still 14 tiles
    with pytest.raises(ValueError, match="a fifth copy"):
        _cpp.score_packed(records, GB)


RECORD = BATCH.records.dtype


@budget(400)
@given(st.integers(0, 2), st.binary(min_size=RECORD.itemsize, max_size=RECORD.itemsize))
def test_any_record_bytes_score_or_are_refused(row: int, raw: bytes) -> None:
    records = _records()
    records[row] = np.frombuffer(raw, dtype=RECORD)[0]
    try:
        scored = _cpp.score_packed(records, GB)
    except ValueError as error:
        assert f"win record {row} is not valid" in str(error)
        return
    assert len(scored) == len(HANDS)


@budget(200)
@given(
    st.integers(0, 2),
    st.sampled_from(["counts", "nmelds", "melds", "winning", "by", "replacement", "flowers"]),
    st.integers(0, 255),
    st.integers(0, 34),
)
def test_one_field_changed_scores_or_is_refused(
    row: int, field: str, value: int, position: int
) -> None:
    records = _records()
    if field == "counts":
        records["counts"][row, position] = value
    elif field == "melds":
        records["melds"][row, position % 4]["first" if value % 2 else "kind"] = value
    elif field == "replacement":
        records["replacement"][row] = value - 128
    else:
        records[field][row] = value
    try:
        scored = _cpp.score_packed(records, GB)
    except ValueError as error:
        assert f"win record {row} is not valid" in str(error)
        return
    for index in range(len(HANDS)):  # every answer decodes (its sets and fans are in range)
        if not scored["refusal"][index]:
            tally = _cpp.tally_at(scored, index, 0, 0, GB)
            assert len(tally.split.sets) <= 15 and len(tally.fans) <= 32


# -- saved rulesets -------------------------------------------------------------------------

HOUSE = ruleset_to_json(GB.choose(knit_holds_winning_tile=True))
assert isinstance(HOUSE, dict)
SAVE: dict[str, Any] = {**json.loads(Rules("fuzz-ruleset").to_json()), "ruleset": HOUSE}
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, 8, 48, 82, 83, 2**31, 2**63, -1]),
    st.text(max_size=4),
    st.lists(st.integers(-5, 100) | st.text(max_size=3), max_size=3),
    st.dictionaries(
        st.sampled_from(["1", "48", "82", "99", "٤٨", "²", "01", "-1", "x"]),
        st.integers(-5, 2**40) | st.lists(st.integers(-5, 100), max_size=3),
        max_size=3,
    ),
)


@budget(300)
@given(st.sampled_from(sorted(HOUSE)), VALUES)
def test_a_tampered_ruleset_loads_or_raises_value_error(field: str, value: object) -> None:
    data = json.loads(json.dumps(SAVE))
    data["ruleset"][field] = value
    try:
        game = Rules.from_json(json.dumps(data))
    except ValueError:
        return
    # a ruleset that loads is one both scorers take, with the same answer
    for hand, context in HANDS:
        try:
            mine = score(hand, context, game.ruleset, impl="cpp")
        except ScoreRefused as refused:
            with pytest.raises(ScoreRefused) as reference:
                score(hand, context, game.ruleset, impl="python")
            assert reference.value.refusal == refused.refusal
            continue
        assert mine == score(hand, context, game.ruleset, impl="python")
