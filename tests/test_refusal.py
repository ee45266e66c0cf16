"""One refusal shape and one pair of verbs for both games."""

from __future__ import annotations

from mahjongkit.mcr.game.moves import discard
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.refusal import Refusal
from mahjongkit.solitaire import Game


def test_both_games_refuse_with_the_same_shape() -> None:
    game = Game.new("turtle", seed=1)
    rules = Rules("shape")
    waiting = rules.waiting_on[0]
    other = (waiting + 1) % 4
    refusals = [game.why_not(1, 2), rules.why_not(other, discard(1))]
    for refusal in refusals:
        assert isinstance(refusal, Refusal)
        assert not refusal  # falsy in both games
        assert str(refusal) == f"{refusal.code.value}: {refusal.message}"
        assert isinstance(refusal.context, tuple)
    solitaire, mcr = refusals
    assert solitaire is not None and mcr is not None
    assert solitaire.context == solitaire.slots == (1,) and solitaire.reason == solitaire.message
    assert mcr.context == mcr.legal == ()  # the seat not waited on may do nothing now
    # apply gives the same refusal and changes nothing; the old names are the same methods
    assert game.apply(1, 2) == game.check(1, 2) == solitaire and game.tiles_left == 144
    assert rules.apply(other, discard(1)) == mcr
    assert Game.remove is Game.apply and Game.check is Game.why_not
