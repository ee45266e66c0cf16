"""The Dask backend gives exactly the local results (in-process LocalCluster, as in CI)."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

distributed = pytest.importorskip("distributed")

from mahjongkit.cli import main  # noqa: E402
from mahjongkit.solitaire import get_layout  # noqa: E402
from mahjongkit.solitaire.batch import batch  # noqa: E402
from mahjongkit.solitaire.distributed import batch_dask, search_dask  # noqa: E402
from mahjongkit.solitaire.search import search  # noqa: E402
from tests.dask_cluster import dask_client  # noqa: E402

TURTLE = get_layout("turtle")
EXPENSIVE = "free_pairs >= 16 and difficulty <= 0.4"


@pytest.fixture(scope="module")
def client():
    with dask_client() as made:
        yield made


@pytest.mark.parametrize("chunk", [37, 256, 5000])
def test_batch_equals_local(client, chunk):
    seeds = range(2**64 - 1000, 2**64)
    assert np.array_equal(
        batch_dask(TURTLE, seeds, client=client, chunk=chunk), batch(TURTLE, seeds)
    )


@pytest.mark.parametrize("limit", [None, 0, 6])
@pytest.mark.parametrize("chunk", [17, 200])
def test_search_equals_local(client, limit, chunk):
    seeds = range(1000, 1600)
    local = search(TURTLE, seeds, EXPENSIVE, limit, report=["stacked_pairs"])
    remote = search_dask(
        TURTLE, seeds, EXPENSIVE, limit, client=client, chunk=chunk, report=["stacked_pairs"]
    )
    assert remote == local
    assert limit == 0 or local.matches


def test_progress_is_reported_in_order(client):
    seen = []
    search_dask(TURTLE, "0:1000", "free_pairs > 20", client=client, chunk=100, progress=seen.append)
    assert seen == list(range(100, 1001, 100))


def test_errors_are_the_local_ones(client):
    with pytest.raises(ValueError, match="empty seed range"):
        search_dask(TURTLE, "5:5", "free_pairs > 1", client=client)
    with pytest.raises(ValueError, match="chunk must be"):
        batch_dask(TURTLE, "0:5", client=client, chunk=0)


def test_cli_on_a_local_cluster(tmp_path):
    out = tmp_path / "boards.npy"
    result = CliRunner().invoke(main, ["batch", "--seeds", "0:300", "--out", str(out), "--dask"])
    assert result.exit_code == 0, result.stderr
    assert np.array_equal(np.load(out), batch(TURTLE, range(300)))
    found = CliRunner().invoke(
        main,
        [
            "search",
            "--seeds",
            "0:300",
            "--where",
            "free_pairs >= 20",
            "--dask",
            "--format",
            "jsonl",
        ],
    )
    assert found.exit_code == 0, found.stderr
    seeds = [int(line.split('"seed":')[1].split(",")[0]) for line in found.stdout.splitlines()]
    assert seeds == [m.seed for m in search(TURTLE, range(300), "free_pairs >= 20").matches]
