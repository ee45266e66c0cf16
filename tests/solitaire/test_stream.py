"""The streamed seed search: the same matches as the gathered one, chunk by chunk, with no
bound on how many, and the same account of how far it got."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.cli import main
from mahjongkit.solitaire import DealError, deal, get_layout
from mahjongkit.solitaire.search import SearchJob, search
from mahjongkit.solitaire.stream import SearchStream, run_stream, stream_search

TEA_HOUSE = get_layout("tea house")
WHERE = "free_pairs >= 9 and deepest_stack >= 2"


@settings(max_examples=25, deadline=None)
@given(
    start=st.integers(0, 2_000),
    size=st.integers(1, 600),
    chunk=st.integers(1, 250),
    limit=st.none() | st.integers(0, 40),
    impl=st.sampled_from(["cpp", "python"]),
)
def test_a_stream_finds_what_the_search_finds(start, size, chunk, limit, impl):
    seeds = range(start, start + size)
    gathered = search(TEA_HOUSE, seeds, WHERE, limit, impl=impl, threads=1)
    stream = stream_search(TEA_HOUSE, seeds, WHERE, limit, impl=impl, chunk=chunk, threads=1)
    assert list(stream) == list(gathered.matches)
    assert stream.found == len(gathered.matches)
    assert (stream.examined, stream.limit_reached) == (gathered.examined, gathered.limit_reached)
    assert stream.next_seed == gathered.next_seed and not stream.interrupted


def test_each_scan_holds_at_most_a_chunk_and_the_stream_has_no_bound(monkeypatch):
    import mahjongkit.solitaire.search as search_module

    bounds: list[int | None] = []
    scan = SearchJob.scan

    def spy(self, first, count, **options):
        bounds.append(options.get("limit"))
        return scan(self, first, count, **options)

    monkeypatch.setattr(SearchJob, "scan", spy)
    monkeypatch.setattr(search_module, "MAX_MATCHES", 50)  # the gathered search's bound
    stream = stream_search(TEA_HOUSE, "0:1000", "free_tiles >= 0", chunk=100)
    assert [m.seed for m in stream] == list(range(1000))  # every board matches
    assert bounds == [100] * 10
    with pytest.raises(search_module.SearchTooLarge):
        search(TEA_HOUSE, "0:1000", "free_tiles >= 0")
    bounds.clear()
    limited = stream_search(TEA_HOUSE, "0:1000", "free_tiles >= 0", limit=130, chunk=100)
    assert len(list(limited)) == 130 and bounds == [100, 30]  # only what is still wanted


def test_an_interrupted_chunk_ends_the_stream_where_it_stopped():
    job = SearchJob.make(TEA_HOUSE, "free_tiles >= 0")

    def parts(stream: SearchStream):
        yield 10, 5, ([(10, [12.0]), (11, [12.0])], 5, False, False, None)
        yield 15, 5, ([(15, [12.0])], 1, True, False, None)  # Ctrl-C after one seed
        raise AssertionError("a stream reads no further than an interrupted chunk")

    stream = SearchStream(job, range(10, 30), None, parts)
    assert [m.seed for m in stream] == [10, 11, 15]
    assert (stream.examined, stream.interrupted, stream.next_seed) == (6, True, 16)


def test_a_failed_deal_stops_the_stream_and_names_its_seed():
    failing = next(s for s in range(500) if _fails(s))
    stream = stream_search(get_layout("turtle"), "0:500", "free_pairs > 0", max_trials=1)
    with pytest.raises(DealError, match=f"with seed {failing}:"):
        list(stream)


def _fails(seed: int) -> bool:
    try:
        deal(get_layout("turtle"), seed, max_trials=1)
    except DealError:
        return True
    return False


def test_bad_arguments():
    with pytest.raises(ValueError, match="limit must be a non-negative int"):
        stream_search(TEA_HOUSE, "0:10", WHERE, -1)
    with pytest.raises(ValueError, match="chunk must be a positive int"):
        stream_search(TEA_HOUSE, "0:10", WHERE, chunk=0)
    assert list(run_stream(SearchJob.make(TEA_HOUSE, WHERE), "0:10", 0)) == []


def test_the_cli_streams_past_the_gathered_bound():
    args = ["search", "--layout", "tea house", "--seeds", "0:3000", "--where", WHERE]
    result = CliRunner().invoke(main, [*args, "--limit", "5000000", "--format", "jsonl"])
    assert result.exit_code == 0, result.stderr
    seeds = [json.loads(line)["seed"] for line in result.stdout.splitlines()]
    assert seeds == [m.seed for m in search(TEA_HOUSE, "0:3000", WHERE).matches]
    assert f"{len(seeds)} boards found in seeds 0:3000" in result.stderr
