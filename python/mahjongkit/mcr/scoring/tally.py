"""What a winning hand scored, and how: the scorer's result.

>>> from mahjongkit.mcr.analysis.split import Form, Split
>>> t = Tally(fans=(FanScore(43, "chicken_hand", "Chicken Hand", "无番和", 8, 1),
...                 FanScore(81, "flower_tiles", "Flower Tiles", "花牌", 1, 2)),
...           split=Split(Form.STANDARD, ()), ruleset="green_book", minimum=8)
>>> t.basic, t.flowers, t.total, t.minimum_met
(8, 2, 10, True)
>>> t.times("flower_tiles"), t.times("all_pungs")
(2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from mahjongkit.mcr.analysis.split import Split
from mahjongkit.mcr.scoring.fans import F


@dataclass(frozen=True)
class FanScore:
    """One fan of a tally: ``points`` is the value of one instance, scored ``times``."""

    number: int
    key: str
    name: str
    chinese: str
    points: int
    times: int

    @property
    def total(self) -> int:
        return self.points * self.times


class TallyParts(Protocol):
    """Builds a tally's fans and split from what a scorer found (the C++ answer), so a tally
    that is only compared or totalled never builds them."""

    def fans(self, found: Any) -> tuple[FanScore, ...]: ...

    def split(self, found: Any) -> Split: ...


class Tally:
    """The score of a winning hand (an immutable value: its fields are read-only).

    ``fans`` are listed highest value first (then by number), Flower Tiles last.
    ``basic`` is every fan but the flowers; ``minimum_met`` compares ``basic`` with the
    ruleset's minimum (3.11.6.6: "not counting the points for Flowers"); ``total`` includes
    the flowers, as settlement does. ``split`` is the arrangement the score was read from.

    The scorer makes tallies with :meth:`lazy`, whose ``fans`` and ``split`` are built when
    first read; a tally made either way is the same value.
    """

    # a lazy tally holds None in _fans and _split until first read
    __slots__ = (
        "_basic",
        "_fans",
        "_flowers",
        "_found",
        "_minimum",
        "_parts",
        "_ruleset",
        "_split",
    )
    _fans: tuple[FanScore, ...] | None
    _split: Split | None
    _ruleset: str
    _minimum: int
    _found: Any
    _parts: TallyParts | None
    _basic: int
    _flowers: int

    def __init__(
        self, fans: tuple[FanScore, ...], split: Split, ruleset: str, minimum: int = 8
    ) -> None:
        fans = tuple(fans)
        flowers = sum(f.total for f in fans if f.number == F.FLOWER_TILES)
        self._fans = fans
        self._split = split
        self._ruleset = ruleset
        self._minimum = minimum
        self._found = None
        self._parts = None
        self._basic = sum(f.total for f in fans) - flowers
        self._flowers = flowers

    @classmethod
    def lazy(
        cls, found: Any, parts: TallyParts, ruleset: str, minimum: int, *, basic: int, flowers: int
    ) -> Tally:
        """A tally whose fans and split ``parts`` builds from ``found`` when first read;
        ``basic`` and ``flowers`` are the points its fans will sum to."""
        t = _new(cls)
        t._fans = None
        t._split = None
        t._found = found
        t._parts = parts
        t._ruleset = ruleset
        t._minimum = minimum
        t._basic = basic
        t._flowers = flowers
        return t

    @property
    def fans(self) -> tuple[FanScore, ...]:
        fans = self._fans
        if fans is None:
            assert self._parts is not None
            fans = self._fans = self._parts.fans(self._found)
        return fans

    @property
    def split(self) -> Split:
        split = self._split
        if split is None:
            assert self._parts is not None
            split = self._split = self._parts.split(self._found)
        return split

    @property
    def ruleset(self) -> str:
        """The name of the ruleset the hand was scored under."""
        return self._ruleset

    @property
    def minimum(self) -> int:
        """The ruleset's minimum of basic points for a legal win."""
        return self._minimum

    def _key(self) -> tuple[tuple[FanScore, ...], Split, str, int]:
        return (self.fans, self.split, self._ruleset, self._minimum)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Tally(fans={self.fans!r}, split={self.split!r}, ruleset={self._ruleset!r}, "
            f"minimum={self._minimum!r})"
        )

    def __reduce__(self) -> tuple[type[Tally], tuple[tuple[FanScore, ...], Split, str, int]]:
        return (Tally, self._key())

    @property
    def flowers(self) -> int:
        """Points of Flower Tiles."""
        return self._flowers

    @property
    def basic(self) -> int:
        """Points of every fan but the flowers."""
        return self._basic

    @property
    def total(self) -> int:
        """Points of every fan, the flowers included."""
        return self._basic + self._flowers

    @property
    def minimum_met(self) -> bool:
        return self._basic >= self.minimum

    def times(self, key: str) -> int:
        """How many times the fan called ``key`` scored (0 if it did not)."""
        return sum(f.times for f in self.fans if f.key == key)

    def describe(self) -> str:
        """One line: each fan with its points, then the totals."""
        parts = [f"{f.name} {f.points}" + (f"×{f.times}" if f.times > 1 else "") for f in self.fans]
        met = "" if self.minimum_met else f" (below the {self.minimum}-point minimum)"
        return f"{', '.join(parts)} = {self.total}{met}"


_new = object.__new__
