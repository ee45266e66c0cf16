"""A Botzone deal: the four walls and the wind, as Botzone writes them, for the rules.

The Botzone variant itself is the game layer's
:data:`~mahjongkit.mcr.game.variant.BOTZONE` (one hand, no flowers, four walls of 34, each
seat drawing from its own; see ``docs/botzone.md``). This module reads and writes a deal the
way Botzone's judge does: its ``walltiles`` string (136 names) is cut into four equal parts,
part ``i`` being seat ``i``'s wall, and a seat draws from the *end* of its part; the
prevailing wind ``quan`` goes with it. :func:`botzone_rules` starts the rules on a deal (hand
``4 quan + 1``, so seat 0 deals and the winds are right), scored with the values of the GB
calculators Botzone's judge uses.

>>> deal = BotzoneDeal.from_seed("doc")
>>> [len(w) for w in deal.walls], deal.quan in range(4)
([34, 34, 34, 34], True)
>>> game = botzone_rules(deal)
>>> game.turn, game.dealer, [game.seat_wind(s) for s in range(4)], walls_left(game)
(0, 0, [0, 1, 2, 3], (20, 21, 21, 21))
>>> BotzoneDeal.from_walltiles(deal.to_walltiles(), deal.quan) == deal
True
>>> from mahjongkit.mcr.game.rules import Rules
>>> seeded = Rules("doc", hand_no=4 * deal.quan + 1, variant=BOTZONE, ruleset=GB)
>>> seeded.hands == game.hands  # the same seed deals the same walls
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.botzone.tiles import from_botzone, to_botzone
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls
from mahjongkit.mcr.scoring.ruleset import Ruleset, ruleset_named
from mahjongkit.tiles import STANDARD_KINDS, copies

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules

WALL_TILES: Final = 34
"""Tiles in each seat's wall (136 / 4)."""
DEALT: Final = 13
GB: Final = ruleset_named("gb")


@dataclass(frozen=True)
class BotzoneDeal:
    """The four walls (``walls[s]`` is seat ``s``'s, drawn from its end) and the prevailing
    wind ``quan`` (0 East … 3 North)."""

    walls: tuple[tuple[int, ...], ...]
    quan: int

    def __post_init__(self) -> None:
        if len(self.walls) != SEATS or any(len(w) != WALL_TILES for w in self.walls):
            raise ValueError(
                f"four walls of {WALL_TILES} tiles, not {[len(w) for w in self.walls]}"
            )
        seen = [0] * (STANDARD_KINDS + 1)
        for wall in self.walls:
            for kind in wall:
                if isinstance(kind, bool) or not isinstance(kind, int) or not 1 <= kind <= 34:
                    raise ValueError(f"{kind!r} is not a playing tile (the variant has no flowers)")
                seen[kind] += 1
        wrong = [to_botzone(k) for k in range(1, STANDARD_KINDS + 1) if seen[k] != copies(k)]
        if wrong:
            raise ValueError(f"the walls do not hold the 136 tiles once each: {', '.join(wrong)}")
        if self.quan not in range(SEATS):
            raise ValueError(f"the prevailing wind is 0 to 3, not {self.quan!r}")

    @classmethod
    def from_seed(cls, seed: str | bytes, quan: int | None = None) -> BotzoneDeal:
        """A seeded deal: the wind from the seed's hash unless given, then the walls the
        rules deal for that seed in the Botzone variant (hand ``4 quan + 1``)."""
        if quan is None:
            key = seed.encode() if isinstance(seed, str) else bytes(seed)
            quan = hashlib.sha256(b"quan:" + key).digest()[0] % SEATS
        parts = SeatWalls.from_seed(seed, 4 * quan + 1).parts()
        return cls(tuple(tuple(reversed(part)) for part in parts), quan)

    @classmethod
    def from_walltiles(cls, text: str, quan: int = 0) -> BotzoneDeal:
        """A deal from Botzone's ``walltiles`` string (136 names separated by spaces)."""
        kinds = [from_botzone(name) for name in text.split()]
        if len(kinds) != SEATS * WALL_TILES:
            raise ValueError(f"walltiles names {SEATS * WALL_TILES} tiles, not {len(kinds)}")
        walls = tuple(tuple(kinds[i * WALL_TILES : (i + 1) * WALL_TILES]) for i in range(4))
        return cls(walls, quan)

    def to_walltiles(self) -> str:
        return " ".join(to_botzone(k) for wall in self.walls for k in wall)

    def rotated(self, shift: int) -> BotzoneDeal:
        """The same walls moved ``shift`` seats on: seat ``s + shift`` gets seat ``s``'s wall
        (duplicate play: every wall once from each seat)."""
        walls = tuple(self.walls[(s - shift) % SEATS] for s in range(SEATS))
        return BotzoneDeal(walls, self.quan)

    def to_json(self) -> dict[str, Any]:
        return {"walltiles": self.to_walltiles(), "quan": self.quan}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BotzoneDeal:
        return cls.from_walltiles(str(data["walltiles"]), int(data["quan"]))


def botzone_rules(deal: BotzoneDeal, *, ruleset: Ruleset = GB) -> Rules:
    """The rules of the Botzone variant on ``deal`` (seat 0 on turn, holding fourteen)."""
    from mahjongkit.mcr.game.rules import Rules  # here: a bot reading a log needs no rules

    walls = SeatWalls(tuple(reversed(wall)) for wall in deal.walls)  # the rules draw fronts
    return Rules("botzone", hand_no=4 * deal.quan + 1, ruleset=ruleset, variant=BOTZONE, wall=walls)


def walls_left(rules: Rules) -> tuple[int, int, int, int]:
    """How many tiles each seat's own wall still holds."""
    walls = rules.wall
    if not isinstance(walls, SeatWalls):
        raise ValueError("these rules play one wall, not four")
    return (walls.left(0), walls.left(1), walls.left(2), walls.left(3))
