"""Settings for the whole suite."""

from __future__ import annotations

from hypothesis import settings

# Hypothesis fails an example slower than its deadline (200 ms by default): a timed assertion,
# which a loaded machine trips. Every property test here runs without one; a test that sets
# its own settings without `deadline=None` still inherits this.
settings.register_profile("mahjongkit", deadline=None)
settings.load_profile("mahjongkit")
