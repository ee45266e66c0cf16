"""Search conditions under hostile input: a ``Condition`` or a ``ConditionError``, bounded in
size and depth; what is accepted evaluates the same in C++ and Python, and no tree handed to the
core, however deep or malformed, crashes it."""

from __future__ import annotations

import pytest
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.solitaire import get_layout
from mahjongkit.solitaire.condition import MAX_DEPTH, Condition, ConditionError
from mahjongkit.solitaire.engine import core_geometry
from mahjongkit.solitaire.properties import PROPERTY_NAMES
from mahjongkit.solitaire.search import search

CHEAP = ["free_tiles", "free_pairs", "deepest_stack", "stacked_pairs"]
WORDS = st.sampled_from(
    [*CHEAP, "solver_nodes", "and", "or", "not", "(", ")", "<", "<=", ">", ">=", "==", "!=",
     "0", "1", "17", "-3", "2.5", "1e999", "nan", "__import__", "x", "'s'", "+", "*", ",", "in",
     "is", "lambda", "[", "]", ":", "٣", "True", "0x10", "1_0"]
)  # fmt: skip
TEXT = st.lists(WORDS, max_size=25).map(" ".join) | st.text(max_size=60)


def _leaf() -> st.SearchStrategy[str]:
    number = st.sampled_from(["0", "3", "20", "33", "0.5"])
    name = st.sampled_from(CHEAP)
    op = st.sampled_from(["<", "<=", ">", ">=", "==", "!="])
    return st.builds(lambda a, o, b: f"{a} {o} {b}", name | number, op, name | number)


CONDITIONS = st.recursive(
    _leaf(),
    lambda inner: st.one_of(
        st.builds(lambda a, b: f"({a}) and ({b})", inner, inner),
        st.builds(lambda a, b: f"({a}) or ({b})", inner, inner),
        inner.map(lambda a: f"not ({a})"),
    ),
    max_leaves=10,
)


@budget(500)
@given(TEXT)
def test_any_text_is_a_condition_or_a_condition_error(text: str) -> None:
    try:
        condition = Condition.parse(text)
    except ConditionError:
        return
    assert set(condition.properties) <= set(PROPERTY_NAMES)


@budget(60)
@given(CONDITIONS)
def test_accepted_conditions_select_the_same_seeds_in_both(text: str) -> None:
    cpp = search("tea house", "0:12", text, threads=2)
    python = search("tea house", "0:12", text, impl="python")
    assert cpp == python


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("free_tiles" + " < 1" * 200_000, "at most 2000 characters"),
        ("not " * 5000 + "free_tiles < 1", "at most 2000 characters"),
        ("not " * 400 + "free_tiles < 1", "levels deep"),
        ("(" * 300 + "free_tiles < 1" + ")" * 300, "nested"),
        ("-" * 1900 + "1 < free_tiles", "nested"),
        ("free_tiles" + "<1" * 200, "nodes: at most 500"),
        ("free_tiles > 1" + "0" * 1000, "at most 2\\*\\*53"),
    ],
    ids=[
        "chain-200000",
        "not-5000",
        "not-400",
        "parentheses-300",
        "minus-1900",
        "nodes-600",
        "10**1000",
    ],
)
def test_huge_and_deep_conditions_are_refused(text: str, message: str) -> None:
    with pytest.raises(ConditionError, match=message):
        Condition.parse(text)


def test_a_long_chain_within_the_bounds_evaluates_without_recursion() -> None:
    text = "free_tiles" + ">=0" * 160  # a chain of 160 ands in the tree: deeper than MAX_DEPTH
    result = search("tea house", "0:5", text, threads=1)
    assert result == search("tea house", "0:5", text, impl="python")
    assert len(result.matches) == 5
    assert MAX_DEPTH < 160


def _core_search(nodes: list[tuple[int, int, int, int, float]], threads: int = 1) -> object:
    from mahjongkit._core import solitaire as core

    return core.search_seeds(
        core_geometry(get_layout("tea house")), 0, 3, nodes, [], -1, threads, 1000, 4, 100
    )


def test_the_core_evaluates_a_200000_node_chain_on_a_worker_thread() -> None:
    nodes = [(1, 0, -1, -1, 0.0), (0, 0, -1, -1, 1.0), (2, 3, 0, 1, 0.0)]  # free_tiles >= 1
    for _ in range(200_000):
        nodes.append((3, 0, len(nodes) - 1, 2, 0.0))  # ... and free_tiles >= 1
    nodes.append((5, 0, len(nodes) - 1, -1, 0.0))  # not (...)
    matches, examined, *_ = _core_search(nodes)  # type: ignore[misc]
    assert (matches, examined) == ([], 3)


NODE = st.tuples(
    st.integers(-2, 7),
    st.integers(-2, 9),
    st.integers(-3, 12),
    st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True),
)


@budget(300)
@given(st.lists(NODE, max_size=12), st.integers(-3, 4))
def test_the_core_refuses_or_evaluates_any_node_list(
    nodes: list[tuple[int, int, int, int, float]], threads: int
) -> None:
    try:
        _core_search(nodes, threads)
    except ValueError as error:
        assert "malformed condition tree" in str(error)


@pytest.mark.parametrize("threads", [1, 3, 100_000])
def test_thread_counts_are_capped_not_refused(threads: int) -> None:
    result = search("tea house", "0:3", "free_tiles >= 0", threads=threads)
    assert [m.seed for m in result.matches] == [0, 1, 2]


def test_a_search_without_limit_is_bounded_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjongkit.solitaire import search as module

    monkeypatch.setattr(module, "MAX_MATCHES", 40)
    for impl in ("cpp", "python"):
        with pytest.raises(module.SearchTooLarge, match="more than 40 boards"):
            search("tea house", "0:1000000000000000000", "free_tiles >= 0", impl=impl)
        assert (
            len(
                search(
                    "tea house",
                    "0:10**18".replace("10**18", str(10**18)),
                    "free_tiles >= 0",
                    40,
                    impl=impl,
                ).matches
            )
            == 40
        )
    with pytest.raises(ValueError, match="limit must be at most 40"):
        search("tea house", "0:100", "free_tiles >= 0", 41)
