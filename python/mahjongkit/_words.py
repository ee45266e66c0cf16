"""Counts in words, for the messages both games print ("1 move", "2 moves").

>>> plural(1, "move"), plural(2, "move"), plural(0, "match", "matches")
('1 move', '2 moves', '0 matches')
>>> plural(1, "tile left"), plural(3, "tile left", "tiles left")
('1 tile left', '3 tiles left')
"""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, or ``nouns`` (``noun`` + "s" unless given) when it is not one."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
