"""What must hold of a game at every step, checked afresh (never from the bookkeeping it
checks): every tile accounted for once, totals summing to zero, each seat holding 13 (14 on
turn), each seat's hand value equal to its tiles in the table, and a window offering only claims
the legality checks (:mod:`.legality`) allow when asked again of the hand's own tiles (a win
complete and scored again). The same checks read a hand of the Python hand layer and one
played on the C++ hand engine (:class:`~.engine_hand.EngineHand`, whose values are read off
the engine).
"""

from __future__ import annotations

from itertools import chain
from operator import add
from typing import Final

from mahjongkit.mcr.game.legality import claim_reason, win_tally
from mahjongkit.mcr.game.match import AnyHand, Match, Status
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.window import ClaimWindow, Phase
from mahjongkit.mcr.hand.meld import Meld
from mahjongkit.mcr.scoring.context import WinBy
from mahjongkit.tiles import KINDS, STANDARD_KINDS, code, copies

_COPIES: Final = [0, *(copies(kind) for kind in range(1, KINDS + 1))]
_BONUS_ZEROS: Final = (0,) * (KINDS - STANDARD_KINDS)
_STANDARD_COPIES: Final = [c if k <= STANDARD_KINDS else 0 for k, c in enumerate(_COPIES)]


def tile_counts(
    state: AnyHand,
    concealed: list[list[int]] | None = None,
    seat_melds: list[tuple[Meld, ...]] | None = None,
) -> list[int]:
    """How many of each kind are somewhere: in the hands, melds, flowers, pools, wall
    (``concealed``, ``seat_melds``: the seats' concealed counts and melds, if already read).

    Counted afresh from every place a tile can be (never from incremental bookkeeping),
    so that :func:`check` can catch a tile lost or duplicated by a bug."""
    c = concealed if concealed is not None else _concealed(state)
    seen = [*map(add, map(add, c[0], c[1]), map(add, c[2], c[3])), *_BONUS_ZEROS]
    every = state.melds if seat_melds is None else seat_melds
    melds = [meld.tiles for of_seat in every for meld in of_seat]
    for kind in chain(state.wall.tiles, *state.pools, *state.flowers, *melds):
        seen[kind] += 1
    return seen


def _concealed(state: AnyHand) -> list[list[int]]:
    counts = state.counts_of
    return [counts(0), counts(1), counts(2), counts(3)]


def overfull_kinds(state: AnyHand) -> list[str]:
    """The kinds the state holds more of than the set, as ``"5 of 3m"``."""
    seen = tile_counts(state)
    return [f"{seen[k]} of {code(k)}" for k in range(1, KINDS + 1) if seen[k] > copies(k)]


def _waiting_on(state: AnyHand) -> tuple[int, ...]:
    if state.window is not None:
        return state.window.waiting
    return () if state.turn is None else (state.turn,)


def check(match: Match, state: AnyHand) -> list[str]:
    """Strings naming what is broken in the match's hand ``state``; empty when sound."""
    problems: list[str] = []
    concealed = _concealed(state)
    seat_melds = state.melds  # read once (built from the engine's state on a hand there)
    seen = tile_counts(state, concealed, seat_melds)
    flowers = match.variant.flowers
    if not (state.whole and seen == (_COPIES if flowers else _STANDARD_COPIES)):
        for kind in range(1, KINDS + 1):
            expected = _COPIES[kind] if flowers or kind <= STANDARD_KINDS else 0
            if seen[kind] > _COPIES[kind] or (state.whole and seen[kind] != expected):
                problems.append(
                    f"{code(kind)} is accounted for {seen[kind]} times, the set holds {expected}"
                )
    if sum(match.totals) != 0:
        problems.append(f"totals {list(match.totals)} do not sum to zero")
    waiting = _waiting_on(state)
    if match.status is Status.FINISHED:
        if waiting:
            problems.append("the game is over but seats are waited on")
        return problems
    w = state.window
    holding_fourteen = state.turn
    if w is not None and w.kind is Phase.ROB:
        holding_fourteen = w.from_seat
    for seat, (counts, melds) in enumerate(zip(concealed, seat_melds, strict=True)):
        expected = 14 if seat == holding_fourteen else 13
        size = sum(counts) + 3 * len(melds)
        if size != expected:
            problems.append(f"seat {seat} holds {size} tiles, not {expected}")
        kept = state.kept_hand(seat)
        if kept is not None and kept.counts != tuple(counts):
            problems.append(f"the hand value of seat {seat} is not its tiles in the table")
    if w is None:
        if state.phase is not Phase.DISCARD or state.turn is None:
            problems.append(f"no window is open but the phase is {state.phase.value}")
        if len(waiting) != 1:
            problems.append(f"outside a window {len(waiting)} seats are waited on")
        return problems
    if state.phase is not w.kind:
        problems.append(f"a {w.kind.value} window is open in phase {state.phase.value}")
    if w.from_seat in w.may:
        problems.append(f"the window asks the discarder, seat {w.from_seat}")
    for seat, claims in w.may.items():
        if not claims:
            problems.append(f"the window asks seat {seat}, which has no claim")
        for claim in claims:
            if not _offer_holds(match, state, w, seat, claim, concealed[seat]):
                problems.append(f"the window offers seat {seat} {claim} it cannot make")
    if not w.waiting:
        problems.append("the window is open but nobody is left to answer")
    if state.turn is not None:
        problems.append("a window is open while a seat is on turn")
    return problems


def _offer_holds(
    match: Match, state: AnyHand, w: ClaimWindow, seat: int, claim: Move, counts: list[int]
) -> bool:
    """Whether an offered ``claim`` passes its check asked afresh of the seat's tiles
    (``counts``; not the table's offer bits), a win being complete and scored."""
    if claim.kind is MoveKind.WIN:
        hand = state.hand(seat)
        if hand.held(w.tile) >= 4:
            return False
        hand14 = hand.draw(w.tile)
        if not match.judge.complete(hand14):
            return False
        by = WinBy.ROBBING if w.kind is Phase.ROB else WinBy.DISCARD
        context = state.context(seat, w.tile, by)
        return win_tally(match.judge.score, hand14, context, state.flags) is not None
    if w.kind is Phase.ROB:
        return False
    reason = claim_reason(claim, seat, w.from_seat, counts, w.tile, state.flags, state.walls())
    return reason is None
