"""Importing layouts: KMahjongg (v1.0, v1.1), GNOME Mahjongg maps and ours, told apart by
:meth:`Layout.from_text`; bad files refused with a message naming the problem."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.solitaire import Layout, LayoutError, get_layout
from mahjongkit.solitaire.layout import gnome_maps

DATA = Path(__file__).resolve().parent.parent / "data"


def kmahjongg_text(layout: Layout) -> str:
    """A layout written as a KMahjongg v1.1 file (each tile the 2 x 2 cells 12 over 43)."""
    width = max(x for x, _, _ in layout.slots) + 2
    height = max(y for _, y, _ in layout.slots) + 2
    grid = [[["."] * width for _ in range(height)] for _ in range(layout.layers)]
    for x, y, z in layout.slots:
        grid[z][y][x : x + 2] = ["1", "2"]
        grid[z][y + 1][x : x + 2] = ["4", "3"]
    rows = ["".join(row) for layer in grid for row in layer]
    return "\n".join(
        ["kmahjongg-layout-v1.1", f"w{width}", f"h{height}", f"d{layout.layers}", *rows]
    )


def big_layout() -> Layout:
    slots = [(2 * c, 2 * r, 0) for r in range(10) for c in range(16)]  # 160 slots: two sets
    slots += [(2 * c + 1, 2 * r + 1, 1) for r in range(4) for c in range(8)]
    return Layout.from_slots(slots, name="Wide")


def test_from_text_reads_every_format_of_the_same_layout():
    turtle = get_layout("turtle")
    assert Layout.from_text(turtle.to_text()) == turtle
    assert Layout.from_text(kmahjongg_text(turtle), name="Turtle").slots == turtle.slots
    assert Layout.from_text(kmahjongg_text(turtle)).name == "KMahjongg layout"
    v10 = (DATA / "solitaire_tiny_v10.layout").read_text()
    assert Layout.from_text(v10) == Layout.from_kmahjongg(v10)


def test_a_kmahjongg_layout_of_two_sets_imports():
    wide = big_layout()
    imported = Layout.from_text(kmahjongg_text(wide), name="Wide")
    assert imported == wide and imported.sets == 2


def test_gnome_maps_in_file_order_and_by_name():
    maps = gnome_maps(DATA / "solitaire_gnome.map")
    assert [(m.name, m.size, m.sets) for m in maps] == [
        ("Little Step", 12, 1),
        ("Two Set Mesa", 218, 2),
    ]
    step = maps[0]
    assert step.layer_counts() == (9, 3)
    assert (8, 1, 0) in step.slots and (3, 1, 1) in step.slots  # x="4" y="0.5"; x="1.5"
    text = (DATA / "solitaire_gnome.map").read_text()
    assert Layout.from_text(text) == step
    assert Layout.from_text(text, name="two-set mesa") == maps[1]
    assert Layout.from_gnome(DATA / "solitaire_gnome.map", map_name="TWO SET MESA") == maps[1]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<mahjongg><map name='A'><tile x='0' y='0'/>", "not well-formed XML"),
        ("<mahjongg></mahjongg>", "no <map> element"),
        ("<map name='A'><tile x='0.25' y='0'/><tile x='2' y='0'/></map>", "x='0.25'"),
        ("<map name='A'><tile x='0' y='-1'/><tile x='2' y='0'/></map>", "y='-1'"),
        ("<map name='A'><tile x='a' y='0'/></map>", "x='a' is not a number"),
        ("<map name='A'><tile x='nan' y='0'/></map>", "x='nan'"),
        ("<map name='A'><tile y='0'/></map>", "<tile> has no 'x'"),
        ("<map name='A'><tile x='0' y='0' z='0.5'/></map>", "is not a layer number"),
        ("<map name='A'><row y='0' left='3' right='1'/></map>", "runs backwards"),
        ("<map name='A'><row y='0' left='0' right='2000'/></map>", "more than 576 tiles"),
        ("<map name='A'><block left='0' right='30' top='0' bottom='30'/></map>", "more than 576"),
        ("<map name='A'><tile x='0' y='0'/><tile x='0.5' y='0'/></map>", "overlaps slot 0"),
        ("<map name='A'><tile x='0' y='0'/></map>", "layout 'A' has 1 slots"),
        ('<!DOCTYPE x [<!ENTITY e "e">]><map name="A"/>', "entities are not read"),
        ("<mahjongg><map name='A'/></mahjongg>", "layout 'A' has 0 slots"),
    ],
)
def test_bad_gnome_maps_are_refused_with_the_reason(text, message):
    with pytest.raises(LayoutError, match=re.escape(message)):
        Layout.from_text(text)


def test_a_missing_map_name_lists_the_maps():
    with pytest.raises(LayoutError, match="no map called 'Dragon'; it has Little Step, Two Set"):
        Layout.from_gnome(DATA / "solitaire_gnome.map", map_name="Dragon")


def test_from_text_refuses_what_is_not_text_or_too_long():
    with pytest.raises(TypeError, match="layout text is a str"):
        Layout.from_text(b"kmahjongg-layout-v1.1")  # type: ignore[arg-type]
    with pytest.raises(LayoutError, match="not a layout file"):
        Layout.from_text("#" * (2 << 20))


def test_the_command_line_deals_a_map_of_a_gnome_file():
    path = str(DATA / "solitaire_gnome.map")
    args = ["deal", "--layout-file", path, "--layout", "two set mesa", "--seed", "4"]
    result = CliRunner().invoke(main, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    board = json.loads(result.output)
    assert board["layout"] == "Two Set Mesa" and len(board["slots"]) == 218
    first = CliRunner().invoke(main, ["deal", "--layout-file", path, "--seed", "4"])
    assert first.exit_code == 0 and "Little Step" in first.output
