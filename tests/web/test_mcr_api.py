"""The MCR table and replay API (``/api/mcr``): each endpoint, each refusal, hidden information."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from mahjongkit.mcr.arena import play_deal, replay_deal
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.records.samples import HANDWRITTEN
from mahjongkit.web import create_app
from tests.web.answers import error_of

SECRET = "zq-secret-seed-0"


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/mcr/games", json=body)
    assert response.status_code == 201, response.text
    assert response.headers["location"].startswith("/api/mcr/games/")
    state: dict[str, Any] = response.json()["state"]
    return state


def act(client: TestClient, state: dict[str, Any], action: str, body: Any = None) -> Any:
    response = client.post(f"/api/mcr/games/{state['id']}/{action}", json=body or {})
    assert response.status_code == 200, response.text
    return response.json()


def hinted(client: TestClient, state: dict[str, Any]) -> str:
    return str(act(client, state, "hint")["hint"]["move"])


def assert_hides_the_others(state: dict[str, Any]) -> None:
    """Nothing another seat conceals, no wall, no seed, while the game is played."""
    text = json.dumps(state)
    assert SECRET not in text and "seed" not in state
    assert isinstance(state["wall"], int)
    me = state["seat"]
    for seat in state["seats"]:
        if seat["seat"] == me:
            continue
        assert "concealed" not in seat and "drawn" not in seat, seat
        for meld in seat["melds"]:
            assert not (meld["concealed"] and meld["tiles"]), meld
    if state["status"] == "playing":
        assert not state["hand_end"]


def test_a_new_table_shows_your_rack_and_your_legal_moves(client: TestClient) -> None:
    state = new_table(client, seed=SECRET, levels=[1, 2, 3], hands=1)
    assert state["status"] == "playing" and state["seat"] == 0 and state["to_act"]
    assert len(state["rack"]) == 13 and state["drawn"] is not None
    assert [s["level"] for s in state["seats"]] == [None, 1, 2, 3]
    discards = {m["tile"] for m in state["legal"] if m["kind"] == "discard"}
    assert discards == set(state["rack"]) | {state["drawn"]}
    assert state["phase"] == "discard" and state["turn"] == 0
    assert_hides_the_others(state)
    again = client.get(f"/api/mcr/games/{state['id']}").json()["state"]
    assert again == state


def test_no_response_in_play_shows_another_seats_tiles_or_the_wall(client: TestClient) -> None:
    state = new_table(client, seed=SECRET, levels=[3, 3, 3], hands=1, seat=2)
    assert_hides_the_others(state)
    seen_window = False
    while state["status"] == "playing":
        hint = act(client, state, "hint")
        assert_hides_the_others(hint["state"])
        state = act(client, state, "move", {"move": hint["hint"]["move"]})["state"]
        seen_window |= state["window"] is not None
        if state["status"] == "playing":
            assert_hides_the_others(state)
    assert seen_window, "the game never asked this seat about a discard"
    assert state["status"] == "finished" and state["seed"] == SECRET
    # only now the save (it shows the wall) and every hand
    end = state["hand_end"]
    assert len(end["hands"]) == 4 and all("concealed" in h for h in end["hands"])


def test_a_refused_move_changes_nothing(client: TestClient) -> None:
    state = new_table(client, seed="w7", levels=[1, 1, 1], hands=1)
    for text in ("pung", "win", "discard 1m" if "1m" not in state["rack"] else "chow 23m"):
        refused = act(client, state, "move", {"move": text})
        assert set(refused["refusal"]) == {"code", "message"} and refused["refusal"]["message"]
        assert refused["state"] == state
    assert act(client, state, "move", {"move": "pung"})["refusal"]["code"] == "no_window"


def test_claims_are_offered_and_taken(client: TestClient) -> None:
    state = new_table(client, seed="w14", levels=[1, 1, 1], hands=1)
    while not any(m["kind"] == "pung" for m in state["legal"]):
        state = act(client, state, "move", {"move": hinted(client, state)})["state"]
    assert state["window"]["kind"] == "claim" and state["to_act"]
    tile = state["window"]["tile"]
    assert {m["kind"] for m in state["legal"]} >= {"pass", "pung"}
    assert not any(m["kind"] == "discard" for m in state["legal"])
    # a chow from a seat that is not next, or a kong without four: refused
    refused = act(client, state, "move", {"move": "kong"})
    assert refused["refusal"]["code"] and refused["state"] == state
    taken = act(client, state, "move", {"move": "pung"})["state"]
    mine = taken["seats"][0]["melds"]
    assert mine[-1]["kind"] == "pung" and mine[-1]["tiles"] == [tile] * 3
    assert taken["turn"] == 0 and all(m["kind"] in ("discard", "kong") for m in taken["legal"])


def test_a_chow_names_its_whole_run(client: TestClient) -> None:
    state = new_table(client, seed="w7", levels=[1, 1, 1], hands=1)
    while not any(m["kind"] == "chow" for m in state["legal"]):
        state = act(client, state, "move", {"move": hinted(client, state)})["state"]
    tile = state["window"]["tile"]
    for chow in (m for m in state["legal"] if m["kind"] == "chow"):
        assert tile in chow["tiles"] and len(chow["tiles"]) == 3
        assert chow["move"].startswith("chow ")


def test_a_hint_at_another_level_names_it(client: TestClient) -> None:
    state = new_table(client, seed="hint-level", levels=[1, 1, 1], hands=1)
    legal = {m["move"] for m in state["legal"]}
    for level in (1, 4):
        hint = act(client, state, "hint", {"level": level})["hint"]
        assert hint["level"] == level and hint["move"] in legal
    assert act(client, state, "hint")["hint"]["level"] == 3
    for body, code in (({"level": 5}, "bad_level"), ({"lvl": 4}, "unknown_field")):
        error_of(client.post(f"/api/mcr/games/{state['id']}/hint", json=body), 400, code)


def test_a_hand_won_by_following_the_hints_shows_every_fan(client: TestClient) -> None:
    state = new_table(client, seed="w7", levels=[1, 1, 1], hands=16)
    while state["status"] == "playing":
        state = act(client, state, "move", {"move": hinted(client, state)})["state"]
    assert state["status"] == "hand_over"
    end = state["hand_end"]
    assert end["winner"] == 0 and end["fans"]
    assert sum(f["points"] * f["times"] for f in end["fans"]) == end["points"]
    assert sum(end["deltas"]) == 0 and end["deltas"][0] > 0
    assert {f["name"] for f in end["fans"]} and all(f["chinese"] for f in end["fans"])
    error_of(
        client.post(f"/api/mcr/games/{state['id']}/move", json={"move": "pass"}), 409, "hand_over"
    )
    error_of(client.post(f"/api/mcr/games/{state['id']}/hint", json={}), 409, "hand_over")
    error_of(client.get(f"/api/mcr/games/{state['id']}/save"), 409, "game_not_over")
    after = act(client, state, "next")["state"]
    assert after["status"] == "playing" and after["hand_no"] == 2 and after["hand_end"] is None
    assert after["totals"] == end["totals"]
    error_of(client.post(f"/api/mcr/games/{state['id']}/next", json={}), 409, "hand_not_over")


def test_a_whole_game_auto_played_replays_to_the_same_end(client: TestClient) -> None:
    state = new_table(client, seed="sixteen", levels=[1, 2, 1], hands=16, ruleset="gb")
    done = act(client, state, "auto", {"until": "game"})
    state = done["state"]
    assert state["status"] == "finished" and done["auto"]["moves"] > 16
    assert state["hand_no"] == 16 and state["ruleset"] == "gb"
    assert sum(state["standings"]["totals"]) == 0
    save = client.get(f"/api/mcr/games/{state['id']}/save").json()["save"]
    game = Rules.from_json(save)
    assert list(game.totals) == state["standings"]["totals"]
    loaded = client.post("/api/mcr/replays", json={"kind": "save", "save": save})
    assert loaded.status_code == 201
    moves = loaded.json()["moves"]
    assert len(moves) == len(game.move_log)
    last = client.get(f"/api/mcr/replays/{loaded.json()['id']}/frame", params={"move": len(moves)})
    frame = last.json()["frame"]
    assert frame["next"] is None and frame["standings"]["totals"] == state["standings"]["totals"]
    error_of(client.post(f"/api/mcr/games/{state['id']}/auto", json={}), 409, "game_over")


def test_the_botzone_variant_is_one_hand_on_four_walls(client: TestClient) -> None:
    state = new_table(client, seed="bz", variant="botzone", levels=[2, 2, 2])
    assert state["variant"] == "botzone" and state["hands"] == 1 and state["ruleset"] == "gb"
    assert all(s["flowers"] == [] for s in state["seats"])
    state = act(client, state, "auto", {"until": "hand"})["state"]
    assert state["status"] == "finished"


@pytest.mark.parametrize(
    "body, code",
    [
        ({"levels": [1, 2]}, "bad_levels"),
        ({"levels": [1, 2, 5]}, "bad_levels"),
        ({"levels": [True, 1, 1]}, "bad_levels"),
        ({"seat": 4}, "bad_seat"),
        ({"seat": "0"}, "bad_seat"),
        ({"hands": 4}, "bad_hands"),
        ({"hands": True}, "bad_hands"),
        ({"variant": "riichi"}, "bad_variant"),
        ({"ruleset": "x" * 10_000}, "bad_ruleset"),
        ({"seed": 5}, "bad_seed"),
        ({"seed": "x" * 65}, "bad_seed"),
        ({"seed": "a\nb"}, "bad_seed"),
        ({"colour": "red"}, "unknown_field"),
        ([1, 2], "bad_body"),
    ],
)
def test_a_bad_new_table_is_a_short_400(client: TestClient, body: Any, code: str) -> None:
    message = error_of(client.post("/api/mcr/games", json=body), 400, code)
    assert "x" * 50 not in message


def test_bad_requests_on_a_table(client: TestClient) -> None:
    state = new_table(client, seed="bad", levels=[1, 1, 1], hands=1)
    base = f"/api/mcr/games/{state['id']}"
    error_of(client.post(f"{base}/move", json={"move": "sing"}), 400, "bad_move")
    error_of(client.post(f"{base}/move", json={"move": 5}), 400, "missing_field")
    error_of(client.post(f"{base}/move", json={"move": "pass", "x": 1}), 400, "unknown_field")
    error_of(client.post(f"{base}/move", content=b"{nope"), 400, "bad_json")
    error_of(client.post(f"{base}/auto", json={"until": "forever"}), 400, "bad_until")
    error_of(client.post(f"{base}/dance", json={}), 404, "unknown_action")
    error_of(client.get("/api/mcr/games/nope"), 404, "game_not_found")
    error_of(client.post("/api/mcr/games/nope/move", json={"move": "pass"}), 404, "game_not_found")
    assert client.get(base).json()["state"] == state  # nothing above changed the game
    assert client.delete(base).json() == {"deleted": state["id"]}
    error_of(client.get(base), 404, "game_not_found")


def test_tables_are_bounded_in_number() -> None:
    with TestClient(create_app(max_games=2)) as small:
        first, second, third = (new_table(small, hands=1) for _ in range(3))
        error_of(small.get(f"/api/mcr/games/{first['id']}"), 404, "game_not_found")
        for kept in (second, third):
            assert small.get(f"/api/mcr/games/{kept['id']}").status_code == 200


# ---- replays ----


def test_a_replay_steps_through_a_save_from_any_seats_view(client: TestClient) -> None:
    game = replay_deal(["bot:2", "bot:1", "bot:3", "bot:1"], "mcr", "view", 5, 2)
    loaded = client.post(
        "/api/mcr/replays", json={"kind": "save", "save": json.loads(game.to_json())}
    )
    assert loaded.status_code == 201
    replay_id, moves = loaded.json()["id"], loaded.json()["moves"]
    assert [(m["seat"], m["move"]) for m in moves] == [(s, str(m)) for s, m in game.move_log]

    def frame(**params: Any) -> dict[str, Any]:
        response = client.get(f"/api/mcr/replays/{replay_id}/frame", params=params)
        assert response.status_code == 200, response.text
        return dict(response.json()["frame"])

    start = frame(move=0)
    assert (
        start["index"] == 0 and start["last"] is None and start["next"]["seat"] == moves[0]["seat"]
    )
    assert all("concealed" in s for s in start["seats"])  # every hand open
    seat_view = frame(move=10, seat=1)
    assert seat_view["view"] == 1
    for s in seat_view["seats"]:
        assert ("concealed" in s) == (s["seat"] == 1)
    with_bot = frame(move=10, seat="all", bot=1)
    nxt = with_bot["next"]
    assert nxt["move"] == moves[10]["move"] and nxt["bot"] in {m["move"] for m in nxt["legal"]}
    assert nxt["bot_level"] == 3
    searched = frame(move=10, seat="all", bot=1, bot_level=4)["next"]
    assert searched["bot_level"] == 4 and searched["bot"] in {m["move"] for m in nxt["legal"]}
    error_of(
        client.get(f"/api/mcr/replays/{replay_id}/frame", params={"bot": 1, "bot_level": "9"}),
        400,
        "bad_level",
    )
    assert frame(move=10) == frame(move=10)  # any order of steps gives the same frame
    back = frame(move=9)
    assert back["next"]["move"] == moves[9]["move"] and frame(move=40)["index"] == 40
    end = frame(move=len(moves))
    assert end["hand_end"]["hand_no"] == game.history[0].hand_no and end["next"] is None
    error_of(
        client.get(f"/api/mcr/replays/{replay_id}/frame", params={"move": len(moves) + 1}),
        400,
        "bad_move_index",
    )
    error_of(
        client.get(f"/api/mcr/replays/{replay_id}/frame", params={"move": "-1"}),
        400,
        "bad_move_index",
    )
    error_of(
        client.get(f"/api/mcr/replays/{replay_id}/frame", params={"seat": "5"}), 400, "bad_seat"
    )
    assert client.get(f"/api/mcr/replays/{replay_id}").json()["moves"] == moves


def test_an_arena_hand_replays_as_the_arena_played_it(client: TestClient) -> None:
    specs = ["bot:3", "bot:1", "bot:2", "bot:1"]
    result = play_deal(specs, "botzone", "arena", 3, 1)
    body = {
        "kind": "arena",
        "specs": specs,
        "variant": "botzone",
        "seed": "arena",
        "deal": 3,
        "rotation": 1,
    }
    loaded = client.post("/api/mcr/replays", json=body)
    assert loaded.status_code == 201, loaded.text
    count = len(loaded.json()["moves"])
    last = client.get(f"/api/mcr/replays/{loaded.json()['id']}/frame", params={"move": count})
    deltas = last.json()["frame"]["hand_end"]["deltas"]
    assert tuple(deltas[s] for s in result.seats) == result.points


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"kind": "save", "save": "{not json"}, 400, "bad_save"),
        ({"kind": "save", "save": json.dumps({"format": "other"})}, 400, "bad_save"),
        ({"kind": "save"}, 400, "missing_field"),
        ({"kind": "tape"}, 400, "bad_kind"),
        ({"kind": "arena", "specs": ["cmd:rm -rf /"] * 4}, 400, "bad_specs"),
        ({"kind": "arena", "specs": ["bot:1"] * 4, "deal": -1}, 400, "bad_deal"),
        ({"kind": "arena", "specs": ["bot:1"] * 4, "rotation": 4}, 400, "bad_rotation"),
        ({"kind": "arena", "specs": ["bot:1"] * 4, "variant": "x"}, 400, "bad_variant"),
        ({"kind": "save", "save": "x" * (1 << 20 + 1)}, 413, "body_too_large"),
    ],
)
def test_a_bad_replay_is_a_short_error(
    client: TestClient, body: Any, status: int, code: str
) -> None:
    error_of(client.post("/api/mcr/replays", json=body), status, code)


def test_a_botzone_record_replays_as_the_records_check_replays_it(client: TestClient) -> None:
    text = HANDWRITTEN.read_text()
    loaded = client.post("/api/mcr/replays", json={"kind": "records", "text": text, "game": 1})
    assert loaded.status_code == 201, loaded.text
    assert loaded.json()["title"].startswith("Botzone record ")
    count = len(loaded.json()["moves"])
    frame = client.get(f"/api/mcr/replays/{loaded.json()['id']}/frame", params={"move": count})
    assert frame.json()["frame"]["next"] is None and frame.json()["frame"]["hand_end"]
    for body, code in (
        ({"kind": "records", "text": text, "game": 99}, "bad_game"),
        ({"kind": "records", "text": "Match 1\nWind 9\n"}, "bad_record"),
        ({"kind": "records"}, "missing_field"),
    ):
        error_of(client.post("/api/mcr/replays", json=body), 400, code)


def test_a_save_whose_moves_are_refused_is_not_loaded(client: TestClient) -> None:
    game = replay_deal(["bot:1"] * 4, "mcr", "cheat", 0, 0)
    data = json.loads(game.to_json())
    data["moves"][3] = [data["moves"][3][0], "win"]
    message = error_of(
        client.post("/api/mcr/replays", json={"kind": "save", "save": data}), 400, "bad_save"
    )
    assert "move 3" in message
    error_of(client.get("/api/mcr/replays/nope"), 404, "replay_not_found")


def test_the_pages_are_served(client: TestClient) -> None:
    for path, marker in (("/mcr", "mcr.js"), ("/mcr/replay", "replay.js")):
        page = client.get(path)
        assert page.status_code == 200 and marker in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
    for asset in ("mcr.js", "mcrdraw.js", "replay.js", "mcr.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def judge_log(seed: str, illegal_seat: int | None = None) -> dict[str, Any]:
    """The log of a hand judged between level-1 bots (one of which discards a tile it does
    not hold on its first draw, when ``illegal_seat`` is given)."""
    from mahjongkit.mcr.botzone.agents import PlayerAgent
    from mahjongkit.mcr.botzone.judge import judge
    from mahjongkit.mcr.botzone.variant import BotzoneDeal
    from mahjongkit.mcr.game.moves import discard
    from mahjongkit.mcr.players.bot import Bot, View

    class Cheat:
        def choose(self, view: View) -> Any:
            if view.drawn is not None:
                return discard(next(k for k in range(1, 35) if view.hand.counts[k] == 0))
            return view.legal[0]

    agents = [PlayerAgent(Bot(1, seed=f"{seed}:{s}"), "bot:1") for s in range(4)]
    if illegal_seat is not None:
        agents[illegal_seat] = PlayerAgent(Cheat(), "cheat")  # type: ignore[arg-type]
    data: dict[str, Any] = judge(agents, BotzoneDeal.from_seed(seed)).to_json()
    return data


def last_frame(client: TestClient, loaded: Any) -> dict[str, Any]:
    assert loaded.status_code == 201, loaded.text
    replay = loaded.json()
    frame = client.get(
        f"/api/mcr/replays/{replay['id']}/frame", params={"move": len(replay["moves"])}
    )
    assert frame.status_code == 200, frame.text
    last: dict[str, Any] = frame.json()["frame"]
    return last


@pytest.mark.parametrize("seed", ["log-1", "log-2", "log-3"])
def test_a_judge_log_replays_to_the_judges_result(client: TestClient, seed: str) -> None:
    log = judge_log(seed)
    result = log["result"]
    assert result["outcome"] in ("win", "exhausted")
    loaded = client.post("/api/mcr/replays", json={"kind": "judge", "log": json.dumps(log)})
    frame = last_frame(client, loaded)
    assert loaded.json()["title"].startswith("judge log: bot:1, bot:1")
    assert frame["next"] is None and frame["variant"] == "botzone"
    end = frame["hand_end"]
    assert (end["winner"], end["discarder"]) == (result["winner"], result["discarder"])
    assert end["deltas"] == result["scores"]


def test_a_judge_log_ended_by_a_penalty_stops_before_the_offence(client: TestClient) -> None:
    log = judge_log("log-penalty", illegal_seat=2)
    assert (log["result"]["outcome"], log["result"]["offender"]) == ("penalty", 2)
    loaded = client.post("/api/mcr/replays", json={"kind": "judge", "log": log, "title": "p"})
    frame = last_frame(client, loaded)
    moves = loaded.json()["moves"]
    assert loaded.json()["title"] == "p" and moves and frame["hand_end"] is None
    # seat 2 offended on its first draw: before it, seats 0 and 1 discarded and it passed
    assert [m["seat"] for m in moves if m["move"].startswith("discard")] == [0, 1]


def test_a_bad_judge_log_is_a_short_error(client: TestClient) -> None:
    log = judge_log("log-1")
    short = {**log, "turns": log["turns"][:-3]}
    other = json.loads(json.dumps(log))
    other["result"]["points"] += 1
    walls = {**log, "deal": {"walltiles": "W1 " * 136, "quan": 0}}
    for body, code, says in (
        ({"kind": "judge", "log": "{not json"}, "bad_log", "not JSON"),
        ({"kind": "judge", "log": {**log, "format": "x"}}, "bad_log", "not a judge log"),
        ({"kind": "judge", "log": {**log, "players": ["a"]}}, "bad_log", "four players"),
        ({"kind": "judge", "log": {**log, "turns": [{}]}}, "bad_log", "turn 0 has no requests"),
        ({"kind": "judge", "log": short}, "bad_log", "ends before"),
        ({"kind": "judge", "log": other}, "bad_log", "the replay gives points"),
        ({"kind": "judge", "log": walls}, "bad_log", "136 tiles"),
        ({"kind": "judge", "log": 7}, "missing_field", "needs log"),
        ({"kind": "judge", "log": log, "extra": 1}, "unknown_field", "extra"),
    ):
        message = error_of(client.post("/api/mcr/replays", json=body), 400, code)
        assert says in message, (says, message)
