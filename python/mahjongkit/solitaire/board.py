"""A dealt board: the layout, the seed, the face on every slot and how it was built.

The construction path is the reverse deal's removal order: pair after pair of slots that
were free together when removed. Played from the first pair to the last, it clears the
board, which is the proof that the board is solvable.

>>> from mahjongkit.solitaire import deal, get_layout
>>> board = deal(get_layout("tea house"), seed=7)
>>> len(board.faces), len(board.removal_order), board.face_code(0)
(36, 18, '...')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mahjongkit import tiles
from mahjongkit.solitaire.layout import Layout


@dataclass(frozen=True)
class Board:
    """The result of a deal; equal boards compare equal."""

    layout: Layout
    seed: int
    faces: tuple[int, ...]
    """The tile kind (1–42, :mod:`mahjongkit.tiles`) on each slot, in slot order."""
    removal_order: tuple[tuple[int, int], ...]
    """The construction path: the slot pairs in the order the reverse deal removed them."""
    trials: int = 1
    """Reverse-deal trials used (a stuck trial is retried on the same stream)."""

    def face_code(self, slot: int) -> str:
        """The code of the face on ``slot`` (``"5m"``, ``"E"``, ``"F1"``)."""
        return tiles.code(self.faces[slot])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: layout name, seed, the slots with their faces, the path."""
        return {
            "layout": self.layout.name,
            "seed": self.seed,
            "slots": [
                {"id": i, "x": x, "y": y, "z": z, "face": tiles.code(face), "kind": face}
                for i, ((x, y, z), face) in enumerate(
                    zip(self.layout.slots, self.faces, strict=True)
                )
            ],
            "removal_order": [list(pair) for pair in self.removal_order],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text.

        >>> from mahjongkit.solitaire import deal, get_layout
        >>> import json
        >>> data = json.loads(deal(get_layout("turtle"), seed=1).to_json())
        >>> data["layout"], data["seed"], len(data["slots"]), data["slots"][143]["z"]
        ('Turtle', 1, 144, 4)
        """
        return json.dumps(self.to_dict(), indent=indent)

    def to_text(self, *, glyphs: bool = False) -> str:
        """A picture, layer by layer: each tile is its code (or glyph) at its x position.

        Each half-unit of x is two characters wide, so a tile takes four; rows are labelled
        by y, and tiles half a tile down (wings, offset rows) get their own line.

        >>> from mahjongkit.solitaire import deal, get_layout
        >>> print(deal(get_layout("tea house"), seed=7).to_text())  # doctest: +ELLIPSIS
        Tea House, seed 7: 36 tiles
        layer 0
        y 0 ...
        """
        header = f"{self.layout.name}, seed {self.seed}: {self.layout.size} tiles"
        lines = [header]
        width = max(x for x, _, _ in self.layout.slots) + 2
        rows: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for slot, (x, y, z) in enumerate(self.layout.slots):
            rows.setdefault((z, y), []).append((x, slot))
        current_layer = -1
        for (z, y), cells in sorted(rows.items()):
            if z != current_layer:
                lines.append(f"layer {z}")
                current_layer = z
            line = [" "] * (2 * width)
            for x, slot in cells:
                face = self.faces[slot]
                text = tiles.glyph(face) + " " if glyphs else tiles.code(face).ljust(2)
                line[2 * x] = text
                line[2 * x + 1] = ""
            lines.append(f"y{y:>2} " + "".join(line).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        """A line, not the 144 slots (``to_dict`` has them).

        >>> from mahjongkit.solitaire import deal, get_layout
        >>> deal(get_layout("turtle"), seed=1)
        <Board Turtle seed=1: 144 tiles>
        """
        return f"<Board {self.layout.name} seed={self.seed}: {self.layout.size} tiles>"

    def _repr_svg_(self) -> str:
        """The board seen from above, for Jupyter."""
        from mahjongkit._drawing import stack_svg

        title = f"{self.layout.name}, seed {self.seed}"
        return stack_svg(self.layout.slots, self.faces, title=title)

    def _repr_html_(self) -> str:
        from mahjongkit._drawing import html

        return html(f"{self.layout.name}, seed {self.seed}", self._repr_svg_())
