"""Pictures of tiles for notebooks: the SVG that ``_repr_svg_`` returns for a solitaire
board or game, an MCR hand and an MCR game table (Jupyter, like IPython's other front ends,
draws it). Plain SVG text from the tile table, nothing to install; each game says what to
draw, this module only how.

>>> picture = row_svg([[1, 2, 3], [31, 31]], title="a hand")
>>> picture.startswith("<svg"), picture.count("<rect"), "<title>a hand</title>" in picture
(True, 5, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from mahjongkit.tiles import code

WIDTH = 30
"""A tile's width in pixels (its height is :data:`HEIGHT`)."""
HEIGHT = 40
LIFT = 4
"""How far up and left a tile one layer higher is drawn."""
GAP = 10
"""The space between two groups of tiles (a hand's concealed tiles and each meld)."""
_COLOURS = {"m": "#b22222", "p": "#1f5fa8", "s": "#1d7a3a"}  # characters, dots, bamboo


def tile(kind: int, x: float, y: float, *, free: bool = False, small: bool = False) -> str:
    """One tile, its top left corner at ``(x, y)``: a face with its code (``5m``, ``E``),
    coloured by suit; ``free`` tiles (solitaire) are outlined; ``small`` is two-thirds size."""
    scale = 2 / 3 if small else 1.0
    w, h = WIDTH * scale, HEIGHT * scale
    name = code(kind)
    colour = _COLOURS.get(name[-1], "#333333")
    fill, stroke, width = ("#fffbe6", "#d08c00", 2) if free else ("#f6efdc", "#8a7f6a", 1)
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="3" fill="{fill}"'
        f' stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{x + w / 2:g}" y="{y + h * 0.62:g}" font-family="sans-serif"'
        f' font-size="{13 * scale:g}" text-anchor="middle" fill="{colour}">{escape(name)}</text>'
    )


def svg(width: float, height: float, parts: Iterable[str], title: str) -> str:
    """An SVG picture of ``width`` by ``height`` pixels holding ``parts``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}"'
        f' viewBox="0 0 {width:g} {height:g}" role="img"><title>{escape(title)}</title>'
        + "".join(parts)
        + "</svg>"
    )


def text(x: float, y: float, words: str) -> str:
    """A line of small text with its baseline at ``(x, y)``."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="12"'
        f' fill="#333333">{escape(words)}</text>'
    )


def row_svg(groups: Sequence[Sequence[int]], *, title: str) -> str:
    """Groups of tiles in a row, a gap between groups (a hand: concealed tiles, melds)."""
    parts, x = [], 2.0
    for group in groups:
        for kind in group:
            parts.append(tile(kind, x, 2))
            x += WIDTH
        x += GAP
    return svg(max(x - GAP + 2, 4), HEIGHT + 4, parts, title)


def stack_svg(
    slots: Sequence[tuple[int, int, int]],
    faces: Sequence[int],
    free: Iterable[int] = (),
    *,
    title: str,
) -> str:
    """A solitaire layout seen from above: ``faces[i]`` (0: taken) on slot ``slots[i]``
    (x and y in half tiles, z the layer), higher layers drawn later, lifted up and left;
    the ``free`` slots outlined."""
    shown = [i for i, face in enumerate(faces) if face]
    free_slots = set(free)
    if not slots:
        return svg(4, 4, [], title)
    top = max(z for _, _, z in slots)
    right = max(x for x, _, _ in slots) / 2 * WIDTH + WIDTH + top * LIFT + 4
    bottom = max(y for _, y, _ in slots) / 2 * HEIGHT + HEIGHT + top * LIFT + 4
    parts = []
    for i in sorted(shown, key=lambda s: (slots[s][2], slots[s][1], slots[s][0])):
        x, y, z = slots[i]
        px = x / 2 * WIDTH + (top - z) * LIFT + 2
        py = y / 2 * HEIGHT + (top - z) * LIFT + 2
        parts.append(tile(faces[i], px, py, free=i in free_slots))
    return svg(right, bottom, parts, title)


def table_svg(
    seats: Sequence[tuple[str, Sequence[Sequence[int]], Sequence[int]]], *, title: str
) -> str:
    """A game table: a block a seat, its label, its hand's groups in a row, and under them
    its discards, small."""
    small_w, small_h = WIDTH * 2 / 3, HEIGHT * 2 / 3
    label_w, block = 110, HEIGHT + small_h + 14
    parts, widest = [], 0.0
    for index, (label, groups, discards) in enumerate(seats):
        top = index * block + 2
        parts.append(text(2, top + HEIGHT * 0.6, label))
        x = float(label_w)
        for group in groups:
            for kind in group:
                parts.append(tile(kind, x, top))
                x += WIDTH
            x += GAP
        widest = max(widest, x)
        for n, kind in enumerate(discards):
            parts.append(tile(kind, label_w + n * small_w, top + HEIGHT + 4, small=True))
        widest = max(widest, label_w + len(discards) * small_w + GAP)
    return svg(widest, len(seats) * block + 4, parts, title)


def html(caption: str, picture: str) -> str:
    """A caption line above a picture, for ``_repr_html_``."""
    return (
        f'<div><div style="font-family: sans-serif; font-size: 13px">{escape(caption)}</div>'
        f"{picture}</div>"
    )
