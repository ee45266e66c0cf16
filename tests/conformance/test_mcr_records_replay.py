"""The record check's two replays agree: the C++ one call a game (``cpp/core/mcr/replay.*``)
and the Python reference through the rules (``mcr/records/check.py``).

Same verdicts, the same refused line, the same fans and scores, on the hand-written records,
on self-play and on records mutated at random (a step's tile, seat or action changed, a step
dropped or two swapped, a claim added to the ignored ones). The C++ replay must decide every
legal record itself (else the fast path would never run and the comparison prove nothing).
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.records import _cpp
from mahjongkit.mcr.records.check import QUAN_OF_WIND, check_record
from mahjongkit.mcr.records.format import Action, Ignored, Record, read_records
from mahjongkit.mcr.records.samples import HANDWRITTEN
from mahjongkit.mcr.records.write import play_records

CLAIMS = (Action.CHI, Action.PENG, Action.GANG, Action.HU)


@cache
def corpus() -> tuple[Record, ...]:
    """The hand-written records and self-play of bots that claim (level 2) and do not (1)."""
    written = [r for r in read_records(HANDWRITTEN.read_text(encoding="utf-8").splitlines())]
    played = play_records("replay-twins", range(10), ("bot:2", "bot:1", "bot:2", "bot:2"))
    records = tuple(r for r in [*written, *played] if isinstance(r, Record))
    assert len(records) >= 14
    return records


def _line_of(record: Record, step: int) -> int:
    """The line the Python check names for the C++ replay's refused ``step``."""
    return record.steps[step].line if step < len(record.steps) else record.result.line - 1


def _assert_twins_agree(record: Record) -> None:
    fast = check_record(record, impl="cpp")
    reference = check_record(record, impl="python")
    assert fast == reference
    status, step, *_ = _cpp.replay_record(record, QUAN_OF_WIND[record.wind])
    if reference.legal:
        assert status == _cpp.FINISHED, (record.match, step)
    elif status == _cpp.REFUSED:
        assert reference.problems[0].startswith(f"line {_line_of(record, step)}:"), (
            step,
            reference.problems,
        )
    else:
        assert status == _cpp.UNDECIDED  # the reference words what the twin leaves to it


def test_every_record_of_the_corpus_is_decided_in_cpp_as_the_reference_decides_it() -> None:
    kinds = {s.action for r in corpus() for s in r.steps}
    assert kinds == set(Action)  # every kind of step, robbed kongs and claims among them
    for record in corpus():
        _assert_twins_agree(record)
        assert check_record(record).scored, record.match


def test_a_record_built_in_memory_with_lists_is_read_too() -> None:
    record = corpus()[0]
    listed = dataclasses.replace(record, deals=[list(d) for d in record.deals])  # type: ignore[arg-type]
    assert check_record(listed, impl="cpp") == check_record(record, impl="python")


@st.composite
def mutated(draw: st.DrawFn) -> Record:
    record = draw(st.sampled_from(corpus()))
    steps = list(record.steps)
    i = draw(st.integers(0, len(steps) - 1))
    step = steps[i]
    how = draw(st.sampled_from(("tile", "seat", "action", "drop", "swap", "ignore")))
    if how == "tile":
        steps[i] = step._replace(tile=draw(st.integers(1, 34)))
    elif how == "seat":
        steps[i] = step._replace(seat=draw(st.integers(0, 3)))
    elif how == "action":
        steps[i] = step._replace(action=draw(st.sampled_from(tuple(Action))))
    elif how == "drop":
        del steps[i]
    elif how == "swap" and i + 1 < len(steps):
        steps[i], steps[i + 1] = steps[i + 1], steps[i]
    else:
        claim = Ignored(
            draw(st.integers(0, 3)), draw(st.sampled_from(CLAIMS)), draw(st.integers(1, 34))
        )
        steps[i] = step._replace(ignored=(*step.ignored, claim))
    return dataclasses.replace(record, steps=tuple(steps))


@settings(max_examples=500, deadline=None)
@given(mutated())
def test_mutated_records_get_the_same_verdict_line_fans_and_scores(record: Record) -> None:
    _assert_twins_agree(record)


def test_a_kind_out_of_range_in_a_record_built_in_memory_is_left_to_the_reference() -> None:
    record = corpus()[0]
    steps = list(record.steps)
    steps[3] = steps[3]._replace(tile=35)  # a flower: the format has none
    flowered = dataclasses.replace(record, steps=tuple(steps))
    status, *_ = _cpp.replay_record(flowered, QUAN_OF_WIND[flowered.wind])
    assert status == _cpp.UNDECIDED
    report = check_record(flowered)
    assert not report.legal and "not a kind a hand can play" in report.problems[0]


def test_the_python_replay_alone_is_chosen_by_impl() -> None:
    record = corpus()[0]
    with pytest.raises(ValueError, match="unknown implementation"):
        check_record(record, impl="fortran")
