from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit._core.mcr import ScoreRules

# Stubs of mahjongkit._core.mcr_rl: the RL observer (cpp/core/mcr/observe.hpp). Kinds are 1-34,
# seats 0-3; a move crosses as records of four ints, marks as plain ints.

class Observer:
    def __init__(self, history: int) -> None: ...
    @property
    def history(self) -> int: ...
    @property
    def planes(self) -> int: ...
    @property
    def loaded(self) -> bool: ...
    @property
    def offered_tile(self) -> int | None: ...
    def clear(self) -> None: ...
    def load(
        self,
        counts: list[list[int]],
        melds: list[list[tuple[int, int]]],
        flowers: list[int],
        pools: list[list[int]],
        totals: list[int],
        wall: int,
        hand_no: int,
        dealer: int,
        prevailing: int,
        turn: int,
        drawn: int,
        claimed: bool,
        window: int,
        tile: int,
        from_seat: int,
        may: int,
    ) -> None: ...
    def step(
        self,
        records: list[int],
        turn: int,
        drawn: int,
        claimed: bool,
        window: int,
        tile: int,
        from_seat: int,
        may: int,
    ) -> bool: ...
    def step_mask(
        self,
        records: list[int],
        turn: int,
        drawn: int,
        claimed: bool,
        window: int,
        tile: int,
        from_seat: int,
        may: int,
        seat: int,
        moves: int,
        codes: list[int],
        out: npt.NDArray[Any],
    ) -> int: ...
    def render(self, seat: int, out: npt.NDArray[np.float32], row: int = 0) -> None: ...
    def mask(
        self, seat: int, discards: bool, codes: list[int], out: npt.NDArray[Any], row: int = 0
    ) -> int: ...

def render_many(
    observers: list[Observer], seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]
) -> None: ...

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
