# Stubs of mahjongkit._core.solitaire (filled as functions are bound).

# ---- The exact solver (issue 4) ----
def solve(
    slots: list[tuple[int, int, int]],
    groups: list[int],
    max_nodes: int = 5000000,
    max_seconds: float = 1.0,
    playouts: int = 1000,
    seed: int = 11400714819323198485,
) -> tuple[int, list[tuple[int, int]], int, int, float, str]: ...
