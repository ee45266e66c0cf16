"""One refusal shape for both games: a move the rules do not take is a value, not an exception.

A :class:`Refusal` has a ``code`` (a member of the game's own code enum: stable, for a
site's translated messages), a ``message`` in English naming what is wrong, and a
``context``: the slots it is about in solitaire, the moves that *are* legal in MCR. It is
falsy, so ``if not result:`` reads "refused" whatever the game. Nothing changes when a move
is refused. Programmer errors (an argument of the wrong type) still raise.

Both games use the same pair of verbs: ``why_not(...)`` gives the refusal a move would get,
or ``None``; ``apply(...)`` plays the move or returns that refusal.

>>> from enum import Enum
>>> class Code(Enum):
...     SAME_TILE = "same_tile"
>>> refusal = Refusal(Code.SAME_TILE, "4 twice: a pair is two different tiles", (4,))
>>> bool(refusal), str(refusal), refusal.context
(False, 'same_tile: 4 twice: a pair is two different tiles', (4,))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

CodeT = TypeVar("CodeT", bound=Enum)
ContextT = TypeVar("ContextT")


@dataclass(frozen=True)
class Refusal(Generic[CodeT, ContextT]):
    """A refused move: the code, what was wrong, and what it is about; falsy."""

    code: CodeT
    message: str
    context: tuple[ContextT, ...] = ()

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"
