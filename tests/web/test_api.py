"""The JSON API through Starlette's test client: every endpoint, and every kind of bad input."""

from __future__ import annotations

import dataclasses
import datetime
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from mahjongkit import tiles
from mahjongkit.solitaire import daily_seed, deal, get_layout, layouts
from mahjongkit.solitaire.batch import batch
from mahjongkit.solitaire.game import Game, GameResult, Status
from mahjongkit.solitaire.solver import solve
from mahjongkit.web import api, create_app
from mahjongkit.web.api import MAX_RANGE
from mahjongkit.web.app import MAX_BODY
from mahjongkit.web.openapi import openapi
from tests.solitaire.lines import first_stuck_line
from tests.web.answers import error_of

JSON = {"Content-Type": "application/json"}


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()["state"]
    assert response.headers["location"] == f"/api/games/{state['id']}"
    return state


def act(client: TestClient, game_id: str, action: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/api/games/{game_id}/{action}", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# ---- the page and the document ----


def test_the_page_and_its_files_are_served_from_the_package(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert '<svg id="board"' in page.text
    for name, kind in [
        ("app.js", "javascript"),
        ("tiles.js", "javascript"),
        ("style.css", "text/css"),
        ("favicon.svg", "image/svg+xml"),
    ]:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
        assert f"/static/{name}" in page.text
    # Offline: nothing is fetched from another host.
    assert "http://" not in page.text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page.text
    error_of(client.get("/static/nothing.js"), 404, "not_found")


def test_openapi_lists_exactly_the_apps_routes(client: TestClient) -> None:
    document = client.get("/api").json()
    assert document == client.get("/api/openapi.json").json() == openapi()
    assert document["openapi"].startswith("3.")
    routes = {
        route.path  # type: ignore[attr-defined]
        for route in client.app.routes  # type: ignore[attr-defined]
        if route.path.startswith("/api")  # type: ignore[attr-defined]
    }
    assert routes == set(document["paths"])


def test_unknown_paths_and_methods_are_json_errors(client: TestClient) -> None:
    assert "/api/nowhere" in error_of(client.get("/api/nowhere"), 404, "not_found")
    assert "PUT" in error_of(client.put("/api/board"), 405, "method_not_allowed")
    error_of(client.get("/api/solve"), 405, "method_not_allowed")


# ---- layouts and boards ----


def test_layouts(client: TestClient) -> None:
    served = client.get("/api/layouts").json()["layouts"]
    assert [item["name"] for item in served] == [layout.name for layout in layouts()]
    for item, layout in zip(served, layouts(), strict=True):
        assert item["size"] == layout.size and len(item["slots"]) == layout.size
        assert [tuple(slot) for slot in item["slots"]] == list(layout.slots)
        assert item["layer_counts"] == list(layout.layer_counts())
    turtle = client.get("/api/layouts/Turtle").json()
    assert turtle["free_at_start"] == 33 and turtle["key"] == "turtle"
    assert client.get("/api/layouts/great_wall").json()["name"] == "Great Wall"
    assert "known layouts" in error_of(client.get("/api/layouts/dragon"), 404, "unknown_layout")


def test_a_board_is_the_engines_deal(client: TestClient) -> None:
    board = deal(get_layout("turtle"), 12345)
    data = client.get("/api/board", params={"layout": "turtle", "seed": "12345"}).json()
    assert data["layout"] == "Turtle" and data["seed"] == "12345" and "removal_order" not in data
    assert [slot["face"] for slot in data["slots"]] == [tiles.code(f) for f in board.faces]
    assert [(s["x"], s["y"], s["z"]) for s in data["slots"]] == list(board.layout.slots)
    ordered = client.get("/api/board", params={"layout": "turtle", "seed": 12345, "order": "1"})
    assert [tuple(pair) for pair in ordered.json()["removal_order"]] == list(board.removal_order)
    hexed = client.get("/api/board", params={"layout": "Tea House", "seed": "0xff"}).json()
    assert hexed["seed"] == "255" and hexed["key"] == "tea-house"
    top = client.get("/api/board", params={"layout": "tea-house", "seed": str(2**64 - 1)})
    assert top.status_code == 200


@pytest.mark.parametrize("name", ["tea house", "turtle", "great wall", "butterfly"])
def test_the_written_board_json_equals_the_dict(name: str) -> None:
    for seed in (0, 1, 2**64 - 1):
        for order in (False, True):
            assert json.loads(api.board_text(name, seed, order=order)) == api.board_json(
                name, seed, order=order
            )
    daily = json.loads(api.daily_text("2026-06-14", order=True))
    assert daily == api.daily_json("2026-06-14", order=True)


@pytest.mark.parametrize(
    ("params", "code", "needle"),
    [
        ({"seed": "1"}, "missing_parameter", "'layout'"),
        ({"layout": "turtle"}, "missing_parameter", "'seed'"),
        ({"layout": "dragon", "seed": "1"}, "unknown_layout", "dragon"),
        ({"layout": "turtle", "seed": "x"}, "bad_seed", "'x'"),
        ({"layout": "turtle", "seed": "-1"}, "bad_seed", "2**64 - 1"),
        ({"layout": "turtle", "seed": str(2**64)}, "bad_seed", "2**64 - 1"),
        ({"layout": "turtle", "seed": ""}, "bad_seed", "seed"),
        ({"layout": "turtle", "seed": "1", "order": "maybe"}, "bad_flag", "order"),
    ],
)
def test_bad_board_requests(
    client: TestClient, params: dict[str, str], code: str, needle: str
) -> None:
    assert needle in error_of(client.get("/api/board", params=params), 400, code)


def test_the_daily_board(client: TestClient) -> None:
    data = client.get("/api/daily", params={"date": "2026-06-14"}).json()
    seed = daily_seed("2026-06-14")
    assert data["date"] == "2026-06-14" and data["seed"] == str(seed) and data["layout"] == "Turtle"
    board = deal(get_layout("turtle"), seed)
    assert [slot["face"] for slot in data["slots"]] == [tiles.code(f) for f in board.faces]
    before = datetime.date.today().isoformat()
    today = client.get("/api/daily").json()
    after = datetime.date.today().isoformat()  # the request may straddle midnight
    assert today["date"] in {before, after}
    for bad_date in ("2026-6-14", "yesterday", "2026-02-30"):
        message = error_of(client.get("/api/daily", params={"date": bad_date}), 400, "bad_date")
        assert "YYYY-MM-DD" in message


def test_a_range_of_seeds_streams_as_json_lines(client: TestClient) -> None:
    response = client.get("/api/boards", params={"layout": "fortress", "seeds": "10:+1200"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert [line["seed"] for line in lines] == [str(seed) for seed in range(10, 1210)]
    expected = batch("fortress", range(10, 1210), threads=1)
    assert [line["faces"] for line in lines] == expected.tolist()
    assert {line["layout"] for line in lines} == {"Fortress"}
    default = client.get("/api/boards", params={"seeds": "3"}).text.splitlines()
    assert len(default) == 1 and json.loads(default[0])["layout"] == "Turtle"


def test_bad_ranges(client: TestClient) -> None:
    too_many = {"seeds": f"0:{MAX_RANGE + 1}"}
    assert f"{MAX_RANGE:,}" in error_of(
        client.get("/api/boards", params=too_many), 400, "range_too_large"
    )
    assert client.get("/api/boards", params={"seeds": f"0:{MAX_RANGE}"}).status_code == 200
    error_of(client.get("/api/boards", params={"seeds": "5:1"}), 400, "bad_seeds")
    error_of(client.get("/api/boards", params={"seeds": "a:b"}), 400, "bad_seeds")
    error_of(client.get("/api/boards"), 400, "missing_parameter")
    error_of(client.get("/api/boards", params={"seeds": "1", "layout": "x"}), 400, "unknown_layout")


# ---- the solver ----


def test_solve_a_position(client: TestClient) -> None:
    board = deal(get_layout("butterfly"), 9)
    faces = [tiles.code(face) for face in board.faces]
    data = client.post("/api/solve", json={"layout": "butterfly", "faces": faces}).json()
    assert data["verdict"] == "solvable" and data["reason"] == ""
    game = Game.from_board(board, check_dead_ends=False)
    for a, b in data["solution"]:
        assert game.remove(a, b)
    assert game.status is Status.WON
    # The same position with a pair already gone, given as kinds and a present list.
    a, b = data["solution"][0]
    present = [slot for slot in range(board.layout.size) if slot not in (a, b)]
    rest = client.post(
        "/api/solve", json={"layout": "butterfly", "faces": list(board.faces), "present": present}
    ).json()
    assert rest["verdict"] == "solvable" and len(rest["solution"]) == len(data["solution"]) - 1


def test_an_unsolvable_position(client: TestClient) -> None:
    faces: list[str | None] = [None] * 36
    faces[7] = faces[24] = "5m"  # slot 24 lies on slot 7: that pair can never go
    data = client.post("/api/solve", json={"layout": "tea house", "faces": faces}).json()
    assert data["verdict"] == "unsolvable" and data["solution"] == [] and data["reason"]


def _faces(n: int = 36) -> list[str]:
    return [tiles.code(face) for face in deal(get_layout("tea house"), 1).faces][:n]


@pytest.mark.parametrize(
    ("body", "code", "needle"),
    [
        ([1, 2], "bad_body", "JSON object"),
        ({"layout": "tea house"}, "missing_field", "faces"),
        ({"layout": "tea house", "faces": _faces(), "colour": 1}, "unknown_field", "'colour'"),
        ({"layout": "nowhere", "faces": _faces()}, "unknown_layout", "nowhere"),
        ({"layout": "tea house", "faces": "5m"}, "bad_faces", "list"),
        ({"layout": "tea house", "faces": _faces(35)}, "bad_faces", "got 35"),
        ({"layout": "tea house", "faces": ["9z", *_faces()[1:]]}, "bad_face", "'9z'"),
        ({"layout": "tea house", "faces": [43, *_faces()[1:]]}, "bad_face", "43"),
        ({"layout": "tea house", "faces": _faces(), "present": 3}, "bad_present", "list"),
        ({"layout": "tea house", "faces": _faces(), "present": [36]}, "bad_present", "36"),
        (
            {"layout": "tea house", "faces": [None, *_faces()[1:]], "present": [0]},
            "bad_present",
            "slot 0 has no face",
        ),
        ({"layout": "tea house", "faces": [None, *_faces()[1:]]}, "unpaired_faces", "partner"),
        ({"layout": "tea house", "faces": _faces(), "max_seconds": 0}, "bad_budget", "max_secon"),
        ({"layout": "tea house", "faces": _faces(), "max_seconds": 60}, "bad_budget", "5.0"),
        ({"layout": "tea house", "faces": _faces(), "max_seconds": "1"}, "bad_budget", "'1'"),
    ],
)
def test_bad_solve_requests(client: TestClient, body: object, code: str, needle: str) -> None:
    message = error_of(client.post("/api/solve", json=body), 400, code)
    assert needle in message, message


def test_unreadable_and_oversized_bodies(client: TestClient) -> None:
    message = error_of(
        client.post("/api/solve", content=b"{not json", headers=JSON), 400, "bad_json"
    )
    assert "not valid JSON" in message
    error_of(client.post("/api/solve", content=b"\xff\xfe", headers=JSON), 400, "bad_json")
    error_of(client.post("/api/solve", content=b""), 400, "missing_field")
    huge = b"[" + b"0," * (MAX_BODY // 2) + b"0]"
    error_of(client.post("/api/solve", content=huge, headers=JSON), 413, "body_too_large")


# ---- games ----


def test_a_game_from_start_to_win(client: TestClient) -> None:
    state = new_game(client, layout="tea house", seed=12)
    board = deal(get_layout("tea house"), 12)
    assert state["faces"] == [tiles.code(face) for face in board.faces]
    assert state["status"] == "playing" and state["tiles_left"] == 36 and state["result"] is None
    assert state["free"] == list(Game.from_board(board).free_slots())
    game_id = state["id"]
    assert client.get(f"/api/games/{game_id}").json()["state"]["faces"] == state["faces"]
    for a, b in solve(board.layout, board.faces).solution:
        data = act(client, game_id, "move", a=a, b=b)
        assert data["move"]["pair"] == [a, b] and data["move"]["dead_end"] is False
    final = data["state"]
    assert final["status"] == "won" and final["tiles_left"] == 0
    result = final["result"]
    assert result["outcome"] == "won" and result["moves"] == 18 and result["hints"] == 0
    # never the solution or the board: what a GameResult holds (test_game checks that)
    assert set(result) == {f.name for f in dataclasses.fields(GameResult)}
    refused = act(client, game_id, "move", a=0, b=1)
    assert refused["refusal"]["code"] == "game_over"


def test_the_state_counts_each_tiles_blockers(client: TestClient) -> None:
    state = new_game(client, layout="turtle", seed=1)
    counts = state["blocked_by"]
    assert (counts[143], counts[139], counts[1], counts[128]) == (0, 1, 2, 4)
    assert [slot for slot, n in enumerate(counts) if n == 0] == state["free"]
    game_id = state["id"]
    pair = next(iter(Game.from_board(deal(get_layout("turtle"), 1)).available_pairs()))
    after = act(client, game_id, "move", a=pair[0], b=pair[1])["state"]
    explained = [client.get(f"/api/games/{game_id}/explain/{slot}").json() for slot in range(144)]
    for slot, why in enumerate(explained):  # the count is Learn Mode's blockers, counted
        if why["state"] == "removed":
            assert after["blocked_by"][slot] is None
            continue
        sides = len(why["left"]) + len(why["right"]) if why["left"] and why["right"] else 0
        assert after["blocked_by"][slot] == len(why["covered_by"]) + sides, slot


def test_moves_refusals_learn_mode_undo_redo(client: TestClient) -> None:
    state = new_game(client, layout="turtle", seed=18)
    game_id = state["id"]
    refused = act(client, game_id, "move", a=139, b=143)
    assert refused["refusal"] == {
        "code": "not_free",
        "reason": "139 at (12,6,3) is blocked: covered by 143; left open, right blocked by 140",
        "slots": [139],
    }
    assert refused["state"]["faces"] == state["faces"]  # a refused move changes nothing
    assert act(client, game_id, "move", a=5, b=5)["refusal"]["code"] == "same_tile"
    why = client.get(f"/api/games/{game_id}/explain/1").json()
    assert why["state"] == "sides" and why["left"] == [0] and why["right"] == [2]
    assert why["sentence"] == "1 at (6,0,0) is blocked: both sides occupied (left 0, right 2)"
    assert client.get(f"/api/games/{game_id}/explain/143").json()["free"] is True
    moved = act(client, game_id, "move", a=29, b=143)["move"]
    assert moved["newly_free"] == [28, 139, 140, 141, 142]
    assert moved["newly_uncovered"] == [139, 140, 141, 142]
    assert moved["unlocked"].startswith("newly free: 28, 139")
    after = client.get(f"/api/games/{game_id}").json()["state"]
    assert after["faces"][29] is None and after["faces"][143] is None and after["can_undo"]
    undone = act(client, game_id, "undo")
    assert undone["undo"]["pair"] == [29, 143] and undone["state"]["faces"] == state["faces"]
    assert undone["state"]["can_redo"] and undone["state"]["counters"]["undos"] == 1
    redone = act(client, game_id, "redo")
    assert redone["redo"]["kind"] == "move" and redone["state"]["faces"] == after["faces"]
    assert act(client, game_id, "redo")["refusal"]["code"] == "nothing_to_redo"
    act(client, game_id, "undo")
    assert act(client, game_id, "undo")["refusal"]["code"] == "nothing_to_undo"


def test_hint_shuffle_replay(client: TestClient) -> None:
    state = new_game(client, layout="fortress", seed=4)
    game_id = state["id"]
    hinted = act(client, game_id, "hint")
    a, b = hinted["hint"]["pair"]
    assert hinted["hint"]["keeps_winnable"] is True and hinted["state"]["counters"]["hints"] == 1
    face_a, face_b = (tiles.from_code(state["faces"][slot]) for slot in (a, b))
    assert tiles.solitaire_match(face_a, face_b)
    shuffled = act(client, game_id, "shuffle")
    assert shuffled["shuffle"] == {"kind": "solvable", "index": 0}
    assert sorted(shuffled["state"]["faces"]) == sorted(state["faces"])
    classic = act(client, game_id, "shuffle", kind="classic")
    assert classic["shuffle"] == {"kind": "classic", "index": 1}
    assert classic["state"]["counters"]["shuffles"] == 2
    replayed = act(client, game_id, "replay")["state"]
    assert replayed["faces"] == state["faces"] and replayed["counters"]["shuffles"] == 0
    assert not replayed["can_undo"]


def test_stuck_game_and_dead_end_warning(client: TestClient) -> None:
    # A Tea House line of "first available pair" moves that ends stuck, with the move that
    # lost the game flagged as a dead end.
    seed, moves = first_stuck_line()
    game_id = new_game(client, layout="tea house", seed=seed)["id"]
    flags = [act(client, game_id, "move", a=a, b=b) for a, b in moves]
    assert True in [data["move"]["dead_end"] for data in flags]
    final = flags[-1]["state"]
    assert final["status"] == "stuck" and final["pairs"] == 0
    assert final["result"]["outcome"] == "stuck" and final["result"]["tiles_left"] > 0
    assert act(client, game_id, "hint")["hint"] is None


def test_daily_and_saved_games(client: TestClient) -> None:
    state = new_game(client, daily="2026-06-14")
    assert state["daily"] == "2026-06-14" and state["seed"] == str(daily_seed("2026-06-14"))
    assert state["seed_text"] == str(daily_seed("2026-06-14"))
    game_id = state["id"]
    a, b = act(client, game_id, "hint")["hint"]["pair"]
    moved = act(client, game_id, "move", a=a, b=b)["state"]
    saved = client.get(f"/api/games/{game_id}/save").json()
    assert saved["daily"] == "2026-06-14"
    again = new_game(client, save=saved["save"], daily="2026-06-14")
    assert again["id"] != game_id and again["faces"] == moved["faces"]
    assert again["counters"] == moved["counters"] and again["daily"] == "2026-06-14"
    tampered = {**saved["save"], "seed": "1"}
    assert "signed" in error_of(client.post("/api/games", json={"save": tampered}), 400, "bad_save")
    foreign = {**saved["save"], "layout": "Dragon"}
    assert "signed" in error_of(client.post("/api/games", json={"save": foreign}), 400, "bad_save")
    error_of(client.post("/api/games", json={"save": "x"}), 400, "bad_save")


def test_a_new_game_without_a_seed_gets_a_random_one(client: TestClient) -> None:
    first, second = new_game(client), new_game(client)
    assert first["layout"] == "Turtle" and first["seed"] != second["seed"]


@pytest.mark.parametrize(
    ("body", "code", "needle"),
    [
        ({"layout": "turtle", "speed": 3}, "unknown_field", "'speed'"),
        ({"layout": "dragon"}, "unknown_layout", "dragon"),
        ({"seed": -4}, "bad_seed", "-4"),
        ({"seed": True}, "bad_seed", "True"),
        ({"daily": "2026-13-01"}, "bad_date", "YYYY-MM-DD"),
        ({"daily": "2026-06-14", "seed": 3}, "conflicting_fields", "daily alone"),
        ({"save": {}, "layout": "turtle"}, "conflicting_fields", "save alone"),
        ({"save": {"format": "x"}}, "bad_save", "no signature"),
    ],
)
def test_bad_new_game_requests(client: TestClient, body: object, code: str, needle: str) -> None:
    assert needle in error_of(client.post("/api/games", json=body), 400, code)
    error_of(client.post("/api/games", json=[1]), 400, "bad_body")


def test_bad_game_requests(client: TestClient) -> None:
    game_id = new_game(client, layout="tea house", seed=1)["id"]
    base = f"/api/games/{game_id}"
    error_of(client.post(f"{base}/move", json={"a": 1}), 400, "missing_field")
    extra = client.post(f"{base}/move", json={"a": 1, "b": 1, "c": 2})
    assert "'c'" in error_of(extra, 400, "unknown_field")
    beyond = client.post(f"{base}/move", json={"a": 1, "b": 36})
    assert "0 to 35" in error_of(beyond, 400, "bad_slot")
    error_of(client.post(f"{base}/move", json={"a": "one", "b": 2}), 400, "bad_slot")
    error_of(client.post(f"{base}/move", json={"a": 1.5, "b": 2}), 400, "bad_slot")
    error_of(client.post(f"{base}/move", content=b"[1, 2]", headers=JSON), 400, "bad_body")
    sideways = client.post(f"{base}/shuffle", json={"kind": "x"})
    assert "classic" in error_of(sideways, 400, "bad_shuffle")
    error_of(client.post(f"{base}/undo", json={"steps": 2}), 400, "unknown_field")
    error_of(client.post(f"{base}/fly"), 404, "unknown_action")
    error_of(client.get(f"{base}/explain/99"), 400, "bad_slot")
    error_of(client.get(f"{base}/explain/x"), 400, "bad_slot")
    error_of(client.get(f"{base}/move"), 405, "method_not_allowed")
    assert client.delete(base).json() == {"deleted": game_id}
    assert "expired" in error_of(client.get(base), 404, "game_not_found")
    error_of(client.post(f"{base}/hint"), 404, "game_not_found")
    error_of(client.get(f"{base}/save"), 404, "game_not_found")
    error_of(client.delete(base), 404, "game_not_found")


def test_memory_stays_bounded() -> None:
    with TestClient(create_app(max_games=2, max_actions=3)) as small:
        first = new_game(small, layout="tea house", seed=1)["id"]
        second = new_game(small, layout="tea house", seed=2)["id"]
        assert small.get(f"/api/games/{first}").status_code == 200  # first is now the newest
        new_game(small, layout="tea house", seed=3)
        error_of(small.get(f"/api/games/{second}"), 404, "game_not_found")  # evicted
        for _ in range(3):
            act(small, first, "hint")
        message = error_of(small.post(f"/api/games/{first}/hint"), 429, "too_many_actions")
        assert "3 actions" in message


def test_the_layouts_list_goes_compressed_when_the_browser_takes_it(client: TestClient) -> None:
    packed = client.get("/api/layouts", headers={"accept-encoding": "gzip"})
    plain = client.get("/api/layouts", headers={"accept-encoding": "identity"})
    assert packed.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert int(packed.headers["content-length"]) * 3 < int(plain.headers["content-length"])
    assert packed.json() == plain.json()
