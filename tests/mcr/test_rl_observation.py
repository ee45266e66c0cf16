"""Observation planes: the fast observer agrees with the plain encoding of a seat's view,
and nothing in an observation depends on another seat's concealed tiles."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mahjongkit.mcr.game.moves import discard
from mahjongkit.mcr.game.rules import Position, Rules
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.hand.notation import format_tiles
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.players.bot import view_of
from mahjongkit.mcr.rl import observation as obs
from mahjongkit.mcr.rl._cpp import EngineObserver
from mahjongkit.mcr.rl.encoding import COLUMN_OF_KIND
from mahjongkit.mcr.rl.observation import Observer, encode_view, plane_count
from mahjongkit.mcr.rl.table import Table
from tests.mcr.rl_play import states


def test_layout_size_and_version() -> None:
    assert obs.OBS_VERSION == 1
    assert plane_count() == 145 and plane_count(8) == 4 * 15 + 21
    with pytest.raises(ValueError, match="history is the number of discards"):
        Observer(0)
    with pytest.raises(ValueError, match="sync"):
        Observer().encode(0)


def _compare(games: int, history: int, seed: int) -> int:
    observer = Observer(history)
    out = np.zeros((observer.planes, 34), dtype=np.float32)
    count = 0
    for game in states(games, seed=seed, moves=100):
        if game.moves == 0:
            observer.reset()
        observer.sync(game)
        for seat in range(4):
            expected = encode_view(view_of(game, seat), history)
            got = observer.encode(seat)
            assert got.dtype == np.float32 and ((got >= 0) & (got <= 1)).all()
            if not (got == expected).all():
                rows = sorted({int(r) for r in np.argwhere(got != expected)[:, 0]})
                pytest.fail(f"planes {rows} differ for seat {seat} at\n{game}")
            assert observer.encode(seat, out) is out and (out == got).all()
        count += 1
    return count


@pytest.mark.parametrize(("history", "games"), [(24, 12), (3, 5)])
def test_the_observer_equals_the_encoding_of_the_view(history: int, games: int) -> None:
    """About 1,200 states, four seats each (a short history makes discards fall off)."""
    assert _compare(games, history, seed=3) >= games * 100


@pytest.mark.slow
def test_the_observer_equals_the_encoding_of_the_view_many() -> None:
    """About 40,000 states of 400 games."""
    assert _compare(400, 24, seed=4) >= 40_000


def test_planes_say_what_they_document() -> None:
    game = Rules("planes")
    observer = Observer()
    observer.sync(game)
    planes = observer.encode(0)
    own = planes[4 * obs.seat_planes() :]
    hand = game.hand_of(0)
    for kind in range(1, 35):
        column = COLUMN_OF_KIND[kind]
        held = [own[obs.HAND + k, column] for k in range(4)]
        assert held == [1.0 if hand.counts[kind] > k else 0.0 for k in range(4)]
    assert own[obs.MY_TURN, 0] == 1.0 and own[obs.SEAT_WIND, obs.WIND_COLUMN] == 1.0
    assert own[obs.WALL, 5] == pytest.approx(len(game.wall) / 144)
    # Seat 0 discards: its block's newest discard plane shows the tile in seat 1's and
    # seat 2's observations as the block of the seat before / across.
    tile = game.legal(0)[0].tile
    assert tile is not None
    game.apply(0, discard(tile))
    observer.sync(game)
    per_seat = obs.seat_planes()
    for observer_seat, relative in ((1, 3), (2, 2), (3, 1), (0, 0)):
        block = observer.encode(observer_seat)[relative * per_seat : (relative + 1) * per_seat]
        assert block[obs.DISCARDS, COLUMN_OF_KIND[tile]] == 1.0
        assert block[obs.POOL, COLUMN_OF_KIND[tile]] == 0.25


def _random_position(rng: random.Random) -> tuple[list[list[int]], list[int]]:
    tiles = [kind for kind in range(1, 35) for _ in range(4)]
    rng.shuffle(tiles)
    hands = [sorted(tiles[:14]), sorted(tiles[14:27]), sorted(tiles[27:40]), sorted(tiles[40:53])]
    return hands, tiles[53:]


def _game(hands: list[list[int]], wall: list[int], drawn: int) -> Rules:
    text = (format_tiles(hands[0]), format_tiles(hands[1]), format_tiles(hands[2]),
            format_tiles(hands[3]))  # fmt: skip
    position = Position(hands=text, wall=tuple(wall), turn=0, drawn=drawn)
    return Rules("hidden", position=position)


@pytest.mark.parametrize("make", [Observer, EngineObserver], ids=["python", "cpp"])
def test_another_seats_concealed_tiles_never_change_an_observation(
    make: type[Observer | EngineObserver],
) -> None:
    """Seat 0's hand and everything public fixed; the others' concealed tiles and the wall
    dealt again from the rest. Seat 0's observation is the same, before and after it
    discards (as long as the public course of the game is the same)."""
    rng = random.Random(5)
    compared = 0
    for _ in range(150):
        hands, wall = _random_position(rng)
        rest = hands[1] + hands[2] + hands[3] + wall
        rng.shuffle(rest)
        other = [hands[0], sorted(rest[:13]), sorted(rest[13:26]), sorted(rest[26:39])]
        games = [_game(hands, wall, hands[0][0]), _game(other, rest[39:], hands[0][0])]
        observers = [make(), make()]
        for game, observer in zip(games, observers, strict=True):
            observer.sync(game)
        assert (observers[0].encode(0) == observers[1].encode(0)).all()
        tile = hands[0][-1]
        for game, observer in zip(games, observers, strict=True):
            assert game.apply(0, discard(tile)) is None
            observer.sync(game)
        if games[0].phase is games[1].phase and len(games[0].wall) == len(games[1].wall):
            assert (observers[0].encode(0) == observers[1].encode(0)).all()
            compared += 1
    assert compared > 50


@pytest.mark.parametrize("make", [Observer, EngineObserver], ids=["python", "cpp"])
def test_the_other_seats_walls_never_change_an_observation_of_a_dealt_hand(
    make: type[Observer | EngineObserver],
) -> None:
    """The same with hands dealt from walls, as the C++ observer renders them from its
    engine (a written position, above, it leaves to the Python twin): Botzone's four walls,
    seat 0's own wall fixed, the other three's tiles dealt among them again. Seat 0's planes
    are the same at the deal, and after its discard whenever the public course is."""
    rng = random.Random(11)
    compared = 0
    for number in range(60):
        walls = [list(part) for part in SeatWalls.from_seed(f"hidden-{number}").parts()]
        rest = walls[1] + walls[2] + walls[3]
        rng.shuffle(rest)
        other = [walls[0], rest[:34], rest[34:68], rest[68:]]
        games = [Rules("hidden", variant=BOTZONE, wall=SeatWalls(w)) for w in (walls, other)]
        observers = [make(), make()]
        for game, observer in zip(games, observers, strict=True):
            observer.sync(game)
        assert (observers[0].encode(0) == observers[1].encode(0)).all()
        move = games[0].legal(0)[0]  # the same hand: the same legal list
        for game, observer in zip(games, observers, strict=True):
            assert game.apply(0, move) is None
            observer.sync(game)
        if games[0].phase is games[1].phase and games[0].turn == games[1].turn:
            assert (observers[0].encode(0) == observers[1].encode(0)).all()
            compared += 1
    assert compared > 20
    if make is EngineObserver:  # rendered from its engine, not by the Python twin
        assert observers[0]._engine is not None


@pytest.mark.parametrize("impl", ["cpp", "python"])
@pytest.mark.parametrize(("history", "hands"), [(24, 1), (3, 2)])
def test_the_table_s_event_driven_sync_equals_the_encoding_of_the_view(
    history: int, hands: int, impl: str
) -> None:
    """The table syncs its observer from each move's events (draws, discards and answers
    touch only their cells); every seat's planes still equal the plain encoding, at every
    step of random games (kongs, claims, flowers and hand ends take the full sync)."""
    rng = random.Random(11)
    table = Table(history=history, hands=hands, impl=impl)
    steps = 0
    for number in range(6):
        table.reset(100 + number)
        while not table.done:
            game = table.game
            assert game is not None and table.seat is not None
            for seat in range(4):
                expected = encode_view(view_of(game, seat), history)
                got = table.observe(seat)
                if not (got == expected).all():
                    rows = sorted({int(r) for r in np.argwhere(got != expected)[:, 0]})
                    pytest.fail(f"planes {rows} differ for seat {seat} at step {steps}\n{game}")
            legal = table.legal()
            table.play(table.seat, legal[rng.randrange(len(legal))])
            steps += 1
    assert steps > 300


def test_render_into_a_strided_or_float64_array_writes_the_same_planes() -> None:
    """``render`` writes tile cells through a flat float32 view of ``out``; an array it cannot
    view that way (a strided slice, another dtype) gets the same planes."""
    for game in states(2, seed=7, moves=60):
        seen = obs.Seen.of(game)
        for seat in range(4):
            plain = obs.render(seen, seat, np.empty((plane_count(), 34), np.float32))
            wide = np.full((plane_count(), 68), 9.0, np.float32)
            strided = obs.render(seen, seat, wide[:, ::2])
            assert strided.base is wide and (strided == plain).all()
            assert (wide[:, 1::2] == 9.0).all()  # the cells between were left alone
            doubled = obs.render(seen, seat, np.empty((plane_count(), 34), np.float64))
            assert doubled.dtype == np.float64 and (doubled == plain).all()
