"""What the MCR twin tests share to play and probe games under any rule flags.

``flags`` draws every combination of :data:`~mahjongkit.mcr.game.legality.ALL_FLAGS` (the one
registry: a flag one twin lacks is drawn and fails), :class:`Flagged` is a one-hand variant
whose flags are given (so every flag reaches both sides, even those no shipped variant and
ruleset combine), :func:`one_hand` the one-hand variant a flag draw asks for, :func:`layer_scorer`
the game's scorer handed over as a caller's (so the rules play the hand layer, not the engine),
and :func:`candidates` names moves to ask a refusal of.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import strategies as st

from mahjongkit.mcr.game import legality
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, chow, discard, kong
from mahjongkit.mcr.game.variant import Variant, Walls
from mahjongkit.mcr.scoring.ruleset import Ruleset
from mahjongkit.mcr.scoring.score import score

flags = st.integers(0, legality.ALL_FLAGS).map(lambda f: f & legality.ALL_FLAGS)


@dataclasses.dataclass(frozen=True)
class Flagged(Variant):
    """A variant whose rule flags are given."""

    flags: int = 0

    def rule_flags(self, ruleset: Ruleset) -> int:
        return self.flags


def one_hand(flag: int, flowers: bool) -> Flagged:
    """One hand under ``flag``: four walls when the flag says so (then no flowers, which a
    per-seat wall does not deal), otherwise the shared wall with ``flowers`` as drawn."""
    four = bool(flag & legality.FOUR_WALLS)
    return Flagged(
        hands=1,
        walls=Walls.PER_SEAT if four else Walls.SHARED,
        flowers=flowers and not four,
        claim_kong_replaced=bool(flag & legality.CLAIM_KONG_REPLACED),
        flags=flag,
    )


def layer_scorer(ruleset: Ruleset) -> Any:
    """The game's own scorer handed over as a caller's: the rules then play the hand layer
    (``HandState`` with its ``ClaimWindow``), the engine's twin, not the engine itself
    (``Rules(impl="cpp")`` plays a whole hand on the engine), still scoring in C++."""
    return lambda hand, context: score(hand, context, ruleset)


def candidates(rng: random.Random, tile: int) -> list[Move]:
    """Moves to ask about: of every kind, some on the tile at stake (all well formed)."""
    k = rng.randint(1, 34)
    a = rng.randint(1, 33)
    return [
        discard(k),
        kong(k),
        kong(tile) if tile else kong(k),
        KONG,
        PUNG,
        WIN,
        PASS,
        chow(a, a + 1),
        chow(tile - 2, tile - 1) if tile > 2 else chow(a, a + 1),
        chow(tile - 1, tile + 1) if 1 < tile < 34 else chow(a, a + 1),
    ]
