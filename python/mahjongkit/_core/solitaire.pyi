# Stubs of mahjongkit._core.solitaire (hand-written; stubtest checks them).
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

DEFAULT_MAX_TRIALS: int

class Geometry:
    # Per-slot blocker masks of a layout (slots as (x, y, z) half units).
    def __init__(self, slots: list[tuple[int, int, int]], words: int = 0) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def words(self) -> int: ...
    def free_slots(self, present: list[int]) -> list[int]: ...
    def deal(
        self, seed: int, max_trials: int
    ) -> tuple[bool, list[int], list[tuple[int, int]], int]: ...
    def redeal(
        self, present: list[int], seed: int, stream: int, max_trials: int
    ) -> tuple[list[int], list[int], int]: ...
    def deal_faces(self, first_seed: int, count: int, max_trials: int) -> tuple[bytes, int]: ...
    def count_free_repeatedly(self, present: list[int], repeat: int) -> int: ...

def rng_next(seed: int, stream: int, count: int) -> list[int]: ...
def rng_below(seed: int, stream: int, bound: int, count: int) -> list[int]: ...
def rng_shuffle(seed: int, stream: int, items: list[int]) -> list[int]: ...

# ---- The exact solver (issue 4) ----
def solve(
    geometry: Geometry,
    groups: list[int],
    max_nodes: int = 5000000,
    max_seconds: float = 1.0,
    playouts: int = 1000,
    seed: int = ...,
    quick_games: int = 0,
    playouts_per_restart: int = 100,
    learning: bool = True,
) -> tuple[int, list[tuple[int, int]], int, int, float, str]: ...

# ---- Solitaire at scale (cpp/core/solitaire/search.hpp, properties.hpp) ----

PROPERTY_NAMES: list[str]
PLAYOUT_STREAM: int

def batch_faces(
    geometry: Geometry,
    seeds: npt.NDArray[np.uint64],
    out: npt.NDArray[np.uint8],
    threads: int,
    max_trials: int,
    progress: Callable[[int], object] | None = None,
) -> int | None: ...
def board_properties(
    geometry: Geometry,
    faces: list[int],
    seed: int,
    wanted: list[int],
    playouts: int,
    solver_budget: int,
) -> list[float]: ...
def search_seeds(
    geometry: Geometry,
    first: int,
    count: int,
    condition: list[tuple[int, int, int, int, float]],
    report: list[int],
    limit: int,
    threads: int,
    max_trials: int,
    playouts: int,
    solver_budget: int,
    progress: Callable[[int], object] | None = None,
) -> tuple[list[tuple[int, list[float]]], int, bool, bool, int | None]: ...
