"""The dispatcher: validates arguments, then runs the C++ core or the Python reference.

The implementation is chosen per call (``impl="cpp"`` or ``"python"``) or by the environment
variable ``MAHJONGKIT_IMPLEMENTATION``; the default is the C++ core. Both give identical
results and, because every check happens here first, identical errors.

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

import os
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from mahjongkit import tiles
from mahjongkit._core import solitaire as _core
from mahjongkit.solitaire import properties, reference
from mahjongkit.solitaire.board import Board
from mahjongkit.solitaire.layout import Layout, Slot, get_layout
from mahjongkit.solitaire.rng import check_seed

Impl = Literal["cpp", "python"]
IMPLEMENTATIONS: tuple[Impl, ...] = ("cpp", "python")
ENVIRONMENT_VARIABLE = "MAHJONGKIT_IMPLEMENTATION"
DEFAULT_MAX_TRIALS = reference.DEFAULT_MAX_TRIALS
MAX_TRIALS = 2**31 - 1


class DealError(RuntimeError):
    """Every trial of a reverse deal got stuck: the message names the layout and the seed."""


def resolve_impl(impl: str | None = None) -> Impl:
    """The implementation to use: ``impl``, else the environment variable, else ``"cpp"``.

    >>> resolve_impl("python")
    'python'
    >>> resolve_impl("fortran")
    Traceback (most recent call last):
    ValueError: unknown implementation 'fortran': use 'cpp' or 'python'
    """
    chosen = impl if impl is not None else os.environ.get(ENVIRONMENT_VARIABLE) or "cpp"
    if chosen == "cpp":
        return "cpp"
    if chosen == "python":
        return "python"
    source = "" if impl is not None else f" (from ${ENVIRONMENT_VARIABLE})"
    raise ValueError(f"unknown implementation {chosen!r}{source}: use 'cpp' or 'python'")


@cache
def _core_geometry(slots: tuple[Slot, ...]) -> _core.Geometry:
    return _core.Geometry(list(slots))


def core_geometry(layout: Layout) -> _core.Geometry:
    """The compiled geometry of a layout (cached), for code that batches core calls.

    >>> from mahjongkit.solitaire import get_layout
    >>> core_geometry(get_layout("turtle")).size
    144
    """
    # Kept on the layout itself: hashing 144 slots on every call would cost more than a deal.
    geometry = layout._cache.get("core_geometry")
    if geometry is None:
        geometry = layout._cache["core_geometry"] = _core_geometry(layout.slots)
    assert isinstance(geometry, _core.Geometry)
    return geometry


def _check_layout(layout: Layout | str) -> Layout:
    """``layout``, or the built-in layout of that name."""
    if isinstance(layout, str):
        return get_layout(layout)
    if not isinstance(layout, Layout):
        raise TypeError(f"expected a Layout or a layout name, not {type(layout).__name__}")
    return layout


def _check_present(layout: Layout, present: Iterable[int]) -> list[int]:
    given = list(present)
    for slot in given:  # before sorting, which would fail on a mix with a raw TypeError
        if isinstance(slot, bool) or not isinstance(slot, int):
            raise TypeError(f"a slot is an int, not {type(slot).__name__}: {slot!r}")
    slots = sorted(set(given))
    if slots and not (slots[0] >= 0 and slots[-1] < layout.size):
        bad = slots[0] if slots[0] < 0 else slots[-1]
        raise ValueError(
            f"{bad} is not a slot of layout {layout.name!r} (slots are 0 to {layout.size - 1})"
        )
    return slots


def _check_trials(max_trials: int) -> int:
    # The core counts trials in an int.
    if (
        isinstance(max_trials, bool)
        or not isinstance(max_trials, int)
        or not 1 <= max_trials <= MAX_TRIALS
    ):
        raise ValueError(f"max_trials must be an int from 1 to 2**31 - 1, got {max_trials!r}")
    return max_trials


def free_slots(
    layout: Layout | str, present: Iterable[int], *, impl: str | None = None
) -> tuple[int, ...]:
    """The free slots (decision 2) when exactly the slots of ``present`` are on the board.

    >>> from mahjongkit.solitaire import get_layout
    >>> turtle = get_layout("turtle")
    >>> 139 in free_slots(turtle, range(144)), 139 in free_slots(turtle, range(143))
    (False, True)
    """
    layout = _check_layout(layout)
    slots = _check_present(layout, present)
    if resolve_impl(impl) == "cpp":
        return tuple(core_geometry(layout).free_slots(slots))
    return tuple(reference.free_slots(layout, slots))


def deal(
    layout: Layout | str,
    seed: int,
    *,
    impl: str | None = None,
    max_trials: int = DEFAULT_MAX_TRIALS,
) -> Board:
    """The board of ``(layout, seed)``: solvable by construction, identical in both cores.

    The seed shuffles the 72-pair pool and the layout takes the first ``size / 2`` pairs;
    the same stream then runs the reverse deal (decisions 4 and 5).

    >>> from mahjongkit.solitaire import get_layout
    >>> board = deal(get_layout("turtle"), 2**64 - 1)
    >>> len(board.faces), sorted(board.faces) == sorted(deal(get_layout("turtle"), 0).faces)
    (144, True)
    >>> deal(get_layout("turtle"), -5)
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1, got -5
    """
    layout = _check_layout(layout)
    seed = check_seed(seed)
    _check_trials(max_trials)
    if resolve_impl(impl) == "cpp":
        ok, faces, order, trials = core_geometry(layout).deal(seed, max_trials)
    else:
        ok, faces, order, trials = reference.deal(layout, seed, max_trials)
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
    layout = _check_layout(layout)
    slots = _check_present(layout, present)
    seed = check_seed(seed)
    stream = check_seed(stream, "stream")
    _check_trials(max_trials)
    if len(faces) != len(slots):
        raise ValueError(f"{len(faces)} faces for {len(slots)} slots: give one face per slot")
    pairs = pair_faces(faces)
    if resolve_impl(impl) == "cpp":
        permutation, order, trials = core_geometry(layout).redeal(slots, seed, stream, max_trials)
    else:
        permutation, order, trials = reference.redeal(layout, slots, seed, stream, max_trials)
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


class Blockers(NamedTuple):
    """Why a slot is or is not free (decision 2), naming the blocking slots."""

    slot: int
    covered_by: tuple[int, ...]
    """Present slots on the nearest layer above that overlap the slot (what a player sees)."""
    covered_by_all: tuple[int, ...]
    """Every present overlapping slot on any higher layer."""
    left: tuple[int, ...]
    """Present same-layer neighbours on the left."""
    right: tuple[int, ...]
    """Present same-layer neighbours on the right."""

    @property
    def is_free(self) -> bool:
        """Not covered, and at least one side empty."""
        return not self.covered_by_all and not (self.left and self.right)


def blockers(layout: Layout | str, present: Iterable[int], slot: int) -> Blockers:
    """The slots that keep ``slot`` from being free when ``present`` is on the board.

    This is the material of an explanation ("covered by 143", "blocked on both sides by 0
    and 2"); it is computed from the same masks as the free rule.

    >>> from mahjongkit.solitaire import get_layout
    >>> turtle = get_layout("turtle")
    >>> blockers(turtle, range(144), 139)
    Blockers(slot=139, covered_by=(143,), covered_by_all=(143,), left=(), right=(140,))
    >>> blockers(turtle, range(144), 1).is_free, blockers(turtle, range(144), 1)[3:]
    (False, ((0,), (2,)))
    >>> blockers(turtle, range(144), 128).covered_by  # the nearest layer only
    (139,)
    """
    layout = _check_layout(layout)
    # The slot itself is checked like a present slot; whether it is present does not matter.
    slots = _check_present(layout, [*present, slot])
    geometry = reference.Geometry.of(layout)
    bits = reference.bits_of(slots)
    above = reference.slots_of(geometry.cover[slot] & bits)
    nearest = min((layout.slots[s][2] for s in above), default=None)
    return Blockers(
        slot,
        tuple(s for s in above if layout.slots[s][2] == nearest),
        tuple(above),
        tuple(reference.slots_of(geometry.left[slot] & bits)),
        tuple(reference.slots_of(geometry.right[slot] & bits)),
    )


# ---- The exact solver (issue 4): dispatch only; mahjongkit.solitaire.solver is the API ----


def solve_groups(
    layout: Layout,
    groups: Sequence[int],
    *,
    max_nodes: int,
    max_seconds: float,
    impl: str | None = None,
) -> tuple[int, list[tuple[int, int]], int, int, float, str]:
    """Run the solver on match groups per slot (``-1`` removed), validated by the caller.

    Returns ``(status, solution, nodes, playouts, seconds, reason)`` with status 0
    unsolvable, 1 solvable, 2 unknown. Use :func:`mahjongkit.solitaire.solver.solve`.
    """
    _check_layout(layout)
    if resolve_impl(impl) == "cpp":
        return _core.solve(
            core_geometry(layout), list(groups), max_nodes=max_nodes, max_seconds=max_seconds
        )
    from mahjongkit.solitaire import solve_reference

    return solve_reference.solve(layout, groups, max_nodes, max_seconds)


# ---- Solitaire at scale: batch generation, board properties, seed search --------------------
# batch.py, search.py and distributed.py validate their arguments and call these; the
# reference twin of the properties is properties.py.


def core_batch_faces(
    layout: Layout,
    seeds: npt.NDArray[np.uint64],
    out: npt.NDArray[np.uint8],
    *,
    threads: int,
    max_trials: int,
    progress: Callable[[int], object] | None = None,
) -> int | None:
    """Fill ``out[i]`` with the faces of the board of ``seeds[i]`` in the C++ core, on
    ``threads`` threads (0: every core) with the GIL released; the failing seed of the
    smallest index, or None. Ctrl-C raises ``KeyboardInterrupt`` once the workers stop."""
    return _core.batch_faces(
        core_geometry(layout), seeds, out, threads, max_trials, progress=progress
    )


def core_search_seeds(
    layout: Layout,
    first: int,
    count: int,
    condition: list[tuple[int, int, int, int, float]],
    report: list[int],
    *,
    limit: int,
    threads: int,
    max_trials: int,
    playouts: int,
    solver_budget: int,
    progress: Callable[[int], object] | None = None,
) -> tuple[list[tuple[int, list[float]]], int, bool, bool, int | None]:
    """The C++ seed scan (see ``search_seeds`` in ``cpp/core/solitaire/search.hpp``)."""
    return _core.search_seeds(
        core_geometry(layout),
        first,
        count,
        condition,
        report,
        limit,
        threads,
        max_trials,
        playouts,
        solver_budget,
        progress=progress,
    )


def core_property_names() -> tuple[str, ...]:
    """The property names of the C++ core, in index order."""
    return tuple(_core.PROPERTY_NAMES)


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
    if resolve_impl(impl) == "cpp":
        indices = [properties.PROPERTY_NAMES.index(name) for name in wanted]
        values = _core.board_properties(
            core_geometry(board.layout),
            list(board.faces),
            board.seed,
            indices,
            playouts,
            solver_budget,
        )
        return {name: properties.typed(name, v) for name, v in zip(wanted, values, strict=True)}
    lazy = properties.BoardProperties(
        board.layout, board.faces, board.seed, playouts=playouts, solver_budget=solver_budget
    )
    return {name: lazy[name] for name in wanted}
