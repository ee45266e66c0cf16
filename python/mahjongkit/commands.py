"""Terminal commands for both games, written one way: a table of names and handlers.

A terminal front end (``mahjongkit play``, ``mahjongkit mcr play``) declares each command as
a :class:`Command`: the words that call it (the first is its name, the rest aliases) and the
handler, which receives the words after the command word. :meth:`Commands.find` looks a
word up, case-insensitively. What a handler returns is the front end's business (the text to
print in solitaire, the move to make in MCR).

>>> table = Commands(
...     Command(("undo", "u"), lambda args: "took back"),
...     Command(("explain", "e"), lambda args: f"explaining {args}"),
... )
>>> table.find("U").run([]), table.find("explain").run(["139"]), table.find("fly")
('took back', "explaining ['139']", None)
>>> table.names()
['undo', 'explain']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

R = TypeVar("R")


@dataclass(frozen=True)
class Command(Generic[R]):
    """One command: the words that call it (name first, then aliases) and its handler."""

    words: tuple[str, ...]
    run: Callable[[list[str]], R]

    @property
    def name(self) -> str:
        """The command's own name (its first word)."""
        return self.words[0]


class Commands(Generic[R]):
    """A table of commands, looked up by any of their words."""

    def __init__(self, *commands: Command[R]) -> None:
        self.commands = commands
        self._by_word: dict[str, Command[R]] = {}
        for command in commands:
            for word in command.words:
                if word in self._by_word:
                    raise ValueError(f"two commands answer to {word!r}")
                self._by_word[word] = command

    def find(self, word: str) -> Command[R] | None:
        """The command ``word`` calls, or ``None``."""
        return self._by_word.get(word.lower())

    def names(self) -> list[str]:
        """The commands' names, in table order."""
        return [command.name for command in self.commands]
