"""Hostile layout files (issue 39): the bounds are counted while the file is read, so a
file made to cost memory or time is refused early, with a clean error.

Memory is measured with ``tracemalloc`` (a count of the bytes Python allocated, the same on
every run), never with a clock.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.solitaire.layout import Layout, LayoutError

_BLOCK = "<block left='0' right='23' top='0' bottom='23'/>"  # 576 tiles, within one element's bound


def _peak(work: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        work()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _refused_cheaply(text: str, message: str) -> None:
    def load() -> None:
        with pytest.raises(LayoutError, match=message):
            Layout.from_text(text)

    # the text itself is some 20 KB; building what it describes would be tens of MB
    assert _peak(load) < 4 * len(text) + (2 << 20)


def test_a_gnome_map_whose_blocks_add_up_past_the_bound_is_refused_at_once():
    text = "<mahjongg><map name='A'>" + _BLOCK * 400 + "</map></mahjongg>"
    _refused_cheaply(text, "map 'A' holds more than 576 tiles")


def test_a_gnome_map_of_repeated_tiles_is_refused_at_the_577th():
    text = "<map name='A'>" + "<tile x='0' y='0'/>" * 2000 + "</map>"
    _refused_cheaply(text, "more than 576 tiles")


def test_a_text_layout_with_one_long_row_is_refused_before_it_is_built():
    text = "name: Long\n0 0 " + "0 " * 20000 + "\n"
    _refused_cheaply(text, "line 2: more than 576 slots")


def test_a_kmahjongg_layout_with_a_huge_width_is_refused():
    with pytest.raises(LayoutError, match="w999999999 is not 1 to 65536"):
        Layout.from_text("kmahjongg-layout-v1.1\nw999999999\nh1\nd1\n" + "1" * 100 + "\n")


def test_a_kmahjongg_row_of_many_tiles_is_counted_before_it_is_built():
    text = "kmahjongg-layout-v1.1\nw65536\nh1\nd1\n" + "12" * 20000 + "\n"
    _refused_cheaply(text, "grid line 1: more than 576 slots")


def test_deeply_nested_gnome_layers_are_refused_not_a_recursion_error():
    text = "<map name='A'>" + "<layer>" * 1200 + "</layer>" * 1200 + "</map>"
    with pytest.raises(LayoutError, match="nested more than 16 deep"):
        Layout.from_text(text)
    # nesting within the bound still reads (layers inherit z)
    nested = "<map name='B'>" + "<layer z='1'>" * 10 + "<tile x='0' y='0'/><tile x='1' y='0'/>"
    nested += "</layer>" * 10 + "</map>"
    assert Layout.from_text(nested).slots == ((0, 0, 1), (2, 0, 1))


def test_deep_nesting_through_the_command_line_is_one_error_line(tmp_path):
    path = tmp_path / "deep.map"
    path.write_text("<map name='A'>" + "<layer>" * 1200 + "</layer>" * 1200 + "</map>")
    result = CliRunner().invoke(main, ["deal", "--layout-file", str(path), "--seed", "1"])
    assert result.exit_code == 1
    assert "nested more than 16 deep" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("value", ["\u0663", "1_0", "1e1", " inf", "0x1"])
def test_gnome_coordinates_are_ascii_decimal(value):
    text = f"<map name='A'><tile x='{value}' y='0'/><tile x='3' y='0'/></map>"
    with pytest.raises(LayoutError, match="is not a number"):
        Layout.from_text(text)


def test_more_maps_than_the_bound_are_refused():
    text = "<mahjongg>" + "<map name='A'/>" * 300 + "</mahjongg>"
    with pytest.raises(LayoutError, match="more than 256 maps"):
        Layout.from_text(text)
