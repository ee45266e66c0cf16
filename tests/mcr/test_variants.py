"""The games by name (``mcr/variants.py``): one registry the web table, the arena, the RL
tables and the command line share."""

from __future__ import annotations

import pytest

from mahjongkit.mcr.arena import deal_rules
from mahjongkit.mcr.game.result import HANDS
from mahjongkit.mcr.game.variant import BOTZONE, MATCH_HANDS, ONE_HAND, STANDARD
from mahjongkit.mcr.rl.table import Table, rules_for
from mahjongkit.mcr.scoring.ruleset import GB, GREEN_BOOK, RULESETS
from mahjongkit.mcr.variants import MATCH_HANDS as REGISTRY_HANDS
from mahjongkit.mcr.variants import RULESET_NAMES, VARIANT_NAMES, VARIANTS, game_variant
from mahjongkit.web.mcr_api import VARIANT_NAMES as WEB_VARIANTS
from mahjongkit.web.mcr_api import new_rules


def test_the_light_mirrors_equal_their_sources() -> None:
    assert tuple(RULESETS) == RULESET_NAMES
    assert REGISTRY_HANDS == MATCH_HANDS == HANDS
    assert VARIANT_NAMES == tuple(VARIANTS) == WEB_VARIANTS == ("mcr", "botzone")


def test_each_variant_deals_its_game() -> None:
    mcr, botzone = VARIANTS["mcr"], VARIANTS["botzone"]
    whole = mcr.rules("v", hands=16)
    assert whole.match.variant == STANDARD and whole.ruleset is GREEN_BOOK and whole.hand_no == 1
    one = mcr.rules("v", hand=7)
    assert one.match.variant == ONE_HAND and (one.hand_no, one.dealer, one.prevailing) == (7, 2, 1)
    assert mcr.rules("v").hand_no == mcr.seeded_hand("v")
    zone = botzone.rules("v", hand=9)
    assert zone.match.variant == BOTZONE and zone.ruleset is GB
    assert (zone.dealer, zone.prevailing) == (0, 2)
    assert botzone.rules("v").hand_no == botzone.seeded_hand("v")
    assert mcr.rules("v", ruleset=GB).ruleset is GB


def test_the_front_ends_deal_what_the_registry_deals() -> None:
    """The arena's deals, the RL tables' episodes and the web's new tables are the
    registry's games (the same walls for the same seeds)."""
    for name, game in VARIANTS.items():
        for deal in (0, 5, 21):
            ours = game.rules(f"s:{deal}", hand=game.deal_hand(deal))
            theirs = deal_rules(name, "s", deal)
            assert (theirs.hand_no, theirs.hand_of(1)) == (ours.hand_no, ours.hand_of(1))
        web = new_rules("w", hands=1, ruleset_name=game.ruleset, variant=name)
        first = game.rules("w", hand=game.deal_hand(0))
        assert (web.hand_no, web.hand_of(2)) == (first.hand_no, first.hand_of(2))
        table = Table(variant=name, rotate=False)
        table.reset(3)
        assert table.game is not None and table.game.hand_no == 1
        assert rules_for(3, variant=name).hand_no == game.seeded_hand("3")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: game_variant("riichi"), "the variant is one of \\('mcr', 'botzone'\\)"),
        (lambda: VARIANTS["botzone"].rules("x", hands=16), "the botzone variant plays one hand"),
        (lambda: VARIANTS["mcr"].rules("x", hands=3), "the mcr variant plays \\(1, 16\\) hands"),
        (lambda: VARIANTS["mcr"].rules("x", hand=17), "a hand number is 1 to 16, not 17"),
        (lambda: Table(variant="botzone", hands=2), "the botzone variant plays one hand, not 2"),
    ],
)
def test_bad_choices_are_one_clear_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_one_seed_rule_for_every_rl_entry_point_and_one_for_the_front_ends() -> None:
    from mahjongkit.mcr.arena import arena
    from mahjongkit.mcr.rl.single import SingleAgentEnv
    from mahjongkit.mcr.rl.vector import VectorSelfPlay

    for call in (
        lambda: Table().reset(-1),
        lambda: SingleAgentEnv().reset(seed=-1),
        lambda: VectorSelfPlay(2).reset(seeds=[1, -1]),
    ):
        with pytest.raises(ValueError, match="a seed is a non-negative int, not -1"):
            call()
    with pytest.raises(ValueError, match="a seed is at most 64 printable characters"):
        arena(["bot:1"] * 4, hands=4, seed="x" * 65)
    with pytest.raises(TypeError, match="a seed is text, not int"):
        arena(["bot:1"] * 4, hands=4, seed=5)  # type: ignore[arg-type]
