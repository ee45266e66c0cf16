from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, final

import numpy as np
import numpy.typing as npt
from _typeshed import structseq

_T = TypeVar("_T")

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

# The seeded wall order (bind_mcr_wall.cpp), one call a hand.
def wall_order(seed: bytes, hand_no: int) -> list[int]: ...
def wall_tiles(seed: bytes, hand_no: int) -> list[int]: ...
def sha256(data: bytes) -> bytes: ...

# The legality twin (bind_mcr_legality.cpp), for the conformance tests: the checks of a turn and a
# claim asked of counts given whole, the win, last tile and priority.
def legality_turn_check(
    seat: int,
    kind: int,
    tile: int,
    counts: Sequence[int],
    pungs: Sequence[int],
    claimed: bool,
    flags: int,
    walls: int,
) -> int: ...
def legality_turn_kinds(
    seat: int, counts: Sequence[int], pungs: Sequence[int], claimed: bool, flags: int, walls: int
) -> tuple[list[int], list[int]]: ...
def legality_claim_check(
    discarder: int,
    seat: int,
    kind: int,
    a: int,
    b: int,
    tile: int,
    counts: Sequence[int],
    flags: int,
    walls: int,
) -> int: ...
def legality_offer_bits(
    seat: int, discarder: int, counts: Sequence[int], tile: int, flags: int, walls: int
) -> int: ...
def legality_claim_priority(claim: int, seat: int, discarder: int) -> int: ...
def legality_last_of_wall(flags: int, walls: int, seat: int, drew: bool) -> bool: ...
def legality_win_context(
    seat_wind: int,
    prevailing: int,
    tile: int,
    by: int,
    visible: int,
    last_draw: bool,
    last_discard: bool,
    replacement: int,
) -> tuple[int, int, int, int, int, bool, bool]: ...
def legality_win_check(
    refusal: int,
    basic: int,
    minimum: int,
    flags: int,
    by: int,
    replacement: int,
    last_of_wall: bool,
    last_tile: bool,
) -> int: ...
def legality_chow_by_middle(tile: int, middle: int) -> tuple[int, int] | None: ...

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
        about_the_win: list[int],
        mixed_kong_number: int,
        mixed_kong_points: int,
        concealed_form_self_drawn: int,
        concealed_forms: list[int],
        nine_gates_extras: list[list[int]],
        many_kongs_award_concealed: bool,
        robbing_on_last_tile: bool,
        knit_holds_winning_tile: bool,
        conditional_excludes: list[tuple[list[int], list[int]]],
    ) -> None: ...

class WinReader:
    def __init__(
        self,
        meld_kinds: tuple[object, ...],
        win_by: tuple[object, ...],
        replacements: tuple[object, ...],
    ) -> None: ...

# One hand's answer: the refusal code (0 when scored), the points, and the arrangement:
# sets as (SetKind index, first tile, concealed, copies), melds first and the pair last;
# fans as (number, times, points) in the tally's order.
@final
class ScoredHand(
    structseq[Any],
    tuple[
        int,
        int,
        int,
        int,
        int,
        int,
        int,
        tuple[tuple[int, int, bool, int], ...],
        tuple[tuple[int, int, int], ...],
    ],
):
    __match_args__: Final = (
        "refusal",
        "basic",
        "flowers",
        "form",
        "nmelds",
        "winning_set",
        "wait",
        "sets",
        "fans",
    )
    @property
    def refusal(self) -> int: ...
    @property
    def basic(self) -> int: ...
    @property
    def flowers(self) -> int: ...
    @property
    def form(self) -> int: ...
    @property
    def nmelds(self) -> int: ...
    @property
    def winning_set(self) -> int: ...
    @property
    def wait(self) -> int: ...
    @property
    def sets(self) -> tuple[tuple[int, int, bool, int], ...]: ...
    @property
    def fans(self) -> tuple[tuple[int, int, int], ...]: ...

WIN_DTYPE: np.dtype[np.void]
SCORED_DTYPE: np.dtype[np.void]

def score_hand(
    hand: object, context: object, reader: WinReader, rules: ScoreRules
) -> ScoredHand: ...
def score_tally(hand: object, context: object, ruleset: object, /) -> Any: ...
def bind_scorer(
    reader: WinReader,
    tally_type: type,
    parts: object,
    score_rules: Callable[[Any], ScoreRules],
    refusal: Callable[..., BaseException],
) -> None: ...
def pack_wins(
    hands: Sequence[object], contexts: Sequence[object], reader: WinReader
) -> npt.NDArray[np.void]: ...
def score_wins(wins: npt.NDArray[np.void], rules: ScoreRules) -> npt.NDArray[np.void]: ...
def scored_at(scored: npt.NDArray[np.void], index: int) -> ScoredHand: ...
def checker_registered(number: int) -> bool: ...
def replay_record(
    deals: object,
    steps: object,
    prevailing: int,
    drawn: bool,
    actions: object,
    flags: int,
    minimum: int,
    rules: ScoreRules,
) -> tuple[int, int, int, int, int, int, tuple[tuple[int, int], ...] | None]: ...

# One hand's state machine (bind_mcr_engine.cpp): moves as (kind, tile, a, b), refusals as
# indices of legality.ENGINE_CODES.
class HandEngine:
    def __init__(
        self, rules: ScoreRules, flags: int, minimum: int, dealer: int, prevailing: int
    ) -> None: ...
    def deal_shared(self, tiles: Sequence[int]) -> bool: ...
    def deal_seat_walls(self, walls: Sequence[Sequence[int]]) -> bool: ...
    def deal_seed(self, seed: bytes, hand_no: int, flowers: bool) -> bool: ...
    def deal_shared_events(
        self, table: Mapping[int, _T], tiles: Sequence[int]
    ) -> list[_T] | None: ...
    def deal_seed_events(
        self, table: Mapping[int, _T], seed: bytes, hand_no: int, flowers: bool
    ) -> list[_T] | None: ...
    def legal(self, seat: int) -> list[tuple[int, int, int, int]]: ...
    def legal_moves(self, seat: int, table: tuple[Any, ...]) -> tuple[Any, ...]: ...
    def awaited(self, table: tuple[Any, ...]) -> Any: ...
    def verify(self, seat: int, kind: int, tile: int = 0, a: int = 0, b: int = 0) -> int: ...
    def apply(self, seat: int, kind: int, tile: int = 0, a: int = 0, b: int = 0) -> int: ...
    def apply_told(
        self, seat: int, kind: int, tile: int = 0, a: int = 0, b: int = 0
    ) -> tuple[int, ...]: ...
    def apply_events(
        self, table: Mapping[int, _T], seat: int, kind: int, tile: int = 0, a: int = 0, b: int = 0
    ) -> list[_T] | None: ...
    def discard_passed(self, seat: int, tile: int) -> int: ...
    def discard_claimed(self, seat: int, tile: int) -> int: ...
    def claim_taken(self, seat: int, kind: int, tile: int = 0, a: int = 0, b: int = 0) -> int: ...
    def clone(self) -> HandEngine: ...
    def clone_loop(self, count: int) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def flags(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def drawn(self) -> int: ...
    @property
    def drawn_from(self) -> int: ...
    @property
    def replacement(self) -> int: ...
    @property
    def claimed_this_turn(self) -> bool: ...
    @property
    def last_draw_emptied(self) -> bool: ...
    @property
    def last_discard_is_last(self) -> bool: ...
    @property
    def waiting(self) -> int: ...
    @property
    def first_awaited(self) -> int: ...
    @property
    def walls(self) -> int: ...
    @property
    def wall_left(self) -> int: ...
    @property
    def scorer_refused(self) -> bool: ...
    def marks(self) -> tuple[int, int, int, int, int, int, int, int, int]: ...
    def visible(self, kind: int) -> int: ...
    def window_answers(self) -> list[tuple[int, int, int, int] | None]: ...
    def end_context(self) -> tuple[int, int, int, int, int, bool, bool] | None: ...
    def counts(self, seat: int) -> list[int]: ...
    def melds(self, seat: int) -> list[tuple[int, int, bool, int, int]]: ...
    def flowers(self, seat: int) -> list[int]: ...
    def pool(self, seat: int) -> list[int]: ...
    def window(self) -> tuple[int, int, int, int, tuple[int, int, int, int]] | None: ...
    def end(
        self,
    ) -> tuple[int, int, int, int, tuple[int, int, tuple[tuple[int, int], ...]] | None] | None: ...

# Level 4's search (bind_mcr_search.cpp): worlds sampled from one seat's view, each candidate
# (kind, tile, a, b) played out in each by the C++ rollout policy (0 shanten, 1 planned, 2 mixed:
# planned at the searching seat, shanten at the others); returns (worlds played,
# worlds skipped, the seat's settlements world by world, one per candidate).
def search_worlds(
    rules: ScoreRules,
    flags: int,
    minimum: int,
    dealer: int,
    prevailing: int,
    seat: int,
    counts: Sequence[int],
    melds: Sequence[Sequence[tuple[int, int, bool, int, int]]],
    flowers: Sequence[Sequence[int]],
    pools: Sequence[Sequence[int]],
    hidden: Sequence[int],
    unseen: Sequence[int],
    bonus: Sequence[int],
    four_walls: bool,
    wall_sizes: Sequence[int],
    turn: int,
    drawn: int,
    window_tile: int,
    candidates: Sequence[tuple[int, int, int, int]],
    worlds: int,
    max_seconds: float,
    seed: int,
    policy: int = 0,
    read_discards: bool = False,
    paced: bool = False,
) -> tuple[int, int, list[int], list[int]]: ...
def plan_distances(
    counts: Sequence[int],
    melds: Sequence[tuple[int, int]],
    unseen: Sequence[int],
    seat_wind: int,
    prevailing: int,
) -> list[int]: ...
