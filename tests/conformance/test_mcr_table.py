"""The legality checks (the rules of a turn and a claim), C++ against their pure-Python twins,
and the hand layer's table (``game/table.py``, the seats' tiles of ``HandState``) that asks
them: the same refusal codes of every candidate move in generated positions, the same legal
lists and offers (Hypothesis), over random sequences of draws, discards and seat
replacements too; the table's refusals of bad arguments. (The C++ hand engine asks the same
C++ checks of its own state: ``test_mcr_hand_engine.py``, ``test_mcr_rules_engine.py``.)"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit._core import mcr as core
from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game.table import DREW, OFFER_SHIFT, OPEN, HandTable
from mahjongkit.mcr.hand.hand import Hand, chow_pairs
from mahjongkit.mcr.hand.meld import MeldKind
from tests.mcr.flagged import flags
from tests.mcr.hand_strategies import random_hands, ready_hands

DISCARDS = tuple(("discard", k) for k in range(35))
KONGS = tuple(("kong", k) for k in range(35))
hands_13 = st.one_of(ready_hands(), random_hands(13))
kinds = st.integers(1, 34)


@st.composite
def walls_of(draw: st.DrawFn, flag: int) -> int:
    """The walls int of ``flag``: one wall's count, or four walls' (some of them empty)."""
    if flag & legality.FOUR_WALLS:
        return legality.pack_walls([draw(st.sampled_from([0, 1, 2, 5, 34])) for _ in range(4)])
    return draw(st.sampled_from([0, 1, 2, 3, 4, 5, 70]))


def _table(flag: int = 0) -> HandTable:
    return HandTable(DISCARDS, KONGS, flag)


def _pungs(hand: Hand) -> list[int]:
    return [m.tiles[0] for m in hand.melds if m.kind is MeldKind.PUNG]


def _set(table: HandTable, seat: int, hand: Hand) -> None:
    table.set_seat(
        seat,
        list(hand.counts),
        len(hand.melds),
        [k for m in hand.melds for k in m.tiles],
        _pungs(hand),
    )


def _turn_moves_cpp(
    seat: int, counts: list[int], pungs: list[int], claimed: bool, flag: int, walls: int
) -> list[tuple[str, int]]:
    """The C++ checks' turn list, as the table's moves."""
    discards, kongs = core.legality_turn_kinds(seat, counts, pungs, claimed, flag, walls)
    return [DISCARDS[k] for k in discards] + [KONGS[k] for k in kongs]


@settings(max_examples=120, deadline=None)
@given(st.lists(hands_13, min_size=4, max_size=4), flags, st.data())
def test_the_table_asks_the_checks_over_a_random_hand(
    hands: list[Hand], flag: int, data: st.DataObject
) -> None:
    """The table's turn lists and offers over random draws, discards and seat replacements
    are those of the C++ checks and of the Python ones asked of its counts."""
    table = _table(flag)
    pungs = [_pungs(hand) for hand in hands]
    for seat, hand in enumerate(hands):
        _set(table, seat, hand)
    turn = data.draw(st.integers(0, 3))
    holding = False  # whether the seat on turn holds fourteen
    for _ in range(data.draw(st.integers(1, 40))):
        if not holding:
            waits = table.waits(turn)
            counts = table.counts(turn)  # a hand holds at most four of a kind
            tile = data.draw(st.sampled_from([k for k in range(1, 35) if counts[k] < 4]))
            assert table.draw(turn, tile) == (tile in waits)
            holding = True
            continue
        claimed, walls = data.draw(st.booleans()), data.draw(walls_of(flag))
        counts = table.counts(turn)
        if max(counts) <= 4:
            expected = _turn_moves_cpp(turn, counts, pungs[turn], claimed, flag, walls)
            assert list(table.turn_moves(turn, claimed, walls)) == expected
        if data.draw(st.integers(0, 9)) == 0:  # a claim or a kong: the seat is replaced
            hand = data.draw(hands_13)
            _set(table, turn, hand)
            pungs[turn] = _pungs(hand)
            holding = False
            continue
        held = [k for k, n in enumerate(table.counts(turn)) if n]
        tile = data.draw(st.sampled_from(held))
        walls = data.draw(walls_of(flag))
        drawn = data.draw(st.one_of(st.just(0), kinds))
        if flag & legality.FOUR_WALLS or walls == 0:
            drawn = 0  # the rules ask a draw of the one shared wall only, and not of an empty one
        if data.draw(st.booleans()):
            found = table.discard(turn, tile, drawn, walls)
        else:  # the same, and the next seat's turn moves when it drew
            found, moves = table.step(turn, tile, drawn, walls)
            assert bool(moves) == (found < OPEN)
        discarder, turn = turn, (turn + 1) & 3
        holding = found < OPEN
        assert found < OPEN or drawn == 0 or found >> OFFER_SHIFT
        for step in (1, 2, 3):
            other = (discarder + step) & 3
            counts = table.counts(other)
            melds = legality.offer_bits(other, discarder, counts, tile, flag, walls)
            if max(counts) <= 4:  # a random next draw may make a fifth, which play never holds
                cpp = core.legality_offer_bits(other, discarder, counts, tile, flag, walls)
                assert cpp == melds
            if found >= OPEN:
                bits = found >> (OFFER_SHIFT + 8 * (step - 1)) & 0xFF
                assert bool(bits & legality.OFFER_WAIT) == (tile in table.waits(other))
                assert bits & ~legality.OFFER_WAIT == melds


@settings(max_examples=40, deadline=None)
@given(st.lists(hands_13, min_size=4, max_size=4))
def test_copies_are_independent(hands: list[Hand]) -> None:
    table = _table()
    for seat, hand in enumerate(hands):
        _set(table, seat, hand)
    before = [table.counts(seat) for seat in range(4)]
    copy = table.copy()
    tile = next(k for k, n in enumerate(before[0]) if n)
    copy.discard(0, tile, 0, 70)
    assert [table.counts(seat) for seat in range(4)] == before
    assert copy.counts(0)[tile] == before[0][tile] - 1


def test_a_quiet_discard_draws_for_the_next_seat() -> None:
    table = _table()
    _set(table, 0, Hand.from_tiles([1, 2, 3, 5, 5, 5, 9, 9, 9, 28, 28, 28, 28]))
    apart = Hand.from_tiles([10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 32])
    for seat in (1, 2, 3):
        _set(table, seat, apart)
    assert table.draw(0, 7) is False
    assert table.turn_moves(0, False, 70)[-1] == ("kong", 28)
    assert table.turn_moves(0, True, 70)[-1] == ("discard", 28)  # no kong after a claim
    assert table.turn_moves(0, False, 0)[-1] == ("discard", 28)  # nor without replacement
    assert table.discard(0, 7, 33, 70) == DREW and table.counts(1)[33] == 1
    assert table.discard(1, 33, 0, 69) == OPEN  # nobody may claim, no draw asked
    _set(table, 1, Hand.from_tiles([5, 5, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26]))
    table.draw(0, 6)
    # seat 1 may pung (nobody waits): its offer bits, the first seat's
    assert table.discard(0, 5, 0, 68) == OPEN | legality.OFFER_PUNG << OFFER_SHIFT


@pytest.mark.parametrize(
    ("call", "args", "message"),
    [
        ("discard", (4, 1, 0, 70), "seat must be 0 to 3, not 4"),
        ("discard", (0, 35, 0, 70), "kind must be 1 to 34, not 35"),
        ("discard", (0, 1, -1, 70), "kind must be 0 to 34, not -1"),
        ("discard", (0, 1, 0, 70), "seat 0 holds no kind 1"),
        ("offers", (0, 1, -1), "walls must be 0 to 2\\*\\*32 - 1, not -1"),
        ("draw", (0, 0), "kind must be 1 to 34, not 0"),
        ("step", (0, 1, 0, 70), "seat 0 holds no kind 1"),
        ("offers", (0, 0, 70), "kind must be 1 to 34, not 0"),
        ("verify_turn", (0, 0, 35, False, 70), "kind must be 1 to 34, not 35"),
        ("verify_claim", (0, 1, 0, 0, 2, 1, 70), "kind must be 1 to 34, not 0"),
        ("set_seat", (0, [0] * 34, 0, [], []), "counts has 34 entries, not 35"),
        ("set_seat", (0, [0] * 34 + [5], 0, [], []), "count of kind 34 out of range: 5"),
        ("set_seat", (0, [0] * 35, 5, [], []), "melds must be 0 to 4, not 5"),
        ("set_seat", (0, [0] * 35, 1, [36], []), "kind must be 1 to 34, not 36"),
    ],
)
def test_the_table_refuses_bad_arguments(call: str, args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        getattr(_table(), call)(*args)


@pytest.mark.parametrize(
    ("call", "args", "message"),
    [
        ("legality_turn_check", (4, 0, 1, [0] * 35, [], False, 0, 70), "seat must be 0 to 3"),
        ("legality_turn_check", (0, 0, 35, [0] * 35, [], False, 0, 70), "kind must be 1 to 34"),
        ("legality_turn_check", (0, 1, 1, [0] * 34, [], False, 0, 70), "counts has 34 entries"),
        ("legality_turn_kinds", (0, [0] * 35, [35], False, 0, 70), "kind must be 1 to 34"),
        ("legality_claim_check", (0, 1, 0, 0, 2, 1, [0] * 35, 0, 70), "kind must be 1 to 34"),
        ("legality_offer_bits", (1, 0, [0] * 35, 1, 0, -1), "walls must be 0 to 2\\*\\*32 - 1"),
        ("legality_offer_bits", (1, 0, [0] * 35, 1, 99, 70), "flags must be rule flags"),
    ],
)
def test_the_checks_binding_refuses_bad_arguments(
    call: str, args: tuple[Any, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        getattr(core, call)(*args)


def test_every_rule_flag_is_in_the_registry_and_both_twins_take_only_those() -> None:
    """``ALL_FLAGS`` is every flag :func:`.legality.rule_flags` can answer, and the table and
    the C++ checks refuse any other bit the same way (so a flag added to one twin only is
    refused by the other, or drawn by the tests above and compared)."""
    every = inspect.signature(legality.rule_flags).parameters
    assert legality.rule_flags(**dict.fromkeys(every, True)) == legality.ALL_FLAGS
    for flag in range(legality.ALL_FLAGS + 1):
        assert flag & legality.ALL_FLAGS == flag
        HandTable(DISCARDS, KONGS, flag)
        core.legality_offer_bits(1, 0, [0] * 35, 1, flag, 70)
    outside = legality.ALL_FLAGS + 1
    for bad in (outside, -1):
        message = f"flags must be rule flags \\(0 to {legality.ALL_FLAGS}\\), not {bad}"
        with pytest.raises(ValueError, match=message):
            HandTable(DISCARDS, KONGS, bad)
        with pytest.raises(ValueError, match=message):
            core.legality_offer_bits(1, 0, [0] * 35, 1, bad, 70)


@settings(max_examples=100, deadline=None)
@given(st.lists(hands_13, min_size=4, max_size=4), flags, st.data())
def test_the_checks_and_their_twin_agree_on_every_candidate(
    hands: list[Hand], flag: int, data: st.DataObject
) -> None:
    """Every candidate move of a generated position: the C++ checks' refusal code is the
    Python checks' (``legality.CODES``), and each legal list is exactly the candidates the
    checks allow, in both languages."""
    table = _table(flag)
    for seat, hand in enumerate(hands):
        _set(table, seat, hand)
    walls = data.draw(walls_of(flag))
    seat = data.draw(st.integers(0, 3))
    hand = hands[seat]
    counts = list(hand.counts)
    pungs = legality.pungs_of(hand.melds)
    listed = _pungs(hand)

    def same(code: int, python: int, reason: Any) -> int:
        assert code == python == legality.CODES.index(None if reason is None else reason[0])
        return code

    for claimed in (False, True):
        allowed = []
        for kind, check in ((0, "discard"), (1, "kong")):
            for tile in range(1, 35):
                cpp = core.legality_turn_check(
                    seat, kind, tile, counts, listed, claimed, flag, walls
                )
                python = table.verify_turn(seat, kind, tile, claimed, walls)
                if check == "discard":
                    reason = legality.discard_reason(seat, counts, tile)
                else:
                    reason = legality.kong_reason(seat, counts, pungs, tile, claimed, flag, walls)
                if same(cpp, python, reason) == 0:
                    allowed.append((check, tile))
        assert list(table.turn_moves(seat, claimed, walls)) == allowed
        assert _turn_moves_cpp(seat, counts, listed, claimed, flag, walls) == allowed
    discarder = data.draw(st.integers(0, 3).filter(lambda s: s != seat))
    tile = data.draw(kinds)
    offered = 0

    def claim(kind: int, a: int, b: int, reason: Any) -> int:
        cpp = core.legality_claim_check(discarder, seat, kind, a, b, tile, counts, flag, walls)
        return same(cpp, table.verify_claim(discarder, seat, kind, a, b, tile, walls), reason)

    for index, (a, b) in enumerate(chow_pairs(tile)):
        reason = legality.chow_reason(seat, discarder, counts, tile, a, b, flag, walls)
        offered |= (claim(0, a, b, reason) == 0) << index
    a, b = data.draw(kinds), data.draw(kinds)  # any pair: most do not run with the tile
    claim(0, a, b, legality.chow_reason(seat, discarder, counts, tile, a, b, flag, walls))
    for kind, bit, check in (
        (1, legality.OFFER_PUNG, legality.pung_reason),
        (2, legality.OFFER_KONG, legality.claim_kong_reason),
    ):
        code = claim(kind, 0, 0, check(seat, discarder, counts, tile, flag, walls))
        offered |= bit if code == 0 else 0
    step = (seat - discarder) & 3
    found = table.offers(discarder, tile, walls)
    assert found >> (8 * (step - 1)) & ~legality.OFFER_WAIT & 0xFF == offered
    assert core.legality_offer_bits(seat, discarder, counts, tile, flag, walls) == offered
