"""Dask for both games: the optional import and a client of a scheduler by its address.

Both the solitaire search and the MCR arena run on a Dask cluster when given a scheduler's
address; this is the one place that imports ``distributed`` (an optional extra) and turns
a scheduler that cannot be reached into one clear ``OSError`` naming the address.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
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
    """A client of the scheduler at ``address`` (closed on exit). A malformed address, or
    one whose protocol is not set up here (``tls://`` without certificates, ``ucx://``
    without UCX), is a ``ValueError``; a scheduler that does not answer within ``timeout``
    seconds, including a server that accepts the connection but never speaks, is an
    ``OSError``; each names the address."""
    distributed = import_distributed()
    try:
        _handshake(distributed, address, timeout)
        client = distributed.Client(address, timeout=timeout)
    except (ValueError, TypeError) as error:
        raise ValueError(f"bad Dask scheduler address {address!r}: {error}") from None
    except (OSError, TimeoutError) as error:
        raise OSError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    with client:
        yield client


def _handshake(distributed: Any, address: str, timeout: float) -> None:
    """Connect to ``address`` and exchange Dask's handshake, all within ``timeout`` seconds.

    ``Client`` bounds the connection but not the handshake after it, so a server that
    accepts and never answers (a wrong port, a proxy) would hang it for ever. This runs in
    a thread of its own, with its own event loop, so it works whether or not the caller is
    inside one (a notebook)."""

    async def exchange() -> None:
        comm = await asyncio.wait_for(distributed.comm.connect(address, timeout=timeout), timeout)
        comm.abort()

    def run() -> None:
        asyncio.run(exchange())

    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="dask-handshake") as pool:
        try:
            pool.submit(run).result()
        except asyncio.TimeoutError:
            raise TimeoutError(f"no handshake within {timeout:g} s") from None
