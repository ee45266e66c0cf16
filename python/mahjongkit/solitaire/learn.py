"""Learn Mode: why a tile is or is not free, and what a move newly unlocked (spec 001).

Spec 001 and the decisions cited are written out in docs/decisions.md.

The free rule (decision 2) is checked in two stages: cover first (any present tile on a
higher layer overlapping the footprint), then the sides (both same-layer neighbours present).
An explanation names the blockers, and tells the nearest covering layer apart from all the
covers (139 covers 128 directly, and the cap 143 lies above both). After a move,
*newly uncovered* and *newly free* are different measurements: a tile can lose its cover and
still have both sides occupied.

The rows of 001's tables on the Turtle:

>>> from mahjongkit.solitaire import get_layout
>>> turtle = get_layout("turtle")
>>> everything = range(144)
>>> print(explain(turtle, everything, 139))
139 at (12,6,3) is blocked: covered by 143; left open, right blocked by 140
>>> print(explain(turtle, everything, 1))
1 at (6,0,0) is blocked: both sides occupied (left 0, right 2)
>>> print(explain(turtle, everything, 0))
0 at (4,0,0) is free: left open, right blocked by 1
>>> change = unlocked(turtle, everything, set(everything) - {29, 143})
>>> change.newly_free, change.newly_uncovered
((28, 139, 140, 141, 142), (139, 140, 141, 142))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from mahjongkit.solitaire._ref.geometry import Geometry, bits_of, slots_of
from mahjongkit.solitaire.checks import check_layout, check_present, layout_of
from mahjongkit.solitaire.layout import Layout


@dataclass(frozen=True)
class Blockers:
    """Why a slot is or is not free (decision 2), naming the blocking slots. The one blockers
    type of solitaire: an :class:`Explanation` is a ``Blockers`` with the tile's position
    and the rule's verdict."""

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
    >>> both = blockers(turtle, range(144), 1)
    >>> both.is_free, both.left, both.right
    (False, (0,), (2,))
    >>> blockers(turtle, range(144), 128).covered_by  # the nearest layer only
    (139,)
    """
    layout = layout_of(layout)
    # The slot itself is checked like a present slot; whether it is present does not matter.
    slots = check_present(layout, [*present, slot])
    geometry = Geometry.of(layout)
    bits = bits_of(slots)
    above = slots_of(geometry.cover[slot] & bits)
    nearest = min((layout.slots[s][2] for s in above), default=None)
    return Blockers(
        slot,
        tuple(s for s in above if layout.slots[s][2] == nearest),
        tuple(above),
        tuple(slots_of(geometry.left[slot] & bits)),
        tuple(slots_of(geometry.right[slot] & bits)),
    )


def blocking_counts(layout: Layout | str, present: Iterable[int]) -> list[int | None]:
    """Per slot, how many tiles keep it from being free: ``None`` for an empty slot, 0 for
    a free tile, else every tile covering it plus, when both sides are taken, the tiles on
    both sides. The same counts as :func:`blockers` slot by slot, from one pass over the
    masks (a page asks for the whole board after every move).

    >>> from mahjongkit.solitaire import get_layout
    >>> counts = blocking_counts(get_layout("turtle"), range(144))
    >>> counts[143], counts[139], counts[1], counts[128]
    (0, 1, 2, 4)
    """
    layout = layout_of(layout)
    slots = check_present(layout, present)
    geometry = Geometry.of(layout)
    bits = bits_of(slots)
    counts: list[int | None] = [None] * layout.size
    cover, left, right = geometry.cover, geometry.left, geometry.right
    for slot in slots:
        on_left, on_right = left[slot] & bits, right[slot] & bits
        sides = on_left.bit_count() + on_right.bit_count() if on_left and on_right else 0
        counts[slot] = (cover[slot] & bits).bit_count() + sides
    return counts


class TileState(Enum):
    """What the free rule says about a slot, and which stage decided it."""

    FREE = "free"
    COVERED = "covered"
    """Covered from above; at least one side is open (cover alone blocks it)."""
    SIDES = "sides"
    """Not covered, but both sides are occupied."""
    COVERED_AND_SIDES = "covered and sides"
    """Both reasons at once."""
    REMOVED = "removed"
    """The slot holds no tile any more."""


@dataclass(frozen=True)
class Explanation(Blockers):
    """Why ``slot`` is (not) free in one position: a snapshot, not a history. Its blocking
    slots mean what they mean in :class:`Blockers` (``covered_by`` the nearest covering
    layer, ``covered_by_all`` every cover)."""

    position: tuple[int, int, int]
    state: TileState

    @property
    def nearest_cover(self) -> tuple[int, ...]:
        """The old name of :attr:`covered_by`."""
        return self.covered_by

    @property
    def free(self) -> bool:
        """Whether the tile can be picked now."""
        return self.state is TileState.FREE

    def __str__(self) -> str:
        x, y, z = self.position
        head = f"{self.slot} at ({x},{y},{z})"
        if self.state is TileState.REMOVED:
            return f"{head} is already removed"
        sides = _sides(self.left, self.right)
        if self.state is TileState.FREE:
            return f"{head} is free: {sides}"
        reasons = []
        if self.covered_by_all:
            cover = "covered by " + _names(self.covered_by)
            further = [s for s in self.covered_by_all if s not in self.covered_by]
            if further:
                cover += f" (and higher up by {_names(tuple(further))})"
            reasons.append(cover)
        if self.left and self.right:
            reasons.append(
                f"both sides occupied (left {_names(self.left)}, right {_names(self.right)})"
            )
        elif self.covered_by_all:
            reasons.append(sides)
        return f"{head} is blocked: " + "; ".join(reasons)


def _names(slots: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in slots)


def _sides(left: tuple[int, ...], right: tuple[int, ...]) -> str:
    left_text = f"left blocked by {_names(left)}" if left else "left open"
    right_text = f"right blocked by {_names(right)}" if right else "right open"
    return f"{left_text}, {right_text}"


def explain(layout: Layout, present: Iterable[int], slot: int) -> Explanation:
    """Explain ``slot`` when exactly the slots of ``present`` hold tiles.

    >>> from mahjongkit.solitaire import get_layout
    >>> turtle = get_layout("turtle")
    >>> print(explain(turtle, range(144), 128))  # doctest: +NORMALIZE_WHITESPACE
    128 at (12,6,2) is blocked: covered by 139 (and higher up by 143);
    both sides occupied (left 127, right 129)
    >>> print(explain(turtle, range(144), 43))
    43 at (28,7,0) is blocked: both sides occupied (left 41, 56, right 44)
    >>> print(explain(turtle, set(range(144)) - {29, 143}, 28))
    28 at (22,4,0) is free: left blocked by 27, right open
    >>> explain(turtle, range(144), 144)
    Traceback (most recent call last):
    ValueError: 144 is not a slot of layout 'Turtle' (slots are 0 to 143)
    """
    layout = check_layout(layout)
    on_board = set(present)
    found = blockers(layout, on_board, slot)  # which also validates the ids
    position = layout.slots[slot]
    if slot not in on_board:
        return Explanation(slot, (), (), (), (), position, TileState.REMOVED)
    covers = found.covered_by_all
    both_sides = bool(found.left and found.right)
    if covers and both_sides:
        state = TileState.COVERED_AND_SIDES
    elif covers:
        state = TileState.COVERED
    elif both_sides:
        state = TileState.SIDES
    else:
        state = TileState.FREE
    blocking = (found.covered_by, found.covered_by_all, found.left, found.right)
    return Explanation(slot, *blocking, position, state)


@dataclass(frozen=True)
class Unlock:
    """What changed between two positions (after a move, a shuffle keeps slots as they are)."""

    newly_free: tuple[int, ...]
    """Present after, free after, not free before."""
    newly_uncovered: tuple[int, ...]
    """Present after, covered before, not covered after (free or not)."""

    def __str__(self) -> str:
        if not self.newly_free and not self.newly_uncovered:
            return "nothing newly unlocked"
        parts = [f"newly free: {_names(self.newly_free) or 'none'}"]
        still_blocked = [s for s in self.newly_uncovered if s not in self.newly_free]
        if self.newly_uncovered:
            parts.append(f"newly uncovered: {_names(self.newly_uncovered)}")
        if still_blocked:
            parts.append(
                f"uncovered but still blocked on both sides: {_names(tuple(still_blocked))}"
            )
        return "; ".join(parts)


def unlocked(layout: Layout, before: Iterable[int], after: Iterable[int]) -> Unlock:
    """The slots a change of position newly freed, and those it newly uncovered.

    Only the slots the removed tiles covered or flanked can change, so only those are
    looked at.

    >>> from mahjongkit.solitaire import get_layout
    >>> turtle = get_layout("turtle")
    >>> print(unlocked(turtle, range(144), set(range(144)) - {0, 143}))
    newly free: 1, 139, 140, 141, 142; newly uncovered: 139, 140, 141, 142
    """
    layout = check_layout(layout)
    geometry = Geometry.of(layout)
    was = bits_of(check_present(layout, before))
    now = bits_of(check_present(layout, after))
    touched = 0
    for gone in slots_of(was & ~now):
        touched |= geometry.affects[gone]
    newly_free = []
    newly_uncovered = []
    for slot in slots_of(touched & now):
        if geometry.is_free(slot, now) and not geometry.is_free(slot, was):
            newly_free.append(slot)
        if geometry.cover[slot] & was and not geometry.cover[slot] & now:
            newly_uncovered.append(slot)
    return Unlock(tuple(newly_free), tuple(newly_uncovered))
