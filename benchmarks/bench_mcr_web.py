"""The MCR pages' weight and time to interactive in a real browser, and the table API's cost.

Not a test (no timed assertion); the figures go to benchmarks/README.md with the load.

    python -m benchmarks.bench_mcr_web

* page weight: the bytes the browser fetched for ``/mcr`` and ``/mcr/replay`` (the HTML, the
  scripts, the stylesheet; no images or fonts are fetched), and their gzip size;
* time to interactive: navigation start to ``body[data-ready=true]`` (the table dealt and drawn
  with your legal moves, or the replay's first frame drawn), median and slowest of 10 loads,
  each in a fresh browser context;
* the table API in-process: a person's move with the three level-3 bots' answers, median.
"""

from __future__ import annotations

import gzip
import socket
import statistics
import threading
import time
from typing import Any

from tests.web.test_browser import CHROMIUM

LOADS = 10
PAGES = {
    "/mcr": "/mcr?seed=bench&hands=1",
    "/mcr/replay": (
        "/mcr/replay?arena=bot:3,bot:1,bot:1,bot:1&variant=mcr&seed=0&deal=1&rotation=0&move=30"
    ),
}


def serve() -> tuple[str, Any]:
    import uvicorn

    from mahjongkit.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("the server did not start")
        time.sleep(0.02)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", server


def browser_figures(base: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, path in PAGES.items():
            times, weight, packed = [], 0, 0
            for n in range(LOADS):
                context = browser.new_context(bypass_csp=True)
                page = context.new_page()
                bodies: list[bytes] = []
                if n == 0:
                    page.on(
                        "response",
                        lambda r, into=bodies: into.append(r.body()) if r.ok else None,
                    )
                page.goto(base + path)
                page.wait_for_selector("body[data-ready=true]", timeout=30_000)
                times.append(
                    page.evaluate("performance.now()")  # since navigation start
                )
                if n == 0:
                    static = [b for b in bodies if len(b) > 0]
                    weight = sum(len(b) for b in static)
                    packed = sum(len(gzip.compress(b)) for b in static)
                context.close()
            print(
                f"{name:12} weight {weight / 1024:6.1f} KiB ({packed / 1024:5.1f} KiB gzip, "
                f"API answers included) | interactive median {statistics.median(times):6.0f} ms,"
                f" slowest {max(times):6.0f} ms ({LOADS} loads)"
            )
        browser.close()


def api_figures() -> None:
    from mahjongkit.mcr.players.bot import hint
    from mahjongkit.web.mcr_api import Table, table_json

    costs = []
    for game in range(20):
        table = Table.new({"seed": f"bench{game}", "hands": 1})
        while table.rules.is_active and not table.paused:
            move = str(hint(table.rules, table.seat))
            start = time.process_time()
            table.move({"move": move})
            table_json("x", table)
            costs.append(time.process_time() - start)
    print(
        f"table move (your move, the bots' answers, the state): median "
        f"{statistics.median(costs) * 1000:.1f} ms CPU, 90th percentile "
        f"{sorted(costs)[int(len(costs) * 0.9)] * 1000:.1f} ms over {len(costs)} moves"
    )


def main() -> None:
    with open("/proc/loadavg") as f:
        print("load:", f.read().strip())
    base, server = serve()
    try:
        browser_figures(base)
    finally:
        server.should_exit = True
    api_figures()


if __name__ == "__main__":
    main()
