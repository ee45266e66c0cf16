"""The MCR scorer's public API: the points of a winning hand under the five principles.

``score(hand, context, ruleset=GREEN_BOOK) -> Tally``. The hand already holds the winning
tile (14 tiles, each meld counting three); ``context.winning`` names it. The scorer reads
every arrangement of the hand, scores each under the five principles of 3.9.1.5 and keeps
the highest; Chicken Hand scores when nothing else does, and flowers are added after the
8-point minimum is read (3.11.6.6). The layers below, one idea each:

* :mod:`~mahjongkit.mcr.scoring.validate` — the checks and their :class:`Refusal` codes;
* :mod:`~mahjongkit.mcr.scoring._ref` — the pure-Python reference (``impl="python"``);
* :mod:`~mahjongkit.mcr.scoring._cpp` — the adapter to the C++ twin (the default), which
  reads the hand and the context itself and answers a ``ScoredHand``; the tally's fans and
  split are built only when read.

An incomplete hand, or a context that cannot happen (robbing a kong on a self-draw, a kong
replacement without a kong, ...), raises :class:`ScoreRefused`, a ``ValueError`` naming why.
:func:`score_many` scores many hands at once; given a :class:`WinBatch` (the hands packed
once) it answers a :class:`TallyBatch` whose totals are arrays and whose tallies are built
when read.

>>> from mahjongkit.mcr.scoring.context import WinContext, WinBy
>>> from mahjongkit.mcr.hand.notation import parse_hand
>>> hand = parse_hand("123m 456p 789s 234s 55m")
>>> t = score(hand, WinContext(winning=5, by=WinBy.SELF_DRAWN))
>>> [(f.name, f.points) for f in t.fans]
[('Mixed Straight', 8), ('Fully Concealed Hand', 4), ('All Chows', 2), ('Single Wait', 1)]
>>> t.basic, t.minimum_met
(15, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, Literal, overload

from mahjongkit._impl import pick
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.scoring import _cpp
from mahjongkit.mcr.scoring._ref import equivalent_tallies as _equivalent
from mahjongkit.mcr.scoring._ref import score_reference
from mahjongkit.mcr.scoring.context import WinContext
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS, Fan
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset
from mahjongkit.mcr.scoring.tally import Tally
from mahjongkit.mcr.scoring.validate import (
    HandLike,
    Refusal,
    ScoreRefused,
    check_parts,
    melds_of,
    read_hand,
    validate,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "HandLike",
    "Refusal",
    "ScoreRefused",
    "TallyBatch",
    "WinBatch",
    "equivalent_tallies",
    "fan_of",
    "score",
    "score_many",
]


def score(
    hand: HandLike, context: WinContext, ruleset: Ruleset = GREEN_BOOK, *, impl: str | None = None
) -> Tally:
    """Score a winning hand: the highest-scoring arrangement under the five principles.

    ``hand`` holds the winning tile; ``context`` says how it was won. Raises
    :class:`ScoreRefused` (a ``ValueError`` with a :class:`Refusal` code) if the hand is not
    complete or the context cannot happen. ``impl`` chooses the C++ core or the pure-Python
    reference (``None``: the environment variable ``MAHJONGKIT_IMPLEMENTATION``, default
    C++); both give the same tally.

    >>> from mahjongkit.mcr.scoring.context import WinContext
    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> t = score(parse_hand("234m 345p 567s 67m 88p 8m"), WinContext(winning=8))
    >>> t.basic, t.minimum_met
    (6, False)
    >>> try:
    ...     score(parse_hand("234m 345p 567s 67m 88p 9m"), WinContext(winning=9))
    ... except ValueError as error:
    ...     print(error, error.refusal.name)
    not a complete hand: no four sets and a pair, nor a special form NOT_COMPLETE
    """
    return pick(impl, _score_core, score_reference)(hand, context, ruleset)


def _score_core(hand: HandLike, context: WinContext, ruleset: Ruleset) -> Tally:
    """:func:`score` by the C++ core: the checks the binding does not make, then the core."""
    if type(hand) is not Hand:
        # a Hand checked its tiles when it was made; anything else is checked here
        check_parts(hand, melds_of(hand))
    elif len(hand.melds) > 4:
        read_hand(hand)  # the size refusal the reference gives, before the binding's own check
    if type(context) is not WinContext:
        validate(hand, context, ruleset)  # a wrong type raises TypeError
    return _cpp.score_one(hand, context, ruleset)


class WinBatch:
    """Hands and their win contexts packed once for :func:`score_many` (the C++ core's
    ``WIN_DTYPE`` records), so scoring them again costs no Python work per hand.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> batch = WinBatch([parse_hand("123m 456p 789s 234s 55m")], [WinContext(winning=5)])
    >>> len(batch), int(batch.records["winning"][0])
    (1, 5)
    """

    __slots__ = ("_early", "_packed", "_records", "contexts", "hands")

    def __init__(self, hands: Sequence[HandLike], contexts: Sequence[WinContext]) -> None:
        if len(hands) != len(contexts):
            raise ValueError(f"{len(hands)} hands but {len(contexts)} contexts")
        self.hands = list(hands)
        self.contexts = list(contexts)
        # refusals found before packing (the tiles of a hand that is not a Hand)
        self._early: dict[int, ScoreRefused] = {}
        packed: list[int] = []
        for i, (hand, context) in enumerate(zip(self.hands, self.contexts, strict=True)):
            try:
                if type(hand) is not Hand:
                    check_parts(hand, melds_of(hand))
                if type(context) is not WinContext:
                    validate(hand, context)
            except ScoreRefused as error:
                self._early[i] = error
                continue
            packed.append(i)
        self._packed = packed
        if self._early:
            hands, contexts = [self.hands[i] for i in packed], [self.contexts[i] for i in packed]
        records = _cpp.pack(hands, contexts)
        records.flags.writeable = False
        self._records: npt.NDArray[np.void] = records

    @property
    def records(self) -> npt.NDArray[np.void]:
        """The packed records: a read-only view that cannot be made writable (so the
        records always describe ``hands`` and ``contexts``). The core checks every record it
        reads all the same, and refuses one no hand could give with a ``ValueError``."""
        view = self._records.view()
        view.flags.writeable = False
        return view

    def __len__(self) -> int:
        return len(self.hands)


class TallyBatch(Sequence[Tally | ScoreRefused]):
    """What :func:`score_many` answers for a :class:`WinBatch`: a sequence of tallies (or,
    with ``on_error="return"``, refusals in their hands' places), each built when read, and
    the points of every hand as arrays (``basic``, ``flowers``, ``total``; ``refused`` is
    true where a hand was refused, its points 0)."""

    def __init__(
        self,
        batch: WinBatch,
        ruleset: Ruleset,
        scored: npt.NDArray[np.void] | None = None,
        results: list[Tally | ScoreRefused] | None = None,
    ) -> None:
        import numpy as np

        self._batch = batch
        self._ruleset = ruleset
        self._scored = scored
        self._results = results
        size = len(batch)
        if scored is not None:
            where = np.asarray(batch._packed, dtype=np.intp)
            self.basic = np.zeros(size, dtype=np.int32)
            self.flowers = np.zeros(size, dtype=np.int32)
            self.refused = np.ones(size, dtype=bool)
            self.basic[where] = scored["basic"]
            self.flowers[where] = scored["flowers"]
            self.refused[where] = scored["refusal"] != 0
            self._row = np.full(size, -1, dtype=np.intp)
            self._row[where] = np.arange(len(where))
        else:  # the reference's answers, one by one
            assert results is not None
            tallies = [None if isinstance(r, ScoreRefused) else r for r in results]
            self.basic = np.array([t.basic if t else 0 for t in tallies], dtype=np.int32)
            self.flowers = np.array([t.flowers if t else 0 for t in tallies], dtype=np.int32)
            self.refused = np.array([t is None for t in tallies], dtype=bool)

    @property
    def total(self) -> npt.NDArray[np.int32]:
        """Every hand's points with the flowers (0 where refused)."""
        return self.basic + self.flowers

    def __len__(self) -> int:
        return len(self._batch)

    @overload
    def __getitem__(self, index: int) -> Tally | ScoreRefused: ...

    @overload
    def __getitem__(self, index: slice) -> list[Tally | ScoreRefused]: ...

    def __getitem__(self, index: int | slice) -> Tally | ScoreRefused | list[Tally | ScoreRefused]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("TallyBatch index out of range")
        if self._results is not None:
            return self._results[index]
        return self._one(index, int(self.basic[index]), int(self.flowers[index]))

    def _one(self, index: int, basic: int, flowers: int) -> Tally | ScoreRefused:
        early = self._batch._early.get(index)
        if early is not None:
            return early
        assert self._scored is not None
        row = int(self._row[index])
        code = int(self._scored["refusal"][row])
        if code:
            batch = self._batch
            return _cpp.refusal(code, batch.hands[index], batch.contexts[index], self._ruleset)
        return _cpp.tally_at(self._scored, row, basic, flowers, self._ruleset)

    def tolist(self) -> list[Tally | ScoreRefused]:
        """Every tally (or refusal), in order."""
        if self._results is not None:
            return list(self._results)
        refused = self.refused.tolist()
        basics, flowers = self.basic.tolist(), self.flowers.tolist()
        rows = self._row.tolist()
        one, tally_at, scored, ruleset = self._one, _cpp.tally_at, self._scored, self._ruleset
        return [
            one(i, b, f) if r else tally_at(scored, row, b, f, ruleset)  # type: ignore[arg-type]
            for i, (r, b, f, row) in enumerate(zip(refused, basics, flowers, rows, strict=True))
        ]

    def __iter__(self) -> Iterator[Tally | ScoreRefused]:
        return iter(self.tolist())

    def first_refused(self) -> int | None:
        """The index of the first refused hand, or ``None``."""
        found = self.refused.nonzero()[0]
        return int(found[0]) if len(found) else None


@overload
def score_many(
    hands: WinBatch,
    contexts: None = ...,
    ruleset: Ruleset = ...,
    *,
    impl: str | None = ...,
    on_error: Literal["raise", "return"] = ...,
) -> TallyBatch: ...


@overload
def score_many(
    hands: Sequence[HandLike],
    contexts: Sequence[WinContext],
    ruleset: Ruleset = ...,
    *,
    impl: str | None = ...,
    on_error: Literal["raise"] = ...,
) -> list[Tally]: ...


@overload
def score_many(
    hands: Sequence[HandLike],
    contexts: Sequence[WinContext],
    ruleset: Ruleset = ...,
    *,
    impl: str | None = ...,
    on_error: Literal["return"],
) -> list[Tally | ScoreRefused]: ...


def score_many(
    hands: Sequence[HandLike] | WinBatch,
    contexts: Sequence[WinContext] | None = None,
    ruleset: Ruleset = GREEN_BOOK,
    *,
    impl: str | None = None,
    on_error: Literal["raise", "return"] = "raise",
) -> list[Tally] | list[Tally | ScoreRefused] | TallyBatch:
    """Score many winning hands at once: ``[score(h, c, ruleset) for h, c in zip(hands,
    contexts)]``, the same tallies, faster.

    On the C++ core the whole list is scored in one call with the GIL released, so other
    Python threads run meanwhile. A hand that cannot be scored raises its
    :class:`ScoreRefused` (a ``ValueError``, the message prefixed with the hand's index)
    with ``on_error="raise"``, after every hand was checked; with ``on_error="return"`` the
    refusal takes the hand's place in the list. Wrong types raise ``TypeError`` either way.
    Given a :class:`WinBatch` (and no contexts) the answer is a :class:`TallyBatch`.

    >>> from mahjongkit.mcr.scoring.context import WinContext
    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hands = [parse_hand("123m 456p 789s 234s 55m"), parse_hand("234m 345p 567s 67m 88p 9m")]
    >>> contexts = [WinContext(winning=5), WinContext(winning=9)]
    >>> [t.basic for t in score_many(hands[:1], contexts[:1])]
    [13]
    >>> done = score_many(hands, contexts, on_error="return")
    >>> done[0] == score(hands[0], contexts[0]), done[1].refusal.name
    (True, 'NOT_COMPLETE')
    >>> try:
    ...     score_many(hands, contexts)
    ... except ValueError as error:
    ...     print(error)
    hand 1: not a complete hand: no four sets and a pair, nor a special form
    >>> batch = score_many(WinBatch(hands, contexts), on_error="return")
    >>> batch.total.tolist(), batch.refused.tolist()
    ([13, 0], [False, True])
    """
    if on_error not in ("raise", "return"):
        raise ValueError(f"on_error is 'raise' or 'return', not {on_error!r}")
    score_batch, score_each = pick(impl, _CORE_MANY, _REFERENCE_MANY)
    if isinstance(hands, WinBatch):
        if contexts is not None:
            raise TypeError("a WinBatch holds its contexts: pass no contexts with it")
        answer = score_batch(hands, ruleset)
        first = answer.first_refused()
        if on_error == "raise" and first is not None:
            error = answer[first]
            assert isinstance(error, ScoreRefused)
            raise ScoreRefused(f"hand {first}: {error}", error.refusal) from error
        return answer
    if contexts is None:
        raise TypeError("score_many needs the contexts of the hands")
    if len(hands) != len(contexts):
        raise ValueError(f"{len(hands)} hands but {len(contexts)} contexts")
    results = score_each(hands, contexts, ruleset)
    _raise_first(results, on_error)
    return results


def _batch_core(batch: WinBatch, ruleset: Ruleset) -> TallyBatch:
    """A batch scored by the C++ core in one call (the GIL released)."""
    return TallyBatch(batch, ruleset, scored=_cpp.score_packed(batch._records, ruleset))


def _batch_reference(batch: WinBatch, ruleset: Ruleset) -> TallyBatch:
    """A batch scored by the Python reference, hand by hand."""
    return TallyBatch(batch, ruleset, results=_score_each(batch.hands, batch.contexts, ruleset))


def _each_core(
    hands: Sequence[HandLike], contexts: Sequence[WinContext], ruleset: Ruleset
) -> list[Tally | ScoreRefused]:
    return _batch_core(WinBatch(hands, contexts), ruleset).tolist()


def _score_each(
    hands: Sequence[HandLike], contexts: Sequence[WinContext], ruleset: Ruleset
) -> list[Tally | ScoreRefused]:
    results: list[Tally | ScoreRefused] = []
    for hand, context in zip(hands, contexts, strict=True):
        try:
            results.append(score_reference(hand, context, ruleset))
        except ScoreRefused as error:
            results.append(error)
    return results


def _raise_first(results: Sequence[Tally | ScoreRefused], on_error: str) -> None:
    if on_error == "raise":
        for i, result in enumerate(results):
            if isinstance(result, ScoreRefused):
                raise ScoreRefused(f"hand {i}: {result}", result.refusal) from result


def equivalent_tallies(
    hand: HandLike, context: WinContext, ruleset: Ruleset = GREEN_BOOK
) -> list[dict[int, int]]:
    """The fan sets of every arrangement that reaches the best total: the equivalents a
    different tie-break may report (used by the differential test)."""
    return _equivalent(hand, context, ruleset)


def fan_of(number: int) -> Fan:
    """The table row of fan ``number`` (82 is the ``gb`` profile's extra kong fan)."""
    return FANS.get(number, CONCEALED_KONG_AND_MELDED_KONG)


# One implementation of score_many each: a batch's scorer, a list's (a plain pair: the
# packed Botzone bot's lowering to Python 3.6 drops class annotations, a NamedTuple's fields).
if TYPE_CHECKING:
    _ManyScorer = tuple[
        Callable[[WinBatch, Ruleset], TallyBatch],
        Callable[[Sequence[HandLike], Sequence[WinContext], Ruleset], list[Tally | ScoreRefused]],
    ]
_CORE_MANY: Final[_ManyScorer] = (_batch_core, _each_core)
_REFERENCE_MANY: Final[_ManyScorer] = (_batch_reference, _score_each)
