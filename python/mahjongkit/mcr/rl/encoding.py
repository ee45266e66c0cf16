"""The 235-action encoding the Botzone "Chinese Standard Mahjong" community uses, and masks.

Every decision of a seat is one index from 0 to 234:

=========  =====  ===========================================================================
indices    count  action
=========  =====  ===========================================================================
0          1      Pass (answer a window without claiming)
1          1      Hu: win, on one's own draw or on the tile offered (a discard, a robbed kong)
2–35       34     Play: discard the tile of column ``i - 2``
36–98      63     Chi: chow the discard; ``36 + 21·suit + 3·(middle rank − 2) + position``
99–132     34     Peng: pung the discard of column ``i - 99``
133–166    34     Gang: exposed kong of the discard of column ``i - 133``
167–200    34     AnGang: concealed kong of four held tiles of column ``i - 167``
201–234    34     BuGang: promote one's exposed pung of column ``i - 201`` to a kong
=========  =====  ===========================================================================

Tile columns follow the Botzone order, so that indices mean the same as in that community's
environments and logs: characters ``W1``–``W9`` (our ``1m``–``9m``) in columns 0–8, bamboo
``T1``–``T9`` (``1s``–``9s``) in 9–17, dots ``B1``–``B9`` (``1p``–``9p``) in 18–26, the winds
``F1``–``F4`` (E S W N) in 27–30 and the dragons ``J1``–``J3`` (red, green, white) in 31–33.
A chow's ``suit`` is 0 characters, 1 bamboo, 2 dots (the same order); ``middle rank`` is the
rank (2–8) of the chow's middle tile and ``position`` says which of the three is the
claimed discard: 0 the lowest, 1 the middle, 2 the highest.

A pung or chow is followed by a separate discard decision of the same seat (an index
2–35), as in Botzone: the rules engine also takes the claim and the discard as two moves, so
one index is always one :class:`~mahjongkit.mcr.game.moves.Move`. Turning an index into a
move needs no context (:func:`move_of`); turning a move into an index needs the seat's own
concealed counts (a kong of a tile is concealed when four are held, promoted otherwise) and
the tile on offer (a pung, exposed kong or chow names no tile): :func:`index_of`.

>>> from mahjongkit.mcr.game.moves import chow, discard
>>> index_of(discard(1)), index_of(discard(19)), index_of(discard(10)), index_of(discard(34))
(2, 11, 20, 35)
>>> index_of(chow(3, 5), window_tile=4), move_of(43), describe(43)
(43, Move.parse('chow 35m'), 'chi 345m claiming 4m')
>>> describe(0), describe(1), describe(20), describe(132), describe(234)
('pass', 'hu', 'play 1p', 'peng B', 'bugang B')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.tiles import STANDARD_KINDS, code

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.players.bot import View

ACTIONS: Final = 235
"""How many indices the encoding has."""
PASS_INDEX: Final = 0
"""The index of passing (declining a claim, or nothing to do)."""
HU_INDEX: Final = 1
"""The index of declaring a win."""
PLAY: Final = 2
"""The first of the 34 discard indices (``PLAY + column``)."""
CHI: Final = 36
"""The first of the 63 chow indices (three per middle tile of each suit: which tile of the
chow is the claimed one)."""
PENG: Final = 99
"""The first of the 34 pung indices, one per tile column."""
GANG: Final = 133
"""The first of the 34 exposed-kong indices (a discard claimed), one per tile column."""
ANGANG: Final = 167
"""The first of the 34 concealed-kong indices, one per tile column."""
BUGANG: Final = 201
"""The first of the 34 promoted-kong indices, one per tile column."""
COLUMNS: Final = 34
"""Tile columns (the 34 standard kinds, in the Botzone order)."""

# Our kinds run 1m..9m, 1p..9p, 1s..9s; Botzone's run W (m), T (s), B (p).
_SUIT_BASE: Final = (0, 18, 9)  # kind offset of Botzone suit 0 (W=m), 1 (T=s), 2 (B=p)
KIND_OF_COLUMN: Final[tuple[int, ...]] = (
    *range(1, 10),
    *range(19, 28),
    *range(10, 19),
    *range(28, 35),
)
"""The kind (1–34) in each tile column (0–33)."""
COLUMN_OF_KIND: Final[tuple[int, ...]] = tuple(
    KIND_OF_COLUMN.index(kind) if kind else -1 for kind in range(STANDARD_KINDS + 1)
)
"""The tile column (0–33) of each standard kind (index 0 unused: -1)."""
_BZ_SUIT_OF_OURS: Final = (0, 2, 1)  # our suit index (m 0, p 1, s 2) -> Botzone suit index


def _chi_index(held_a: int, held_b: int, claimed: int) -> int:
    low, mid, high = sorted((held_a, held_b, claimed))
    if not (low <= 27 and (low - 1) // 9 == (high - 1) // 9 and mid == low + 1 and high == low + 2):
        raise ValueError(f"{code(held_a)} {code(held_b)} do not run with {code(claimed)}")
    suit = _BZ_SUIT_OF_OURS[(mid - 1) // 9]
    middle_rank = (mid - 1) % 9 + 1
    return CHI + 21 * suit + 3 * (middle_rank - 2) + (claimed - mid + 1)


def _chi_move(index: int) -> tuple[Move, int]:
    """The chow of a Chi index and the tile it claims."""
    j = index - CHI
    suit, rest = divmod(j, 21)
    middle_rank, position = divmod(rest, 3)
    middle = _SUIT_BASE[suit] + middle_rank + 2
    claimed = middle - 1 + position
    a, b = (k for k in (middle - 1, middle, middle + 1) if k != claimed)
    return chow(a, b), claimed


def _build_moves() -> tuple[Move, ...]:
    moves: list[Move] = [PASS, WIN]
    moves += [discard(kind) for kind in KIND_OF_COLUMN]
    moves += [_chi_move(i)[0] for i in range(CHI, PENG)]
    moves += [PUNG] * COLUMNS
    moves += [KONG] * COLUMNS
    moves += [kong(kind) for kind in KIND_OF_COLUMN] * 2
    return tuple(moves)


MOVES: Final[tuple[Move, ...]] = _build_moves()
"""The move of each index (Peng and Gang indices share the window's ``pung`` and ``kong``;
AnGang and BuGang indices of a tile share ``kong <tile>``)."""

# The tile an index is about: the discard, the claimed tile, the kong's tile (0: none).
_TILE_OF_INDEX: Final[tuple[int, ...]] = (
    0,
    0,
    *KIND_OF_COLUMN,
    *(_chi_move(i)[1] for i in range(CHI, PENG)),
    *KIND_OF_COLUMN * 4,
)
_DISCARD_INDEX: Final = tuple(PLAY + c if c >= 0 else -1 for c in COLUMN_OF_KIND)


def check_index(index: int) -> int:
    """``index`` as an ``int`` when it is one of the 235 (NumPy integers are accepted);
    ``ValueError`` naming it otherwise, ``TypeError`` when it is not an integer."""
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
        raise TypeError(f"an action is an int from 0 to {ACTIONS - 1}, not {index!r}")
    value = int(index)
    if not 0 <= value < ACTIONS:
        raise ValueError(f"action {value} is outside the encoding (0 to {ACTIONS - 1})")
    return value


def move_of(index: int) -> Move:
    """The :class:`~mahjongkit.mcr.game.moves.Move` an index names (no context needed).

    >>> move_of(0), move_of(2), move_of(99), move_of(167)
    (Move.parse('pass'), Move.parse('discard 1m'), Move.parse('pung'), Move.parse('kong 1m'))
    """
    return MOVES[check_index(index)]


def tile_of(index: int) -> int | None:
    """The kind an index is about (the discard, the claimed tile, the kong's tile), or
    ``None`` for Pass and Hu.

    >>> tile_of(36), tile_of(1)
    (1, None)
    """
    return _TILE_OF_INDEX[check_index(index)] or None


def index_of(
    move: Move, *, window_tile: int | None = None, counts: Sequence[int] | None = None
) -> int:
    """The index of ``move``.

    ``window_tile`` is the tile on offer (needed for a pung, an exposed kong or a chow);
    ``counts`` the seat's concealed counts (by kind, index 0 unused), needed for a kong on
    one's turn: four held make it concealed (AnGang), otherwise it promotes a pung (BuGang).
    ``ValueError`` names what is missing or wrong.

    >>> from mahjongkit.mcr.game.moves import PUNG, kong
    >>> index_of(PUNG, window_tile=28), index_of(kong(28), counts=[0] * 28 + [4] + [0] * 6)
    (126, 194)
    >>> index_of(PUNG)
    Traceback (most recent call last):
    ValueError: a pung names no tile: its index needs the tile on offer
    """
    kind = move.kind
    if kind is MoveKind.DISCARD:
        assert move.tile is not None
        return _DISCARD_INDEX[move.tile]
    if kind is MoveKind.PASS:
        return PASS_INDEX
    if kind is MoveKind.WIN:
        return HU_INDEX
    if kind is MoveKind.KONG and move.tile is not None:
        if counts is None:
            raise ValueError(
                "a kong on one's turn: its index needs the seat's counts (concealed or promoted)"
            )
        column = COLUMN_OF_KIND[move.tile]
        return (ANGANG if counts[move.tile] == 4 else BUGANG) + column
    if window_tile is None:
        raise ValueError(f"a {kind.value} names no tile: its index needs the tile on offer")
    if kind is MoveKind.PUNG:
        return PENG + COLUMN_OF_KIND[window_tile]
    if kind is MoveKind.KONG:
        return GANG + COLUMN_OF_KIND[window_tile]
    assert move.tiles is not None
    return _chi_index(move.tiles[0], move.tiles[1], window_tile)


def describe(index: int) -> str:
    """A short English name of an index, in this package's tile codes.

    >>> describe(37), describe(170), describe(133)
    ('chi 123m claiming 2m', 'angang 4m', 'gang 1m')
    """
    index = check_index(index)
    if index == PASS_INDEX:
        return "pass"
    if index == HU_INDEX:
        return "hu"
    tile = _TILE_OF_INDEX[index]
    if index < CHI:
        return f"play {code(tile)}"
    if index < PENG:
        move = MOVES[index]
        assert move.tiles is not None
        run = sorted((*move.tiles, tile))
        ranks = "".join(code(k)[0] for k in run)
        return f"chi {ranks}{code(run[0])[1]} claiming {code(tile)}"
    for start, name in ((BUGANG, "bugang"), (ANGANG, "angang"), (GANG, "gang"), (PENG, "peng")):
        if index >= start:
            return f"{name} {code(tile)}"
    raise AssertionError(index)  # pragma: no cover


PLAIN_INDEX: Final[dict[Move, int]] = {
    PASS: PASS_INDEX,
    WIN: HU_INDEX,
    **{discard(kind): _DISCARD_INDEX[kind] for kind in KIND_OF_COLUMN},
}
"""The index of each move that needs no context (the discards, pass, win), keyed by the
interned move (a lookup by identity; other moves are absent: see :func:`index_of`)."""


def plain_index(move: Move) -> int | None:
    """The index of a move that needs no context (a discard, pass, win), else ``None``.

    >>> plain_index(WIN), plain_index(PUNG) is None
    (1, True)
    """
    return PLAIN_INDEX.get(move)


def indices_of(moves: Sequence[Move], window_tile: int | None, counts: Sequence[int]) -> list[int]:
    """The indices of several moves of one seat in one state (see :func:`index_of`)."""
    plain = PLAIN_INDEX.get
    out = []
    for move in moves:
        index = plain(move)
        if index is None:
            index = index_of(move, window_tile=window_tile, counts=counts)
        out.append(index)
    return out


def legal_indices(rules: Rules, seat: int) -> list[int]:
    """The indices of ``seat``'s legal moves now, ascending (empty when it is not awaited).

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> legal_indices(Rules("enc-doc"), 0)[:3]
    [3, 4, 6]
    """
    moves = rules.legal(seat)
    if not moves:
        return []
    window = rules.window
    tile = window.tile if window is not None else None
    return sorted(indices_of(moves, tile, rules.hand_of(seat).counts))


def legal_mask(
    rules: Rules, seat: int, out: npt.NDArray[np.bool_] | None = None
) -> npt.NDArray[np.bool_]:
    """A boolean array of 235: true at the index of each legal move of ``seat`` now.

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> mask = legal_mask(Rules("enc-doc"), 0)
    >>> mask.shape, mask.dtype, int(mask.sum()) == len(Rules("enc-doc").legal(0))
    ((235,), dtype('bool'), True)
    """
    if out is None:
        out = np.zeros(ACTIONS, dtype=np.bool_)
    else:
        out[:] = False
    out[legal_indices(rules, seat)] = True
    return out


def view_indices(view: View) -> list[int]:
    """The indices of the legal moves in a seat's :class:`~mahjongkit.mcr.players.bot.View`."""
    tile = view.window.tile if view.window is not None else None
    return sorted(indices_of(view.legal, tile, view.hand.counts))


def view_mask(view: View) -> npt.NDArray[np.bool_]:
    """The legal mask of a :class:`~mahjongkit.mcr.players.bot.View` (see :func:`legal_mask`)."""
    out = np.zeros(ACTIONS, dtype=np.bool_)
    out[view_indices(view)] = True
    return out


def move_in_view(view: View, index: int) -> Move:
    """The move an index names for the seat of ``view``; ``ValueError`` naming the index and
    the legal ones when it is not legal there."""
    index = check_index(index)
    legal = view_indices(view)
    if index not in legal:
        names = ", ".join(f"{i} ({describe(i)})" for i in legal) or "none"
        raise ValueError(
            f"action {index} ({describe(index)}) is not legal for seat {view.seat} now;"
            f" legal: {names}"
        )
    return MOVES[index]
