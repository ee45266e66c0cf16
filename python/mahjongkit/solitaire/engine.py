"""The dispatcher: validates arguments, picks a backend once, and runs it.

There are two backends with the same functions: :mod:`mahjongkit.solitaire._cpp` (the C++
core) and :mod:`mahjongkit.solitaire._ref` (the pure-Python twins). :func:`backend` picks one
from ``impl="cpp"`` or ``"python"``, or the environment variable
``MAHJONGKIT_IMPLEMENTATION`` (:mod:`mahjongkit._impl`); the default is the C++ core. Both
give identical results and, because every check happens here first
(:mod:`mahjongkit.solitaire.checks`), identical errors. The decisions cited below are
written out in docs/decisions.md.

>>> from mahjongkit.solitaire import get_layout
>>> turtle = get_layout("turtle")
>>> free_slots(turtle, range(144))[:6]
(0, 11, 19, 20, 29, 42)
>>> free_slots(turtle, [139, 140, 141, 142], impl="python")
(139, 140, 141, 142)
>>> deal(turtle, 1) == deal(turtle, 1, impl="python")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from mahjongkit import _impl, tiles
from mahjongkit._impl import Impl
from mahjongkit.solitaire import _cpp, _ref, properties
from mahjongkit.solitaire.board import Board
from mahjongkit.solitaire.checks import check_layout, check_present, check_trials, layout_of
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.scan import Boards, Progress, RawPart, Scan, Seeds
from mahjongkit.solitaire.seeds import check_seed

DEFAULT_MAX_TRIALS = _ref.DEFAULT_MAX_TRIALS
"""Reverse-deal trials a deal may use before it fails (a stuck trial is retried)."""
core_geometry = _cpp.geometry
"""The compiled geometry of a layout (cached), for code that batches core calls."""


class DealError(ValueError):
    """Every trial of a reverse deal got stuck: the message names the layout and the seed."""


class Backend(Protocol):
    """What each backend provides; arguments arrive validated. The names and arguments are
    those of the C++ core (``python/mahjongkit/_core/solitaire.pyi``), on a layout."""

    def free_slots(self, layout: Layout, present: list[int]) -> list[int]: ...
    def deal(
        self, layout: Layout, seed: int, max_trials: int
    ) -> tuple[bool, list[int], list[tuple[int, int]], int]: ...
    def redeal(
        self, layout: Layout, present: list[int], seed: int, stream: int, max_trials: int
    ) -> tuple[list[int], list[int], int]: ...
    def solve(
        self,
        layout: Layout,
        groups: Sequence[int],
        max_nodes: int,
        max_seconds: float,
        quick_games: int = 0,
        playouts: int = 1000,
        playouts_per_restart: int = 100,
    ) -> tuple[int, list[tuple[int, int]], int, int, float, str]: ...

    # The bulk calls, as their argument types (their signatures are in _cpp.py and _ref/):
    @property
    def board_properties(
        self,
    ) -> Callable[[Layout, Sequence[int], int, Sequence[str], int, int], list[float]]: ...
    @property
    def batch_faces(
        self,
    ) -> Callable[[Layout, Seeds, Boards, int, int, Progress | None], int | None]: ...
    @property
    def search_seeds(self) -> Callable[[Scan, int, int, int, Progress | None], RawPart]: ...


def backend(impl: str | None = None) -> Backend:
    """The backend of ``impl`` (see :func:`mahjongkit._impl.resolve`).

    >>> from mahjongkit.solitaire import get_layout
    >>> backend("python").free_slots(get_layout("tea house"), list(range(36)))[:3]
    [0, 5, 6]
    >>> backend("fortran")
    Traceback (most recent call last):
    ValueError: unknown implementation 'fortran': use 'cpp' or 'python'
    """
    return _impl.pick(impl, _cpp, _ref)


def resolve_impl(impl: str | None = None) -> Impl:
    """The implementation to use: ``impl``, else the environment variable, else ``"cpp"``.

    >>> resolve_impl("python")
    'python'
    """
    return _impl.resolve(impl)


def free_slots(
    layout: Layout | str, present: Iterable[int], *, impl: str | None = None
) -> tuple[int, ...]:
    """The free slots (decision 2) when exactly the slots of ``present`` are on the board.

    >>> from mahjongkit.solitaire import get_layout
    >>> turtle = get_layout("turtle")
    >>> 139 in free_slots(turtle, range(144)), 139 in free_slots(turtle, range(143))
    (False, True)
    """
    layout = layout_of(layout)
    return tuple(backend(impl).free_slots(layout, check_present(layout, present)))


def deal(
    layout: Layout | str,
    seed: int,
    *,
    impl: str | None = None,
    max_trials: int = DEFAULT_MAX_TRIALS,
) -> Board:
    """The board of ``(layout, seed)``: solvable by construction, identical in both cores.

    The seed shuffles the 72-pair pool and the layout takes the first ``size / 2`` pairs (a
    layout of more than 144 slots draws from several sets, decision 4); the same stream then
    runs the reverse deal (decisions 4 and 5).

    >>> from mahjongkit.solitaire import get_layout
    >>> board = deal(get_layout("turtle"), 2**64 - 1)
    >>> len(board.faces), sorted(board.faces) == sorted(deal(get_layout("turtle"), 0).faces)
    (144, True)
    >>> deal(get_layout("turtle"), -5)
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1 (decimal or 0x hex), got -5
    """
    layout = layout_of(layout)
    seed = check_seed(seed)
    check_trials(max_trials)
    ok, faces, order, trials = backend(impl).deal(layout, seed, max_trials)
    if not ok:
        raise DealError(
            f"could not deal layout {layout.name!r} with seed {seed}: every one of the "
            f"{trials} trials of the reverse deal was left with fewer than two free slots"
        )
    return Board(layout, seed, tuple(faces), tuple(order), trials)


def pair_faces(faces: Iterable[int]) -> list[tuple[int, int]]:
    """Group faces into matching pairs (equal kinds; flowers with flowers, seasons with
    seasons), in a canonical order; ``ValueError`` if some face is left without a partner.

    >>> pair_faces([5, 36, 5, 35])
    [(5, 5), (35, 36)]
    """
    standard: list[int] = []
    flowers: list[int] = []
    seasons: list[int] = []
    for face in sorted(faces):
        tiles.check_kind(face)
        (
            flowers if tiles.is_flower(face) else seasons if tiles.is_season(face) else standard
        ).append(face)
    pairs: list[tuple[int, int]] = []
    for group in (standard, flowers, seasons):
        for i in range(0, len(group) - 1, 2):
            a, b = group[i], group[i + 1]
            if not tiles.solitaire_match(a, b):
                raise ValueError(f"the faces do not pair up: {tiles.code(a)} has no partner")
            pairs.append((a, b))
        if len(group) % 2:
            raise ValueError(f"the faces do not pair up: {tiles.code(group[-1])} has no partner")
    return pairs


def redeal(
    layout: Layout | str,
    present: Iterable[int],
    faces: Sequence[int],
    seed: int,
    *,
    stream: int,
    impl: str | None = None,
    max_trials: int = DEFAULT_MAX_TRIALS,
) -> Board:
    """Deal ``faces`` anew over the slots of ``present``, solvably: 002's shuffle.

    ``faces`` are the faces on the board (any order; they must pair up). On
    ``Rng(seed, stream)`` the canonical pairs (:func:`pair_faces`) are shuffled, then the
    reverse deal runs over ``present`` on the same stream. The returned board has face 0 on
    absent slots and its removal order covers ``present`` only. Use a stream other than 0
    (the deal's own): the play session uses one per shuffle.

    >>> from mahjongkit.solitaire import get_layout
    >>> board = deal(get_layout("tea house"), 3)
    >>> left = [slot for pair in board.removal_order[5:] for slot in pair]
    >>> again = redeal(board.layout, left, [board.faces[s] for s in left], 3, stream=1)
    >>> sorted(again.faces[s] for s in left) == sorted(board.faces[s] for s in left)
    True
    """
    layout = layout_of(layout)
    slots = check_present(layout, present)
    seed = check_seed(seed)
    stream = check_seed(stream, "stream")
    check_trials(max_trials)
    if len(faces) != len(slots):
        raise ValueError(f"{len(faces)} faces for {len(slots)} slots: give one face per slot")
    pairs = pair_faces(faces)
    permutation, order, trials = backend(impl).redeal(layout, slots, seed, stream, max_trials)
    if not order and slots:
        raise DealError(
            f"could not re-deal {len(slots)} slots of layout {layout.name!r} with seed {seed}, "
            f"stream {stream}: every one of the {trials} trials was left with fewer than two "
            "free slots"
        )
    new_faces = [0] * layout.size
    for k in range(len(order) // 2):
        new_faces[order[2 * k]], new_faces[order[2 * k + 1]] = pairs[permutation[k]]
    removal = tuple((order[i], order[i + 1]) for i in range(0, len(order), 2))
    return Board(layout, seed, tuple(new_faces), removal, trials)


# ---- The exact solver (issue 4): dispatch only; mahjongkit.solitaire.solver is the API ----


def solve_groups(
    layout: Layout,
    groups: Sequence[int],
    *,
    max_nodes: int,
    max_seconds: float,
    impl: str | None = None,
    quick_games: int = 0,
    playouts: int = 1000,
    playouts_per_restart: int = 100,
) -> tuple[int, list[tuple[int, int]], int, int, float, str]:
    """Run the solver on match groups per slot (``-1`` removed), validated by the caller.

    Returns ``(status, solution, nodes, playouts, seconds, reason)`` with status 0
    unsolvable, 1 solvable, 2 unknown. Use :func:`mahjongkit.solitaire.solver.solve`. The
    last three are the core's random phases (``solver.RULES``; the defaults: the hint's rule).
    """
    return backend(impl).solve(
        check_layout(layout),
        groups,
        max_nodes,
        max_seconds,
        quick_games,
        playouts,
        playouts_per_restart,
    )


# ---- Solitaire at scale: batch.py, search.py and distributed.py validate their arguments
# and call backend(impl).batch_faces / search_seeds themselves; the properties of one board:


def core_property_names() -> tuple[str, ...]:
    """The property names of the C++ core, in index order."""
    return _cpp.property_names()


def board_properties(
    board: Board,
    names: Iterable[str] | None = None,
    *,
    playouts: int = properties.DEFAULT_PLAYOUTS,
    solver_budget: int = properties.DEFAULT_SOLVER_BUDGET,
    impl: str | None = None,
) -> dict[str, int | float]:
    """The properties of a board (all of them, or those named), by the C++ core or the
    reference; see :mod:`mahjongkit.solitaire.properties` for what each one means.

    The random playouts are seeded by the board's seed.

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> board = deal(get_layout("turtle"), 5)
    >>> board_properties(board, ["free_tiles", "deepest_stack"])
    {'free_tiles': 33, 'deepest_stack': 5}
    >>> board_properties(board, ["difficulty"]) == board_properties(
    ...     board, ["difficulty"], impl="python")
    True
    >>> board_properties(board, ["hardness"])
    Traceback (most recent call last):
    ValueError: unknown board property 'hardness'; the properties are free_tiles, ...
    """
    wanted = properties.check_names(properties.PROPERTY_NAMES if names is None else names)
    properties.check_options(playouts, solver_budget)
    values = backend(impl).board_properties(
        board.layout, board.faces, board.seed, wanted, playouts, solver_budget
    )
    return {name: properties.typed(name, v) for name, v in zip(wanted, values, strict=True)}
