"""Hostile input on the engine-backed game (``Rules(impl="cpp")``, ``game/engine_hand.py``) and
on the hand engine's binding (``mahjongkit._core.mcr.HandEngine``), with its Python twin
(``Rules(impl="python")``) as the reference.

The rules of ``docs/robustness.md``: an illegal or malformed move is a :class:`Refusal` (the
same code and sentence in both implementations) and changes nothing; a wrong type is a
``TypeError`` and a value out of range a ``ValueError``, alike in both and naming what is
wrong; a tampered save is a ``ValueError`` naming the field, and a game already held is never
touched; the binding refuses what the core cannot take, and everything it takes (walls that
are not the set, moves of any shape) is played without reading out of bounds (this file is
part of the sanitizer run, ``scripts/sanitize.sh``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit._core import mcr as core
from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game._cpp import engine_move, hand_engine
from mahjongkit.mcr.game.engine_events import _TOLD, deal_seed_told, deal_told
from mahjongkit.mcr.game.engine_hand import _AWAITED, _NUMBERED, EngineHand
from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE, ONE_HAND, STANDARD, Variant
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.wall import Wall
from mahjongkit.mcr.scoring._cpp import score_rules
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
from mahjongkit.tiles import code

IMPLS = ("cpp", "python")

# Moves whose shape is wrong whatever the state: refused as bad_move by both.
MALFORMED: tuple[Move, ...] = (
    Move(MoveKind.DISCARD),
    Move(MoveKind.DISCARD, 0),
    Move(MoveKind.DISCARD, 35),
    Move(MoveKind.DISCARD, 42),
    Move(MoveKind.DISCARD, -1),
    Move(MoveKind.DISCARD, 2**70),
    Move(MoveKind.DISCARD, True),
    Move(MoveKind.DISCARD, 5.0),  # type: ignore[arg-type]
    Move(MoveKind.DISCARD, "5m"),  # type: ignore[arg-type]
    Move(MoveKind.KONG, 99),
    Move(MoveKind.CHOW),
    Move(MoveKind.CHOW, None, (3, 1)),
    Move(MoveKind.CHOW, None, (1, 2, 3)),  # type: ignore[arg-type]
    Move(MoveKind.CHOW, None, [1, 2]),  # type: ignore[arg-type]
    Move(MoveKind.CHOW, 5, (1, 2)),
    Move(MoveKind.CHOW, None, (0, 1)),
    Move(MoveKind.PUNG, 5),
    Move(MoveKind.WIN, 5),
    Move(MoveKind.PASS, 5),
    Move(MoveKind.PASS, None, (1, 2)),
    Move("discard", 5),  # type: ignore[arg-type]
    Move(None),  # type: ignore[arg-type]
)

# Well-formed moves to ask about in any state (most are refused most of the time).
WELL_FORMED: tuple[Move, ...] = (
    discard(1),
    discard(34),
    kong(1),
    kong(28),
    KONG,
    PUNG,
    WIN,
    PASS,
    chow(1, 2),
    chow(7, 9),
    chow(27, 28),  # no suit runs there: never offered
)

# Calls that are programmer errors: the same exception type and message in both.
PROGRAMMER_ERRORS: dict[str, Callable[[Rules], object]] = {
    "legal(True)": lambda g: g.legal(True),
    "legal(-1)": lambda g: g.legal(-1),
    "legal(4)": lambda g: g.legal(4),
    "legal(2**70)": lambda g: g.legal(2**70),
    "legal(-(2**70))": lambda g: g.legal(-(2**70)),
    "legal('0')": lambda g: g.legal("0"),  # type: ignore[arg-type]
    "legal(0.0)": lambda g: g.legal(0.0),  # type: ignore[arg-type]
    "legal(None)": lambda g: g.legal(None),  # type: ignore[arg-type]
    "apply(True, pass)": lambda g: g.apply(True, PASS),
    "apply(4, pass)": lambda g: g.apply(4, PASS),
    "apply(2**64, pass)": lambda g: g.apply(2**64, PASS),
    "apply(0, None)": lambda g: g.apply(0, None),  # type: ignore[arg-type]
    "apply(0, text)": lambda g: g.apply(0, "discard 1m"),  # type: ignore[arg-type]
    "apply(0, tuple)": lambda g: g.apply(0, (0, 1, 0, 0)),  # type: ignore[arg-type]
    "why_not(7, pass)": lambda g: g.why_not(7, PASS),
    "why_not(0, 5)": lambda g: g.why_not(0, 5),  # type: ignore[arg-type]
    "can(False, pass)": lambda g: g.can(False, PASS),
    "can(0, None)": lambda g: g.can(0, None),  # type: ignore[arg-type]
    "hand_of(4)": lambda g: g.hand_of(4),
    "hand_of(True)": lambda g: g.hand_of(True),
    "pool_of(-1)": lambda g: g.pool_of(-1),
    "seat_wind(9)": lambda g: g.seat_wind(9),
    "next_seat(1.0)": lambda g: g.next_seat(1.0),  # type: ignore[arg-type]
}


def _outcome(call: Callable[[], object]) -> tuple[Any, ...]:
    """What a call gave, as a value two implementations can be compared by: a refusal's
    code, sentence and legal list, an exception's type and message, else the answer."""
    try:
        answer = call()
    except Exception as error:  # the type is what is compared
        return ("raised", type(error), str(error))
    if answer is not None and hasattr(answer, "code"):
        return ("refused", answer.code, answer.message, tuple(answer.legal))
    return ("answered", answer)


def _play(games: list[Rules], rng: random.Random, steps: int) -> None:
    """The same random legal moves in each game (side by side): ``steps`` of them, or up to
    the end of the game."""
    for _ in range(steps):
        first = games[0]
        if not first.is_active:
            return
        seat = rng.choice(first.waiting_on)
        move = rng.choice(first.legal(seat))
        for game in games:
            assert game.apply(seat, move) is None


def _pair(seed: str, variant: Variant = STANDARD) -> list[Rules]:
    return [Rules(seed, impl=impl, variant=variant) for impl in IMPLS]


def test_the_engine_backs_the_cpp_game() -> None:
    cpp, py = _pair("engine-backed")
    assert isinstance(cpp.match.hand, EngineHand) and not isinstance(py.match.hand, EngineHand)


@pytest.mark.parametrize("name", sorted(PROGRAMMER_ERRORS))
def test_a_programmer_error_raises_alike_and_changes_nothing(name: str) -> None:
    games = _pair("programmer-errors")
    _play(games, random.Random(1), 9)
    before = [game.to_json() for game in games]
    outcomes = [_outcome(lambda g=game: PROGRAMMER_ERRORS[name](g)) for game in games]
    assert outcomes[0][0] == "raised" and outcomes[0][1] in (TypeError, ValueError), outcomes
    assert outcomes[0] == outcomes[1]
    assert [game.to_json() for game in games] == before


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    variant=st.sampled_from([STANDARD, BOTZONE]),
    data=st.data(),
)
def test_hostile_moves_are_refused_alike_in_any_state(
    seed: int, steps: int, variant: Variant, data: st.DataObject
) -> None:
    """Any seat (awaited or not, in a window or on a turn, having answered or not), any move
    (malformed, well formed, legal for another seat): both games answer the same, and a
    refused move changes nothing."""
    games = _pair(f"hostile-{seed}", variant)
    _play(games, random.Random(seed), steps)
    before = [game.to_json() for game in games]
    seat = data.draw(st.integers(0, 3), label="seat")
    others = [m for s in range(4) for m in games[1].legal(s)]
    move = data.draw(st.sampled_from(MALFORMED + WELL_FORMED + tuple(others)), label="move")
    why = [_outcome(lambda g=game: g.why_not(seat, move)) for game in games]
    assert why[0] == why[1], (seat, move)
    taken = [_outcome(lambda g=game: g.apply(seat, move)) for game in games]
    assert taken[0] == taken[1]
    assert taken[0] == why[0] or (why[0] == ("answered", None) and taken[0] == why[0])
    if taken[0][0] == "refused":
        assert [game.to_json() for game in games] == before
        if move in MALFORMED:
            assert taken[0][1] in (RefusalCode.BAD_MOVE, RefusalCode.GAME_OVER)
    else:
        assert games[0].to_json() == games[1].to_json()


def test_every_malformed_move_is_a_bad_move_in_a_window_too() -> None:
    games = _pair("window")
    rng = random.Random(3)
    while games[0].phase is not Phase.CLAIM:  # play on to a claim window
        _play(games, rng, 1)
        if not games[0].is_active:
            pytest.fail("no window in the hand")  # pragma: no cover - the seed opens one
    for seat in range(4):
        for move in MALFORMED:
            answers = [game.why_not(seat, move) for game in games]
            assert answers[0] == answers[1]
            assert answers[0] is not None and answers[0].code is RefusalCode.BAD_MOVE


@pytest.mark.parametrize("variant", [ONE_HAND, BOTZONE], ids=["one-hand", "botzone"])
def test_after_the_game_every_move_is_game_over_alike(variant: Variant) -> None:
    games = _pair("the-end", variant)
    _play(games, random.Random(5), 10_000)
    assert not games[0].is_active and not games[1].is_active
    before = [game.to_json() for game in games]
    for seat in range(4):
        assert games[0].legal(seat) == games[1].legal(seat) == []
        for move in MALFORMED + WELL_FORMED:
            refusals = [game.apply(seat, move) for game in games]
            assert refusals[0] == refusals[1]
            assert refusals[0] is not None and refusals[0].code is RefusalCode.GAME_OVER
    assert games[0].waiting_on == games[1].waiting_on == ()
    assert [game.to_json() for game in games] == before


def test_a_move_legal_in_another_game_is_refused_alike() -> None:
    other = Rules("another", impl="cpp")
    _play([other], random.Random(7), 25)
    games = _pair("this-one")
    _play(games, random.Random(8), 25)
    for seat in range(4):
        for move in other.legal(seat):
            assert games[0].why_not(seat, move) == games[1].why_not(seat, move)


def test_a_clone_is_independent_of_its_game() -> None:
    game = Rules("clone-hostile", impl="cpp")
    _play([game], random.Random(9), 12)
    before = game.to_json()
    copy = game.clone()
    _play([copy], random.Random(10), 40)
    assert copy.apply(0, Move(MoveKind.DISCARD, 0)) is not None  # refused on the copy
    assert game.to_json() == before and game.check_invariants() == []
    assert Rules.from_json(before, impl="cpp").to_json() == before


# -- saves --------------------------------------------------------------------------------

_SAVE = Rules("a-save", impl="cpp")
_play([_SAVE], random.Random(11), 30)
SAVED = _SAVE.to_json()


def _tampered(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(SAVED)
    change(data)
    return json.dumps(data)


# A tampered save and a word its error must hold (the field named).
TAMPERED: dict[str, tuple[str, str]] = {
    "truncated": (SAVED[: len(SAVED) // 2], "not a saved game"),
    "empty": ("", "not a saved game"),
    "version 2": (_tampered(lambda d: d.update(version=2)), "version"),
    "version true": (_tampered(lambda d: d.update(version=True)), "version"),
    "version 1.0": (_tampered(lambda d: d.update(version=1.0)), "version"),
    "version '1'": (_tampered(lambda d: d.update(version="1")), "version"),
    "no version": (_tampered(lambda d: d.pop("version")), "version"),
    "seat 7": (_tampered(lambda d: d["moves"][0].__setitem__(0, 7)), "seat 7"),
    "seat -1": (_tampered(lambda d: d["moves"][0].__setitem__(0, -1)), "seat -1"),
    "seat true": (_tampered(lambda d: d["moves"][0].__setitem__(0, True)), "seat"),
    "seat 2**70": (_tampered(lambda d: d["moves"][0].__setitem__(0, 2**70)), "seat"),
    "seat '0'": (_tampered(lambda d: d["moves"][0].__setitem__(0, "0")), "seat"),
    "dealer 7": (_tampered(lambda d: d.update(dealer=7)), "dealer"),
    "dealer true": (_tampered(lambda d: d.update(dealer=True)), "dealer"),
    "dealer 2": (_tampered(lambda d: d.update(dealer=2)), "dealer"),
    "hand_no 17": (_tampered(lambda d: d.update(hand_no=17)), "hands"),
    "hand_no 0": (_tampered(lambda d: d.update(hand_no=0)), "hand"),
    "hand_no 2**70": (_tampered(lambda d: d.update(hand_no=2**70)), "hands"),
    "totals off": (_tampered(lambda d: d.update(totals=[5, 0, 0, 0])), "totals"),
    "three totals": (_tampered(lambda d: d.update(totals=[0, 0, 0])), "totals"),
    "totals text": (_tampered(lambda d: d.update(totals="0000")), "totals"),
    "check moves": (_tampered(lambda d: d["check"].update(moves=999)), "replay gives"),
    "check totals": (_tampered(lambda d: d["check"].update(totals=[8, -8, 0, 0])), "replay"),
    "pending -1": (_tampered(lambda d: d.update(pending=-1)), "pending"),
    "pending 9999": (_tampered(lambda d: d.update(pending=9999)), "pending"),
    "a move dropped": (_tampered(lambda d: d["moves"].pop(0)), "move 0"),
    "a move out of turn": (_tampered(lambda d: d["moves"][0].__setitem__(0, 2)), "move 0"),
    "a move's text": (_tampered(lambda d: d["moves"][2].__setitem__(1, "discard 0m")), "0m"),
    "a move not a pair": (_tampered(lambda d: d["moves"].__setitem__(1, [0])), "move 1"),
    "moves an object": (_tampered(lambda d: d.update(moves={})), "moves"),
    "wall of one kind": (_tampered(lambda d: d.update(wall=["1m"] * 144)), "wall"),
    "wall short": (
        _tampered(lambda d: d.update(wall=[code(t) for t in Wall.from_seed("w", 1).tiles[:-1]])),
        "wall",
    ),
    "wall a number": (_tampered(lambda d: d.update(wall=5)), "wall"),
    "wall of numbers": (_tampered(lambda d: d.update(wall=list(range(144)))), "wall"),
    "wall an object": (_tampered(lambda d: d.update(wall={"1m": 4})), "wall"),
    "walls a string": (_tampered(lambda d: d.update(walls="1m")), "walls"),
    "walls for one wall": (
        _tampered(lambda d: d.update(walls=[["1m", "2m"]] * 4)),
        "wall",
    ),
    "seed a number": (_tampered(lambda d: d.update(seed=5)), "seed"),
    "seed empty": (_tampered(lambda d: d.update(seed="")), "seed"),
    "seed_hex odd": (_tampered(lambda d: (d.pop("seed"), d.update(seed_hex="abc"))), "hex"),
    "ruleset unknown": (_tampered(lambda d: d.update(ruleset="house")), "ruleset"),
    "variant a string": (_tampered(lambda d: d.update(variant="botzone")), "variant"),
    "variant unknown field": (_tampered(lambda d: d.update(variant={"hands": 1, "x": 1})), "x"),
    "variant name a number": (_tampered(lambda d: d.update(variant={"name": 5})), "name"),
    "variant hands 3": (_tampered(lambda d: d.update(variant={"hands": 3})), "hands"),
    "position of five 1m": (
        _tampered(
            lambda d: d.update(
                position={
                    "hands": ["11111m 23456789p", "1p", "2p", "3p"],
                    "wall": ["9s"],
                    "turn": 0,
                }
            )
        ),
        "position",
    ),
    "position seat 7 on turn": (
        _tampered(
            lambda d: d.update(
                position={"hands": ["1m", "2m", "3m", "4m"], "wall": ["9s"], "turn": 7}
            )
        ),
        "seat",
    ),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_save_names_its_field_alike_and_touches_no_game(name: str) -> None:
    text, word = TAMPERED[name]
    messages = []
    for impl in IMPLS:
        held = Rules("held", impl=impl)
        _play([held], random.Random(12), 15)
        before = held.to_json()
        with pytest.raises(ValueError) as raised:
            Rules.from_json(text, impl=impl)
        messages.append(str(raised.value))
        assert held.to_json() == before
    assert messages[0] == messages[1]
    assert word.lower() in messages[0].lower(), messages[0]


def test_the_untampered_save_loads_in_both() -> None:
    for impl in IMPLS:
        assert Rules.from_json(SAVED, impl=impl).to_json() == SAVED


# -- the hand engine's binding ------------------------------------------------------------


def _engine(dealt: bool = True, variant: Variant = STANDARD) -> Any:
    engine = hand_engine(GREEN_BOOK, variant, dealer=0, prevailing=0)
    if dealt:
        assert engine.deal_seed(b"binding", 1, variant.flowers)
    return engine


def _snapshot(engine: Any) -> tuple[Any, ...]:
    """Everything the binding reads of an engine's state."""
    return (
        engine.marks(),
        engine.phase,
        engine.turn,
        engine.drawn,
        engine.waiting,
        engine.window(),
        engine.window_answers(),
        engine.end(),
        tuple(tuple(engine.counts(s)) for s in range(4)),
        tuple(tuple(engine.melds(s)) for s in range(4)),
        tuple(tuple(engine.pool(s)) for s in range(4)),
        tuple(tuple(engine.legal(s)) for s in range(4)),
    )


def test_the_engine_refuses_rules_of_the_wrong_type_with_a_type_error() -> None:
    # was pybind11's RuntimeError ("Unable to cast Python instance ...")
    rules = score_rules(GREEN_BOOK)
    for wrong in (1, "gb", GREEN_BOOK, None, object()):
        with pytest.raises(TypeError, match="ScoreRules"):
            core.HandEngine(wrong, 0, 8, 0, 0)
    with pytest.raises(TypeError, match="ScoreRules"):
        core.search_worlds(
            GREEN_BOOK, 0, 8, 0, 0, 0, [0] * 35, [[]] * 4, [[]] * 4, [[]] * 4,
            [0] * 4, [0] * 35, [], False, [], 0, 0, 0, [], 1, 1.0, 1, 0, False, False,
        )  # fmt: skip
    assert core.HandEngine(rules, 0, 8, 0, 0).phase == 3  # the right type still makes one


@pytest.mark.parametrize(
    ("flags", "minimum", "dealer", "prevailing", "error"),
    [
        (-1, 8, 0, 0, ValueError),
        (1 << 20, 8, 0, 0, ValueError),
        (0, -1, 0, 0, ValueError),
        (0, 256, 0, 0, ValueError),
        (0, 2**31 - 1, 0, 0, ValueError),
        (0, 2**40, 0, 0, TypeError),
        (0, 8, 4, 0, ValueError),
        (0, 8, -1, 0, ValueError),
        (0, 8, 0, 4, ValueError),
        (0, 8, 0, 2**70, TypeError),
        (0, 8, 0.0, 0, TypeError),
        (0, 8, "0", 0, TypeError),
    ],
)
def test_the_engine_refuses_numbers_out_of_range(
    flags: Any, minimum: Any, dealer: Any, prevailing: Any, error: type[Exception]
) -> None:
    with pytest.raises(error):
        core.HandEngine(score_rules(GREEN_BOOK), flags, minimum, dealer, prevailing)


BINDING_ERRORS: dict[str, tuple[Callable[[Any], object], type[Exception]]] = {
    "legal(4)": (lambda e: e.legal(4), ValueError),
    "legal(-1)": (lambda e: e.legal(-1), ValueError),
    "legal(2**70)": (lambda e: e.legal(2**70), TypeError),
    "legal('0')": (lambda e: e.legal("0"), TypeError),
    "legal_moves(0, short table)": (lambda e: e.legal_moves(0, (1, 2)), ValueError),
    "legal_moves(0, a list)": (lambda e: e.legal_moves(0, list(_NUMBERED)), TypeError),
    "legal_moves(4, table)": (lambda e: e.legal_moves(4, _NUMBERED), ValueError),
    "awaited(short table)": (lambda e: e.awaited(()), ValueError),
    "awaited(None)": (lambda e: e.awaited(None), TypeError),
    "verify(9, ...)": (lambda e: e.verify(9, 0, 1), ValueError),
    "verify kind 256": (lambda e: e.verify(0, 256), ValueError),
    "verify kind -1": (lambda e: e.verify(0, -1), ValueError),
    "verify tile 2**40": (lambda e: e.verify(0, 0, 2**40), TypeError),
    "apply(-1, ...)": (lambda e: e.apply(-1, 0, 1), ValueError),
    "apply tile -3": (lambda e: e.apply(0, 0, -3), ValueError),
    "apply_told chow a 300": (lambda e: e.apply_told(1, 4, 0, 300, 301), ValueError),
    "apply_events(None table)": (lambda e: e.apply_events(None, 0, *e.legal(0)[0]), TypeError),
    "apply_events seat 4": (lambda e: e.apply_events(_TOLD, 4, 3), ValueError),
    "discard_passed(0, 256)": (lambda e: e.discard_passed(0, 256), ValueError),
    "discard_claimed(5, 1)": (lambda e: e.discard_claimed(5, 1), ValueError),
    "claim_taken kind 999": (lambda e: e.claim_taken(1, 999), ValueError),
    "visible(0)": (lambda e: e.visible(0), ValueError),
    "visible(35)": (lambda e: e.visible(35), ValueError),
    "counts(4)": (lambda e: e.counts(4), ValueError),
    "melds(-1)": (lambda e: e.melds(-1), ValueError),
    "flowers(7)": (lambda e: e.flowers(7), ValueError),
    "pool(2**40)": (lambda e: e.pool(2**40), TypeError),
    "deal_seed on a dealt engine, empty seed": (lambda e: e.deal_seed(b"", 1, True), ValueError),
}


@pytest.mark.parametrize("name", sorted(BINDING_ERRORS))
def test_a_binding_refuses_what_the_core_cannot_take_and_nothing_changes(name: str) -> None:
    call, error = BINDING_ERRORS[name]
    engine = _engine()
    before = _snapshot(engine)
    with pytest.raises(error):
        call(engine)
    assert _snapshot(engine) == before


def test_the_deal_refuses_bad_seeds_hand_numbers_and_tiles() -> None:
    for call, error in [
        (lambda e: e.deal_seed(b"", 1, True), ValueError),
        (lambda e: e.deal_seed(b"x", 0, True), ValueError),
        (lambda e: e.deal_seed(b"x", -(2**40), True), ValueError),
        (lambda e: e.deal_seed(b"x", 2**70, True), TypeError),
        (lambda e: e.deal_seed("x", 1, True), TypeError),
        (lambda e: e.deal_seed_events(_TOLD, b"", 1, True), ValueError),
        (lambda e: e.deal_shared([0] * 144), ValueError),
        (lambda e: e.deal_shared([43] * 144), ValueError),
        (lambda e: e.deal_shared([-1] * 144), ValueError),
        (lambda e: e.deal_shared("1m" * 72), TypeError),
        (lambda e: e.deal_shared(None), TypeError),
        (lambda e: e.deal_shared_events(_TOLD, [255] * 144), ValueError),
        (lambda e: e.deal_seat_walls([[1] * 34] * 3), ValueError),
        (lambda e: e.deal_seat_walls([[35] * 34] * 4), ValueError),  # no flowers in four walls
        (lambda e: e.deal_seat_walls([[0] * 34] * 4), ValueError),
    ]:
        engine = _engine(dealt=False)
        with pytest.raises(error):
            call(engine)
        assert not engine.over or engine.end() is None
        assert engine.deal_seed(b"still dealable", 1, True)  # a refused deal dealt nothing


def test_a_deal_refused_by_the_engine_is_a_value_error_of_the_python_side() -> None:
    engine = _engine()
    with pytest.raises(ValueError, match="refuses the deal"):
        deal_told(engine, Wall.from_seed("x", 1).tiles)
    with pytest.raises(ValueError, match="refuses the deal"):
        deal_seed_told(engine, b"x", 1, True)
    with pytest.raises(ValueError, match="refuses the deal"):
        deal_told(_engine(dealt=False), [1] * 52)  # too short for the deal


@pytest.mark.parametrize(
    "move",
    [(6, 0, 0, 0), (255, 0, 0, 0), (0, 0, 0, 0), (0, 35, 0, 0), (0, 255, 0, 0), (1, 200, 0, 0),
     (4, 0, 0, 0), (4, 0, 200, 201), (4, 0, 3, 1), (4, 0, 34, 35), (3, 9, 0, 0), (2, 0, 7, 8)],
)  # fmt: skip
def test_a_malformed_engine_move_is_bad_move_in_every_phase(move: tuple[int, ...]) -> None:
    engine = _engine()
    rng = random.Random(13)
    for _ in range(200):  # through turns, windows and the end
        for seat in range(4):
            before = _snapshot(engine)
            code = engine.verify(seat, *move)
            assert legality.ENGINE_CODES[code] in (RefusalCode.BAD_MOVE, RefusalCode.GAME_OVER)
            assert engine.apply(seat, *move) == code
            assert engine.apply_told(seat, *move) == ()
            assert engine.apply_events(_TOLD, seat, *move) is None
            assert _snapshot(engine) == before
        if engine.over:
            break
        seat = rng.choice([s for s in range(4) if engine.legal(s)])
        assert engine.apply(seat, *rng.choice(engine.legal(seat))) == 0


def test_moves_before_the_deal_and_after_the_end_are_refused() -> None:
    engine = _engine(dealt=False)
    for seat in range(4):
        assert engine.legal(seat) == []
        assert legality.ENGINE_CODES[engine.verify(seat, 3)] is RefusalCode.GAME_OVER
        assert engine.apply_events(_TOLD, seat, 0, 1) is None
        assert legality.ENGINE_CODES[engine.discard_passed(seat, 1)] is RefusalCode.GAME_OVER
        assert legality.ENGINE_CODES[engine.claim_taken(seat, 3)] is RefusalCode.GAME_OVER
    assert engine.end() is None and engine.end_context() is None and engine.window() is None
    assert engine.awaited(_AWAITED) == ()
    engine = _engine()
    rng = random.Random(14)
    while not engine.over:
        seat = rng.choice([s for s in range(4) if engine.legal(s)])
        assert engine.apply(seat, *rng.choice(engine.legal(seat))) == 0
    end = _snapshot(engine)
    for seat in range(4):
        for move in (*map(engine_move, WELL_FORMED), (6, 0, 0, 0)):
            assert engine.apply(seat, *move) in (
                legality.ENGINE_CODES.index(RefusalCode.GAME_OVER),
                legality.ENGINE_CODES.index(RefusalCode.BAD_MOVE),
            )
    assert _snapshot(engine) == end and engine.awaited(_AWAITED) == ()


def test_an_engine_clone_is_independent() -> None:
    engine = _engine()
    before = _snapshot(engine)
    copy = engine.clone()
    rng = random.Random(15)
    while not copy.over:
        seat = rng.choice([s for s in range(4) if copy.legal(s)])
        assert copy.apply(seat, *rng.choice(copy.legal(seat))) == 0
    assert _snapshot(engine) == before
    assert engine.clone_loop(-5) == 0 and engine.clone_loop(0) == 0


# Walls the Python side never deals (Rules checks a loaded wall is the set): the binding
# takes any kinds 1 to 42 (1 to 34 for four walls), and the engine must play them without
# reading out of bounds (the sanitizer run): more than four copies of a kind, more than eight
# flowers, nothing but flowers, the longest wall.
HOSTILE_WALLS: dict[str, list[int]] = {
    "all 1m": [1] * 144,
    "nine kinds": [k for k in range(1, 10) for _ in range(16)],
    "honours": [28 + i % 7 for i in range(144)],
    "flowers first": [35 + i % 8 for i in range(40)] + [1 + i % 34 for i in range(104)],
    "nothing but flowers": [35 + i % 8 for i in range(144)],
    "random kinds": [random.Random(16).randint(1, 42) for _ in range(144)],
    "shortest": [1 + i % 34 for i in range(53)],
}


@pytest.mark.parametrize("name", sorted(HOSTILE_WALLS))
def test_a_wall_that_is_not_the_set_is_played_to_its_end(name: str) -> None:
    wall = HOSTILE_WALLS[name]
    for trial in range(4):
        engine = hand_engine(GREEN_BOOK, STANDARD, dealer=trial, prevailing=trial)
        if not engine.deal_shared(wall):
            assert engine.legal(trial) == [] or engine.legal(trial)  # readable either way
            _snapshot(engine)
            continue
        rng = random.Random(trial)
        for _ in range(1000):
            if engine.over:
                break
            _snapshot(engine)
            seat = rng.choice([s for s in range(4) if engine.legal(s)])
            for move in (engine_move(m) for m in WELL_FORMED):
                engine.verify(seat, *move)
            copy = engine.clone()
            assert copy.apply(seat, *rng.choice(copy.legal(seat))) == 0
            assert engine.apply(seat, *rng.choice(engine.legal(seat))) == 0
        assert engine.over
        engine.end()
        engine.end_context()


@pytest.mark.parametrize("size", [13, 14, 34, 40, 90])
def test_four_walls_of_any_kinds_are_played_to_their_end(size: int) -> None:
    rng = random.Random(size)
    walls = [[rng.randint(1, 34) for _ in range(size)] for _ in range(4)]
    engine = hand_engine(GREEN_BOOK, BOTZONE, dealer=0, prevailing=0)
    dealt = engine.deal_seat_walls(walls)
    assert dealt == (size >= 14 and 4 * size <= 144)
    while dealt and not engine.over:
        seat = rng.choice([s for s in range(4) if engine.legal(s)])
        assert engine.apply(seat, *rng.choice(engine.legal(seat))) == 0
    _snapshot(engine)
