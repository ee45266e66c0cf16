"""The scorer's adapter to the C++ core: the ruleset's data as a ``ScoreRules``, and one
hand (or many) scored in C++. Only this module and :mod:`mahjongkit.mcr.analysis.engine`
touch ``mahjongkit._core.mcr``."""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from mahjongkit.mcr.analysis.engine import _FORMS, _core
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS
from mahjongkit.mcr.scoring.ruleset import Ruleset

_SCORE_RULES: dict[int, object] = {}


def score_rules(ruleset: Ruleset) -> object:
    """The C++ ``ScoreRules`` of a ruleset: the fan table's data and the ruleset's fields,
    built once per ruleset (rulesets are immutable values)."""
    key = id(ruleset)
    cached = _SCORE_RULES.get(key)
    if cached is not None:
        return cached
    rows = {**FANS, 82: CONCEALED_KONG_AND_MELDED_KONG}
    slots = range(83)
    form_bits = {form: 1 << i for i, form in enumerate(_FORMS)}
    rules = _core().ScoreRules(
        points=[ruleset.points(n) if n in rows else 0 for n in slots],
        excludes=[sorted(ruleset.excludes(n)) if n in rows else [] for n in slots],
        absorbs=[sorted(rows[n].absorbs) if n in rows else [] for n in slots],
        group=[
            {"chow": 1, "pung": 2}.get(rows[n].group or "", 0) if n in rows else 0 for n in slots
        ],
        arity=[rows[n].arity if n in rows else 0 for n in slots],
        forms=[sum(form_bits[f] for f in rows[n].forms) if n in rows else 0 for n in slots],
        checkers=[n for n in FANS if FANS[n].checker is not None],
        mixed_kong_number=ruleset.mixed_kong_pair[0],
        mixed_kong_points=ruleset.mixed_kong_pair[1],
        concealed_form_self_drawn=ruleset.concealed_form_self_drawn,
        concealed_forms=sorted(ruleset.concealed_forms),
        nine_gates_extras=[list(ruleset.nine_gates_extras.get(r, ())) for r in range(10)],
        many_kongs_award_concealed=ruleset.many_kongs_award_concealed,
    )
    _SCORE_RULES[key] = rules
    # forget them with the ruleset, so its id cannot be reused for another one
    weakref.finalize(ruleset, _SCORE_RULES.pop, key, None)
    return rules


# What score_win returns: a refusal code, or (form, packed sets, winning set or None, wait
# index or -1, packed fans, basic points, flower points); see cpp/bindings/bind_mcr_score.cpp.
WinResult = int | tuple[int, tuple[int, ...], int | None, int, tuple[int, ...], int, int]
WinArguments = tuple[Sequence[int], Sequence[int], int, int, int, int, int, bool, bool, int]


def score_win(arguments: WinArguments, ruleset: Ruleset) -> WinResult:
    """Check and score one hand in C++ (``cpp/core/mcr/score.hpp``, ``score_win``): the hand's
    size and the win context are checked there, then the best arrangement is scored. The
    arguments are packed by :func:`mahjongkit.mcr.scoring.score.win_arguments`."""
    result: WinResult = _core().score_win(arguments, score_rules(ruleset))
    return result


def score_win_many(arguments: list[WinArguments], ruleset: Ruleset) -> list[WinResult]:
    """:func:`score_win` over many hands in one C++ call, the GIL released while it scores."""
    results: list[WinResult] = _core().score_win_many(arguments, score_rules(ruleset))
    return results
