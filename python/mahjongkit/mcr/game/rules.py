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

from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any, Final

from mahjongkit._impl import pick, resolve
from mahjongkit.mcr.analysis.engine import is_complete, waits_function, wall_shuffle
from mahjongkit.mcr.game.errors import Refusal, RefusalCode
from mahjongkit.mcr.game.events import WIND_NAMES, Event
from mahjongkit.mcr.game.explain import refusal_of
from mahjongkit.mcr.game.hand_state import Judge, ScoreFunction, TallyLike
from mahjongkit.mcr.game.invariants import check
from mahjongkit.mcr.game.match import GameResult, Match, Status, engine_hand, layer_hand
from mahjongkit.mcr.game.moves import _DISCARDS as DISCARDS
from mahjongkit.mcr.game.moves import _KONGS as KONGS
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.position import Position, check_given_wall, load_position
from mahjongkit.mcr.game.result import HANDS, HandRecord, Standings
from mahjongkit.mcr.game.save import SAVE_FORMAT, SAVE_VERSION, game_from_json, game_to_json
from mahjongkit.mcr.game.table import HandTable, HandTableLike, SeatWaits
from mahjongkit.mcr.game.variant import STANDARD, Variant, Walls
from mahjongkit.mcr.game.window import Phase, Window
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import format_hand, format_tiles
from mahjongkit.mcr.hand.wall import SEATS, Wall, check_hand_no, check_seat, seed_bytes
from mahjongkit.mcr.scoring.context import Replacement
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.score import score
from mahjongkit.tiles import STANDARD_KINDS, code

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

_ACTIVE: Final = Status.ACTIVE


def _judge(
    ruleset: Ruleset,
    complete: CompleteFunction | None,
    scorer: ScoreFunction | None,
    impl: str | None = None,
) -> Judge:
    """The hand analysis and the scorer, chosen once per game (``impl``, else the
    environment's ``MAHJONGKIT_IMPLEMENTATION``, is read here, not on every call). With the
    C++ implementation and the game's own scorer and gate, a hand dealt whole is played on
    the hand engine (``Judge.whole_hand``)."""
    chosen = resolve(impl)
    score_fn: ScoreFunction = scorer or (
        lambda hand, context: score(hand, context, ruleset, impl=chosen)
    )

    counts_waits = waits_function(chosen)  # the table's waits by the chosen analysis

    def table(flags: int, gate: SeatWaits | None) -> HandTableLike:
        return HandTable(DISCARDS, KONGS, flags, gate, counts_waits)

    if complete is None:
        own = scorer is not None
        return Judge(
            False,
            lambda hand: is_complete(hand, impl=chosen),
            score_fn,
            table=table,
            shuffled=wall_shuffle(chosen),
            own=own,
            # a whole hand on the hand engine, or in the Python hand layer (its twin)
            whole_hand=layer_hand if own else pick(chosen, cpp=engine_hand, python=layer_hand),
        )
    return Judge(True, complete, score_fn, table=table, own=True)


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
    ``impl`` (``"cpp"``, ``"python"``, or ``None``: the environment's choice) picks the
    implementation once for the game: with C++ a hand dealt whole is played on the C++ hand
    engine (:mod:`.engine_hand`), with Python in the hand layer, its twin (the hand layer
    also plays a written position and a game with your own ``complete`` or ``scorer``).

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
      ``outcomes`` (the queue :meth:`take_outcomes` drains), ``position``, ``hand_start``
      (the index in ``move_log`` of the first move of the hand in play).
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
        impl: str | None = None,
    ) -> None:
        seed_key = seed_bytes(seed)
        loaded = check_given_wall(wall, variant) if wall is not None else None
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
            if given is None:
                continue
            try:
                check_seat(given)
            except (TypeError, ValueError) as error:  # say which seat was given wrong
                raise type(error)(f"the {where}: {error}") from None
            if given != own:
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
            judge=_judge(ruleset, complete, scorer, impl),
        )
        self._start: dict[str, Any] = {
            "hand_no": hand_no,
            "dealer": own,
            "totals": self._match.totals,
        }
        self.position = position
        self.moves = 0
        # The index in move_log of the hand in play's first move (a driver that replays the
        # hand's moves, such as an observer on a hand engine, starts there).
        self.hand_start = 0
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
            if not isinstance(position, Position):
                raise TypeError(f"position is a Position, not {type(position).__name__}")
            load_position(self._match, position)
        self._hand = self._match.hand

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
        return self._hand.awaited()  # a finished game has no window and nobody on turn

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
        if cached is None:  # a finished game has no window and nobody on turn
            cached = self._legal[seat] = self._hand.moves_of(seat)
        return cached

    def legal(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now, sorted (empty when it is not awaited)."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            check_seat(seat)
        legal = self._legal[seat]
        if legal is None:
            legal = self._legal[seat] = self._hand.moves_of(seat)
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
        moves = hand.play(seat, move)
        if moves is not None:  # the next seat's turn, known from the same call
            self._legal[(seat + 1) & 3] = moves
        end = hand.end
        if end is not None:
            self._match.settle(end)
            if self._match.hand is not hand:  # a new hand was dealt (not the game's end)
                self._hand = self._match.hand
                self.hand_start = self.moves
            self.is_active = self._match.status is _ACTIVE
        return None

    # -- refusals: why a move is not among the legal ones ------------------------------------

    def _refusal(self, seat: int, move: Move) -> Refusal:
        code_, message = self._explain(seat, move)
        return Refusal(code_, message, self._legal_of(seat))

    def _explain(self, seat: int, move: Move) -> tuple[RefusalCode, str]:
        """Why ``move`` is refused: the game's state, the move's shape, then the hand's
        reasons in :func:`.explain.refusal_of`'s order."""
        if self._match.status is Status.FINISHED:
            return (RefusalCode.GAME_OVER, "the last hand is over")
        malformed = _malformed(move)
        if malformed:
            return (RefusalCode.BAD_MOVE, malformed)
        explained = refusal_of(self._hand, seat, move, self._match.judge.score)
        assert explained is not None, "a move the checks allow is a legal one"
        return explained

    # -- invariants --------------------------------------------------------------------------

    def check_invariants(self) -> list[str]:
        """Strings naming what is broken; empty when the state is sound (see
        :func:`.invariants.check`)."""
        return check(self._match, self._hand)

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

    def __repr__(self) -> str:
        """A line: the hand, its phase, the seat on turn, the wall and the totals.

        >>> Rules("repr")
        <Rules hand 1/16, phase discard, seat 0 on turn, wall 88, totals [0, 0, 0, 0]>
        """
        turn = "nobody" if self.turn is None else f"seat {self.turn}"
        return (
            f"<Rules hand {self.hand_no}/{HANDS}, phase {self.phase.value}, {turn} on turn,"
            f" wall {len(self.wall)}, totals {list(self.totals)}>"
        )

    def _repr_svg_(self) -> str:
        """The table (Jupyter): each seat's wind and total, its hand, its discards."""
        from mahjongkit._drawing import table_svg

        seats = [
            (
                f"seat {seat} {WIND_NAMES[self.seat_wind(seat)]} {self.totals[seat]:+d}",
                self.hand_of(seat)._tile_groups(),
                self.pools[seat],
            )
            for seat in range(SEATS)
        ]
        return table_svg(seats, title=repr(self)[1:-1])

    def _repr_html_(self) -> str:
        from mahjongkit._drawing import html

        return html(repr(self)[1:-1], self._repr_svg_())

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

    # -- save and restore (game/save.py) -----------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON: how it was started (the ruleset and variant written out when
        they are not the standard ones), every move since, and how many events were still
        to be taken. :meth:`from_json` replays it to this exact state (see
        :func:`.save.game_to_json`)."""
        return game_to_json(self)

    @classmethod
    def from_json(
        cls,
        text: str,
        *,
        complete: CompleteFunction | None = None,
        scorer: ScoreFunction | None = None,
        impl: str | None = None,
    ) -> Rules:
        """Restore a game saved by :meth:`to_json` (:func:`.save.game_from_json`): a bad
        file raises ``ValueError`` naming what is wrong; a game you already hold is never
        touched."""
        return game_from_json(cls, text, complete=complete, scorer=scorer, impl=impl)


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
