"""Golden playthroughs of the rules: seeded random legal players and the digest of a game.

Shared by ``scripts/record_mcr_loop_goldens.py`` (which writes
``tests/data/mcr_loop_goldens.txt``) and ``tests/mcr/test_loop_goldens.py`` (which replays
it). The players' randomness is theirs, never the engine's: a seeded ``random.Random`` picks
the seat among those waited on and its move (a win whenever one is offered, a claim with
probability 0.6, otherwise any legal move), so the same seed plays the same game on any
engine that keeps the rules.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.rules import Rules

GAMES = 200
"""Games in the golden file: full sixteen-hand games, seeds ``loop-0`` … ``loop-199``."""
SHORT_GAMES = 4
"""Games whose whole move log and event stream the file also spells out (one hand each)."""


def choose(rng: random.Random, legal: list[Move]) -> Move:
    """A win whenever offered, a claim with probability 0.6, else any legal move."""
    for move in legal:
        if move.kind is MoveKind.WIN:
            return move
    claims = [m for m in legal if m.kind not in (MoveKind.PASS, MoveKind.DISCARD)]
    if claims and rng.random() < 0.6:
        return rng.choice(claims)
    return rng.choice(legal)


@dataclass(frozen=True)
class Played:
    seed: str
    moves: list[str]  # "seat move" per move taken
    events: list[str]  # one JSON object per event, keys sorted
    totals: tuple[int, ...]
    places: tuple[int, ...]

    def digest(self) -> str:
        """SHA-256 of the move log and the whole event stream (settlements included)."""
        text = "\n".join(self.moves) + "\n--\n" + "\n".join(self.events)
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def line(self) -> str:
        totals = ",".join(str(t) for t in self.totals)
        places = ",".join(str(p) for p in self.places)
        counts = f"{len(self.moves)} | {len(self.events)}"
        return f"{self.seed} | {counts} | {totals} | {places} | {self.digest()}"


def play(seed: str, *, hand_no: int = 1, check: bool = False) -> Played:
    """Play one seeded game to its end and write down everything it did."""
    game = Rules(seed, hand_no=hand_no)
    rng = random.Random(seed)
    moves: list[str] = []
    events = [json.dumps(e.to_json(), sort_keys=True) for e in game.take_outcomes()]
    while game.is_active:
        seat = rng.choice(game.waiting_on)
        move = choose(rng, game.legal(seat))
        refusal = game.apply(seat, move)
        assert refusal is None, f"{seed}: {seat} {move}: {refusal}"
        if check:
            problems = game.check_invariants()
            assert problems == [], f"{seed} after {seat} {move}: {problems}"
        moves.append(f"{seat} {move}")
        events += [json.dumps(e.to_json(), sort_keys=True) for e in game.take_outcomes()]
    standings = game.standings
    assert standings is not None
    return Played(seed, moves, events, tuple(standings.totals), tuple(standings.places))


def game_seed(index: int) -> str:
    return f"loop-{index}"


def short_seed(index: int) -> str:
    return f"loop-short-{index}"
