"""Level 4 (``mahjongkit.mcr.players.search``): worlds built from the seat's view only, the
same choice whatever the hidden tiles are, legal moves under any budget, determinism."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.mcr.arena import arena, deal_rules
from mahjongkit.mcr.game.moves import WIN, Move, MoveKind
from mahjongkit.mcr.game.position import Position
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.hand.notation import format_hand
from mahjongkit.mcr.players.bot import Bot, View, view_of
from mahjongkit.mcr.players.search import (
    FIRST_SHARE,
    MARGIN,
    SearchReport,
    _cpp_scores,
    _int_seed,
    candidates,
    sample_world,
)
from mahjongkit.mcr.players.spec import check_spec, make_player
from tests.mcr.test_bot import table

# The fields of a view a world must reproduce for the searching seat (all but the seed,
# the move count and the totals, which a world does not carry).
SEEN = (
    "hand",
    "drawn",
    "claimed_this_turn",
    "melds",
    "flowers",
    "concealed",
    "pools",
    "visible",
    "wall_count",
    "hand_no",
    "dealer",
    "prevailing",
    "seat_winds",
    "phase",
    "legal",
    "walls",
)


def _same_view(world_view: View, view: View) -> None:
    for name in SEEN:
        assert getattr(world_view, name) == getattr(view, name), name
    if view.window is not None:
        assert world_view.window is not None
        got, want = world_view.window, view.window
        assert (got.kind, got.tile, got.from_seat, got.offered) == (
            want.kind,
            want.tile,
            want.from_seat,
            want.offered,
        )


@pytest.mark.parametrize("variant", ["mcr", "botzone"])
def test_a_sampled_world_shows_the_seat_exactly_what_it_sees(variant: str) -> None:
    checked = 0
    for deal in range(2):
        game = deal_rules(variant, "worlds", deal)
        bots = [Bot(3, seed=str(s)) for s in range(4)]
        rng = random.Random(deal)
        while game.is_active:
            seat = game.waiting_on[0]
            view = view_of(game, seat)
            if len(view.legal) > 1 and (view.window is None or view.window.kind.value == "claim"):
                world = sample_world(view, rng)
                assert world is not None
                _same_view(view_of(world, seat), view)
                assert world.check_invariants() == []
                checked += 1
            game.apply(seat, bots[seat].choose(view))
    assert checked > 20


def _searched_position(seed: str) -> tuple[Rules, Position]:
    """A game at a turn of seat 0 where level 4 searches (level 3 has close rivals), and
    the written position of that moment."""
    for attempt in range(20):
        game = Rules(f"{seed}{attempt}", hand_no=3)
        bots = [Bot(2, seed=str(s)) for s in range(4)]
        while game.is_active and game.hand_no == 3:
            seat = game.waiting_on[0]
            view = view_of(game, seat)
            if (
                seat == 0
                and game.window is None
                and game.moves > 16
                and not game.claimed_this_turn
                and not any(m.melds for m in game.hands)
                and len(candidates(Bot(4), view)[1]) > 1
            ):
                position = Position(
                    hands=tuple(format_hand(h) for h in game.hands),  # type: ignore[arg-type]
                    wall=game.wall.tiles,
                    turn=0,
                    pools=game.pools,
                    drawn=game.drawn,
                )
                return game, position
            game.apply(seat, bots[seat].choose(view))
    raise AssertionError("no searched position found")


# Level 4's own options: the default, the other-seat hands dealt by their discards, the
# other-seat hands dealt at a real player's pace, the planned rollout policy and the mixed one
# (planned at the searching seat only); each must keep to the seat's view and place every world.
OPTIONS = [
    {},
    {"read_discards": True},
    {"paced": True},
    {"paced": False},
    {"rollout_policy": "planned"},
    {"rollout_policy": "mixed"},
]


@pytest.mark.parametrize("options", [*OPTIONS, {"halving": True}])
def test_level_four_never_sees_hidden_information(options: dict[str, Any]) -> None:
    game, position = _searched_position("hidden")
    hands = list(position.hands)
    wall = list(position.wall)
    # Another seat's concealed tiles and the undrawn wall change: seat 2 swaps a tile with
    # the wall (a kind it does not hold), and the wall's order is turned around.
    other = Rules("x", hand_no=3, position=position).hand_of(2)
    held = next(k for k in range(1, 35) if other.counts[k])
    index = next(i for i, k in enumerate(wall) if k <= 34 and other.counts[k] == 0)
    counts = list(other.counts)
    counts[held] -= 1
    counts[wall[index]] += 1
    wall[index] = held
    hands[2] = format_hand(type(other)(tuple(counts), other.melds, other.flowers))
    changed = Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        wall=tuple(reversed(wall)),
        turn=0,
        pools=position.pools,
        drawn=position.drawn,
    )
    first = Rules(game.seed, hand_no=3, position=position)
    second = Rules(game.seed, hand_no=3, position=changed)
    assert first.hand_of(2) != second.hand_of(2) and first.wall.tiles != second.wall.tiles
    views = [view_of(first, 0), view_of(second, 0)]
    assert views[0] == views[1]  # the seat's view is the same: so must the choice be
    bots = [Bot(4, seed="hidden", rollouts=12, max_seconds=1e9, **options) for _ in range(2)]
    moves = [bot.choose(view) for bot, view in zip(bots, views, strict=True)]
    reports = [bot.report for bot in bots]
    assert reports[0] is not None and reports[1] is not None
    assert reports[0].rollouts > 0, "the position must be one level 4 searches"
    assert moves[0] == moves[1] and reports[0].means == reports[1].means


def test_level_four_is_deterministic_for_a_seed() -> None:
    game, _ = _searched_position("again")
    view = view_of(game, 0)
    first, second = (Bot(4, seed="s", rollouts=9, max_seconds=1e9) for _ in range(2))
    assert first.choose(view) == second.choose(view)
    assert first.report is not None and second.report is not None
    assert first.report.rollouts > 0 and first.report.means == second.report.means


@pytest.mark.parametrize("rollouts", [0, 1, 4])
def test_any_budget_plays_legal_moves(rollouts: int) -> None:
    game = deal_rules("botzone", "tiny", rollouts)
    bots = [Bot(4, seed="t0", rollouts=rollouts), Bot(3, seed="t1"), Bot(2, seed="t2")]
    bots.append(Bot(1, seed="t3"))
    while game.is_active:
        seat = game.waiting_on[0]
        move = bots[seat].choose(view_of(game, seat))
        assert game.apply(seat, move) is None
    assert game.history


def test_a_safety_net_of_time_still_plays_a_legal_move() -> None:
    game, _ = _searched_position("net")
    bot = Bot(4, seed="n", rollouts=3000, max_seconds=0.001)
    assert bot.choose(view_of(game, 0)) in game.legal(0)
    assert bot.report is not None and 0 < bot.report.worlds < 1000


def test_a_win_is_taken_at_once() -> None:
    position = Position(hands=table("123m 456p 789s 222s 55m"), wall=("9p",), turn=0, drawn="5m")
    game = Rules("win4", position=position)
    bot = Bot(4, seed="w")
    assert WIN in game.legal(0) and bot.choose(view_of(game, 0)) == WIN
    assert bot.report is None  # nothing was searched


def test_the_arena_plays_level_four_and_its_budget() -> None:
    assert check_spec("bot:4/6") == "bot:4/6" and make_player("bot:4/6").rollouts == 6
    for bad in ("bot:3/6", "bot:4/x", "bot:4/-1", "bot:5"):
        with pytest.raises(ValueError, match="bot"):
            check_spec(bad)
    # bot:4/1 is too small a budget to compare two moves: level 4 plays level 3's (fast here)
    result = arena(["bot:4/1", "bot:3", "bot:2", "bot:1"], hands=4, variant="botzone", seed="a4")
    assert result.hands == 4 and not any(p.penalties for p in result.players)


def test_level_four_claims_or_passes_from_the_window() -> None:
    seen = 0
    for deal in range(6):
        game = deal_rules("mcr", "claims", deal)
        bots = [Bot(4, seed="c", rollouts=4)] + [Bot(2, seed=str(s)) for s in (1, 2, 3)]
        while game.is_active and not seen:
            seat = game.waiting_on[0]
            view = view_of(game, seat)
            move = bots[seat].choose(view)
            report = bots[0].report
            if seat == 0 and view.window is not None and report is not None and report.rollouts:
                seen += 1
                assert any(m.kind is not MoveKind.PASS for m in report.candidates)
            assert game.apply(seat, move) is None
        if seen:
            break
    assert seen > 0, "some claim window was searched"


def test_the_botzone_program_serves_level_four_and_the_packer_refuses_it(tmp_path: Path) -> None:
    import io
    import json

    from mahjongkit._entry import botzone_arguments
    from mahjongkit.mcr.botzone.pack import pack
    from mahjongkit.mcr.botzone.program import serve

    assert botzone_arguments(["mcr", "botzone", "--level", "4"]) == ("bot:4", False)
    log = {"requests": ["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3", "2 F2"]}
    log["responses"] = ["PASS", "PASS"]
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO((json.dumps(log) + "\n").encode())
    assert serve("bot:4/6", stdin=stdin, stdout=out, stderr=err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["response"].startswith("PLAY ")
    with pytest.raises(ValueError, match="level 4 plays hands out on the game rules"):
        pack(tmp_path / "bot4.pyz", level=4)
    assert not (tmp_path / "bot4.pyz").exists()


def test_level_four_plays_through_the_botzone_protocol() -> None:
    from mahjongkit.mcr.botzone.agents import PlayerAgent
    from mahjongkit.mcr.botzone.judge import judge
    from mahjongkit.mcr.botzone.variant import BotzoneDeal
    from mahjongkit.mcr.game.variant import BOTZONE

    seen: list[View] = []

    class Watched(Bot):
        def choose(self, view: View) -> Move:
            seen.append(view)
            return super().choose(view)

    agents = [PlayerAgent(Watched(4, seed="bz", rollouts=4), "bot:4/4")]
    agents += [PlayerAgent(Bot(2, seed=str(s)), "bot:2") for s in (1, 2, 3)]
    result = judge(agents, BotzoneDeal.from_seed("bz4"))
    assert result.offender is None and sum(result.scores) == 0
    # the seat rebuilt from its requests says which game it is: four walls, their lengths
    assert seen and all(v.variant is BOTZONE for v in seen)
    assert all(v.walls is not None and sum(v.walls) == v.wall_count for v in seen)


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("variant", ["mcr", "botzone"])
def test_every_sampled_world_is_placed_and_takes_every_candidate(
    variant: str, options: dict[str, Any]
) -> None:
    # The C++ search deals each world from the view and places the engine there: a world it
    # skips would mean the view was passed on wrongly (a tile count, a wall, a window).
    searched = 0
    for deal in range(2):
        game = deal_rules(variant, "placed", deal)
        bots = [Bot(4, seed="p", rollouts=60, **options)]
        bots += [Bot(3, seed=str(s)) for s in (1, 2, 3)]
        while game.is_active:
            seat = game.waiting_on[0]
            move = bots[seat].choose(view_of(game, seat))
            report = bots[0].report
            if seat == 0 and report is not None and report.rollouts:
                searched += 1
                assert report.skipped == 0 and report.worlds == 60 // len(report.candidates)
                assert move in report.candidates
                bots[0].report = None
            assert game.apply(seat, move) is None
    assert searched > 5


def test_the_python_rollouts_remain_a_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    game, _ = _searched_position("fallback")
    view = view_of(game, 0)
    # Python rollouts cost seconds each here (pure-Python shanten): two worlds for each of
    # the three candidates, the smallest budget with which level 4 searches at all.
    first, second = (Bot(4, seed="f", rollouts=6, max_seconds=1e9) for _ in range(2))
    move = first.choose(view)
    assert move == second.choose(view) and move in game.legal(0)
    assert first.report is not None and first.report.rollouts == 6


def test_the_search_scores_a_win_as_the_rules_settle_it() -> None:
    # The C++ rollouts are scored by the settlement of game/result.settle: a self-drawn win
    # and a discard win of this seat, in every world, are what the Python rules pay it.
    hand = "123m 456p 789s 222s 5m"
    drawn = Position(hands=table(hand + " 5m"), wall=("6s", "6s"), turn=0, drawn="5m")
    fed = Position(hands=table(hand, "5m 147p 258s ESWN RGB"), wall=("6s", "6s"), turn=1)
    for position, discarder in ((drawn, None), (fed, 1)):
        game = Rules("settle4", position=position)
        if discarder is not None:
            assert game.apply(1, Move.parse("discard 5m")) is None
        view = view_of(game, 0)
        assert WIN in view.legal
        report = SearchReport()
        scores = _cpp_scores(Bot(4, seed="s", rollouts=8), view, [WIN, WIN], 7, report)
        assert game.apply(0, WIN) is None
        paid = game.history[-1].deltas[0]
        assert scores is not None and report.worlds == 4
        assert scores == [[paid] * 4, [paid] * 4] and paid > 0


@pytest.mark.parametrize("rollouts", ["x", 2.5, True])
def test_a_budget_that_is_not_an_int_is_a_type_error(rollouts: object) -> None:
    with pytest.raises(TypeError, match="rollouts is an int"):
        Bot(level=4, rollouts=rollouts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"rollout_policy": 3}, TypeError, "rollout_policy is a str"),
        ({"rollout_policy": "bogus"}, ValueError, "rollout_policy is one of"),
        ({"read_discards": "yes"}, TypeError, "read_discards is a bool"),
        ({"read_discards": 1}, TypeError, "read_discards is a bool"),
        ({"paced": "yes"}, TypeError, "paced is a bool"),
        ({"paced": None}, TypeError, "paced is a bool"),
        ({"halving": 1}, TypeError, "halving is a bool"),
    ],
)
def test_search_options_of_the_wrong_type_or_value_are_refused(
    options: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Bot(level=4, **options)  # type: ignore[arg-type]


def test_the_mixed_rollout_policy_is_neither_of_the_others() -> None:
    # On the same worlds (one seed), planning only the searching seat must play the hands out
    # unlike both planning every seat and planning none: a mixed search that fell back to
    # either policy for every seat would score every world as that policy does.
    game, _ = _searched_position("mixed")
    view = view_of(game, 0)
    moves = candidates(Bot(4), view)[1]
    scores = {}
    for policy in ("shanten", "planned", "mixed"):
        report = SearchReport()
        got = _cpp_scores(Bot(4, rollout_policy=policy), view, moves, 5, report, worlds=60)
        assert got is not None and report.worlds == 60 and report.skipped == 0
        scores[policy] = got
    assert scores["mixed"] != scores["shanten"] and scores["mixed"] != scores["planned"]


def test_paced_worlds_deal_the_other_seats_as_far_along_as_real_players() -> None:
    # Ten discards into a hand, a level-3 player's hidden tiles are about one from ready
    # (scripts/make_mcr_pace.py); a uniform deal of the unseen tiles stays about three from
    # ready whatever the turn. The paced worlds must follow the real players, the uniform
    # ones must not (which is why pacing exists).
    game = deal_rules("botzone", "pace-test", 0)
    bots = [Bot(3, seed=str(s)) for s in range(4)]
    while game.is_active and min(len(p) for p in game.pools) < 10:
        seat = game.waiting_on[0]
        assert game.apply(seat, bots[seat].choose(view_of(game, seat))) is None
    assert game.is_active
    seat = game.waiting_on[0]
    view = view_of(game, seat)
    moves = list(view.legal[:2]) if len(view.legal) > 1 else [view.legal[0]] * 2
    means = {}
    for paced in (False, True):
        report = SearchReport()
        bot = Bot(4, seed="pace", rollouts=400, paced=paced)
        assert _cpp_scores(bot, view, moves, 11, report) is not None
        others = [report.dealt_shanten[s] for s in range(4) if s != seat]
        assert report.dealt_shanten[seat] == 0 and report.worlds == 200
        means[paced] = sum(others) / 3
    assert means[False] > 2.2 and means[True] < 1.6, means


@pytest.mark.parametrize("variant", ["mcr", "botzone"])
def test_halving_spends_the_rest_of_the_budget_only_on_a_rival_that_leads(variant: str) -> None:
    # Each searched decision of a halving level 4 is replayed stage by stage with the
    # plain C++ scores: the first stage's worlds (every candidate), then, only when a rival
    # led there, level 3's choice and the best rival on the second seed's fresh worlds,
    # where the rival must win by MARGIN standard errors to be played.
    budget = 90
    stopped = confirmed = 0
    for deal in range(2):
        game = deal_rules(variant, "halving", deal)
        bot = Bot(4, seed="h", rollouts=budget, halving=True)
        bots = [bot] + [Bot(3, seed=str(s)) for s in (1, 2, 3)]
        while game.is_active:
            seat = game.waiting_on[0]
            view = view_of(game, seat)
            move = bots[seat].choose(view)
            report = bot.report
            if seat == 0 and report is not None and report.rollouts:
                moves = list(report.candidates)
                k = len(moves)
                first = _cpp_scores(
                    bot,
                    view,
                    moves,
                    _int_seed("h", view),
                    SearchReport(),
                    budget // FIRST_SHARE // k,
                )
                assert first is not None
                means = [sum(s) / len(s) for s in first]
                assert report.means == tuple(means)
                best = max(range(1, k), key=lambda i: (means[i], -i))
                if means[best] <= means[0]:
                    stopped += 1
                    assert move == moves[0] and report.rollouts == k * len(first[0])
                else:
                    rest = (budget - k * len(first[0])) // 2
                    pair = [moves[0], moves[best]]
                    second = _cpp_scores(
                        bot, view, pair, _int_seed("h:second", view), SearchReport(), rest
                    )
                    assert second is not None
                    assert report.rollouts == k * len(first[0]) + 2 * len(second[0])
                    diffs = [a - b for a, b in zip(second[1], second[0], strict=True)]
                    n = len(diffs)
                    gain = sum(diffs) / n
                    se = (sum((d - gain) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
                    assert move == (moves[best] if gain > MARGIN * se and gain > 0 else moves[0])
                    confirmed += 1
                bot.report = None
            assert game.apply(seat, move) is None
    assert stopped > 0 and confirmed > 0
