"""The one switch between C++ and Python: the same rules and the same words in both games."""

from __future__ import annotations

import pytest

from mahjongkit._impl import resolve
from mahjongkit.mcr.analysis import engine as mcr_engine
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.solitaire import deal, get_layout
from mahjongkit.solitaire.engine import backend


def test_an_empty_value_means_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "")
    assert resolve() == "cpp"
    assert mcr_engine.resolve(None) == "cpp"
    assert backend() is backend("cpp")


def test_a_bogus_value_is_refused_alike_by_both_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "rust")
    messages = []
    for call in (
        lambda: deal(get_layout("tea house"), 1),
        lambda: mcr_engine.shanten(parse_hand("123m 456p 789s EE 11s")),
    ):
        with pytest.raises(ValueError) as refused:
            call()
        messages.append(str(refused.value))
    expected = (
        "unknown implementation 'rust' (from $MAHJONGKIT_IMPLEMENTATION): use 'cpp' or 'python'"
    )
    assert messages == [expected, expected]


def test_an_argument_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    assert resolve() == "python" and resolve("cpp") == "cpp"
    assert backend() is not backend("cpp")
    with pytest.raises(ValueError, match=r"^unknown implementation 'c\+\+': use"):
        resolve("c++")


@pytest.mark.parametrize("impl", [3, True, b"cpp"])
def test_an_impl_that_is_not_a_str_is_a_type_error(impl: object) -> None:
    with pytest.raises(TypeError, match=r"^impl is 'cpp', 'python' or None, not "):
        resolve(impl)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="impl is"):
        Rules("x", impl=impl)  # type: ignore[arg-type]


def test_a_save_loaded_with_a_bad_impl_blames_the_impl_not_the_save() -> None:
    text = Rules("x").to_json()
    with pytest.raises(ValueError, match=r"^unknown implementation 'rust': use"):
        Rules.from_json(text, impl="rust")
    with pytest.raises(TypeError, match=r"^impl is 'cpp', 'python' or None, not int"):
        Rules.from_json(text, impl=3)  # type: ignore[arg-type]
