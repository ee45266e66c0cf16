"""The hand layer's values of a hand played on the C++ hand engine: a seat's
:class:`~mahjongkit.mcr.hand.hand.Hand`, the open window as a :class:`~.window.Window`, the
:class:`~.hand_state.HandEnd` (its tally scored by the game's own scorer, in the context the
engine scored it in), read from the engine's state, so that a driver of the engine shows what
``HandState`` shows without keeping a second copy of the hand.

One thing the engine does not keep is the driver's: which kongs were promoted (a promoted
kong's meld is the pung's with a fourth); :class:`~.engine_events.EventDriver` keeps it.

>>> from mahjongkit.mcr.game._cpp import hand_engine
>>> from mahjongkit.mcr.game.variant import STANDARD
>>> from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK
>>> engine = hand_engine(GREEN_BOOK, STANDARD, dealer=0, prevailing=0)
>>> engine.deal_seed(b"values", 1, True)
True
>>> hand = hand_of(engine, 0, frozenset())
>>> sum(hand.counts), hand.melds, window_of(engine, {}) is None
(14, (), True)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import Any, Final

from mahjongkit.mcr.game._cpp import move_of
from mahjongkit.mcr.game.hand_state import HandEnd, TallyLike
from mahjongkit.mcr.game.legality import OFFER_WAIT, offered_moves, win_tally
from mahjongkit.mcr.game.moves import WIN, Move
from mahjongkit.mcr.game.window import Phase, Window
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.scoring._cpp import context_of
from mahjongkit.mcr.scoring.context import WinBy, WinContext

__all__ = ["end_of", "hand_of", "melds_of", "offers_of", "window_of"]

_AFTER: Final = tuple(tuple((seat + step) % 4 for step in (1, 2, 3)) for seat in range(4))
_WINDOW_PHASE: Final = {1: Phase.CLAIM, 2: Phase.ROB}
_WAYS: Final = (WinBy.SELF_DRAWN, WinBy.DISCARD, WinBy.ROBBING)  # the engine's win_by


def melds_of(engine: Any, seat: int, promoted: Collection[tuple[int, int]]) -> tuple[Meld, ...]:
    """The seat's melds as values; ``promoted`` holds the (seat, kind) of promoted kongs (a
    pung still waiting on its robbing window is a pung)."""
    out = []
    for kind, first, concealed, source, claimed in engine.melds(seat):
        if kind == 0:
            tiles: tuple[int, ...] = (first, first + 1, first + 2)
            meld_kind = MeldKind.CHOW
        elif kind == 1:
            tiles, meld_kind = (first, first, first), MeldKind.PUNG
        else:
            tiles, meld_kind = (first, first, first, first), MeldKind.KONG
        if concealed:
            out.append(Meld(meld_kind, tiles, True))
        else:
            out.append(
                Meld(
                    meld_kind,
                    tiles,
                    False,
                    kind == 2 and (seat, first) in promoted,
                    source,
                    claimed or None,
                )
            )
    return tuple(out)


def hand_of(engine: Any, seat: int, promoted: Collection[tuple[int, int]]) -> Hand:
    """The seat's tiles as a :class:`Hand` value (its concealed counts, melds, flowers)."""
    return Hand(
        counts=tuple(engine.counts(seat)),
        melds=melds_of(engine, seat, promoted),
        flowers=tuple(engine.flowers(seat)),
    )


def offers_of(engine: Any) -> dict[int, tuple[Move, ...]]:
    """The open window's offers, each asked seat's claims in legal-list order (pass aside):
    its offer bits read as moves (:func:`.legality.offered_moves`), a win last."""
    window = engine.window()
    if window is None:
        return {}
    tile, asked, bits = window[1], window[3], window[4]
    return {
        seat: offered_moves(tile, bits[seat]) + ((WIN,) if bits[seat] & OFFER_WAIT else ())
        for seat in _AFTER[window[2]]
        if asked >> seat & 1
    }


def window_of(engine: Any, may: Mapping[int, tuple[Move, ...]]) -> Window | None:
    """The open window as a read-only value, ``may`` its offers (:func:`offers_of`), or
    ``None`` when no window is open."""
    window = engine.window()
    if window is None:
        return None
    answers = {
        seat: move_of(*answer)
        for seat, answer in enumerate(engine.window_answers())
        if answer is not None
    }
    return Window(
        _WINDOW_PHASE[window[0]],
        window[1],
        window[2],
        MappingProxyType(dict(may)),
        MappingProxyType(answers),
    )


def end_of(
    engine: Any,
    score: Callable[[Hand, WinContext], TallyLike],
    flags: int,
    promoted: Collection[tuple[int, int]],
) -> HandEnd | None:
    """How the engine's hand ended (``None`` while it goes on): an exhausted wall, or the win
    with the hand of fourteen, the context the engine scored it in and the tally of the
    game's scorer ``score`` under the rule ``flags`` (the hand layer's own tally)."""
    end = engine.end()
    if end is None:
        return None
    winner, by, discarder, tile = end[0], end[1], end[2], end[3]
    if winner < 0:
        return HandEnd()
    way = _WAYS[by]
    context = context_of(engine.end_context())  # the context the engine scored the win in
    hand14 = hand_of(engine, winner, promoted)
    tally = win_tally(score, hand14, context, flags)
    if tally is None:  # the engine and the hand layer disagree on a win: a bug
        raise AssertionError(f"the game's scorer refuses the engine's win: {hand14} {context}")
    return HandEnd(winner, way, discarder if discarder >= 0 else None, tile, tally, hand14, context)
