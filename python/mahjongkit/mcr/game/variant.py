"""The shape of a game as data: how many hands, flowers or not, the seating, the walls.

A :class:`Variant` sits next to the :class:`~mahjongkit.mcr.scoring.ruleset.Ruleset` (which
says what hands score): it says what a *game* is. :data:`STANDARD` is this package's game
of specification 004 (sixteen hands, flowers, players keeping their seats while the dealer
passes every hand, one shared wall of 144); :data:`ONE_HAND` is a single hand (the
competition and Botzone formats deal hands one at a time). ``docs/mcr-game-variants.md``
says why each choice exists.

>>> STANDARD.dealer_of(6), STANDARD.prevailing_of(6), STANDARD.last_hand(13)
(1, 1, 16)
>>> ONE_HAND.last_hand(7), Variant(seating=Seating.COMPETITION).player_at(5, 0)
(7, 1)
>>> Variant(hands=3)
Traceback (most recent call last):
ValueError: a variant plays 16 hands or 1, not 3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.game import legality

if TYPE_CHECKING:
    from mahjongkit.mcr.scoring.ruleset import Ruleset

SEATS: Final = 4
MATCH_HANDS: Final = 16
"""Hands in a whole match: four rounds (prevailing winds) of four."""


class Seating(Enum):
    FIXED = "fixed"  # players keep their seats; the dealer passes every hand (spec 004)
    COMPETITION = "competition"  # players change seats between rounds (Green Book app. 4)


class Walls(Enum):
    SHARED = "shared"  # one wall of 144 (136 without flowers), drawn in turn by every seat
    PER_SEAT = "per_seat"  # four walls of 34 (no flowers), each seat drawing from its own


# The players (named by their seat in the first round) at seats 0-3 in each round under
# competition seating: after the East round East and South swap, as do West and North;
# after the South round East goes West, West South, South North, North East; after the West
# round East and South swap again, as do West and North.
_COMPETITION_ROUNDS: Final = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))


@dataclass(frozen=True)
class Variant:
    """What a game is: ``hands`` (16, or 1), ``flowers`` in the wall, the ``seating`` and
    the ``walls``. The dealer of hand ``n`` is seat ``(n - 1) % 4`` and its prevailing wind
    ``(n - 1) // 4`` in every variant: hand numbers always count within a 16-hand match.

    ``claim_kong_replaced``: an exposed kong of a discard needs a replacement for the
    claimer (specification 004: no kong without a replacement). Botzone's judge does not
    ask it (the claimer draws its replacement, or the hand ends drawn), so its variant
    leaves it out; the legality checks read it (:func:`.legality.rule_flags`)."""

    hands: int = MATCH_HANDS
    flowers: bool = True
    seating: Seating = Seating.FIXED
    walls: Walls = Walls.SHARED
    name: str = "standard"
    claim_kong_replaced: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.hands, bool) or self.hands not in (MATCH_HANDS, 1):
            raise ValueError(f"a variant plays {MATCH_HANDS} hands or 1, not {self.hands!r}")
        if not isinstance(self.flowers, bool):
            raise TypeError(f"flowers is a bool, not {type(self.flowers).__name__}")
        if not isinstance(self.seating, Seating):
            raise TypeError(f"seating is a Seating, not {type(self.seating).__name__}")
        if not isinstance(self.walls, Walls):
            raise TypeError(f"walls is a Walls, not {type(self.walls).__name__}")
        if self.walls is Walls.PER_SEAT and self.flowers:
            raise ValueError("four walls of 34 hold no flowers: use flowers=False")
        if not isinstance(self.claim_kong_replaced, bool):
            raise TypeError(
                f"claim_kong_replaced is a bool, not {type(self.claim_kong_replaced).__name__}"
            )

    def rule_flags(self, ruleset: Ruleset) -> int:
        """The legality checks' rule flags of this variant under ``ruleset``: with four
        walls no kong is declared once the seat's own or the next seat's wall is empty,
        promoted or not (Botzone's judge), so the ruleset's ``robbing_on_last_tile`` counts
        only with one wall.

        >>> from mahjongkit.mcr.scoring.ruleset import GB
        >>> STANDARD.rule_flags(GB), BOTZONE.rule_flags(GB)
        (6, 1)
        """
        four = self.walls is Walls.PER_SEAT
        return legality.rule_flags(
            four_walls=four,
            rob_last=ruleset.robbing_on_last_tile and not four,
            claim_kong_replaced=self.claim_kong_replaced,
        )

    @staticmethod
    def dealer_of(hand_no: int) -> int:
        """The dealer's seat in hand ``hand_no`` (the deal passes every hand, 3.4.8)."""
        return (hand_no - 1) % SEATS

    @staticmethod
    def prevailing_of(hand_no: int) -> int:
        """The prevailing wind of hand ``hand_no``, 0 East to 3 North."""
        return (hand_no - 1) // SEATS

    def last_hand(self, first: int) -> int:
        """The number of the last hand of a game that starts at hand ``first``."""
        return MATCH_HANDS if self.hands == MATCH_HANDS else first

    def player_at(self, hand_no: int, seat: int) -> int:
        """The player (named by the seat it held in the first round) at ``seat`` in hand
        ``hand_no``; always ``seat`` under fixed seating."""
        if self.seating is Seating.FIXED:
            return seat
        return _COMPETITION_ROUNDS[self.prevailing_of(hand_no)][seat]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "hands": self.hands,
            "flowers": self.flowers,
            "seating": self.seating.value,
            "walls": self.walls.value,
        }
        if not self.claim_kong_replaced:  # written only when not the default
            data["claim_kong_replaced"] = False
        return data

    @classmethod
    def from_json(cls, data: object) -> Variant:
        """The variant a :meth:`to_json` dict names; ``ValueError`` names what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a variant is a JSON object, not {type(data).__name__}")
        # to_json writes these fields only: another is a tampered or foreign file, not a
        # field to ignore (it would load as some other game)
        unknown = sorted(str(key) for key in data if key not in _JSON_FIELDS)
        if unknown:
            raise ValueError(f"a variant has no field {unknown[0]!r:.60}")
        name = data.get("name", "custom")
        if not isinstance(name, str):
            raise ValueError(f"a variant's name is a string, not {type(name).__name__}")
        try:
            return cls(
                hands=data.get("hands", MATCH_HANDS),
                flowers=data.get("flowers", True),
                seating=Seating(data.get("seating", "fixed")),
                walls=Walls(data.get("walls", "shared")),
                name=name,
                claim_kong_replaced=data.get("claim_kong_replaced", True),
            )
        except TypeError as error:
            raise ValueError(f"a bad variant: {error}") from None


_JSON_FIELDS: Final = frozenset(
    ("name", "hands", "flowers", "seating", "walls", "claim_kong_replaced")
)
"""The fields :meth:`Variant.to_json` writes (and :meth:`Variant.from_json` reads)."""

STANDARD: Final = Variant()
"""Sixteen hands, flowers, fixed seats with the dealer passing, one shared wall."""
ONE_HAND: Final = Variant(hands=1, name="one-hand")
"""A single hand (its number still sets the dealer and the prevailing wind)."""
BOTZONE: Final = Variant(
    hands=1, flowers=False, walls=Walls.PER_SEAT, name="botzone", claim_kong_replaced=False
)
"""The Botzone format: one hand, no flowers, four walls of 34, each seat drawing from its
own; the last tile is the one after which the next seat's wall is empty; no chow, pung or
exposed kong of a discard when the wall of the seat after the discarder is empty; no kong on
one's turn when the seat's own or the next seat's is; an exposed kong otherwise stands even
when the claimer cannot draw its replacement (the hand then ends drawn), as Botzone's judge
rules (``docs/botzone.md``)."""
