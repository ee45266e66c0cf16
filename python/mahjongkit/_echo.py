"""Bad input named in a message, in part only: an error never sends back the whole of a
10,000-digit seed or a megabyte of JSON."""

from __future__ import annotations

from typing import Final

SHOWN: Final = 24
"""Bad input is echoed up to about this many characters."""


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages that name bad input.

    >>> shown("7" * 10_000)
    "'77777777777777777777... (10002 characters)"
    >>> shown(12)
    '12'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deeply, or an int too long to write
        return f"a {type(value).__name__}"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 3]}... ({len(text)} characters)"
