"""Web benchmarks: board requests per second on one core, page load to interactive, and a
move's round trip in a real browser.

Not a test (no timed assertion); figures go to benchmarks/README.md. Everything stays on this
machine: the server binds 127.0.0.1, the load script only talks to it, and every loop is
bounded in requests and seconds.

    python benchmarks/bench_web.py load      # board requests/s, server pinned to one core
    python benchmarks/bench_web.py browser   # page load to interactive, move round trip
    python benchmarks/bench_web.py           # both

The load script is a small asyncio HTTP/1.1 client over keep-alive connections (no extra
package, and cheaper per request than a full client), pinned to the other core.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server_process(
    core: int | None, http: str = "auto", python_path: str | None = None
) -> Iterator[tuple[int, int]]:
    """uvicorn serving the app in its own process, pinned to ``core`` when taskset exists;
    ``http`` is uvicorn's HTTP parser (h11, httptools, or auto: httptools when installed);
    ``python_path``, when given, is where the package is imported from."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        "mahjongkit.web.app:create_app",
        "--host",
        HOST,
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--http",
        http,
    ]
    if core is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(core), *command]
    env = None if python_path is None else {**os.environ, "PYTHONPATH": python_path}
    process = subprocess.Popen(command, env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection((HOST, port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _connection(
    port: int, paths: list[str], next_index: list[int], deadline: float, latencies: list[float]
) -> int:
    reader, writer = await asyncio.open_connection(HOST, port)
    ok = 0
    try:
        while next_index[0] < len(paths) and time.perf_counter() < deadline:
            path = paths[next_index[0]]
            next_index[0] += 1
            started = time.perf_counter()
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = await reader.readexactly(length)
            latencies.append(time.perf_counter() - started)
            if head.startswith(b"HTTP/1.1 200") and body:
                ok += 1
    finally:
        writer.close()
    return ok


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _load(
    port: int, pid: int, paths: list[str], connections: int, seconds: float
) -> dict[str, Any]:
    next_index = [0]
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    cpu = cpu_seconds(pid)
    counts = await asyncio.gather(
        *(_connection(port, paths, next_index, deadline, latencies) for _ in range(connections))
    )
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(pid) - cpu
    latencies.sort()
    return {
        "requests": len(latencies),
        "ok": sum(counts),
        "seconds": round(elapsed, 3),
        "server_cpu_seconds": round(cpu, 3),
        # Requests per second of the server's own CPU time: what one whole core serves,
        # whatever else the shared machine runs meanwhile.
        "per_cpu_second": round(len(latencies) / cpu) if cpu else None,
        "per_second": round(len(latencies) / elapsed),
        "p50_ms": round(1000 * latencies[len(latencies) // 2], 2),
        "p99_ms": round(1000 * latencies[int(len(latencies) * 0.99)], 2),
    }


def load(requests: int, connections: int, seconds: float) -> dict[str, Any]:
    """Board requests per second against one server process on one core, with each HTTP
    parser uvicorn can use here, side by side."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {1 % (os.cpu_count() or 1)})  # the client on the other core
    cases = {
        "board turtle": [f"/api/board?layout=turtle&seed={i}" for i in range(requests)],
        "board tea house": [f"/api/board?layout=tea-house&seed={i}" for i in range(requests)],
        "board turtle + order": [
            f"/api/board?layout=turtle&seed={i}&order=1" for i in range(requests)
        ],
        "daily": [
            f"/api/daily?date=2026-{1 + i % 12:02d}-{1 + i % 28:02d}" for i in range(requests)
        ],
        "layout (cached, no deal)": ["/api/layouts/tea-house"] * requests,
    }
    parsers = ["h11"]
    try:
        import httptools  # noqa: F401

        parsers.append("httptools")
    except ImportError:
        pass
    results: dict[str, Any] = {}
    for http in parsers:
        with server_process(core=0, http=http) as (port, pid):
            asyncio.run(_load(port, pid, cases["board turtle"][:500], connections, 10))  # warm
            for name, paths in cases.items():
                results[f"{name} ({http})"] = asyncio.run(
                    _load(port, pid, paths, connections, seconds)
                )
    return results


# ---- the browser ----


def find_chromium() -> str | None:
    chosen = os.environ.get("MAHJONGKIT_CHROMIUM")
    if chosen:
        return chosen
    if os.access("/usr/lib/chromium/chromium", os.X_OK):
        return "/usr/lib/chromium/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


_ROUND_TRIP = """async ([a, b]) => {
  const tiles = document.getElementById('tiles');
  document.getElementById('tile-' + a).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const done = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!document.getElementById('tile-' + b)) { watch.disconnect(); resolve(performance.now()); }
    });
    watch.observe(tiles, {childList: true});
  });
  const started = performance.now();
  document.getElementById('tile-' + b).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const total = (await done) - started;
  const entries = performance.getEntriesByType('resource');
  const request = entries.filter((e) => e.name.endsWith('/move')).pop();
  performance.clearResourceTimings();
  return [total, request.responseEnd - request.requestStart];
}"""


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "n": len(values),
        "median_ms": round(statistics.median(ordered), 1),
        "p90_ms": round(ordered[int(len(ordered) * 0.9)], 1),
        "max_ms": round(ordered[-1], 1),
    }


def browser(loads: int, games: int) -> dict[str, Any]:
    """Page load to interactive, and every move's round trip of whole Turtle games."""
    from playwright.sync_api import sync_playwright

    from mahjongkit.solitaire import deal, get_layout
    from mahjongkit.solitaire.solver import solve

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no chromium found (apt-get install chromium)")
    interactive: list[float] = []
    wall: list[float] = []
    moves: list[float] = []
    requests: list[float] = []
    # The server runs in its own process, as `mahjongkit serve` does (in a thread of this
    # process it would share the interpreter lock with Playwright's driver).
    with server_process(core=None) as (port, _), sync_playwright() as playwright:
        url = f"http://{HOST}:{port}"
        launched = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for index in range(loads + 1):
            context = launched.new_context(viewport={"width": 1280, "height": 860})
            page = context.new_page()
            started = time.perf_counter()
            page.goto(f"{url}/?layout=turtle&seed={index}")
            page.wait_for_selector("body[data-ready=true]")
            if index:  # the first load warms the server and the browser up
                wall.append(1000 * (time.perf_counter() - started))
                interactive.append(float(page.get_attribute("body", "data-ready-at") or "nan"))
            context.close()
        for seed in range(games):
            board = deal(get_layout("turtle"), seed)
            solution = solve(board.layout, board.faces).solution
            context = launched.new_context(viewport={"width": 1280, "height": 860})
            page = context.new_page()
            page.goto(f"{url}/?layout=turtle&seed={seed}")
            page.wait_for_selector("body[data-ready=true]")
            for a, b in solution:
                total, request = page.evaluate(_ROUND_TRIP, [a, b])
                moves.append(total)
                requests.append(request)
            assert page.inner_text("#result-title") == "You won!"
            context.close()
        launched.close()
    return {
        "load to interactive (navigation start to ready, in the page)": summary(interactive),
        "load to interactive (goto to ready, from Playwright)": summary(wall),
        "move round trip (click to board redrawn)": summary(moves),
        "of which the request (sent to answer received)": summary(requests),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=["load", "browser", "all"], default="all")
    parser.add_argument("--requests", type=int, default=20_000, help="per load case")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0, help="time cap per load case")
    parser.add_argument("--loads", type=int, default=10, help="page loads measured")
    parser.add_argument("--games", type=int, default=3, help="Turtle games played by clicks")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    report: dict[str, Any] = {}
    if args.what in ("browser", "all"):
        report["browser"] = browser(args.loads, args.games)
    if args.what in ("load", "all"):
        report["load"] = load(args.requests, args.connections, args.seconds)
    print(json.dumps(report, indent=2))
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
