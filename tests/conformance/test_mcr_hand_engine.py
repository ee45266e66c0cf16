"""The C++ hand engine (``cpp/core/mcr/hand_engine.*``) against its Python twin, the hand
layer (``hand_state.py`` + ``window.py``) driven through one-hand :class:`Rules` games: random
legal playthroughs of whole hands in both variants (one shared wall with or without flowers,
four walls) under every rule flag of :data:`.legality.ALL_FLAGS`, move for move. At every
decision both give the same legal lists to every seat, the same awaited seats, the same
concealed counts, melds and pools; a sample of illegal moves gets the same refusal codes; the
hands end the same (winner, way, discarder, points). Both deal the same seeded walls (the
engine's own ``deal_seed`` too). The
engine's ``discard_passed`` (a discard nobody claims) leaves what a discard and every pass
leave; ``discard_claimed`` and ``claim_taken`` (a discard one seat claims, its offers worked
out when read) leave what the discard, the claim and the others' passes leave."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game._cpp import engine_move, hand_engine, move_of
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.hand_state import HandState
from mahjongkit.mcr.game.moves import PASS, PUNG, WIN, Move, MoveKind, discard, kong
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import Walls
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.hand.wall import SeatWalls, Wall
from mahjongkit.mcr.scoring.context import WinBy
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, Ruleset
from mahjongkit.tiles import is_bonus
from tests.mcr.flagged import Flagged, candidates, flags, layer_scorer, one_hand

_WAYS = (WinBy.SELF_DRAWN, WinBy.DISCARD, WinBy.ROBBING)
_SET_KINDS = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}


def _game(seed: str, flag: int, flowers: bool, ruleset: Ruleset) -> tuple[Rules, Any]:
    four = bool(flag & legality.FOUR_WALLS)
    variant = one_hand(flag, flowers)
    game = Rules(seed, variant=variant, ruleset=ruleset, scorer=layer_scorer(ruleset))
    assert isinstance(game.match.hand, HandState)
    engine = hand_engine(ruleset, variant, dealer=game.dealer, prevailing=game.prevailing)
    if four:
        walls = SeatWalls.from_seed(seed, 1)
        assert engine.deal_seat_walls([list(part) for part in walls.parts()])
    else:
        wall = Wall.from_seed(seed, 1)
        tiles = [t for t in wall.tiles if flowers or not is_bonus(t)]
        assert engine.deal_shared(tiles)
    assert engine.flags == flag
    # The engine's own seeded deal (wall_order.hpp) is the one the Python walls gave it.
    seeded = hand_engine(ruleset, variant, dealer=game.dealer, prevailing=game.prevailing)
    assert seeded.deal_seed(seed.encode(), 1, flowers)
    assert seeded.wall_left == engine.wall_left and seeded.drawn == engine.drawn
    for seat in range(4):
        assert seeded.counts(seat) == engine.counts(seat)
        assert seeded.flowers(seat) == engine.flowers(seat)
        assert seeded.legal(seat) == engine.legal(seat)
    return game, engine


def _candidates(rng: random.Random, tile: int) -> list[Move]:
    """Moves to try as refusals: the shared candidates and two malformed ones."""
    k = tile % 33 + 1  # no draw of its own: the base example stays small for Hypothesis
    return [
        *candidates(rng, tile),
        Move(MoveKind.CHOW, None, (k + 1, k)),  # malformed: the pair descending
        Move(MoveKind.PUNG, k, None),  # malformed: a pung names no tile
    ]


def _assert_same_state(game: Rules, engine: Any, step: int) -> None:
    waiting = game.waiting_on
    assert engine.waiting == sum(1 << s for s in waiting), step
    assert engine.first_awaited == (waiting[0] if waiting else -1), step
    for seat in range(4):
        python = [str(m) for m in game.legal(seat)]
        cpp = [str(move_of(*m)) for m in engine.legal(seat)]
        assert python == cpp, (step, seat, game.to_string())
        hand = game.hand_of(seat)
        assert list(hand.counts) == engine.counts(seat), (step, seat)
        assert list(game.pool_of(seat)) == engine.pool(seat), (step, seat)
        melds = [(_SET_KINDS[m.kind], m.tiles[0], m.concealed) for m in hand.melds]
        assert melds == [m[:3] for m in engine.melds(seat)], (step, seat)
        assert list(hand.flowers) == engine.flowers(seat), (step, seat)
    assert game.turn == (None if engine.turn < 0 else engine.turn), step
    assert (game.drawn or 0) == engine.drawn, step
    assert game.claimed_this_turn == engine.claimed_this_turn, step
    assert game.last_draw_emptied == engine.last_draw_emptied, step
    assert game.last_discard_is_last == engine.last_discard_is_last, step
    assert len(game.wall) == engine.wall_left, step


def _play(game: Rules, engine: Any, rng: random.Random, claim_rate: float) -> int:
    step = 0
    while not game.history:
        _assert_same_state(game, engine, step)
        window = game.window
        tile = window.tile if window is not None else (game.drawn or 0)
        for _ in range(2):  # a sample of moves, legal or not, for a random seat
            seat = rng.randrange(4)
            for move in rng.sample(_candidates(rng, tile), 4):
                refusal = game.why_not(seat, move)
                code = engine.verify(seat, *engine_move(move))
                assert (None if refusal is None else refusal.code) == legality.ENGINE_CODES[code], (
                    step,
                    seat,
                    str(move),
                    game.to_string(),
                )
        seat = rng.choice(game.waiting_on)
        legal = game.legal(seat)
        wins = [m for m in legal if m.kind is MoveKind.WIN]
        claims = [m for m in legal if m.kind in (MoveKind.CHOW, MoveKind.PUNG, MoveKind.KONG)]
        if wins and rng.random() < 0.9:
            move = wins[0]
        elif claims and rng.random() < claim_rate:
            move = rng.choice(claims)
        else:
            move = rng.choice(legal)
        if move.kind is MoveKind.DISCARD and rng.random() < 0.1:
            _assert_passed_alike(game, engine, seat, move, step)
            _assert_claimed_alike(game, engine, seat, move, step)
        before = engine.clone()
        assert game.apply(seat, move) is None
        assert engine.apply(seat, *engine_move(move)) == 0
        assert [str(move_of(*m)) for m in before.legal(seat)] == [
            str(m) for m in legal
        ]  # untouched
        step += 1
    assert engine.over and game.why_not(0, PASS) is not None
    assert engine.verify(0, *engine_move(PASS)) == legality.ENGINE_CODES.index(
        game.why_not(0, PASS).code  # type: ignore[union-attr]
    )
    return step


def _assert_passed_alike(game: Rules, engine: Any, seat: int, move: Move, step: int) -> None:
    """``discard_passed`` leaves the state a discard and every asked seat's pass leave."""
    python, cpp = game.clone(), engine.clone()
    assert python.apply(seat, move) is None
    while python.window is not None:
        assert python.apply(python.waiting_on[0], PASS) is None
    assert move.tile is not None
    assert cpp.discard_passed(seat, move.tile) == 0
    if python.history:  # the wall ran dry
        assert cpp.over and python.history[0].winner is None
    else:
        _assert_same_state(python, cpp, step)


def _assert_claimed_alike(game: Rules, engine: Any, seat: int, move: Move, step: int) -> None:
    """``discard_claimed`` then ``claim_taken`` of one awaited seat's strongest claim leave the
    state the discard, that claim and every other awaited seat's pass leave; a discard nobody
    may claim leaves a window asking nobody that refuses every answer."""
    python, cpp = game.clone(), engine.clone()
    assert python.apply(seat, move) is None
    assert move.tile is not None
    assert cpp.discard_claimed(seat, move.tile) == 0
    opened = python.window is not None
    if not opened:  # nobody may claim
        assert cpp.waiting == 0
        assert all(cpp.legal(other) == [] for other in range(4))
        assert all(cpp.verify(other, *engine_move(PASS)) != 0 for other in range(4))
        return
    awaited = python.waiting_on
    claimer = awaited[step % len(awaited)]
    claim = python.legal(claimer)[-1]  # after the pass: a chow, pung, kong or win
    assert claim.kind is not MoveKind.PASS
    assert cpp.verify(claimer, *engine_move(claim)) == 0  # read before the others' offers
    assert python.apply(claimer, claim) is None
    while python.window is not None:
        assert python.apply(python.waiting_on[0], PASS) is None
    assert cpp.claim_taken(claimer, *engine_move(claim)) == 0
    if python.history:  # a win
        assert cpp.over
        _assert_same_end(python, cpp)
    else:
        _assert_same_state(python, cpp, step)


def _assert_same_end(game: Rules, engine: Any) -> None:
    record = game.history[0]
    end = engine.end()
    assert end is not None
    winner, by, discarder, tile, tally = end
    if record.winner is None:
        assert winner == -1
        return
    assert (winner, _WAYS[by], discarder if discarder >= 0 else None, tile) == (
        record.winner,
        record.by,
        record.discarder,
        record.tile,
    )
    basic, flower_points, fans = tally
    assert (basic, flower_points, basic + flower_points) == (
        record.basic,
        record.flowers,
        record.points,
    )
    assert sorted(fans) == sorted((line.number, line.times) for line in record.fans)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=8),
    flag=flags,
    flowers=st.booleans(),
    ruleset=st.sampled_from((GB, GREEN_BOOK, dataclasses.replace(GB, minimum=0))),
    rng=st.randoms(use_true_random=False),
    claim_rate=st.sampled_from((0.0, 0.5, 0.95)),
)
def test_the_engine_plays_every_hand_as_the_python_hand_layer(
    seed: str, flag: int, flowers: bool, ruleset: Ruleset, rng: random.Random, claim_rate: float
) -> None:
    game, engine = _game(seed, flag, flowers, ruleset)
    _play(game, engine, rng, claim_rate)
    _assert_same_end(game, engine)


def test_every_flag_and_both_variants_are_played_and_some_hands_are_won() -> None:
    """A fixed sweep: every flag of ALL_FLAGS, each variant, wins of every way among them."""
    ways = set()
    for flag in range(legality.ALL_FLAGS + 1):
        for index in range(6):
            rng = random.Random(index)
            game, engine = _game(f"sweep{flag}-{index}", flag, index % 2 == 0, GB)
            _play(game, engine, rng, 0.9)
            _assert_same_end(game, engine)
            end = engine.end()
            if end is not None and end[0] >= 0:
                ways.add(end[1])
    assert ways  # some hands are won


def _scripted(game: Rules, engine: Any, script: dict[int, list[Move]]) -> None:
    """Play a hand by script: a seat makes its next scripted move when it is legal (a win
    only by robbing), else passes a window or discards its drawn tile (or its first legal move)."""
    step = 0
    while not game.history:
        _assert_same_state(game, engine, step)
        seat = game.waiting_on[0]
        legal = game.legal(seat)
        queue = script.get(seat, [])
        robbing = game.window is not None and game.window.kind is Phase.ROB
        if queue and queue[0] in legal and (queue[0] is not WIN or robbing):
            move = queue.pop(0)
        elif PASS in legal:
            move = PASS
        elif game.drawn is not None and discard(game.drawn) in legal:
            move = discard(game.drawn)
        else:
            move = legal[0]
        assert game.apply(seat, move) is None
        assert engine.apply(seat, *engine_move(move)) == 0
        step += 1


def test_a_promoted_kong_is_robbed_alike() -> None:
    """Four walls written so that seat 2 pungs 5m, then draws the fourth and promotes it,
    and seat 3 (46m 123p 456p 789p 11s) robs it: the robbing window and the win agree."""
    hands = {
        3: [4, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19],
        2: [5, 5, 28, 29, 29, 30, 31, 32, 33, 34, 20, 22, 24],
        0: [5],
    }
    pool = [k for k in range(1, 35) for _ in range(4)]
    for tiles in hands.values():
        for k in tiles:
            pool.remove(k)
    pool.remove(5)  # seat 2's first draw
    pool.sort(key=lambda k: (k in (3, 4, 6, 7), k))  # no run with 5m for seats 0 and 1
    walls = [[5, *pool[:13]], pool[13:26], [*hands[2], 5], hands[3]]
    rest = pool[26:]
    walls[0] += rest[:20]
    walls[1] += rest[20:41]
    walls[2] += rest[41:61]
    walls[3] += rest[61:]
    assert [len(w) for w in walls] == [34] * 4
    variant = Flagged(hands=1, walls=Walls.PER_SEAT, flowers=False, flags=legality.FOUR_WALLS)
    game = Rules(
        "robbed", variant=variant, ruleset=GB, wall=SeatWalls(walls), scorer=layer_scorer(GB)
    )
    engine = hand_engine(GB, variant, dealer=0, prevailing=0)
    assert engine.deal_seat_walls(walls)
    script = {0: [discard(5)], 2: [PUNG, discard(28), kong(5)], 3: [WIN]}
    _scripted(game, engine, script)
    assert game.history[0].by is WinBy.ROBBING
    _assert_same_end(game, engine)


def test_an_engine_is_dealt_once_and_refuses_moves_before() -> None:
    engine = hand_engine(GB, Flagged(hands=1), dealer=0, prevailing=0)
    assert engine.legal(0) == [] and engine.end() is None
    assert legality.ENGINE_CODES[engine.apply(0, *engine_move(PASS))] is RefusalCode.GAME_OVER
    assert not engine.deal_shared([1] * 52)  # too short for the deal
    assert engine.deal_seed(b"once", 1, True)
    assert not engine.deal_seed(b"once", 1, True) and not engine.deal_seat_walls([[1] * 34] * 4)
    assert engine.turn == 0 and engine.legal(0)
