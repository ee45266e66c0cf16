from collections.abc import Sequence
from typing import TypeAlias

# Stubs of mahjongkit._core.mcr: hands cross as concealed counts (35 ints, index 0 unused),
# a meld count and the flat meld tiles; enums as indexes in the Python enums' order.

def decompose(
    counts: list[int], melds: int, winning: int = 0
) -> list[tuple[int, list[tuple[int, list[int]]], int, int]]: ...
def is_complete(counts: list[int], melds: int) -> bool: ...
def waits(
    counts: list[int], melds: int, meld_tiles: list[int], include_held_four: bool = False
) -> list[int]: ...
def shanten(counts: list[int], melds: int) -> int: ...
def shanten_by_form(counts: list[int], melds: int) -> list[int]: ...
def acceptance(
    counts: list[int], melds: int, meld_tiles: list[int], include_held_four: bool = False
) -> list[int]: ...
def shanten_after_discard(
    counts: list[int], melds: int, meld_tiles: list[int], include_held_four: bool = False
) -> list[tuple[int, int, list[int]]]: ...
def shanten_after_discard_many(hands: list[list[int]], melds: int, repeat: int = 1) -> int: ...

class ScoreRules:
    def __init__(
        self,
        points: list[int],
        excludes: list[list[int]],
        absorbs: list[list[int]],
        group: list[int],
        arity: list[int],
        forms: list[int],
        checkers: list[int],
        mixed_kong_number: int,
        mixed_kong_points: int,
        concealed_form_self_drawn: int,
        concealed_forms: list[int],
        nine_gates_extras: list[list[int]],
        many_kongs_award_concealed: bool,
    ) -> None: ...

_WinResult: TypeAlias = (
    int | tuple[int, tuple[int, ...], int | None, int, tuple[int, ...], int, int]
)

_WinHand: TypeAlias = tuple[Sequence[int], Sequence[int], int, int, int, int, int, bool, bool, int]

def score_win(hand: _WinHand, rules: ScoreRules) -> _WinResult: ...
def score_win_many(
    hands: list[_WinHand],
    rules: ScoreRules,
) -> list[_WinResult]: ...
