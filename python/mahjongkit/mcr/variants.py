"""The games by name, one registry: what ``variant="mcr"`` or ``"botzone"`` means to the web
table, the arena, the RL tables and the command line.

A :class:`GameVariant` says how many hands a game of it may play, which ruleset it is scored
under unless told, and how a seed and a deal number become a hand (its dealer and winds); its
:meth:`~GameVariant.rules` is the one factory every front end calls. The rules of play
themselves are the game layer's (:class:`~mahjongkit.mcr.game.variant.Variant`, the
ruleset's flags); this module only names the games and deals them.

* ``mcr``: this package's game (flowers, one wall of 144): sixteen hands, or one hand of a
  match. Deal ``d`` of a run plays hand ``1 + d % 16`` (every dealer and both winds in
  turn); a seeded one-hand game plays the hand the seed's hash picks.
* ``botzone``: Botzone's game (one hand, four walls of 34, no flowers, seat 0 deals),
  scored under ``gb``; its prevailing wind is the seed's (or that of the hand asked).

This module imports the layers it deals from only when asked for a game, so the command
line can list the names without loading a game engine.

>>> VARIANTS["mcr"].rules("doc", hand=6).dealer, VARIANTS["botzone"].hands
(1, (1,))
>>> [VARIANTS["mcr"].deal_hand(d) for d in (0, 1, 17)], VARIANTS["botzone"].deal_hand(3)
([1, 2, 2], None)
>>> game_variant("riichi")
Traceback (most recent call last):
ValueError: the variant is one of ('mcr', 'botzone'), not 'riichi'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.scoring.ruleset import Ruleset

MATCH_HANDS: Final = 16
RULESET_NAMES: Final = ("green_book", "green_book_2006", "gb")
"""The names of :data:`mahjongkit.mcr.scoring.ruleset.RULESETS` in its order, for a command
line that lists them without loading the fan table (a test keeps the two equal)."""


@dataclass(frozen=True)
class GameVariant:
    """A game by name (see the module's description): the ``hands`` a game may play (the
    last is a fresh game's default), the ``ruleset`` it is scored under unless told, and
    whether the deals of a run are the hands of a match in turn (``numbered_deals``) or
    each deal's hand is its seed's."""

    name: str
    hands: tuple[int, ...]
    ruleset: str
    numbered_deals: bool
    _deal: Callable[[str, int, int | None, Ruleset], Rules]
    _seeded: Callable[[str], int]

    def check_hands(self, hands: object, *, cut: bool = False) -> int:
        """``hands`` if a game of this variant may play that many (with ``cut``, any number
        up to the longest game's, cut from it); ``ValueError`` otherwise."""
        if cut and isinstance(hands, int) and 1 <= hands <= max(self.hands):
            return hands
        if isinstance(hands, bool) or not isinstance(hands, int) or hands not in self.hands:
            if self.hands == (1,):
                raise ValueError(f"the {self.name} variant plays one hand, not {hands!r}")
            raise ValueError(f"the {self.name} variant plays {self.hands} hands, not {hands!r}")
        return hands

    def deal_hand(self, deal: int) -> int | None:
        """The hand deal ``deal`` of a run plays (deal 0: a fresh game's): hand ``1 + deal
        % 16``, or ``None`` (the seed's) when the deals are not numbered."""
        return 1 + deal % MATCH_HANDS if self.numbered_deals else None

    def seeded_hand(self, seed: str) -> int:
        """The hand a one-hand game of ``seed`` plays when the seed picks it."""
        return self._seeded(seed)

    def rules(
        self,
        seed: str,
        *,
        hands: int = 1,
        hand: int | None = None,
        ruleset: Ruleset | None = None,
    ) -> Rules:
        """A new game of this variant: ``hands`` hands (a match starts at hand 1), or one
        hand, number ``hand`` (1 to 16; ``None``: :meth:`seeded_hand`), scored under
        ``ruleset`` (``None``: the variant's own)."""
        from mahjongkit.mcr.scoring.ruleset import ruleset_named

        self.check_hands(hands)
        if hand is not None and (isinstance(hand, bool) or hand not in range(1, 17)):
            raise ValueError(f"a hand number is 1 to 16, not {hand!r}")
        chosen = ruleset_named(self.ruleset) if ruleset is None else ruleset
        return self._deal(seed, hands, hand, chosen)


def _hash_pick(seed: str, salt: bytes, choices: int) -> int:
    """A choice among ``choices`` fixed by the seed alone (the same in every process)."""
    import hashlib  # here: the command line lists the names without loading OpenSSL

    return hashlib.sha256(salt + seed.encode()).digest()[0] % choices


def _mcr_seeded(seed: str) -> int:
    return 1 + _hash_pick(seed, b"hand:", MATCH_HANDS)


def _mcr_deal(seed: str, hands: int, hand: int | None, ruleset: Ruleset) -> Rules:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.game.variant import ONE_HAND, STANDARD

    if hands == MATCH_HANDS:
        return Rules(seed, ruleset=ruleset, variant=STANDARD)
    number = _mcr_seeded(seed) if hand is None else hand
    return Rules(seed, hand_no=number, ruleset=ruleset, variant=ONE_HAND)


def _botzone_seeded(seed: str) -> int:
    # BotzoneDeal.from_seed's own wind: seat 0 deals, the prevailing wind from the hash
    return 4 * _hash_pick(seed, b"quan:", 4) + 1


def _botzone_deal(seed: str, hands: int, hand: int | None, ruleset: Ruleset) -> Rules:
    from mahjongkit.mcr.botzone.variant import BotzoneDeal, botzone_rules

    quan = None if hand is None else (hand - 1) // 4
    return botzone_rules(BotzoneDeal.from_seed(seed, quan), ruleset=ruleset)


VARIANTS: Final[Mapping[str, GameVariant]] = MappingProxyType(
    {
        "mcr": GameVariant("mcr", (1, MATCH_HANDS), "green_book", True, _mcr_deal, _mcr_seeded),
        "botzone": GameVariant("botzone", (1,), "gb", False, _botzone_deal, _botzone_seeded),
    }
)
"""Every game by name; the first is the default."""
VARIANT_NAMES: Final = tuple(VARIANTS)


MAX_SEED: Final = 64
"""The longest seed text a front end takes (a seed is any text; the web page makes 16 hex
digits; the hand layer itself takes any non-empty string or bytes)."""


def seed_text(value: object) -> str:
    """A named game's seed as a front end takes it (the web table, an arena run): text of
    at most :data:`MAX_SEED` printable characters; ``TypeError`` or ``ValueError`` naming
    what is wrong. (An arena's seed may be empty: each deal's seed is ``seed:deal``.)

    >>> seed_text("table-7")
    'table-7'
    >>> seed_text(7)
    Traceback (most recent call last):
    TypeError: a seed is text, not int
    """
    if not isinstance(value, str):
        raise TypeError(f"a seed is text, not {type(value).__name__}")
    if len(value) > MAX_SEED or not value.isprintable():
        raise ValueError(f"a seed is at most {MAX_SEED} printable characters")
    return value


def game_variant(name: str) -> GameVariant:
    """The game called ``name``; ``ValueError`` naming the choices otherwise."""
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"the variant is one of {VARIANT_NAMES}, not {name!r}")
    return found
