"""Lines of play the tests replay: a Tea House deal taken to a dead end."""

from __future__ import annotations

from mahjongkit.solitaire.game import Game, Status


def stuck_line(seed: int) -> list[tuple[int, int]] | None:
    """Moves that take the Tea House deal of ``seed`` to a dead end (first pair each time)."""
    game = Game.new("tea house", seed, check_dead_ends=False)
    moves = []
    while game.status is Status.PLAYING:
        pair = game.available_pairs()[0]
        moves.append(pair)
        game.remove(*pair)
    return moves if game.status is Status.STUCK else None


def first_stuck_line() -> tuple[int, list[tuple[int, int]]]:
    """The first seed whose first-pair line ends stuck, and that line."""
    return next((s, m) for s in range(100) if (m := stuck_line(s)) is not None)
