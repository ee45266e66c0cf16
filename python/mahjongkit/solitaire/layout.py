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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from mahjongkit._files import read_text_file

Slot = tuple[int, int, int]

MAX_SLOTS: Final = 144
"""The pool holds 72 pairs, so a layout has at most 144 slots."""
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


class LayoutError(ValueError):
    """A layout that cannot be used, or an unknown layout name; the message says why."""


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
        # rely on at most 144 valid slots.
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
            slots.extend(_parse_row(line, f"{source}, line {number}"))
            if len(slots) > MAX_SLOTS:
                raise LayoutError(
                    f"{source}, line {number}: more than {MAX_SLOTS} slots (the pool has 72 pairs)"
                )
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


def _parse_row(line: str, where: str) -> list[Slot]:
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
            slots.extend((x, y, z) for x in range(first, last + 1, 2))
        elif _INTEGER.match(item):
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
        z, y = divmod(index, height)
        slots.extend((x, y, z) for x, cell in enumerate(row) if cell == "1")
    return slots


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
            f"layout {name!r} has {count} slots: at most {MAX_SLOTS} (the pool has 72 pairs)"
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
