"""What the hand engine tells of a move (``cpp/core/mcr/engine_log.hpp``, read through
``HandEngine.apply_told``), held to the engine's own state: random hands of both variants
(one shared wall with flowers, four walls), every move applied by ``apply_told`` on one engine
and by ``apply`` on a copy. Telling changes nothing (the copy stays equal); the first record
is the move's own; the draws account for every tile the walls lost and the flowers for every
flower exposed, the last draw for the tile on turn; an end is told once, last, as ``end()``
says it; a refused move tells nothing and changes nothing. (The records' events are held to
the hand layer's by ``tests/conformance/test_mcr_engine_events.py``.)"""

from __future__ import annotations

import random
from typing import Any

from mahjongkit.mcr.game._cpp import hand_engine
from mahjongkit.mcr.game.variant import BOTZONE, STANDARD
from mahjongkit.mcr.hand.wall import seed_bytes
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK

# engine_log.hpp: Told's numbers, and a record's fields from the top.
DRAW, FLOWER, DISCARD, KONG, PASS, CHOW, PUNG, WIN, CLAIMED, END = range(10)
NOBODY = 4
# A move's kind (MoveKind's order) -> the kind of its own record.
OWN = {0: DISCARD, 1: KONG, 2: WIN, 3: PASS, 4: CHOW, 5: PUNG}


def _fields(record: int) -> tuple[int, int, int, int, int, int]:
    """(kind, from, seat, tile, a, b)."""
    return (
        record >> 24,
        record >> 21 & 7,
        record >> 18 & 7,
        record >> 12 & 63,
        record >> 6 & 63,
        record & 63,
    )


def _state(engine: Any) -> tuple[Any, ...]:
    return (
        engine.phase,
        engine.turn,
        engine.drawn,
        engine.wall_left,
        engine.window(),
        engine.end(),
        tuple(tuple(engine.counts(s)) for s in range(4)),
        tuple(tuple(engine.melds(s)) for s in range(4)),
        tuple(tuple(engine.flowers(s)) for s in range(4)),
        tuple(tuple(engine.pool(s)) for s in range(4)),
    )


def _check_move(
    engine: Any, seat: int, code: tuple[int, int, int, int], told: tuple[int, ...]
) -> None:
    records = [_fields(r) for r in told]
    assert records, (seat, code)
    kind, how, who, tile, a, b = records[0]
    assert (kind, who) == (OWN[code[0]], seat), (code, records)
    if code[0] == 4:
        assert (a, b) == (code[2], code[3])
    if code[1]:  # a turn's discard or kong: its tile; the kong concealed (0) or promoted (1)
        assert tile == code[1] and (code[0] == 0 or how in (0, 1)), records
    elif code[0] == 1:  # a window's kong answer: exposed
        assert how == 2, records
    ends = [r for r in records if r[0] == END]
    assert len(ends) == (1 if engine.over else 0), records
    if ends:
        assert records[-1] == ends[0], records
        winner, way, discarder, won_on = engine.end()[:4]
        _, frm, seat_told, tile_told, a_told, _ = ends[0]
        assert seat_told == (NOBODY if winner < 0 else winner), (records, engine.end())
        if winner >= 0:
            assert (a_told, tile_told) == (way, won_on)
            assert frm == (NOBODY if discarder < 0 else discarder)
    # Each flower follows the draw that took it.
    for i, (kind, _, who, tile, _, _) in enumerate(records):
        if kind == FLOWER:
            assert records[i - 1][0] == DRAW and records[i - 1][2:4] == (who, tile), records
    if engine.turn >= 0 and engine.drawn:
        draws = [r for r in records if r[0] == DRAW]
        if draws:  # the turn's tile is the last drawn
            assert draws[-1][2:4] == (engine.turn, engine.drawn), (records, engine.drawn)


def _play(seed: int, variant: Any) -> set[int]:
    """One random hand, each move checked; the kinds of record it told."""
    rng = random.Random(seed)
    engine = hand_engine(GREEN_BOOK, variant, dealer=seed % 4, prevailing=0)
    assert engine.deal_seed(seed_bytes(f"log-{seed}"), 1, variant is STANDARD)
    twin = engine.clone()
    kinds = set()
    while not engine.over:
        seat = engine.first_awaited
        legal = engine.legal(seat)
        # A refused move (a seat not awaited discarding) tells nothing, changes nothing.
        other = (seat + 1) % 4
        if not engine.waiting >> other & 1:
            before = _state(engine)
            assert engine.apply_told(other, 0, 1, 0, 0) == ()
            assert engine.apply_events({}, other, 0, 1, 0, 0) is None
            assert _state(engine) == before
        code = legal[-1] if rng.random() < 0.4 else rng.choice(legal)
        left = engine.wall_left
        flowers = sum(len(engine.flowers(s)) for s in range(4))
        told = engine.apply_told(seat, *code)
        assert twin.apply(seat, *code) == 0
        assert _state(engine) == _state(twin)
        _check_move(engine, seat, code, told)
        records = [_fields(r) for r in told]
        kinds.update(r[0] for r in records)
        assert sum(r[0] == DRAW for r in records) == left - engine.wall_left, records
        exposed = sum(len(engine.flowers(s)) for s in range(4)) - flowers
        assert sum(r[0] == FLOWER for r in records) == exposed, records
    assert {DISCARD, DRAW, END} <= kinds
    return kinds


def test_records_follow_the_engine() -> None:
    told: set[int] = set()
    for variant in (STANDARD, BOTZONE):
        for seed in range(12):
            told |= _play(seed, variant)
    assert set(range(10)) - told == set()  # every kind of record was met
