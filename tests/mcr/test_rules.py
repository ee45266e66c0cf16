"""Scripted tests of the rules state machine, one per rule of ``004``, from written positions.

Positions use a *filler* hand, ``159m 159p 159s ESWN``: thirteen singles four ranks apart, so
a filler seat can never chow, pung, kong or win, and only the seats a test means to involve
are ever asked in a window.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.events import EventKind
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.mcr.game.result import settle
from mahjongkit.mcr.game.rules import Phase, Position, Rules, Status
from mahjongkit.mcr.game.variant import ONE_HAND
from mahjongkit.mcr.hand.notation import format_hand, parse_hand
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.score import score
from mahjongkit.tiles import from_code

FILL = "159m 159p 159s ESWN"
M4 = from_code("4m")


def game(
    hands: Sequence[str],
    wall: Sequence[str] = ("7p", "8p", "7s", "8s"),
    *,
    turn: int = 0,
    dealer: int = 0,
    drawn: str | None = None,
    claimed: bool = False,
    pools: Sequence[Sequence[str]] = ((), (), (), ()),
    hand_no: int = 1,
    totals: Sequence[int] = (0, 0, 0, 0),
) -> Rules:
    position = Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        wall=tuple(wall),
        turn=turn,
        pools=tuple(tuple(pool) for pool in pools),
        dealer=dealer,
        claimed_this_turn=claimed,
        drawn=drawn,
    )
    g = Rules("scripted", position=position, hand_no=hand_no, totals=totals)
    assert g.check_invariants() == [], g.to_string()
    return g


def ok(g: Rules, seat: int, move: Move) -> None:
    refusal = g.apply(seat, move)
    assert refusal is None, f"{refusal}\n{g.to_string()}"
    assert g.check_invariants() == [], g.to_string()


def fan_keys(g: Rules) -> set[str]:
    """The fans of the last hand won."""
    return {fan.key for fan in g.history[-1].fans}


def kinds(g: Rules) -> list[str]:
    return [event.kind.value for event in g.take_outcomes()]


def points_of(hand14: str, context: WinContext) -> int:
    """The points the scorer gives, computed here independently of the rules."""
    tally = score(parse_hand(hand14), context)
    assert tally.minimum_met
    return int(tally.total)


# -- seats, winds, the deal -------------------------------------------------------------------


def test_dealer_winds_and_prevailing_by_hand_number() -> None:
    for hand_no, dealer, prevailing in ((1, 0, 0), (4, 3, 0), (5, 0, 1), (6, 1, 1), (16, 3, 3)):
        g = Rules("winds", hand_no=hand_no)
        assert (g.dealer, g.prevailing, g.round) == (dealer, prevailing, prevailing + 1)
        assert [g.seat_wind(s) for s in range(4)] == [(s - dealer) % 4 for s in range(4)]
        assert g.waiting_on == (dealer,) and g.turn == dealer
    assert Rules.next_seat(3) == 0


def test_the_deal_exposes_flowers_and_replaces_them_from_the_back() -> None:
    from mahjongkit.mcr.hand.wall import Wall, deal_positions

    for seed in ("deal-1", "deal-2", "deal-3", "deal-4"):
        g = Rules(seed)
        wall = Wall.from_seed(seed, 1).tiles
        expected: list[list[int]] = [[], [], [], []]
        for index, seat in enumerate(deal_positions(0)):
            expected[seat].append(wall[index])
        back = len(wall)
        flowers: list[list[int]] = [[t for t in tiles if t >= 35] for tiles in expected]
        for seat in range(4):  # replacements seat by seat from the dealer, from the back
            kept = [t for t in expected[seat] if t < 35]
            while len(kept) < (14 if seat == 0 else 13):
                back -= 1
                (flowers[seat] if wall[back] >= 35 else kept).append(wall[back])
            hand = g.hand_of(seat)
            assert hand.concealed_tiles() == sorted(kept)
            assert list(hand.flowers) == sorted(flowers[seat])
        assert g.wall.tiles == wall[53:back]
        events = g.take_outcomes()
        assert events[0].kind is EventKind.DEAL and events[0].details["dealer"] == 0
        assert sum(e.kind is EventKind.FLOWER for e in events) == sum(map(len, flowers))
        assert g.check_invariants() == []


def test_draws_come_from_the_front() -> None:
    g = Rules("front")
    front = g.wall.peek_front()
    move = next(m for m in g.legal(0) if m.kind is MoveKind.DISCARD)
    g.take_outcomes()
    ok(g, 0, move)
    if g.phase is Phase.DISCARD and front < 35:  # no window opened, no flower
        assert g.turn == 1 and g.drawn == front and g.drawn_from == "wall"


# -- claims -----------------------------------------------------------------------------------


def test_chow_claim_by_the_next_seat() -> None:
    g = game([FILL + " 4m", "23m 68p 68s 47s RRR GG", FILL, FILL])
    ok(g, 0, discard(M4))
    assert g.phase is Phase.CLAIM and g.waiting_on == (1,)
    assert g.legal(1) == [PASS, chow(2, 3)]
    ok(g, 1, chow(2, 3))
    assert g.turn == 1 and g.claimed_this_turn and g.drawn is None
    assert g.pool_of(0) == ()  # the claimed tile left the pool for the meld
    assert "chow(234m:4m@0)" in format_hand(g.hand_of(1))
    assert g.hand_of(1).size == 14


def test_pung_claim_from_across_the_table() -> None:
    g = game([FILL + " 4m", FILL, "44m 68p 68s 47s RRR GG", FILL])
    ok(g, 0, discard(M4))
    assert g.waiting_on == (2,) and g.legal(2) == [PASS, PUNG]
    ok(g, 2, PUNG)
    assert g.turn == 2 and g.claimed_this_turn
    assert "pung(444m:4m@0)" in format_hand(g.hand_of(2))


def test_exposed_kong_claim_takes_a_replacement_from_the_back() -> None:
    g = game([FILL + " 4m", FILL, "444m 68p 68s 7s RRR GG", FILL], wall=("7p", "8p", "2s"))
    ok(g, 0, discard(M4))
    assert g.legal(2) == [PASS, PUNG, KONG]
    ok(g, 2, KONG)
    assert g.turn == 2 and g.drawn == from_code("2s") and g.drawn_from == "back"
    assert g.replacement is Replacement.KONG and not g.claimed_this_turn
    assert g.wall.tiles == (from_code("7p"), from_code("8p"))
    assert "kong(4444m:4m@0)" in format_hand(g.hand_of(2))


def test_no_window_when_nobody_can_use_the_tile() -> None:
    g = game([FILL + " 4m", FILL, FILL, FILL], wall=("7p", "8p"))
    kinds(g)
    ok(g, 0, discard(M4))
    assert g.phase is Phase.DISCARD and g.turn == 1 and g.drawn == from_code("7p")
    assert kinds(g) == ["discard", "drew"]


# -- priority and the early close ---------------------------------------------------------------

WIN_4M_R = "123m 456p 789s RRR 4m"  # single wait on 4m (also 1m): a Mixed Straight
WIN_4M_G = "123m 456p 789s GGG 4m"


def test_two_wins_on_one_discard_the_nearest_seat_after_the_discarder_wins() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    assert g.waiting_on == (1, 3)
    ok(g, 3, WIN)  # the farther seat answers first: seat 1 could still beat it
    assert g.waiting_on == (1,)
    ok(g, 1, WIN)
    record = g.history[-1]
    assert (record.winner, record.by, record.discarder) == (1, WinBy.DISCARD, 0)


def test_two_wins_the_farther_seat_wins_when_the_nearer_passes() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    ok(g, 1, PASS)
    assert g.waiting_on == (3,)
    ok(g, 3, WIN)
    assert g.history[-1].winner == 3


def test_the_nearest_win_closes_the_window_at_once() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    ok(g, 1, WIN)  # nothing unanswered can beat it: seat 3 is never waited on
    assert g.history[-1].winner == 1 and g.hand_no == 2


def test_win_beats_pung() -> None:
    g = game([FILL + " 4m", FILL, "44m 68p 68s 47s BBB NN", WIN_4M_G])
    ok(g, 0, discard(M4))
    assert g.waiting_on == (2, 3)
    ok(g, 2, PUNG)
    assert g.waiting_on == (3,)  # the pung is lodged; only the win could beat it
    ok(g, 3, WIN)
    assert g.history[-1].winner == 3
    # ...and when the winner passes, the lodged pung stands.
    g = game([FILL + " 4m", FILL, "44m 68p 68s 47s BBB NN", WIN_4M_G])
    ok(g, 0, discard(M4))
    ok(g, 2, PUNG)
    ok(g, 3, PASS)
    assert g.turn == 2 and g.claimed_this_turn


def test_pung_beats_chow_and_closes_the_window_early() -> None:
    hands = [FILL + " 4m", "23m 68p 68s 47s RRR GG", "44m 68p 68s 47s BBB NN", FILL]
    g = game(hands)
    ok(g, 0, discard(M4))
    assert g.waiting_on == (1, 2)
    ok(g, 1, chow(2, 3))
    assert g.waiting_on == (2,)  # the chow is lodged; the pung could still beat it
    ok(g, 2, PUNG)
    assert g.turn == 2 and g.hand_of(1).melds == ()
    g = game(hands)
    ok(g, 0, discard(M4))
    ok(g, 2, PUNG)  # nothing unanswered beats a pung: seat 1's chow is moot at once
    assert g.phase is Phase.DISCARD and g.turn == 2
    g = game(hands)
    ok(g, 0, discard(M4))
    ok(g, 2, PASS)
    ok(g, 1, chow(2, 3))
    assert g.turn == 1


# -- kongs ------------------------------------------------------------------------------------


def test_concealed_kong_draws_from_the_back_and_is_never_robbed() -> None:
    # Seat 1 holds thirteen orphans waiting on G, but a concealed kong cannot be robbed.
    g = game(
        ["GGGG 123p 789s RRR 5m", "11m 9m 19p 19s ESWN RB", FILL, FILL], wall=("7p", "8p", "2s")
    )
    assert g.window is None
    assert kong(from_code("G")) in g.legal(0)
    kinds(g)
    ok(g, 0, kong(from_code("G")))
    assert g.phase is Phase.DISCARD and g.turn == 0 and g.window is None
    assert g.drawn == from_code("2s") and g.replacement is Replacement.KONG
    assert "ckong(GGGG)" in format_hand(g.hand_of(0))
    assert kinds(g) == ["kong", "drew"]


def test_promoted_kong_without_a_robber_is_performed() -> None:
    g = game(["pung(444m@2) 4m 159p 159s ESWN", FILL, FILL, FILL], wall=("7p", "8p"))
    ok(g, 0, kong(M4))
    assert g.phase is Phase.DISCARD and g.turn == 0 and g.drawn == from_code("8p")
    assert "pkong(4444m" in format_hand(g.hand_of(0))


ROBBER = "12356m 456p 789s RR"  # waits on 4m and 7m, holding no 4m


def test_robbing_a_promoted_kong_settles_as_a_discard_by_the_promoter() -> None:
    g = game(["pung(444m@2) 4m 159p 159s ESWN", ROBBER, FILL, FILL])
    ok(g, 0, kong(M4))
    assert g.phase is Phase.ROB and g.waiting_on == (1,) and g.legal(1) == [PASS, WIN]
    assert g.check_invariants() == []
    ok(g, 1, WIN)
    record = g.history[-1]
    assert (record.winner, record.by, record.discarder) == (1, WinBy.ROBBING, 0)
    context = WinContext(winning=M4, by=WinBy.ROBBING, seat_wind=1, last_tile=True)
    points = points_of("123456m 456p 789s RR", context)
    assert record.deltas == settle(1, points, WinBy.ROBBING, 0)
    assert record.deltas == (-(8 + points), 24 + points, -8, -8)
    assert g.totals == record.deltas
    assert record.context == context and "robbing_the_kong" in fan_keys(g)


def test_a_rob_window_passed_performs_the_kong() -> None:
    g = game(["pung(444m@2) 4m 159p 159s ESWN", ROBBER, FILL, FILL], wall=("7p", "8p"))
    ok(g, 0, kong(M4))
    for move in (PUNG, chow(5, 6), KONG):
        refusal = g.apply(1, move)
        assert refusal is not None and refusal.code is RefusalCode.CANNOT_CLAIM
    ok(g, 1, PASS)
    assert g.turn == 0 and g.drawn == from_code("8p") and g.replacement is Replacement.KONG


def test_no_kong_in_a_turn_reached_by_a_chow_or_pung_claim() -> None:
    g = game([FILL + " 4m", FILL, "444m 7777p 68s RR GB", FILL], wall=("2s", "3s"))
    ok(g, 0, discard(M4))
    ok(g, 2, PUNG)
    assert not [m for m in g.legal(2) if m.kind is MoveKind.KONG]
    for tile in (M4, from_code("7p")):  # promoted and concealed alike (3.6.8)
        refusal = g.apply(2, kong(tile))
        assert refusal is not None and refusal.code is RefusalCode.NO_KONG
        assert "3.6.8" in refusal.message
    # On its next turn, reached by a draw, the same seat may kong.
    g = game(["444m 7777p 68s RR GB 5s", FILL, FILL, FILL], wall=("2s",), drawn="5s")
    assert {kong(M4), kong(from_code("7p"))} - set(g.legal(0)) == {kong(M4)}


# -- wins on replacements, the last tile, exhaustion ------------------------------------------


def test_win_on_a_kong_replacement() -> None:
    g = game(["4444m 123p 456s 789m G", FILL, FILL, FILL], wall=("7p", "8p", "G"))
    ok(g, 0, kong(M4))
    assert g.replacement is Replacement.KONG and WIN in g.legal(0)
    ok(g, 0, WIN)
    record = g.history[-1]
    assert record.by is WinBy.SELF_DRAWN and record.winner == 0
    context = WinContext(winning=from_code("G"), by=WinBy.SELF_DRAWN, replacement=Replacement.KONG)
    hand = parse_hand("ckong(4444m) 123p 456s 789m GG")
    assert record.points == int(score(hand, context).total)
    assert record.context == context
    assert "out_with_replacement_tile" in fan_keys(g)


def test_win_on_a_flower_replacement() -> None:
    # Seat 0 discards; seat 1 draws a flower from the front and its replacement from the back.
    g = game([FILL + " 2p", WIN_4M_R, FILL, FILL], wall=("F1", "7p", "4m"))
    ok(g, 0, discard(from_code("2p")))
    assert g.turn == 1 and g.drawn == M4 and g.replacement is Replacement.FLOWER
    assert g.hand_of(1).flowers == (from_code("F1"),)
    ok(g, 1, WIN)
    record = g.history[-1]
    assert record.by is WinBy.SELF_DRAWN and record.flowers == 1
    context = WinContext(
        winning=M4, by=WinBy.SELF_DRAWN, seat_wind=1, replacement=Replacement.FLOWER
    )
    points = points_of("123m 456p 789s RRR 44m F1", context)
    assert record.points == points and record.context == context
    keys = fan_keys(g)  # concealed and self-drawn: Fully Concealed Hand, never fan 46
    assert "out_with_replacement_tile" not in keys and "fully_concealed_hand" in keys
    assert record.deltas == settle(1, points, WinBy.SELF_DRAWN)


def test_the_last_tile_is_drawable_and_wins_by_itself() -> None:
    g = game([FILL + " 2p", WIN_4M_R, FILL, FILL], wall=("4m",))
    ok(g, 0, discard(from_code("2p")))
    assert g.wall.is_empty and g.last_draw_emptied and g.drawn == M4
    ok(g, 1, WIN)
    context = WinContext(winning=M4, by=WinBy.SELF_DRAWN, seat_wind=1, last_of_wall=True)
    assert g.history[-1].points == points_of("123m 456p 789s RRR 44m", context)
    assert g.history[-1].context == context and "last_tile_draw" in fan_keys(g)


def test_the_discard_of_the_last_tile_may_be_claimed() -> None:
    g = game([FILL + " 2p", FILL, WIN_4M_G, FILL], wall=("4m",))
    ok(g, 0, discard(from_code("2p")))
    assert g.wall.is_empty and g.turn == 1
    ok(g, 1, discard(M4))
    assert g.last_discard_is_last and g.waiting_on == (2,)
    ok(g, 2, WIN)
    record = g.history[-1]
    context = WinContext(winning=M4, by=WinBy.DISCARD, seat_wind=2, last_of_wall=True)
    points = points_of("123m 456p 789s GGG 44m", context)
    assert (record.winner, record.discarder, record.points) == (2, 1, points)
    assert record.context == context and "last_tile_claim" in fan_keys(g)
    assert record.deltas == (-8, -(8 + points), 24 + points, -8)


def test_an_empty_wall_ends_the_hand_exhausted_and_the_deal_passes() -> None:
    g = game([FILL + " 2p", FILL, FILL, FILL], wall=("7p",), totals=(5, -5, 0, 0))
    ok(g, 0, discard(from_code("2p")))
    assert g.wall.is_empty and g.turn == 1
    kinds(g)
    ok(g, 1, discard(from_code("7p")))  # nobody claims; seat 2 cannot draw
    record = g.history[-1]
    assert record.exhausted and record.deltas == (0, 0, 0, 0)
    assert g.totals == (5, -5, 0, 0)
    assert (g.hand_no, g.dealer, g.turn) == (2, 1, 1)  # the deal passes
    assert kinds(g)[:3] == ["discard", "hand_end", "deal"]


# -- settlement -------------------------------------------------------------------------------


def test_settlement_of_a_discard_win() -> None:
    g = game([FILL + " 4m", WIN_4M_R + " F2", FILL, FILL], totals=(1, 2, 3, -6))
    ok(g, 0, discard(M4))
    ok(g, 1, WIN)
    context = WinContext(winning=M4, by=WinBy.DISCARD, seat_wind=1)
    points = points_of("123m 456p 789s RRR 44m F2", context)
    record = g.history[-1]
    assert record.points == points and record.basic == points - 1  # a flower is paid for
    assert record.deltas == (-(8 + points), 24 + points, -8, -8)
    assert g.totals == (1 - 8 - points, 2 + 24 + points, 3 - 8, -6 - 8)
    assert record.hand.endswith("F2") and "RRR" in record.hand


def test_settlement_of_a_self_drawn_win_by_the_dealer() -> None:
    g = game(["123m 456p 789s RRR 44m", FILL, FILL, FILL], drawn="4m")
    assert WIN in g.legal(0)
    ok(g, 0, WIN)
    context = WinContext(winning=M4, by=WinBy.SELF_DRAWN, seat_wind=0)
    points = points_of("123m 456p 789s RRR 44m", context)
    assert g.history[-1].deltas == (3 * (8 + points), -(8 + points), -(8 + points), -(8 + points))
    assert sum(g.totals) == 0
    assert (g.hand_no, g.dealer, g.turn) == (2, 1, 1)  # the winning dealer passes the deal


# -- the sixteenth hand and the standings -----------------------------------------------------


def test_the_sixteenth_hand_ends_the_game_with_standings() -> None:
    g = game(
        [FILL, FILL, FILL, "123m 456p 789s RRR 44m"],
        turn=3,
        dealer=3,
        drawn="4m",
        hand_no=16,
        totals=(100, -40, -40, -20),
    )
    assert g.prevailing == 3
    ok(g, 3, WIN)
    assert g.status is Status.FINISHED and g.phase is Phase.FINISHED and not g.is_active
    assert g.waiting_on == () and g.legal(3) == []
    points = g.history[-1].points
    totals = (100 - 8 - points, -48 - points, -48 - points, -20 + 24 + 3 * points)
    assert g.totals == totals
    assert g.standings is not None
    expected_places = tuple(1 + sum(o > t for o in totals) for t in totals)
    assert g.standings.places == expected_places
    assert g.winner == expected_places.index(1) and g.result is not None
    assert g.take_outcomes()[-1].kind is EventKind.GAME_END
    refusal = g.apply(0, discard(1))
    assert refusal is not None and refusal.code is RefusalCode.GAME_OVER


def test_a_shared_first_place_is_a_drawn_game() -> None:
    g = game(
        [FILL + " 2p", FILL, FILL, FILL], wall=(), hand_no=16, dealer=3, totals=(30, 30, -20, -40)
    )
    ok(g, 0, discard(from_code("2p")))  # nobody claims, the wall is empty: exhausted
    assert g.status is Status.FINISHED
    assert g.standings is not None and g.standings.places == (1, 1, 3, 4)
    assert g.winner is None and g.result is not None and g.result.value == "draw"


# -- refusals ---------------------------------------------------------------------------------


EXERCISED: set[RefusalCode] = set()


def _refused(g: Rules, seat: int, move: Move, code: RefusalCode) -> None:
    EXERCISED.add(code)
    before = (g.to_json(), g.to_string(), list(g.outcomes), g.moves)
    refusal = g.apply(seat, move)
    assert refusal is not None, f"{move} was taken"
    assert refusal.code is code, str(refusal)
    assert refusal.message
    assert list(refusal.legal) == g.legal(seat)
    assert (g.to_json(), g.to_string(), list(g.outcomes), g.moves) == before  # nothing changed


def test_every_refusal_code() -> None:
    g = game([FILL + " 4m", "23m 68p 68s 47s RRR GG", FILL, FILL])
    _refused(g, 1, discard(M4), RefusalCode.NOT_YOUR_TURN)
    _refused(g, 0, discard(from_code("3m")), RefusalCode.TILE_NOT_HELD)
    _refused(g, 0, PASS, RefusalCode.NO_WINDOW)
    _refused(g, 0, chow(2, 3), RefusalCode.NO_WINDOW)
    _refused(g, 0, Move(MoveKind.DISCARD), RefusalCode.BAD_MOVE)
    _refused(g, 0, discard(40), RefusalCode.BAD_MOVE)
    _refused(g, 0, kong(), RefusalCode.BAD_MOVE)
    _refused(g, 0, kong(M4), RefusalCode.NO_KONG)
    _refused(g, 0, WIN, RefusalCode.NOT_A_WIN)
    ok(g, 0, discard(M4))
    _refused(g, 1, discard(2), RefusalCode.WRONG_PHASE)
    _refused(g, 1, kong(M4), RefusalCode.WRONG_PHASE)  # the window's answer is a plain kong
    _refused(g, 1, Move(MoveKind.CHOW, tiles=(3, 2)), RefusalCode.BAD_MOVE)
    _refused(g, 1, Move(MoveKind.PASS, tile=5), RefusalCode.BAD_MOVE)
    _refused(g, 1, Move(MoveKind.CHOW, tile=4, tiles=(2, 3)), RefusalCode.BAD_MOVE)
    _refused(g, 2, PASS, RefusalCode.NOT_YOUR_TURN)  # never asked
    _refused(g, 1, PUNG, RefusalCode.CANNOT_CLAIM)
    _refused(g, 1, chow(2, 9), RefusalCode.NOT_A_MELD)
    _refused(g, 1, chow(3, 5), RefusalCode.TILE_NOT_HELD)
    _refused(g, 1, WIN, RefusalCode.NOT_A_WIN)
    # already answered: a farther win lodged while a nearer one may still answer
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    ok(g, 3, WIN)
    _refused(g, 3, PASS, RefusalCode.ALREADY_ANSWERED)
    # a chow by a seat that is not next
    g = game([FILL + " 4m", FILL, "23m 44m 8p 68s 47s RRR G", FILL])
    ok(g, 0, discard(M4))
    _refused(g, 2, chow(2, 3), RefusalCode.CANNOT_CLAIM)
    # too few points: a complete self-drawn hand worth under eight
    g = game(["chow(234m) 567p 345s 678s 22m", FILL, FILL, FILL], drawn="2m")
    _refused(g, 0, WIN, RefusalCode.TOO_FEW_POINTS)
    # game over
    g = game([FILL + " 2p", FILL, FILL, FILL], wall=(), hand_no=16, dealer=3)
    ok(g, 0, discard(from_code("2p")))
    _refused(g, 1, PASS, RefusalCode.GAME_OVER)
    assert set(RefusalCode) == EXERCISED


def test_too_few_points_and_not_a_win() -> None:
    # Complete, but worth less than eight without flowers: refused on turn and not offered.
    cheap = "chow(234m) 567p 345s 678s 22m"
    tally = score(parse_hand(cheap), WinContext(winning=2, by=WinBy.SELF_DRAWN))
    assert not tally.minimum_met, "the cheap hand is meant to score under eight"
    g = game([cheap + " F1", FILL, FILL, FILL], drawn="2m")
    assert WIN not in g.legal(0)
    _refused(g, 0, WIN, RefusalCode.TOO_FEW_POINTS)
    # ...and the same on a discard: the seat is not even asked.
    g = game([FILL + " 2m", "chow(234m) 567p 345s 678s 2m", FILL, FILL])
    ok(g, 0, discard(2))
    assert g.phase is Phase.DISCARD and g.turn == 1


def test_programmer_errors_raise() -> None:
    g = Rules("errors")
    with pytest.raises(ValueError, match="not a seat"):
        g.apply(4, PASS)
    with pytest.raises(TypeError):
        g.apply(0, "discard 5m")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sum to zero"):
        Rules("x", totals=(1, 0, 0, 0))
    with pytest.raises(ValueError, match="16 hands"):
        Rules("x", hand_no=17)
    with pytest.raises(ValueError, match="empty"):
        Rules("")
    with pytest.raises(ValueError, match="holds 13 tiles"):
        game([FILL, FILL, FILL, FILL])
    with pytest.raises(ValueError, match="more than the set"):
        game(["1111m 123p 456s 789p R", "11m 19p 19s ESWNRGB", FILL, FILL])


# -- save and restore -------------------------------------------------------------------------


def test_save_and_restore_continue_exactly() -> None:
    g = Rules(b"\x01\x02save")
    for _ in range(40):
        seat = g.waiting_on[0]
        ok(g, seat, g.legal(seat)[-1 if g.window else 0])
    saved = g.to_json()
    restored = Rules.from_json(saved)
    assert restored.to_string() == g.to_string() and restored.totals == g.totals
    for _ in range(40):
        seat = g.waiting_on[0]
        move = g.legal(seat)[0]
        ok(g, seat, move)
        ok(restored, seat, move)
    assert restored.to_json() == g.to_json()
    assert restored.take_outcomes()[-5:] == g.take_outcomes()[-5:]


def test_written_positions_save_too() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    restored = Rules.from_json(g.to_json())
    assert restored.waiting_on == (1, 3) and restored.to_string() == g.to_string()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not json", "not a saved game"),
        ('{"format": "other"}', "format"),
        ('{"format": "mahjongkit.mcr.game", "version": 9}', "version"),
        (
            '{"format": "mahjongkit.mcr.game", "version": 1, "seed": "s", "hand_no": 1,'
            ' "dealer": 0, "totals": [0,0,0,0], "moves": [[1, "discard 5m"]]}',
            "refused",
        ),
        (
            '{"format": "mahjongkit.mcr.game", "version": 1, "seed": "s", "hand_no": 1,'
            ' "dealer": 0, "totals": [0,0,0,0], "moves": [[0, "fly 5m"]]}',
            "unknown move",
        ),
        ('{"format": "mahjongkit.mcr.game", "version": 1, "hand_no": 1}', "bad saved game"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_lost(text: str, why: str) -> None:
    g = Rules("keep")
    before = g.to_json()
    with pytest.raises(ValueError, match=why):
        g = Rules.from_json(text)
    assert g.to_json() == before


def test_a_tampered_file_is_caught_by_its_check() -> None:
    g = Rules("check")
    ok(g, 0, g.legal(0)[0])
    text = g.to_json().replace('"moves": 1}', '"moves": 7}')
    with pytest.raises(ValueError, match="replay gives"):
        Rules.from_json(text)


def test_to_string_shows_hands_pools_and_the_window() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    text = g.to_string()
    assert "1234m 456p 789s RRR" in text and "window claim on 4m from 0" in text
    assert text.splitlines()[1].endswith("| 4m")


def test_check_invariants_names_what_is_broken() -> None:
    # The hand layer's bookkeeping broken behind its back (a hand on the engine has none).
    g = Rules("broken", impl="python")
    assert g.check_invariants() == []
    g.match.hand.set_hand(1, g.hand_of(1).draw(from_code("E")))  # a tile from nowhere
    problems = g.check_invariants()
    assert any("E is accounted for" in p for p in problems)
    assert "seat 1 holds 14 tiles, not 13" in problems
    g = Rules("broken", impl="python")
    g.match.totals = (5, 0, 0, 0)
    assert g.check_invariants() == ["totals [5, 0, 0, 0] do not sum to zero"]
    g = Rules("broken", impl="python")
    g.match.hand.turn = None
    assert "outside a window 0 seats are waited on" in g.check_invariants()
    g = Rules("broken", impl="python")
    hand = g.match.hand
    hand.hand(2)  # the hand value is kept; a tile then added behind its back makes it stale
    hand.table.draw(2, from_code("E"))
    problems = g.check_invariants()
    assert "the hand value of seat 2 is not its tiles in the table" in problems
    assert "seat 2 holds 14 tiles, not 13" in problems
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    window = g.match.hand.window
    assert window is not None
    window.may[2] = (PUNG,)
    assert "the window offers seat 2 pung it cannot make" in g.check_invariants()
    window.may[0] = ()
    problems = g.check_invariants()
    assert "the window asks the discarder, seat 0" in problems
    assert "the window asks seat 0, which has no claim" in problems


def test_both_implementations_play_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules ask the hand engine whether hands are complete; the C++ core and the
    reference twin must lead to the very same game."""
    import random

    def events_of(impl: str) -> list[str]:
        monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", impl)
        g = Rules("twins", hand_no=13)
        rng = random.Random(7)
        while g.is_active:
            seat = rng.choice(g.waiting_on)
            legal = g.legal(seat)
            wins = [m for m in legal if m.kind is MoveKind.WIN]
            claims = [m for m in legal if m.kind not in (MoveKind.PASS, MoveKind.DISCARD)]
            move = wins[0] if wins else claims[0] if claims else rng.choice(legal)
            ok(g, seat, move)
        return [str(event) for event in g.take_outcomes()]

    assert events_of("cpp") == events_of("python")


def test_a_custom_completeness_gate_plays_the_same_game() -> None:
    """A gate of one's own has no hand table: each seat's waits are asked of the gate kind by
    kind, the discard's claims seat by seat. With the library's own test as the gate, that
    path must lead to the very game the table plays (claims, kongs and wins included)."""
    import random

    from mahjongkit.mcr.analysis.engine import is_complete

    def play(**gate: object) -> tuple[list[str], tuple[int, int, int, int]]:
        g = Rules("gate", hand_no=9, **gate)  # type: ignore[arg-type]
        assert g.match.hand.judge.gate == bool(gate)
        rng = random.Random(2)
        while g.is_active:
            seat = rng.choice(g.waiting_on)
            legal = g.legal(seat)
            wins = [m for m in legal if m.kind is MoveKind.WIN]
            claims = [m for m in legal if m.kind not in (MoveKind.PASS, MoveKind.DISCARD)]
            move = wins[0] if wins else claims[0] if claims and rng.random() < 0.6 else None
            ok(g, seat, move or rng.choice(legal))
            assert g.check_invariants() == []
        return [str(event) for event in g.take_outcomes()], g.totals

    table, gate = play(), play(complete=is_complete)
    assert table == gate
    assert any("meld=pung" in line for line in table[0])
    assert sum("how=discard" in line for line in table[0]) == 2  # and wins on discards


def test_a_clone_is_independent() -> None:
    g = game([FILL + " 4m", WIN_4M_R, FILL, WIN_4M_G])
    ok(g, 0, discard(M4))
    copy = g.clone()
    ok(copy, 3, WIN)
    assert g.waiting_on == (1, 3) and copy.waiting_on == (1,)
    ok(copy, 1, PASS)
    assert copy.history[-1].winner == 3 and g.history == [] and g.hand_no == 1
    assert g.pool_of(0) == (M4,) and g.check_invariants() == []
    ok(g, 1, WIN)
    assert g.history[-1].winner == 1 and copy.history[-1].winner == 3


def test_the_ruleset_is_saved_and_restored() -> None:
    from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK

    g = Rules("rules", ruleset=GB)
    ok(g, 0, g.legal(0)[0])
    restored = Rules.from_json(g.to_json())
    assert restored.ruleset is GB and Rules.from_json(Rules("x").to_json()).ruleset is GREEN_BOOK
    with pytest.raises(ValueError, match="unknown ruleset"):
        Rules.from_json(g.to_json().replace('"gb"', '"wmo"'))


def test_hand_start_is_the_first_move_of_the_hand_in_play() -> None:
    """``hand_start`` moves to ``moves`` when a new hand is dealt, and stays at the last
    hand's first move when the game ends (that hand is still the one shown)."""
    game = Rules("hand-start")
    starts = [0]
    while game.is_active:
        assert game.hand_start == starts[-1]
        hand_no = game.hand_no
        seat = game.waiting_on[0]
        assert game.apply(seat, game.legal(seat)[-1]) is None
        if game.hand_no != hand_no:
            starts.append(game.moves)
            assert game.hand_start == game.moves
        if len(starts) == 3:
            break
    assert game.clone().hand_start == game.hand_start == starts[-1] > 0
    assert Rules.from_json(game.to_json()).hand_start == game.hand_start
    one = Rules("hand-start", variant=ONE_HAND)
    while one.is_active:
        seat = one.waiting_on[0]
        assert one.apply(seat, one.legal(seat)[0]) is None
    assert one.hand_start == 0 and one.moves > 0
