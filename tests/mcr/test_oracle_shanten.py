"""Differential test against ``pymahjonggb`` (import name ``MahjongGB``): shanten of every
form and the useful tiles agree on random hands.

The one convention difference is explicit: ``pymahjonggb`` lists a kind the hand already
holds four times among the useful tiles of a ready hand (a "theoretical" wait); we leave it
out unless ``include_held_four=True``, and with it the two agree exactly.
"""

from __future__ import annotations

import random

import pytest

from mahjongkit._core import mcr as core
from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.split import Form
from mahjongkit.mcr.hand.hand import Hand
from tests.mcr.oracle_hands import FROM_GB, gb, gb_pack, random_hand

MahjongGB = pytest.importorskip("MahjongGB")
pytestmark = pytest.mark.oracle

ORACLE_FORMS = {
    Form.STANDARD: "RegularShanten",
    Form.SEVEN_PAIRS: "SevenPairsShanten",
    Form.THIRTEEN_ORPHANS: "ThirteenOrphansShanten",
    Form.HONOURS_KNITTED: "HonorsAndKnittedTilesShanten",
    Form.KNITTED_STRAIGHT: "KnittedStraightShanten",
}
_FORM_INDEX = {form: index for index, form in enumerate(Form)}


def _useful_by_form(hand: Hand, form: Form, shanten: int) -> list[int]:
    """Kinds (not held four times) whose draw lowers this form's shanten."""
    counts = list(hand.counts)
    found = []
    for kind in range(1, 35):
        if hand.held(kind) >= 4:
            continue
        counts[kind] += 1
        after = core.shanten_by_form(counts=counts, melds=len(hand.melds))[_FORM_INDEX[form]]
        counts[kind] -= 1
        if after < shanten:
            found.append(kind)
    return found


def compare(hand: Hand) -> list[str]:
    """Every disagreement between us and the oracle on one 13-tile hand (empty if none)."""
    problems = []
    standing = tuple(gb(k) for k in hand.concealed_tiles())
    packs = tuple(gb_pack(m) for m in hand.melds)
    ours = engine.shanten_by_form(hand, impl="cpp")
    minimum = MahjongGB.MahjongShanten(pack=packs, hand=standing)
    if minimum != min(ours.values()):
        problems.append(f"minimum: oracle {minimum}, ours {min(ours.values())}")
    lowest = min(ours.values())
    accepted_by_minimal_forms: set[int] = set()
    for form, function in ORACLE_FORMS.items():
        if form not in ours:
            continue
        theirs, useful = getattr(MahjongGB, function)(hand=standing)
        if theirs == lowest:
            accepted_by_minimal_forms |= {FROM_GB[t] for t in useful if hand.held(FROM_GB[t]) < 4}
        if theirs != ours[form]:
            problems.append(f"{form.value}: oracle {theirs}, ours {ours[form]}")
            continue
        # The documented difference: drop the kinds we hold four times from their list.
        their_useful = sorted(FROM_GB[t] for t in useful if hand.held(FROM_GB[t]) < 4)
        if their_useful != _useful_by_form(hand, form, ours[form]):
            problems.append(f"{form.value} useful: oracle {their_useful}, ours differ")
        extra = {FROM_GB[t] for t in useful} - set(their_useful)
        if extra and not all(hand.held(k) >= 4 for k in extra):
            problems.append(f"{form.value}: unexplained extra useful tiles {sorted(extra)}")
    # Our acceptance (the minimum over forms) is the union over the forms at the minimum.
    if engine.acceptance(hand, impl="cpp") != sorted(accepted_by_minimal_forms):
        problems.append(f"acceptance: oracle {sorted(accepted_by_minimal_forms)}")
    return problems


def run(count: int, seed: int) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    failures = []
    for _ in range(count):
        hand = random_hand(rng)
        problems = compare(hand)
        if problems:
            failures.append(f"{hand}: {'; '.join(problems)}")
    return count, failures


def test_shanten_per_form_and_useful_tiles_agree_on_5000_hands() -> None:
    checked, failures = run(5000, seed=20260614)
    assert checked == 5000
    assert failures == [], failures[:5]


@pytest.mark.slow
def test_shanten_per_form_and_useful_tiles_agree_on_100000_hands() -> None:
    checked, failures = run(100_000, seed=1)
    assert checked == 100_000
    assert failures == [], failures[:5]


def test_the_reference_agrees_with_the_oracle_too() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand = random_hand(rng)
        standing = tuple(gb(k) for k in hand.concealed_tiles())
        packs = tuple(gb_pack(m) for m in hand.melds)
        assert engine.shanten(hand, impl="python") == MahjongGB.MahjongShanten(
            pack=packs, hand=standing
        ), str(hand)


def test_theoretical_waits_match_with_include_held_four() -> None:
    """On ready hands without melds, the oracle's useful tiles of the ready forms are our
    waits with ``include_held_four=True``, and exactly the held-four kinds more than ours."""
    rng = random.Random(11)
    checked = with_held_four = 0
    while checked < 400:
        hand = random_hand(rng)
        if hand.melds or engine.shanten(hand) != 0:
            continue
        checked += 1
        standing = tuple(gb(k) for k in hand.concealed_tiles())
        theirs: set[int] = set()
        for function in ORACLE_FORMS.values():
            shanten, useful = getattr(MahjongGB, function)(hand=standing)
            if shanten == 0:
                theirs |= {FROM_GB[t] for t in useful}
        assert sorted(theirs) == engine.waits(hand, include_held_four=True), str(hand)
        held_four = {k for k in theirs if hand.held(k) >= 4}
        assert sorted(theirs - held_four) == engine.waits(hand), str(hand)
        with_held_four += bool(held_four)
    assert checked == 400
    assert with_held_four > 0  # the seed holds hands where the conventions differ


def test_a_known_theoretical_wait() -> None:
    hand_text = ("W1",) * 4 + ("B2", "B3", "B4", "T5", "T6", "T7", "T9", "T9", "T9")
    shanten, useful = MahjongGB.RegularShanten(hand=hand_text)
    assert (shanten, useful) == (0, ("W1",))
    from mahjongkit.mcr.hand.notation import parse_hand

    hand = parse_hand("1111m 234p 567s 999s")
    assert engine.waits(hand) == [] and engine.waits(hand, include_held_four=True) == [1]
