"""score_many: the same tallies and refusals as score() one by one, on both implementations;
the compact Tally the C++ path returns is the same value as one built eagerly."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, replace

import pytest

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.score import Refusal, ScoreRefused, score, score_many
from mahjongkit.mcr.scoring.tally import Tally
from tests.mcr.scoring_hands import random_hands

RULESETS = [GREEN_BOOK, GB]


def _spoiled(hands: list[tuple[Hand, WinContext]], seed: int) -> list[tuple[Hand, WinContext]]:
    """The hands with about one in four made unscorable: a context that cannot happen, a
    winning tile not held, a tile taken away, or a bad wind."""
    rng = random.Random(seed)
    out = []
    for hand, context in hands:
        roll = rng.randrange(8)
        if roll == 0:
            context = replace(context, by=WinBy.DISCARD, replacement=Replacement.KONG)
        elif roll == 1:
            missing = [k for k in range(1, 35) if not hand.counts[k]]
            context = replace(context, winning=rng.choice(missing))
        elif roll == 2:
            counts = list(hand.counts)
            held = [k for k in range(1, 35) if counts[k] and k != context.winning]
            if held:
                counts[rng.choice(held)] -= 1
                hand = Hand(tuple(counts), hand.melds, hand.flowers)
        elif roll == 3:
            context = replace(context, seat_wind=4)
        elif roll == 4:
            context = replace(context, by=WinBy.ROBBING, last_of_wall=True)
        out.append((hand, context))
    return out


def _one_by_one(
    hands: list[tuple[Hand, WinContext]], ruleset: Ruleset, impl: str
) -> list[Tally | ScoreRefused]:
    results: list[Tally | ScoreRefused] = []
    for hand, context in hands:
        try:
            results.append(score(hand, context, ruleset, impl=impl))
        except ScoreRefused as error:
            results.append(error)
    return results


def _same(a: Tally | ScoreRefused, b: Tally | ScoreRefused) -> bool:
    if isinstance(a, ScoreRefused) or isinstance(b, ScoreRefused):
        return (
            isinstance(a, ScoreRefused)
            and isinstance(b, ScoreRefused)
            and (str(a), a.refusal) == (str(b), b.refusal)
        )
    return a == b


@pytest.mark.parametrize("impl", ["cpp", "python"])
@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_score_many_equals_score_one_by_one(ruleset: Ruleset, impl: str) -> None:
    hands = _spoiled(list(random_hands(11, 600 if impl == "cpp" else 150)), seed=3)
    expected = _one_by_one(hands, ruleset, impl)
    assert any(isinstance(e, ScoreRefused) for e in expected)
    assert any(isinstance(e, Tally) for e in expected)
    got = score_many(
        [h for h, _ in hands], [c for _, c in hands], ruleset, impl=impl, on_error="return"
    )
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert _same(a, b), f"hand {i}: {hands[i]}"


def test_cpp_and_python_batches_agree_on_tallies_and_refusal_codes() -> None:
    hands = _spoiled(list(random_hands(12, 200)), seed=4)
    args = ([h for h, _ in hands], [c for _, c in hands], GB)
    cpp = score_many(*args, impl="cpp", on_error="return")
    python = score_many(*args, impl="python", on_error="return")
    codes = {r.refusal for r in cpp if isinstance(r, ScoreRefused)}
    assert len(codes) >= 4
    assert all(_same(a, b) for a, b in zip(cpp, python, strict=True))


@pytest.mark.parametrize("impl", ["cpp", "python"])
def test_a_refusal_in_a_batch_raises_with_its_index(impl: str) -> None:
    good = parse_hand("123m 456p 789s 234s 55m")
    bad = parse_hand("234m 345p 567s 67m 88p 9m")
    hands = [good, good, bad, bad]
    contexts = [WinContext(winning=5), WinContext(winning=5, by=WinBy.SELF_DRAWN)] + [
        WinContext(winning=9)
    ] * 2
    with pytest.raises(ScoreRefused, match=r"^hand 2: not a complete hand") as caught:
        score_many(hands, contexts, impl=impl)
    assert caught.value.refusal is Refusal.NOT_COMPLETE
    returned = score_many(hands, contexts, impl=impl, on_error="return")
    assert returned[:2] == [score(good, contexts[0]), score(good, contexts[1])]
    assert [r.refusal for r in returned[2:] if isinstance(r, ScoreRefused)] == [
        Refusal.NOT_COMPLETE
    ] * 2


@dataclass(frozen=True)
class _LooseHand:
    """A hand-like value that is not a Hand: the scorer checks its tiles itself."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()


@pytest.mark.parametrize("impl", ["cpp", "python"])
def test_hand_like_values_with_bad_tiles_are_refused_in_place(impl: str) -> None:
    hand = parse_hand("123m 456p 789s 234s 55m")
    counts = list(hand.counts)
    counts[1] = 5
    loose = [_LooseHand(hand.counts), _LooseHand(tuple(counts))]
    context = WinContext(winning=5)
    got = score_many(loose, [context, context], impl=impl, on_error="return")
    assert got[0] == score(hand, context)
    assert isinstance(got[1], ScoreRefused)
    assert got[1].refusal is Refusal.TILES
    assert str(got[1]) == "the hand holds 5 of 1m (0 to 4 allowed)"


def test_programmer_errors_raise() -> None:
    hand = parse_hand("123m 456p 789s 234s 55m")
    with pytest.raises(ValueError, match="1 hands but 2 contexts"):
        score_many([hand], [WinContext(winning=5)] * 2)
    with pytest.raises(ValueError, match="on_error"):
        score_many([hand], [WinContext(winning=5)], on_error="ignore")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="context is a WinContext"):
        score_many([hand], [5], on_error="return")  # type: ignore[list-item]
    assert score_many([], []) == []


def test_compact_tally_is_the_same_value_as_an_eager_one() -> None:
    hand = parse_hand("123m 456p 789s 234s 55m F1 F2")
    context = WinContext(winning=5, by=WinBy.SELF_DRAWN)
    compact = score(hand, context, impl="cpp")
    eager = score(hand, context, impl="python")
    assert compact == eager and hash(compact) == hash(eager)
    assert (compact.total, compact.basic, compact.flowers) == (17, 15, 2)
    assert repr(compact) == repr(eager)
    assert pickle.loads(pickle.dumps(compact)) == eager
    rebuilt = Tally(compact.fans, compact.split, compact.ruleset, compact.minimum)
    assert rebuilt == compact
    with pytest.raises(AttributeError, match="no setter"):
        compact.minimum = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        compact.points = 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_compact_totals_are_the_sums_of_the_fans(ruleset: Ruleset) -> None:
    # the C++ core reports basic and flower points beside the fans; they must agree
    hands = list(random_hands(13, 1500))
    tallies = score_many([h for h, _ in hands], [c for _, c in hands], ruleset)
    assert any(t.flowers for t in tallies)
    for t in tallies:
        assert t.flowers == sum(f.total for f in t.fans if f.number == 81)
        assert t.basic == sum(f.total for f in t.fans if f.number != 81)
        assert t.total == t.basic + t.flowers
        assert t.minimum_met == (t.basic >= t.minimum)
