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

:class:`Rules` is the face; the game is a :class:`~mahjongkit.mcr.game.match.Match` (hands,
totals, history, settlement) owning the :class:`~mahjongkit.mcr.game.hand_state.HandState`
of the hand in play, which opens a :class:`~mahjongkit.mcr.game.window.ClaimWindow` after a
discard or a promoted kong. The legal moves of a state are computed once and shared by
:meth:`Rules.legal`, :meth:`Rules.why_not`, :meth:`Rules.can` and :meth:`Rules.apply`.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import add
from types import MappingProxyType
from typing import Any, Final

from mahjongkit._impl import resolve
from mahjongkit.mcr.analysis.engine import is_complete, wall_shuffle
from mahjongkit.mcr.game._cpp import hand_table
from mahjongkit.mcr.game.errors import Refusal, RefusalCode
from mahjongkit.mcr.game.events import WIND_NAMES, Event
from mahjongkit.mcr.game.hand_state import Judge, ScoreFunction, TallyLike
from mahjongkit.mcr.game.legality import claim_reason, pungs_of, sentence, turn_reason
from mahjongkit.mcr.game.match import GameResult, Match, Status
from mahjongkit.mcr.game.moves import _DISCARDS as DISCARDS
from mahjongkit.mcr.game.moves import _KONGS as KONGS
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.result import HANDS, HandRecord, Standings
from mahjongkit.mcr.game.save import SAVE_FORMAT, SAVE_VERSION, ruleset_from_json, ruleset_to_json
from mahjongkit.mcr.game.table import HandTableLike, SeatWaits
from mahjongkit.mcr.game.variant import STANDARD, Variant, Walls
from mahjongkit.mcr.game.window import ClaimWindow, Phase, Window
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import format_hand, format_tiles, parse_hand
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall, check_hand_no, check_seat, seed_bytes
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.score import score
from mahjongkit.tiles import KINDS, STANDARD_KINDS, check_kind, code, copies, from_code, is_bonus

__all__ = [
    "HANDS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "WIND_NAMES",
    "CompleteFunction",
    "GameResult",
    "HandRecord",
    "Phase",
    "Position",
    "Rules",
    "ScoreFunction",
    "Status",
    "TallyLike",
    "Window",
]

CompleteFunction = Callable[[Hand], bool]
"""Whether a hand of fourteen is complete in some form (the scorer's cheap gate)."""

_COPIES: Final = [0, *(copies(kind) for kind in range(1, KINDS + 1))]
_BONUS_ZEROS: Final = (0,) * (KINDS - STANDARD_KINDS)
_STANDARD_COPIES: Final = [c if k <= STANDARD_KINDS else 0 for k, c in enumerate(_COPIES)]
_WINDOW_ONLY: Final = (MoveKind.PASS, MoveKind.CHOW, MoveKind.PUNG)
_EMPTY: Final[tuple[Move, ...]] = ()
_ALONE: Final = ((0,), (1,), (2,), (3,))
_ACTIVE: Final = Status.ACTIVE
_DISCARD: Final = MoveKind.DISCARD


def _judge(
    ruleset: Ruleset, complete: CompleteFunction | None, scorer: ScoreFunction | None
) -> Judge:
    """The hand analysis and the scorer, chosen once per game (the environment's
    ``MAHJONGKIT_IMPLEMENTATION`` is read here, not on every call)."""
    impl = resolve(None)
    score_fn: ScoreFunction = scorer or (
        lambda hand, context: score(hand, context, ruleset, impl=impl)
    )

    def table(flags: int, gate: SeatWaits | None) -> HandTableLike:
        return hand_table(DISCARDS, KONGS, flags, waits=gate, impl=impl)

    if complete is None:
        return Judge(
            False,
            lambda hand: is_complete(hand, impl=impl),
            score_fn,
            table=table,
            shuffled=wall_shuffle(impl),
        )
    return Judge(True, complete, score_fn, table=table)


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
            turn=_int(data["turn"], "turn"),
            pools=pools,
            dealer=None if data.get("dealer") is None else _int(data["dealer"], "dealer"),
            claimed_this_turn=bool(data.get("claimed_this_turn", False)),
            drawn=data.get("drawn"),
            walls=None if data.get("walls") is None else tuple(tuple(w) for w in data["walls"]),
        )


def _check_given_wall(wall: Wall, variant: Variant) -> Wall:
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


class Rules:
    """The state of one game (specification ``004``): a :class:`~.match.Match` of sixteen
    hands (or the variant's one), each a :class:`~.hand_state.HandState` with its
    :class:`~.window.ClaimWindow`.

    Construct from a seed (``str`` or ``bytes``), optionally a hand number (1–16), a dealer
    (it must be the hand number's: seat ``(hand_no - 1) % 4``), running totals (summing to
    zero), a written :class:`Position` for tests, a
    :class:`~mahjongkit.mcr.scoring.ruleset.Ruleset` for the scorer and a
    :class:`~mahjongkit.mcr.game.variant.Variant` for the shape of the game. ``wall`` loads
    the first hand's wall whole instead of the seed's (the variant's set, once each; a
    :class:`~mahjongkit.mcr.hand.wall.SeatWalls` for a variant with four walls); saves keep it.

    Attributes (read them, never assign them):

    * ``seed``, ``hand_no``, ``dealer``, ``totals``, ``ruleset``, ``variant``;
    * ``wall`` (:class:`~mahjongkit.mcr.hand.wall.Wall`), ``hands`` (four
      :class:`~mahjongkit.mcr.hand.hand.Hand`), ``pools`` (four tuples of kinds, in discard order);
    * ``phase`` (:class:`Phase`), ``turn`` (the seat on turn in the discard phase, else
      ``None``), ``window`` (the open :class:`Window` or ``None``);
    * ``drawn``, ``drawn_from`` (``"wall"`` or ``"back"``), ``replacement`` (what the draw
      replaced: a kong or a flower, else ``None``);
    * ``claimed_this_turn`` (the turn was reached by a chow or pung: no kong, 3.6.8),
      ``last_draw_emptied``, ``last_discard_is_last`` (fans 44 and 45);
    * ``status`` (:class:`Status`), ``is_active`` (the status is active), ``winner`` and
      ``result`` (after the last hand),
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
        variant: Variant = STANDARD,
        wall: Wall | None = None,
        complete: CompleteFunction | None = None,
        scorer: ScoreFunction | None = None,
    ) -> None:
        seed_key = seed_bytes(seed)
        loaded = _check_given_wall(wall, variant) if wall is not None else None
        self.seed: str | bytes = seed
        hand_no = check_hand_no(hand_no)
        if hand_no > HANDS:
            raise ValueError(f"a game has {HANDS} hands, not {hand_no}")
        if not isinstance(variant, Variant):
            raise TypeError(f"variant is a Variant, not {type(variant).__name__}")
        if not isinstance(ruleset, Ruleset):
            raise TypeError(f"ruleset is a Ruleset, not {type(ruleset).__name__}")
        if position is not None and (variant.walls is Walls.PER_SEAT) != (
            position.walls is not None
        ):
            raise ValueError(
                f"the {variant.name} variant plays "
                + (
                    "four walls: give the position's walls, one a seat"
                    if variant.walls is Walls.PER_SEAT
                    else "one wall: a position with four walls needs a variant with four"
                )
            )
        own = variant.dealer_of(hand_no)
        given_dealers: tuple[tuple[int | None, str], ...] = ((dealer, "dealer"),)
        if position is not None:
            given_dealers += ((position.dealer, "position's dealer"),)
        for given, where in given_dealers:
            if given is not None and check_seat(given) != own:
                raise ValueError(
                    f"the {where} is seat {given}, but the dealer of hand {hand_no} is seat {own}"
                )
        self._match = Match(
            seed_key,
            hand_no=hand_no,
            dealer=own,
            totals=_check_totals(totals),
            ruleset=ruleset,
            variant=variant,
            judge=_judge(ruleset, complete, scorer),
        )
        self._start: dict[str, Any] = {
            "hand_no": hand_no,
            "dealer": own,
            "totals": self._match.totals,
        }
        self.position = position
        self.moves = 0
        # Whether the game goes on (the match's status is active): a plain attribute, as
        # every loop over the game reads it once a move; apply updates it.
        self.is_active = True
        self.move_log: list[tuple[int, Move]] = []
        self._last: Event | None = None
        self._legal: list[tuple[Move, ...] | None] = [None, None, None, None]
        self._given_wall = loaded.copy() if loaded is not None else None
        if position is not None and loaded is not None:
            raise ValueError("a written position brings its own wall: give one or the other")
        if position is None:
            self._match.begin_hand(loaded)
        else:
            self._load_position(position)
        self._hand = self._match.hand

    # -- construction of a written position ----------------------------------------------------

    def _load_position(self, position: Position) -> None:
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
        state = self._hand = self._match.new_hand(wall, whole=False)
        turn = check_seat(position.turn)
        for seat, text in enumerate(position.hands):
            hand = parse_hand(text)
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
            if is_bonus(drawn) or state.counts[turn][drawn] == 0:
                raise ValueError(f"seat {turn} does not hold the drawn tile {code(drawn)}")
            if position.claimed_this_turn:
                raise ValueError("a turn reached by a claim has no drawn tile")
            state.drawn, state.drawn_from = drawn, "wall"
        over = self._overfull_kinds()
        if over:
            raise ValueError(f"the position holds more than the set: {', '.join(over)}")

    # -- attributes of 004 ------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match: hands of the game, totals, history, the current hand's state."""
        return self._match

    @property
    def hand_no(self) -> int:
        return self._match.hand_no

    @property
    def dealer(self) -> int:
        return self._match.dealer

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return self._match.totals

    @property
    def ruleset(self) -> Ruleset:
        return self._match.ruleset

    @property
    def variant(self) -> Variant:
        return self._match.variant

    @property
    def status(self) -> Status:
        return self._match.status

    @property
    def winner(self) -> int | None:
        return self._match.winner

    @property
    def result(self) -> GameResult | None:
        return self._match.result

    @property
    def standings(self) -> Standings | None:
        return self._match.standings

    @property
    def history(self) -> list[HandRecord]:
        return self._match.history

    @property
    def outcomes(self) -> list[Event]:
        return self._match.outcomes

    @property
    def last(self) -> Event | None:
        """The last event (taken or not)."""
        outcomes = self._match.outcomes
        return outcomes[-1] if outcomes else self._last

    @property
    def wall(self) -> Wall:
        return self._hand.wall

    @property
    def phase(self) -> Phase:
        return self._hand.phase

    @property
    def turn(self) -> int | None:
        return self._hand.turn

    @property
    def drawn(self) -> int | None:
        return self._hand.drawn

    @property
    def drawn_from(self) -> str | None:
        return self._hand.drawn_from

    @property
    def replacement(self) -> Replacement | None:
        return self._hand.replacement

    @property
    def claimed_this_turn(self) -> bool:
        return self._hand.claimed_this_turn

    @property
    def last_draw_emptied(self) -> bool:
        return self._hand.last_draw_emptied

    @property
    def last_discard_is_last(self) -> bool:
        return self._hand.last_discard_is_last

    @property
    def prevailing(self) -> int:
        """The prevailing wind, 0 East to 3 North: it changes every four hands."""
        return self._match.prevailing

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
        h = self._hand.hand
        return (h(0), h(1), h(2), h(3))

    @property
    def pools(self) -> tuple[tuple[int, ...], ...]:
        """The four discard pools: the kinds each seat discarded, in order, less the claimed."""
        return tuple(tuple(pool) for pool in self._hand.pools)

    def hand_of(self, seat: int) -> Hand:
        return self._hand.hand(check_seat(seat))

    def pool_of(self, seat: int) -> tuple[int, ...]:
        return tuple(self._hand.pools[check_seat(seat)])

    @property
    def window(self) -> Window | None:
        """The open window, as a read-only value, or ``None``."""
        w = self._hand.window
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
        hand = self._hand  # a finished game has no window and nobody on turn
        window = hand.window
        if window is not None:
            return window.waiting
        turn = hand.turn
        return _ALONE[turn] if turn is not None else ()

    def take_outcomes(self) -> list[Event]:
        """The events since the last call; the queue is cleared."""
        match = self._match
        out = match.outcomes
        if not out:
            return []
        match.outcomes = self._hand.events = []  # the hand appends to the match's queue
        self._last = out[-1]
        return out

    # -- legal moves -------------------------------------------------------------------------

    def _legal_of(self, seat: int) -> tuple[Move, ...]:
        """Every move ``seat`` may make now, computed once per state."""
        cached = self._legal[seat]
        if cached is None:
            hand = self._hand  # a finished game has no window and nobody on turn
            if hand.window is not None:
                cached = hand.window.legal(seat)
            elif seat == hand.turn:
                cached = hand.turn_moves(seat)
            else:
                cached = _EMPTY
            self._legal[seat] = cached
        return cached

    def legal(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now, sorted (empty when it is not awaited)."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            check_seat(seat)
        legal = self._legal[seat]
        if legal is None:
            hand = self._hand
            if hand.window is None and seat == hand.turn:  # the common case, one call less
                legal = self._legal[seat] = hand.turn_moves(seat)
            else:
                legal = self._legal_of(seat)
        return list(legal)

    # -- apply -------------------------------------------------------------------------------

    def why_not(self, seat: int, move: Move) -> Refusal | None:
        """The refusal :meth:`apply` would return, or ``None`` if the move is legal now."""
        check_seat(seat)
        if not isinstance(move, Move):
            raise TypeError(f"a move is a Move, not {type(move).__name__}")
        if move in self._legal_of(seat):
            return None
        return self._refusal(seat, move)

    def can(self, seat: int, move: Move) -> bool:
        """Whether :meth:`apply` would take the move."""
        return self.why_not(seat, move) is None

    def apply(self, seat: int, move: Move) -> Refusal | None:
        """Take ``seat``'s move and run the engine until someone must act again.

        Returns ``None`` when the move is taken, the :class:`Refusal` otherwise (and then
        nothing has changed).
        """
        if type(seat) is not int or not 0 <= seat < SEATS:
            check_seat(seat)
        legal = self._legal[seat]
        if legal is None:
            legal = self._legal_of(seat)
        if move.__class__ is not Move or move not in legal:
            refusal = self.why_not(seat, move)
            if refusal is not None:
                return refusal
        self.moves += 1
        self.move_log.append((seat, move))
        self._legal = [None, None, None, None]
        hand = self._hand
        kind = move.kind
        if hand.window is not None:
            hand.answer(seat, move)
        elif kind is _DISCARD:
            moves = hand.discard(seat, move.tile)  # type: ignore[arg-type]
            if moves is not None:  # the next seat's turn, known from the same call
                self._legal[(seat + 1) & 3] = moves
        elif kind is MoveKind.KONG:
            hand.declare_kong(seat, move.tile)  # type: ignore[arg-type]
        else:
            hand.win_on_turn(seat)
        end = hand.end
        if end is not None:
            self._match.settle(end)
            self._hand = self._match.hand
            self.is_active = self._match.status is _ACTIVE
        return None

    # -- refusals: why a move is not among the legal ones ------------------------------------

    def _refusal(self, seat: int, move: Move) -> Refusal:
        code_, message = self._explain(seat, move)
        return Refusal(code_, message, self._legal_of(seat))

    def _explain(self, seat: int, move: Move) -> tuple[RefusalCode, str]:
        if self._match.status is Status.FINISHED:
            return (RefusalCode.GAME_OVER, "the last hand is over")
        malformed = _malformed(move)
        if malformed:
            return (RefusalCode.BAD_MOVE, malformed)
        w = self._hand.window
        if w is None:
            return self._explain_on_turn(seat, move)
        said = w.refusal(seat, move)
        if said is not None:
            return said
        return self._explain_claim(seat, move)

    def _explain_on_turn(self, seat: int, move: Move) -> tuple[RefusalCode, str]:
        hand = self._hand
        kind = move.kind
        if kind in _WINDOW_ONLY:
            return (RefusalCode.NO_WINDOW, f"no window is open to {kind.value} in")
        if kind is MoveKind.KONG and move.tile is None:
            return (RefusalCode.BAD_MOVE, "a kong on one's turn names its tile")
        if seat != hand.turn:
            return (RefusalCode.NOT_YOUR_TURN, f"seat {hand.turn} is on turn")
        if kind is MoveKind.DISCARD or kind is MoveKind.KONG:
            reason = turn_reason(
                move,
                seat,
                hand.counts[seat],
                pungs_of(hand.melds[seat]),
                hand.claimed_this_turn,
                hand.flags,
                hand.walls(),
            )
            assert reason is not None, "a move the checks allow is in the legal list"
            return (reason[0], sentence(reason))
        # A win on the fourteen held.
        drawn = hand.drawn
        if drawn is None or hand.claimed_this_turn:
            return (
                RefusalCode.NOT_A_WIN,
                "a turn reached by a claim has no drawn tile to win on (claim the discard"
                " as a win instead)",
            )
        return self._explain_failed_win(
            hand.hand(seat), hand.context(seat, drawn, WinBy.SELF_DRAWN)
        )

    def _explain_claim(self, seat: int, move: Move) -> tuple[RefusalCode, str]:
        state = self._hand
        w = state.window
        assert w is not None
        hand = state.hand(seat)
        tile = w.tile
        kind = move.kind
        if kind is MoveKind.WIN:
            by = WinBy.ROBBING if w.kind is Phase.ROB else WinBy.DISCARD
            return self._explain_failed_win(hand.draw(tile), state.context(seat, tile, by))
        reason = claim_reason(
            move, seat, w.from_seat, state.counts[seat], tile, state.flags, state.walls()
        )
        assert reason is not None, "a claim the checks allow is offered"
        return (reason[0], sentence(reason))

    def _explain_failed_win(self, hand14: Hand, context: WinContext) -> tuple[RefusalCode, str]:
        try:
            tally = self._match.judge.score(hand14, context)
        except ValueError as error:
            return (
                RefusalCode.NOT_A_WIN,
                f"not a complete hand: {format_hand(hand14)} ({error})",
            )
        return (
            RefusalCode.TOO_FEW_POINTS,
            f"{format_hand(hand14)} scores {tally.basic} without flowers; a win needs 8",
        )

    # -- invariants --------------------------------------------------------------------------

    def _tile_counts(self) -> list[int]:
        """How many of each kind are somewhere: in the hands, melds, flowers, pools, wall.

        Counted afresh from every place a tile can be (never from incremental bookkeeping),
        so that ``check_invariants`` can catch a tile lost or duplicated by a bug."""
        state = self._hand
        c = state.counts
        seen = [*map(add, map(add, c[0], c[1]), map(add, c[2], c[3])), *_BONUS_ZEROS]
        melds = [meld.tiles for seat_melds in state.melds for meld in seat_melds]
        for kind in chain(state.wall.tiles, *state.pools, *state.flowers, *melds):
            seen[kind] += 1
        return seen

    def _overfull_kinds(self) -> list[str]:
        seen = self._tile_counts()
        return [f"{seen[k]} of {code(k)}" for k in range(1, KINDS + 1) if seen[k] > copies(k)]

    def check_invariants(self) -> list[str]:
        """Strings naming what is broken; empty when the state is sound."""
        problems: list[str] = []
        state = self._hand
        seen = self._tile_counts()
        flowers = self._match.variant.flowers
        if not (state.whole and seen == (_COPIES if flowers else _STANDARD_COPIES)):
            for kind in range(1, KINDS + 1):
                expected = _COPIES[kind] if flowers or kind <= STANDARD_KINDS else 0
                if seen[kind] > _COPIES[kind] or (state.whole and seen[kind] != expected):
                    problems.append(
                        f"{code(kind)} is accounted for {seen[kind]} times,"
                        f" the set holds {expected}"
                    )
        if sum(self.totals) != 0:
            problems.append(f"totals {list(self.totals)} do not sum to zero")
        if self._match.status is Status.FINISHED:
            if self.waiting_on:
                problems.append("the game is over but seats are waited on")
            return problems
        w = state.window
        holding_fourteen = state.turn
        if w is not None and w.kind is Phase.ROB:
            holding_fourteen = w.from_seat
        for seat, (counts, melds) in enumerate(zip(state.counts, state.melds, strict=True)):
            expected = 14 if seat == holding_fourteen else 13
            size = sum(counts) + 3 * len(melds)
            if size != expected:
                problems.append(f"seat {seat} holds {size} tiles, not {expected}")
        table = state.table
        if table is not None:
            for seat in range(SEATS):
                if table.counts(seat) != state.counts[seat]:
                    problems.append(f"the hand table's tiles of seat {seat} are not the hand's")
        if w is None:
            if state.phase is not Phase.DISCARD or state.turn is None:
                problems.append(f"no window is open but the phase is {state.phase.value}")
            if len(self.waiting_on) != 1:
                problems.append(f"outside a window {len(self.waiting_on)} seats are waited on")
        else:
            if state.phase is not w.kind:
                problems.append(f"a {w.kind.value} window is open in phase {state.phase.value}")
            if w.from_seat in w.may:
                problems.append(f"the window asks the discarder, seat {w.from_seat}")
            for seat, claims in w.may.items():
                if not claims:
                    problems.append(f"the window asks seat {seat}, which has no claim")
                for claim in claims:
                    if not self._offer_holds(w, seat, claim):
                        problems.append(f"the window offers seat {seat} {claim} it cannot make")
            if not w.waiting:
                problems.append("the window is open but nobody is left to answer")
            if state.turn is not None:
                problems.append("a window is open while a seat is on turn")
        return problems

    def _offer_holds(self, w: ClaimWindow, seat: int, claim: Move) -> bool:
        """Whether an offered ``claim`` passes its check asked afresh of the hand's own tiles
        (not of the table that offered it), a win being complete and scored."""
        state = self._hand
        if claim.kind is MoveKind.WIN:
            hand = state.hand(seat)
            return (
                seat in w.tallies
                and hand.held(w.tile) < 4
                and self._match.judge.complete(hand.draw(w.tile))
            )
        if w.kind is Phase.ROB:
            return False
        reason = claim_reason(
            claim, seat, w.from_seat, state.counts[seat], w.tile, state.flags, state.walls()
        )
        return reason is None

    # -- text --------------------------------------------------------------------------------

    def to_string(self) -> str:
        """The four hands and pools in notation, for a failing test."""
        state = self._hand
        lines = [
            f"hand {self.hand_no}/{HANDS} prevailing {WIND_NAMES[self.prevailing]}"
            f" dealer {self.dealer} phase {state.phase.value} wall {len(state.wall)}"
            f" totals {list(self.totals)}"
        ]
        waiting = self.waiting_on
        for seat in range(SEATS):
            mark = "*" if seat in waiting else " "
            pool = format_tiles(state.pools[seat]) if state.pools[seat] else "-"
            lines.append(
                f"{mark}{seat} {WIND_NAMES[self.seat_wind(seat)]} {format_hand(state.hand(seat))}"
                f" | {pool}"
            )
        w = state.window
        if w is not None:
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
        d = other.__dict__
        d.update(self.__dict__)
        match = Match.__new__(Match)
        match.__dict__.update(self._match.__dict__)
        match.history = self._match.history[:]
        match.outcomes = self._match.outcomes[:]
        match.hand = self._hand.copy(match.outcomes)
        d["_match"] = match
        d["_hand"] = match.hand
        d["move_log"] = self.move_log[:]
        d["_legal"] = self._legal[:]
        return other

    # -- save and restore --------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON: how it was started (the ruleset and variant written out when
        they are not the standard ones), every move since, and how many events were still
        to be taken. :meth:`from_json` replays it to this exact state."""
        seed = self.seed
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION}
        if isinstance(seed, str):
            data["seed"] = seed
        else:
            data["seed_hex"] = bytes(seed).hex()
        data["hand_no"] = self._start["hand_no"]
        data["dealer"] = self._start["dealer"]
        data["totals"] = list(self._start["totals"])
        if self.position is not None:
            data["position"] = self.position.to_json()
        data["ruleset"] = ruleset_to_json(self.ruleset)
        if self.variant != STANDARD:
            data["variant"] = self.variant.to_json()
        given = self._given_wall
        if isinstance(given, SeatWalls):
            data["walls"] = [[code(t) for t in part] for part in given.parts()]
        elif given is not None:
            data["wall"] = [code(t) for t in given.tiles]
        data["moves"] = [[seat, str(move)] for seat, move in self.move_log]
        data["pending"] = len(self._match.outcomes)
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
        what is wrong (``TypeError`` when ``text`` is not a ``str``); a game you already hold
        is never touched.

        >>> Rules.from_json('{"format": "mahjongkit.mcr.game", "version": 1, "seed": "x",'
        ...     ' "hand_no": 1.5, "dealer": 0, "totals": [0, 0, 0, 0], "moves": []}')
        Traceback (most recent call last):
        ValueError: a bad saved game: hand_no is an integer, not 1.5
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(f"a saved game is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError, UnicodeDecodeError) as error:
            reason = "nested too deeply" if isinstance(error, RecursionError) else error
            raise ValueError(f"not a saved game: {reason}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a saved game: the format is not {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('version')!r}")
        try:
            if "seed" in data:
                seed: str | bytes = data["seed"]
                if not isinstance(seed, str):
                    raise TypeError(f"the seed is a string, not {type(seed).__name__}")
            else:
                seed_hex = data["seed_hex"]
                if not isinstance(seed_hex, str):
                    raise TypeError("seed_hex is a string of hex digits")
                seed = bytes.fromhex(seed_hex)
            position = Position.from_json(data["position"]) if "position" in data else None
            totals = data["totals"]
            if not isinstance(totals, list):
                raise TypeError("totals are a list of four integers")
            variant = Variant.from_json(data["variant"]) if "variant" in data else STANDARD
            wall: Wall | None = None
            if "walls" in data:
                wall = SeatWalls([from_code(t) for t in part] for part in data["walls"])
            elif "wall" in data:
                wall = Wall(from_code(t) for t in data["wall"])
            game = cls(
                seed,
                hand_no=_int(data["hand_no"], "hand_no"),
                dealer=_int(data["dealer"], "dealer"),
                totals=[_int(t, "a total") for t in totals],
                position=position,
                ruleset=ruleset_from_json(data.get("ruleset", GREEN_BOOK.name)),
                variant=variant,
                wall=wall,
                complete=complete,
                scorer=scorer,
            )
            raw_moves = data["moves"]
            if not isinstance(raw_moves, list):
                raise TypeError("moves are a list of [seat, move] pairs")
            moves = []
            for index, entry in enumerate(raw_moves):
                if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                    raise TypeError(f'move {index} is not a [seat, "move"] pair: {entry!r}')
                seat = _int(entry[0], f"move {index}'s seat")
                if not 0 <= seat < SEATS:
                    raise ValueError(f"move {index} names seat {seat}")
                moves.append((seat, Move.parse(entry[1])))
            pending = data.get("pending")
            if pending is not None:
                pending = _int(pending, "pending")
        except (KeyError, TypeError, ValueError, OverflowError, NotImplementedError) as error:
            what = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise ValueError(f"a bad saved game: {what}") from None
        for index, (seat, move) in enumerate(moves):
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
        if pending is not None:
            outcomes = game._match.outcomes
            if pending > len(outcomes) or pending < 0:
                raise ValueError(f"a bad saved game: {pending} events pending, replay has fewer")
            if outcomes:
                game._last = outcomes[-1]
            del outcomes[: len(outcomes) - pending]
        return game


def _int(value: object, what: str) -> int:
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


def _check_totals(totals: Sequence[int]) -> tuple[int, int, int, int]:
    values = tuple(totals)
    if len(values) != SEATS or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise ValueError(f"totals are four ints, not {values!r}")
    if sum(values) != 0:
        raise ValueError(f"totals must sum to zero: {list(values)}")
    return (values[0], values[1], values[2], values[3])


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
