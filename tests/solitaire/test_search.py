"""Seed search: equal to a brute-force filter, independent of threads and cuts, interruptible."""

from __future__ import annotations

import itertools
import json
import os
import signal
import threading
import time

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.cli import main
from mahjongkit.solitaire import deal, get_layout
from mahjongkit.solitaire.condition import Condition, ConditionError
from mahjongkit.solitaire.engine import board_properties
from mahjongkit.solitaire.properties import PROPERTY_NAMES
from mahjongkit.solitaire.search import SearchJob, search, segments
from mahjongkit.solitaire.seeds import parse_seeds

TURTLE = get_layout("turtle")
TEA_HOUSE = get_layout("tea house")
CHEAP = "free_pairs >= 20"
EXPENSIVE = "free_pairs >= 16 and difficulty <= 0.4"
PLAIN = [name for name in PROPERTY_NAMES if name != "solver_nodes"]


@pytest.fixture(scope="module")
def tea_house_table():
    """Every property of Tea House seeds 0..249, by the reference."""
    return {
        seed: board_properties(deal(TEA_HOUSE, seed, impl="python"), impl="python")
        for seed in range(250)
    }


def test_matches_a_brute_force_filter_on_the_turtle():
    seeds = range(500, 620)
    expected = []
    for seed in seeds:
        props = board_properties(deal(TURTLE, seed, impl="python"), PLAIN, impl="python")
        if props["free_pairs"] >= 16 and props["difficulty"] <= 0.4:
            expected.append(
                (seed, {"free_pairs": props["free_pairs"], "difficulty": props["difficulty"]})
            )
    assert expected, "the range should hold some matches"
    for impl in ("cpp", "python"):
        result = search(TURTLE, seeds, EXPENSIVE, impl=impl)
        assert [(m.seed, m.properties) for m in result.matches] == expected
        assert result.examined == len(seeds) and result.complete and result.next_seed is None


def _evaluate_by_hand(tree, props):
    """A third evaluator of the condition language, straight from the Python AST."""
    import ast

    def value(node):
        if isinstance(node, ast.BoolOp):
            results = (value(v) for v in node.values)
            return all(results) if isinstance(node.op, ast.And) else any(results)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return not value(node.operand)
        if isinstance(node, ast.UnaryOp):
            return -value(node.operand)
        if isinstance(node, ast.Name):
            return props[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        assert isinstance(node, ast.Compare)
        import operator

        table = {
            ast.Lt: operator.lt,
            ast.LtE: operator.le,
            ast.Gt: operator.gt,
            ast.GtE: operator.ge,
            ast.Eq: operator.eq,
            ast.NotEq: operator.ne,
        }
        operands = [value(node.left), *(value(c) for c in node.comparators)]
        return all(
            table[type(op)](a, b)
            for op, a, b in zip(node.ops, operands, operands[1:], strict=False)
        )

    return value(ast.parse(tree, mode="eval").body)


_numbers = {
    "free_tiles": st.integers(10, 20),
    "free_pairs": st.integers(2, 9),
    "deepest_stack": st.integers(1, 4),
    "stacked_pairs": st.integers(0, 3),
    "random_wins": st.integers(0, 32),
    "solver_nodes": st.integers(1, 6),
    "difficulty": st.sampled_from([0, 0.0625, 0.25, 0.5, 0.75, 1]),
}


@st.composite
def conditions(draw, depth=0):
    if depth < 2 and draw(st.booleans()):
        joiner = draw(st.sampled_from(["and", "or"]))
        left, right = draw(conditions(depth + 1)), draw(conditions(depth + 1))
        text = f"({left}) {joiner} ({right})"
        return f"not ({text})" if draw(st.booleans()) else text
    name = draw(st.sampled_from(sorted(_numbers)))
    op = draw(st.sampled_from(["<", "<=", ">", ">=", "==", "!="]))
    number = draw(_numbers[name])
    if draw(st.booleans()):
        return f"{number} {op} {name}"
    if draw(st.booleans()):
        upper = draw(_numbers[name])
        return f"{number} <= {name} < {upper}"
    return f"{name} {op} {number}"


@settings(max_examples=40, deadline=None)
@given(text=conditions(), limit=st.one_of(st.none(), st.integers(0, 30)))
def test_core_search_equals_a_filter_of_the_reference_table(tea_house_table, text, limit):
    expected = [s for s, props in tea_house_table.items() if _evaluate_by_hand(text, props)]
    condition = Condition.parse(text)
    assert expected == [
        s for s, props in tea_house_table.items() if condition.evaluate(props.__getitem__)
    ]
    result = search(TEA_HOUSE, range(250), text, limit, threads=2)
    wanted = expected if limit is None else expected[:limit]
    assert [m.seed for m in result.matches] == wanted
    for match in result.matches:
        assert match.properties == {
            name: tea_house_table[match.seed][name] for name in condition.properties
        }


@pytest.mark.parametrize("where", [CHEAP, EXPENSIVE])
@pytest.mark.parametrize("limit", [None, 5])
def test_the_same_for_any_thread_count(where, limit):
    seeds = range(3_000, 5_500) if where == CHEAP else range(0, 600)
    results = [search(TURTLE, seeds, where, limit, threads=threads) for threads in (1, 2, 4)]
    assert results[0].matches
    assert results[1] == results[0] and results[2] == results[0]


def test_the_same_for_any_cut_of_the_range():
    seeds = range(100, 1100)
    job = SearchJob.make(TURTLE, EXPENSIVE, 7, (), 32, 1000, 1000)
    whole = search(TURTLE, seeds, EXPENSIVE, 7)
    for size in (1, 64, 333, 1000):
        parts = (
            (first, count, job.scan(first, count, threads=2, impl="cpp", progress=None))
            for first, count in segments(seeds, size)
        )
        assert job.merge(seeds, parts) == whole


def test_limit_is_the_smallest_seeds():
    seeds = range(0, 2000)
    everything = search(TURTLE, seeds, CHEAP)
    assert len(everything.matches) > 10
    first_ten = search(TURTLE, seeds, CHEAP, limit=10)
    assert first_ten.matches == everything.matches[:10]
    assert first_ten.limit_reached and first_ten.next_seed == first_ten.matches[-1].seed + 1
    resumed = search(TURTLE, range(first_ten.next_seed, 2000), CHEAP)
    assert first_ten.matches + resumed.matches == everything.matches
    none = search(TURTLE, seeds, CHEAP, limit=0)
    assert none.matches == () and none.limit_reached and none.examined == 0


def test_reported_properties():
    result = search(TURTLE, "0:100", CHEAP, 2, report=["stacked_pairs", "free_pairs"])
    for match in result.matches:
        assert list(match.properties) == ["free_pairs", "stacked_pairs"]
        assert match.properties == board_properties(
            deal(TURTLE, match.seed), ["free_pairs", "stacked_pairs"]
        )


def test_the_top_of_the_seed_space():
    top = range(2**64 - 300, 2**64)
    result = search(TURTLE, top, "free_pairs >= 18", threads=2)
    reference = search(TURTLE, range(2**64 - 300, 2**64), "free_pairs >= 18", impl="python")
    assert result == reference and result.matches


def test_an_interrupt_returns_the_examined_prefix():
    seeds = range(0, 1_000_000)
    calls = []

    def interrupt(done: int) -> None:
        calls.append(done)
        raise KeyboardInterrupt  # what Ctrl-C raises inside the progress poll

    result = search(TURTLE, seeds, "free_pairs >= 24", threads=2, progress=interrupt)
    assert result.interrupted and not result.complete and calls
    assert 0 < result.examined < len(seeds) and result.next_seed == result.examined
    again = search(TURTLE, range(0, result.examined), "free_pairs >= 24")
    assert result.matches == again.matches


def test_ctrl_c_stops_a_running_search():
    """A real SIGINT, sent from another thread once the search has examined seeds."""
    started, finished = threading.Event(), threading.Event()

    def report(done: int) -> None:
        if done > 0:
            started.set()

    def ctrl_c() -> None:
        started.wait(120)  # not a fixed delay: the search may start late on a loaded machine
        if not finished.is_set():
            os.kill(os.getpid(), signal.SIGINT)

    # Ctrl-C raises KeyboardInterrupt here even when the suite was started with SIGINT ignored
    # (a background job of a shell without job control).
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = threading.Thread(target=ctrl_c, daemon=True)
    sender.start()
    try:
        result = search(TURTLE, range(0, 10**9), "free_pairs >= 24", threads=2, progress=report)
    finally:
        finished.set()
        sender.join()
        signal.signal(signal.SIGINT, inherited)
    assert result.interrupted and 0 < result.examined < 10**9
    assert all(m.seed < result.examined for m in result.matches)


def test_the_reference_can_be_interrupted_too():
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    result = search(TEA_HOUSE, range(0, 10**6), "free_pairs > 3", impl="python", progress=interrupt)
    assert result.interrupted and result.examined < 10**6


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty condition"),
        ("free_pairs >=", "not a valid condition"),
        (
            "free_pair >= 8",
            "unknown property 'free_pair' (did you mean free_pairs?), in \"free_pair\"",
        ),
        ("free_pairs >= 8 and __import__('os').system('x')", 'a function call, in "__import__'),
        ("free_pairs + 1 > 3", 'arithmetic, in "free_pairs + 1"'),
        ("free_pairs.real > 3", 'an attribute, in "free_pairs.real"'),
        ("free_pairs > 'eight'", "not a number: str literal, in \"'eight'\""),
        ("free_pairs > True", "not a number: bool literal"),
        ("free_pairs", 'a condition must compare, in "free_pairs"'),
        ("free_pairs > 3 and 4", 'a condition must compare, in "4"'),
        ("(free_pairs > 1) > 0", "a comparison needs a number or a property on each side"),
        ("free_pairs in [1, 2]", "the operator 'in'"),
        ("free_pairs is None", "the operator 'is'"),
        ("free_pairs > 1e999", "must be finite"),
        ("free_pairs > 9007199254740993", "at most 2**53"),
        ("[x for x in ()]", "not allowed in a condition"),
        ("lambda: 1", "a lambda"),
    ],
)
def test_bad_conditions_name_the_bad_part(text, message):
    with pytest.raises(ConditionError) as error:
        Condition.parse(text)
    assert message in str(error.value)


def test_accepted_forms():
    condition = Condition.parse(
        "  0.1 <= difficulty <= 0.3 or not (free_tiles > -1 and stacked_pairs != 2) "
    )
    assert condition.properties == ("difficulty", "free_tiles", "stacked_pairs")
    assert condition.text.startswith("0.1")
    looked_up = []

    def lookup(name):
        looked_up.append(name)
        return {"difficulty": 0.2, "free_tiles": 3, "stacked_pairs": 2}[name]

    assert condition.evaluate(lookup) and set(looked_up) == {"difficulty"}  # short-circuit


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9:3", "empty seed range"),
        ("-1:5", "bad seed range"),
        ("0:x", "'x' is not"),
        ("1:2:3", "'2:3'"),
    ],
)
def test_bad_ranges(text, message):
    with pytest.raises(ValueError, match=message):
        parse_seeds(text)
    with pytest.raises(ValueError, match=message):
        search(TURTLE, text, CHEAP)


def test_other_bad_arguments():
    with pytest.raises(ValueError, match="step 1"):
        search(TURTLE, range(0, 10, 2), CHEAP)
    with pytest.raises(ValueError, match="limit must be"):
        search(TURTLE, "0:10", CHEAP, -1)
    with pytest.raises(ValueError, match="threads must be"):
        search(TURTLE, "0:10", CHEAP, threads=0)
    with pytest.raises(ValueError, match="unknown board property 'hardness'"):
        search(TURTLE, "0:10", CHEAP, report=["hardness"])
    with pytest.raises(TypeError, match="a condition is a str"):
        search(TURTLE, "0:10", 3)  # type: ignore[arg-type]


def test_cli_search_text_and_jsonl():
    runner = CliRunner()
    args = [
        "search",
        "--layout",
        "turtle",
        "--seeds",
        "0:400",
        "--where",
        EXPENSIVE,
        "--limit",
        "4",
    ]
    expected = search(TURTLE, range(0, 400), EXPENSIVE, 4)
    result = runner.invoke(main, [*args, "--format", "jsonl", "--threads", "2"])
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["seed"] for r in records] == [m.seed for m in expected.matches]
    assert records[0]["layout"] == "Turtle" and set(records[0]) == {
        "layout",
        "seed",
        "free_pairs",
        "difficulty",
    }
    assert "4 boards found" in result.stderr
    text = runner.invoke(main, args)
    lines = text.stdout.splitlines()
    assert lines[0].split() == ["seed", "free_pairs", "difficulty"]
    assert [int(line.split()[0]) for line in lines[1:]] == [m.seed for m in expected.matches]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seeds", "0:10", "--where", "free_pairs >= 8 and open('x')"], "a function call"),
        (["--seeds", "10:0", "--where", CHEAP], "empty seed range"),
        (
            ["--seeds", "0:10", "--where", CHEAP, "--report", "nope"],
            "unknown board property 'nope'",
        ),
        (["--seeds", "0:10", "--where", CHEAP, "--layout", "nowhere"], "nowhere"),
    ],
)
def test_cli_search_errors(args, message):
    result = CliRunner().invoke(main, ["search", *args])
    assert result.exit_code in (1, 2) and message in result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_a_failed_deal_names_the_first_failing_seed():
    from mahjongkit.solitaire import DealError

    first_failing = None
    for seed in range(200):
        try:
            deal(TURTLE, seed, max_trials=1)
        except DealError:
            first_failing = seed
            break
    assert first_failing is not None
    for impl in ("cpp", "python"):
        with pytest.raises(DealError, match=f"'Turtle' with seed {first_failing}:"):
            search(TURTLE, range(0, 200), "free_pairs > 0", max_trials=1, impl=impl)
    if first_failing > 0:  # a limit met before the failing seed ends the search first
        result = search(TURTLE, range(0, 200), "free_pairs > 0", 1, max_trials=1)
        assert [m.seed for m in result.matches] == [0]


@pytest.mark.parametrize("job", ["search", "batch"])
def test_the_core_releases_the_gil(job):
    """The main thread runs while a core call is in flight on another thread.

    The switch interval is made far longer than the call, so a call that held the GIL would
    keep the main thread out until it ended, and the progress reports would see the main
    thread's tick count unchanged. Released, the main thread ticks between the reports. No
    timing is assumed, only that a waiting thread gets a core now and then over a call that
    reports progress (every 50 ms) dozens of times.
    """
    import sys

    from mahjongkit.solitaire.batch import batch

    ticks = 0
    seen: list[int] = []  # the main thread's tick count at each progress report

    def report(done: int) -> None:
        seen.append(ticks)

    def run() -> None:
        if job == "search":
            search(TURTLE, range(0, 6000), "difficulty <= 0.05", threads=1, progress=report)
        else:
            batch(TURTLE, range(0, 300_000), threads=1, progress=report)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(30.0)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        while worker.is_alive():
            ticks += 1
            time.sleep(0.001)  # sleeping releases the GIL, so the worker's reports can run
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert len(seen) > 8, "the call was too short to tell"
    # Held, an incidental switch (the worker blocking once) may show as one change; released,
    # the main thread runs between nearly every two reports (118 of 119 in a run at load 8).
    changes = sum(after != before for before, after in itertools.pairwise(seen))
    assert changes >= max(3, len(seen) // 10), f"the main thread ran {changes} times in the call"


def test_a_job_pickles_without_the_layout_caches():
    import pickle

    from mahjongkit.solitaire.engine import core_geometry

    job = SearchJob.make(TURTLE, CHEAP, 3, ["stacked_pairs"], 8, 100, 1000)
    core_geometry(job.layout)  # fills the layout's cache with a compiled, unpicklable object
    again = pickle.loads(pickle.dumps(job))
    assert again == job
    assert again.scan(0, 200, threads=1, impl="cpp", progress=None) == job.scan(
        0, 200, threads=1, impl="cpp", progress=None
    )
