"""The one switch between the C++ core and the pure-Python twins, for both games.

Every function that has two implementations takes ``impl=None | "cpp" | "python"``.
``None`` reads the environment variable ``MAHJONGKIT_IMPLEMENTATION``; unset or empty means
the default, C++ (an empty value is how a shell unsets a variable for one command, so it is
not an error). Anything else is refused with the same message in both games.

This module is the only code that reads the variable or compares an implementation's name:
every twin pair is chosen by :func:`pick` (the chosen one of two objects), and what only needs
the name for a record (a table that remembers how it was built) asks :func:`resolve`.

>>> resolve("python")
'python'
>>> pick("python", cpp="the core", python="the twin")
'the twin'
>>> resolve("fortran")
Traceback (most recent call last):
ValueError: unknown implementation 'fortran': use 'cpp' or 'python'
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Final, Literal, TypeVar

Impl = Literal["cpp", "python"]
IMPLEMENTATIONS: Final[tuple[Impl, ...]] = ("cpp", "python")
ENVIRONMENT_VARIABLE: Final = "MAHJONGKIT_IMPLEMENTATION"
DEFAULT: Final[Impl] = "cpp"
_FROM_ENVIRONMENT: Final = f" (from ${ENVIRONMENT_VARIABLE})"
# os.environ's own store, read without re-encoding the key on every call: the scorer picks
# per call, and that path must stay cheap. os.environ keeps the store current.
_STORE: Final = getattr(os.environ, "_data", None)
_KEY: Final = os.environ.encodekey(ENVIRONMENT_VARIABLE) if _STORE is not None else None

T = TypeVar("T")


def resolve(impl: str | None = None) -> Impl:
    """The implementation to use: ``impl``, else the environment variable, else ``"cpp"``.

    The environment is read on every call (tests and long sessions change it), but what a
    value means is worked out once per value.
    """
    if impl is not None:
        if not isinstance(impl, str):  # a programmer's error, not a bad name
            raise TypeError(f"impl is 'cpp', 'python' or None, not {type(impl).__name__}")
        return _named(impl, "")
    if _STORE is not None:
        raw = _STORE.get(_KEY)
        if not raw:
            return DEFAULT
        return _named(os.environ.decodevalue(raw), _FROM_ENVIRONMENT)
    return _named(os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT, _FROM_ENVIRONMENT)


def pick(impl: str | None, cpp: T, python: T) -> T:
    """``cpp`` or ``python``, whichever :func:`resolve` chooses for ``impl``: how every twin
    pair (backend modules, functions, classes) is chosen.

    >>> pick("cpp", cpp=1, python=2)
    1
    """
    # the default path (no argument, the variable unset) without a second call
    if impl is None and _STORE is not None and _KEY not in _STORE:
        return cpp
    return python if resolve(impl) == "python" else cpp


@lru_cache(maxsize=16)
def _named(chosen: str, source: str) -> Impl:
    if chosen == "cpp":
        return "cpp"
    if chosen == "python":
        return "python"
    raise ValueError(f"unknown implementation {chosen!r}{source}: use 'cpp' or 'python'")
