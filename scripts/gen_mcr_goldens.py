"""Regenerate the MCR rules golden files under tests/data/ (run from the repository root).

    python -m scripts.gen_mcr_goldens

* ``mcr_walls.txt``: seeded walls of decision 12 of docs/decisions.md (seed as hex, hand
  number, the 144 tiles front first), so another implementation of the published
  construction can be checked tile by tile, and so can this one on every platform.
* ``mcr_playthrough.txt``: whole games played by the seeded random players of
  ``tests/mcr/test_random_games.py``: one line per hand (winner, how, from whom) and a
  SHA-256 of the event stream (settlements left out: their points are the scorer's), so any
  change in what the engine does shows up.

Only regenerate after a deliberate change of behaviour, and say why in the commit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from mahjongkit.mcr.game.events import Event, EventKind
from mahjongkit.mcr.hand.wall import Wall
from mahjongkit.tiles import code
from tests.mcr.test_random_games import play

ROOT = Path(__file__).resolve().parents[1]

WALL_SEEDS: list[bytes] = [b"published-seed", b"0", bytes(32), bytes(range(32))]
WALL_HANDS = (1, 2, 16)
PLAY_SEEDS = ("golden-1", "golden-2")


def wall_lines() -> list[str]:
    lines = [
        "# Seeded MCR walls (decision 12). Regenerate: python -m scripts.gen_mcr_goldens",
        "# seed (hex) | hand number | the 144 tiles, front first",
    ]
    for seed in WALL_SEEDS:
        for hand_no in WALL_HANDS:
            tiles = " ".join(code(t) for t in Wall.from_seed(seed, hand_no).tiles)
            lines.append(f"{seed.hex()} | {hand_no} | {tiles}")
    return lines


def event_digest(events: list[Event]) -> str:
    """SHA-256 of the event stream, one ``str(event)`` a line, leaving out the settlement
    events: their points belong to the scorer, which has its own golden corpus (points are
    checked here by scoring every win again instead)."""
    kept = (str(e) for e in events if e.kind not in (EventKind.HAND_END, EventKind.GAME_END))
    return hashlib.sha256("\n".join(kept).encode()).hexdigest()


def playthrough_lines() -> list[str]:
    lines = [
        "# Random-player MCR games. Regenerate: python -m scripts.gen_mcr_goldens",
        "# seed | hand | winner | how | from   (one line per hand)",
        "# seed | events | moves | sha256 of the event stream without the settlements",
    ]
    for seed in PLAY_SEEDS:
        game, events = play(seed, check=False)
        for r in game.history:
            how = r.by.value if r.by is not None else "exhausted"
            lines.append(f"{seed} | {r.hand_no} | {r.winner} | {how} | {r.discarder}")
        lines.append(f"{seed} | {len(events)} | {game.moves} | {event_digest(events)}")
    return lines


def main() -> None:
    data = ROOT / "tests" / "data"
    (data / "mcr_walls.txt").write_text("\n".join(wall_lines()) + "\n")
    (data / "mcr_playthrough.txt").write_text("\n".join(playthrough_lines()) + "\n")


if __name__ == "__main__":
    main()
