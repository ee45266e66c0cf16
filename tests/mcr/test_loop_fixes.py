"""Fixes that came with the redesign of the rules (issue 12 item 5, issue 11 item 10) and the
variant object: saves that restore exactly, dealers that follow the hand number, refusals of
bad files by ``ValueError``/``TypeError``, and games of one hand, without flowers, or with
the competition's seating."""

from __future__ import annotations

import json
import random

import pytest

from mahjongkit.mcr.game.events import Drew, EventKind
from mahjongkit.mcr.game.moves import WIN, Move, MoveKind, kong
from mahjongkit.mcr.game.rules import Phase, Position, Rules
from mahjongkit.mcr.game.variant import BOTZONE, ONE_HAND, STANDARD, Seating, Variant, Walls
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.scoring.ruleset import GB, Ruleset
from mahjongkit.tiles import from_code, is_bonus

FILL = "159m 159p 159s ESWN"


def _random_play(game: Rules, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if not game.is_active:
            return
        seat = rng.choice(game.waiting_on)
        legal = game.legal(seat)
        wins = [m for m in legal if m.kind is MoveKind.WIN]
        assert game.apply(seat, wins[0] if wins else rng.choice(legal)) is None
        assert game.check_invariants() == [], game.to_string()


# -- saves ------------------------------------------------------------------------------------


def test_a_game_with_a_custom_ruleset_saves_and_restores() -> None:
    house = Ruleset(name="house", point_overrides={48: 7})
    game = Rules("c", ruleset=house)
    _random_play(game, random.Random(1), 60)
    restored = Rules.from_json(game.to_json())
    assert restored.ruleset == house and restored.ruleset is not house
    assert restored.to_json() == game.to_json()
    assert Rules.from_json(Rules("c", ruleset=GB).to_json()).ruleset is GB


def test_outcomes_pending_at_save_are_the_ones_restored() -> None:
    game = Rules("pending")
    _random_play(game, random.Random(2), 30)
    game.take_outcomes()
    restored = Rules.from_json(game.to_json())
    assert restored.take_outcomes() == []
    assert restored.last == game.last
    _random_play(game, random.Random(3), 1)
    pending = game.outcomes[:]
    assert pending and Rules.from_json(game.to_json()).take_outcomes() == pending


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"moves": [[0, 5]]}, ValueError),
        ({"moves": [[0, None]]}, ValueError),
        ({"moves": [["0", "discard 5m"]]}, ValueError),
        ({"moves": "discard 5m"}, ValueError),
        ({"totals": [1e400, 0, 0, 0]}, ValueError),
        ({"hand_no": 1e400}, ValueError),
        ({"hand_no": 1.5}, ValueError),
        ({"hand_no": True}, ValueError),
        ({"dealer": 2}, ValueError),  # hand 1 is dealt by seat 0
        ({"seed": 5}, ValueError),
        ({"ruleset": {"name": "half"}}, ValueError),
        ({"ruleset": 7}, ValueError),
        ({"variant": {"hands": 3}}, ValueError),
        ({"variant": {"walls": "per_seat"}}, ValueError),
        ({"pending": -1}, ValueError),
        ({"position": {"hands": [1, 2, 3, 4], "wall": [], "turn": 0}}, ValueError),
        ({"position": "four hands"}, ValueError),
    ],
)
def test_a_bad_save_is_a_value_error(change: dict[str, object], error: type[Exception]) -> None:
    data = json.loads(Rules("bad").to_json())
    data.update(change)
    with pytest.raises(error, match="bad saved game"):
        Rules.from_json(json.dumps(data))


def test_unreadable_saves() -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        Rules.from_json("[" * 100000)
    with pytest.raises(ValueError, match="not a saved game"):
        Rules.from_json("{")
    with pytest.raises(TypeError, match="JSON text"):
        Rules.from_json(None)  # type: ignore[arg-type]
    hand_no_float = json.loads(Rules("f").to_json())
    hand_no_float["hand_no"] = 1.0  # a float with no fraction is the integer
    assert Rules.from_json(json.dumps(hand_no_float)).hand_no == 1


def test_moves_from_text_and_malformed_moves() -> None:
    with pytest.raises(TypeError, match="str, not NoneType"):
        Move.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Move.parse(5)  # type: ignore[arg-type]
    odd = Move(MoveKind.DISCARD, "x")  # type: ignore[arg-type]
    assert repr(odd) == "Move(MoveKind.DISCARD, 'x', None)" and str(odd)
    assert repr(Move(MoveKind.CHOW, tiles=[1, 2])).startswith("Move(")  # type: ignore[arg-type]
    assert Move(MoveKind.DISCARD, 5) is Move.parse("discard 5m")
    assert Move(MoveKind.DISCARD, True) is not Move(MoveKind.DISCARD, 1)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        odd.tile = 5  # type: ignore[misc]
    game = Rules("odd")
    refusal = game.apply(0, odd)
    assert refusal is not None and refusal.code.value == "bad_move"


# -- dealers ----------------------------------------------------------------------------------


def test_the_dealer_follows_the_hand_number() -> None:
    position = Position(hands=(FILL, FILL, FILL + " 2p", FILL), wall=("7p",), turn=2)
    game = Rules("d", hand_no=3, position=position)
    assert game.dealer == 2 and game.seat_wind(2) == 0
    with pytest.raises(ValueError, match="dealer of hand 3 is seat 2"):
        Rules("d", hand_no=3, position=Position(position.hands, ("7p",), turn=2, dealer=0))
    with pytest.raises(ValueError, match="dealer of hand 5 is seat 0"):
        Rules("d", hand_no=5, dealer=1)
    assert Rules("d", hand_no=6).dealer == 1


def test_drawn_is_cleared_when_a_promoted_kong_opens_a_robbing_window() -> None:
    robber = "12356m 456p 789s RR"  # waits on 4m and 7m, holding no 4m
    position = Position(
        hands=("pung(444m@2) 4m 159p 159s ESWN", robber, FILL, FILL),
        wall=("7p", "8p"),
        turn=0,
        drawn="4m",
    )
    game = Rules("rob", position=position)
    assert game.drawn == from_code("4m")
    assert game.apply(0, kong(from_code("4m"))) is None
    assert game.phase is Phase.ROB and game.legal(1)[-1] is WIN
    assert game.drawn is None and game.drawn_from is None and game.turn is None


# -- variants ---------------------------------------------------------------------------------


def test_a_one_hand_game_ends_after_its_hand() -> None:
    game = Rules("one", hand_no=7, variant=ONE_HAND)
    _random_play(game, random.Random(4), 10_000)
    assert not game.is_active and len(game.history) == 1 and game.history[0].hand_no == 7
    assert game.standings is not None and game.take_outcomes()[-1].kind is EventKind.GAME_END
    assert Rules.from_json(game.to_json()).variant == ONE_HAND


def test_a_game_without_flowers_deals_from_136() -> None:
    variant = Variant(flowers=False, hands=1, name="no-flowers")
    game = Rules("plain", variant=variant)
    assert len(game.wall) == 136 - 53 and not any(h.flowers for h in game.hands)
    assert not any(is_bonus(t) for t in game.wall.tiles)
    _random_play(game, random.Random(5), 10_000)
    assert not game.is_active
    assert all(not isinstance(e, Drew) or e.source == "wall" for e in game.outcomes[:3])


def test_competition_seating_keeps_totals_by_player() -> None:
    variant = Variant(seating=Seating.COMPETITION, name="competition")
    assert [variant.player_at(n, 0) for n in (1, 5, 9, 13)] == [0, 1, 2, 3]
    for round_start in (1, 5, 9, 13):
        assert sorted(variant.player_at(round_start, s) for s in range(4)) == [0, 1, 2, 3]
    game = Rules("seats", hand_no=5, variant=variant)
    _random_play(game, random.Random(6), 100_000)
    for record in game.history:
        assert sum(record.deltas) == 0 and sum(record.totals) == 0
    wins = [r for r in game.history if r.winner is not None]
    for record in wins:
        player = variant.player_at(record.hand_no, record.winner)
        assert record.deltas[record.winner] > 0
        assert player in range(4)
    assert not game.is_active and sum(game.totals) == 0


def test_variants_are_checked() -> None:
    assert Variant() == STANDARD and STANDARD.walls is Walls.SHARED
    with pytest.raises(ValueError, match="16 hands or 1"):
        Variant(hands=4)
    with pytest.raises(TypeError):
        Variant(flowers="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no flowers"):
        Variant(walls=Walls.PER_SEAT)
    assert Variant.from_json(ONE_HAND.to_json()) == ONE_HAND
    assert Variant.from_json(BOTZONE.to_json()) == BOTZONE


# -- four walls (the Botzone format) ----------------------------------------------------------


def test_four_walls_of_34_each_seat_drawing_from_its_own() -> None:
    game = Rules("botzone", hand_no=3, variant=BOTZONE)
    walls = game.wall
    assert isinstance(walls, SeatWalls)
    assert [walls.left(s) for s in range(4)] == [21, 21, 20, 21]  # hand 3: seat 2 deals
    assert not any(h.flowers for h in game.hands) and game.drawn is not None
    with pytest.raises(ValueError, match="give the position's walls"):  # one wall given
        Rules("b", variant=BOTZONE, position=Position((FILL + " 2p", FILL, FILL, FILL), (), 0))
    rng = random.Random(7)
    while game.is_active:
        left = [walls.left(s) for s in range(4)]
        seat = rng.choice(game.waiting_on)
        legal = game.legal(seat)
        window = game.window
        if window is not None:
            for claimer, claims in window.may.items():
                if any(m.kind in (MoveKind.CHOW, MoveKind.PUNG, MoveKind.KONG) for m in claims):
                    assert not walls.empty((claimer + 1) % 4), game.to_string()
        elif any(m.kind is MoveKind.KONG for m in legal):
            assert not walls.empty(seat) and not walls.empty((seat + 1) % 4)
        wins = [m for m in legal if m.kind is MoveKind.WIN]
        assert game.apply(seat, wins[0] if wins else rng.choice(legal)) is None
        assert game.check_invariants() == [], game.to_string()
        for event in game.take_outcomes():
            if isinstance(event, Drew):
                left[event.for_seat] -= 1
                assert event.source == "wall"
            assert event.kind is not EventKind.FLOWER
        if game.is_active:
            assert [walls.left(s) for s in range(4)] == left
            if game.turn is not None and game.drawn is not None:
                assert game.last_draw_emptied == walls.empty((game.turn + 1) % 4)
    assert len(game.history) == 1 and sum(game.totals) == 0
    restored = Rules.from_json(game.to_json())
    assert restored.history == game.history and restored.variant == BOTZONE


def test_a_written_position_plays_on_four_walls() -> None:
    position = Position(
        hands=(
            "123m 456m 789m 11p 23p 9s",
            "456p 78p 123s 567s EE",
            FILL,
            "234s 678s 88s SS WW N",
        ),
        wall=(),
        walls=(("1m",), ("3s", "4s"), (), ("E",)),
        turn=0,
    )
    game = Rules("four", variant=BOTZONE, position=position)
    assert game.check_invariants() == []
    assert game.apply(0, Move.parse("discard 9s")) is None  # nobody claims: seat 1 draws
    assert game.turn == 1 and game.drawn == from_code("3s")
    kinds = [[from_code(t) for t in part] for part in (["1m"], ["4s"], [], ["E"])]
    assert game.wall.parts() == tuple(tuple(part) for part in kinds)
    restored = Rules.from_json(game.to_json())
    assert restored.position == position and restored.to_string() == game.to_string()
    assert game.apply(1, Move.parse("discard E")) is None  # seat 2's wall is empty
    assert not game.is_active and game.history[0].exhausted


def test_a_written_position_and_the_variant_agree_on_the_walls() -> None:
    one = Position(hands=(FILL + " 2p", FILL, FILL, FILL), wall=("3p",), turn=0)
    four = Position(hands=one.hands, wall=(), walls=(("3p",), (), (), ()), turn=0)
    with pytest.raises(ValueError, match="four walls: give the position's walls, one a seat"):
        Rules("w", variant=BOTZONE, position=one)
    with pytest.raises(ValueError, match="a position with four walls needs a variant with four"):
        Rules("w", position=four)
    both = Position(hands=one.hands, wall=("3p",), walls=four.walls, turn=0)
    with pytest.raises(ValueError, match="four walls and no wall"):
        Rules("w", variant=BOTZONE, position=both)
    flower = Position(hands=one.hands, wall=(), walls=(("F1",), (), (), ()), turn=0)
    with pytest.raises(ValueError, match="four walls hold no flowers"):
        Rules("w", variant=BOTZONE, position=flower)


def test_many_games_on_four_walls_keep_the_invariants() -> None:
    for index in range(12):
        game = Rules(f"botzone-{index}", hand_no=1 + index % 16, variant=BOTZONE)
        _random_play(game, random.Random(index), 10_000)
        assert not game.is_active and len(game.history) == 1
        walls = game.wall
        assert isinstance(walls, SeatWalls)
        if game.history[0].exhausted:  # a seat found its own wall empty when it had to draw
            assert any(walls.empty(seat) for seat in range(4))
            assert not walls.is_empty or sum(walls.left(s) for s in range(4)) == 0


# -- robbing a kong on the last tile (the ruleset's robbing_on_last_tile) ----------------------


def _last_tile_promotion(ruleset: Ruleset) -> Rules:
    """Seat 3 discards 2p, nobody claims, seat 0 draws the wall's last tile holding a pung of
    4m and the fourth; seat 1 waits on 4m."""
    position = Position(
        hands=("pung(444m@2) 4m 159p 159s ESW", "12356m 456p 789s RR", FILL, FILL + " 2p"),
        wall=("N",),
        turn=3,
        dealer=None,
    )
    game = Rules("last", position=position, ruleset=ruleset)
    assert game.apply(3, Move.parse("discard 2p")) is None
    assert game.turn == 0 and game.last_draw_emptied and len(game.wall) == 0
    return game


def test_no_kong_on_the_last_tile_under_the_green_book() -> None:
    from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK

    game = _last_tile_promotion(GREEN_BOOK)
    assert kong(from_code("4m")) not in game.legal(0)
    refusal = game.apply(0, kong(from_code("4m")))
    assert refusal is not None and refusal.code.value == "no_kong"


def test_a_kong_promoted_on_the_last_tile_may_be_robbed_when_the_ruleset_says_so() -> None:
    assert GB.robbing_on_last_tile
    game = _last_tile_promotion(GB)
    assert kong(from_code("4m")) in game.legal(0)
    assert game.apply(0, kong(from_code("4m"))) is None
    assert game.phase is Phase.ROB and game.legal(1)[-1] is WIN
    assert game.apply(1, WIN) is None
    record = game.history[-1]
    assert record.winner == 1 and record.context is not None and record.context.last_of_wall
    assert {45, 47} <= {fan.number for fan in record.fans}
    unrobbed = _last_tile_promotion(GB)
    assert unrobbed.apply(0, kong(from_code("4m"))) is None
    assert unrobbed.apply(1, Move.parse("pass")) is None  # no replacement left: exhausted
    assert unrobbed.history[-1].exhausted and unrobbed.check_invariants() == []
