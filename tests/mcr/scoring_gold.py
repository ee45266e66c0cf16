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
from mahjongkit.mcr.scoring.ruleset import Ruleset, ruleset_named

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
        """The ruleset's name: ``ruleset=NAME``, ``gb``, else the Green Book."""
        return ruleset_of(self.context_words).name

    @property
    def rules(self) -> Ruleset:
        """The ruleset, with any ``choose=FIELD`` contested reading answered yes."""
        return ruleset_of(self.context_words)

    @property
    def context(self) -> WinContext:
        return parse_context(self.context_words)


def ruleset_of(text: str) -> Ruleset:
    """The ruleset a row's words name: ``gb``, ``ruleset=NAME`` (the Green Book otherwise),
    with each ``choose=FIELD`` contested reading answered yes."""
    words = text.split()
    name = "gb" if "gb" in words else "green_book"
    for word in words:
        if word.startswith("ruleset="):
            name = word.removeprefix("ruleset=")
    chosen = {w.removeprefix("choose="): True for w in words if w.startswith("choose=")}
    ruleset = ruleset_named(name)
    return ruleset.choose(**chosen) if chosen else ruleset


def expected_total(text: str) -> int | None:
    """A published total the row must reach (``expected=N``), if any."""
    return next((int(w.split("=")[1]) for w in text.split() if w.startswith("expected=")), None)


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
