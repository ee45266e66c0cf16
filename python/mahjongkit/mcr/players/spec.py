"""Players named by a spec string: the one parser the arena and ``mcr botzone`` share.

A spec is ``bot:N`` (the built-in bot at level N; ``bot:4/R`` is level 4 with a budget of
``R`` rollouts per searched decision), ``module:Class`` (an object with
``choose(view) -> Move``, made by calling ``Class()`` with no arguments) or a program
speaking the Botzone protocol, run by the judge, not here: ``cmd:COMMAND`` in the simple
mode, ``cmd-json:COMMAND`` in the JSON mode (started for every turn) and
``cmd-json-long:COMMAND`` in the JSON mode kept running when it asks (the modes of
:mod:`mahjongkit.mcr.botzone.agents`).
Anything else, and anything that fails while the player is made, is a ``ValueError`` that
names the spec.

>>> check_spec(" bot:2 "), is_program("cmd:./my-bot"), program_of("cmd-json:./my-bot")
('bot:2', True, ('json', './my-bot'))
>>> make_player("bot:4/16").rollouts
16
>>> make_player("os:system")
Traceback (most recent call last):
ValueError: player 'os:system': os.system() failed: ...
>>> make_player("os:sep")
Traceback (most recent call last):
ValueError: player 'os:sep': os.sep is not something to call (a class or a function)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjongkit.mcr.botzone.adapter import Player


def check_spec(spec: str) -> str:
    """The spec without surrounding blanks; ``ValueError`` when it names no player."""
    from mahjongkit.mcr.players.bot import LEVELS

    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"a player spec is a non-empty string, not {spec!r}")
    spec = spec.strip()
    if is_program(spec):
        prefix = spec.partition(":")[0]
        if not program_of(spec)[1].strip():
            raise ValueError(f"{prefix}: needs a command")
        return spec
    if spec.startswith("bot:"):
        _bot_spec(spec, LEVELS)
        return spec
    module, _, name = spec.rpartition(":")
    if not module or not name:
        raise ValueError(
            f"a player is bot:N, module:Class or cmd:COMMAND (cmd-json:, cmd-json-long:),"
            f" not {spec!r}"
        )
    return spec


PROGRAM_MODES = {"cmd": "simple", "cmd-json": "json", "cmd-json-long": "json-long"}
"""A program spec's prefix and the mode it is spoken to in."""


def _bot_spec(spec: str, levels: tuple[int, ...]) -> tuple[int, int | None]:
    """The level and the rollout budget (``None``: the default) of a ``bot:`` spec."""
    level_text, slash, budget_text = spec[4:].partition("/")
    try:
        level = int(level_text)
    except ValueError:
        raise ValueError(f"bot:N names a level, as in bot:2, not {spec!r}") from None
    if level not in levels:
        raise ValueError(f"bot levels are {levels}, not {level} in {spec!r}")
    if not slash:
        return level, None
    if level != 4:
        raise ValueError(f"only level 4 takes a rollout budget (bot:4/R), not {spec!r}")
    try:
        budget = int(budget_text)
    except ValueError:
        raise ValueError(f"bot:4/R names a count of rollouts, not {spec!r}") from None
    if budget < 0:
        raise ValueError(f"a rollout budget is at least 0, not {budget} in {spec!r}")
    return level, budget


def is_program(spec: str) -> bool:
    """Whether the spec names a program (``cmd:`` and the JSON modes' prefixes) rather than
    an in-process player."""
    return spec.partition(":")[0] in PROGRAM_MODES and ":" in spec


def program_of(spec: str) -> tuple[str, str]:
    """A program spec's mode and command."""
    prefix, _, command = spec.partition(":")
    return PROGRAM_MODES[prefix], command


def make_player(spec: str, seed: str = "") -> Player:
    """The in-process player a spec names (``ValueError`` for a program or a bad spec)."""
    spec = check_spec(spec)
    if is_program(spec):
        raise ValueError(f"{spec!r} is a program, not an in-process player")
    if spec.startswith("bot:"):
        from mahjongkit.mcr.players.bot import LEVELS, Bot

        level, budget = _bot_spec(spec, LEVELS)
        return Bot(level, seed=seed, rollouts=budget)
    module_name, _, name = spec.rpartition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # ImportError, or whatever the module raised on import
        raise ValueError(f"cannot import {module_name!r} for player {spec!r}: {error}") from None
    factory = getattr(module, name, None)
    if factory is None:
        raise ValueError(f"{module_name!r} has no {name!r} (player {spec!r})")
    if not callable(factory):
        raise ValueError(
            f"player {spec!r}: {module_name}.{name} is not something to call"
            " (a class or a function)"
        )
    try:
        player = factory()
    except Exception as error:  # a factory that needs arguments, or fails
        raise ValueError(
            f"player {spec!r}: {module_name}.{name}() failed: {type(error).__name__}: {error}"
        ) from None
    if not callable(getattr(player, "choose", None)):
        raise ValueError(f"{spec!r} made an object without a choose(view) method")
    return player  # type: ignore[no-any-return]
