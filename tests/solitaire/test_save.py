"""Save and load: round trips to exactly the same game, and bad files rejected cleanly."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.solitaire.game import Game, Move
from mahjongkit.solitaire.save import SaveError, _digest, dumps, loads


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def played_game() -> Game:
    clock = FakeClock()
    game = Game.new("turtle", 21, clock=clock, check_dead_ends=False)
    for _ in range(6):
        game.remove(*game.available_pairs()[0])
    game.shuffle("classic")
    game.remove(*game.available_pairs()[0])
    game.shuffle()
    game.remove(*game.available_pairs()[-1])
    game.undo()
    game.undo()
    game.hint()
    clock.now = 42.5
    return game


def same_game(a: Game, b: Game) -> bool:
    return (
        a.layout == b.layout
        and a.seed == b.seed
        and a.faces == b.faces
        and a.history == b.history
        and a.redo_stack == b.redo_stack
        and a.counters == b.counters
    )


def test_round_trip_keeps_position_history_redo_and_counters() -> None:
    game = played_game()
    again = loads(dumps(game), clock=lambda: 0.0)
    assert same_game(game, again)
    assert again.elapsed == pytest.approx(42.5)
    # The redo list still works, and both games go on identically.
    assert again.redo() == game.redo()
    assert again.faces == game.faces
    assert dumps(loads(dumps(game))) is not None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_round_trip_after_random_play(seed: int, data: st.DataObject) -> None:
    game = Game.new("tea house", seed, check_dead_ends=False, clock=lambda: 0.0)
    for _ in range(data.draw(st.integers(0, 12))):
        choice = data.draw(st.sampled_from(["move", "move", "undo", "redo", "shuffle"]))
        pairs = game.available_pairs()
        if choice == "move" and pairs:
            assert isinstance(game.remove(*data.draw(st.sampled_from(pairs))), Move)
        elif choice == "undo":
            game.undo()
        elif choice == "redo":
            game.redo()
        elif choice == "shuffle" and game.tiles_left:
            game.shuffle(data.draw(st.sampled_from(["classic", "solvable"])))
    assert same_game(game, loads(dumps(game), clock=lambda: 0.0))


def resign(data: dict[str, Any]) -> str:
    data = {k: v for k, v in data.items() if k != "check"}
    data["check"] = _digest(data)
    return json.dumps(data)


def bad_files() -> dict[str, str]:
    text = dumps(played_game())
    data = json.loads(text)
    illegal = json.loads(text)
    illegal["history"][0] = {"move": [1, 2]}  # 1 and 2 are never free at the start
    unknown_layout = json.loads(text)
    unknown_layout["layout"] = "Moon Base"
    wrong_index = json.loads(text)
    shuffle_at = next(i for i, r in enumerate(wrong_index["history"]) if "shuffle" in r)
    wrong_index["history"][shuffle_at]["index"] = -1
    return {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "not json": "this is not a saved game",
        "a list": "[1, 2, 3]",
        "other format": json.dumps({"format": "kmahjongg"}),
        "tampered move": text.replace('"move": [', '"move": [0, ', 1),
        "tampered seed": text.replace(f'"seed": "{data["seed"]}"', '"seed": "22"', 1),
        "missing field": resign({k: v for k, v in data.items() if k != "counters"}),
        "illegal move, re-signed": resign(illegal),
        "unknown layout, re-signed": resign(unknown_layout),
        "negative shuffle index, re-signed": resign(wrong_index),
    }


@pytest.mark.parametrize("name", sorted(bad_files()))
def test_bad_files_get_a_clear_error_and_leave_the_game_alone(name: str) -> None:
    game = played_game()
    before = (list(game.faces), list(game.history), dataclasses.astuple(game.counters))
    with pytest.raises(SaveError) as error:
        game = loads(bad_files()[name])
    assert str(error.value)
    assert (list(game.faces), list(game.history), dataclasses.astuple(game.counters)) == before


def test_error_messages_say_what_is_wrong() -> None:
    files = bad_files()
    with pytest.raises(SaveError, match="invalid or cut short"):
        loads(files["truncated"])
    with pytest.raises(SaveError, match="changed or corrupted"):
        loads(files["tampered seed"])
    with pytest.raises(SaveError, match="history step 1 cannot be replayed"):
        loads(files["illegal move, re-signed"])
    with pytest.raises(SaveError, match="lacks counters"):
        loads(files["missing field"])
