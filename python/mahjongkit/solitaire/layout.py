"""Layouts: ordered slots ``(x, y, z)`` in half-tile units, validated, loaded and registered.

A tile at ``(x, y, z)`` covers ``[x, x+2) × [y, y+2)`` on layer ``z``; a slot's number is its
position in :attr:`Layout.slots`. Built-in layouts are small text files in
``mahjongkit/solitaire/layouts/`` (format below); :func:`get_layout` finds them by name,
ignoring case, spaces, hyphens and underscores.

>>> turtle = get_layout("turtle")
>>> turtle.name, turtle.size, turtle.slots[0], turtle.slots[143]
('Turtle', 144, (4, 0, 0), (13, 7, 4))
>>> [(layout.name, layout.size) for layout in layouts()][:3]
[('Tea House', 36), ('Twin Bridge', 54), ('Fortress', 64)]
>>> Layout.from_slots([(0, 0, 0), (2, 0, 0)], name="Pair").size
2
>>> Layout.from_slots([(0, 0, 0), (1, 0, 0)])
Traceback (most recent call last):
mahjongkit.solitaire.layout.LayoutError: layout 'custom': slot 1 (1, 0, 0) overlaps slot 0 ...

**The text format.** One layout per file, UTF-8. ``#`` starts a comment. Header lines
``name: <text>`` (required) and ``description: <text>`` (optional), then one line per row of
tiles: ``z y X...`` where each ``X`` is a single x or a range ``a-b`` meaning
``a, a+2, ..., b``. Slots are numbered by sorting on ``(z, y, x)`` (decision 1, docs/decisions.md)::

    name: Pair
    # z y x
    0 0 0-2

**KMahjongg files** (``kmahjongg-layout-v1.0`` and ``-v1.1``) are read by
:meth:`Layout.from_kmahjongg`: after the header, v1.1 gives ``w<width>``, ``h<height>`` and
``d<depth>`` lines (v1.0 is fixed at 32 × 16 × 5), then ``d × h`` lines of ``w`` characters,
layer after layer, in quarter-tile cells: a tile is the 2 × 2 pattern ``12`` over ``43`` and
``.`` is empty, so the ``1`` at column ``c`` of row ``r`` on layer ``z`` is the slot
``(c, r, z)``. Slots are numbered by sorting on ``(z, y, x)``.

**GNOME Mahjongg maps** (its ``mahjongg.map``: XML with any number of ``<map name="...">``
elements) are read by :func:`gnome_maps` and :meth:`Layout.from_gnome`. Coordinates are in
whole tiles, halves allowed, and are doubled into our half-tile units: ``<tile x y z>``,
``<row y left right z>``, ``<column x top bottom z>`` and ``<block left right top bottom z>``
(inclusive, one tile apart); ``z`` defaults to that of the enclosing ``<layer z>``, else 0.

:meth:`Layout.from_text` tells the three formats apart (the first line ``kmahjongg-layout-...``,
XML, or ours) and is what the web page's layout chooser and ``mahjongkit deal --layout-file``
use. A layout may have up to 576 slots: a deal of more than 144 draws from several tile sets
(:func:`tile_sets`; decision 4 in docs/decisions.md).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from mahjongkit._files import read_text_file

Slot = tuple[int, int, int]

SET_SLOTS: Final = 144
"""The tiles of one set: 72 pairs. A larger layout is dealt from more sets (:func:`tile_sets`)."""
MAX_SETS: Final = 4
MAX_SLOTS: Final = SET_SLOTS * MAX_SETS
"""At most four tile sets, so a layout has at most 576 slots (the cores' widest occupancy)."""
MAX_COORDINATE: Final = 65535
"""The largest x, y or z (the C++ core keeps coordinates in ints and subtracts them)."""
MAX_FILE_BYTES: Final = 1 << 20
"""The largest layout file read (a KMahjongg layout is a few kilobytes)."""

BUILTIN_FILES: Final = (
    "tea_house.txt",
    "twin_bridge.txt",
    "fortress.txt",
    "lotus_cross.txt",
    "step_pyramid.txt",
    "butterfly.txt",
    "turtle.txt",
    "great_wall.txt",
)
"""The built-in layouts, easiest first (by the win rate of a random player)."""

_KMAHJONGG_V10_SIZE: Final = (32, 16, 5)
_RANGE: Final = re.compile(r"^([0-9]{1,18})-([0-9]{1,18})$")
_INTEGER: Final = re.compile(r"^-?[0-9]{1,18}$")
_GNOME_NUMBER: Final = re.compile(r"[-+]?[0-9]{1,9}(?:\.[0-9]{1,9})?")
"""A GNOME coordinate as written: ASCII digits, maybe a fraction (no ``_``, no exponent)."""
_XML_CHUNK: Final = 1 << 16
GNOME_DEPTH: Final = 16
"""The deepest a GNOME map file's elements nest (its own maps: ``mahjongg``, ``map``,
``layer``, a tile: four)."""
GNOME_MAPS: Final = 256
"""The most maps a GNOME map file holds (GNOME's own has about twenty)."""


class LayoutError(ValueError):
    """A layout that cannot be used, or an unknown layout name; the message says why."""


def tile_sets(size: int) -> int:
    """The tile sets a deal of ``size`` slots draws from: one per 144 slots begun.

    >>> tile_sets(144), tile_sets(146), tile_sets(228), tile_sets(576)
    (1, 2, 2, 4)
    """
    return max(1, -(-size // SET_SLOTS))


@dataclass(frozen=True)
class Layout:
    """A named, validated sequence of slots; build one with :meth:`from_slots` or a loader."""

    name: str
    slots: tuple[Slot, ...]
    description: str = field(default="", compare=False)
    _cache: dict[str, object] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """Derived data (compiled geometry, masks) kept by the engines; not part of the value."""

    def __post_init__(self) -> None:
        # Every way of making a Layout validates, the plain constructor included: the cores
        # rely on at most MAX_SLOTS valid slots.
        if not isinstance(self.name, str):
            raise TypeError(f"a layout name is a str, not {type(self.name).__name__}")
        object.__setattr__(self, "slots", _validated(self.name, self.slots))

    def __reduce__(self) -> tuple[object, tuple[str, tuple[Slot, ...], str]]:
        # Pickle the value only: the cache holds compiled geometry that cannot be pickled and
        # is rebuilt on first use (so layouts travel to processes and Dask workers as they are).
        return (type(self), (self.name, self.slots, self.description))

    @property
    def size(self) -> int:
        """The number of slots (tiles)."""
        return len(self.slots)

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def sets(self) -> int:
        """The tile sets a deal of this layout draws from (:func:`tile_sets`).

        >>> get_layout("turtle").sets, Layout.from_slots([(2 * i, 0, 0) for i in range(146)]).sets
        (1, 2)
        """
        return tile_sets(self.size)

    @property
    def layers(self) -> int:
        """The number of layers (highest z + 1).

        >>> get_layout("turtle").layers
        5
        """
        return 1 + max(z for _, _, z in self.slots)

    def layer_counts(self) -> tuple[int, ...]:
        """How many slots each layer holds, bottom first.

        >>> get_layout("turtle").layer_counts()
        (87, 36, 16, 4, 1)
        """
        counts = [0] * self.layers
        for _, _, z in self.slots:
            counts[z] += 1
        return tuple(counts)

    @classmethod
    def from_slots(
        cls, slots: Iterable[Sequence[int]], *, name: str = "custom", description: str = ""
    ) -> Layout:
        """A layout of the given slots, numbered in the given order; raises :class:`LayoutError`.

        >>> Layout.from_slots([(0, 0, 0), (2, 0, 0), (1, 0, 1)])
        Traceback (most recent call last):
        mahjongkit.solitaire.layout.LayoutError: layout 'custom' has 3 slots: ...
        """
        # __post_init__ validates and normalises the slots to (x, y, z) int triples.
        return cls(name, tuple(slots), description)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> Layout:
        """Read a layout in the text format described in this module."""
        path = Path(path)
        return cls.parse(_read_layout_file(path), source=str(path))

    @classmethod
    def parse(cls, text: str, *, source: str = "<text>") -> Layout:
        """Parse the text format (see the module docstring).

        >>> Layout.parse("name: Strip\\n0 0 0-6\\n").slots
        ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0))
        """
        name = ""
        description = ""
        slots: list[Slot] = []
        for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition(":")
            if sep and key.strip() in ("name", "description"):
                if key.strip() == "name":
                    name = value.strip()
                else:
                    description = value.strip()
                continue
            where = f"{source}, line {number}"
            slots.extend(_parse_row(line, where, room=MAX_SLOTS - len(slots)))
        if not name:
            raise LayoutError(f"{source}: no 'name:' line")
        return cls.from_slots(sorted(slots, key=_zyx), name=name, description=description)

    @classmethod
    def from_kmahjongg(cls, source: str | Path, *, name: str | None = None) -> Layout:
        """Import a KMahjongg ``.layout`` file (v1.0 or v1.1), given as a path or as its text.

        >>> text = "kmahjongg-layout-v1.1\\nw4\\nh2\\nd1\\n1212\\n4343\\n"
        >>> Layout.from_kmahjongg(text, name="Two").slots
        ((0, 0, 0), (2, 0, 0))
        """
        if isinstance(source, str) and not source.strip():
            raise LayoutError("KMahjongg layout: empty text (give a path or the file's text)")
        if isinstance(source, Path) or not _looks_like_kmahjongg(source):
            path = Path(source)
            text = _read_layout_file(path)
            default_name = path.stem
        else:
            text = str(source)
            default_name = "KMahjongg layout"
        slots = _parse_kmahjongg(text)
        return cls.from_slots(sorted(slots, key=_zyx), name=name or default_name)

    @classmethod
    def from_gnome(cls, source: str | Path, *, map_name: str | None = None) -> Layout:
        """One map of a GNOME Mahjongg ``mahjongg.map`` file, given as a path or as its text:
        the one called ``map_name`` (case, spaces, hyphens and underscores ignored), else
        the first.

        >>> text = '<mahjongg><map name="Two"><row y="0" left="0" right="1"/></map></mahjongg>'
        >>> Layout.from_gnome(text).slots
        ((0, 0, 0), (2, 0, 0))
        """
        maps = _gnome_elements(source)
        names = [_gnome_name(element, index) for index, element in enumerate(maps, start=1)]
        if map_name is None:
            return _gnome_map(maps[0], names[0])
        for element, found in zip(maps, names, strict=True):
            if _key(found) == _key(map_name):
                return _gnome_map(element, found)
        raise LayoutError(f"GNOME map file: no map called {map_name!r}; it has {', '.join(names)}")

    @classmethod
    def from_text(cls, text: str, *, name: str | None = None, source: str = "<text>") -> Layout:
        """A layout from a file's text in any format this package reads, told apart by how
        the text begins: ``kmahjongg-layout-v1.0``/``v1.1`` (KMahjongg; ``name`` names it),
        ``<`` (a GNOME map file; ``name`` picks the map, else the first) or ours (``name``
        renames it). The one entry point of imported layouts (page, API and command line).

        >>> Layout.from_text("kmahjongg-layout-v1.1\\nw4\\nh2\\nd1\\n1212\\n4343\\n").size
        2
        >>> Layout.from_text('<map name="Pair"><tile x="0" y="0"/><tile x="1" y="0"/></map>').name
        'Pair'
        >>> Layout.from_text("name: Strip\\n0 0 0-6\\n", name="Four").name
        'Four'
        >>> Layout.from_text("hello")
        Traceback (most recent call last):
        mahjongkit.solitaire.layout.LayoutError: <text>, line 1: expected 'z y x...', got 'hello'
        """
        if not isinstance(text, str):
            raise TypeError(f"layout text is a str, not {type(text).__name__}")
        if len(text) > MAX_FILE_BYTES:
            raise LayoutError(f"{source}: over {MAX_FILE_BYTES} characters, not a layout file")
        start = text.removeprefix("\ufeff").lstrip()
        if start.startswith("kmahjongg-layout"):
            return cls.from_kmahjongg(text if "\n" in text else text + "\n", name=name)
        if start.startswith("<"):
            return cls.from_gnome(text, map_name=name)
        layout = cls.parse(text, source=source)
        return layout if name is None else cls(name, layout.slots, layout.description)

    @classmethod
    def from_file(cls, path: str | Path, *, name: str | None = None) -> Layout:
        """A layout file in any format :meth:`from_text` reads; a KMahjongg layout without
        ``name`` takes the file's name."""
        path = Path(path)
        text = _read_layout_file(path)
        if name is None and text.removeprefix("\ufeff").lstrip().startswith("kmahjongg-layout"):
            name = path.stem
        return cls.from_text(text, name=name, source=str(path))

    def to_text(self) -> str:
        """This layout in the text format (one line per slot row), which :meth:`parse` reads.

        >>> print(Layout.from_slots([(0, 0, 0), (2, 0, 0)], name="Pair").to_text())
        name: Pair
        # z y x...
        0 0 0 2
        <BLANKLINE>
        """
        lines = [f"name: {self.name}"]
        if self.description:
            lines.append(f"description: {self.description}")
        lines.append("# z y x...")
        rows: dict[tuple[int, int], list[int]] = {}
        for x, y, z in self.slots:
            rows.setdefault((z, y), []).append(x)
        lines += [f"{z} {y} {' '.join(map(str, xs))}" for (z, y), xs in rows.items()]
        return "\n".join(lines) + "\n"

    def unsupported_slots(self) -> tuple[int, ...]:
        """Slots above layer 0 with some part of their footprint over empty space below.

        >>> get_layout("turtle").unsupported_slots()
        ()
        """
        below: set[tuple[int, int, int]] = set()
        for x, y, z in self.slots:
            below.update((z, x + dx, y + dy) for dx in (0, 1) for dy in (0, 1))
        return tuple(
            i
            for i, (x, y, z) in enumerate(self.slots)
            if z > 0 and not all((z - 1, x + dx, y + dy) in below for dx in (0, 1) for dy in (0, 1))
        )


def _looks_like_kmahjongg(text: str) -> bool:
    """Whether a str given to :meth:`Layout.from_kmahjongg` is the file's text, not a path."""
    return "\n" in text or "\r" in text or text.lstrip("\ufeff \t").startswith("kmahjongg")


def _read_layout_file(path: Path) -> str:
    """The text of a layout file; ``FileNotFoundError``, ``IsADirectoryError`` or
    :class:`LayoutError` (not a regular file, too large, not UTF-8) naming the path."""
    return read_text_file(path, what="layout file", limit=MAX_FILE_BYTES, error=LayoutError)


def _zyx(slot: Sequence[int]) -> tuple[int, int, int]:
    return slot[2], slot[1], slot[0]


def _too_many(where: str) -> LayoutError:
    return LayoutError(f"{where}: more than {MAX_SLOTS} slots ({MAX_SETS} tile sets)")


def _parse_row(line: str, where: str, room: int = MAX_SLOTS) -> list[Slot]:
    """The slots of one row line; refused as soon as they would be more than ``room`` (the
    slots the layout has left), before they are built."""
    fields = line.split()
    if len(fields) < 3:
        raise LayoutError(f"{where}: expected 'z y x...', got {line!r}")
    if not (_INTEGER.match(fields[0]) and _INTEGER.match(fields[1])):
        raise LayoutError(f"{where}: z and y must be integers, got {line!r}")
    z, y = int(fields[0]), int(fields[1])
    slots: list[Slot] = []
    for item in fields[2:]:
        match = _RANGE.match(item)
        if match:
            first, last = int(match[1]), int(match[2])
            if last < first or (last - first) % 2:
                raise LayoutError(f"{where}: range {item!r} must run up in steps of 2")
            if (last - first) // 2 + 1 > MAX_SLOTS:  # before building it
                raise LayoutError(f"{where}: range {item!r} holds more than {MAX_SLOTS} slots")
            if len(slots) + (last - first) // 2 + 1 > room:
                raise _too_many(where)
            slots.extend((x, y, z) for x in range(first, last + 1, 2))
        elif _INTEGER.match(item):
            if len(slots) + 1 > room:
                raise _too_many(where)
            slots.append((int(item), y, z))
        else:
            raise LayoutError(f"{where}: not an x or a range: {item!r}")
    return slots


def _parse_kmahjongg(text: str) -> list[Slot]:
    lines = [line.rstrip("\r") for line in text.removeprefix("\ufeff").splitlines()]
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not content:
        raise LayoutError("KMahjongg layout: the file is empty")
    header = content[0].strip()
    if header == "kmahjongg-layout-v1.0":
        width, height, depth = _KMAHJONGG_V10_SIZE
        grid = content[1:]
    elif header == "kmahjongg-layout-v1.1":
        dims: dict[str, int] = {}
        rest = content[1:]
        while rest and re.fullmatch(r"[whd][0-9]{1,9}", rest[0].strip()):
            dims[rest[0].strip()[0]] = int(rest[0].strip()[1:])
            rest = rest[1:]
        missing = [key for key in "whd" if key not in dims]
        if missing:
            raise LayoutError(f"KMahjongg layout v1.1: missing the {'/'.join(missing)} line(s)")
        width, height, depth = dims["w"], dims["h"], dims["d"]
        for key, value in (("w", width), ("h", height), ("d", depth)):
            if not 1 <= value <= MAX_COORDINATE + 1:
                raise LayoutError(
                    f"KMahjongg layout v1.1: {key}{value} is not 1 to {MAX_COORDINATE + 1}"
                )
        grid = rest
    else:
        raise LayoutError(
            f"not a KMahjongg layout: the first line is {header!r}, "
            "expected 'kmahjongg-layout-v1.0' or 'kmahjongg-layout-v1.1'"
        )
    if len(grid) != height * depth:
        raise LayoutError(
            f"KMahjongg layout: expected {height * depth} grid lines "
            f"({depth} layers of {height}), found {len(grid)}"
        )
    slots: list[Slot] = []
    for index, row in enumerate(grid):
        if len(row) > width:
            raise LayoutError(
                f"KMahjongg layout: grid line {index + 1} has {len(row)} cells, width is {width}"
            )
        if len(slots) + row.count("1") > MAX_SLOTS:  # counted before the row is built
            raise _too_many(f"KMahjongg layout: grid line {index + 1}")
        z, y = divmod(index, height)
        slots.extend((x, y, z) for x, cell in enumerate(row) if cell == "1")
    return slots


_GNOME_FIELDS: Final = {
    "tile": ("x", "y"),
    "row": ("y", "left", "right"),
    "column": ("x", "top", "bottom"),
    "block": ("left", "right", "top", "bottom"),
}


def gnome_maps(source: str | Path) -> tuple[Layout, ...]:
    """Every map of a GNOME Mahjongg map file (a path or its text), in file order.

    >>> text = '<mahjongg><map name="A"><layer z="1"><block left="0" right="1" top="0" '
    >>> text += 'bottom="1"/></layer></map></mahjongg>'
    >>> gnome_maps(text)[0].slots
    ((0, 0, 1), (2, 0, 1), (0, 2, 1), (2, 2, 1))
    """
    maps = _gnome_elements(source)
    return tuple(
        _gnome_map(element, _gnome_name(element, index))
        for index, element in enumerate(maps, start=1)
    )


def _gnome_elements(source: str | Path) -> list[ElementTree.Element]:
    """The ``<map>`` elements of a GNOME map file (a path or its text), read with their
    bounds counted as the XML is parsed: elements at most :data:`GNOME_DEPTH` deep, at most
    :data:`GNOME_MAPS` maps."""
    if isinstance(source, Path) or not source.lstrip("\ufeff \t\r\n").startswith("<"):
        text = _read_layout_file(Path(source))
    else:
        text = source
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise LayoutError("GNOME map file: document types and entities are not read")
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        events=("start", "end")
    )
    depth = 0
    pieces = 0  # tile-making elements of the current map
    maps: list[ElementTree.Element] = []
    text = text.removeprefix("\ufeff").strip()
    try:
        for start in range(0, len(text), _XML_CHUNK):
            parser.feed(text[start : start + _XML_CHUNK])
            for read in parser.read_events():  # ("start" | "end", element): the events asked
                event, element = read[0], read[-1]
                if event == "end":
                    depth -= 1
                    continue
                depth += 1
                if depth > GNOME_DEPTH:
                    raise LayoutError(
                        f"GNOME map file: elements nested more than {GNOME_DEPTH} deep"
                    )
                if not isinstance(element, ElementTree.Element):
                    continue
                tag = element.tag.lower()
                if tag == "map":
                    maps.append(element)
                    pieces = 0
                    if len(maps) > GNOME_MAPS:
                        raise LayoutError(f"GNOME map file: more than {GNOME_MAPS} maps")
                elif tag in _GNOME_FIELDS and maps:
                    pieces += 1  # each holds a tile at least: refused before the rest is read
                    if pieces > MAX_SLOTS:
                        name = _gnome_name(maps[-1], len(maps))
                        raise LayoutError(
                            f"GNOME map {name!r} holds more than {MAX_SLOTS} tiles"
                            f" ({MAX_SETS} tile sets)"
                        )
        parser.close()
    except ElementTree.ParseError as error:
        raise LayoutError(f"GNOME map file: not well-formed XML ({error})") from None
    if not maps:
        raise LayoutError("GNOME map file: no <map> element")
    return maps


def _gnome_name(element: ElementTree.Element, index: int) -> str:
    return _attributes(element).get("name") or f"GNOME map {index}"


def _gnome_map(element: ElementTree.Element, name: str) -> Layout:
    return Layout.from_slots(sorted(_gnome_slots(element, name), key=_zyx), name=name)


def _attributes(element: ElementTree.Element) -> dict[str, str]:
    return {key.lower(): value for key, value in element.attrib.items()}


def _gnome_slots(root: ElementTree.Element, name: str) -> list[Slot]:
    """The slots of one ``<map>``, in file order; the running count is checked before each
    element's tiles are built, so a map that adds up to more than :data:`MAX_SLOTS` is
    refused at the element that passes it. An explicit stack, not recursion: ``<layer>``
    elements may nest (as deep as :func:`_gnome_elements` lets them)."""
    slots: list[Slot] = []
    stack: list[tuple[Iterator[ElementTree.Element], int]] = [(iter(root), 0)]
    while stack:
        children, layer_z = stack[-1]
        element = next(children, None)
        if element is None:
            stack.pop()
            continue
        tag = element.tag.lower()
        values = _attributes(element)
        where = f"GNOME map {name!r}: <{tag}>"
        z = _gnome_number(values, "z", where, default=layer_z, halves=False)
        if tag == "layer":
            stack.append((iter(element), z))
            continue
        fields = _GNOME_FIELDS.get(tag)
        if fields is None:
            continue  # as GNOME does, elements it does not know are ignored
        got = {field: _gnome_number(values, field, where) for field in fields}
        xs = [got["x"]] if "x" in got else _span(got["left"], got["right"], where)
        ys = [got["y"]] if "y" in got else _span(got["top"], got["bottom"], where)
        if len(xs) * len(ys) > MAX_SLOTS:
            raise LayoutError(f"{where} holds more than {MAX_SLOTS} tiles")
        if len(slots) + len(xs) * len(ys) > MAX_SLOTS:
            raise LayoutError(
                f"GNOME map {name!r} holds more than {MAX_SLOTS} tiles ({MAX_SETS} tile sets)"
            )
        slots.extend((x, y, z) for y in ys for x in xs)
    return slots


def _gnome_number(
    values: dict[str, str], field: str, where: str, default: int | None = None, halves: bool = True
) -> int:
    """An attribute in our units: a tile count doubled (``halves``), or a layer number."""
    raw = values.get(field)
    if raw is None:
        if default is None:
            raise LayoutError(f"{where} has no {field!r}")
        return default
    if not _GNOME_NUMBER.fullmatch(raw.strip()):
        raise LayoutError(f"{where}: {field}={raw[:20]!r} is not a number (ASCII digits)")
    number = float(raw)
    scaled = number * 2 if halves else number
    if not math.isfinite(scaled) or scaled != int(scaled) or not 0 <= scaled <= MAX_COORDINATE:
        unit = "a whole or half tile" if halves else "a layer number"
        raise LayoutError(f"{where}: {field}={raw!r} is not {unit} from 0 up")
    return int(scaled)


def _span(first: int, last: int, where: str) -> list[int]:
    if last < first:
        raise LayoutError(f"{where}: the range runs backwards")
    if (last - first) // 2 + 1 > MAX_SLOTS:  # before building it
        raise LayoutError(f"{where} holds more than {MAX_SLOTS} tiles")
    return list(range(first, last + 1, 2))


def _validated(name: str, slots: Iterable[Sequence[int]]) -> tuple[Slot, ...]:
    checked: list[Slot] = []
    for index, slot in enumerate(slots):
        if isinstance(slot, (str, bytes)) or not isinstance(slot, Sequence) or len(slot) != 3:
            raise LayoutError(f"layout {name!r}: slot {index} is not an (x, y, z) triple: {slot!r}")
        for value in slot:
            if isinstance(value, bool) or not isinstance(value, int):
                raise LayoutError(
                    f"layout {name!r}: slot {index} has a non-integer coordinate {tuple(slot)!r}"
                )
            if value < 0:
                raise LayoutError(
                    f"layout {name!r}: slot {index} has a negative coordinate {tuple(slot)!r}"
                )
            if value > MAX_COORDINATE:
                raise LayoutError(
                    f"layout {name!r}: slot {index} has a coordinate above {MAX_COORDINATE} "
                    f"{tuple(slot)!r}"
                )
        checked.append((int(slot[0]), int(slot[1]), int(slot[2])))
    count = len(checked)
    if count > MAX_SLOTS:
        raise LayoutError(
            f"layout {name!r} has {count} slots: at most {MAX_SLOTS} ({MAX_SETS} tile sets)"
        )
    if count == 0 or count % 2:
        raise LayoutError(
            f"layout {name!r} has {count} slots: a layout needs an even number of slots"
        )
    first_at: dict[Slot, int] = {}
    cell_owner: dict[tuple[int, int, int], int] = {}
    for index, (x, y, z) in enumerate(checked):
        if (x, y, z) in first_at:
            raise LayoutError(
                f"layout {name!r}: slot {index} {(x, y, z)} duplicates slot {first_at[(x, y, z)]}"
            )
        first_at[(x, y, z)] = index
        # Two tiles of one layer overlap exactly when they share a half-unit cell.
        for cell in ((z, x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)):
            other = cell_owner.get(cell)
            if other is not None:
                raise LayoutError(
                    f"layout {name!r}: slot {index} {(x, y, z)} overlaps slot {other} "
                    f"{checked[other]} on layer {z}"
                )
            cell_owner[cell] = index
    return tuple(checked)


@cache
def layouts() -> tuple[Layout, ...]:
    """The built-in layouts, easiest first.

    >>> [layout.size for layout in layouts()]
    [36, 54, 64, 78, 80, 100, 144, 120]
    """
    folder = resources.files("mahjongkit.solitaire") / "layouts"
    return tuple(
        Layout.parse((folder / file).read_text(encoding="utf-8"), source=file)
        for file in BUILTIN_FILES
    )


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name).casefold()


def get_layout(name: str) -> Layout:
    """The built-in layout called ``name`` (case, spaces, hyphens and underscores ignored).

    >>> get_layout("TEA-HOUSE").name
    'Tea House'
    >>> get_layout("dragon")
    Traceback (most recent call last):
    mahjongkit.solitaire.layout.LayoutError: unknown layout 'dragon'; known layouts: Tea House, ...
    """
    if not isinstance(name, str):
        raise TypeError(f"a layout name is a str, not {type(name).__name__}")
    for layout in layouts():
        if _key(layout.name) == _key(name):
            return layout
    known = ", ".join(layout.name for layout in layouts())
    raise LayoutError(f"unknown layout {name!r}; known layouts: {known}")
