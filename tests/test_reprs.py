"""In a REPL or a notebook: a board, a game, a hand and a game table show a line as their
repr, and draw themselves in Jupyter (``_repr_svg_``, ``_repr_html_``) as SVG pictures of
their tiles."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from mahjongkit.mcr import parse_hand
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.solitaire import Game, deal, get_layout

SVG = "{http://www.w3.org/2000/svg}"


def tiles_drawn(picture: str) -> list[str]:
    """The codes written on the tiles of an SVG picture (which must be well-formed XML)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
    return [t.text or "" for t in root.iter(f"{SVG}text") if t.get("font-size") != "12"]


def test_a_board_shows_a_line_and_draws_its_144_tiles() -> None:
    board = deal(get_layout("turtle"), seed=1)
    assert repr(board) == "<Board Turtle seed=1: 144 tiles>"
    drawn = tiles_drawn(board._repr_svg_())
    assert sorted(drawn) == sorted(board.face_code(s) for s in range(144))
    assert board._repr_svg_() in board._repr_html_()


def test_a_game_shows_a_line_and_draws_what_is_left_free_tiles_outlined() -> None:
    game = Game.new("turtle", seed=18)
    game.remove(29, 143)  # a legal pair (the README's)
    text = repr(game)
    assert len(text) < 100 and text.startswith("<Game Turtle seed=18: 142 tiles left, 1 move,")
    picture = game._repr_svg_()
    assert len(tiles_drawn(picture)) == game.tiles_left == 142
    root = ET.fromstring(picture)
    outlined = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "2"]
    assert len(outlined) == len(game.free_slots())
    assert "142 tiles left" in game._repr_html_()


def test_a_hand_shows_its_notation_and_draws_its_tiles_and_melds() -> None:
    hand = parse_hand("123m 456p 789s 234s 5m")
    assert repr(hand) == f"<Hand {hand}>"
    assert tiles_drawn(hand._repr_svg_()) == [
        *["1m", "2m", "3m", "5m", "4p", "5p", "6p", "2s", "3s", "4s", "7s", "8s", "9s"]
    ]
    game = Rules("melds")
    for _ in range(200):  # play, claiming whenever offered, until someone has a meld
        seat = game.waiting_on[0] if game.waiting_on else None
        if seat is None or any(game.hand_of(s).melds for s in range(4)):
            break
        legal = game.legal(seat)
        claims = [m for m in legal if m.kind.value in ("pung", "chow", "kong")]
        game.apply(seat, claims[0] if claims else legal[0])
    melded = next(game.hand_of(s) for s in range(4) if game.hand_of(s).melds)
    drawn = tiles_drawn(melded._repr_svg_())
    assert len(drawn) == sum(melded.counts) + sum(len(m.tiles) for m in melded.melds) + len(
        melded.flowers
    )


def test_a_game_table_shows_a_line_and_draws_every_hand_and_pool() -> None:
    game = Rules("table")
    assert re.fullmatch(
        r"<Rules hand 1/16, phase discard, seat 0 on turn, wall \d+, totals \[0, 0, 0, 0\]>",
        repr(game),
    )
    for _ in range(12):
        seat = game.waiting_on[0]
        assert game.apply(seat, game.legal(seat)[0]) is None
    drawn = tiles_drawn(game._repr_svg_())
    hands = [game.hand_of(s) for s in range(4)]
    expected = sum(sum(h.counts) + len(h.flowers) for h in hands) + sum(map(len, game.pools))
    assert len(drawn) == expected
    assert "seat 0 E" in game._repr_svg_() and "phase" in game._repr_html_()
    assert game.is_active
