"""The rules of a turn and of a claim, each written once as a check: the one source of legality.

Every rule of what a seat may do with its tiles (discard, a turn's kong, and a claim of a
discard as a chow, pung or kong) is one function here that answers ``None`` when the move is
legal and a :data:`Reason` (a refusal code, and a sentence with its values) when it is not:
the reason *is* the check. Everything else is derived from these functions:

* the legal lists (:func:`turn_moves`, :func:`claim_offers`) are the candidate moves that
  pass them;
* the refusals of :meth:`~mahjongkit.mcr.game.rules.Rules.why_not` and ``apply`` are their
  reasons; ``check_invariants`` asks them of every offered claim;
* the hand table (:mod:`.table`, the per-discard step of the rules) is their Python twin's
  caller, and ``cpp/core/mcr/legality.cpp`` their C++ twin (the conformance suite compares
  both: legal lists and refusal codes, over generated positions);
* the Botzone seat (``botzone/seat.py``) asks them with what one seat knows;
* the RL mask (``rl/``) is placed from the legal lists, move by move.

What a win needs (a complete hand of at least 8 points) is the scorer's answer; the window's
own rules (who is asked, who answered, priority) are :mod:`.window`'s. The checks read only
plain values: a seat's concealed ``counts`` (35, index 0 unused), the kinds of its exposed
``pungs``, whether its turn was reached by a claim, the walls, and the rule flags.

**Walls** are one int, ``walls``: with one shared wall, the tiles it holds; with four (the
Botzone format), each seat's count in one byte, seat 0 lowest (:func:`pack_walls`).

**Rule flags** (:func:`rule_flags`) are what the variant and the ruleset say of these rules,
as data both twins read: :data:`FOUR_WALLS`, :data:`ROB_LAST` (a pung may be promoted with
no replacement left, to be robbed: the ruleset's ``robbing_on_last_tile``) and
:data:`CLAIM_KONG_REPLACED` (an exposed kong of a discard needs a replacement: the
specification's reading; Botzone's judge accepts it anyway and the hand ends drawn when the
claimer cannot draw, so its variant leaves the flag out).

>>> counts = [0] * 35
>>> counts[4] = counts[6] = 1
>>> chow_reason(1, 0, counts, 5, 4, 6, 0, 70) is None
True
>>> sentence(chow_reason(2, 0, counts, 5, 4, 6, 0, 70))
'only the next seat may chow a discard'
>>> [str(m) for m in claim_offers(1, 0, counts, 5, 0, 70)]
['chow 46m']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol, TypeVar

from mahjongkit.mcr.game.errors import RefusalCode
from mahjongkit.mcr.game.moves import _DISCARDS as DISCARDS
from mahjongkit.mcr.game.moves import _KONGS as KONGS
from mahjongkit.mcr.game.moves import KONG, PUNG, Move, chow
from mahjongkit.mcr.hand.hand import Hand, chow_pairs
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.notation import format_hand
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.tiles import code

Reason = tuple[RefusalCode, str, tuple[object, ...]]
"""Why a move is refused: its code, and a sentence as a format string with its values (the
sentence is written only when asked: a legal list asks many checks and reads no sentence)."""

FOUR_WALLS: Final = 1
"""Four walls, one a seat (the Botzone format), instead of one shared wall."""
ROB_LAST: Final = 2
"""A pung may be promoted with no replacement left (it can still be robbed)."""
CLAIM_KONG_REPLACED: Final = 4
"""An exposed kong of a discard needs a replacement for the claimer."""
ALL_FLAGS: Final = FOUR_WALLS | ROB_LAST | CLAIM_KONG_REPLACED
"""Every rule flag: the tables refuse any other bit, and the conformance tests draw their flags
from it, so a flag one twin lacks fails there (the C++ twin's ``kAllFlags``)."""

KINDS: Final = 34
_ALL_KINDS: Final = range(1, KINDS + 1)

CODES: Final = (
    None,
    RefusalCode.TILE_NOT_HELD,
    RefusalCode.NO_KONG,
    RefusalCode.CANNOT_CLAIM,
    RefusalCode.NOT_A_MELD,
    RefusalCode.NOT_A_WIN,
    RefusalCode.TOO_FEW_POINTS,
)
"""The refusal codes of these checks as small ints (the C++ twin answers with the index)."""

ENGINE_CODES: Final = (
    *CODES,
    RefusalCode.NOT_YOUR_TURN,
    RefusalCode.WRONG_PHASE,
    RefusalCode.NO_WINDOW,
    RefusalCode.ALREADY_ANSWERED,
    RefusalCode.GAME_OVER,
    RefusalCode.BAD_MOVE,
)
"""The C++ hand engine's refusal codes (``cpp/core/mcr/hand_engine.hpp``) as small ints: these
checks' :data:`CODES`, then the rules' own (who is awaited, the window, the end, a move's
shape), in the order :meth:`~mahjongkit.mcr.game.rules.Rules.why_not` asks them."""

# Moves as the C++ twin numbers them: a turn's, then a claim's.
TURN_DISCARD: Final = 0
TURN_KONG: Final = 1
CLAIM_CHOW: Final = 0
CLAIM_PUNG: Final = 1
CLAIM_KONG: Final = 2
CLAIM_WIN: Final = 3
CLAIM_PASS: Final = 4

CLAIM_RANKS: Final = (1, 2, 2, 3, 0)
"""The rank of each claim by its number (chow, pung, kong, win, pass): a win beats a pung or
a kong, which beat a chow (3.7.1, 3.6.7); a pass claims nothing."""

# Bits of one seat's offers (the table answers them, eight bits a seat): the chow shapes of
# chow_pairs(tile) in order, then pung, kong, and a win to be scored (the tile is a wait).
OFFER_CHOWS: Final = 0b111
OFFER_PUNG: Final = 8
OFFER_KONG: Final = 16
OFFER_WAIT: Final = 32
OFFER_BITS: Final = 8


def rule_flags(*, four_walls: bool, rob_last: bool, claim_kong_replaced: bool) -> int:
    """The rule flags of a game (see the module's description); every flag it can answer is
    in :data:`ALL_FLAGS`.

    >>> rule_flags(four_walls=True, rob_last=False, claim_kong_replaced=False)
    1
    """
    return (
        (FOUR_WALLS if four_walls else 0)
        | (ROB_LAST if rob_last else 0)
        | (CLAIM_KONG_REPLACED if claim_kong_replaced else 0)
    )


def pack_walls(left: Sequence[int]) -> int:
    """The ``walls`` int of the tiles left: one count (one shared wall) or four (one a seat).

    >>> pack_walls([70]), pack_walls([1, 0, 34, 2]) == 1 | 34 << 16 | 2 << 24
    (70, True)
    """
    if len(left) == 1:
        return left[0]
    return left[0] | left[1] << 8 | left[2] << 16 | left[3] << 24


def wall_of(walls: int, seat: int) -> int:
    """The tiles left in ``seat``'s own wall (with four walls)."""
    return walls >> (8 * (seat & 3)) & 0xFF


def melds_allowed(flags: int, walls: int, discarder: int) -> bool:
    """Whether a discard may be chowed, punged or konged: always with one wall (the last
    tile's discard may be claimed: fan 45); with four, only while the wall of the seat after
    the discarder is not empty, as Botzone's judge rules."""
    return not flags & FOUR_WALLS or wall_of(walls, discarder + 1) > 0


def replacement_left(flags: int, walls: int, seat: int) -> bool:
    """Whether a kong by ``seat`` could be replaced: the wall is not empty; with four walls,
    neither the seat's own nor the next seat's (Botzone's judge)."""
    if not flags & FOUR_WALLS:
        return walls > 0
    return wall_of(walls, seat) > 0 and wall_of(walls, seat + 1) > 0


def last_of_wall(flags: int, walls: int, seat: int, drew: bool) -> bool:
    """Whether ``seat``'s turn holds the wall's last tile (fans 44, 45: its self-drawn win,
    or a win on the discard it then makes, is "last of the wall"): with one wall, the seat
    drew (``drew``) and the wall is now empty; with four, the wall of the seat after it is
    empty (Botzone's judge: that seat cannot draw, claimed turn or not)."""
    if flags & FOUR_WALLS:
        return wall_of(walls, seat + 1) == 0
    return drew and walls == 0


def pungs_of(melds: Sequence[Meld]) -> list[int]:
    """The kinds of a seat's exposed pungs (those a turn's kong may promote)."""
    return [m.tiles[0] for m in melds if m.kind is MeldKind.PUNG]


def sentence(reason: Reason | None) -> str:
    """The sentence of a reason (empty for ``None``)."""
    if reason is None:
        return ""
    return reason[1].format(*reason[2])


# -- a turn -----------------------------------------------------------------------------------


def discard_reason(seat: int, counts: Sequence[int], tile: int) -> Reason | None:
    """A discard: of a tile the seat holds."""
    if counts[tile]:
        return None
    return (RefusalCode.TILE_NOT_HELD, "seat {} holds no {} to discard", (seat, code(tile)))


def kong_reason(
    seat: int,
    counts: Sequence[int],
    pungs: Sequence[int],
    tile: int,
    claimed: bool,
    flags: int,
    walls: int,
) -> Reason | None:
    """A turn's kong: of four held (concealed) or of an exposed pung whose fourth the seat
    holds (promoted); never in a turn reached by a chow or pung (3.6.8); only with a
    replacement left, except a promotion under :data:`ROB_LAST`."""
    held = counts[tile]
    if not held:
        return (RefusalCode.TILE_NOT_HELD, "seat {} holds no {}", (seat, code(tile)))
    if claimed:
        return (RefusalCode.NO_KONG, "no kong in a turn reached by a chow or pung (3.6.8)", ())
    promotion = tile in pungs
    if not replacement_left(flags, walls, seat) and not (promotion and flags & ROB_LAST):
        return (RefusalCode.NO_KONG, "the wall is empty: no replacement", ())
    if held == 4 or promotion:
        return None
    return (
        RefusalCode.NO_KONG,
        "seat {} has neither four {} nor an exposed pung of it",
        (seat, code(tile)),
    )


def turn_reason(
    move: Move,
    seat: int,
    counts: Sequence[int],
    pungs: Sequence[int],
    claimed: bool,
    flags: int,
    walls: int,
) -> Reason | None:
    """The check of a turn's discard or kong ``move`` (naming its tile)."""
    tile = move.tile
    assert tile is not None
    if move.kind.value == "discard":
        return discard_reason(seat, counts, tile)
    return kong_reason(seat, counts, pungs, tile, claimed, flags, walls)


def turn_moves(
    seat: int, counts: Sequence[int], pungs: Sequence[int], claimed: bool, flags: int, walls: int
) -> tuple[Move, ...]:
    """The seat's discards then its kongs, each a held kind that passes its check (a
    self-drawn win, the scorer's question, is the caller's to add)."""
    discards, kongs = turn_kinds(seat, counts, pungs, claimed, flags, walls)
    return (*(DISCARDS[k] for k in discards), *(KONGS[k] for k in kongs))


def turn_kinds(
    seat: int, counts: Sequence[int], pungs: Sequence[int], claimed: bool, flags: int, walls: int
) -> tuple[list[int], list[int]]:
    """:func:`turn_moves` as kinds: those the seat may discard, those it may kong."""
    held = [k for k in _ALL_KINDS if counts[k]]
    return (
        [k for k in held if discard_reason(seat, counts, k) is None],
        [k for k in held if kong_reason(seat, counts, pungs, k, claimed, flags, walls) is None],
    )


# -- a win ------------------------------------------------------------------------------------


class _Tally(Protocol):
    @property
    def minimum_met(self) -> bool: ...
    @property
    def basic(self) -> int: ...


TallyT = TypeVar("TallyT", bound=_Tally)


def self_draw_reason(drawn: int | None, claimed: bool) -> Reason | None:
    """A win on one's turn needs a drawn tile: none in a turn reached by a chow or pung."""
    if drawn is None or claimed:
        return (
            RefusalCode.NOT_A_WIN,
            "a turn reached by a claim has no drawn tile to win on (claim the discard as a win"
            " instead)",
            (),
        )
    return None


def win_context(
    seat_wind: int,
    prevailing: int,
    tile: int,
    by: WinBy,
    visible: int,
    last_draw: bool,
    last_discard: bool,
    replacement: Replacement | None,
) -> WinContext:
    """The context a win on ``tile`` is scored in: ``visible`` copies of the tile lie face
    up (in the pools and exposed melds; a winning discard among them, a robbed kong's fourth
    not); the other three seen make it the last tile (fan 58); ``last_draw`` (the turn's
    drawn tile was the wall's last, :func:`last_of_wall`) counts for a self-drawn or robbing
    win, ``last_discard`` (the discard was made on such a turn) for a win on a discard; the
    ``replacement`` a self-drawn win was made on.

    >>> context = win_context(1, 0, 5, WinBy.DISCARD, 4, False, True, Replacement.KONG)
    >>> context.last_tile, context.last_of_wall, context.replacement
    (True, True, None)
    """
    discard = by is WinBy.DISCARD
    return WinContext(
        winning=tile,
        by=by,
        seat_wind=seat_wind,
        prevailing_wind=prevailing,
        last_of_wall=last_discard if discard else last_draw,
        replacement=replacement if by is WinBy.SELF_DRAWN else None,
        last_tile=visible - discard >= 3,
    )


def win_tally(
    score: Callable[[Hand, WinContext], TallyT], hand14: Hand, context: WinContext, flags: int
) -> TallyT | None:
    """The tally of a win, or ``None`` (:func:`win_reason` says why): the one test of every
    win offered (a discard's window, a self-draw, a robbing, the Botzone seat's list)."""
    return _win(score, hand14, context, flags)[0]


def win_reason(
    score: Callable[[Hand, WinContext], _Tally], hand14: Hand, context: WinContext, flags: int
) -> Reason | None:
    """A win: the fourteen complete, scoring at least 8 without flowers (the scorer's
    answer; the table offers a win only on a seat's waits, and the hand scores it once)."""
    return _win(score, hand14, context, flags)[1]


def _win(
    score: Callable[[Hand, WinContext], TallyT], hand14: Hand, context: WinContext, flags: int
) -> tuple[TallyT | None, Reason | None]:
    """The rule of a win under the rule ``flags`` (C++ twin: ``win_check``): its tally, or
    why it is none."""
    try:
        tally = score(hand14, context)
    except ValueError as error:
        return None, (
            RefusalCode.NOT_A_WIN,
            "not a complete hand: {} ({})",
            (format_hand(hand14), error),
        )
    if tally.minimum_met:
        return tally, None
    return None, (
        RefusalCode.TOO_FEW_POINTS,
        "{} scores {} without flowers; a win needs 8",
        (format_hand(hand14), tally.basic),
    )


# -- a claim of a discard ---------------------------------------------------------------------


def chow_reason(
    seat: int,
    discarder: int,
    counts: Sequence[int],
    tile: int,
    a: int,
    b: int,
    flags: int,
    walls: int,
) -> Reason | None:
    """A chow of ``discarder``'s ``tile`` with the held ``a`` and ``b``: by the next seat
    only, while melds are allowed, ``a`` and ``b`` running with the tile and held."""
    if seat != (discarder + 1) & 3:
        return (RefusalCode.CANNOT_CLAIM, "only the next seat may chow a discard", ())
    if not melds_allowed(flags, walls, discarder):
        return (RefusalCode.CANNOT_CLAIM, "the next seat's wall is empty: no chow", ())
    if (min(a, b), max(a, b)) not in chow_pairs(tile):
        return (RefusalCode.NOT_A_MELD, "{} {} do not run with {}", (code(a), code(b), code(tile)))
    if not (counts[a] and counts[b]):
        return (
            RefusalCode.TILE_NOT_HELD,
            "seat {} does not hold {} and {}",
            (seat, code(a), code(b)),
        )
    return None


def pung_reason(
    seat: int, discarder: int, counts: Sequence[int], tile: int, flags: int, walls: int
) -> Reason | None:
    """A pung of the discard: two held, while melds are allowed."""
    return _set_reason(seat, discarder, counts, tile, 2, "pung", flags, walls)


def claim_kong_reason(
    seat: int, discarder: int, counts: Sequence[int], tile: int, flags: int, walls: int
) -> Reason | None:
    """An exposed kong of the discard: three held, while melds are allowed, and under
    :data:`CLAIM_KONG_REPLACED` with a replacement left for the claimer."""
    reason = _set_reason(seat, discarder, counts, tile, 3, "kong", flags, walls)
    if reason is None and flags & CLAIM_KONG_REPLACED and not replacement_left(flags, walls, seat):
        return (RefusalCode.CANNOT_CLAIM, "the wall is empty: no replacement", ())
    return reason


def _set_reason(
    seat: int,
    discarder: int,
    counts: Sequence[int],
    tile: int,
    need: int,
    what: str,
    flags: int,
    walls: int,
) -> Reason | None:
    if counts[tile] < need:
        return (
            RefusalCode.CANNOT_CLAIM,
            "a {} of {} needs {} in hand; seat {} holds {}",
            (what, code(tile), need, seat, counts[tile]),
        )
    if not melds_allowed(flags, walls, discarder):
        return (
            RefusalCode.CANNOT_CLAIM,
            "the wall of the seat after the discarder is empty: no claim to meld",
            (),
        )
    return None


def claim_offers(
    seat: int, discarder: int, counts: Sequence[int], tile: int, flags: int, walls: int
) -> tuple[Move, ...]:
    """The melds ``seat`` may claim of ``discarder``'s ``tile``, in legal-list order: each
    chow shape, the pung and the kong that pass their checks (a win, the scorer's question,
    is the caller's to add)."""
    return offered_moves(tile, offer_bits(seat, discarder, counts, tile, flags, walls))


def offer_bits(
    seat: int, discarder: int, counts: Sequence[int], tile: int, flags: int, walls: int
) -> int:
    """:func:`claim_offers` as the table's bits (:data:`OFFER_CHOWS`, :data:`OFFER_PUNG`,
    :data:`OFFER_KONG`; the wait bit is the table's own)."""
    bits = 0
    for index, (a, b) in enumerate(chow_pairs(tile)):
        if chow_reason(seat, discarder, counts, tile, a, b, flags, walls) is None:
            bits |= 1 << index
    if pung_reason(seat, discarder, counts, tile, flags, walls) is None:
        bits |= OFFER_PUNG
    if claim_kong_reason(seat, discarder, counts, tile, flags, walls) is None:
        bits |= OFFER_KONG
    return bits


def offered_moves(tile: int, bits: int) -> tuple[Move, ...]:
    """The claims (no win) of one seat's offer bits on ``tile``, in legal-list order."""
    key = (tile, bits & (OFFER_CHOWS | OFFER_PUNG | OFFER_KONG))
    moves = _OFFERED.get(key)
    if moves is None:
        found = [chow(a, b) for i, (a, b) in enumerate(chow_pairs(tile)) if bits >> i & 1]
        if bits & OFFER_PUNG:
            found.append(PUNG)
        if bits & OFFER_KONG:
            found.append(KONG)
        moves = _OFFERED[key] = tuple(found)
    return moves


_OFFERED: dict[tuple[int, int], tuple[Move, ...]] = {}


def chow_by_middle(tile: int, middle: int) -> tuple[int, int] | None:
    """The held pair of a chow of ``tile`` named by its middle tile (Botzone's ``CHI``), in
    :func:`~mahjongkit.mcr.hand.hand.chow_pairs` order, or ``None`` when no run has it.

    >>> chow_by_middle(5, 4), chow_by_middle(5, 5), chow_by_middle(9, 9)
    ((3, 4), (4, 6), None)
    """
    for a, b in chow_pairs(tile):
        if sorted((a, b, tile))[1] == middle:
            return (a, b)
    return None


def claim_priority(claim: int, seat: int, discarder: int) -> int:
    """The priority of ``seat``'s claim (numbered :data:`CLAIM_CHOW` .. :data:`CLAIM_PASS`)
    of ``discarder``'s tile (or of robbing its kong): higher wins. The claim's rank
    (:data:`CLAIM_RANKS`), then the seat nearest after the discarder (3.7.2.4).

    >>> claim_priority(CLAIM_WIN, 3, 0) > claim_priority(CLAIM_PUNG, 1, 0)
    True
    >>> claim_priority(CLAIM_WIN, 1, 0) > claim_priority(CLAIM_WIN, 2, 0)
    True
    """
    return CLAIM_RANKS[claim] * 4 - ((seat - discarder) & 3)


def claim_reason(
    move: Move,
    seat: int,
    discarder: int,
    counts: Sequence[int],
    tile: int,
    flags: int,
    walls: int,
) -> Reason | None:
    """The check of a meld ``move`` (chow, pung or kong) claiming the discard."""
    kind = move.kind.value
    if kind == "chow":
        assert move.tiles is not None
        a, b = move.tiles
        return chow_reason(seat, discarder, counts, tile, a, b, flags, walls)
    if kind == "pung":
        return pung_reason(seat, discarder, counts, tile, flags, walls)
    return claim_kong_reason(seat, discarder, counts, tile, flags, walls)
