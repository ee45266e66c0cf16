"""An in-process Dask cluster (one worker of two threads, no dashboard, quiet), as CI runs
the tests that compare Dask's results with the local ones."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def dask_client() -> Iterator[Any]:
    """A client of a fresh in-process cluster (the test is skipped without ``distributed``)."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client
