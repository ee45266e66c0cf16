"""The fuzz suite: hostile input to every parser and binding, with a bounded budget.

Each test states its own number of examples; together they stay within about a minute of the
default run. ``FUZZ_SCALE=10 python -m pytest tests/fuzz`` runs ten times as many.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1")))


def budget(examples: int) -> settings:
    """Settings for a fuzz test of ``examples`` examples (times ``FUZZ_SCALE``)."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
