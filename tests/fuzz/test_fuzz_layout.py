"""Layouts under hostile input: the text format, KMahjongg files and raw slots give a layout or
a ``LayoutError`` (a ``TypeError`` for a wrong type), and whatever is accepted deals and frees
the same in C++ and Python."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.solitaire import DealError, Layout, LayoutError, deal, free_slots

NUMBER = st.one_of(
    st.integers(-3, 40).map(str),
    st.integers(0, 2**40).map(str),
    st.sampled_from(["٣", "²", "０", "1_0", "+2", "-0", "9" * 30, "", "x"]),
)
ITEM = st.one_of(NUMBER, st.builds(lambda a, b: f"{a}-{b}", NUMBER, NUMBER))
ROW = st.builds(lambda z, y, xs: " ".join([z, y, *xs]), NUMBER, NUMBER, st.lists(ITEM, max_size=6))
HEADER = st.sampled_from(["name: Fuzz", "name:", "description: d", "# c", "", "\ufeffname: B"])
TEXT = st.builds(
    lambda head, rows: "\n".join([head, *rows]), HEADER, st.lists(ROW, max_size=12)
) | st.text(max_size=200)


def _same_in_both(layout: Layout) -> None:
    """Deal and free slots agree in C++ and Python, errors included."""
    outcomes = []
    for impl in ("cpp", "python"):
        try:
            board = deal(layout, 7, impl=impl, max_trials=5)
            outcomes.append((board.faces, board.removal_order))
        except DealError as error:
            outcomes.append(("DealError", str(error)))
    assert outcomes[0] == outcomes[1]
    assert free_slots(layout, range(layout.size)) == free_slots(
        layout, range(layout.size), impl="python"
    )


@budget(300)
@given(TEXT)
def test_layout_text_gives_a_layout_or_a_layout_error(text: str) -> None:
    try:
        layout = Layout.parse(text)
    except LayoutError:
        return
    _same_in_both(layout)


KM_CELL = st.sampled_from("1234..12")
KM_GRID = st.lists(st.text(alphabet="1234.x", max_size=10), max_size=10)
KM_TEXT = st.builds(
    lambda bom, header, dims, grid: bom + "\n".join([header, *dims, *grid]) + "\n",
    st.sampled_from(["", "\ufeff"]),
    st.sampled_from(["kmahjongg-layout-v1.1", "kmahjongg-layout-v1.0", "kmahjongg-layout-v9"]),
    st.lists(st.builds(lambda k, n: f"{k}{n}", st.sampled_from("whdq"), NUMBER), max_size=4),
    KM_GRID,
)


@budget(300)
@given(KM_TEXT)
def test_kmahjongg_text_gives_a_layout_or_a_layout_error(text: str) -> None:
    try:
        layout = Layout.from_kmahjongg(text)
    except LayoutError:
        return
    _same_in_both(layout)


GNOME_NUMBER = st.one_of(
    st.integers(-2, 30).map(str),
    st.sampled_from(["0.5", "1.5", "0.25", "1e3", "inf", "nan", "", "x", "99999", "-0"]),
)
GNOME_ELEMENT = st.builds(
    lambda tag, names, values: (
        f"<{tag} " + " ".join(f'{n}="{v}"' for n, v in zip(names, values, strict=False)) + "/>"
    ),
    st.sampled_from(["tile", "row", "column", "block", "layer", "Tile", "other"]),
    st.lists(st.sampled_from(["x", "y", "z", "left", "right", "top", "bottom", "X"]), max_size=5),
    st.lists(GNOME_NUMBER, min_size=5, max_size=5),
)
GNOME_TEXT = st.builds(
    lambda elements, close: '<mahjongg><map name="F">' + "".join(elements) + close,
    st.lists(GNOME_ELEMENT, max_size=10),
    st.sampled_from(["</map></mahjongg>", "</map>", "", "</mahjongg>"]),
)


@budget(100)
@given(GNOME_TEXT | st.text(max_size=200).map(lambda text: "<" + text))
def test_gnome_map_text_gives_a_layout_or_a_layout_error(text: str) -> None:
    try:
        layout = Layout.from_text(text)
    except LayoutError:
        return
    _same_in_both(layout)


@budget(100)
@given(st.binary(max_size=300))
def test_kmahjongg_and_text_files_of_any_bytes(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    folder = tmp_path_factory.mktemp("layouts")
    for name in ("x.layout", "x.txt"):
        path = folder / name
        path.write_bytes(data)
        with contextlib.suppress(LayoutError):
            Layout.from_kmahjongg(path) if name.endswith(".layout") else Layout.load(path)


COORDINATE = st.one_of(
    st.integers(-2, 12),
    st.integers(2**15, 2**33),
    st.booleans(),
    st.floats(),
    st.none(),
    st.text(max_size=2),
)


@budget(300)
@given(
    st.lists(
        st.one_of(st.tuples(COORDINATE, COORDINATE, COORDINATE), st.lists(COORDINATE, max_size=4)),
        max_size=12,
    )
)
def test_raw_slots_give_a_layout_or_a_layout_error(slots: list[object]) -> None:
    try:
        layout = Layout.from_slots(slots)  # type: ignore[arg-type]
    except (LayoutError, TypeError):
        return
    assert all(0 <= value <= 65535 for slot in layout.slots for value in slot)
    _same_in_both(layout)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("", LayoutError),
        ("   ", LayoutError),
        ("no-such-file", FileNotFoundError),
        ("kmahjongg-layout-v1.1", LayoutError),
        ("kmahjongg-layout-v1.1\nw2000000000\nh1\nd1\n1\n", LayoutError),
        ("kmahjongg-layout-v1.1\nw4\nh999999999\nd999999999\n12\n43\n", LayoutError),
    ],
)
def test_kmahjongg_edge_cases(source: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        Layout.from_kmahjongg(source)


def test_a_bom_is_read_and_a_folder_or_device_refused(tmp_path: Path) -> None:
    path = tmp_path / "bom.layout"
    path.write_text("\ufeffkmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n", encoding="utf-8")
    assert Layout.from_kmahjongg(path).size == 2
    with pytest.raises(IsADirectoryError, match="is a folder"):
        Layout.load(tmp_path)
    with pytest.raises(LayoutError, match="not a regular file"):
        Layout.from_kmahjongg(Path("/dev/zero"))
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)  # opening it would wait for a writer
    with pytest.raises(LayoutError, match="not a regular file"):
        Layout.load(fifo)


def test_huge_ranges_and_coordinates_are_refused_before_they_are_built() -> None:
    with pytest.raises(LayoutError, match="more than 576 slots"):
        Layout.parse("name: x\n0 0 0-2000000000\n")
    with pytest.raises(LayoutError, match="coordinate above 65535"):
        Layout.from_slots([(0, 0, 0), (2**31, 0, 0)])


@budget(150)
@given(
    st.sets(
        st.tuples(st.integers(0, 7), st.integers(0, 5), st.integers(0, 3), st.booleans()),
        min_size=2,
        max_size=60,
    )
)
def test_random_valid_layouts_deal_the_same_in_both(cells: set[tuple[int, int, int, bool]]) -> None:
    # Whole-tile cells, some shifted half a tile up a layer: odd layouts the built-ins lack.
    slots = sorted({(2 * x + (z > 0 and half), 2 * y, z) for x, y, z, half in cells})
    if len(slots) % 2:
        slots.pop()
    try:
        layout = Layout.from_slots(slots)
    except LayoutError:  # a half-shifted tile overlapping its neighbour
        return
    _same_in_both(layout)
