"""The rules of play: one whole 16-hand game as a state machine (specification ``004``).

The specification and the decisions cited are written out in docs/decisions.md.

Seats are 0 to 3; play runs 0, 1, 2, 3. The dealer of hand ``n`` is seat ``(n - 1) % 4`` (the
deal passes every hand, whatever happened: 3.4.8), a seat's wind is its distance from the
dealer, and the prevailing wind changes every four hands. The engine prints nothing, reads
nothing and draws nothing at random: after each move, everything is a function of the seed
and the moves.

A seat moves with :meth:`Rules.apply`, which returns ``None`` when the move is taken and a
:class:`~mahjongkit.mcr.game.errors.Refusal` (code, message, the legal moves) when it is not; a
refused move changes nothing. Draws and replacements are not moves: the engine makes them and
reports them among the events :meth:`Rules.take_outcomes` hands out.

>>> game = Rules("demo")
>>> [event.kind.value for event in game.take_outcomes()][:1]
['deal']
>>> game.hand_no, game.dealer, game.waiting_on, game.phase.value
(1, 0, (0,), 'discard')
>>> move = game.legal(0)[0]
>>> game.apply(0, move) is None, game.moves
(True, 1)
>>> game.apply(0, move).code.value  # seat 0 has just discarded: not its turn now
'not_your_turn'
>>> game.check_invariants()
[]
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Final, Protocol

from mahjongkit.mcr.game.errors import Refusal, RefusalCode
from mahjongkit.mcr.game.events import Event, EventKind
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.mcr.game.result import HANDS, FanLine, HandRecord, Standings, settle
from mahjongkit.mcr.hand.hand import Hand, with_count_changed
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.hand.notation import format_hand, format_tiles, parse_hand
from mahjongkit.mcr.hand.wall import SEATS, Wall, check_hand_no, check_seat, seed_bytes
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset, ruleset_named
from mahjongkit.tiles import KINDS, STANDARD_KINDS, check_kind, code, copies, from_code, is_bonus

WIND_NAMES: Final = ("E", "S", "W", "N")
SAVE_FORMAT: Final = "mahjongkit.mcr.game"
SAVE_VERSION: Final = 1


class Phase(Enum):
    DISCARD = "discard"  # the seat on turn holds fourteen and must discard, kong or win
    CLAIM = "claim"  # a window after a discard
    ROB = "rob"  # a window after a promoted kong, for a robbing win only
    FINISHED = "finished"  # the sixteenth hand is over


class Status(Enum):
    ACTIVE = "active"
    FINISHED = "finished"


class GameResult(Enum):
    SCORE = "score"  # one seat alone in first place
    DRAW = "draw"  # first place shared


class TallyLike(Protocol):
    """What the rules read from the scorer's answer."""

    @property
    def minimum_met(self) -> bool: ...
    @property
    def basic(self) -> int: ...
    @property
    def total(self) -> int: ...


CompleteFunction = Callable[[Hand], bool]
"""Whether a hand of fourteen is complete in some form (the scorer's cheap gate)."""
ScoreFunction = Callable[[Hand, WinContext], TallyLike]


def _default_complete(hand14: Hand) -> bool:
    from mahjongkit.mcr.analysis.engine import (
        is_complete,  # the dispatcher: the C++ core or the reference twin
    )

    return is_complete(hand14)


def _default_score(ruleset: Ruleset) -> ScoreFunction:
    from mahjongkit.mcr.scoring.score import score

    return lambda hand, context: score(hand, context, ruleset)


@dataclass(frozen=True)
class Window:
    """An open window: after a discard (``kind`` claim) or a promoted kong (``kind`` rob).

    ``may`` maps each asked seat to the claims it was offered (``pass`` is always allowed
    besides); ``answers`` holds the answers given so far.
    """

    kind: Phase
    tile: int
    from_seat: int
    may: Mapping[int, tuple[Move, ...]]
    answers: Mapping[int, Move]


@dataclass(frozen=True)
class Position:
    """A written position for tests: four hands in notation, the wall front first, the seat
    on turn (holding fourteen; the others thirteen), the pools, the dealer, whether the turn
    was reached by a chow or pung claim, and the tile just drawn (needed for a self-drawn win).

    >>> p = Position(hands=("123m 456p 789s 222s 55m", "1m", "2m", "3m"), wall=("9p",), turn=0)
    >>> p.hands[0]
    '123m 456p 789s 222s 55m'
    """

    hands: tuple[str, str, str, str]
    wall: tuple[int | str, ...]
    turn: int
    pools: tuple[tuple[int | str, ...], ...] = ((), (), (), ())
    dealer: int = 0
    claimed_this_turn: bool = False
    drawn: int | str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": list(self.hands),
            "wall": [_tile_code(t) for t in self.wall],
            "turn": self.turn,
            "pools": [[_tile_code(t) for t in pool] for pool in self.pools],
            "dealer": self.dealer,
            "claimed_this_turn": self.claimed_this_turn,
            "drawn": None if self.drawn is None else _tile_code(self.drawn),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        hands = tuple(data["hands"])
        if len(hands) != SEATS:
            raise ValueError(f"a position has four hands, not {len(hands)}")
        pools = tuple(tuple(pool) for pool in data.get("pools", [[]] * SEATS))
        return cls(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            wall=tuple(data["wall"]),
            turn=int(data["turn"]),
            pools=pools,
            dealer=int(data.get("dealer", 0)),
            claimed_this_turn=bool(data.get("claimed_this_turn", False)),
            drawn=data.get("drawn"),
        )


def _tile_code(tile: int | str) -> str:
    return tile if isinstance(tile, str) else code(tile)


def _tile_kind(tile: int | str) -> int:
    return from_code(tile) if isinstance(tile, str) else check_kind(tile)


@dataclass
class _OpenWindow:
    kind: Phase
    tile: int
    from_seat: int
    may: dict[int, tuple[Move, ...]]
    answers: dict[int, Move] = field(default_factory=dict)
    tallies: dict[int, tuple[TallyLike, WinContext]] = field(default_factory=dict)


_COPIES: Final = (0, *(copies(kind) for kind in range(1, KINDS + 1)))

# Priority of an answer: a win beats a pung or kong, which beats a chow (3.7.1, 3.6.7).
_RANK: Final = {MoveKind.PASS: 0, MoveKind.CHOW: 1, MoveKind.PUNG: 2, MoveKind.KONG: 2}
_WIN_RANK: Final = 3


class Rules:
    """The state of one game of sixteen hands (specification ``004``).

    Construct from a seed (``str`` or ``bytes``), optionally a hand number (1–16), a dealer,
    running totals (summing to zero), a written :class:`Position` for tests, and a
    :class:`~mahjongkit.mcr.scoring.ruleset.Ruleset` for the scorer.

    Attributes (read them, never assign them):

    * ``seed``, ``hand_no``, ``dealer``, ``totals``, ``ruleset``;
    * ``wall`` (:class:`~mahjongkit.mcr.hand.wall.Wall`), ``hands`` (four
      :class:`~mahjongkit.mcr.hand.hand.Hand`), ``pools`` (four tuples of kinds, in discard order);
    * ``phase`` (:class:`Phase`), ``turn`` (the seat on turn in the discard phase, else
      ``None``), ``window`` (the open :class:`Window` or ``None``);
    * ``drawn``, ``drawn_from`` (``"wall"`` or ``"back"``), ``replacement`` (what the draw
      replaced: a kong or a flower, else ``None``);
    * ``claimed_this_turn`` (the turn was reached by a chow or pung: no kong, 3.6.8),
      ``last_draw_emptied``, ``last_discard_is_last`` (fans 44 and 45);
    * ``status`` (:class:`Status`), ``winner`` and ``result`` (after the sixteenth hand),
      ``standings``, ``history`` (one :class:`~mahjongkit.mcr.game.result.HandRecord` per finished
      hand), ``last`` (the last event), ``moves`` (player moves taken), ``move_log``,
      ``outcomes`` (the queue :meth:`take_outcomes` drains), ``position``.
    """

    def __init__(
        self,
        seed: str | bytes,
        *,
        hand_no: int = 1,
        dealer: int | None = None,
        totals: Sequence[int] = (0, 0, 0, 0),
        position: Position | None = None,
        ruleset: Ruleset = GREEN_BOOK,
        complete: CompleteFunction | None = None,
        scorer: ScoreFunction | None = None,
    ) -> None:
        self._seed_key = seed_bytes(seed)
        self.seed: str | bytes = seed
        self.hand_no = check_hand_no(hand_no)
        if self.hand_no > HANDS:
            raise ValueError(f"a game has {HANDS} hands, not {self.hand_no}")
        if dealer is None:
            dealer = position.dealer if position is not None else (self.hand_no - 1) % SEATS
        self.dealer = check_seat(dealer)
        self.totals = _check_totals(totals)
        self.ruleset = ruleset
        self._complete_fn: CompleteFunction = complete or _default_complete
        self._score_fn = scorer or _default_score(ruleset)
        self._complete_cache: dict[tuple[tuple[int, ...], int], bool] = {}
        self._legal_cache: dict[int, tuple[Move, ...]] = {}
        self._version = 0  # counts every change of state; the legal lists cache reads it
        self._legal_version = -1
        self._start = {"hand_no": self.hand_no, "dealer": self.dealer, "totals": self.totals}
        self.position = position

        self.status = Status.ACTIVE
        self.winner: int | None = None
        self.result: GameResult | None = None
        self.history: list[HandRecord] = []
        self.standings: Standings | None = None
        self.moves = 0
        self.move_log: list[tuple[int, Move]] = []
        self.outcomes: list[Event] = []
        self.last: Event | None = None

        if position is None:
            self._begin_hand()
        else:
            self._load_position(position)

    # -- construction of a hand --------------------------------------------------------------

    def _reset_hand_state(self, wall: Wall, whole: bool) -> None:
        self.wall = wall
        self._whole = whole  # a seeded hand holds the whole set; a written one may not
        self._hands: list[Hand] = [Hand() for _ in range(SEATS)]
        self._pools: list[list[int]] = [[] for _ in range(SEATS)]  # kinds, in discard order
        self.phase = Phase.DISCARD
        self.turn: int | None = None
        self._window: _OpenWindow | None = None
        self.drawn: int | None = None
        self.drawn_from: str | None = None
        self.replacement: Replacement | None = None
        self.claimed_this_turn = False
        self.last_draw_emptied = False
        self.last_discard_is_last = False
        self._complete_cache.clear()

    def _begin_hand(self) -> None:
        self._reset_hand_state(Wall.from_seed(self._seed_key, self.hand_no), whole=True)
        self._emit(
            EventKind.DEAL,
            details={
                "hand_no": self.hand_no,
                "prevailing": WIND_NAMES[self.prevailing],
                "dealer": self.dealer,
                "seat_winds": [WIND_NAMES[self.seat_wind(s)] for s in range(SEATS)],
            },
        )
        dealt = self.wall.deal(self.dealer)
        order = [(self.dealer + step) % SEATS for step in range(SEATS)]
        last_received: dict[int, tuple[int, str]] = {}
        for seat in order:
            tiles = dealt[seat]
            self._hands[seat] = Hand.from_tiles(t for t in tiles if not is_bonus(t))
            last_received[seat] = (tiles[-1], "wall")
            for tile in tiles:
                if is_bonus(tile):
                    self._hands[seat] = self._hands[seat].add_flower(tile)
                    self._emit(EventKind.FLOWER, actor=seat, tile=tile)
        # Replacements from the back, seat by seat from the dealer, flowers recursively.
        for seat in order:
            target = 14 if seat == self.dealer else 13
            while self._hands[seat].size < target:
                tile = self.wall.replace()
                self._emit(EventKind.DREW, seat=seat, details={"source": "back"})
                if is_bonus(tile):
                    self._hands[seat] = self._hands[seat].add_flower(tile)
                    self._emit(EventKind.FLOWER, actor=seat, tile=tile)
                else:
                    self._hands[seat] = self._hands[seat].draw(tile)
                    last_received[seat] = (tile, "back")
        self.turn = self.dealer
        tile, source = last_received[self.dealer]
        # The dealer's fourteenth counts as drawn: a win on the dealt hand is self-drawn.
        self.drawn = tile if not is_bonus(tile) else None
        self.drawn_from = source
        self.replacement = Replacement.FLOWER if source == "back" else None

    def _load_position(self, position: Position) -> None:
        wall = Wall(_tile_kind(t) for t in position.wall)
        self._reset_hand_state(wall, whole=False)
        turn = check_seat(position.turn)
        if len(position.hands) != SEATS or len(position.pools) != SEATS:
            raise ValueError("a position has four hands and four pools")
        for seat, text in enumerate(position.hands):
            hand = parse_hand(text)
            expected = 14 if seat == turn else 13
            if hand.size != expected:
                raise ValueError(
                    f"seat {seat} holds {hand.size} tiles in the position, not {expected}"
                    f" ({'on turn' if seat == turn else 'between turns'}): {text!r}"
                )
            self._hands[seat] = hand
            self._pools[seat] = [_tile_kind(t) for t in position.pools[seat]]
            if any(is_bonus(t) for t in self._pools[seat]):
                raise ValueError(f"seat {seat}'s pool holds a bonus tile")
        self.turn = turn
        self.claimed_this_turn = position.claimed_this_turn
        if position.drawn is not None:
            drawn = _tile_kind(position.drawn)
            if is_bonus(drawn) or self._hands[turn].counts[drawn] == 0:
                raise ValueError(f"seat {turn} does not hold the drawn tile {code(drawn)}")
            if position.claimed_this_turn:
                raise ValueError("a turn reached by a claim has no drawn tile")
            self.drawn, self.drawn_from = drawn, "wall"
        over = self._overfull_kinds()
        if over:
            raise ValueError(f"the position holds more than the set: {', '.join(over)}")

    # -- attributes of 004 ------------------------------------------------------------------

    @property
    def prevailing(self) -> int:
        """The prevailing wind, 0 East to 3 North: it changes every four hands."""
        return (self.hand_no - 1) // 4

    @property
    def round(self) -> int:
        """The round, 1 to 4 (one per prevailing wind)."""
        return self.prevailing + 1

    def seat_wind(self, seat: int) -> int:
        """A seat's wind, 0 East to 3 North: its distance from the dealer."""
        return (check_seat(seat) - self.dealer) % SEATS

    @staticmethod
    def next_seat(seat: int) -> int:
        return (check_seat(seat) + 1) % SEATS

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The four seats' hands (immutable values)."""
        h = self._hands
        return (h[0], h[1], h[2], h[3])

    @property
    def pools(self) -> tuple[tuple[int, ...], ...]:
        """The four discard pools: the kinds each seat discarded, in order, less the claimed."""
        return tuple(tuple(pool) for pool in self._pools)

    def hand_of(self, seat: int) -> Hand:
        return self._hands[check_seat(seat)]

    def pool_of(self, seat: int) -> tuple[int, ...]:
        return tuple(self._pools[check_seat(seat)])

    @property
    def is_active(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def window(self) -> Window | None:
        """The open window, as a read-only value, or ``None``."""
        w = self._window
        if w is None:
            return None
        return Window(
            w.kind,
            w.tile,
            w.from_seat,
            MappingProxyType(dict(w.may)),
            MappingProxyType(dict(w.answers)),
        )

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The seats whose action is awaited: the seat on turn; in a window, the asked seats
        whose answer could still change the outcome; nobody when the game is over."""
        if self.status is Status.FINISHED:
            return ()
        if self._window is None:
            return (self.turn,) if self.turn is not None else ()
        return self._window_waiting(self._window)

    def take_outcomes(self) -> list[Event]:
        """The events since the last call; the queue is cleared."""
        out, self.outcomes = self.outcomes, []
        return out

    # -- legal moves -------------------------------------------------------------------------

    def legal(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now, sorted (empty when it is not awaited)."""
        check_seat(seat)
        if self._legal_version != self._version:  # the state moved on: forget old lists
            self._legal_cache.clear()
            self._legal_version = self._version
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = tuple(self._compute_legal(seat))
        return list(cached)

    def _compute_legal(self, seat: int) -> list[Move]:
        if self.status is Status.FINISHED or seat not in self.waiting_on:
            return []
        if self._window is not None:
            return sorted((PASS, *self._window.may[seat]), key=Move.sort_key)
        hand = self._hands[seat]
        moves = [discard(k) for k in range(1, STANDARD_KINDS + 1) if hand.counts[k]]
        moves += [kong(k) for k in self._kong_tiles(seat)]
        if self._self_draw_tally(seat) is not None:
            moves.append(WIN)
        return sorted(moves, key=Move.sort_key)

    def _kong_tiles(self, seat: int) -> list[int]:
        if self.claimed_this_turn or self.wall.is_empty:
            return []
        hand = self._hands[seat]
        tiles = {k for k in range(1, STANDARD_KINDS + 1) if hand.counts[k] == 4}
        tiles |= {
            m.first for m in hand.melds if m.kind is MeldKind.PUNG and hand.counts[m.first] > 0
        }
        return sorted(tiles)

    # -- the scorer's questions --------------------------------------------------------------

    def _complete(self, hand: Hand, tile: int | None = None) -> bool:
        """Whether the hand (with ``tile`` added) is complete: a cheap gate before the scorer
        is asked, cached on the counts (most hands are asked about many times)."""
        if tile is not None:
            hand = with_count_changed(hand, tile, +1)
        key = (hand.counts, len(hand.melds))
        cached = self._complete_cache.get(key)
        if cached is None:
            cached = self._complete_fn(hand)
            self._complete_cache[key] = cached
        return cached

    def _visible(self, kind: int) -> int:
        """Copies of ``kind`` everyone can see: in the pools and in melds on the table."""
        seen = sum(pool.count(kind) for pool in self._pools)
        for hand in self._hands:
            for meld in hand.melds:
                if not meld.concealed:
                    seen += meld.tiles.count(kind)
        return seen

    def _context(self, seat: int, tile: int, by: WinBy) -> WinContext:
        visible = self._visible(tile)
        if by is WinBy.DISCARD:
            visible -= 1  # the winning discard itself lies in the discarder's pool
        return WinContext(
            winning=tile,
            by=by,
            seat_wind=self.seat_wind(seat),
            prevailing_wind=self.prevailing,
            last_of_wall=(
                self.last_draw_emptied
                if by is WinBy.SELF_DRAWN
                else self.last_discard_is_last and by is WinBy.DISCARD
            ),
            replacement=self.replacement if by is WinBy.SELF_DRAWN else None,
            last_tile=visible >= 3,
        )

    def _self_draw_tally(self, seat: int) -> TallyLike | None:
        """The tally of a self-drawn win now, or ``None`` if the scorer would refuse it."""
        drawn = self.drawn
        if drawn is None or self.claimed_this_turn:
            return None
        hand = self._hands[seat]
        if not self._complete(hand):
            return None
        tally = self._score_fn(hand, self._context(seat, drawn, WinBy.SELF_DRAWN))
        return tally if tally.minimum_met else None

    def _discard_win_tally(
        self, seat: int, tile: int, by: WinBy
    ) -> tuple[TallyLike, WinContext] | None:
        """The tally (and its context) of a win on another seat's tile, or ``None``."""
        hand = self._hands[seat]
        if not self._complete(hand, tile) or hand.held(tile) >= 4:
            return None
        context = self._context(seat, tile, by)
        tally = self._score_fn(hand.draw(tile), context)
        return (tally, context) if tally.minimum_met else None

    def _explain_failed_win(self, seat: int, hand14: Hand, context: WinContext) -> Refusal:
        try:
            tally = self._score_fn(hand14, context)
        except ValueError as error:
            return self._refusal(
                seat, RefusalCode.NOT_A_WIN, f"not a complete hand: {format_hand(hand14)} ({error})"
            )
        return self._refusal(
            seat,
            RefusalCode.TOO_FEW_POINTS,
            f"{format_hand(hand14)} scores {tally.basic} without flowers; a win needs 8",
        )

    # -- apply -------------------------------------------------------------------------------

    def why_not(self, seat: int, move: Move) -> Refusal | None:
        """The refusal :meth:`apply` would return, or ``None`` if the move is legal now."""
        check_seat(seat)
        if not isinstance(move, Move):
            raise TypeError(f"a move is a Move, not {type(move).__name__}")
        if self.status is Status.FINISHED:
            return self._refusal(seat, RefusalCode.GAME_OVER, "the sixteenth hand is over")
        malformed = _malformed(move)
        if malformed:
            return self._refusal(seat, RefusalCode.BAD_MOVE, malformed)
        if self._window is None:
            return self._why_not_on_turn(seat, move)
        return self._why_not_in_window(seat, move, self._window)

    def can(self, seat: int, move: Move) -> bool:
        """Whether :meth:`apply` would take the move."""
        return self.why_not(seat, move) is None

    def apply(self, seat: int, move: Move) -> Refusal | None:
        """Take ``seat``'s move and run the engine until someone must act again.

        Returns ``None`` when the move is taken, the :class:`Refusal` otherwise (and then
        nothing has changed).
        """
        refusal = self.why_not(seat, move)
        if refusal is not None:
            return refusal
        self.moves += 1
        self._version += 1
        self.move_log.append((seat, move))
        if self._window is None:
            self._apply_on_turn(seat, move)
        else:
            self._apply_in_window(seat, move, self._window)
        return None

    def _refusal(self, seat: int, code_: RefusalCode, message: str) -> Refusal:
        return Refusal(code_, message, tuple(self.legal(seat)))

    def _why_not_on_turn(self, seat: int, move: Move) -> Refusal | None:
        kind = move.kind
        if kind in (MoveKind.PASS, MoveKind.CHOW, MoveKind.PUNG):
            return self._refusal(
                seat, RefusalCode.NO_WINDOW, f"no window is open to {kind.value} in"
            )
        if kind is MoveKind.KONG and move.tile is None:
            return self._refusal(seat, RefusalCode.BAD_MOVE, "a kong on one's turn names its tile")
        if seat != self.turn:
            return self._refusal(seat, RefusalCode.NOT_YOUR_TURN, f"seat {self.turn} is on turn")
        hand = self._hands[seat]
        if kind is MoveKind.DISCARD:
            tile = move.tile
            assert tile is not None
            if hand.counts[tile] == 0:
                return self._refusal(
                    seat, RefusalCode.TILE_NOT_HELD, f"seat {seat} holds no {code(tile)} to discard"
                )
            return None
        if kind is MoveKind.KONG:
            tile = move.tile
            assert tile is not None
            if hand.counts[tile] == 0:
                return self._refusal(
                    seat, RefusalCode.TILE_NOT_HELD, f"seat {seat} holds no {code(tile)}"
                )
            if self.claimed_this_turn:
                return self._refusal(
                    seat, RefusalCode.NO_KONG, "no kong in a turn reached by a chow or pung (3.6.8)"
                )
            if self.wall.is_empty:
                return self._refusal(seat, RefusalCode.NO_KONG, "the wall is empty: no replacement")
            if tile not in self._kong_tiles(seat):
                return self._refusal(
                    seat,
                    RefusalCode.NO_KONG,
                    f"seat {seat} has neither four {code(tile)} nor an exposed pung of it",
                )
            return None
        # A win on the fourteen held.
        drawn = self.drawn
        if drawn is None or self.claimed_this_turn:
            return self._refusal(
                seat,
                RefusalCode.NOT_A_WIN,
                "a turn reached by a claim has no drawn tile to win on (claim the discard"
                " as a win instead)",
            )
        if self._self_draw_tally(seat) is not None:
            return None
        return self._explain_failed_win(seat, hand, self._context(seat, drawn, WinBy.SELF_DRAWN))

    def _why_not_in_window(self, seat: int, move: Move, w: _OpenWindow) -> Refusal | None:
        kind = move.kind
        if kind is MoveKind.DISCARD or (kind is MoveKind.KONG and move.tile is not None):
            # A kong naming its tile is a turn's kong; the window's answer is a plain "kong".
            return self._refusal(
                seat,
                RefusalCode.WRONG_PHASE,
                f"a window on {code(w.tile)} is open: answer it first",
            )
        if seat in w.answers:
            return self._refusal(
                seat, RefusalCode.ALREADY_ANSWERED, f"seat {seat} has answered this window"
            )
        if seat not in w.may:
            return self._refusal(
                seat, RefusalCode.NOT_YOUR_TURN, f"seat {seat} has no claim on {code(w.tile)}"
            )
        if seat not in self._window_waiting(w):
            return self._refusal(
                seat,
                RefusalCode.NOT_YOUR_TURN,
                f"seat {seat}'s answer can no longer change the outcome",
            )
        if kind is MoveKind.PASS:
            return None
        offered = w.may[seat]
        if move in offered:
            return None
        if w.kind is Phase.ROB and kind is not MoveKind.WIN:
            return self._refusal(
                seat, RefusalCode.CANNOT_CLAIM, "a promoted kong may only be robbed by a win"
            )
        hand = self._hands[seat]
        tile = w.tile
        if kind is MoveKind.WIN:
            by = WinBy.ROBBING if w.kind is Phase.ROB else WinBy.DISCARD
            return self._explain_failed_win(seat, hand.draw(tile), self._context(seat, tile, by))
        if kind is MoveKind.CHOW:
            assert move.tiles is not None
            a, b = move.tiles
            if seat != (w.from_seat + 1) % SEATS:
                return self._refusal(
                    seat, RefusalCode.CANNOT_CLAIM, "only the next seat may chow a discard"
                )
            low, mid, high = sorted((a, b, tile))
            if not (
                low <= 27
                and (low - 1) // 9 == (high - 1) // 9
                and mid == low + 1
                and high == low + 2
            ):
                return self._refusal(
                    seat,
                    RefusalCode.NOT_A_MELD,
                    f"{code(a)} {code(b)} do not run with {code(tile)}",
                )
            return self._refusal(
                seat,
                RefusalCode.TILE_NOT_HELD,
                f"seat {seat} does not hold {code(a)} and {code(b)}",
            )
        if kind is MoveKind.KONG and self.wall.is_empty and hand.counts[tile] == 3:
            return self._refusal(
                seat, RefusalCode.CANNOT_CLAIM, "the wall is empty: no replacement"
            )
        need = 3 if kind is MoveKind.KONG else 2
        return self._refusal(
            seat,
            RefusalCode.CANNOT_CLAIM,
            f"a {kind.value} of {code(tile)} needs {need} in hand; seat {seat} holds"
            f" {hand.counts[tile]}",
        )

    # -- the turn ----------------------------------------------------------------------------

    def _apply_on_turn(self, seat: int, move: Move) -> None:
        if move.kind is MoveKind.DISCARD:
            assert move.tile is not None
            self._discard(seat, move.tile)
        elif move.kind is MoveKind.KONG:
            assert move.tile is not None
            self._declare_kong(seat, move.tile)
        else:
            drawn = self.drawn
            assert drawn is not None
            self._emit(EventKind.WIN, actor=seat, tile=drawn)
            tally = self._self_draw_tally(seat)
            assert tally is not None
            context = self._context(seat, drawn, WinBy.SELF_DRAWN)
            hand = self._hands[seat]
            self._end_with_win(seat, drawn, WinBy.SELF_DRAWN, None, tally, hand, context)

    def _discard(self, seat: int, tile: int) -> None:
        self._hands[seat] = with_count_changed(self._hands[seat], tile, -1)  # why_not saw it held
        self._pools[seat].append(tile)
        # Fan 45 (last tile claim): the discard that follows the draw that emptied the wall.
        self.last_discard_is_last = self.last_draw_emptied
        self._emit(EventKind.DISCARD, actor=seat, tile=tile)
        self.turn = None
        self.drawn = self.drawn_from = None
        self.replacement = None
        may: dict[int, tuple[Move, ...]] = {}
        tallies: dict[int, tuple[TallyLike, WinContext]] = {}
        for step in (1, 2, 3):
            other = (seat + step) % SEATS
            claims: list[Move] = []
            hand = self._hands[other]
            if step == 1:
                claims += [chow(a, b) for a, b in hand.chow_shapes(tile)]
            if hand.counts[tile] >= 2:
                claims.append(PUNG)
            if hand.counts[tile] == 3 and not self.wall.is_empty:
                claims.append(KONG)
            tally = self._discard_win_tally(other, tile, WinBy.DISCARD)
            if tally is not None:
                claims.append(WIN)
                tallies[other] = tally
            if claims:
                may[other] = tuple(sorted(claims, key=Move.sort_key))
        if not may:
            self._next_draw(seat)
            return
        self.phase = Phase.CLAIM
        self._window = _OpenWindow(Phase.CLAIM, tile, seat, may, tallies=tallies)

    def _declare_kong(self, seat: int, tile: int) -> None:
        hand = self._hands[seat]
        if hand.counts[tile] == 4:
            self._emit(EventKind.KONG, actor=seat, tile=tile, details={"how": "concealed"})
            self._hands[seat] = hand.concealed_kong(tile)
            self._draw(seat, from_back=True, reason=Replacement.KONG)  # never robbable
            return
        self._emit(EventKind.KONG, actor=seat, tile=tile, details={"how": "promoted"})
        robbers: dict[int, tuple[Move, ...]] = {}
        tallies: dict[int, tuple[TallyLike, WinContext]] = {}
        for step in (1, 2, 3):
            other = (seat + step) % SEATS
            tally = self._discard_win_tally(other, tile, WinBy.ROBBING)
            if tally is not None:
                robbers[other] = (WIN,)
                tallies[other] = tally
        if robbers:
            self.phase = Phase.ROB
            self._window = _OpenWindow(Phase.ROB, tile, seat, robbers, tallies=tallies)
            self.turn = None
            return
        self._perform_promotion(seat, tile)

    def _perform_promotion(self, seat: int, tile: int) -> None:
        self._hands[seat] = self._hands[seat].promote_kong(tile)
        self._draw(seat, from_back=True, reason=Replacement.KONG)

    # -- draws -------------------------------------------------------------------------------

    def _next_draw(self, discarder: int) -> None:
        self._draw((discarder + 1) % SEATS, from_back=False, reason=None)

    def _draw(self, seat: int, *, from_back: bool, reason: Replacement | None) -> None:
        """Draw for ``seat`` (front, or back for a replacement), exposing and replacing
        flowers, and put the seat on turn; an empty wall ends the hand exhausted."""
        self._window = None
        while True:
            if self.wall.is_empty:
                self._end_exhausted()
                return
            tile = self.wall.replace() if from_back else self.wall.draw()
            self._emit(
                EventKind.DREW, seat=seat, details={"source": "back" if from_back else "wall"}
            )
            if not is_bonus(tile):
                break
            self._hands[seat] = self._hands[seat].add_flower(tile)
            self._emit(EventKind.FLOWER, actor=seat, tile=tile)
            from_back, reason = True, Replacement.FLOWER
        self._hands[seat] = with_count_changed(self._hands[seat], tile, +1)  # a standard kind
        self.phase = Phase.DISCARD
        self.turn = seat
        self.drawn = tile
        self.drawn_from = "back" if from_back else "wall"
        self.replacement = reason
        self.claimed_this_turn = False
        self.last_draw_emptied = self.wall.is_empty

    # -- the window --------------------------------------------------------------------------

    @staticmethod
    def _answer_key(move: Move, seat: int, w: _OpenWindow) -> tuple[int, int]:
        """Higher is better: the claim's rank, then nearness to the discarder (3.7.2.4)."""
        rank = _WIN_RANK if move.kind is MoveKind.WIN else _RANK[move.kind]
        return (rank, -((seat - w.from_seat) % SEATS))

    def _best_lodged(self, w: _OpenWindow) -> tuple[tuple[int, int], int, Move] | None:
        best = None
        for seat, move in w.answers.items():
            if move.kind is MoveKind.PASS:
                continue
            key = self._answer_key(move, seat, w)
            if best is None or key > best[0]:
                best = (key, seat, move)
        return best

    def _window_waiting(self, w: _OpenWindow) -> tuple[int, ...]:
        best = self._best_lodged(w)
        waiting = []
        for step in (1, 2, 3):
            seat = (w.from_seat + step) % SEATS
            if seat not in w.may or seat in w.answers:
                continue
            top = max(self._answer_key(m, seat, w) for m in w.may[seat])
            if best is None or top > best[0]:
                waiting.append(seat)
        return tuple(waiting)

    def _apply_in_window(self, seat: int, move: Move, w: _OpenWindow) -> None:
        w.answers[seat] = move
        answer_event = {
            MoveKind.PASS: EventKind.PASS,
            MoveKind.CHOW: EventKind.CHOW,
            MoveKind.PUNG: EventKind.PUNG,
            MoveKind.KONG: EventKind.KONG,
            MoveKind.WIN: EventKind.WIN,
        }[move.kind]
        details: dict[str, Any] = {}
        if move.tiles:
            details["tiles"] = [code(t) for t in move.tiles]
        if move.kind is MoveKind.KONG:
            details["how"] = "exposed"
        self._emit(answer_event, actor=seat, tile=w.tile, details=details)
        if self._window_waiting(w):
            return
        self._close_window(w)

    def _close_window(self, w: _OpenWindow) -> None:
        best = self._best_lodged(w)
        self._window = None
        tile, source = w.tile, w.from_seat
        if w.kind is Phase.ROB:
            if best is None:  # nobody robbed: the kong stands and its replacement is drawn
                self._perform_promotion(source, tile)
                return
            _, winner, _ = best
            self._hands[source] = self._hands[source].discard(tile)  # the robbed tile moves
            hand14 = self._hands[winner].draw(tile)
            tally, context = w.tallies[winner]
            self._end_with_win(winner, tile, WinBy.ROBBING, source, tally, hand14, context)
            return
        if best is None:
            self._next_draw(source)
            return
        _, claimer, move = best
        popped = self._pools[source].pop()
        assert popped == tile
        if move.kind is MoveKind.WIN:
            hand14 = self._hands[claimer].draw(tile)
            tally, context = w.tallies[claimer]
            self._end_with_win(claimer, tile, WinBy.DISCARD, source, tally, hand14, context)
            return
        hand = self._hands[claimer]
        if move.kind is MoveKind.CHOW:
            assert move.tiles is not None
            hand = hand.claim_chow(tile, move.tiles[0], move.tiles[1], from_seat=source)
        elif move.kind is MoveKind.PUNG:
            hand = hand.claim_pung(tile, from_seat=source)
        else:
            hand = hand.claim_kong(tile, from_seat=source)
        self._hands[claimer] = hand
        self._emit(
            EventKind.CLAIMED,
            seat=claimer,
            tile=tile,
            details={"meld": move.kind.value, "from": source},
        )
        self.last_draw_emptied = False
        if move.kind is MoveKind.KONG:
            self._draw(claimer, from_back=True, reason=Replacement.KONG)
            return
        self.phase = Phase.DISCARD
        self.turn = claimer
        self.claimed_this_turn = True
        self.drawn = self.drawn_from = None
        self.replacement = None

    # -- the end of a hand -------------------------------------------------------------------

    def _end_with_win(
        self,
        winner: int,
        tile: int,
        by: WinBy,
        discarder: int | None,
        tally: TallyLike,
        hand14: Hand,
        context: WinContext,
    ) -> None:
        self._hands[winner] = hand14
        points = int(tally.total)
        deltas = settle(winner, points, by, discarder)
        self._finish_hand(winner, by, discarder, tile, tally, hand14, deltas, context)

    def _end_exhausted(self) -> None:
        self._finish_hand(None, None, None, None, None, None, (0, 0, 0, 0), None)

    def _finish_hand(
        self,
        winner: int | None,
        by: WinBy | None,
        discarder: int | None,
        tile: int | None,
        tally: TallyLike | None,
        hand14: Hand | None,
        deltas: tuple[int, int, int, int],
        context: WinContext | None,
    ) -> None:
        t = self.totals
        self.totals = (t[0] + deltas[0], t[1] + deltas[1], t[2] + deltas[2], t[3] + deltas[3])
        record = HandRecord(
            hand_no=self.hand_no,
            dealer=self.dealer,
            prevailing=self.prevailing,
            winner=winner,
            by=by,
            discarder=discarder,
            tile=tile,
            points=int(tally.total) if tally is not None else 0,
            basic=int(tally.basic) if tally is not None else 0,
            flowers=len(hand14.flowers) if hand14 is not None else 0,
            fans=_fan_lines(tally),
            hand=format_hand(hand14) if hand14 is not None else "",
            deltas=deltas,
            totals=self.totals,
            context=context,
        )
        self.history.append(record)
        self._window = None
        self.turn = None
        self.drawn = self.drawn_from = None
        self._emit(
            EventKind.HAND_END,
            seat=winner,
            tile=tile,
            details={
                "hand_no": self.hand_no,
                "how": by.value if by is not None else "exhausted",
                "from": discarder,
                "points": record.points,
                "deltas": list(deltas),
                "totals": list(self.totals),
            },
        )
        if self.hand_no >= HANDS:
            self._finish_game()
            return
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % SEATS
        self._begin_hand()

    def _finish_game(self) -> None:
        self.status = Status.FINISHED
        self.phase = Phase.FINISHED
        self.standings = Standings.of(self.totals)
        self.winner = self.standings.winner
        self.result = GameResult.SCORE if self.winner is not None else GameResult.DRAW
        self._emit(
            EventKind.GAME_END,
            seat=self.winner,
            details={
                "result": self.result.value,
                "totals": list(self.totals),
                "places": list(self.standings.places),
            },
        )

    def _emit(
        self,
        kind: EventKind,
        *,
        actor: int | None = None,
        seat: int | None = None,
        tile: int | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        event = Event(kind, actor, seat, tile, details or {})
        self.outcomes.append(event)
        self.last = event

    # -- invariants --------------------------------------------------------------------------

    def _tile_counts(self) -> list[int]:
        """How many of each kind are somewhere: in the hands, melds, flowers, pools, wall.

        Counted afresh from every place a tile can be (never from incremental bookkeeping),
        so that ``check_invariants`` can catch a tile lost or duplicated by a bug."""
        h = self._hands
        counts = (h[0].counts, h[1].counts, h[2].counts, h[3].counts)
        concealed = map(sum, zip(*counts, strict=True))
        seen = [*concealed, *([0] * (KINDS - STANDARD_KINDS))]
        loose = Counter(self.wall.tiles)
        for pool in self._pools:
            loose.update(pool)
        for hand in h:
            loose.update(hand.flowers)
            for meld in hand.melds:
                loose.update(meld.tiles)
        for kind, count in loose.items():
            seen[kind] += count
        return seen

    def _overfull_kinds(self) -> list[str]:
        seen = self._tile_counts()
        return [f"{seen[k]} of {code(k)}" for k in range(1, KINDS + 1) if seen[k] > copies(k)]

    def check_invariants(self) -> list[str]:
        """Strings naming what is broken; empty when the state is sound."""
        problems: list[str] = []
        seen = self._tile_counts()
        for kind in range(1, KINDS + 1):
            expected = _COPIES[kind]
            if seen[kind] > expected or (self._whole and seen[kind] != expected):
                problems.append(
                    f"{code(kind)} is accounted for {seen[kind]} times, the set holds {expected}"
                )
        if sum(self.totals) != 0:
            problems.append(f"totals {list(self.totals)} do not sum to zero")
        if self.status is Status.FINISHED:
            if self.waiting_on:
                problems.append("the game is over but seats are waited on")
            return problems
        holding_fourteen = self.turn
        if self._window is not None and self._window.kind is Phase.ROB:
            holding_fourteen = self._window.from_seat
        for seat, hand in enumerate(self._hands):
            expected = 14 if seat == holding_fourteen else 13
            if hand.size != expected:
                problems.append(f"seat {seat} holds {hand.size} tiles, not {expected}")
        w = self._window
        if w is None:
            if self.phase is not Phase.DISCARD or self.turn is None:
                problems.append(f"no window is open but the phase is {self.phase.value}")
            if len(self.waiting_on) != 1:
                problems.append(f"outside a window {len(self.waiting_on)} seats are waited on")
        else:
            if self.phase is not w.kind:
                problems.append(f"a {w.kind.value} window is open in phase {self.phase.value}")
            if w.from_seat in w.may:
                problems.append(f"the window asks the discarder, seat {w.from_seat}")
            for seat, claims in w.may.items():
                if not claims:
                    problems.append(f"the window asks seat {seat}, which has no claim")
                for claim in claims:
                    if not self._can_still_claim(seat, claim, w):
                        problems.append(f"the window offers seat {seat} {claim} it cannot make")
            if not self._window_waiting(w):
                problems.append("the window is open but nobody is left to answer")
            if self.turn is not None:
                problems.append("a window is open while a seat is on turn")
        return problems

    def _can_still_claim(self, seat: int, claim: Move, w: _OpenWindow) -> bool:
        """Whether ``seat``'s hand really supports ``claim`` on the window's tile."""
        hand, tile = self._hands[seat], w.tile
        if claim.kind is MoveKind.WIN:
            return seat in w.tallies and self._complete(hand, tile)
        if w.kind is Phase.ROB:
            return False
        if claim.kind is MoveKind.CHOW:
            shapes = hand.chow_shapes(tile) if seat == (w.from_seat + 1) % SEATS else []
            return claim.tiles in shapes
        if claim.kind is MoveKind.PUNG:
            return hand.counts[tile] >= 2
        return claim.kind is MoveKind.KONG and hand.counts[tile] == 3

    # -- text --------------------------------------------------------------------------------

    def to_string(self) -> str:
        """The four hands and pools in notation, for a failing test."""
        lines = [
            f"hand {self.hand_no}/{HANDS} prevailing {WIND_NAMES[self.prevailing]}"
            f" dealer {self.dealer} phase {self.phase.value} wall {len(self.wall)}"
            f" totals {list(self.totals)}"
        ]
        for seat in range(SEATS):
            mark = "*" if seat in self.waiting_on else " "
            pool = format_tiles(self._pools[seat]) if self._pools[seat] else "-"
            lines.append(
                f"{mark}{seat} {WIND_NAMES[self.seat_wind(seat)]} {format_hand(self._hands[seat])}"
                f" | {pool}"
            )
        if self._window is not None:
            w = self._window
            offered = ", ".join(
                f"{s}: {' '.join(str(m) for m in ms)}" for s, ms in sorted(w.may.items())
            )
            lines.append(f"window {w.kind.value} on {code(w.tile)} from {w.from_seat}: {offered}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_string()

    def clone(self) -> Rules:
        """An independent copy of the game (for search: try moves on the copy).

        >>> game = Rules("clone")
        >>> copy = game.clone()
        >>> copy.apply(0, copy.legal(0)[0]) is None, copy.moves, game.moves
        (True, 1, 0)
        """
        other = Rules.__new__(Rules)
        other.__dict__.update(self.__dict__)  # immutable values (hands, melds, events) shared
        other.wall = self.wall.copy()
        other._hands = list(self._hands)
        other._pools = [list(pool) for pool in self._pools]
        other.history = list(self.history)
        other.move_log = list(self.move_log)
        other.outcomes = list(self.outcomes)
        other._legal_cache = dict(self._legal_cache)
        other._complete_cache = self._complete_cache  # a pure function's memo: safe to share
        w = self._window
        if w is not None:
            other._window = _OpenWindow(
                w.kind, w.tile, w.from_seat, dict(w.may), dict(w.answers), dict(w.tallies)
            )
        return other

    # -- save and restore --------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON: how it was started, and every move since. :meth:`from_json`
        replays it to this exact state."""
        seed = self.seed
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION}
        if isinstance(seed, str):
            data["seed"] = seed
        else:
            data["seed_hex"] = bytes(seed).hex()
        data.update(self._start)
        data["totals"] = list(self._start["totals"])  # type: ignore[call-overload]
        if self.position is not None:
            data["position"] = self.position.to_json()
        data["ruleset"] = self.ruleset.name
        data["moves"] = [[seat, str(move)] for seat, move in self.move_log]
        data["check"] = {"hand_no": self.hand_no, "totals": list(self.totals), "moves": self.moves}
        return json.dumps(data, indent=None)

    @classmethod
    def from_json(
        cls,
        text: str,
        *,
        complete: CompleteFunction | None = None,
        scorer: ScoreFunction | None = None,
    ) -> Rules:
        """Restore a game saved by :meth:`to_json`. A bad file raises ``ValueError`` naming
        what is wrong (a game you already hold is never touched)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a saved game: {error}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a saved game: the format is not {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        try:
            seed: str | bytes = data["seed"] if "seed" in data else bytes.fromhex(data["seed_hex"])
            position = Position.from_json(data["position"]) if "position" in data else None
            game = cls(
                seed,
                hand_no=int(data["hand_no"]),
                dealer=int(data["dealer"]),
                totals=[int(t) for t in data["totals"]],
                position=position,
                ruleset=ruleset_named(str(data.get("ruleset", GREEN_BOOK.name))),
                complete=complete,
                scorer=scorer,
            )
            moves = [(int(seat), Move.parse(text)) for seat, text in data["moves"]]
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"a bad saved game: {error!s}") from None
        for index, (seat, move) in enumerate(moves):
            if not 0 <= seat < SEATS:
                raise ValueError(f"a bad saved game: move {index} names seat {seat}")
            refusal = game.apply(seat, move)
            if refusal is not None:
                raise ValueError(
                    f"a bad saved game: move {index} ({seat}: {move}) is refused: {refusal}"
                )
        check = data.get("check")
        if check is not None:
            state = {"hand_no": game.hand_no, "totals": list(game.totals), "moves": game.moves}
            if state != check:
                raise ValueError(f"a bad saved game: replay gives {state}, the file says {check}")
        return game


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


def _malformed(move: Move) -> str | None:
    """What is wrong with the shape of a move (whatever the state), or ``None``."""
    kind = move.kind
    # Moves are plain dataclasses: a caller may build one the type checker would reject.
    if not isinstance(kind, MoveKind):
        return f"{kind!r} is not a kind of move"  # type: ignore[unreachable]
    tiles: Any = move.tiles
    if tiles is not None and (not isinstance(tiles, tuple) or len(tiles) != 2):
        return "a chow names exactly two held tiles"
    for tile in ((move.tile,) if move.tile is not None else ()) + (move.tiles or ()):
        if isinstance(tile, bool) or not isinstance(tile, int) or not 1 <= tile <= STANDARD_KINDS:
            return f"{tile!r} is not a kind a hand can play (1 to 34)"
    if kind is MoveKind.CHOW:
        if move.tiles is None or move.tile is not None:
            return "a chow names the two held tiles and nothing else"
        if move.tiles[0] > move.tiles[1]:
            return "a chow names its two tiles in ascending order (use moves.chow(a, b))"
        return None
    if move.tiles is not None:
        return f"a {kind.value} names no pair of tiles"
    if kind is MoveKind.DISCARD and move.tile is None:
        return "a discard names its tile"
    if kind in (MoveKind.PASS, MoveKind.PUNG, MoveKind.WIN) and move.tile is not None:
        return f"a {kind.value} names no tile"
    return None


def _check_totals(totals: Sequence[int]) -> tuple[int, int, int, int]:
    values = tuple(totals)
    if len(values) != SEATS or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise ValueError(f"totals are four ints, not {values!r}")
    if sum(values) != 0:
        raise ValueError(f"totals must sum to zero: {list(values)}")
    return (values[0], values[1], values[2], values[3])
