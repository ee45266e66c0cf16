"""The environments against the ecosystem's conventions: PettingZoo's render test and the
classic games' wrappers, masks only for the agent to act, end-of-hand infos, Gymnasium's
check_env and registration, MaskablePPO's mask call, rotated and Botzone episodes, and the
expert's action index."""

from __future__ import annotations

import warnings
from collections import Counter

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from mahjongkit.mcr.env import (
    AGENTS,
    MahjongEnv,
    SingleAgentEnv,
    Table,
    VectorSelfPlay,
    env,
    expert_action,
    raw_env,
)
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.players.bot import Bot, view_of
from mahjongkit.mcr.rl.encoding import PASS_INDEX, indices_of
from mahjongkit.mcr.rl.table import rules_for


def _random_agent_loop(environment: MahjongEnv, seed: int, check, bots: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Play an episode (random legal actions, or level-1 bots' when ``bots``), calling
    ``check`` before every step."""
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        check(environment, agent)
        if terminated or truncated:
            environment.step(None)
        elif bots:
            environment.step(expert_action(environment, environment.table.seat, level=1))
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_render_test_passes_and_human_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(render_mode=render_mode))
    environment = raw_env(render_mode="human", rotate=False)
    environment.reset(seed=1)
    capsys.readouterr()
    assert environment.render() is None
    printed = capsys.readouterr().out
    assert printed.strip() and printed == environment.game.to_string() + "\n"
    assert raw_env(render_mode="ansi").render() == ""  # no game yet: an empty table
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_api_and_seed_tests_of_the_wrapped_and_botzone_environments() -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(variant="botzone"), num_cycles=150)
    seed_test(lambda: env(variant="botzone"), num_cycles=150)


def test_only_the_agent_to_act_has_a_mask() -> None:
    """In windows several seats may be asked in turn: only agent_selection has moves."""
    seen = Counter()

    def check(environment: MahjongEnv, agent: str) -> None:
        for other in AGENTS:
            mask = environment.observe(other)["action_mask"]
            if other != environment.agent_selection or environment.terminations[other]:
                assert not mask.any(), other
            else:
                seen["acting"] += 1
                assert mask.sum() == len(environment.table.legal())
                if environment.table.game.window is not None:
                    asked = environment.table.game.window
                    seen["windows"] += bool(asked)

    for seed in range(3):
        _random_agent_loop(MahjongEnv(), seed, check)
    assert seen["acting"] > 100 and seen["windows"] > 0


def test_the_end_of_a_hand_is_in_every_agents_info() -> None:
    outcomes = Counter()
    for seed in range(8):
        environment = MahjongEnv()
        ends = []

        def check(environment: MahjongEnv, agent: str, ends: list[dict] = ends) -> None:  # type: ignore[type-arg]
            if all(environment.terminations.values()):
                ends.append(environment.infos[agent])

        _random_agent_loop(environment, seed, check, bots=True)
        record = environment.game.history[-1]
        assert ends and all(info["hand"] == ends[0]["hand"] for info in ends)
        hand = ends[0]["hand"]
        assert hand["winner"] == record.winner and hand["discarder"] == record.discarder
        assert hand["deltas"] == list(record.deltas) and hand["points"] == record.points
        assert [name for name, _, _ in hand["fans"]] == [fan.name for fan in record.fans]
        outcomes["won" if record.winner is not None else "drawn"] += 1
    assert outcomes["won"] > 0


def test_the_wrapped_env_ends_on_an_illegal_action_as_the_classic_games() -> None:
    environment = env(rotate=False)
    environment.reset(seed=4)
    environment.step(PASS_INDEX)  # seat 0 holds fourteen: pass is not among its moves
    assert all(environment.terminations.values())
    assert environment.rewards == {"seat_0": -1.0, "seat_1": 0.0, "seat_2": 0.0, "seat_3": 0.0}
    assert environment.infos["seat_1"] == {"illegal_move": True, "penalised": 0}
    bounded = env()
    bounded.reset(seed=1)
    with pytest.raises(ValueError, match="outside the encoding"):
        bounded.step(235)
    penalised = env(illegal="penalty", rotate=False)
    penalised.reset(seed=4)
    penalised.step(PASS_INDEX)
    assert penalised.rewards["seat_0"] == -30.0


def test_check_env_registration_and_the_mask_maskable_ppo_asks_for() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env's advice about dict spaces and seeds
        check_env(SingleAgentEnv(), skip_render_check=False)
    made = gymnasium.make("mahjongkit/MCR-v0", seat=3, opponents=1)
    observation, info = made.reset(seed=5)
    assert info["seat"] == 3
    # sb3-contrib's MaskablePPO reads the mask through the wrappers this way.
    masks = made.get_wrapper_attr("action_masks")()
    assert masks.dtype == np.bool_ and masks.shape == (235,)
    assert (masks == observation["action_mask"].astype(bool)).all()
    botzone = gymnasium.make("mahjongkit/MCR-Botzone-v0")
    botzone.reset(seed=1)
    assert botzone.unwrapped.table.game.match.variant == BOTZONE


def test_one_hand_episodes_rotate_the_dealer_and_winds() -> None:
    rotated = Counter()
    botzone = Counter()
    for seed in range(64):
        table = Table()
        table.reset(seed)
        game = table.game
        rotated[(game.dealer, game.prevailing)] += 1
        assert table.seat == game.dealer  # the dealer opens
        replay = rules_for(seed)
        assert (replay.hand_no, replay.hands) == (game.hand_no, game.hands)
        zone = rules_for(seed, variant="botzone")
        botzone[zone.prevailing] += 1
        assert zone.dealer == 0
    assert len(rotated) >= 14 and len(botzone) == 4
    plain = Table(rotate=False)
    for seed in range(8):
        plain.reset(seed)
        assert (plain.game.dealer, plain.game.prevailing, plain.game.hand_no) == (0, 0, 1)


def test_every_environment_plays_the_botzone_variant() -> None:
    aec = MahjongEnv(variant="botzone")
    _random_agent_loop(aec, 3, lambda environment, agent: None)
    assert aec.game.match.variant == BOTZONE and not any(
        aec.game.hands[s].flowers for s in range(4)
    )
    play = VectorSelfPlay(2, variant="botzone")
    twin = VectorSelfPlay(2, variant="botzone", impl="python")  # the rules' own tables
    _, _, seats = play.reset(seeds=[1, 2])
    assert seats.tolist() == [0, 0]  # seat 0 deals, as on Botzone
    twin.reset(seeds=[1, 2])
    assert all(t.game.match.variant == BOTZONE for t in twin._games.tables)  # type: ignore[attr-defined]
    for _ in range(200):  # the engine's batch plays the Botzone game the rules play
        lowest = play.masks.argmax(axis=1)
        got, expected = play.step(lowest), twin.step(lowest)
        assert all((a == b).all() for a, b in zip(got, expected, strict=True))
    single = SingleAgentEnv(variant="botzone", opponents=1)
    single.reset(seed=2)
    assert single.table.game.match.variant == BOTZONE
    with pytest.raises(ValueError, match="variant is one of"):
        Table(variant="riichi")
    with pytest.raises(ValueError, match="the botzone variant plays one hand, not 2"):
        MahjongEnv(variant="botzone", hands=2)


def test_expert_action_is_the_bots_move_as_an_index() -> None:
    environment = MahjongEnv()
    environment.reset(seed=9)
    for _ in range(30):
        seat = environment.table.seat
        index = expert_action(environment, seat, level=2)
        view = view_of(environment.game, seat)
        move = Bot(2, seed=f"{environment.game.seed}:{seat}").choose(view)
        tile = view.window.tile if view.window is not None else None
        assert index == indices_of([move], tile, view.hand.counts)[0]
        assert environment.observe(AGENTS[seat])["action_mask"][index] == 1
        environment.step(index)
        if environment.table.done:
            break
    seat = environment.table.seat
    with pytest.raises(ValueError, match="has no move"):
        expert_action(environment, (seat or 0) + 1 if seat is not None else 0)
    with pytest.raises(ValueError, match="bot levels"):
        expert_action(Table(), 0, level=5)


def test_vectorised_masks_are_int8_and_an_ended_episode_is_kept() -> None:
    play = VectorSelfPlay(3)
    _, masks, _ = play.reset(seeds=[1, 2, 3])
    assert masks.dtype == np.int8
    assert masks.dtype == MahjongEnv().observation_space("seat_0")["action_mask"].dtype
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(600):
        keys = rng.random(masks.shape)
        keys[masks == 0] = -1.0
        _, masks, _, rewards, dones = play.step(keys.argmax(axis=1))
        for k in np.flatnonzero(dones):
            final = play.final_infos[k]
            assert final is not None and final["hand"]["deltas"] == list(rewards[k])
            ended += 1
        for k in np.flatnonzero(~dones):
            assert play.final_infos[k] is None
    assert ended >= 3


def test_aec_to_parallel_refuses_the_turn_game() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    assert MahjongEnv.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env())
