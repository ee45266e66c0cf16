"""The match: the hands of one game, the running totals, the history, the standings.

A :class:`Match` owns the current :class:`~mahjongkit.mcr.game.hand_state.HandState`, deals
each hand from the seed (decision 12), settles a finished hand with the tally that made the
win legal (3.9.1.2–3.9.1.3), and ends the game after the variant's last hand. Its
:class:`~mahjongkit.mcr.game.variant.Variant` says how many hands, whether the wall holds
flowers, and who sits where.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from mahjongkit.mcr.game.engine_hand import EngineHand
from mahjongkit.mcr.game.events import Dealt, Event, GameEnded, HandEnded
from mahjongkit.mcr.game.hand_state import HandEnd, HandState, Judge, TallyLike
from mahjongkit.mcr.game.result import FanLine, HandRecord, Standings, settle
from mahjongkit.mcr.game.variant import Seating, Variant, Walls
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.notation import format_hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.ruleset import Ruleset
from mahjongkit.tiles import is_bonus

_NO_DELTAS: Final = (0, 0, 0, 0)

AnyHand = HandState | EngineHand
"""The hand in play: on the C++ hand engine, or in the Python hand layer (its twin, and the
only path for a written position or a caller's own scorer or gate)."""


class Status(Enum):
    ACTIVE = "active"
    FINISHED = "finished"


class GameResult(Enum):
    SCORE = "score"  # one seat alone in first place
    DRAW = "draw"  # first place shared


class Match:
    """The hands of one game, from ``hand_no`` to the variant's last hand."""

    def __init__(
        self,
        seed_key: bytes,
        *,
        hand_no: int,
        dealer: int,
        totals: tuple[int, int, int, int],
        ruleset: Ruleset,
        variant: Variant,
        judge: Judge,
    ) -> None:
        self.seed_key = seed_key
        self.hand_no = hand_no
        self.dealer = dealer
        self.totals = totals
        self.ruleset = ruleset
        self.variant = variant
        self.judge = judge
        self.last_hand = variant.last_hand(hand_no)
        self.status = Status.ACTIVE
        self.winner: int | None = None
        self.result: GameResult | None = None
        self.standings: Standings | None = None
        self.history: list[HandRecord] = []
        self.outcomes: list[Event] = []
        self.hand: AnyHand = HandState.__new__(HandState)  # set by begin_hand or a position

    @property
    def prevailing(self) -> int:
        return (self.hand_no - 1) // 4

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % SEATS

    def new_hand(self, wall: Wall, *, whole: bool) -> AnyHand:
        """The hand about to be dealt from ``wall`` (``whole``: the variant's set, dealt):
        on the hand engine when the judge says so and the hand is whole, else the hand layer."""
        play = self.judge.whole_hand
        if whole and play is not None:
            dealt: AnyHand = play(self, wall)
            self.hand = dealt
            return dealt
        return self.written_hand(wall, whole=whole)

    def written_hand(self, wall: Wall, *, whole: bool) -> HandState:
        """A hand in the Python hand layer (a position writes its seats' tiles into it)."""
        self.hand = hand = HandState(
            wall,
            dealer=self.dealer,
            prevailing=self.prevailing,
            judge=self.judge,
            events=self.outcomes,
            whole=whole,
            flags=self.variant.rule_flags(self.ruleset),
        )
        return hand

    def begin_hand(self, given: Wall | None = None) -> None:
        """Deal the current hand from the seed, or from ``given`` (a wall loaded whole: a
        :class:`SeatWalls` for a variant with four walls)."""
        if given is not None:
            wall = given
        elif self.variant.walls is Walls.PER_SEAT:
            wall = SeatWalls.from_seed(self.seed_key, self.hand_no, shuffled=self.judge.shuffled)
        else:
            wall = Wall.from_seed(self.seed_key, self.hand_no, shuffled=self.judge.shuffled)
            if not self.variant.flowers:
                wall = Wall(t for t in wall.tiles if not is_bonus(t))
        hand = self.new_hand(wall, whole=True)
        winds = tuple(self.seat_wind(s) for s in range(SEATS))
        self.outcomes.append(
            Dealt(
                self.hand_no, self.prevailing, self.dealer, (winds[0], winds[1], winds[2], winds[3])
            )
        )
        hand.deal()

    def settle(self, end: HandEnd) -> None:
        """Record and settle the hand that just ended, then deal the next or end the game."""
        tally, hand14 = end.tally, end.hand
        deltas = _NO_DELTAS
        if end.winner is not None:
            assert tally is not None and end.by is not None
            deltas = settle(end.winner, int(tally.total), end.by, end.discarder)
        t = self.totals
        if self.variant.seating is Seating.FIXED:
            self.totals = (t[0] + deltas[0], t[1] + deltas[1], t[2] + deltas[2], t[3] + deltas[3])
        else:  # totals belong to players, deltas to seats
            by_player = list(t)
            for seat in range(SEATS):
                by_player[self.variant.player_at(self.hand_no, seat)] += deltas[seat]
            self.totals = (by_player[0], by_player[1], by_player[2], by_player[3])
        record = HandRecord(
            hand_no=self.hand_no,
            dealer=self.dealer,
            prevailing=self.prevailing,
            winner=end.winner,
            by=end.by,
            discarder=end.discarder,
            tile=end.tile,
            points=int(tally.total) if tally is not None else 0,
            basic=int(tally.basic) if tally is not None else 0,
            flowers=len(hand14.flowers) if hand14 is not None else 0,
            fans=_fan_lines(tally),
            hand=format_hand(hand14) if hand14 is not None else "",
            deltas=deltas,
            totals=self.totals,
            context=end.context,
        )
        self.history.append(record)
        self.outcomes.append(HandEnded(record))
        if self.hand_no >= self.last_hand:
            self.finish()
            return
        self.hand_no += 1
        self.dealer = self.variant.dealer_of(self.hand_no)
        self.begin_hand()

    def finish(self) -> None:
        self.status = Status.FINISHED
        self.hand.phase = Phase.FINISHED
        self.standings = Standings.of(self.totals)
        self.winner = self.standings.winner
        self.result = GameResult.SCORE if self.winner is not None else GameResult.DRAW
        self.outcomes.append(
            GameEnded(self.winner, self.result.value, self.totals, self.standings.places)
        )


def layer_hand(match: Match, wall: Wall) -> HandState:
    """The match's next hand, dealt whole from ``wall``, in the Python hand layer."""
    return match.written_hand(wall, whole=True)


def engine_hand(match: Match, wall: Wall) -> EngineHand:
    """The match's next hand, dealt whole from ``wall``, on the C++ hand engine."""
    return EngineHand(
        wall,
        dealer=match.dealer,
        prevailing=match.prevailing,
        judge=match.judge,
        events=match.outcomes,
        ruleset=match.ruleset,
        variant=match.variant,
    )


def _fan_lines(tally: TallyLike | None) -> tuple[FanLine, ...]:
    if tally is None:
        return ()
    return tuple(
        FanLine(
            int(getattr(fan, "number", 0)),
            str(getattr(fan, "key", "")),
            str(getattr(fan, "name", fan)),
            int(getattr(fan, "points", 0)),
            int(getattr(fan, "times", 1)),
        )
        for fan in getattr(tally, "fans", ())
    )
