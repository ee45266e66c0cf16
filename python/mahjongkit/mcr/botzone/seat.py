"""A seat's view rebuilt from its Botzone request log: what a bot program knows.

A Botzone bot sees only the requests sent to it and its own responses. :class:`SeatState`
reads them one by one and keeps what they reveal: its own hand and melds, every seat's
melds, bonus tiles, discard pool and concealed-tile count, and how many tiles are left in
each seat's private wall (34 at the start, or 36 when the deal shows the set has bonus
tiles; a seat's wall loses a tile on every draw it is told of). From that it builds the same
:class:`~mahjongkit.mcr.players.bot.View` a bot reads in an ordinary game, legal moves
included (the Botzone variant's: see ``docs/botzone.md``), so any
``choose(view) -> Move`` player can answer a request.

>>> state = SeatState()
>>> for line in ["0 1 0", "1 0 0 0 0 W1 W2 W3 W5 W5 B4 B5 B6 T7 T8 F1 F1 J3", "3 0 DRAW"]:
...     _ = state.feed(line)
>>> view = state.feed("3 0 PLAY T9")
>>> view.phase.value, [str(m) for m in view.legal]
('claim', ['pass', 'chow 78s'])
>>> state.respond_with("PASS")
>>> state.walls_left
(20, 21, 21, 21)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mahjongkit.mcr.analysis.engine import is_complete
from mahjongkit.mcr.botzone.protocol import Request, RequestKind, Response, ResponseKind
from mahjongkit.mcr.botzone.variant import DEALT, GB, WALL_TILES
from mahjongkit.mcr.game.legality import (
    claim_offers,
    last_of_wall,
    pack_walls,
    pungs_of,
    turn_moves,
    win_context,
    win_tally,
)
from mahjongkit.mcr.game.moves import PASS, WIN, Move, discard
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.players.bot import View, WindowView, visible_counts
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.ruleset import Ruleset
from mahjongkit.tiles import STANDARD_KINDS

SEATS: Final = 4


class ProtocolError(ValueError):
    """A request that cannot follow the ones before it (a judge's bug, or a garbled log)."""


@dataclass
class _Window:
    kind: Phase
    tile: int
    from_seat: int


@dataclass
class SeatState:
    """What one seat knows, updated request by request (see the module's description)."""

    seat: int = -1
    quan: int = 0
    hand: Hand = field(default_factory=Hand)
    melds: list[list[Meld]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    flowers: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    pools: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    concealed: list[int] = field(default_factory=lambda: [0] * SEATS)
    left: list[int] = field(default_factory=lambda: [WALL_TILES] * SEATS)
    requests: int = 0
    ruleset: Ruleset = GB
    seed: str = "botzone"
    # the moment
    turn: int | None = None  # the seat on turn after a draw (its answer is awaited)
    drawn: int | None = None
    replacement: Replacement | None = None
    window: _Window | None = None
    last_discard: tuple[int, int] | None = None  # (seat, tile) of the discard lying open
    last_response: Response | None = None
    _after_kong: list[bool] = field(default_factory=lambda: [False] * SEATS)
    _flower_draw: list[bool] = field(default_factory=lambda: [False] * SEATS)

    @classmethod
    def rebuild(cls, requests: list[str], responses: list[str]) -> tuple[SeatState, View]:
        """The state after a whole log (``responses[i]`` answered ``requests[i]``; the last
        request is unanswered) and the view for answering the last request."""
        if len(responses) != len(requests) - 1:
            raise ValueError(
                f"a log has one request more than responses, not {len(requests)} and"
                f" {len(responses)}"
            )
        state = cls()
        view = None
        for index, line in enumerate(requests):
            view = state.feed(line)
            if index < len(responses):
                state.respond_with(responses[index])
        assert view is not None
        return state, view

    # -- reading requests -------------------------------------------------------------------

    def feed(self, line: str | Request) -> View:
        """Read the next request; the view to answer it from."""
        request = line if isinstance(line, Request) else Request.parse(line)
        self.requests += 1
        self.window = None
        try:
            self._apply(request)
        except (ValueError, IndexError) as error:
            raise ProtocolError(f"request {request} does not follow: {error}") from None
        return self.view()

    def respond_with(self, text: str | Response) -> None:
        """Note this seat's answer to the last request (needed to name a concealed kong)."""
        self.last_response = text if isinstance(text, Response) else Response.parse(text)

    def _apply(self, r: Request) -> None:
        k = r.kind
        me = self.seat
        if k is RequestKind.SEAT:
            assert r.seat is not None and r.quan is not None
            self.seat, self.quan = r.seat, r.quan
            return
        if me < 0:
            raise ValueError("the first request must be '0 id quan'")
        if k is RequestKind.DEAL:
            has_flowers = any(r.flowers)
            size = WALL_TILES + (2 if has_flowers else 0)
            for s in range(SEATS):
                self.flowers[s] = list(r.flowers[s])
                self.left[s] = size - DEALT - len(r.flowers[s])
                self.concealed[s] = DEALT
            self.hand = Hand.from_tiles(r.hand, flowers=r.flowers[me])
            return
        if k is RequestKind.DRAW:
            seat = me if r.seat is None else r.seat
            self.left[seat] -= 1
            self.concealed[seat] += 1
            self.turn = seat
            self.replacement = (
                Replacement.KONG
                if self._after_kong[seat]
                else Replacement.FLOWER
                if self._flower_draw[seat]
                else None
            )
            self._after_kong[seat] = self._flower_draw[seat] = False
            if r.seat is None:
                assert r.tile is not None
                self.hand = self.hand.draw(r.tile)
                self.drawn = r.tile
            return
        if r.seat is None:
            raise ValueError("an action names its seat")
        seat = r.seat
        if k is RequestKind.FLOWER:
            assert r.tile is not None
            self.left[seat] -= 1
            self.flowers[seat].append(r.tile)
            self._flower_draw[seat] = True
            if seat == me:
                self.hand = self.hand.add_flower(r.tile)
            return
        if k is RequestKind.PLAY:
            assert r.tile is not None
            self._discard(seat, r.tile)
            return
        if k in (RequestKind.PENG, RequestKind.CHI):
            assert r.tile is not None
            claimed, source = self._take_last_discard(seat)
            if k is RequestKind.PENG:
                meld = Meld(
                    MeldKind.PUNG, (claimed,) * 3, claimed_from=source, claimed_tile=claimed
                )
                if seat == me:
                    self.hand = self.hand.claim_pung(claimed, source)
            else:
                assert r.middle is not None
                run = (r.middle - 1, r.middle, r.middle + 1)
                if claimed not in run:
                    raise ValueError(f"the chow around {r.middle} does not hold the discard")
                meld = Meld(MeldKind.CHOW, run, claimed_from=source, claimed_tile=claimed)
                if seat == me:
                    a, b = (t for t in run if t != claimed)
                    self.hand = self.hand.claim_chow(claimed, a, b, source)
            if seat != me:
                self.melds[seat].append(meld)
            self.concealed[seat] -= 2
            self._discard(seat, r.tile)
            return
        if k is RequestKind.GANG:
            self._after_kong[seat] = True
            if self.last_discard is not None and self.turn is None:
                claimed, source = self._take_last_discard(seat)
                self.concealed[seat] -= 3
                if seat == me:
                    self.hand = self.hand.claim_kong(claimed, source)
                else:
                    self.melds[seat].append(
                        Meld(
                            MeldKind.KONG,
                            (claimed,) * 4,
                            claimed_from=source,
                            claimed_tile=claimed,
                        )
                    )
            else:
                self.concealed[seat] -= 4
                if seat == me:
                    answer = self.last_response
                    if (
                        answer is None
                        or answer.kind is not ResponseKind.GANG
                        or answer.tile is None
                    ):
                        raise ValueError("a concealed kong of ours that we did not declare")
                    self.hand = self.hand.concealed_kong(answer.tile)
                else:
                    self.melds[seat].append(Meld(MeldKind.KONG, (), concealed=True))
            self.turn = None
            self.drawn = None
            return
        # BUGANG: robbable until the next request says it stood.
        assert r.tile is not None
        tile = r.tile
        self._after_kong[seat] = True
        self.concealed[seat] -= 1
        if seat == me:
            self.hand = self.hand.promote_kong(tile)
        else:
            for index, meld in enumerate(self.melds[seat]):
                if meld.kind is MeldKind.PUNG and meld.first == tile:
                    self.melds[seat][index] = meld.promote()
                    break
            else:
                raise ValueError(f"seat {seat} has no pung of that tile to promote")
            self.window = _Window(Phase.ROB, tile, seat)
        self.turn = None
        self.drawn = None

    def _discard(self, seat: int, tile: int) -> None:
        if seat == self.seat:
            self.hand = self.hand.discard(tile)
        self.concealed[seat] -= 1
        self.pools[seat].append(tile)
        self.last_discard = (seat, tile)
        self.turn = None
        self.drawn = None
        if seat != self.seat:
            self.window = _Window(Phase.CLAIM, tile, seat)

    def _take_last_discard(self, claimer: int) -> tuple[int, int]:
        if self.last_discard is None:
            raise ValueError("a claim with no discard to claim")
        source, tile = self.last_discard
        if source == claimer:
            raise ValueError("a seat cannot claim its own discard")
        popped = self.pools[source].pop()
        assert popped == tile
        self.last_discard = None
        return tile, source

    # -- the view ---------------------------------------------------------------------------

    @property
    def walls_left(self) -> tuple[int, ...]:
        return tuple(self.left)

    def _public_visible(self, kind: int) -> int:
        seen = sum(pool.count(kind) for pool in self.pools)
        for s in range(SEATS):
            melds = self.hand.melds if s == self.seat else tuple(self.melds[s])
            seen += sum(m.tiles.count(kind) for m in melds if not m.concealed)
        return seen

    def _win_ok(self, hand14: Hand, context: WinContext) -> bool:
        from mahjongkit.mcr.scoring.score import score

        if not is_complete(hand14):
            return False
        ruleset = self.ruleset
        flags = BOTZONE.rule_flags(ruleset)
        return win_tally(lambda h, c: score(h, c, ruleset), hand14, context, flags) is not None

    def _context(self, tile: int, by: WinBy, walls: int, turn: int) -> WinContext:
        """The context of this seat winning on ``tile`` (:func:`.legality.win_context`), on
        the turn of seat ``turn`` (the discarder's or the promoter's, or its own)."""
        visible = self._public_visible(tile)
        if by is WinBy.ROBBING:
            visible -= 1  # this view shows the kong promoted: its fourth is the robbed tile
        flags = BOTZONE.rule_flags(self.ruleset)
        last = last_of_wall(flags, walls, turn, by is not WinBy.DISCARD)
        return win_context(self.seat, self.quan, tile, by, visible, last, last, self.replacement)

    def legal(self) -> list[Move]:
        """The moves of the Botzone variant open to this seat now (``[]`` when none is
        asked for: the answer is then ``PASS``): the game's legality checks
        (:mod:`mahjongkit.mcr.game.legality`) asked with what this seat knows, and a win
        where the scorer allows one."""
        me, hand = self.seat, self.hand
        w = self.window
        flags = BOTZONE.rule_flags(self.ruleset)
        walls = pack_walls(self.left)
        if self.turn == me and self.drawn is not None:
            pungs = pungs_of(hand.melds)
            moves = list(turn_moves(me, list(hand.counts), pungs, False, flags, walls))
            context = self._context(self.drawn, WinBy.SELF_DRAWN, walls, me)
            if self._win_ok(hand, context):
                moves.append(WIN)
            return moves
        if w is None:
            return []
        tile = w.tile
        claims: list[Move] = []
        if w.kind is Phase.CLAIM:
            claims += claim_offers(me, w.from_seat, list(hand.counts), tile, flags, walls)
            by = WinBy.DISCARD
        else:
            by = WinBy.ROBBING
        context = self._context(tile, by, walls, w.from_seat)
        if hand.held(tile) < 4 and self._win_ok(hand.draw(tile), context):
            claims.append(WIN)
        if not claims:
            return []
        return [PASS, *claims]

    def view(self, legal: list[Move] | None = None) -> View:
        """The view for answering the last request (``legal`` overrides the computed list)."""
        me = self.seat
        hand = self.hand
        moves = self.legal() if legal is None else legal
        melds = tuple(hand.melds if s == me else tuple(self.melds[s]) for s in range(SEATS))
        visible = visible_counts(hand, self.pools, melds)
        w = self.window
        window = None
        phase = Phase.DISCARD
        if w is not None and moves:
            phase = w.kind
            window = WindowView(w.kind, w.tile, w.from_seat, tuple(m for m in moves if m != PASS))
        concealed = tuple(hand.concealed_count if s == me else self.concealed[s] for s in range(4))
        return View(
            seat=me,
            hand=hand,
            drawn=self.drawn if self.turn == me else None,
            claimed_this_turn=False,
            melds=melds,
            flowers=tuple(tuple(sorted(f)) for f in self.flowers),
            concealed=concealed,
            pools=tuple(tuple(p) for p in self.pools),
            visible=tuple(min(v, 4) for v in visible),
            wall_count=sum(self.left),
            hand_no=4 * self.quan + 1,
            dealer=0,
            prevailing=self.quan,
            seat_winds=(0, 1, 2, 3),
            totals=(0, 0, 0, 0),
            moves=self.requests,
            phase=phase,
            window=window,
            legal=tuple(moves),
            seed=self.seed,
            variant=BOTZONE,
            ruleset=self.ruleset,
            walls=tuple(self.left),
        )

    def after_claim(self, move: Move) -> View:
        """The turn view after this seat's chow or pung of the open discard: the seat must
        now say which tile it discards (Botzone wants both in one answer)."""
        w = self.window
        assert w is not None and w.kind is Phase.CLAIM
        hand = self.hand
        if move.tiles is not None:
            after = hand.claim_chow(w.tile, move.tiles[0], move.tiles[1], w.from_seat)
        else:
            after = hand.claim_pung(w.tile, w.from_seat)
        base = self.view()
        melds = tuple(after.melds if s == self.seat else base.melds[s] for s in range(SEATS))
        concealed = tuple(
            after.concealed_count if s == self.seat else base.concealed[s] for s in range(SEATS)
        )
        legal = tuple(discard(k) for k in range(1, STANDARD_KINDS + 1) if after.counts[k])
        return View(
            seat=base.seat,
            hand=after,
            drawn=None,
            claimed_this_turn=True,
            melds=melds,
            flowers=base.flowers,
            concealed=concealed,
            pools=base.pools,
            visible=base.visible,
            wall_count=base.wall_count,
            hand_no=base.hand_no,
            dealer=base.dealer,
            prevailing=base.prevailing,
            seat_winds=base.seat_winds,
            totals=base.totals,
            moves=base.moves + 1,
            phase=Phase.DISCARD,
            window=None,
            legal=legal,
            seed=base.seed,
            variant=base.variant,
            ruleset=base.ruleset,
            walls=base.walls,
        )
