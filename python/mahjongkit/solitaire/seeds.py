"""Seed ranges: ``"A:B"`` on the command line, ``range(A, B)`` in Python, half-open.

>>> parse_seeds("0:1000")
range(0, 1000)
>>> parse_seeds("7")
range(7, 8)
>>> parse_seeds("10:5")
Traceback (most recent call last):
ValueError: empty seed range '10:5': the end (5) must be greater than the start (10)
"""

from __future__ import annotations

import re
from typing import Final

from mahjongkit._echo import shown

SEED_LIMIT: Final = 1 << 64
"""Seeds are 0 to 2**64 - 1 (decision 5, docs/decisions.md), so a range ends at 2**64 at most."""
_DIGITS: Final = re.compile(r"[0-9]+(?:_[0-9]+)*")


def parse_seeds(text: str) -> range:
    """``"A:B"`` (seeds A to B - 1), ``"A:+N"`` (N seeds from A) or ``"A"`` (one seed).

    Underscores may group digits (``"0:10_000_000"``).

    >>> parse_seeds("5:+3")
    range(5, 8)
    >>> parse_seeds("a:b")
    Traceback (most recent call last):
    ValueError: bad seed range 'a:b': 'a' is not a non-negative integer; write A:B, A:+N or A
    """
    raw = text.strip()
    start_text, colon, end_text = raw.partition(":")
    start = _integer(start_text, raw)
    if not colon:
        return check_seeds(range(start, start + 1), raw)
    if end_text.startswith("+"):
        return check_seeds(range(start, start + _integer(end_text[1:], raw)), raw)
    return check_seeds(range(start, _integer(end_text, raw)), raw)


def check_seeds(seeds: range, text: str | None = None) -> range:
    """``seeds`` if it is a non-empty step-1 range inside [0, 2**64]; else ``ValueError``.

    >>> check_seeds(range(0, 2**64 + 1))
    Traceback (most recent call last):
    ValueError: seed range range(0, 18446744073709551617) ends past 2**64: seeds are 0 to 2**64 - 1
    """
    if not isinstance(seeds, range):
        raise TypeError(f"seeds must be a range, not {type(seeds).__name__}")
    shown = repr(text) if text is not None else repr(seeds)
    if seeds.step != 1:
        raise ValueError(f"seed range {shown} must have step 1")
    if seeds.start < 0:
        raise ValueError(f"seed range {shown} starts below 0: seeds are 0 to 2**64 - 1")
    if seeds.stop > SEED_LIMIT:
        raise ValueError(f"seed range {shown} ends past 2**64: seeds are 0 to 2**64 - 1")
    if seeds.stop <= seeds.start:
        raise ValueError(
            f"empty seed range {shown}: the end ({seeds.stop}) must be greater than the start "
            f"({seeds.start})"
        )
    return seeds


def range_text(seeds: range) -> str:
    """The ``A:B`` text of a range.

    >>> range_text(range(3, 9))
    '3:9'
    """
    return f"{seeds.start}:{seeds.stop}"


def _integer(text: str, whole: str) -> int:
    digits = text.strip()
    # ASCII digits, single underscores between them, and no more than 2**64 needs.
    if not _DIGITS.fullmatch(digits) or len(digits) > 40:
        raise ValueError(
            f"bad seed range {whole!r}: {text!r} is not a non-negative integer; "
            "write A:B, A:+N or A"
        )
    return int(digits)


_SEED_TEXT: Final = re.compile(r"0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20}")


def parse_seed(value: object, what: str = "seed") -> int:
    """A seed, 0 to 2**64 - 1, from an exact JSON integer or from text: ASCII decimal digits
    or ``0x`` hex (no sign, no other digits, such as ``'٣'``). The one place seeds are read
    from outside; ``ValueError`` names what is wrong with at most a short prefix of it.

    JSON carries seeds as strings (a JavaScript number rounds above 2**53); an integer is
    still taken, since Python reads it exactly.

    >>> parse_seed("18"), parse_seed(" 0x10 "), parse_seed(2**64 - 1)
    (18, 16, 18446744073709551615)
    >>> parse_seed("٣")
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got '٣'
    """
    seed: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        seed = value
    elif isinstance(value, str) and _SEED_TEXT.fullmatch(value.strip()):
        digits = value.strip()
        seed = int(digits[2:], 16) if digits[1:2] in ("x", "X") else int(digits, 10)
    if seed is None or not 0 <= seed < SEED_LIMIT:
        raise ValueError(
            f"{what} must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got {shown(value)}"
        )
    return seed
