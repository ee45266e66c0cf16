"""The legality checks of a win and of priority, C++ (``cpp/core/mcr/legality.cpp``) against
their Python twins (``mcr/game/legality.py``): the win's context, whether a turn holds the
wall's last tile, the scorer's answer read as a win, a claim's priority and a chow named by
its middle tile (Hypothesis, or every input where there are few)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit._core import mcr as core
from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.score import ScoreRefused, score
from mahjongkit.mcr.scoring.validate import Refusal
from tests.mcr.flagged import flags
from tests.mcr.hand_strategies import complete_hands, random_hands, ready_hands

BY: tuple[WinBy, ...] = (WinBy.SELF_DRAWN, WinBy.DISCARD, WinBy.ROBBING)
REPLACEMENT: dict[Replacement | None, int] = {None: -1, Replacement.KONG: 0, Replacement.FLOWER: 1}


def test_claim_priority_agrees_on_every_claim_and_seat() -> None:
    orders = []
    for discarder in range(4):
        keys = []
        for claim in range(legality.CLAIM_PASS + 1):
            for seat in range(4):
                if seat == discarder:
                    continue
                python = legality.claim_priority(claim, seat, discarder)
                assert core.legality_claim_priority(claim, seat, discarder) == python
                keys.append((python, claim, (seat - discarder) & 3))
        orders.append([(claim, near) for _, claim, near in sorted(keys)])
    # a win beats a pung or a kong, which beat a chow; a pass is lowest; then nearness
    assert orders[0][-3:] == [(legality.CLAIM_WIN, 3), (legality.CLAIM_WIN, 2), (3, 1)]
    assert all(order == orders[0] for order in orders)


@settings(max_examples=300, deadline=None)
@given(flags, st.integers(0, 0xFFFFFFFF), st.integers(0, 3), st.booleans())
def test_last_of_wall_agrees(flag: int, walls: int, seat: int, drew: bool) -> None:
    if not flag & legality.FOUR_WALLS:
        walls %= 145  # one wall: its count
    python = legality.last_of_wall(flag, walls, seat, drew)
    assert core.legality_last_of_wall(flag, walls, seat, drew) is python


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(1, 34),
    st.sampled_from(BY),
    st.integers(0, 4),
    st.booleans(),
    st.booleans(),
    st.sampled_from(list(REPLACEMENT)),
)
def test_win_context_agrees(
    seat_wind: int,
    prevailing: int,
    tile: int,
    by: WinBy,
    visible: int,
    last_draw: bool,
    last_discard: bool,
    replacement: Replacement | None,
) -> None:
    python = legality.win_context(
        seat_wind, prevailing, tile, by, visible, last_draw, last_discard, replacement
    )
    cpp = core.legality_win_context(
        seat_wind,
        prevailing,
        tile,
        BY.index(by),
        visible,
        last_draw,
        last_discard,
        REPLACEMENT[replacement],
    )
    assert cpp == (
        python.winning,
        BY.index(python.by),
        REPLACEMENT[python.replacement],
        python.seat_wind,
        python.prevailing_wind,
        python.last_of_wall,
        python.last_tile,
    )


@st.composite
def wins(draw: st.DrawFn) -> tuple[Hand, WinContext]:
    """Fourteen tiles (complete, a ready hand and any tile, or random) and a context."""
    hand = draw(st.one_of(complete_hands(), random_hands(14)))
    if draw(st.booleans()):
        ready = draw(ready_hands())
        tile = draw(st.integers(1, 34).filter(lambda k: ready.held(k) < 4))
        hand = ready.draw(tile)
    held = [k for k in range(1, 35) if hand.counts[k]]
    context = WinContext(
        winning=draw(st.sampled_from(held)) if held else 1,
        by=draw(st.sampled_from(BY)),
        seat_wind=draw(st.integers(0, 3)),
        prevailing_wind=draw(st.integers(0, 3)),
        last_of_wall=draw(st.booleans()),
        last_tile=draw(st.booleans()),
        replacement=draw(st.sampled_from(list(REPLACEMENT))),
    )
    return hand, context


@settings(max_examples=200, deadline=None)
@given(wins(), st.sampled_from([GREEN_BOOK, GB]), flags)
def test_the_scorers_answer_read_as_a_win_agrees(
    win: tuple[Hand, WinContext], ruleset: Ruleset, flag: int
) -> None:
    """``win_check`` (C++) of the C++ scorer's answer, against ``win_reason`` and
    ``win_tally`` (Python) of the Python scorer's: the same code, except that C++ leaves a
    context the scorer refuses to the reference (-1), which the reference calls no win."""
    hand, context = win

    def python_score(h: Hand, c: WinContext) -> object:
        return score(h, c, ruleset, impl="python")

    reason = legality.win_reason(python_score, hand, context, flag)  # type: ignore[arg-type]
    tally = legality.win_tally(python_score, hand, context, flag)  # type: ignore[arg-type]
    python = legality.CODES.index(None if reason is None else reason[0])
    assert (tally is not None) == (python == 0)
    try:
        basic, refused = score(hand, context, ruleset, impl="cpp").basic, 0
    except ScoreRefused as error:
        basic, refused = 0, int(error.refusal)
    cpp = core.legality_win_check(
        refused,
        basic,
        ruleset.minimum,
        flag,
        BY.index(context.by),
        REPLACEMENT[context.replacement],
        context.last_of_wall,
        context.last_tile,
    )
    if cpp == -1:
        assert python == legality.CODES.index(RefusalCode.NOT_A_WIN)
        assert refused not in (0, Refusal.NOT_COMPLETE)
    else:
        assert cpp == python


def test_a_chow_by_its_middle_agrees_on_every_pair() -> None:
    found = 0
    for tile in range(1, 35):
        for middle in range(0, 36):
            python = legality.chow_by_middle(tile, middle)
            assert core.legality_chow_by_middle(tile, middle) == python
            found += python is not None
    assert found == 3 * (1 + 2 + 3 * 5 + 2 + 1)  # a suit's tiles lie in 1, 2, 3 .. 3, 2, 1 runs
