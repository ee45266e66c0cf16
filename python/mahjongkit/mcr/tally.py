"""What a winning hand scored, and how: the scorer's result.

>>> from mahjongkit.mcr.split import Form, Split
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

from mahjongkit.mcr.split import Split

FLOWER_TILES_NUMBER = 81


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


@dataclass(frozen=True)
class Tally:
    """The score of a winning hand.

    ``fans`` are listed highest value first (then by number), Flower Tiles last.
    ``basic`` is every fan but the flowers; ``minimum_met`` compares ``basic`` with the
    ruleset's minimum (3.11.6.6: "not counting the points for Flowers"); ``total`` includes
    the flowers, as settlement does. ``split`` is the arrangement the score was read from.
    """

    fans: tuple[FanScore, ...]
    split: Split
    ruleset: str
    minimum: int = 8

    @property
    def flowers(self) -> int:
        return sum(f.total for f in self.fans if f.number == FLOWER_TILES_NUMBER)

    @property
    def basic(self) -> int:
        return sum(f.total for f in self.fans if f.number != FLOWER_TILES_NUMBER)

    @property
    def total(self) -> int:
        return sum(f.total for f in self.fans)

    @property
    def minimum_met(self) -> bool:
        return self.basic >= self.minimum

    def times(self, key: str) -> int:
        """How many times the fan called ``key`` scored (0 if it did not)."""
        return sum(f.times for f in self.fans if f.key == key)

    def describe(self) -> str:
        """One line: each fan with its points, then the totals."""
        parts = [f"{f.name} {f.points}" + (f"×{f.times}" if f.times > 1 else "") for f in self.fans]
        met = "" if self.minimum_met else f" (below the {self.minimum}-point minimum)"
        return f"{', '.join(parts)} = {self.total}{met}"
