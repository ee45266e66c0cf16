"""The web server's memory with its games at the worst an attacker can make them, against
the bound the store promises (``mahjongkit.web.store.memory_bound``), and what a forged
save costs before it is refused.

Not a test (no timed assertion); figures go to benchmarks/README.md. The default suite
checks the bound with a small allowance (tests/web/test_api_safety.py); this measures it at
the server's real allowance.

    python -m benchmarks.bench_web_memory                  # 20 games of 3,000 actions
    python -m benchmarks.bench_web_memory --games 200      # the store full (minutes)

The worst save is a genuine one (only saves the server signed are replayed) whose whole
allowance went on classic shuffles, the action that keeps the most. It is restored
``--games`` times; the growth of this process's resident memory is the figure.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any


def rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main() -> None:
    from starlette.testclient import TestClient

    from mahjongkit.web import create_app
    from mahjongkit.web.store import DEFAULT_MAX_ACTIONS, memory_bound
    from tests.web.test_api_safety import forged_save

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=DEFAULT_MAX_ACTIONS)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    json_header = {"Content-Type": "application/json"}
    app = create_app(max_games=args.games, max_actions=args.actions, solver_seconds=0.2)
    report: dict[str, Any] = {"games": args.games, "actions": args.actions}
    with TestClient(app) as client:
        forged = json.dumps({"save": forged_save(26_000)}).encode()
        started = time.process_time()
        for _ in range(10):
            response = client.post("/api/games", content=forged, headers=json_header)
            assert response.status_code == 400, response.text
        report["forged save refused: bytes"] = len(forged)
        report["forged save refused: CPU ms each"] = round(100 * (time.process_time() - started), 1)
        game_id = client.post("/api/games", json={"seed": "3"}).json()["state"]["id"]
        started = time.process_time()
        for _ in range(args.actions):
            client.post(f"/api/games/{game_id}/shuffle", json={"kind": "classic"})
        report["worst game played: CPU s"] = round(time.process_time() - started, 1)
        worst = client.get(f"/api/games/{game_id}/save").json()["save"]
        report["worst save: bytes"] = len(json.dumps(worst))
        client.delete(f"/api/games/{game_id}")
        before = rss()
        started = time.process_time()
        for _ in range(args.games):
            response = client.post("/api/games", json={"save": worst})
            assert response.status_code == 201, response.text
        report["restore: CPU s each"] = round((time.process_time() - started) / args.games, 2)
        grown = rss() - before
        report["resident memory grown: MiB"] = round(grown / 2**20, 1)
        report["per game: MiB"] = round(grown / args.games / 2**20, 2)
        bound = memory_bound(args.games, args.actions)
        report["bound (memory_bound): MiB"] = round(bound / 2**20, 1)
        report["grown / bound"] = round(grown / bound, 2)
        report["200 games at this rate: GiB"] = round(200 * grown / args.games / 2**30, 2)
    print(json.dumps(report, indent=2))
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
