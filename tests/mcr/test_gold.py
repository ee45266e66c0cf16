"""The gold corpus (tests/data/mcr_gold.txt) is the test: every row scores exactly as
written, every ``+`` row scores its fan, every ``-`` row (a winning near miss) does not, and
no fan the ``+`` row's fan excludes is scored with it."""

from __future__ import annotations

import pytest

from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.mcr.scoring.score import score
from tests.mcr.scoring_gold import GoldRow, expected_total, read_gold

ROWS = read_gold()


def _id(row: GoldRow) -> str:
    return f"line{row.line}-{row.mark}{row.fan}"


def test_the_corpus_covers_every_fan_both_ways() -> None:
    for mark in "+-":
        fans = [r.fan for r in ROWS if r.mark == mark]
        assert fans == list(range(1, 82)), f"{mark} rows must be fans 1..81 in order"
    assert sum(1 for r in ROWS if r.mark == "e") >= 20


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_row_scores_as_written(row: GoldRow) -> None:
    hand = parse_hand(row.notation)
    tally = score(hand, row.context, row.rules)
    got = tuple((f.key, f.points, f.times) for f in tally.fans)
    assert got == row.fans, f"line {row.line}: {tally.describe()}"
    assert tally.total == row.total == sum(p * t for _, p, t in row.fans)
    keys = {key for key, _, _ in got}
    if row.mark == "+":
        assert FANS[row.fan].key in keys
        assert set(row.not_counted) == {FANS[n].key for n in FANS[row.fan].excludes}
        assert not keys & set(row.not_counted), "an excluded fan was scored"
    elif row.mark == "-":
        assert FANS[row.fan].key not in keys
    published = expected_total(row.context_words)
    if published is not None:  # a published worked example's total (its source is cited)
        assert published in (tally.basic, tally.total), f"line {row.line}: {tally.describe()}"
