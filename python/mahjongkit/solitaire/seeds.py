"""Seeds, the one place they are read: a seed is an integer from 0 to 2**64 - 1 (decision 5,
docs/decisions.md), written in text as **decimal** (leading zeros allowed: ``010`` is ten) or
as **hex with** ``0x``, ASCII digits only, single underscores allowed between digits. The
command line, the web API, saved games and seed ranges all read seeds here, by that one rule
and with one message.

>>> parse_seed("010"), parse_seed("0x10"), parse_seed(" 1_000 ")
(10, 16, 1000)
>>> parse_seed("١٠")
Traceback (most recent call last):
ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got '١٠'

A range is ``"A:B"`` on the command line, ``range(A, B)`` in Python, half-open:

>>> parse_seeds("0:1000")
range(0, 1000)
>>> parse_seeds("7")
range(7, 8)
>>> parse_seeds("10:5")
Traceback (most recent call last):
ValueError: empty seed range '10:5': the end (5) must be greater than the start (10)
"""

from __future__ import annotations

import operator
import re
from typing import Final

SEED_LIMIT: Final = 1 << 64
"""Seeds are 0 to 2**64 - 1 (decision 5, docs/decisions.md), so a range ends at 2**64 at most."""
_DECIMAL: Final = re.compile(r"[0-9]+(?:_[0-9]+)*")
_HEX: Final = re.compile(r"0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*")
_LONGEST: Final = 48
"""Longer text is refused unread: 2**64 needs 20 decimal digits, 26 with underscores."""


def seed_error(shown: object, what: str = "seed") -> ValueError:
    """The one message of a seed that is not one (``shown`` as the caller received it)."""
    text = repr(shown) if not isinstance(shown, str) or len(shown) <= _LONGEST else "a long text"
    if isinstance(shown, int) and abs(shown) >= 10**30:
        text = "a huge number"
    return ValueError(
        f"{what} must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got {text}"
    )


def parse_seed(text: str, what: str = "seed") -> int:
    """The seed written in ``text`` (see the module's rule); else ``ValueError``.

    >>> parse_seed("-1")
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got '-1'
    """
    number = _number(text)
    if number is None or number >= SEED_LIMIT:
        raise seed_error(text, what)
    return number


def check_seed(value: object, what: str = "seed") -> int:
    """``value`` as an int if it is an integer (any integer type, NumPy's too; never a bool,
    a float or a str) in 0..2**64 - 1; a wrong type raises ``TypeError``, a wrong value the
    one ``ValueError``.

    >>> check_seed(2**64 - 1)
    18446744073709551615
    >>> check_seed(-1)
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got -1
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    number = operator.index(value)  # type: ignore[arg-type]
    if not 0 <= number < SEED_LIMIT:
        raise seed_error(number, what)
    return number


def seed_of(value: object, what: str = "seed") -> int:
    """A seed from data that may hold it as a number or as text (JSON bodies, query strings,
    saved files): an int by :func:`check_seed`'s range, text by :func:`parse_seed`; anything
    else (a bool, a float, ``None``) the one ``ValueError``.

    >>> seed_of("0x10"), seed_of(5)
    (16, 5)
    >>> seed_of(True)
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got True
    """
    if isinstance(value, str):
        return parse_seed(value, what)
    if isinstance(value, int) and not isinstance(value, bool):
        return check_seed(value, what)
    raise seed_error(value, what)


def parse_seeds(text: str) -> range:
    """``"A:B"`` (seeds A to B - 1), ``"A:+N"`` (N seeds from A) or ``"A"`` (one seed); each
    number by the seed rule (``"0:10_000_000"``, ``"0x10:0x20"``).

    >>> parse_seeds("5:+3")
    range(5, 8)
    >>> parse_seeds("a:b")
    Traceback (most recent call last):
    ValueError: bad seed range 'a:b': 'a' is not decimal or 0x hex; write A:B, A:+N or A
    """
    raw = text.strip()
    start_text, colon, end_text = raw.partition(":")
    start = _bound(start_text, raw)
    if not colon:
        return check_seeds(range(start, start + 1), raw)
    if end_text.startswith("+"):
        return check_seeds(range(start, start + _bound(end_text[1:], raw)), raw)
    return check_seeds(range(start, _bound(end_text, raw)), raw)


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


def _number(text: str) -> int | None:
    """The non-negative integer ``text`` writes by the seed rule, unbounded; else ``None``."""
    plain = text.strip()
    if len(plain) > _LONGEST:
        return None
    if _DECIMAL.fullmatch(plain):
        return int(plain, 10)
    if _HEX.fullmatch(plain):
        return int(plain, 16)
    return None


def _bound(text: str, whole: str) -> int:
    """One end (or count) of a range: a number by the seed rule; the range checks its size."""
    number = _number(text)
    if number is None:
        raise ValueError(
            f"bad seed range {whole!r}: {text!r} is not decimal or 0x hex; write A:B, A:+N or A"
        )
    return number
