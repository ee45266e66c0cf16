"""The sample game records shipped with the package (docs/records.md).

``handwritten.txt`` holds four games in Botzone's format, written by hand so that together
they use every kind of step and ending (a win on a discard, a kong robbed, a self-drawn win,
a drawn game); the test suite checks, exports and replays them, and ``mahjongkit mcr records sample
FILE`` writes them where a user can try the other ``records`` commands on them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

HANDWRITTEN: Final = Path(__file__).with_name("handwritten.txt")
"""The path of the hand-written sample records (inside the installed package)."""
