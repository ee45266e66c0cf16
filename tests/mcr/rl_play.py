"""Seeded play for the reinforcement-learning tests: a policy that reaches wins, kongs and
robbing windows often enough to test their indices (random legal play almost never wins).

It wins whenever it may, declares kongs and claims often, and otherwise discards the most
isolated tile (as the level-1 bot does) or, now and then, any tile. For the environments,
whose agents see only an action mask: :func:`win_or_random` and the AEC loop
:func:`play_aec`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.players.bot import isolation
from mahjongkit.mcr.rl.encoding import HU_INDEX

Policy = Callable[[npt.NDArray[Any]], int]
"""An action index chosen from an action mask."""


def choose(game: Rules, seat: int, rng: random.Random) -> Move:
    legal = game.legal(seat)
    wins = [m for m in legal if m.kind is MoveKind.WIN]
    if wins:
        return wins[0]
    kongs = [m for m in legal if m.kind is MoveKind.KONG]
    if kongs and rng.random() < 0.8:
        return rng.choice(kongs)
    claims = [m for m in legal if m.kind in (MoveKind.PUNG, MoveKind.CHOW)]
    if claims and rng.random() < 0.3:
        return rng.choice(claims)
    discards = [m for m in legal if m.kind is MoveKind.DISCARD]
    if discards and rng.random() < 0.8:
        hand = game.hand_of(seat)
        return min(discards, key=lambda m: (isolation(hand, m.tile or 0), rng.random()))
    passes = [m for m in legal if m.kind is MoveKind.PASS]
    if passes:
        return passes[0]
    return rng.choice(legal)


def states(games: int, seed: int = 0, moves: int = 400) -> Iterator[Rules]:
    """The live game after every move of ``games`` seeded games (the same object, moved on:
    read it before asking for the next)."""
    rng = random.Random(seed)
    for number in range(games):
        game = Rules(f"rl-{seed}-{number}")
        yield game
        for _ in range(moves):
            if not game.is_active:
                break
            seat = game.waiting_on[0]
            refusal = game.apply(seat, choose(game, seat, rng))
            assert refusal is None, refusal
            yield game


def win_or_random(seed: int) -> Policy:
    """Hu when the mask allows it, else any legal index (drawn from NumPy's generator seeded
    with ``seed``, one draw a choice)."""
    rng = np.random.default_rng(seed)

    def act(mask: npt.NDArray[Any]) -> int:
        legal = np.flatnonzero(mask)
        if mask[HU_INDEX]:
            return HU_INDEX
        return int(rng.choice(legal))

    return act


def play_aec(environment: Any, seed: int | None, act: Policy) -> tuple[list[int], dict[str, float]]:
    """One episode of a PettingZoo AEC ``environment`` reset with ``seed``, every agent acting
    by ``act``: the actions taken and each agent's total reward."""
    environment.reset(seed=seed)
    actions = []
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        action = act(observation["action_mask"])
        actions.append(action)
        environment.step(action)
    return actions, totals
