from __future__ import annotations

import pytest

from mahjongkit import tiles


def test_order_and_codes_follow_decision_11() -> None:
    assert [tiles.code(k) for k in (1, 9, 10, 18, 19, 27)] == ["1m", "9m", "1p", "9p", "1s", "9s"]
    assert [tiles.code(k) for k in range(28, 35)] == list("ESWNRGB")
    assert [tiles.code(k) for k in range(35, 43)] == [f"F{i}" for i in range(1, 5)] + [
        f"T{i}" for i in range(1, 5)
    ]
    assert all(tiles.from_code(tiles.code(k)) == k for k in tiles.ALL_KINDS)
    assert len({tiles.glyph(k) for k in tiles.ALL_KINDS}) == 42
    assert tiles.glyph(1) == "\U0001f007" and tiles.glyph(28) == "\U0001f000"


def test_set_of_144() -> None:
    s = tiles.full_set()
    assert len(s) == 144
    assert all(s.count(k) == tiles.copies(k) for k in tiles.ALL_KINDS)


def test_predicates_partition() -> None:
    for k in tiles.ALL_KINDS:
        assert tiles.is_suited(k) + tiles.is_honour(k) + tiles.is_bonus(k) == 1
        if tiles.is_suited(k):
            assert tiles.is_terminal(k) != tiles.is_simple(k)
    assert sum(map(tiles.is_green, tiles.ALL_KINDS)) == 6
    assert sum(map(tiles.is_reversible, tiles.ALL_KINDS)) == 14


def test_solitaire_match() -> None:
    assert tiles.solitaire_match(5, 5)
    assert not tiles.solitaire_match(5, 6)
    assert all(tiles.solitaire_match(a, b) for a in range(35, 39) for b in range(35, 39))
    assert all(tiles.solitaire_match(a, b) for a in range(39, 43) for b in range(39, 43))
    assert not tiles.solitaire_match(35, 39)


@pytest.mark.parametrize("bad", [0, 43, -1])
def test_bad_kind_is_named(bad: int) -> None:
    with pytest.raises(ValueError, match=str(bad)):
        tiles.code(bad)


def test_extension_imports() -> None:
    from mahjongkit import _core

    assert _core.__version__
