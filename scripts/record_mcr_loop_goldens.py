"""Record the golden playthroughs of the MCR rules into tests/data/mcr_loop_goldens.txt.

    python -m scripts.record_mcr_loop_goldens

Recorded from the rules as they were before the redesign of issue 12 (commit in the file's
header), so the redesign can be shown to play the very same games: 200 seeded sixteen-hand
games as one line each (moves, events, final totals and places, a digest of the move log and
the whole event stream), then the full move log and event stream of a few one-hand games.
Only regenerate after a deliberate change of behaviour, and say why in the commit.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.mcr.golden_games import GAMES, SHORT_GAMES, game_seed, play, short_seed

ROOT = Path(__file__).resolve().parents[1]

OUT = ROOT / "tests" / "data" / "mcr_loop_goldens.txt"


def main() -> None:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    lines = [
        "# Golden MCR playthroughs (issue 12)."
        " Regenerate: python scripts/record_mcr_loop_goldens.py",
        f"# recorded from commit {commit}; players: tests/mcr/golden_games.py",
        "# game: seed | moves | events | totals | places | sha256[:32] of moves and events",
        "# short: seed (one hand, hand_no 16) then 'move <seat> <move>' and 'event <json>' lines",
    ]
    for index in range(GAMES):
        lines.append("game " + play(game_seed(index)).line())
    for index in range(SHORT_GAMES):
        played = play(short_seed(index), hand_no=16)
        lines.append("short " + played.line())
        lines += [f"move {m}" for m in played.moves]
        lines += [f"event {e}" for e in played.events]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT} ({len(lines)} lines)")


if __name__ == "__main__":
    main()
