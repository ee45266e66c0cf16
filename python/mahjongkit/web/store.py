"""The server's games: kept in memory, at most ``max_games`` of them, each for ``ttl`` idle
seconds and ``max_actions`` actions, so memory stays bounded whatever the requests.

A game past its time or pushed out by newer ones is simply gone: the page keeps the saved
form of its game and restores it (``POST /api/games`` with ``save``) when told so.

>>> now = [0.0]
>>> store = GameStore(max_games=2, ttl=60, clock=lambda: now[0])
>>> first = store.add("game-1", None)
>>> second = store.add("game-2", None)
>>> third = store.add("game-3", None)  # the least recently used one goes
>>> len(store), store.find(first.id) is None, store.find(third.id) is not None
(2, True, True)
>>> now[0] = 61.0
>>> store.find(third.id) is None  # expired
True
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")

DEFAULT_MAX_GAMES = 200
DEFAULT_TTL = 2 * 3600.0
DEFAULT_MAX_ACTIONS = 3000
GAME_BYTES = 256 << 10
"""Memory a game may hold before any action (a fresh Turtle game measures about 100 KiB)."""
ACTION_BYTES = 2 << 10
"""Memory one action may add: the worst is a shuffle, whose history entry measures about
1.3 KiB (a hint's remembered verdict is smaller), so the worst game is one of shuffles."""


def memory_bound(max_games: int = DEFAULT_MAX_GAMES, max_actions: int = DEFAULT_MAX_ACTIONS) -> int:
    """The most memory the games of a store may hold, in bytes: every game at its action
    allowance, each action the costliest kind. Saves are signed and keep the actions they
    used, so no request (a restore included) makes a game hold more.

    >>> round(memory_bound() / 2**30, 2)  # the defaults: 200 games of 3,000 actions
    1.19
    """
    return max_games * (GAME_BYTES + max_actions * ACTION_BYTES)


@dataclass
class Entry(Generic[T]):
    """One stored game, its Daily date (if it is one) and how much it has been used."""

    id: str
    game: T
    daily: str | None
    touched: float
    actions: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Held while an action runs on the game (actions run on worker threads)."""


class GameStore(Generic[T]):
    """Games by id, least recently used first; safe to call from several threads."""

    def __init__(
        self,
        *,
        max_games: int = DEFAULT_MAX_GAMES,
        ttl: float = DEFAULT_TTL,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_games < 1 or ttl <= 0 or max_actions < 1:
            raise ValueError("max_games, ttl and max_actions must be positive")
        self.max_games = max_games
        self.ttl = ttl
        self.max_actions = max_actions
        self._clock = clock
        self._entries: OrderedDict[str, Entry[T]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._expire(self._clock())
            return len(self._entries)

    def _expire(self, now: float) -> None:
        while self._entries:
            oldest = next(iter(self._entries.values()))
            if now - oldest.touched <= self.ttl:
                break
            self._entries.popitem(last=False)

    def add(self, game: T, daily: str | None) -> Entry[T]:
        """Keep ``game`` under a new unguessable id, dropping the least recently used game
        when the store is full."""
        with self._lock:
            now = self._clock()
            self._expire(now)
            while len(self._entries) >= self.max_games:
                self._entries.popitem(last=False)
            entry = Entry(secrets.token_urlsafe(12), game, daily, now)
            self._entries[entry.id] = entry
            return entry

    def find(self, game_id: str) -> Entry[T] | None:
        """The game of ``game_id`` (now the most recently used), or ``None`` if it is gone."""
        with self._lock:
            now = self._clock()
            self._expire(now)
            entry = self._entries.get(game_id)
            if entry is not None:
                entry.touched = now
                self._entries.move_to_end(game_id)
            return entry

    def remove(self, game_id: str) -> bool:
        """Forget a game; whether it was there."""
        with self._lock:
            return self._entries.pop(game_id, None) is not None
