"""The state of one hand: wall, the four seats' tiles, pools, turn, the drawn tile, flags.

:class:`HandState` runs a hand from the deal to its end: draws (flowers exposed and
replaced), discards, kongs, the claim window, the robbing window. Its table keeps each
seat's concealed tiles as a count vector and each seat's *waits* (the kinds that would
complete its thirteen), recomputed only when that seat's tiles change, so a discard asks every other
seat "does this tile complete you?" as a lookup in a short list and all seats' claims are
computed at once. A win is scored once, when it becomes possible; the tally is kept for the
settlement. When the hand ends, :attr:`HandState.end` says how; the match settles it.

The engine is deterministic: everything is a function of the wall and the moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from mahjongkit.mcr.game.events import (
    DISCARDED,
    DREW,
    PASSED,
    Answered,
    Claimed,
    Event,
    EventKind,
    FlowerExposed,
    KongDeclared,
)
from mahjongkit.mcr.game.legality import (
    FOUR_WALLS,
    OFFER_BITS,
    OFFER_WAIT,
    last_of_wall,
    offered_moves,
    win_context,
    win_tally,
)
from mahjongkit.mcr.game.moves import WIN, Move, MoveKind
from mahjongkit.mcr.game.table import OFFER_SHIFT, OPEN, HandTableLike, SeatWaits
from mahjongkit.mcr.game.window import ClaimWindow, Phase
from mahjongkit.mcr.hand.hand import COUNTS_LENGTH, Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.wall import SEATS, SeatWalls, Wall
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.tiles import is_bonus


class TallyLike(Protocol):
    """What the rules read from the scorer's answer."""

    @property
    def minimum_met(self) -> bool: ...
    @property
    def basic(self) -> int: ...
    @property
    def total(self) -> int: ...


ScoreFunction = Callable[[Hand, WinContext], TallyLike]


@dataclass(frozen=True)
class Judge:
    """What the hand asks the layers below, chosen once per game: whether fourteen are
    complete, the scorer, and the table of the seats' tiles (which keeps their waits)."""

    gate: bool  # a custom completeness gate: the table asks it for the waits
    complete: Callable[[Hand], bool]
    score: ScoreFunction
    # A new table of the four seats' tiles (the per-discard step in one call) under the
    # given rule flags; a custom gate gives its waits (the table then asks it).
    table: Callable[[int, SeatWaits | None], HandTableLike]
    # The seeded wall of a hand from the seed's bytes and the hand number (None: the hand
    # layer's own order_for).
    shuffled: Callable[[bytes, int], list[int]] | None = None
    # Whether the scorer or the completeness gate is the caller's own (not the ruleset's):
    # then only this hand layer can play the game (a hand engine scores by the ruleset).
    own: bool = False
    # What plays a hand dealt whole, given the match and the wall: the C++ hand engine
    # (match.engine_hand) under the C++ implementation with the game's own scorer and gate,
    # else this hand layer (match.layer_hand; None: the same).
    whole_hand: Callable[[Any, Wall], Any] | None = None


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: a win (with the tally that made it legal) or exhaustion."""

    winner: int | None = None
    by: WinBy | None = None
    discarder: int | None = None
    tile: int | None = None
    tally: TallyLike | None = None
    hand: Hand | None = None
    context: WinContext | None = None


def _unchecked_hand(counts: list[int], melds: tuple[Meld, ...], flowers: tuple[int, ...]) -> Hand:
    hand = object.__new__(Hand)
    object.__setattr__(hand, "counts", tuple(counts))
    object.__setattr__(hand, "melds", melds)
    object.__setattr__(hand, "flowers", flowers)
    return hand


class HandState:
    """One hand in play. Attributes are read by the rules; seats change only through the
    methods below (each appends what happened to ``events``).

    Each seat's concealed tiles live in the table (:mod:`.table`), which makes the draws and
    discards itself (:meth:`counts_of` reads them); ``melds`` and ``flowers`` are here. Every
    other change (the deal, a claim, a kong, a win) is made to the seat's counts read from the
    table and handed back whole with its melds (:meth:`_changed`)."""

    __slots__ = (
        "_hands",
        "_self_done",
        "_self_tally",
        "claimed_this_turn",
        "dealer",
        "drawn",
        "drawn_from",
        "end",
        "events",
        "flags",
        "flowers",
        "judge",
        "last_discard_is_last",
        "last_draw_emptied",
        "melds",
        "phase",
        "pools",
        "prevailing",
        "replacement",
        "seat_walls",
        "table",
        "turn",
        "wall",
        "whole",
        "window",
    )

    def __init__(
        self,
        wall: Wall,
        *,
        dealer: int,
        prevailing: int,
        judge: Judge,
        events: list[Event],
        whole: bool,
        flags: int = 0,
    ) -> None:
        self.wall = wall
        # Four walls, one a seat (the Botzone format), or None for the one shared wall.
        self.seat_walls = wall if isinstance(wall, SeatWalls) else None
        self.dealer = dealer
        self.prevailing = prevailing
        self.judge = judge
        self.events = events
        self.whole = whole  # a seeded hand holds the whole set; a written one may not
        # The rule flags of the legality checks (legality.rule_flags), FOUR_WALLS as the wall is.
        self.flags = flags & ~FOUR_WALLS | (FOUR_WALLS if self.seat_walls is not None else 0)
        self.melds: list[tuple[Meld, ...]] = [(), (), (), ()]
        self.flowers: list[tuple[int, ...]] = [(), (), (), ()]
        self.pools: list[list[int]] = [[], [], [], []]
        self._hands: list[Hand | None] = [None, None, None, None]
        self.phase = Phase.DISCARD
        self.turn: int | None = None
        self.window: ClaimWindow | None = None
        self.drawn: int | None = None
        self.drawn_from: str | None = None
        self.replacement: Replacement | None = None
        self.claimed_this_turn = False
        self.last_draw_emptied = False
        self.last_discard_is_last = False
        self.end: HandEnd | None = None
        self._self_done = False
        self._self_tally: TallyLike | None = None
        # The seats' concealed tiles, for the one-call discard step and the legal lists.
        self.table = judge.table(self.flags, self._gate_waits if judge.gate else None)

    def copy(self, events: list[Event]) -> HandState:
        """An independent copy (hands, melds and tallies are immutable values: shared)."""
        other = HandState.__new__(HandState)
        other.wall = self.wall.copy()
        other.seat_walls = other.wall if isinstance(other.wall, SeatWalls) else None
        other.dealer, other.prevailing, other.judge = self.dealer, self.prevailing, self.judge
        other.events = events
        other.whole, other.flags = self.whole, self.flags
        other.melds = self.melds[:]
        other.flowers = self.flowers[:]
        p = self.pools
        other.pools = [p[0][:], p[1][:], p[2][:], p[3][:]]
        other._hands = self._hands[:]
        other.phase, other.turn = self.phase, self.turn
        other.window = None if self.window is None else self.window.copy()
        other.drawn, other.drawn_from = self.drawn, self.drawn_from
        other.replacement = self.replacement
        other.claimed_this_turn = self.claimed_this_turn
        other.last_draw_emptied = self.last_draw_emptied
        other.last_discard_is_last = self.last_discard_is_last
        other.end = self.end
        other._self_done, other._self_tally = self._self_done, self._self_tally
        other.table = self.table.copy()
        return other

    # -- seats -------------------------------------------------------------------------------

    def hand(self, seat: int) -> Hand:
        """The seat's tiles as a :class:`Hand` value (built when asked, then kept)."""
        hand = self._hands[seat]
        if hand is None:
            hand = _unchecked_hand(self.table.counts(seat), self.melds[seat], self.flowers[seat])
            self._hands[seat] = hand
        return hand

    def kept_hand(self, seat: int) -> Hand | None:
        """The seat's hand value if one is kept (built since its tiles last changed)."""
        return self._hands[seat]

    def set_hand(self, seat: int, hand: Hand) -> None:
        """Replace the seat's tiles by ``hand`` (a checked value)."""
        self.melds[seat] = hand.melds
        self.flowers[seat] = hand.flowers
        self._changed(seat, list(hand.counts))
        self._hands[seat] = hand

    def counts_of(self, seat: int) -> list[int]:
        """The seat's concealed tiles as 35 counts (index 0 unused): a fresh list, read from
        the table."""
        return self.table.counts(seat)

    def _changed(self, seat: int, counts: list[int]) -> None:
        """The seat's tiles changed (anything but a discard or a draw, which the table makes
        itself): ``counts`` are its concealed tiles now, handed to the table with its melds;
        its hand value is rebuilt when asked."""
        self._hands[seat] = None
        melds = self.melds[seat]
        self.table.set_seat(
            seat,
            counts,
            len(melds),
            [k for m in melds for k in m.tiles],
            [m.tiles[0] for m in melds if m.kind is _PUNG_MELD],
        )

    def _gate_waits(self, seat: int, counts: list[int]) -> list[int]:
        """A custom completeness gate's waits of the thirteen ``counts`` (asked by the table)."""
        hand = _unchecked_hand(counts, self.melds[seat], self.flowers[seat])
        complete = self.judge.complete
        return [
            k for k in range(1, _LAST_STANDARD + 1) if hand.held(k) < 4 and complete(hand.draw(k))
        ]

    def size(self, seat: int) -> int:
        """Concealed tiles plus three per meld: 13, or 14 on turn."""
        return sum(self.table.counts(seat)) + 3 * len(self.melds[seat])

    def held(self, seat: int, kind: int) -> int:
        """Copies of ``kind`` the seat holds, concealed and in melds."""
        return self.table.counts(seat)[kind] + sum(m.tiles.count(kind) for m in self.melds[seat])

    def waits_of(self, seat: int) -> list[int]:
        """The kinds that would complete the seat's thirteen (none held four), ascending,
        kept by the table until the seat's tiles change."""
        return self.table.waits(seat)

    def walls(self) -> int:
        """The walls as the legality checks read them (:func:`.legality.pack_walls`)."""
        walls = self.seat_walls
        if walls is None:
            wall = self.wall
            return wall._back - wall._front
        # pack_walls of the four walls' lengths, read in place (asked at every discard of a
        # Botzone hand: building the list took a fifth of a record's replay, profiled)
        a, b, c, d = walls._seats
        return (
            (a._back - a._front)
            | (b._back - b._front) << 8
            | (c._back - c._front) << 16
            | (d._back - d._front) << 24
        )

    def add_flower(self, seat: int, tile: int) -> None:
        self.flowers[seat] = tuple(sorted((*self.flowers[seat], tile)))
        self._hands[seat] = None

    # -- what the rules ask every move (EngineHand's face too) -------------------------------

    def awaited(self) -> tuple[int, ...]:
        """The seats awaited: the seat on turn, or the window's waiting seats nearest the
        discarder first; none when the hand is over."""
        window = self.window
        if window is not None:
            return window.waiting
        turn = self.turn
        return _ALONE[turn] if turn is not None else ()

    def moves_of(self, seat: int) -> tuple[Move, ...]:
        """Every move ``seat`` may make now, in legal-list order."""
        window = self.window
        if window is not None:
            return window.legal(seat)
        if seat == self.turn:
            return self.turn_moves(seat)
        return ()

    def play(self, seat: int, move: Move) -> tuple[Move, ...] | None:
        """Take ``seat``'s legal ``move``; the next seat's turn moves when a discard's one
        call already knows them (:meth:`discard`), else ``None``."""
        if self.window is not None:
            self.answer(seat, move)
            return None
        kind = move.kind
        if kind is _DISCARD:
            return self.discard(seat, move.tile)  # type: ignore[arg-type]
        if kind is MoveKind.KONG:
            self.declare_kong(seat, move.tile)  # type: ignore[arg-type]
        else:
            self.win_on_turn(seat)
        return None

    # -- what is legal -----------------------------------------------------------------------

    def turn_moves(self, seat: int) -> tuple[Move, ...]:
        """The moves of the seat on turn: its discards and kongs (:mod:`.legality`, through
        the table) and a self-drawn win, in legal-list order."""
        moves = self.table.turn_moves(seat, self.claimed_this_turn, self.walls())
        if (not self._self_done or self._self_tally is not None) and self.self_draw_tally():
            moves += (WIN,)
        return moves

    def self_draw_tally(self) -> TallyLike | None:
        """The tally of a self-drawn win by the seat on turn, scored once per turn, or
        ``None`` when it has none (no drawn tile, a claimed turn, not complete, under 8)."""
        if self._self_done:
            return self._self_tally
        self._self_done = True
        self._self_tally = None
        seat, drawn = self.turn, self.drawn
        if seat is None or drawn is None or self.claimed_this_turn:
            return None
        hand = self.hand(seat)
        if not self.judge.complete(hand):
            return None
        context = self.context(seat, drawn, WinBy.SELF_DRAWN)
        self._self_tally = win_tally(self.judge.score, hand, context, self.flags)
        return self._self_tally

    def _new_turn(self) -> None:
        self._self_done = False
        self._self_tally = None

    def visible(self, kind: int) -> int:
        """Copies of ``kind`` everyone can see: in the pools and in melds on the table."""
        seen = sum(pool.count(kind) for pool in self.pools)
        for melds in self.melds:
            for meld in melds:
                if not meld.concealed:
                    seen += meld.tiles.count(kind)
        return seen

    def context(self, seat: int, tile: int, by: WinBy) -> WinContext:
        """The context of ``seat`` winning on ``tile`` now (:func:`.legality.win_context`;
        a robbed kong's fourth is not yet on the table)."""
        return win_context(
            (seat - self.dealer) % SEATS,
            self.prevailing,
            tile,
            by,
            self.visible(tile),
            self.last_draw_emptied,
            self.last_discard_is_last,
            self.replacement,
        )

    def _win_on(self, seat: int, tile: int, by: WinBy) -> tuple[TallyLike, WinContext] | None:
        """The tally (and its context) of ``seat`` winning on another seat's ``tile``."""
        if tile not in self.waits_of(seat):
            return None
        hand = self.hand(seat)
        counts = list(hand.counts)
        counts[tile] += 1
        context = self.context(seat, tile, by)
        hand14 = _unchecked_hand(counts, hand.melds, hand.flowers)
        tally = win_tally(self.judge.score, hand14, context, self.flags)
        return None if tally is None else (tally, context)

    def offers(self, seat: int, tile: int, found: int) -> ClaimWindow | None:
        """The window on ``seat``'s discard of ``tile``: every other seat's offers (the
        table's bits, eight a seat: the claims :mod:`.legality` allows and whether the tile
        is a wait), each wait scored once; ``None`` when nobody may claim it."""
        may: dict[int, tuple[Move, ...]] | None = None
        tallies: dict[int, Any] = {}
        for step in (1, 2, 3):
            bits = found >> (OFFER_BITS * (step - 1)) & 0xFF
            if not bits:
                continue
            other = (seat + step) & 3
            claims = offered_moves(tile, bits)
            if bits & OFFER_WAIT:
                win = self._win_on(other, tile, WinBy.DISCARD)
                if win is not None:
                    claims += (WIN,)
                    tallies[other] = win
            if claims:
                if may is None:
                    may = {}
                may[other] = claims
        if may is None:
            return None
        return ClaimWindow(Phase.CLAIM, tile, seat, may, tallies=tallies, nearest_first=True)

    # -- the deal ----------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal 13 to each seat and 14 to the dealer, expose and replace flowers, and put
        the dealer on turn (its fourteenth counts as drawn: a win on it is self-drawn)."""
        dealer = self.dealer
        dealt = self.wall.deal(dealer)
        order = [(dealer + step) % SEATS for step in range(SEATS)]
        last_received: dict[int, tuple[int, str]] = {}
        emit = self.events.append
        counts = [[0] * COUNTS_LENGTH for _ in range(SEATS)]
        for seat in order:
            tiles = dealt[seat]
            c = counts[seat]
            last_received[seat] = (tiles[-1], "wall")
            for tile in tiles:
                if tile > _LAST_STANDARD:  # a flower or season
                    self.add_flower(seat, tile)
                    emit(FlowerExposed(seat, tile))
                else:
                    c[tile] += 1
        # Replacements from the back, seat by seat from the dealer, flowers recursively.
        for seat in order:
            c = counts[seat]
            missing = (14 if seat == dealer else 13) - sum(c)
            while missing > 0:
                tile = self.wall.replace()
                emit(DREW[seat][True])
                if is_bonus(tile):
                    self.add_flower(seat, tile)
                    emit(FlowerExposed(seat, tile))
                else:
                    c[tile] += 1
                    missing -= 1
                    last_received[seat] = (tile, "back")
            self._changed(seat, c)
        self.turn = dealer
        tile, source = last_received[dealer]
        self.drawn = tile if not is_bonus(tile) else None
        self.drawn_from = source
        self.replacement = Replacement.FLOWER if source == "back" else None
        self._new_turn()

    # -- the turn ----------------------------------------------------------------------------

    def discard(self, seat: int, tile: int) -> tuple[Move, ...] | None:
        """``seat`` discards ``tile``; the next seat's turn moves when it drew and they are
        known here already (no self-drawn win to score), else ``None``."""
        self._hands[seat] = None
        self.pools[seat].append(tile)
        # Fan 45 (last tile claim): the discard that follows the draw that emptied the wall.
        self.last_discard_is_last = self.last_draw_emptied
        self.events.append(DISCARDED[seat][tile])
        wall = self.wall
        # One call: the table takes the discard and asks every other seat; when nobody may
        # claim it and the shared wall's front tile is a standard one, the next seat draws it
        # (the table's counts are the seats' tiles: the discard and the draw are made there).
        front = wall._front
        drawn = 0
        if self.seat_walls is None and wall._back != front:
            drawn = wall._tiles[front]
            if drawn > _LAST_STANDARD:
                drawn = 0
        found, moves = self.table.step(seat, tile, drawn, self.walls())
        nxt = (seat + 1) & 3
        if found < OPEN:
            front += 1
            wall._front = front
            self.events.append(DREW[nxt][False])
            self._hands[nxt] = None
            self.turn = nxt
            self.drawn = drawn
            self.drawn_from = "wall"
            self.replacement = None
            self.claimed_this_turn = False
            self.last_draw_emptied = last_of_wall(self.flags, wall._back - front, nxt, True)
            self._self_done = not found  # no win to score unless the tile is a wait
            self._self_tally = None
            return None if found else moves
        self.turn = None
        self.drawn = self.drawn_from = None
        self.replacement = None
        window = self.offers(seat, tile, found >> OFFER_SHIFT)
        if window is None:  # nobody may claim (a win under 8 points, or no draw was asked)
            self.draw(nxt, from_back=False, reason=None)
            return None
        self.phase = Phase.CLAIM
        self.window = window
        return None

    def declare_kong(self, seat: int, tile: int) -> None:
        c = self.table.counts(seat)
        if c[tile] == 4:
            self.events.append(KongDeclared(seat, tile, "concealed"))
            c[tile] = 0
            self.melds[seat] = (*self.melds[seat], Meld(MeldKind.KONG, (tile,) * 4, concealed=True))
            self._changed(seat, c)
            self.draw(seat, from_back=True, reason=Replacement.KONG)  # never robbable
            return
        self.events.append(KongDeclared(seat, tile, "promoted"))
        robbers: dict[int, tuple[Move, ...]] = {}
        tallies: dict[int, Any] = {}
        for step in (1, 2, 3):
            other = (seat + step) & 3
            if tile in self.waits_of(other):
                win = self._win_on(other, tile, WinBy.ROBBING)
                if win is not None:
                    robbers[other] = (WIN,)
                    tallies[other] = win
        if robbers:
            self.phase = Phase.ROB
            self.window = ClaimWindow(Phase.ROB, tile, seat, robbers, tallies=tallies)
            self.turn = None
            self.drawn = self.drawn_from = None  # the kong's tile is no longer the drawn one
            self.replacement = None
            return
        self.perform_promotion(seat, tile)

    def perform_promotion(self, seat: int, tile: int) -> None:
        self.set_hand(seat, self.hand(seat).promote_kong(tile))
        self.draw(seat, from_back=True, reason=Replacement.KONG)

    def win_on_turn(self, seat: int) -> None:
        drawn = self.drawn
        tally = self.self_draw_tally()
        assert drawn is not None and tally is not None
        self.events.append(Answered(EventKind.WIN, seat, drawn))
        context = self.context(seat, drawn, WinBy.SELF_DRAWN)
        self.finish(HandEnd(seat, WinBy.SELF_DRAWN, None, drawn, tally, self.hand(seat), context))

    # -- draws -------------------------------------------------------------------------------

    def draw(self, seat: int, *, from_back: bool, reason: Replacement | None) -> None:
        """Draw for ``seat`` (front, or back for a replacement), exposing and replacing
        flowers, and put the seat on turn; an empty wall ends the hand exhausted."""
        wall = self.wall  # no window is open: its closing (or none) led here
        emit = self.events.append
        walls = self.seat_walls
        while True:
            tile = wall.take(from_back) if walls is None else walls.take_for(seat)
            if tile is None:
                self.finish(HandEnd())
                return
            emit(DREW[seat][from_back])
            if tile <= _LAST_STANDARD:
                break
            self.add_flower(seat, tile)
            emit(FlowerExposed(seat, tile))
            from_back, reason = True, Replacement.FLOWER
        self._hands[seat] = None  # the table's draw below keeps the waits of the thirteen
        self.phase = Phase.DISCARD
        self.turn = seat
        self.drawn = tile
        self.drawn_from = "back" if from_back else "wall"
        self.replacement = reason
        self.claimed_this_turn = False
        # The last tile (fans 44, 45): the shared wall is empty, or the next seat's is.
        left = wall._back - wall._front if walls is None else self.walls()  # walls(), inlined
        self.last_draw_emptied = last_of_wall(self.flags, left, seat, True)
        # The table adds the tile; unless it is among the waits of the thirteen, there is no
        # win to score.
        self._self_done = not self.table.draw(seat, tile)
        self._self_tally = None

    # -- the window --------------------------------------------------------------------------

    def answer(self, seat: int, move: Move) -> None:
        """Lodge a legal answer in the open window and close it if nobody is left."""
        w = self.window
        assert w is not None
        kind = move.kind
        if kind is MoveKind.PASS:
            self.events.append(PASSED[seat][w.tile])
        elif kind is MoveKind.KONG:
            self.events.append(KongDeclared(seat, w.tile, "exposed"))
        else:
            key = (seat, move, w.tile)
            event = _ANSWERED.get(key)
            if event is None:  # answers are values: each made once, then shared
                event = _ANSWERED[key] = Answered(_ANSWER_EVENT[kind], seat, w.tile, move.tiles)
            self.events.append(event)
        if w.answer(seat, move):
            self.close_window(w)

    def close_window(self, w: ClaimWindow) -> None:
        best = w.best()
        self.window = None
        tile, source = w.tile, w.from_seat
        if w.kind is Phase.ROB:
            if best is None:  # nobody robbed: the kong stands and its replacement is drawn
                self.perform_promotion(source, tile)
                return
            winner = best[0]
            c = self.table.counts(source)
            c[tile] -= 1  # the robbed tile moves to the winner
            self._changed(source, c)
            tally, context = w.tallies[winner]
            self._end_with_win(winner, tile, WinBy.ROBBING, source, tally, context)
            return
        if best is None:
            self.draw((source + 1) & 3, from_back=False, reason=None)
            return
        claimer, move = best
        popped = self.pools[source].pop()
        assert popped == tile
        if move.kind is MoveKind.WIN:
            tally, context = w.tallies[claimer]
            self._end_with_win(claimer, tile, WinBy.DISCARD, source, tally, context)
            return
        # The window offered the claim from these very counts: no need to check them again.
        c = self.table.counts(claimer)
        if move.kind is MoveKind.CHOW:
            assert move.tiles is not None
            a, b = move.tiles
            c[a] -= 1
            c[b] -= 1
        else:
            c[tile] -= 2 if move.kind is MoveKind.PUNG else 3
        meld, claimed = _claim_values(claimer, move, tile, source)
        self.melds[claimer] = (*self.melds[claimer], meld)
        self._changed(claimer, c)
        self.events.append(claimed)
        # With four walls the claimer's discard is the last tile's when the next wall is empty.
        self.last_draw_emptied = last_of_wall(self.flags, self.walls(), claimer, False)
        if move.kind is MoveKind.KONG:
            self.draw(claimer, from_back=True, reason=Replacement.KONG)
            return
        self.phase = Phase.DISCARD
        self.turn = claimer
        self.claimed_this_turn = True
        self.drawn = self.drawn_from = None
        self.replacement = None
        self._self_done, self._self_tally = True, None  # no drawn tile: no self-drawn win

    def _end_with_win(
        self,
        winner: int,
        tile: int,
        by: WinBy,
        discarder: int,
        tally: TallyLike,
        context: WinContext,
    ) -> None:
        c = self.table.counts(winner)
        c[tile] += 1
        self._changed(winner, c)
        self.finish(HandEnd(winner, by, discarder, tile, tally, self.hand(winner), context))

    def finish(self, end: HandEnd) -> None:
        self.end = end
        self.window = None
        self.turn = None
        self.drawn = self.drawn_from = None


def _claim_values(claimer: int, move: Move, tile: int, source: int) -> tuple[Meld, Claimed]:
    """The meld a claim makes and its event: immutable values, built once and shared (a
    game makes thousands of claims of a few hundred kinds)."""
    key = (claimer, move, tile, source)
    values = _CLAIMS.get(key)
    if values is None:
        if move.kind is MoveKind.CHOW:
            assert move.tiles is not None
            a, b = move.tiles
            meld = Meld(MeldKind.CHOW, tuple(sorted((a, b, tile))), False, False, source, tile)
        elif move.kind is MoveKind.PUNG:
            meld = Meld(MeldKind.PUNG, (tile, tile, tile), False, False, source, tile)
        else:
            meld = Meld(MeldKind.KONG, (tile, tile, tile, tile), False, False, source, tile)
        values = _CLAIMS[key] = (meld, Claimed(claimer, tile, move.kind.value, source))
    return values


_CLAIMS: dict[tuple[int, Move, int, int], tuple[Meld, Claimed]] = {}
_ANSWERED: dict[tuple[int, Move, int], Answered] = {}
_LAST_STANDARD: Final = 34
_ALONE: Final = ((0,), (1,), (2,), (3,))
_DISCARD: Final = MoveKind.DISCARD
_PUNG_MELD: Final = MeldKind.PUNG
_ANSWER_EVENT: Final = {
    MoveKind.PASS: EventKind.PASS,
    MoveKind.CHOW: EventKind.CHOW,
    MoveKind.PUNG: EventKind.PUNG,
    MoveKind.WIN: EventKind.WIN,
}
