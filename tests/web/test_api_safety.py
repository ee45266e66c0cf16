"""The API against hostile and awkward input: seeds as strings, short 4xx errors, signed
saves that keep their allowance, the memory bound under forged and worst-case saves, the
clock's pause, and imported layouts."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from mahjongkit.web import create_app
from mahjongkit.web.store import memory_bound
from tests.web.answers import error_of

JSON = {"Content-Type": "application/json"}
KEY = b"k" * 32


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(save_key=KEY, solver_seconds=0.2)) as made:
        yield made


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()["state"]
    return state


def act(client: TestClient, game_id: str, action: str, **body: Any) -> Any:
    response = client.post(f"/api/games/{game_id}/{action}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def js_round_trip(value: Any) -> Any:
    """What a browser sends back after JSON.parse and JSON.stringify: whole floats lose
    their ``.0`` and integers above 2**53 are rounded."""

    def through(item: Any) -> Any:
        if isinstance(item, dict):
            return {key: through(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [through(inner) for inner in item]
        if isinstance(item, float) and item.is_integer():
            return int(item)
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > 2**53:
            return int(float(item))
        return item

    return through(value)


# ---- 4: every bad input is a short 4xx ----


def test_huge_and_deep_bodies_are_400s_that_echo_little(client: TestClient) -> None:
    digits = b'{"seed": ' + b"7" * 10_000 + b"}"
    assert "too long" in error_of(
        client.post("/api/games", content=digits, headers=JSON), 400, "bad_json"
    )
    deep = b"[" * 100_000
    assert "deeply" in error_of(
        client.post("/api/games", content=deep, headers=JSON), 400, "bad_json"
    )
    long_seed = client.post("/api/games", json={"seed": "7" * 10_000})
    message = error_of(long_seed, 400, "bad_seed")
    assert "7" * 30 not in message and len(message) < 200
    board = client.get("/api/board", params={"layout": "turtle", "seed": "9" * 10_000})
    assert "9" * 30 not in error_of(board, 400, "bad_seed")
    daily = client.get("/api/daily", params={"date": "2026-06-1" + "4" * 5_000})
    assert "4" * 30 not in error_of(daily, 400, "bad_date")
    far = client.get("/api/" + "x" * 5_000)
    assert "x" * 100 not in error_of(far, 404, "not_found")


@pytest.mark.parametrize("seed", ["٣", "３", "²", "+3", " ", "1e3", "0x", "-0"])
def test_seeds_are_ascii_digits_or_hex_only(client: TestClient, seed: str) -> None:
    error_of(client.post("/api/games", json={"seed": seed}), 400, "bad_seed")
    error_of(client.get("/api/board", params={"layout": "turtle", "seed": seed}), 400, "bad_seed")


def test_slots_are_ascii_digits_only(client: TestClient) -> None:
    game_id = new_game(client, layout="tea house", seed="1")["id"]
    error_of(client.get(f"/api/games/{game_id}/explain/%C2%B2"), 400, "bad_slot")
    error_of(client.get(f"/api/games/{game_id}/explain/%D9%A3"), 400, "bad_slot")
    error_of(client.post(f"/api/games/{game_id}/move", json={"a": "²", "b": "1"}), 400, "bad_slot")
    assert client.get(f"/api/games/{game_id}/explain/3").status_code == 200


def test_a_plus_read_as_a_space_is_explained(client: TestClient) -> None:
    message = error_of(client.get("/api/boards?layout=turtle&seeds=5:+3"), 400, "bad_seeds")
    assert "5:%2B3" in message
    assert client.get("/api/boards?layout=turtle&seeds=5:%2B3").status_code == 200


def test_only_json_bodies_are_read(client: TestClient) -> None:
    before = len(client.app.state.store)  # type: ignore[attr-defined]
    plain = client.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain"})
    assert "text/plain" in error_of(plain, 415, "unsupported_media_type")
    form = client.post("/api/games", data={"layout": "turtle"})
    error_of(form, 415, "unsupported_media_type")
    assert len(client.app.state.store) == before  # type: ignore[attr-defined]
    assert client.post("/api/games").status_code == 201  # no body at all: a random game


# ---- 2: seeds travel as strings, and saves survive a browser's JSON ----


def test_a_seed_above_2_53_survives_a_browser_round_trip(client: TestClient) -> None:
    seed = 5758731174311641346
    state = new_game(client, seed=str(seed))
    assert state["seed"] == str(seed) and new_game(client, seed=seed)["seed"] == str(seed)
    game_id = state["id"]
    a, b = act(client, game_id, "hint")["hint"]["pair"]
    act(client, game_id, "move", a=a, b=b)
    game = client.app.state.store.find(game_id).game  # type: ignore[attr-defined]
    game._timer.restart(carried=12.0)
    game.pause()  # a whole number of seconds, which JSON.stringify writes as 12
    saved = client.get(f"/api/games/{game_id}/save").json()["save"]
    assert saved["seed"] == str(seed) and saved["elapsed"] == 12.0
    again = client.post("/api/games", json={"save": js_round_trip(saved)})
    assert again.status_code == 201, again.text
    restored = again.json()["state"]
    assert restored["seed"] == str(seed) and restored["counters"]["moves"] == 1


# ---- 3: signed saves ----


def forged_save(shuffles: int) -> dict[str, Any]:
    """The save an attacker writes: many shuffles, its SHA-256 check recomputed (anyone can),
    but no signature of the server's key."""
    payload: dict[str, Any] = {
        "format": "mahjongkit-solitaire-game",
        "version": 2,
        "layout": "Turtle",
        "seed": "1",
        "history": [{"shuffle": "classic", "index": i} for i in range(shuffles)],
        "redo": [],
        "counters": {"moves": 0, "undos": 0, "redos": 0, "shuffles": shuffles, "hints": 0},
        "elapsed": 0.0,
    }
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    payload["check"] = hashlib.sha256(canonical.encode()).hexdigest()
    payload["actions"] = 0
    payload["signature"] = "0" * 64
    return payload


def test_a_save_restores_only_where_it_was_signed(client: TestClient) -> None:
    game_id = new_game(client, layout="tea house", seed="4")["id"]
    act(client, game_id, "shuffle", kind="classic")
    saved = client.get(f"/api/games/{game_id}/save").json()["save"]
    forged = {**saved, "actions": 0}
    assert "signed" in error_of(client.post("/api/games", json={"save": forged}), 400, "bad_save")
    unsigned = {k: v for k, v in saved.items() if k != "signature"}
    error_of(client.post("/api/games", json={"save": unsigned}), 400, "bad_save")
    # A restarted server with the same key takes it; one with another key does not.
    with TestClient(create_app(save_key=KEY)) as restarted:
        assert restarted.post("/api/games", json={"save": saved}).status_code == 201
    with TestClient(create_app(save_key=b"x" * 32)) as other:
        error_of(other.post("/api/games", json={"save": saved}), 400, "bad_save")


def test_a_restored_game_keeps_its_used_allowance() -> None:
    with TestClient(create_app(save_key=KEY, max_actions=5, solver_seconds=0.2)) as client:
        game_id = new_game(client, layout="tea house", seed="2")["id"]
        for _ in range(4):
            act(client, game_id, "shuffle", kind="solvable")
        act(client, game_id, "pause")  # pausing is free: it keeps nothing
        saved = client.get(f"/api/games/{game_id}/save").json()["save"]
        assert saved["actions"] == 4
        again = new_game(client, save=saved)["id"]
        act(client, again, "undo")  # the fifth action
        refused = client.post(f"/api/games/{again}/undo", json={})
        error_of(refused, 429, "too_many_actions")
    # A server allowing fewer actions than a save holds refuses it before replaying it.
    with TestClient(create_app(save_key=KEY, max_actions=3)) as strict:
        message = error_of(strict.post("/api/games", json={"save": saved}), 400, "bad_save")
        assert "more than a game may have (3)" in message


def rss_bytes() -> int:
    """This process's resident memory (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def test_200_games_from_the_worst_saves_stay_under_the_memory_bound() -> None:
    """The worst save an attacker can have restored is a genuine one at its allowance, all
    of it shuffles (the costliest action); a forged one is refused after one pass over its
    bytes, so it never becomes a game (5 of them show it: each costs about 0.05 s of
    parsing and hashing). The allowance is small here so that the test is quick; the bound
    scales with it (docs/web.md gives the defaults' figures)."""
    max_games, max_actions = 200, 30
    app = create_app(save_key=KEY, max_games=max_games, max_actions=max_actions)
    with TestClient(app) as client:
        forged = json.dumps({"save": forged_save(26_000)}).encode()
        assert 900_000 < len(forged) < 1 << 20  # as large as a body may be
        start = rss_bytes()
        for _ in range(5):
            refused = client.post("/api/games", content=forged, headers=JSON)
            error_of(refused, 400, "bad_save")
        assert len(app.state.store) == 0
        game_id = new_game(client, seed="3")["id"]
        for _ in range(max_actions):
            act(client, game_id, "shuffle", kind="classic")
        worst = client.get(f"/api/games/{game_id}/save").json()["save"]
        assert len(worst["history"]) == worst["actions"] == max_actions
        client.delete(f"/api/games/{game_id}")
        for _ in range(max_games):
            restored = new_game(client, save=worst)
            assert restored["counters"]["shuffles"] == max_actions
        assert len(app.state.store) == max_games
        grown = rss_bytes() - start
        bound = memory_bound(max_games, max_actions)
        print(f"memory: {grown / 2**20:.1f} MiB grown, bound {bound / 2**20:.1f} MiB")
        assert grown < bound, (grown, bound)
        # Every one is spent: the allowance came back with the game.
        error_of(client.post(f"/api/games/{restored['id']}/hint", json={}), 429, "too_many_actions")


# ---- 6: the clock pauses ----


def test_pause_stops_the_clock_until_the_next_action(client: TestClient) -> None:
    game_id = new_game(client, layout="tea house", seed="5")["id"]
    paused = act(client, game_id, "pause")["state"]
    assert paused["paused"] is True
    time.sleep(0.05)  # not a race: a stopped clock reads the same whenever it is read
    assert client.get(f"/api/games/{game_id}").json()["state"]["elapsed"] == paused["elapsed"]
    assert act(client, game_id, "resume")["state"]["paused"] is False
    act(client, game_id, "pause")
    hinted = act(client, game_id, "hint")["state"]  # any action starts it again
    assert hinted["paused"] is False
    error_of(client.post(f"/api/games/{game_id}/pause", json={"x": 1}), 400, "unknown_field")


# ---- imported layouts ----

KMAHJONGG = "kmahjongg-layout-v1.1\nw8\nh4\nd1\n" + "12121212\n43434343\n" * 2


def test_a_kmahjongg_layout_is_imported_and_played(client: TestClient) -> None:
    imported = client.post("/api/layouts/import", json={"text": KMAHJONGG, "name": "Block"})
    assert imported.status_code == 200, imported.text
    layout = imported.json()
    assert layout["key"] == "custom-block" and layout["size"] == 8 and layout["name"] == "Block"
    state = new_game(client, layout="Block", slots=layout["slots"], seed="9")
    assert state["key"] == "custom-block" and state["tiles_left"] == 8
    assert state["layout_data"]["slots"] == layout["slots"]
    saved = client.get(f"/api/games/{state['id']}/save").json()["save"]
    assert new_game(client, save=saved)["layout_data"]["slots"] == layout["slots"]
    turtle = new_game(client, seed="1")
    assert turtle["key"] == "turtle" and turtle["layout_data"] is None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"text": "/etc/passwd"}, "bad_layout_text"),  # never read as a path
        ({"text": "kmahjongg-layout-v1.1"}, "bad_layout_text"),
        ({"text": "kmahjongg-layout-v1.1\nw2\nh2\nd1\n12\n43\n12\n"}, "bad_layout_text"),
        ({"text": 5}, "bad_layout_text"),
        ({"text": KMAHJONGG, "name": "n" * 81}, "bad_layout"),
        ({"text": KMAHJONGG, "size": 1}, "unknown_field"),
    ],
)
def test_bad_layout_files_are_400s(client: TestClient, body: Any, code: str) -> None:
    error_of(client.post("/api/layouts/import", json=body), 400, code)


def test_bad_imported_slots_are_400s(client: TestClient) -> None:
    error_of(client.post("/api/games", json={"slots": [[0, 0]]}), 400, "bad_slots")
    overlap = {"layout": "x", "slots": [[0, 0, 0], [1, 0, 0]]}
    error_of(client.post("/api/games", json=overlap), 400, "bad_layout")
