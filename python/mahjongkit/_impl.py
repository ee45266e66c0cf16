"""The one switch between the C++ core and the pure-Python twins, for both games.

Every function that has two implementations takes ``impl=None | "cpp" | "python"``.
``None`` reads the environment variable ``MAHJONGKIT_IMPLEMENTATION``; unset or empty means
the default, C++ (an empty value is how a shell unsets a variable for one command, so it is
not an error). Anything else is refused with the same message in both games.

>>> resolve("python")
'python'
>>> resolve("fortran")
Traceback (most recent call last):
ValueError: unknown implementation 'fortran': use 'cpp' or 'python'
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Final, Literal

Impl = Literal["cpp", "python"]
IMPLEMENTATIONS: Final[tuple[Impl, ...]] = ("cpp", "python")
ENVIRONMENT_VARIABLE: Final = "MAHJONGKIT_IMPLEMENTATION"
DEFAULT: Final[Impl] = "cpp"
_FROM_ENVIRONMENT: Final = f" (from ${ENVIRONMENT_VARIABLE})"


def resolve(impl: str | None = None) -> Impl:
    """The implementation to use: ``impl``, else the environment variable, else ``"cpp"``.

    The environment is read on every call (tests and long sessions change it), but what a
    value means is worked out once per value.
    """
    if impl is not None:
        return _named(impl, "")
    return _named(
        os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT, f" (from ${ENVIRONMENT_VARIABLE})"
    )


@lru_cache(maxsize=16)
def _named(chosen: str, source: str) -> Impl:
    if chosen == "cpp":
        return "cpp"
    if chosen == "python":
        return "python"
    raise ValueError(f"unknown implementation {chosen!r}{source}: use 'cpp' or 'python'")
