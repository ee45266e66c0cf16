"""The Botzone variant: four private walls, seat 0 first, one hand, the wall conditions on
claims and kongs, and "last tile" read from the next seat's wall."""

from __future__ import annotations

import pytest

from mahjongkit.mcr.botzone.tiles import from_botzone
from mahjongkit.mcr.botzone.variant import BotzoneDeal, botzone_rules, walls_left
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, chow, discard, kong
from mahjongkit.mcr.game.rules import Phase, Rules
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.players.bot import Bot, view_of
from mahjongkit.mcr.scoring.ruleset import GB
from mahjongkit.tiles import full_set, is_bonus

STANDARD = sorted(k for k in full_set() if not is_bonus(k))


def deal_with(seat_tiles: dict[int, list[int]], quan: int = 0) -> BotzoneDeal:
    """Walls where seat ``s`` draws ``seat_tiles[s]`` first (its deal, then its draws),
    the rest of the set filling the walls."""
    rest = list(STANDARD)
    for tiles in seat_tiles.values():
        for t in tiles:
            rest.remove(t)
    walls = []
    for s in range(4):
        wanted = seat_tiles.get(s, [])
        filler = [rest.pop() for _ in range(34 - len(wanted))]
        walls.append(tuple(filler + wanted[::-1]))  # drawn from the end
    return BotzoneDeal(tuple(walls), quan)


def layer_rules(deal: BotzoneDeal) -> Rules:
    """:func:`botzone_rules` in the hand layer (the engine's twin), whose walls are objects of
    their own that :func:`empty_wall` can empty (a hand on the engine reads its walls off it)."""
    walls = SeatWalls(tuple(reversed(wall)) for wall in deal.walls)
    return Rules(
        "botzone", hand_no=4 * deal.quan + 1, ruleset=GB, variant=BOTZONE, wall=walls, impl="python"
    )


def empty_wall(game: Rules, seat: int) -> None:
    """As if ``seat`` had drawn its wall out (a test shortcut into the four walls)."""
    game.wall._seats[seat] = Wall([])  # type: ignore[attr-defined]


def kinds(text: str) -> list[int]:
    return [from_botzone(w) for w in text.split()]


def test_each_seat_deals_and_draws_from_its_own_wall():
    deal = BotzoneDeal.from_seed("walls", quan=2)
    g = botzone_rules(deal)
    for s in range(4):
        own = list(deal.walls[s][-13:])
        if s == 0:
            own.append(deal.walls[0][-14])
        assert sorted(g.hand_of(s).concealed_tiles()) == sorted(own)
    assert g.drawn == deal.walls[0][-14] and g.turn == 0
    assert g.prevailing == 2 and [g.seat_wind(s) for s in range(4)] == [0, 1, 2, 3]
    assert walls_left(g) == (20, 21, 21, 21)
    # seat 0 discards something nobody claims here: seat 1 draws its own wall's next tile
    bot = Bot(1, seed="w")
    while g.turn == 0:
        assert g.apply(0, bot.choose(view_of(g, 0))) is None
        while g.window is not None:
            g.apply(g.waiting_on[0], PASS)
    if g.turn == 1 and not g.claimed_this_turn:
        assert g.drawn == deal.walls[1][-14] and walls_left(g)[1] == 20


def test_bad_walls_are_refused():
    with pytest.raises(ValueError, match="four walls of 34"):
        BotzoneDeal(((1,) * 34,) * 3, 0)
    with pytest.raises(ValueError, match="136 tiles once each"):
        BotzoneDeal(tuple(tuple(STANDARD[:34]) for _ in range(4)), 0)
    with pytest.raises(ValueError, match="no flowers"):
        BotzoneDeal((tuple([35, *STANDARD[1:34]]), *deal_with({}).walls[1:]), 0)
    with pytest.raises(ValueError, match="prevailing wind"):
        BotzoneDeal(deal_with({}).walls, 4)
    with pytest.raises(ValueError, match="136 tiles"):
        BotzoneDeal.from_walltiles("W1 W2")


def test_a_walltiles_string_is_read_part_by_part():
    deal = BotzoneDeal.from_seed("string")
    text = deal.to_walltiles()
    names = text.split()
    assert len(names) == 136 and names[33] == text.split()[33]
    again = BotzoneDeal.from_walltiles(text, deal.quan)
    assert again == deal and again.walls[1][0] == from_botzone(names[34])
    assert deal.rotated(1).walls[1] == deal.walls[0] and deal.rotated(4) == deal


def test_the_hand_ends_when_the_drawing_seats_wall_is_empty():
    g = layer_rules(BotzoneDeal.from_seed("empty"))
    empty_wall(g, 1)  # as if seat 1 had drawn its wall out
    tile = g.hand_of(0).concealed_tiles()[0]
    assert g.apply(0, discard(tile)) is None
    while g.is_active and g.window is not None:
        g.apply(g.waiting_on[0], PASS)
    if g.is_active:  # somebody claimed: not the case this test is about
        pytest.skip("the discard was claimed")
    assert g.history[0].exhausted and g.history[0].deltas == (0, 0, 0, 0)


def test_no_pung_or_chow_when_the_next_seats_wall_is_empty():
    # seat 0 will discard 5m; seat 1 holds 4m 6m 5m 5m (chow and pung)
    seat0 = kinds("W5 F1 F1 F2 F2 F3 F3 F4 F4 J1 J1 J2 J2 T9")
    seat1 = kinds("W4 W6 W5 W5 B1 B2 B3 B4 B5 B6 B7 B8 J3")
    for empty in (False, True):
        g = layer_rules(deal_with({0: seat0, 1: seat1}))
        if empty:
            empty_wall(g, 1)
        assert g.apply(0, discard(from_botzone("W5"))) is None
        offered = set(g.legal(1))
        if empty:
            assert offered == set() or offered == {PASS}
            assert g.why_not(1, PUNG) is not None
        else:
            assert {PUNG, chow(4, 6)} <= offered
            assert g.apply(1, PUNG) is None


def test_no_kong_when_the_own_or_the_next_wall_is_empty():
    seat0 = kinds("W1 W1 W1 W1 F1 F2 F3 F4 J1 J2 J3 T9 B9 T1")
    for empty in (None, 0, 1):
        g = layer_rules(deal_with({0: seat0}))
        if empty is not None:
            empty_wall(g, empty)
        before = walls_left(g)
        if empty is None:
            assert kong(1) in g.legal(0)
            assert g.apply(0, kong(1)) is None
            assert g.turn == 0 and walls_left(g)[0] == before[0] - 1  # replaced from its wall
        else:
            assert kong(1) not in g.legal(0)
            refusal = g.apply(0, kong(1))
            assert refusal is not None and refusal.code is RefusalCode.NO_KONG
            assert walls_left(g) == before


def test_last_tile_means_the_next_seats_wall_is_empty():
    g = layer_rules(BotzoneDeal.from_seed("last"))
    assert not g.last_draw_emptied
    g.wall._seats[1] = Wall([from_botzone("W1")])  # type: ignore[attr-defined]
    empty_wall(g, 2)
    assert g.apply(0, discard(g.hand_of(0).concealed_tiles()[0])) is None
    while g.window is not None:
        assert g.apply(g.waiting_on[0], PASS) is None
    assert g.turn == 1 and g.drawn == from_botzone("W1")
    assert walls_left(g)[1:3] == (0, 0) and g.last_draw_emptied


def test_a_loaded_wall_is_checked_and_saved():
    deal = BotzoneDeal.from_seed("load")
    g = botzone_rules(deal)
    assert Rules.from_json(g.to_json()).hands == g.hands
    with pytest.raises(ValueError, match="four walls"):
        Rules("x", variant=BOTZONE, wall=Wall(t for w in deal.walls for t in w))
    with pytest.raises(ValueError, match="whole set"):
        Rules("x", variant=BOTZONE, wall=SeatWalls([w[:-1] for w in deal.walls]))


@pytest.mark.parametrize("seed", [f"inv-{i}" for i in range(8)])
def test_bot_hands_keep_the_invariants_and_save(seed):
    g = botzone_rules(BotzoneDeal.from_seed(seed))
    bots = [Bot(2, seed=f"{seed}:{s}") for s in range(4)]
    while g.is_active:
        seat = g.waiting_on[0]
        move = bots[seat].choose(view_of(g, seat))
        assert g.apply(seat, move) is None
        assert g.check_invariants() == []
        if g.window is not None and g.window.kind is Phase.CLAIM:
            assert g.window.from_seat not in g.window.may
    assert g.phase is Phase.FINISHED and len(g.history) == 1
    assert sum(g.totals) == 0 and g.hand_no == 4 * BotzoneDeal.from_seed(seed).quan + 1
    again = Rules.from_json(g.to_json())  # the loaded walls are in the save
    assert again.totals == g.totals and again.history == g.history


def test_a_kong_of_a_discard_stands_when_the_claimants_next_wall_is_empty():
    """Botzone's judge (judge/main.cpp, checkInputPLAY2 and roundOutput) checks only the wall
    of the seat after the discarder for an exposed kong: the claimer draws its replacement,
    and the hand ends drawn when a seat cannot draw. The MCR variants keep specification
    004's rule (no kong without a replacement): a rule flag both twins read."""
    seat0 = kinds("J1 F1 F2 F3 F4 W1 W9 B1 B9 T1 T9 J2 J3 W5")
    seat1 = kinds("J1 J1 J1 B2 B3 B4 B5 B6 B7 T2 T3 T4 T5")
    for empty in (False, True):
        g = layer_rules(deal_with({0: seat0, 1: seat1}))
        if empty:
            empty_wall(g, 2)  # the claimant's next seat
        assert g.apply(0, discard(from_botzone("J1"))) is None
        assert KONG in g.legal(1) and PUNG in g.legal(1)
        assert g.apply(1, KONG) is None and g.turn == 1  # the replacement from seat 1's wall
        assert g.apply(1, g.legal(1)[0]) is None
        while g.window is not None:
            assert g.apply(g.waiting_on[0], PASS) is None
        if empty:  # seat 2 cannot draw: the hand is drawn
            assert g.history[-1].winner is None and not g.is_active
        else:
            assert g.turn == 2


def test_no_promoted_kong_when_the_next_wall_is_empty():
    """Botzone's judge refuses a BUGANG with the seat's own or the next seat's wall empty,
    whatever the ruleset says about robbing on the last tile."""
    seat0 = kinds("W1 W1 F1 F2 F3 F4 J1 J2 J3 B1 B9 T1 T9 W9 W1")  # 14 dealt, then W1
    seat3 = kinds("W1 B2 B3 B4 B5 B6 B7 T2 T3 T4 T5 T6 T7 W5")
    for empty in (False, True):
        g = layer_rules(deal_with({0: seat0, 3: seat3}))

        def play(seat: int, tile: int, g: Rules = g) -> None:
            assert g.apply(seat, discard(tile)) is None
            while g.window is not None and g.window.from_seat == seat:
                if 0 in g.waiting_on and PUNG in g.legal(0) and tile == from_botzone("W1"):
                    assert g.apply(0, PUNG) is None
                else:
                    assert g.apply(g.waiting_on[0], PASS) is None

        play(0, from_botzone("W9"))
        for seat in (1, 2):
            play(seat, g.drawn or g.hand_of(seat).concealed_tiles()[0])
        play(3, from_botzone("W1"))  # seat 0 pungs it
        assert g.turn == 0 and g.claimed_this_turn
        play(0, from_botzone("F1"))
        while g.turn != 0:
            play(g.turn, g.drawn or g.hand_of(g.turn).concealed_tiles()[0])
        assert g.drawn == from_botzone("W1")
        if empty:
            empty_wall(g, 1)  # as if seat 1 had drawn its wall out
            assert kong(1) not in g.legal(0)
            refusal = g.apply(0, kong(1))
            assert refusal is not None and refusal.code is RefusalCode.NO_KONG
        else:
            assert kong(1) in g.legal(0)
