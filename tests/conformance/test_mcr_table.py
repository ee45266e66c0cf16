"""The hand table (the rules' per-discard step), C++ against its pure-Python twin: the same
codes, draws, waits, turn moves and counts over random sequences of draws, discards and seat
replacements (Hypothesis), and the same refusals of bad arguments."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.analysis.table import DREW, OPEN, QUIET, HandTableLike
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import MeldKind
from tests.mcr.hand_strategies import random_hands, ready_hands

DISCARDS = tuple(("discard", k) for k in range(35))
KONGS = tuple(("kong", k) for k in range(35))
hands_13 = st.one_of(ready_hands(), random_hands(13))
kinds = st.integers(1, 34)


def _tables() -> tuple[HandTableLike, HandTableLike]:
    return (
        engine.hand_table(DISCARDS, KONGS, impl="cpp"),
        engine.hand_table(DISCARDS, KONGS, impl="python"),
    )


def _set(tables: tuple[HandTableLike, ...], seat: int, hand: Hand) -> None:
    for table in tables:
        table.set_seat(
            seat,
            list(hand.counts),
            len(hand.melds),
            [k for m in hand.melds for k in m.tiles],
            [m.tiles[0] for m in hand.melds if m.kind is MeldKind.PUNG],
        )


def _same(tables: tuple[HandTableLike, HandTableLike], call: str, *args: Any) -> Any:
    cpp, python = (getattr(table, call)(*args) for table in tables)
    assert cpp == python, (call, args)
    return cpp


@settings(max_examples=120, deadline=None)
@given(st.lists(hands_13, min_size=4, max_size=4), st.data())
def test_same_answers_over_a_random_hand(hands: list[Hand], data: st.DataObject) -> None:
    tables = _tables()
    for seat, hand in enumerate(hands):
        _set(tables, seat, hand)
    turn = data.draw(st.integers(0, 3))
    holding = False  # whether the seat on turn holds fourteen
    for _ in range(data.draw(st.integers(1, 40))):
        if not holding:
            _same(tables, "waits", turn)
            _same(tables, "draw", turn, data.draw(kinds))
            holding = True
            continue
        _same(tables, "turn_moves", turn, data.draw(st.integers(0, 2)))
        if data.draw(st.integers(0, 9)) == 0:  # a claim or a kong: the seat is replaced
            _set(tables, turn, data.draw(hands_13))
            holding = False
            continue
        held = [k for k, n in enumerate(tables[1].counts(turn)) if n]
        tile = data.draw(st.sampled_from(held))
        drawn = data.draw(st.one_of(st.just(0), kinds))
        if data.draw(st.booleans()):
            found = _same(tables, "discard", turn, tile, drawn)
        else:  # the same, and the next seat's turn moves when it drew
            found, moves = _same(tables, "step", turn, tile, drawn, data.draw(st.integers(0, 2)))
            assert bool(moves) == (found < OPEN)
        turn = (turn + 1) & 3
        holding = found < OPEN
        assert found < OPEN or drawn == 0 or not found & QUIET
        if found >= OPEN:
            for step, other in enumerate((turn, (turn + 1) & 3, (turn + 2) & 3), start=1):
                waited = found >> (1 + step) & 1
                assert bool(waited) == (tile in tables[1].waits(other))
        for seat in range(4):
            _same(tables, "counts", seat)
            if seat != turn or not holding:
                _same(tables, "waits", seat)


@settings(max_examples=40, deadline=None)
@given(st.lists(hands_13, min_size=4, max_size=4))
def test_copies_are_independent(hands: list[Hand]) -> None:
    for table in _tables():
        for seat, hand in enumerate(hands):
            _set((table,), seat, hand)
        before = [table.counts(seat) for seat in range(4)]
        copy = table.copy()
        tile = next(k for k, n in enumerate(before[0]) if n)
        copy.discard(0, tile, 0)
        assert [table.counts(seat) for seat in range(4)] == before
        assert copy.counts(0)[tile] == before[0][tile] - 1


def test_a_quiet_discard_draws_for_the_next_seat() -> None:
    for table in _tables():
        _set((table,), 0, Hand.from_tiles([1, 2, 3, 5, 5, 5, 9, 9, 9, 28, 28, 28, 28]))
        apart = Hand.from_tiles([10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 32])
        for seat in (1, 2, 3):
            _set((table,), seat, apart)
        assert table.draw(0, 7) is False
        assert table.turn_moves(0, 1)[-1] == ("kong", 28)
        assert table.turn_moves(0, 0)[-1] == ("discard", 28)
        assert table.discard(0, 7, 33) == DREW and table.counts(1)[33] == 1
        assert table.discard(1, 33, 0) == OPEN | QUIET
        _set((table,), 1, Hand.from_tiles([5, 5, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26]))
        table.draw(0, 6)
        assert table.discard(0, 5, 0) == OPEN  # seat 1 may pung: not quiet, nobody waits


@pytest.mark.parametrize(
    ("call", "args", "message"),
    [
        ("discard", (4, 1, 0), "seat must be 0 to 3, not 4"),
        ("discard", (0, 35, 0), "kind must be 1 to 34, not 35"),
        ("discard", (0, 1, -1), "kind must be 0 to 34, not -1"),
        ("discard", (0, 1, 0), "seat 0 holds no kind 1"),
        ("draw", (0, 0), "kind must be 1 to 34, not 0"),
        ("turn_moves", (0, 3), "kongs must be 0, 1 or 2"),
        ("step", (0, 1, 0, 3), "kongs must be 0, 1 or 2"),
        ("step", (0, 1, 0, 0), "seat 0 holds no kind 1"),
        ("set_seat", (0, [0] * 34, 0, [], []), "counts has 34 entries, not 35"),
        ("set_seat", (0, [0] * 34 + [5], 0, [], []), "count of kind 34 out of range: 5"),
        ("set_seat", (0, [0] * 35, 5, [], []), "melds must be 0 to 4, not 5"),
        ("set_seat", (0, [0] * 35, 1, [36], []), "kind must be 1 to 34, not 36"),
    ],
)
def test_same_refusals(call: str, args: tuple[Any, ...], message: str) -> None:
    for table in _tables():
        with pytest.raises(ValueError, match=message):
            getattr(table, call)(*args)
