"""What a record file holds, from its checked games: :class:`Stats`.

>>> from mahjongkit.mcr.records.check import Report
>>> stats = Stats()
>>> stats.add(Report("a", 1, True, 9, 9, (-8, 33, -17, -8), (-8, 33, -17, -8), ((70, 1),),
...                  (("喜相逢", 1),), (), "discard", 1))
>>> stats.to_json()["wins"], stats.to_json()["mean_fan"]
({'discard': 1}, 9.0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.mcr.records.check import Report
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS

_NAMES = {
    **{n: f.name for n, f in FANS.items()},
    CONCEALED_KONG_AND_MELDED_KONG.number: CONCEALED_KONG_AND_MELDED_KONG.name,
}


@dataclass
class Stats:
    """Counts over checked games: ``games``; ``wins`` by kind (``self``, ``discard``,
    ``rob``) and ``drawn``; how many won hands scored each fan (by the rules); the mean fan
    total and the mean winner's score of the won hands; the games with a problem."""

    games: int = 0
    drawn: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    fans: Counter[int] = field(default_factory=Counter)
    fan_sum: int = 0
    winner_points: int = 0
    problems: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, report: Report) -> None:
        self.games += 1
        if report.problems or not report.legal:
            kind = (
                "unreadable"
                if not report.readable
                else "illegal"
                if not report.legal
                else "mis-scored"
            )
            self.problems.append(
                (report.match, kind, report.problems[0] if report.problems else "")
            )
        if not report.readable:
            return
        if report.win is None:
            self.drawn += 1
            return
        self.wins[report.win] += 1
        fan = report.fan if report.fan is not None else report.recorded_fan
        score = report.score if report.score is not None else report.recorded_score
        if fan is not None:
            self.fan_sum += fan
        if score is not None and report.winner is not None:
            self.winner_points += score[report.winner]
        for number, _times in report.fans:
            self.fans[number] += 1

    def to_json(self) -> dict[str, Any]:
        won = sum(self.wins.values())
        return {
            "games": self.games,
            "wins": dict(sorted(self.wins.items())),
            "drawn": self.drawn,
            "mean_fan": round(self.fan_sum / won, 3) if won else None,
            "mean_winner_points": round(self.winner_points / won, 3) if won else None,
            "fans": {
                _NAMES[n]: c for n, c in sorted(self.fans.items(), key=lambda i: (-i[1], i[0]))
            },
            "problems": [{"match": m, "kind": k, "problem": p} for m, k, p in self.problems],
        }

    def to_text(self) -> str:
        data = self.to_json()
        won = sum(self.wins.values())
        lines = [f"games: {self.games}"]
        kinds = ", ".join(f"{k} {n}" for k, n in data["wins"].items()) or "none"
        lines.append(f"wins: {won} ({kinds}); drawn: {self.drawn}")
        lines.append(
            f"mean fan of a win: {data['mean_fan']}; mean winner's score:"
            f" {data['mean_winner_points']}"
        )
        if self.fans:
            lines.append("fans (won hands scoring each):")
            lines += [f"  {count:>7}  {name}" for name, count in data["fans"].items()]
        lines.append(f"games with a problem: {len(self.problems)}")
        lines += [f"  {m or '?'}: {k}: {p}" for m, k, p in self.problems]
        return "\n".join(lines) + "\n"
