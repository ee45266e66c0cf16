"""Dask for both games: the optional import and a client of a scheduler by its address.

Both the solitaire search and the MCR arena run on a Dask cluster when given a scheduler's
address; this is the one place that imports ``distributed`` (an optional extra) and turns
a scheduler that cannot be reached into one clear ``OSError`` naming the address.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distributed import Client

CONNECT_SECONDS = 20
"""How long a client waits for a scheduler that does not answer."""


def import_distributed() -> Any:
    """The ``distributed`` module; ``ImportError`` naming the extra when it is missing."""
    try:
        import distributed
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the Dask backend needs the optional extra: pip install 'mahjongkit[dask]'"
        ) from None
    return distributed


@contextlib.contextmanager
def scheduler_client(address: str, timeout: float = CONNECT_SECONDS) -> Iterator[Client]:
    """A client of the scheduler at ``address`` (closed on exit). A malformed address is a
    ``ValueError``; a scheduler that does not answer within ``timeout`` seconds is an
    ``OSError``; both name the address."""
    distributed = import_distributed()
    try:
        client = distributed.Client(address, timeout=timeout)
    except ValueError as error:
        raise ValueError(f"bad Dask scheduler address {address!r}: {error}") from None
    except OSError as error:
        raise OSError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    with client:
        yield client
