"""Can this position still be won? The exact solver's public face.

A *position* is a layout and the face on every slot, ``0`` for a removed slot (the same
convention as :func:`mahjongkit.solitaire.redeal`). Any position is accepted: a fresh deal,
one reached by any player moves, one after a classic shuffle, or one made by hand. (The
decisions cited are written out in docs/decisions.md.)

The answer is exact: :attr:`Verdict.SOLVABLE` with a solution that replays legally,
:attr:`Verdict.UNSOLVABLE` (no sequence of moves clears the board), or
:attr:`Verdict.UNKNOWN` when the node or time budget ran out first, with the reason. The C++
core (``impl="cpp"``, the default) decides almost every Turtle position in milliseconds; the
Python reference (``impl="python"``) is a plain search that is exact but slow.

>>> from mahjongkit.solitaire import deal, get_layout
>>> board = deal(get_layout("turtle"), seed=1)
>>> result = solve(board.layout, board.faces)
>>> result.verdict, len(result.solution)
(<Verdict.SOLVABLE: 'solvable'>, 72)
>>> stacked = [0] * 36
>>> stacked[7] = stacked[24] = 5  # slot 24 lies on slot 7: that pair can never go
>>> solve(get_layout("tea house"), stacked).verdict
<Verdict.UNSOLVABLE: 'unsolvable'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from mahjongkit import tiles
from mahjongkit.solitaire import engine
from mahjongkit.solitaire.layout import Layout

DEFAULT_MAX_NODES = 5_000_000
"""Search nodes before the answer is "unknown" (deterministic)."""
DEFAULT_MAX_SECONDS = 1.0
"""Wall-clock seconds before the answer is "unknown"; ``0`` means no time limit."""
_MAX_NODES_LIMIT = 2**63 - 1  # the core counts nodes in an int64
FAST = "fast"
"""The rule :func:`solve` decides by unless told: 300 quick random games (no relaxation), then a
hundred relaxation-guided playouts, then the search alone (no playouts between its restarts: on
the slowest uniform Turtles they won nothing and cost a sixth of the time); on boards of two or
more tile sets :data:`FAST_MANY_SETS`, the same counts (the core adds its nested games there).
The verdicts are those of every other rule (the search is exact); the solution found may differ."""
HINT_RULE = "hint"
"""The hint's rule: no quick games, a hundred playouts between restarts, a thousand in all, as
before the fast rule existed. A hint (``Game.hint``, :func:`winning_move`) is the first move of
the solution this rule finds, so hints stay what they were; ``Game.solution`` uses it too."""
RULES: dict[str, tuple[int, int, int]] = {
    FAST: (300, 100, 0),
    HINT_RULE: (0, 1000, 100),
}
"""Each rule as the core's ``(quick_games, playouts, playouts_per_restart)``; the Python
reference has no random phase and ignores them."""
FAST_MANY_SETS = (300, 100, 0)
"""The fast rule on a board with a match group of more than four tiles (two or more tile sets):
since issue 36's sixth part the one-set counts, no playouts between the search's restarts (it
was 200 a restart with no cap). On the big KMahjongg layouts the deals left undecided within
1 s were nearly all solvable deals that the search, not a playout, solved a few restarts on;
the core's nested games between restarts stay (tower's hard deals fall to them). Kept as a name
of its own so that the two-set schedule can be measured and chosen apart (benchmarks/README.md)."""


class Verdict(Enum):
    """The solver's answer."""

    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


_VERDICTS = {0: Verdict.UNSOLVABLE, 1: Verdict.SOLVABLE, 2: Verdict.UNKNOWN}


@dataclass(frozen=True)
class SolveResult:
    """What the solver found, and what it cost."""

    verdict: Verdict
    solution: tuple[tuple[int, int], ...]
    """Slot pairs in removal order (empty unless solvable)."""
    nodes: int
    seconds: float
    reason: str
    """Why unsolvable or unknown, in words; empty when solvable."""

    @property
    def solvable(self) -> bool | None:
        """``True``, ``False``, or ``None`` when the budget ran out."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.SOLVABLE


def match_group(kind: int) -> int:
    """The match group of a face (decision 3): its kind, or 35 for any flower, 39 for any
    season.

    >>> match_group(5), match_group(37), match_group(42)
    (5, 35, 39)
    """
    tiles.check_kind(kind)
    if tiles.is_flower(kind):
        return 35
    if tiles.is_season(kind):
        return 39
    return kind


def groups_of(layout: Layout, faces: Sequence[int]) -> list[int]:
    """Validate a position and map it to match groups per slot (``-1`` for removed).

    >>> from mahjongkit.solitaire import get_layout
    >>> groups_of(get_layout("tea house"), [0] * 35)
    Traceback (most recent call last):
    ValueError: a position of layout 'Tea House' needs 36 faces (0 for removed), got 35
    """
    if not isinstance(layout, Layout):
        raise TypeError(f"expected a Layout, not {type(layout).__name__}")
    if len(faces) != layout.size:
        raise ValueError(
            f"a position of layout {layout.name!r} needs {layout.size} faces "
            f"(0 for removed), got {len(faces)}"
        )
    groups = []
    for slot, face in enumerate(faces):
        if isinstance(face, bool) or not isinstance(face, int):
            raise TypeError(f"the face of slot {slot} must be an int, not {type(face).__name__}")
        if face == 0:
            groups.append(-1)
            continue
        try:
            groups.append(match_group(face))
        except ValueError as error:
            raise ValueError(f"slot {slot}: {error}") from None
    return groups


def check_seconds(seconds: object, what: str = "max_seconds") -> float:
    """``seconds`` as a float if it is a number from 0 to 10**12 (NaN would switch a limit off).

    >>> check_seconds(float("nan"))
    Traceback (most recent call last):
    ValueError: max_seconds must be seconds from 0 (unlimited) to 10**12, got nan
    """
    # A range test, not math.isfinite (which overflows on 10**400): NaN and inf fail it too.
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 <= seconds < 1e12
    ):
        shown = repr(seconds) if not isinstance(seconds, int) or seconds < 10**30 else "a huge int"
        raise ValueError(f"{what} must be seconds from 0 (unlimited) to 10**12, got {shown}")
    return float(seconds)


def _check_budget(max_nodes: int, max_seconds: float) -> None:
    if (
        isinstance(max_nodes, bool)
        or not isinstance(max_nodes, int)
        or not 0 <= max_nodes <= _MAX_NODES_LIMIT
    ):
        raise ValueError(
            f"max_nodes must be an int from 0 (unlimited) to 2**63 - 1, got {max_nodes!r}"
        )
    check_seconds(max_seconds)
    if max_nodes == 0 and max_seconds == 0:
        raise ValueError("give a node or a time budget: both 0 would allow an endless search")


def rule_limits(rule: object, groups: Sequence[int]) -> tuple[int, int, int]:
    """The core's ``(quick_games, playouts, playouts_per_restart)`` for a rule on a position's
    match groups (:func:`groups_of`): :data:`RULES`, or :data:`FAST_MANY_SETS` for the fast
    rule where a group has more than four tiles.

    >>> rule_limits(FAST, [0, 0, 1, 1])
    (300, 100, 0)
    >>> rule_limits(FAST, [0] * 8)
    (300, 100, 0)
    """
    if not isinstance(rule, str):
        raise TypeError(f"rule must be a str, not {type(rule).__name__}")
    if rule not in RULES:
        raise ValueError(f"rule must be one of {', '.join(map(repr, RULES))}, got {rule!r}")
    if rule == FAST and max(Counter(g for g in groups if g >= 0).values(), default=0) > 4:
        return FAST_MANY_SETS
    return RULES[rule]


def solve(
    layout: Layout,
    faces: Sequence[int],
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    impl: str | None = None,
    rule: str = FAST,
) -> SolveResult:
    """Decide whether the position can be cleared, with a solution when it can.

    ``rule`` is :data:`FAST` (the default) or :data:`HINT_RULE`; both give the same verdict
    and differ only in which solution the C++ core finds (and how fast): see :data:`RULES`.

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> board = deal(get_layout("tea house"), seed=4)
    >>> solve(board.layout, board.faces, impl="python").solvable
    True
    >>> quick = solve(board.layout, board.faces)
    >>> classic = solve(board.layout, board.faces, rule=HINT_RULE)
    >>> quick.verdict == classic.verdict
    True
    """
    groups = groups_of(layout, faces)
    _check_budget(max_nodes, max_seconds)
    quick_games, playouts, per_restart = rule_limits(rule, groups)
    status, solution, nodes, _, seconds, reason = engine.solve_groups(
        layout,
        groups,
        max_nodes=max_nodes,
        max_seconds=float(max_seconds),
        impl=impl,
        quick_games=quick_games,
        playouts=playouts,
        playouts_per_restart=per_restart,
    )
    return SolveResult(
        _VERDICTS[status], tuple((a, b) for a, b in solution), nodes, seconds, reason
    )


class PositionLike(Protocol):
    """Anything with a layout and a face per slot (0 for removed): a ``Board``, a ``Game``."""

    @property
    def layout(self) -> Layout: ...

    @property
    def faces(self) -> Sequence[int]: ...


def solve_position(
    position: PositionLike,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    impl: str | None = None,
    rule: str = FAST,
) -> SolveResult:
    """:func:`solve` for a board or a game in play.

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> from mahjongkit.solitaire.game import Game
    >>> solve_position(deal(get_layout("fortress"), seed=2)).solvable
    True
    >>> game = Game.new("tea house", seed=1)
    >>> _ = game.shuffle("classic")
    >>> solve_position(game).verdict in (Verdict.SOLVABLE, Verdict.UNSOLVABLE)
    True
    """
    return solve(
        position.layout,
        position.faces,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        impl=impl,
        rule=rule,
    )


def is_solvable(
    layout: Layout,
    faces: Sequence[int],
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    impl: str | None = None,
) -> bool | None:
    """``True`` or ``False`` exactly, or ``None`` when the budget ran out (see :func:`solve`
    for the reason).

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> board = deal(get_layout("turtle"), seed=3)
    >>> is_solvable(board.layout, board.faces)
    True
    """
    return solve(layout, faces, max_nodes=max_nodes, max_seconds=max_seconds, impl=impl).solvable


def winning_move(
    layout: Layout,
    faces: Sequence[int],
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    impl: str | None = None,
) -> tuple[int, int] | None:
    """A pair whose removal keeps the position winnable, or ``None`` if there is none (or the
    budget ran out). The pair is chosen by the hint's rule (:data:`HINT_RULE`).

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> board = deal(get_layout("turtle"), seed=3)
    >>> a, b = winning_move(board.layout, board.faces)
    >>> tiles.solitaire_match(board.faces[a], board.faces[b])
    True
    """
    result = solve(
        layout,
        faces,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        impl=impl,
        rule=HINT_RULE,
    )
    return result.solution[0] if result.solution else None
