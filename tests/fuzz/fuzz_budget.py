"""The fuzz suite: hostile input to every parser and binding, with a bounded budget.

Each test states its own number of examples; together they stay within about a minute of the
default run. ``FUZZ_SCALE=10 python -m pytest tests/fuzz`` runs ten times as many.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1")))


def budget(examples: int) -> settings:
    """Settings for a fuzz test of ``examples`` examples (times ``FUZZ_SCALE``)."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def hostile_json(
    specials: list[Any], *more: st.SearchStrategy[Any], max_leaves: int
) -> st.SearchStrategy[Any]:
    """JSON values a hostile file may hold: nulls, booleans, huge integers, the ``specials``
    a format's checks turn on, every float, short texts and ``more`` leaves, nested in lists
    and objects up to ``max_leaves`` leaves."""
    return st.recursive(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-(2**70), 2**70),
            st.sampled_from(specials),
            st.floats(allow_nan=True, allow_infinity=True),
            st.text(max_size=8),
            *more,
        ),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=max_leaves,
    )
