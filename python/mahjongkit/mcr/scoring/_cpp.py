"""The scorer's adapter to the C++ core (``cpp/bindings/bind_mcr_score.cpp``).

The encodings live here once: the ruleset's data as a ``ScoreRules``; the enum members the
core reads by index (:data:`READER`); and how a ``ScoredHand`` (one answer, named fields) or
a ``SCORED_DTYPE`` record becomes a :class:`Tally`, built only when its fans or split are
read. Only this module and :mod:`mahjongkit.mcr.analysis.engine` touch
``mahjongkit._core.mcr``.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.analysis._cpp import core
from mahjongkit.mcr.analysis.split import Form, SetKind, Split, TileSet, Wait, set_from_first
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS, Fan
from mahjongkit.mcr.scoring.ruleset import Ruleset
from mahjongkit.mcr.scoring.tally import FanScore, Tally
from mahjongkit.mcr.scoring.validate import (
    NOT_COMPLETE,
    HandLike,
    Refusal,
    ScoreRefused,
    fail,
    validate,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjongkit._core.mcr import ScoredHand, ScoreRules, WinReader

_FORMS: Final = list(Form)
_SET_KINDS: Final = list(SetKind)
_WAITS: Final[list[Wait | None]] = [*Wait, None]  # index -1: no wait
ROWS: Final[dict[int, Fan]] = {**FANS, 82: CONCEALED_KONG_AND_MELDED_KONG}
_SCORE_RULES: dict[int, ScoreRules] = {}
_READER: list[WinReader] = []
_WIN_BY: Final = (WinBy.SELF_DRAWN, WinBy.DISCARD, WinBy.ROBBING)  # the core's numbering
_REPLACEMENTS: Final = (Replacement.KONG, Replacement.FLOWER)


def reader() -> WinReader:
    """The enum members the core reads, by index: meld kinds (chow, pung, kong), how a hand
    was won (self-drawn, discard, robbing) and the replacements (kong, flower)."""
    if not _READER:
        _READER.append(
            core().WinReader(
                meld_kinds=(MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG),
                win_by=_WIN_BY,
                replacements=_REPLACEMENTS,
            )
        )
    return _READER[0]


def context_of(values: Sequence[Any]) -> WinContext:
    """The :class:`WinContext` of the core's ``ContextIn`` as a tuple (winning, by,
    replacement, seat wind, prevailing wind, last of wall, last tile), the numbering of
    :func:`reader`: the context a C++ engine scored a win in, read back.

    >>> context_of((5, 0, 0, 1, 0, False, True))
    WinContext(winning=5, by=<WinBy.SELF_DRAWN: 'self'>, seat_wind=1, prevailing_wind=0, \
last_of_wall=False, replacement=<Replacement.KONG: 'kong'>, last_tile=True)
    """
    winning, by, replacement, seat_wind, prevailing, last_of_wall, last_tile = values
    return WinContext(
        winning=winning,
        by=_WIN_BY[by],
        seat_wind=seat_wind,
        prevailing_wind=prevailing,
        last_of_wall=bool(last_of_wall),
        replacement=_REPLACEMENTS[replacement] if replacement >= 0 else None,
        last_tile=bool(last_tile),
    )


def score_rules(ruleset: Ruleset) -> ScoreRules:
    """The C++ ``ScoreRules`` of a ruleset: the fan table's data and the ruleset's fields,
    built once per ruleset (rulesets are immutable values)."""
    key = id(ruleset)
    cached = _SCORE_RULES.get(key)
    if cached is not None:
        return cached
    slots = range(83)
    form_bits = {form: 1 << i for i, form in enumerate(_FORMS)}
    rows = ROWS
    rules: ScoreRules = core().ScoreRules(
        points=[ruleset.points(n) if n in rows else 0 for n in slots],
        excludes=[sorted(ruleset.excludes(n)) if n in rows else [] for n in slots],
        absorbs=[sorted(rows[n].absorbs) if n in rows else [] for n in slots],
        group=[
            {"chow": 1, "pung": 2}.get(rows[n].group or "", 0) if n in rows else 0 for n in slots
        ],
        arity=[rows[n].arity if n in rows else 0 for n in slots],
        forms=[sum(form_bits[f] for f in rows[n].forms) if n in rows else 0 for n in slots],
        checkers=[n for n in FANS if FANS[n].checker is not None],
        about_the_win=[n for n in FANS if FANS[n].about_the_win],
        mixed_kong_number=ruleset.mixed_kong_pair[0],
        mixed_kong_points=ruleset.mixed_kong_pair[1],
        concealed_form_self_drawn=ruleset.concealed_form_self_drawn,
        concealed_forms=sorted(ruleset.concealed_forms),
        nine_gates_extras=[list(ruleset.nine_gates_extras.get(r, ())) for r in range(10)],
        many_kongs_award_concealed=ruleset.many_kongs_award_concealed,
        robbing_on_last_tile=ruleset.robbing_on_last_tile,
        knit_holds_winning_tile=ruleset.knit_holds_winning_tile,
        conditional_excludes=[(sorted(w), sorted(d)) for w, d in ruleset.conditional_excludes],
    )
    _SCORE_RULES[key] = rules
    # forget them with the ruleset, so its id cannot be reused for another one
    weakref.finalize(ruleset, _SCORE_RULES.pop, key, None)
    return rules


# ----------------------------------------------------------------- answers as tallies


class _TileSets(dict[tuple[int, int, bool, int, int], TileSet]):
    """TileSets by (kind, first, concealed, copies, meld + 1), each built once: a few hundred
    cover every hand."""

    def __missing__(self, key: tuple[int, int, bool, int, int]) -> TileSet:
        kind, first, concealed, copies, meld = key
        made = set_from_first(
            _SET_KINDS[kind], first, concealed, meld - 1 if meld else None, copies
        )
        self[key] = made
        return made


class _FanScores(dict[tuple[int, int, int], FanScore]):
    """Tally lines by (number, times, points), each built once."""

    def __missing__(self, key: tuple[int, int, int]) -> FanScore:
        number, times, points = key
        fan = ROWS[number]
        made = FanScore(number, fan.key, fan.name, fan.chinese, points, times)
        self[key] = made
        return made


_TILE_SETS: Final = _TileSets()
_FAN_SCORES: Final = _FanScores()


class _Parts:
    """Builds a Tally's fans and split from a ``ScoredHand`` (see :meth:`Tally.lazy`)."""

    def fans(self, found: ScoredHand) -> tuple[FanScore, ...]:
        return tuple(_FAN_SCORES[f] for f in found.fans)

    def split(self, found: ScoredHand) -> Split:
        melds = found.nmelds
        sets = tuple(
            _TILE_SETS[(kind, first, concealed, copies, i + 1 if i < melds else 0)]
            for i, (kind, first, concealed, copies) in enumerate(found.sets)
        )
        winning = found.winning_set
        return Split(_FORMS[found.form], sets, None if winning < 0 else winning, _WAITS[found.wait])


class _BatchParts(_Parts):
    """The same from one record of a scored batch (decoded when first read)."""

    def fans(self, found: Any) -> tuple[FanScore, ...]:
        scored, index = found
        return super().fans(core().scored_at(scored, index))

    def split(self, found: Any) -> Split:
        scored, index = found
        return super().split(core().scored_at(scored, index))


_PARTS: Final = _Parts()
_BATCH_PARTS: Final = _BatchParts()


def refusal(code: int, hand: HandLike, context: WinContext, ruleset: Ruleset) -> ScoreRefused:
    """The error of a hand the C++ core refused: the reference's checks word it, and must
    have found the same reason (a disagreement is a bug, not a refusal)."""
    try:
        validate(hand, context, ruleset)
    except ScoreRefused as error:
        if error.refusal == code:
            return error
        raise RuntimeError(
            f"the C++ scorer refused {hand} with code {code}, the reference with {error!r}"
        ) from error
    if code == Refusal.NOT_COMPLETE:
        return fail(NOT_COMPLETE, Refusal.NOT_COMPLETE)
    raise RuntimeError(f"the C++ scorer refused {hand} with code {code}; the reference accepts it")


def score_one(hand: HandLike, context: WinContext, ruleset: Ruleset) -> Tally:
    """Check and score one hand in C++: the same tally as the reference.

    The first call binds the core's ``score_tally`` (the reader, :class:`Tally`'s slots,
    :data:`_PARTS`, :func:`score_rules` and :func:`refusal`) and puts it in this function's
    place, so every later call goes from ``score()`` straight to C++, which answers the
    lazy tally :meth:`Tally.lazy` would build, or raises the refusal."""
    module = core()
    module.bind_scorer(
        reader=reader(), tally_type=Tally, parts=_PARTS, score_rules=score_rules, refusal=refusal
    )
    globals()["score_one"] = module.score_tally
    return module.score_tally(hand, context, ruleset)  # type: ignore[no-any-return]


def pack(hands: Sequence[HandLike], contexts: Sequence[WinContext]) -> npt.NDArray[np.void]:
    """Hands and contexts as ``WIN_DTYPE`` records (a wrong type raises ``TypeError``)."""
    return core().pack_wins(hands, contexts, reader())  # type: ignore[no-any-return]


def score_packed(wins: npt.NDArray[np.void], ruleset: Ruleset) -> npt.NDArray[np.void]:
    """Score ``WIN_DTYPE`` records into ``SCORED_DTYPE`` records, the GIL released."""
    return core().score_wins(wins, score_rules(ruleset))  # type: ignore[no-any-return]


def tally_at(
    scored: npt.NDArray[np.void], index: int, basic: int, flowers: int, ruleset: Ruleset
) -> Tally:
    """The tally of one scored record, its fans and split decoded when first read."""
    return Tally.lazy(
        (scored, index), _BATCH_PARTS, ruleset.name, ruleset.minimum, basic=basic, flowers=flowers
    )
