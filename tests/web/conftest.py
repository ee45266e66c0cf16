"""One server and one chromium for each module of browser tests (a browser starts in about a
second on this machine). Per module, not per session: Playwright's sync API runs one
instance at a time, and a module may start its own."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browsers import NO_CHROMIUM, find_chromium


def serve(app: Any, port: int = 0) -> tuple[Any, threading.Thread, socket.socket, str]:
    """Start uvicorn on ``port`` (a free one by default) of this machine; the server, its
    thread, its socket and its address once it answers."""
    import uvicorn

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart on the same port
    sock.bind(("127.0.0.1", port))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    return server, thread, sock, f"http://127.0.0.1:{port}"


def stop(server: Any, thread: threading.Thread, sock: socket.socket) -> None:
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    from mahjongkit.web import create_app

    server, thread, sock, url = serve(create_app())
    yield url
    stop(server, thread, sock)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """The API of an app with the default bounds, through Starlette's test client."""
    from starlette.testclient import TestClient

    from mahjongkit.web import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(NO_CHROMIUM)
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="browser tests need Playwright (pip install '.[test]')"
    )
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        yield launched
        launched.close()
