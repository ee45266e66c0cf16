"""Layouts: the Turtle of decision 1, the built-ins, the text format, KMahjongg, errors.

Decision 1 is written out in docs/decisions.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjongkit.solitaire import Layout, LayoutError, free_slots, get_layout, layouts

DATA = Path(__file__).resolve().parents[1] / "data"

# Decision 1's table: (z, y) -> (first id, last id, x values).
TURTLE_ROWS = [
    (0, 0, 0, 11, range(4, 27, 2)),
    (0, 2, 12, 19, range(8, 23, 2)),
    (0, 4, 20, 29, range(6, 25, 2)),
    (0, 6, 30, 41, range(4, 27, 2)),
    (0, 7, 42, 44, [2, 28, 30]),
    (0, 8, 45, 56, range(4, 27, 2)),
    (0, 10, 57, 66, range(6, 25, 2)),
    (0, 12, 67, 74, range(8, 23, 2)),
    (0, 14, 75, 86, range(4, 27, 2)),
    *[(1, y, 87 + 6 * k, 92 + 6 * k, range(8, 19, 2)) for k, y in enumerate(range(2, 13, 2))],
    *[(2, y, 123 + 4 * k, 126 + 4 * k, range(10, 17, 2)) for k, y in enumerate(range(4, 11, 2))],
    (3, 6, 139, 140, [12, 14]),
    (3, 8, 141, 142, [12, 14]),
    (4, 7, 143, 143, [13]),
]

# Reference section 6.2: tiles, per layer, free at start.
BUILTINS = {
    "Tea House": (36, (24, 8, 4), 16),
    "Twin Bridge": (54, (29, 17, 7, 1), 9),
    "Fortress": (64, (42, 18, 4), 16),
    "Lotus Cross": (78, (52, 18, 6, 2), 26),
    "Step Pyramid": (80, (40, 24, 12, 4), 28),
    "Butterfly": (100, (68, 27, 5), 39),
    "Turtle": (144, (87, 36, 16, 4, 1), 33),
    "Standard Turtle": (144, (87, 36, 16, 4, 1), 35),
    "Great Wall": (120, (68, 30, 14, 8), 14),
}


def test_turtle_is_decision_one_slot_by_slot() -> None:
    turtle = get_layout("turtle")
    expected = []
    for z, y, first, last, xs in TURTLE_ROWS:
        row = [(x, y, z) for x in xs]
        assert len(row) == last - first + 1
        assert list(turtle.slots[first : last + 1]) == row
        expected += row
    assert list(turtle.slots) == expected
    assert list(turtle.slots) == sorted(turtle.slots, key=lambda s: (s[2], s[1], s[0]))


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.name)
def test_builtin_layouts_are_sound(layout: Layout) -> None:
    size, per_layer, free_at_start = BUILTINS[layout.name]
    assert layout.size == size and size % 2 == 0 and size <= 144
    assert layout.layer_counts() == per_layer
    assert layout.unsupported_slots() == ()
    # from_slots re-validates: no duplicates, no same-layer overlaps.
    assert Layout.from_slots(layout.slots, name=layout.name) == layout
    assert len(free_slots(layout, range(size))) == free_at_start
    assert layout.description


def test_registry_lookup_ignores_case_and_separators() -> None:
    assert [layout.name for layout in layouts()] == list(BUILTINS)
    for spelling in ("turtle", "TURTLE", "Turtle"):
        assert get_layout(spelling).size == 144
    assert get_layout("great_wall").name == get_layout("Great-Wall").name == "Great Wall"
    with pytest.raises(LayoutError, match=r"unknown layout 'dragon'; known layouts: Tea House"):
        get_layout("dragon")


def test_text_format_round_trip(tmp_path: Path) -> None:
    for layout in layouts():
        path = tmp_path / "layout.txt"
        path.write_text(layout.to_text(), encoding="utf-8")
        assert Layout.load(path) == layout


def test_text_format_ranges_comments_and_errors() -> None:
    text = "# a comment\nname: Strip\ndescription: four in a row\n0 0 0-4 6  # trailing\n"
    layout = Layout.parse(text)
    assert layout.name == "Strip" and layout.description == "four in a row"
    assert layout.slots == ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0))
    with pytest.raises(LayoutError, match="no 'name:' line"):
        Layout.parse("0 0 0-2\n")
    with pytest.raises(LayoutError, match="line 2: range '0-3' must run up in steps of 2"):
        Layout.parse("name: X\n0 0 0-3\n")
    with pytest.raises(LayoutError, match="line 2: not an x or a range: 'a'"):
        Layout.parse("name: X\n0 0 a\n")


@pytest.mark.parametrize(
    ("slots", "message"),
    [
        ([(0, 0, 0)], r"layout 'custom' has 1 slots: a layout needs an even number of slots"),
        ([], r"has 0 slots: a layout needs an even number"),
        ([(2 * i, 0, 0) for i in range(578)], r"has 578 slots: at most 576"),
        ([(0, 0, 0), (1, 1, 0)], r"slot 1 \(1, 1, 0\) overlaps slot 0 \(0, 0, 0\) on layer 0"),
        ([(0, 0, 0), (2, 0, 0), (0, 0, 0), (4, 0, 0)], r"slot 2 \(0, 0, 0\) duplicates slot 0"),
        ([(0, 0, 0), (-2, 0, 0)], r"slot 1 has a negative coordinate \(-2, 0, 0\)"),
        ([(0, 0, 0), (1.5, 0, 0)], r"slot 1 has a non-integer coordinate \(1.5, 0, 0\)"),
        ([(0, 0, 0), (2, 0)], r"slot 1 is not an \(x, y, z\) triple"),
    ],
)
def test_validation_names_the_problem_and_the_slot(slots: list, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        Layout.from_slots(slots)


def test_tiles_on_different_layers_may_overlap() -> None:
    layout = Layout.from_slots([(0, 0, 0), (1, 1, 1)])
    assert layout.unsupported_slots() == (1,)  # allowed, but reported


FIXTURE_SLOTS = ((2, 0, 0), (4, 0, 0), (0, 1, 0), (2, 2, 0), (4, 2, 0), (3, 1, 1))


@pytest.mark.parametrize("file", ["solitaire_tiny_v11.layout", "solitaire_tiny_v10.layout"])
def test_kmahjongg_import(file: str) -> None:
    layout = Layout.from_kmahjongg(DATA / file)
    assert layout.slots == FIXTURE_SLOTS
    assert layout.name == file.removesuffix(".layout")
    same = Layout.from_kmahjongg((DATA / file).read_text(encoding="utf-8"), name="text")
    assert same.slots == FIXTURE_SLOTS and same.name == "text"
    assert free_slots(layout, range(6)) == (2, 5)  # the wing and the cap


def test_kmahjongg_errors() -> None:
    with pytest.raises(LayoutError, match="not a KMahjongg layout"):
        Layout.from_kmahjongg("kmahjongg-layout-v9\nw2\n")
    with pytest.raises(LayoutError, match="missing the d line"):
        Layout.from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\n1212\n4343\n")
    with pytest.raises(LayoutError, match="expected 2 grid lines"):
        Layout.from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n")
    with pytest.raises(LayoutError, match="has 1 slots"):
        Layout.from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n43..\n")


def test_kmahjongg_turtle_shape_imports_as_the_public_turtle() -> None:
    # Render our Turtle in KMahjongg's quarter-cell grid, shifted as KMahjongg's file is
    # (layer 0: x - 1, the pyramid: x + 1), and read it back.
    turtle = get_layout("turtle")
    shifted = [(x - 1 if z == 0 else x + 1, y, z) for x, y, z in turtle.slots]
    width, height, depth = 32, 16, 5
    grid = [[["."] * width for _ in range(height)] for _ in range(depth)]
    for x, y, z in shifted:
        for (dx, dy), mark in zip([(0, 0), (1, 0), (1, 1), (0, 1)], "1234", strict=True):
            grid[z][y + dy][x + dx] = mark
    text = "kmahjongg-layout-v1.1\nw32\nh16\nd5\n" + "\n".join(
        "".join(row) for layer in grid for row in layer
    )
    imported = Layout.from_kmahjongg(text)
    assert imported.slots == tuple(sorted(shifted, key=lambda s: (s[2], s[1], s[0])))
    assert len(free_slots(imported, range(144))) == 35  # the public Turtle's count


def test_the_plain_constructor_validates_too() -> None:
    with pytest.raises(LayoutError, match="layout 'x' has 1 slots"):
        Layout("x", ((0, 0, 0),))
    with pytest.raises(LayoutError, match="has 578 slots: at most 576"):
        Layout("x", tuple((2 * i, 0, 0) for i in range(578)))
    assert Layout("x", ((0, 0, 0), (2, 0, 0))).size == 2


def test_a_used_layout_pickles_without_its_compiled_cache() -> None:
    import pickle

    from mahjongkit.solitaire import deal, get_layout

    turtle = get_layout("turtle")
    deal(turtle, seed=3)  # fills the cache with the compiled geometry
    again = pickle.loads(pickle.dumps(turtle))
    assert again == turtle and again.slots == turtle.slots
    assert deal(again, seed=3) == deal(turtle, seed=3)


def test_standard_turtle_is_the_turtle_with_layer_0_moved_back_one_tile() -> None:
    # KMahjongg's, GNOME Mahjongg's and ffalt/mah's Turtle: the pyramid centred on layer 0.
    # Decision 1's Turtle moves layer 0 one tile right; slot numbers stay the same.
    turtle, standard = get_layout("turtle"), get_layout("standard turtle")
    moved = [(x - 2, y, z) if z == 0 else (x, y, z) for x, y, z in turtle.slots]
    assert list(standard.slots) == moved
    # Centred: layer 0's main rows span x 2..26 (their middle is 14), and so does the cap.
    assert min(x for x, y, z in standard.slots if z == 0 and y == 0) == 2
    assert standard.slots[143] == (13, 7, 4)
    assert len(free_slots(standard, range(144))) - len(free_slots(turtle, range(144))) == 2
