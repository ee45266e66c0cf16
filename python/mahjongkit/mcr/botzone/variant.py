"""The Botzone variant of one hand, played by the ordinary rules with four private walls.

Botzone's Chinese Standard Mahjong is one hand, not sixteen: 136 tiles (no flowers), split
into four walls of 34, one per seat; a seat deals itself thirteen from its own wall and
draws every later tile from it too (a kong's replacement included). Seat 0 is East and
draws first; the prevailing wind is drawn at random (or given). The hand is exhausted when
the seat about to draw finds its own wall empty. Because each seat's wall runs out at its
own pace, "the last tile" (fans 44 and 45) means the *next* seat's wall is empty, nobody may
chow or pung a discard when the wall of the seat after the discarder is empty, and a kong
needs both the seat's own wall and the next one non-empty. Wins are scored with the values
of the GB calculators the Botzone judge uses (:data:`~mahjongkit.mcr.scoring.ruleset.GB`).

A wall is drawn from its end, as Botzone's ``walltiles`` string is read: the whole string
split into four equal parts, part ``i`` being seat ``i``'s wall, its last tile drawn first.

:class:`BotzoneRules` is :class:`~mahjongkit.mcr.game.rules.Rules` (the same moves, refusals,
events and scorer) with a wall policy for the above: refusals stay refusals that change
nothing; the judge (:mod:`mahjongkit.mcr.botzone.judge`) turns them into penalties.

>>> deal = BotzoneDeal.from_seed("doc")
>>> [len(w) for w in deal.walls], deal.quan in range(4)
([34, 34, 34, 34], True)
>>> game = BotzoneRules(deal)
>>> game.turn, game.dealer, [game.seat_wind(s) for s in range(4)], game.walls_left()
(0, 0, [0, 1, 2, 3], (20, 21, 21, 21))
>>> BotzoneDeal.from_walltiles(deal.to_walltiles(), deal.quan) == deal
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from mahjongkit.mcr.botzone.tiles import from_botzone, to_botzone
from mahjongkit.mcr.game.errors import Refusal, RefusalCode
from mahjongkit.mcr.game.moves import KONG, PUNG, WIN, Move, MoveKind, chow
from mahjongkit.mcr.game.rules import Phase, Position, Rules, _OpenWindow
from mahjongkit.mcr.hand.notation import format_tiles
from mahjongkit.mcr.hand.wall import SEATS, Wall, order_for
from mahjongkit.mcr.scoring.context import Replacement
from mahjongkit.mcr.scoring.ruleset import Ruleset, ruleset_named
from mahjongkit.tiles import STANDARD_KINDS, copies, full_set, is_bonus

WALL_TILES: Final = 34
"""Tiles in each seat's wall (136 / 4)."""
DEALT: Final = 13
GB: Final = ruleset_named("gb")
GAME_FORMAT: Final = "mahjongkit.botzone.game"


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
        """A seeded deal: the 144-tile order of the seed (decision 12) without its bonus
        tiles, cut into four walls; the wind from the seed's hash unless given."""
        tiles = full_set()
        order = [tiles[p - 1] for p in order_for(seed, 1)]
        standard = [k for k in order if not is_bonus(k)]
        walls = tuple(tuple(standard[i * WALL_TILES : (i + 1) * WALL_TILES]) for i in range(4))
        if quan is None:
            key = seed.encode() if isinstance(seed, str) else bytes(seed)
            quan = hashlib.sha256(b"quan:" + key).digest()[0] % SEATS
        return cls(walls, quan)

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


class SeatWalls(Wall):
    """Four private walls behind the one-wall interface the rules use: ``seat`` says whose
    wall :meth:`draw` (and :meth:`replace`, the same here) takes from its end."""

    def __init__(self, walls: Sequence[Sequence[int]]) -> None:
        super().__init__([])
        self._walls = [list(w) for w in walls]
        self.seat = 0

    def left(self, seat: int) -> int:
        return len(self._walls[seat])

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(k for wall in self._walls for k in wall)

    def __len__(self) -> int:
        return sum(len(w) for w in self._walls)

    @property
    def is_empty(self) -> bool:
        return not self._walls[self.seat]

    def draw(self) -> int:
        wall = self._walls[self.seat]
        if not wall:
            raise ValueError(f"seat {self.seat}'s wall is empty")
        return wall.pop()

    def replace(self) -> int:
        return self.draw()

    def peek_front(self) -> int:
        return self._walls[self.seat][-1]

    peek_back = peek_front

    def copy(self) -> SeatWalls:
        other = SeatWalls(self._walls)
        other.seat = self.seat
        return other

    def __repr__(self) -> str:
        return f"SeatWalls({[len(w) for w in self._walls]})"


class BotzoneRules(Rules):
    """One hand of the Botzone variant (see the module's description).

    ``wall`` is a :class:`SeatWalls`; :meth:`walls_left` gives each seat's count. The game is
    over after the one hand (``is_active`` false, ``history[0]`` its record).
    """

    wall: SeatWalls

    def __init__(self, deal: BotzoneDeal, *, ruleset: Ruleset = GB) -> None:
        walls = [list(w) for w in deal.walls]
        hands = [[walls[s].pop() for _ in range(DEALT)] for s in range(SEATS)]
        first = walls[0].pop()  # seat 0 draws first, from its own wall
        hands[0].append(first)
        position = Position(
            hands=(
                format_tiles(hands[0]),
                format_tiles(hands[1]),
                format_tiles(hands[2]),
                format_tiles(hands[3]),
            ),
            wall=(),
            turn=0,
            drawn=first,
        )
        self.deal = deal
        self._one_hand_started = False
        super().__init__(
            "botzone", hand_no=4 * deal.quan + 1, dealer=0, position=position, ruleset=ruleset
        )
        self.wall = SeatWalls(walls)
        self.last_draw_emptied = False
        self._one_hand_started = True

    def walls_left(self) -> tuple[int, int, int, int]:
        w = self.wall
        return (w.left(0), w.left(1), w.left(2), w.left(3))

    def _next_left(self, seat: int) -> int:
        return self.wall.left((seat + 1) % SEATS)

    def _kong_walls_ok(self, seat: int) -> bool:
        return self.wall.left(seat) > 0 and self._next_left(seat) > 0

    # -- the wall policy, hooked into the rules ---------------------------------------------

    def _begin_hand(self) -> None:
        # The rules move on to the next hand; this variant is one hand long.
        self.hand_no -= 1
        self.dealer = 0
        self._finish_game()

    def _draw(self, seat: int, *, from_back: bool, reason: Replacement | None) -> None:
        self.wall.seat = seat
        super()._draw(seat, from_back=from_back, reason=reason)
        if self.turn == seat:
            self.last_draw_emptied = self._next_left(seat) == 0

    def _kong_tiles(self, seat: int) -> list[int]:
        if not self._kong_walls_ok(seat):
            return []
        self.wall.seat = seat
        return super()._kong_tiles(seat)

    def _why_not_on_turn(self, seat: int, move: Move) -> Refusal | None:
        if (
            move.kind is MoveKind.KONG
            and move.tile is not None
            and seat == self.turn
            and self._hands[seat].counts[move.tile] > 0
            and not self.claimed_this_turn
            and not self._kong_walls_ok(seat)
        ):
            return self._refusal(
                seat,
                RefusalCode.NO_KONG,
                "no kong when this seat's or the next seat's wall is empty",
            )
        self.wall.seat = seat
        return super()._why_not_on_turn(seat, move)

    def _discard(self, seat: int, tile: int) -> None:
        super()._discard(seat, tile)
        w = self._window
        if w is None:
            return
        # The claims again, under this variant's walls (the rules asked the one wall).
        melds_ok = self._next_left(seat) > 0
        may: dict[int, tuple[Move, ...]] = {}
        for other in w.may:
            hand = self._hands[other]
            claims: list[Move] = []
            if melds_ok and other == (seat + 1) % SEATS:
                claims += [chow(a, b) for a, b in hand.chow_shapes(tile)]
            if melds_ok and hand.counts[tile] >= 2:
                claims.append(PUNG)
            if hand.counts[tile] == 3 and self._kong_walls_ok(other):
                claims.append(KONG)
            if other in w.tallies:
                claims.append(WIN)
            if claims:
                may[other] = tuple(sorted(claims, key=Move.sort_key))
        w.may = may
        if not may:
            self._window = None
            self.phase = Phase.DISCARD
            self._next_draw(seat)

    def _why_not_in_window(self, seat: int, move: Move, w: _OpenWindow) -> Refusal | None:
        if w.kind is Phase.CLAIM and seat in w.may and move not in w.may[seat]:
            if move.kind in (MoveKind.CHOW, MoveKind.PUNG) and self._next_left(w.from_seat) == 0:
                return self._refusal(
                    seat,
                    RefusalCode.CANNOT_CLAIM,
                    "no chow or pung when the wall of the seat after the discarder is empty",
                )
            if move.kind is MoveKind.KONG and not self._kong_walls_ok(seat):
                return self._refusal(
                    seat,
                    RefusalCode.CANNOT_CLAIM,
                    "no kong when this seat's or the next seat's wall is empty",
                )
        return super()._why_not_in_window(seat, move, w)

    def _close_window(self, w: _OpenWindow) -> None:
        super()._close_window(w)
        if self.turn is not None and self.claimed_this_turn:
            # A discard after a claim is the last one when the next seat's wall is empty.
            self.last_draw_emptied = self._next_left(self.turn) == 0

    def to_json(self) -> str:
        """The hand as JSON: the deal and every move; :meth:`from_json` replays it."""
        data = {
            "format": GAME_FORMAT,
            "version": 1,
            "deal": self.deal.to_json(),
            "ruleset": self.ruleset.name,
            "moves": [[seat, str(move)] for seat, move in self.move_log],
        }
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str, **_: Any) -> BotzoneRules:
        """Replay a hand saved by :meth:`to_json`; ``ValueError`` naming what is wrong.

        >>> game = BotzoneRules(BotzoneDeal.from_seed("save"))
        >>> _ = game.apply(0, game.legal(0)[0])
        >>> again = BotzoneRules.from_json(game.to_json())
        >>> again.hands == game.hands, again.walls_left() == game.walls_left()
        (True, True)
        """
        try:
            data = json.loads(text)
            if data.get("format") != GAME_FORMAT:
                raise ValueError(f"the format is not {GAME_FORMAT!r}")
            game = cls(BotzoneDeal.from_json(data["deal"]), ruleset=ruleset_named(data["ruleset"]))
            moves = [(int(seat), Move.parse(text)) for seat, text in data["moves"]]
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a saved Botzone hand: {error}") from None
        for index, (seat, move) in enumerate(moves):
            refusal = game.apply(seat, move)
            if refusal is not None:
                raise ValueError(f"move {index} ({seat}: {move}) is refused: {refusal}")
        return game

    def clone(self) -> BotzoneRules:
        other = super().clone()
        assert isinstance(other, BotzoneRules)
        return other
