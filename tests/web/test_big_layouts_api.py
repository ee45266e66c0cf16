"""The API's rules on a layout of two tile sets imported from a GNOME map: what an imported
layout's game goes through (its layout, its state, hints, moves, shuffles, its save)."""

from __future__ import annotations

import json
from pathlib import Path

from mahjongkit.solitaire import Layout
from mahjongkit.solitaire.game import Game
from mahjongkit.solitaire.save import dumps, loads
from mahjongkit.web import api

MAP = Path(__file__).resolve().parent.parent / "data" / "solitaire_gnome.map"


def test_a_two_set_layout_through_the_api_rules():
    mesa = Layout.from_text(MAP.read_text(), name="Two Set Mesa")
    assert api.layout_json(mesa)["size"] == 218
    game = Game.new(mesa, 12, solver_seconds=1.0)
    state = api.game_json("g", game, None)
    assert len(state["faces"]) == 218 and state["tiles_left"] == 218
    assert len(state["blocked_by"]) == 218
    hint = api.play(game, "hint", {})["hint"]
    assert hint is not None and hint["keeps_winnable"]
    moved = api.play(game, "move", {"a": hint["pair"][0], "b": hint["pair"][1]})
    assert "move" in moved
    assert "shuffle" in api.play(game, "shuffle", {"kind": "solvable"})
    saved = json.loads(dumps(game))
    assert len(saved["slots"]) == 218
    again = loads(json.dumps(saved))
    assert api.game_json("g", again, None)["faces"] == api.game_json("g", game, None)["faces"]
