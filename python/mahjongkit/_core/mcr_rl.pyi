from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit._core.mcr import HandEngine, ScoreRules

# Stubs of mahjongkit._core.mcr_rl: the RL layer on the hand engine (cpp/core/mcr/self_play.hpp).
# Kinds are 1-34, seats 0-3.

def render_engine(
    engine: HandEngine,
    seat: int,
    totals: list[int],
    hand_no: int,
    history: int,
    out: npt.NDArray[np.float32],
    row: int = 0,
) -> None: ...
def mask_engine(engine: HandEngine, seat: int, out: npt.NDArray[Any], row: int = 0) -> int: ...

# K one-hand games on the C++ hand engine (cpp/core/mcr/self_play.hpp), stepped by action
# indices in one call.
class SelfPlay:
    def __init__(self, games: int, history: int) -> None: ...
    @property
    def games(self) -> int: ...
    @property
    def planes(self) -> int: ...
    def deal(
        self,
        k: int,
        rules: ScoreRules,
        flags: int,
        minimum: int,
        dealer: int,
        prevailing: int,
        hand_no: int,
        totals: list[int],
        walls: list[list[int]],
        planes: npt.NDArray[np.float32],
        masks: npt.NDArray[Any],
        seats: npt.NDArray[np.int64],
    ) -> bool: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        scale: float,
        planes: npt.NDArray[np.float32],
        masks: npt.NDArray[Any],
        seats: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.float32],
        dones: npt.NDArray[Any],
    ) -> int: ...
    def play(self, k: int, action: int) -> int: ...
    def seat(self, k: int) -> int: ...
    def observe(self, k: int, seat: int, out: npt.NDArray[np.float32]) -> None: ...
    def mask(self, k: int, seat: int, out: npt.NDArray[Any]) -> None: ...
    def ended(
        self, k: int
    ) -> tuple[int, int, int, int, int, list[tuple[int, int, int]], tuple[int, int, int, int]]: ...
