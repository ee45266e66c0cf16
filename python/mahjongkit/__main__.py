"""``python -m mahjongkit``: the ``mahjongkit`` command, for when its script is not on PATH."""

from __future__ import annotations

from mahjongkit._entry import main

if __name__ == "__main__":
    main(prog_name="mahjongkit")
