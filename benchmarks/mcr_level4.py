"""Level-4 variants as arena players (``module:Class`` specs), for duels of options that
``bot:4/R`` cannot name:

    nice python -m benchmarks.bench_mcr_strength --duel benchmarks.mcr_level4:Paced bot:3
"""

from __future__ import annotations

from mahjongkit.mcr.players.bot import Bot


class Paced(Bot):
    """Level 4 whose worlds deal the other seats as far along as real players."""

    def __init__(self) -> None:
        super().__init__(4, seed="paced", paced=True)


class Uniform(Bot):
    """Level 4 whose worlds deal the other seats' hidden tiles uniformly."""

    def __init__(self) -> None:
        super().__init__(4, seed="uniform", paced=False)


class Halving(Bot):
    """Level 4 whose budget is halved over the candidates (a third on all, the rest on
    level 3's move and the best rival that led, decided on fresh worlds)."""

    def __init__(self) -> None:
        super().__init__(4, seed="halving", halving=True)


class Mixed(Bot):
    """Level 4 whose rollouts play its own seat by the planned policy (toward eight points, as
    level 3 goes on after the decision) and the other three by the shanten policy."""

    def __init__(self) -> None:
        super().__init__(4, seed="mixed", rollout_policy="mixed")
