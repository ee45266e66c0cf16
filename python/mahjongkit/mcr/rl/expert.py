"""A bot's move as an action index: the label of behaviour cloning.

:func:`expert_action` asks a :class:`~mahjongkit.mcr.players.bot.Bot` what it would play
from a seat's view (it sees only what that seat sees) and returns the move's index in the
235-action encoding, the index the seat's mask has set.

>>> from mahjongkit.mcr.rl.table import Table
>>> table = Table(rotate=False)
>>> table.reset(5)
>>> index = expert_action(table, table.seat, level=3)
>>> bool(table.mask(table.seat)[index])
True
>>> bool(table.mask(table.seat)[expert_action(table, table.seat, level=4, rollouts=6)])
True
"""

from __future__ import annotations

from typing import Protocol

from mahjongkit.mcr.players.bot import LEVELS, Bot, view_of
from mahjongkit.mcr.rl.encoding import indices_of
from mahjongkit.mcr.rl.games import EngineTable
from mahjongkit.mcr.rl.table import Table

TABLES = (Table, EngineTable)


class HasTable(Protocol):
    table: Table | EngineTable


def expert_action(
    env: Table | EngineTable | HasTable,
    seat: int,
    level: int = 3,
    seed: str = "",
    *,
    rollouts: int | None = None,
) -> int:
    """The index a level-``level`` bot (seeded ``seed``, or by the game and seat; level 4
    with ``rollouts`` a searched decision, its default if ``None``) plays for ``seat`` now,
    in a :class:`~mahjongkit.mcr.rl.table.Table` (or the engine's
    :class:`~mahjongkit.mcr.rl.games.EngineTable`, whose game is the rules' replay) or in an
    environment that has one (:class:`~mahjongkit.mcr.rl.env.MahjongEnv`,
    :class:`~mahjongkit.mcr.rl.single.SingleAgentEnv`). ``ValueError`` when ``seat`` has no
    move (it is not the seat to act) or the level is not one of the bots'."""
    table = env if isinstance(env, TABLES) else env.table
    if not isinstance(table, TABLES):
        raise TypeError(f"expert_action needs a Table or an environment, not {env!r}")
    if isinstance(level, bool) or level not in LEVELS:
        raise ValueError(f"bot levels are {LEVELS}, not {level!r}")
    game = table.game
    if game is None:
        raise ValueError("reset() first: no game is on the table")
    if table.done or seat != table.seat:
        raise ValueError(f"seat {seat} has no move now (the seat to act is {table.seat})")
    view = view_of(game, seat)
    game_seed = game.seed if isinstance(game.seed, str) else game.seed.hex()
    move = Bot(level, seed=seed or f"{game_seed}:{seat}", rollouts=rollouts).choose(view)
    window = view.window.tile if view.window is not None else None
    return indices_of([move], window, view.hand.counts)[0]
