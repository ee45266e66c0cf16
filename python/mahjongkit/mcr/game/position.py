"""Written positions (for tests and puzzles) and walls loaded whole: how a game starts other
than from its seed, checked before anything is dealt.

>>> p = Position(hands=("123m 456p 789s 222s 55m", "1m", "2m", "3m"), wall=("9p",), turn=0)
>>> Position.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from mahjongkit.mcr.game.hand_state import HandState
from mahjongkit.mcr.game.invariants import overfull_kinds
from mahjongkit.mcr.game.match import Match
from mahjongkit.mcr.game.variant import Variant, Walls
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall, check_seat
from mahjongkit.tiles import KINDS, check_kind, code, copies, from_code, is_bonus

_COPIES: Final = [0, *(copies(kind) for kind in range(1, KINDS + 1))]


@dataclass(frozen=True)
class Position:
    """A written position for tests: four hands in notation, the wall front first, the seat
    on turn (holding fourteen; the others thirteen), the pools, the dealer, whether the turn
    was reached by a chow or pung claim, and the tile just drawn (needed for a self-drawn win).
    ``dealer`` ``None`` means the dealer of the hand number; another seat is a ``ValueError``.
    For a variant with four walls (Botzone), ``walls`` gives each seat's wall, front first,
    and ``wall`` stays empty.

    >>> p = Position(hands=("123m 456p 789s 222s 55m", "1m", "2m", "3m"), wall=("9p",), turn=0)
    >>> p.hands[0]
    '123m 456p 789s 222s 55m'
    """

    hands: tuple[str, str, str, str]
    wall: tuple[int | str, ...]
    turn: int
    pools: tuple[tuple[int | str, ...], ...] = ((), (), (), ())
    dealer: int | None = None
    claimed_this_turn: bool = False
    drawn: int | str | None = None
    walls: tuple[tuple[int | str, ...], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "hands": list(self.hands),
            "wall": [_tile_code(t) for t in self.wall],
            "turn": self.turn,
            "pools": [[_tile_code(t) for t in pool] for pool in self.pools],
            "dealer": self.dealer,
            "claimed_this_turn": self.claimed_this_turn,
            "drawn": None if self.drawn is None else _tile_code(self.drawn),
        }
        if self.walls is not None:
            data["walls"] = [[_tile_code(t) for t in part] for part in self.walls]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        if not isinstance(data, Mapping):
            raise TypeError(f"a position is a JSON object, not {type(data).__name__}")
        hands = tuple(data["hands"])
        if not all(isinstance(h, str) for h in hands):
            raise TypeError("a position's hands are four strings in notation")
        if len(hands) != SEATS:
            raise ValueError(f"a position has four hands, not {len(hands)}")
        pools = tuple(tuple(pool) for pool in data.get("pools", [[]] * SEATS))
        return cls(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            wall=tuple(data["wall"]),
            turn=json_int(data["turn"], "turn"),
            pools=pools,
            dealer=None if data.get("dealer") is None else json_int(data["dealer"], "dealer"),
            claimed_this_turn=bool(data.get("claimed_this_turn", False)),
            drawn=data.get("drawn"),
            walls=None if data.get("walls") is None else tuple(tuple(w) for w in data["walls"]),
        )


def check_given_wall(wall: Wall, variant: Variant) -> Wall:
    """A wall loaded whole for the first hand: four walls for a variant with four, one
    otherwise, never dealt yet, holding the variant's set exactly."""
    if not isinstance(wall, Wall):
        raise TypeError(f"wall is a Wall, not {type(wall).__name__}")
    four = variant.walls is Walls.PER_SEAT
    if four != isinstance(wall, SeatWalls):
        raise ValueError(
            f"the {variant.name} variant plays {'four walls (SeatWalls)' if four else 'one wall'}"
        )
    expected = sorted(t for t in range(1, KINDS + 1) for _ in range(_COPIES[t]))
    if not variant.flowers:
        expected = [t for t in expected if not is_bonus(t)]
    if sorted(wall.tiles) != expected:
        raise ValueError(f"a loaded wall holds the whole set of {len(expected)} tiles once each")
    return wall


def _tile_code(tile: int | str) -> str:
    return tile if isinstance(tile, str) else code(tile)


def _tile_kind(tile: int | str) -> int:
    return from_code(tile) if isinstance(tile, str) else check_kind(tile)


def load_position(match: Match, position: Position) -> HandState:
    """The hand of a written position, made the match's hand in play; ``ValueError`` or
    ``TypeError`` naming what is wrong."""
    if not isinstance(position, Position):
        raise TypeError(f"position is a Position, not {type(position).__name__}")
    if len(position.hands) != SEATS or len(position.pools) != SEATS:
        raise ValueError("a position has four hands and four pools")
    wall: Wall
    if position.walls is None:
        wall = Wall(_tile_kind(t) for t in position.wall)
    else:
        if len(position.walls) != SEATS or position.wall:
            raise ValueError("a position with four walls gives four walls and no wall")
        wall = SeatWalls([_tile_kind(t) for t in part] for part in position.walls)
        if any(is_bonus(t) for t in wall.tiles):
            raise ValueError("four walls hold no flowers")
    state = match.written_hand(wall, whole=False)
    turn = check_seat(position.turn)
    for seat, text in enumerate(position.hands):
        try:
            hand = parse_hand(text)
        except ValueError as error:  # say whose hand the notation was
            raise ValueError(f"seat {seat}'s hand in the position: {error}") from None
        expected = 14 if seat == turn else 13
        if hand.size != expected:
            raise ValueError(
                f"seat {seat} holds {hand.size} tiles in the position, not {expected}"
                f" ({'on turn' if seat == turn else 'between turns'}): {text!r}"
            )
        state.set_hand(seat, hand)
        state.pools[seat] = [_tile_kind(t) for t in position.pools[seat]]
        if any(is_bonus(t) for t in state.pools[seat]):
            raise ValueError(f"seat {seat}'s pool holds a bonus tile")
    state.turn = turn
    state.claimed_this_turn = position.claimed_this_turn
    if position.drawn is not None:
        drawn = _tile_kind(position.drawn)
        if is_bonus(drawn) or state.hand(turn).counts[drawn] == 0:
            raise ValueError(f"seat {turn} does not hold the drawn tile {code(drawn)}")
        if position.claimed_this_turn:
            raise ValueError("a turn reached by a claim has no drawn tile")
        state.drawn, state.drawn_from = drawn, "wall"
    over = overfull_kinds(state)
    if over:
        raise ValueError(f"the position holds more than the set: {', '.join(over)}")
    return state


def json_int(value: object, what: str) -> int:
    """A JSON integer (a float with no fraction is taken; bools, fractions and infinities
    are not)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} is an integer, not a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError(f"{what} is an integer, not {value!r}")
    raise TypeError(f"{what} is an integer, not {type(value).__name__}")
