"""Reader of tests/data/mcr_gold.txt, the scorer's gold corpus (format in its header).

>>> rows = read_gold()
>>> len([r for r in rows if r.mark == "+"]), len([r for r in rows if r.mark == "-"])
(81, 81)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mahjongkit.mcr.hand.notation import parse_tiles
from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext

GOLD = Path(__file__).resolve().parents[1] / "data" / "mcr_gold.txt"
_WINDS = "ESWN"


@dataclass(frozen=True)
class GoldRow:
    """One line of the corpus: ``fans`` are (key, points, times) in the listed order."""

    line: int
    mark: str  # "+", "-" or "e"
    fan: int
    notation: str
    context_words: str
    fans: tuple[tuple[str, int, int], ...]
    total: int
    not_counted: tuple[str, ...]

    @property
    def ruleset(self) -> str:
        return "gb" if "gb" in self.context_words.split() else "green_book"

    @property
    def context(self) -> WinContext:
        return parse_context(self.context_words)


def parse_context(text: str) -> WinContext:
    """A win context from the corpus' words: ``win 5m self seat S last-tile ...``."""
    words = text.split()
    if "win" not in words:
        raise ValueError(f"no 'win TILE' in {text!r}")
    winning = parse_tiles(words[words.index("win") + 1])[0]
    by = WinBy.DISCARD
    if "self" in words:
        by = WinBy.SELF_DRAWN
    elif "rob" in words:
        by = WinBy.ROBBING
    replacement = None
    if "kong-replacement" in words:
        replacement = Replacement.KONG
    elif "flower-replacement" in words:
        replacement = Replacement.FLOWER

    def wind(word: str) -> int:
        return _WINDS.index(words[words.index(word) + 1]) if word in words else 0

    return WinContext(
        winning=winning,
        by=by,
        seat_wind=wind("seat"),
        prevailing_wind=wind("prevailing"),
        last_of_wall="last-of-wall" in words,
        replacement=replacement,
        last_tile="last-tile" in words,
    )


def _fans(text: str) -> tuple[tuple[str, int, int], ...]:
    out = []
    for item in text.split(","):
        key, value = item.split()
        points, _, times = value.partition("x")
        out.append((key, int(points), int(times or 1)))
    return tuple(out)


def read_gold(path: Path = GOLD) -> list[GoldRow]:
    """Every record of the corpus, in file order; ``ValueError`` naming a bad line."""
    rows = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            fields = [f.strip() for f in line.split("|")]
            mark, fan = fields[0].split()
            fans, _, total = fields[3].rpartition("=")
            not_counted: tuple[str, ...] = ()
            if len(fields) > 4:
                not_counted = tuple(k.strip() for k in fields[4].removeprefix("not:").split(","))
            rows.append(
                GoldRow(
                    number,
                    mark,
                    int(fan),
                    fields[1],
                    fields[2],
                    _fans(fans),
                    int(total),
                    not_counted,
                )
            )
        except (ValueError, IndexError) as error:
            raise ValueError(f"{path.name} line {number}: cannot read {line!r} ({error})") from None
    return rows
