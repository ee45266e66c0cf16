"""One hand of :class:`~.rules.Rules` played on the C++ hand engine: the stand-in for
:class:`~.hand_state.HandState` that ``Rules(impl="cpp")`` deals when the game's own scorer
judges and the hand is dealt whole from a wall.

The engine (``cpp/core/mcr/hand_engine.hpp``) holds the hand once: walls, counts, melds,
flowers, pools, the turn, the window. :class:`EngineHand` keeps nothing of it a second time;
it reads every value the rules, the match, the invariants and the players read of a hand off
the engine when asked (a seat's hand, the melds, flowers, pools and the window once a move:
each is kept from its first read until the next move, which forgets them all), with the same
face as ``HandState``: the legal moves (the engine's list as :class:`~.moves.Move` values),
the events of each move (:class:`~.engine_events.EventDriver`), the window as a
:class:`~.window.ClaimWindow` (for a refusal's sentence, :func:`.explain.refusal_of`), the
wall as a :class:`~mahjongkit.mcr.hand.wall.Wall` view of the engine's read positions, the end
(:mod:`.engine_values`). What only the driver keeps is which kongs were promoted.

The Python hand layer stays the twin (``Rules(impl="python")``), and the only path for a
position written out (not dealt) or a caller's own scorer or completeness gate, which the
engine cannot call.

>>> from mahjongkit.mcr.game.rules import Rules
>>> game = Rules("engine-hand", impl="cpp")
>>> type(game.match.hand).__name__, game.waiting_on, len(game.wall)
('EngineHand', (0,), 88)
>>> game.apply(0, game.legal(0)[0]) is None, game.check_invariants()
(True, [])
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.game._cpp import engine_move, hand_engine, move_of
from mahjongkit.mcr.game.engine_events import EventDriver, deal_told
from mahjongkit.mcr.game.engine_refusals import context_now
from mahjongkit.mcr.game.engine_values import melds_of, offers_of
from mahjongkit.mcr.game.events import Event
from mahjongkit.mcr.game.hand_state import HandEnd, Judge, _unchecked_hand
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.window import ClaimWindow, Phase
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext

if TYPE_CHECKING:
    from mahjongkit.mcr.game.variant import Variant
    from mahjongkit.mcr.scoring.ruleset import Ruleset

__all__ = ["EngineHand"]

# The engine's phases (hand_engine.hpp kPhase*): discard, claim, rob, over. An ended hand
# reads as the discard phase until the match marks the game finished.
_PHASES: Final = (Phase.DISCARD, Phase.CLAIM, Phase.ROB, Phase.DISCARD)
_FROM: Final = (None, "wall", "back")  # the engine's drawn_from: none, wall, back
_REPLACEMENTS: Final = {-1: None, 0: Replacement.KONG, 1: Replacement.FLOWER}
_OVER: Final = 3
_UNREAD: Final[Any] = object()  # a value not read off the engine since the last move


_MELD_VALUES: Final[dict[tuple[Any, ...], Meld]] = {}


def _meld_of(
    seat: int, raw: tuple[int, int, bool, int, int], promoted: Collection[tuple[int, int]]
) -> Meld:
    """The engine's meld ``raw`` of ``seat`` as a value (:func:`.engine_values.melds_of`),
    each made once and shared (melds are values; a checked one costs microseconds)."""
    meld = _MELD_VALUES.get(raw)  # a chow or pung: its raw tuple is its key
    if meld is not None:
        return meld
    key = (*raw, raw[0] == 2 and (seat, raw[1]) in promoted)
    meld = _MELD_VALUES.get(key)
    if meld is None:
        meld = _MELD_VALUES[key] = melds_of(_OneMeld(raw), seat, promoted)[0]
        if raw[0] != 2:  # only a kong's value depends on more than its raw tuple
            _MELD_VALUES[raw] = meld
    return meld


class _OneMeld:
    """One engine meld read as an engine's melds (for :func:`.engine_values.melds_of`)."""

    __slots__ = ("raw",)

    def __init__(self, raw: tuple[int, int, bool, int, int]) -> None:
        self.raw = raw

    def melds(self, seat: int) -> list[tuple[int, int, bool, int, int]]:
        return [self.raw]


def _awaited_in_order() -> tuple[tuple[int, ...], ...]:
    """``[16 * first + bits]``: the seats of ``bits`` in the order the hand layer awaits them,
    from ``first`` (the seat on turn, or the window's nearest awaited seat after the
    discarder: every other awaited seat is further after the discarder, so going round from
    ``first`` meets them nearest first before the discarder); ``[64]``: nobody (the engine
    binding's ``awaited`` table)."""
    ordered = [
        tuple(s for s in ((first + step) & 3 for step in range(SEATS)) if bits >> s & 1)
        for first in range(SEATS)
        for bits in range(16)
    ]
    return (*ordered, ())


_AWAITED: Final = _awaited_in_order()


class _Moves(dict[tuple[int, int, int, int], Move]):
    """Engine move codes as :class:`Move` values, each made once (a game plays a few hundred
    kinds)."""

    def __missing__(self, code: tuple[int, int, int, int]) -> Move:
        move = self[code] = move_of(*code)
        _CODES[move] = code
        return move


class _Codes(dict[Move, tuple[int, int, int, int]]):
    def __missing__(self, move: Move) -> tuple[int, int, int, int]:
        code = self[move] = engine_move(move)
        return code


_MOVES: Final = _Moves()
_CODES: Final = _Codes()


def _numbered() -> tuple[Move, ...]:
    """The moves in the engine binding's numbering (``legal_moves``): a discard 1..34, a
    turn's kong 35..68, a window's kong 69, win 70, pass 71, pung 72, a chow 73 + 2 (a - 1)
    + (b - a - 1) for its held tiles a < b (0 and the chows no suit allows: unused)."""
    codes = [(3, 0, 0, 0)] * 139  # pass, for the unused numbers
    for tile in range(1, 35):
        codes[tile] = (0, tile, 0, 0)
        codes[34 + tile] = (1, tile, 0, 0)
    codes[69], codes[70], codes[71], codes[72] = (
        (1, 0, 0, 0),
        (2, 0, 0, 0),
        (3, 0, 0, 0),
        (5, 0, 0, 0),
    )
    for a in range(1, 34):
        for gap in (1, 2):
            if a + gap <= 34:
                codes[73 + 2 * (a - 1) + gap - 1] = (4, 0, a, a + gap)
    return tuple(_MOVES[code] for code in codes)


_NUMBERED: Final = _numbered()


class EngineHand:
    """One whole hand dealt from ``wall`` and played on a hand engine (``HandState``'s face).

    ``events`` is the match's queue: each move's events are appended to it."""

    __slots__ = (
        "_dealt",
        "_flowers",
        "_four",
        "_hands",
        "_melds",
        "_phase",
        "_pools",
        "_wall",
        "_window",
        "dealer",
        "driver",
        "end",
        "engine",
        "events",
        "flags",
        "judge",
        "prevailing",
    )
    _melds: list[tuple[Meld, ...]] | None
    _flowers: list[tuple[int, ...]] | None
    _pools: list[list[int]] | None
    _window: ClaimWindow | None
    _hands: list[Hand | None]

    whole: Final = True  # the engine plays only hands dealt whole from a wall

    def __init__(
        self,
        wall: Wall,
        *,
        dealer: int,
        prevailing: int,
        judge: Judge,
        events: list[Event],
        ruleset: Ruleset,
        variant: Variant,
    ) -> None:
        self.dealer = dealer
        self.prevailing = prevailing
        self.judge = judge
        self.events = events
        self.end: HandEnd | None = None
        self._phase: Phase | None = None  # set by the match when the game is over
        self._forget()
        self._four = isinstance(wall, SeatWalls)
        self._dealt = wall.as_dealt()  # the walls as dealt (never written): the Wall view's
        self.engine = hand_engine(ruleset, variant, dealer=dealer, prevailing=prevailing)
        self.driver: EventDriver | None = None
        self.flags: int = self.engine.flags
        self._wall = _view(self.engine, self._dealt, self._four)

    def deal(self) -> None:
        """Deal the wall (flowers exposed and replaced); the dealer is on turn."""
        engine = self.engine
        if self._four:  # four walls hold no flowers: their deal says nothing
            if not engine.deal_seat_walls([list(part) for part in self._dealt]):
                raise ValueError("the engine cannot deal these walls: one is too short")
        else:  # the deal's flowers and replacements, as the engine tells them
            self.events.extend(deal_told(engine, self._dealt[0]))
        self.driver = EventDriver(engine)
        self.flags = engine.flags
        self._forget()

    def copy(self, events: list[Event]) -> EngineHand:
        """An independent copy appending to ``events``: the engine cloned (a value copy),
        the driver's promoted kongs copied; the dealt walls and the end (values) shared."""
        other = EngineHand.__new__(EngineHand)
        other.dealer, other.prevailing, other.judge = self.dealer, self.prevailing, self.judge
        other.events, other.end, other._phase = events, self.end, self._phase
        other._hands = self._hands[:]  # values: shared until either side moves
        other._melds, other._flowers, other._pools = self._melds, self._flowers, self._pools
        other._window = _UNREAD  # a window is not a value: the copy reads its own
        other._four, other._dealt, other.flags = self._four, self._dealt, self.flags
        driver = self.driver
        if driver is None:
            other.engine, other.driver = self.engine.clone(), None
        else:
            other.driver = driver.copy()
            other.engine = other.driver.engine
        other._wall = _view(other.engine, other._dealt, other._four)
        return other

    # -- what the rules ask every move -------------------------------------------------------

    def awaited(self) -> tuple[int, ...]:
        """The seats awaited, in the hand layer's order (the seat on turn, or the window's
        waiting seats nearest the discarder first); none when the hand is over."""
        awaited: tuple[int, ...] = self.engine.awaited(_AWAITED)
        return awaited

    def moves_of(self, seat: int) -> tuple[Move, ...]:
        """Every move ``seat`` may make now, in legal-list order (the engine's list)."""
        moves: tuple[Move, ...] = self.engine.legal_moves(seat, _NUMBERED)
        return moves

    def play(self, seat: int, move: Move) -> None:
        """Take ``seat``'s legal ``move``: its events go to the match's queue; a move that
        ends the hand sets :attr:`end`."""
        driver = self.driver
        assert driver is not None, "deal first"
        self._forget()
        self.events.extend(driver.apply(seat, move, _CODES[move]))
        if self.engine.phase == _OVER:
            self.end = driver.end(self.judge.score, self.flags)

    def _forget(self) -> None:
        """Drop the values read off the engine since the last move (every move calls this:
        they are the engine's state only until it moves)."""
        self._hands = [None, None, None, None]
        self._melds = self._flowers = self._pools = None
        self._window = _UNREAD

    # -- the state, read off the engine (each value read once a move, then kept until the next)

    @property
    def phase(self) -> Phase:
        phase = self._phase
        return _PHASES[self.engine.phase] if phase is None else phase

    @phase.setter
    def phase(self, value: Phase) -> None:
        self._phase = value

    @property
    def turn(self) -> int | None:
        turn: int = self.engine.turn
        return None if turn < 0 else turn

    @property
    def drawn(self) -> int | None:
        drawn: int = self.engine.drawn
        return drawn or None

    @property
    def drawn_from(self) -> str | None:
        return _FROM[self.engine.drawn_from]

    @property
    def replacement(self) -> Replacement | None:
        return _REPLACEMENTS[self.engine.replacement]

    @property
    def claimed_this_turn(self) -> bool:
        return bool(self.engine.claimed_this_turn)

    @property
    def last_draw_emptied(self) -> bool:
        return bool(self.engine.last_draw_emptied)

    @property
    def last_discard_is_last(self) -> bool:
        return bool(self.engine.last_discard_is_last)

    @property
    def wall(self) -> Wall:
        """The tiles still to be drawn: a live view of the dealt walls at the engine's read
        positions (the engine's walls are the only ones; the view cannot be drawn from)."""
        return self._wall

    @property
    def melds(self) -> list[tuple[Meld, ...]]:
        """Each seat's melds as values (a promoted kong marked so)."""
        melds = self._melds
        if melds is None:
            read, promoted = self.engine.melds, self._promoted()
            melds = self._melds = []
            for seat in range(SEATS):
                raws = read(seat)  # most seats have none: no tuple to build
                melds.append(tuple([_meld_of(seat, raw, promoted) for raw in raws]) if raws else ())
        return melds

    @property
    def flowers(self) -> list[tuple[int, ...]]:
        flowers = self._flowers
        if flowers is None:
            read = self.engine.flowers
            flowers = self._flowers = [
                tuple(read(0)),
                tuple(read(1)),
                tuple(read(2)),
                tuple(read(3)),
            ]
        return flowers

    @property
    def pools(self) -> list[list[int]]:
        """The four discard pools, in order, less the claimed tiles."""
        pools = self._pools
        if pools is None:
            pool = self.engine.pool
            pools = self._pools = [pool(0), pool(1), pool(2), pool(3)]
        return pools

    @property
    def window(self) -> ClaimWindow | None:
        """The open window (its offers, answers and awaited seats read off the engine), or
        ``None``."""
        window = self._window
        if window is _UNREAD:
            window = self._window = self._read_window()
        return window

    def _read_window(self) -> ClaimWindow | None:
        engine = self.engine
        raw = engine.window()
        if raw is None or engine.phase == _OVER:
            return None
        window = ClaimWindow(_PHASES[raw[0]], raw[1], raw[2], offers_of(engine))
        answers = engine.window_answers()
        window.answers = {s: move_of(*a) for s, a in enumerate(answers) if a is not None}
        window.waiting = self.awaited()
        return window

    def _promoted(self) -> frozenset[tuple[int, int]] | set[tuple[int, int]]:
        driver = self.driver
        return frozenset() if driver is None else driver.promoted

    def hand(self, seat: int) -> Hand:
        """The seat's tiles as a :class:`Hand` value (built when first read after a move)."""
        hand = self._hands[seat]
        if hand is None:  # the engine's tiles are a hand: no need to check them again
            engine, every, flowers_of = self.engine, self._melds, self._flowers
            if every is None:
                promoted = self._promoted()
                melds = tuple(_meld_of(seat, raw, promoted) for raw in engine.melds(seat))
            else:
                melds = every[seat]
            flowers = tuple(engine.flowers(seat)) if flowers_of is None else flowers_of[seat]
            hand = self._hands[seat] = _unchecked_hand(engine.counts(seat), melds, flowers)
        return hand

    def kept_hand(self, seat: int) -> Hand | None:
        """The seat's hand value if one was read since the last move (the invariants hold it
        to the engine's tiles)."""
        return self._hands[seat]

    def counts_of(self, seat: int) -> list[int]:
        """The seat's concealed tiles as 35 counts (index 0 unused): a fresh list."""
        counts: list[int] = self.engine.counts(seat)
        return counts

    def walls(self) -> int:
        """The walls as the legality checks read them (:func:`.legality.pack_walls`)."""
        walls: int = self.engine.walls
        return walls

    def visible(self, kind: int) -> int:
        """Copies of ``kind`` everyone can see: in the pools and in melds on the table."""
        seen: int = self.engine.visible(kind)
        return seen

    def context(self, seat: int, tile: int, by: WinBy) -> WinContext:
        """The context of ``seat`` winning on ``tile`` now (``HandState.context``)."""
        driver = self.driver
        assert driver is not None, "deal first"
        return context_now(driver, seat, tile, by, self.dealer, self.prevailing)


class _EngineWall(Wall):
    """The shared wall as the engine reads it: the dealt tiles from its front to its back."""

    __slots__ = ("_engine",)
    _engine: Any

    @property
    def _front(self) -> int:  # type: ignore[override]
        front: int = self._engine.marks()[2]
        return front

    @property
    def _back(self) -> int:  # type: ignore[override]
        back: int = self._engine.marks()[3]
        return back

    @property
    def tiles(self) -> tuple[int, ...]:
        marks = self._engine.marks()  # front and back from one read
        return tuple(self._tiles[marks[2] : marks[3]])


class _EngineSeatWall(Wall):
    """One seat's own wall (four walls) as the engine reads it: its dealt tiles from the
    number the seat has taken."""

    __slots__ = ("_engine", "_seat")
    _engine: Any
    _seat: int

    @property
    def _front(self) -> int:  # type: ignore[override]
        taken: int = self._engine.marks()[4 + self._seat]
        return taken


def _view(engine: Any, dealt: tuple[tuple[int, ...], ...], four: bool) -> Wall:
    """A live :class:`Wall` (or :class:`SeatWalls`) view of ``engine``'s walls, ``dealt``
    as they were dealt."""
    if not four:
        wall = _EngineWall.__new__(_EngineWall)
        wall._engine, wall._tiles, wall._dealt = engine, dealt[0], True  # type: ignore[assignment]
        return wall
    seats: list[Wall] = []
    for seat, part in enumerate(dealt):
        own = _EngineSeatWall.__new__(_EngineSeatWall)
        own._engine, own._seat, own._tiles = engine, seat, part  # type: ignore[assignment]
        own._back, own._dealt = len(part), True
        seats.append(own)
    walls = SeatWalls.__new__(SeatWalls)
    walls._tiles = [t for part in dealt for t in part]
    walls._front, walls._back, walls._dealt = 0, len(walls._tiles), True
    walls._seats = seats
    return walls
