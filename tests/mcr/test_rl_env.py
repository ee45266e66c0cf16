"""The environments: PettingZoo's own API and seed tests, rewards, bad actions, the
single-agent wrapper, and vectorised play giving the same games as one at a time."""

from __future__ import annotations

import importlib
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

from mahjongkit.mcr.env import AGENTS, MahjongEnv, SingleAgentEnv, VectorSelfPlay, env
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.players.bot import Bot, View
from mahjongkit.mcr.rl.encoding import HU_INDEX, describe
from tests.mcr.rl_play import play_aec, win_or_random


def _quiet_api_test(environment: object, cycles: int) -> None:
    with warnings.catch_warnings():
        # The dict observation with an action mask is PettingZoo's own convention for
        # board games, which api_test only exempts for its own environments by name.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(environment, num_cycles=cycles)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"flat": True, "hands": 2},
        {"illegal": "penalty", "history": 4, "reward_scale": 0.1},
        {"impl": "python", "hands": 2},
    ],
)
def test_pettingzoo_api_test(options: dict[str, object]) -> None:
    _quiet_api_test(MahjongEnv(**options), 400)  # type: ignore[arg-type]


def test_pettingzoo_api_test_wrapped() -> None:
    _quiet_api_test(env(), 200)


def test_pettingzoo_seed_test() -> None:
    seed_test(MahjongEnv, num_cycles=300)


def test_rewards_are_the_settlements_of_the_hands() -> None:
    environment = MahjongEnv(hands=3, reward_scale=0.5)
    won = 0
    for seed in range(4):
        _, totals = play_aec(environment, seed, win_or_random(seed))
        game = environment.game
        records = game.history[:3]
        assert len(records) == 3
        expected = [0.5 * sum(r.deltas[s] for r in records) for s in range(4)]
        assert [totals[a] for a in AGENTS] == expected
        assert sum(totals.values()) == 0
        won += sum(r.winner is not None for r in records)
    assert environment.agents == []


def test_a_bad_action_raises_naming_it_and_changes_nothing() -> None:
    environment = MahjongEnv(rotate=False)
    environment.reset(seed=4)
    before = environment.game.to_json()
    with pytest.raises(ValueError, match=r"action 0 \(pass\) is not legal for seat 0 now"):
        environment.step(0)
    with pytest.raises(ValueError, match="outside the encoding"):
        environment.step(400)
    with pytest.raises(TypeError):
        environment.step("discard 1m")  # type: ignore[arg-type]
    assert environment.game.to_json() == before


def test_a_bad_action_with_the_penalty_option_ends_the_hand_as_on_botzone() -> None:
    environment = MahjongEnv(illegal="penalty", rotate=False)
    environment.reset(seed=4)
    environment.step(0)
    assert all(environment.terminations.values())
    assert environment.rewards == {"seat_0": -30.0, "seat_1": 10.0, "seat_2": 10.0, "seat_3": 10.0}


def test_same_seed_same_game_and_the_seed_stream() -> None:
    first = play_aec(MahjongEnv(), 11, win_or_random(1))
    second = play_aec(MahjongEnv(), 11, win_or_random(1))
    assert first == second
    environment = MahjongEnv()
    environment.reset(seed=11)
    environment.reset()
    later = environment.game.seed
    other = MahjongEnv()
    other.reset(seed=11)
    other.reset()
    assert later == other.game.seed != "11"


def test_vectorised_and_one_at_a_time_play_the_same_games() -> None:
    """K games in one VectorSelfPlay and K MahjongEnv instances, the same seeds and actions:
    the same observations, masks, seats and rewards, across episode ends."""
    seeds = [3, 14, 15, 92]
    play = VectorSelfPlay(len(seeds), hands=1)
    observations, masks, seats = play.reset(seeds=seeds)
    envs = [MahjongEnv() for _ in seeds]
    for environment, seed in zip(envs, seeds, strict=True):
        environment.reset(seed=seed)
    policies = [win_or_random(k) for k in range(len(seeds))]
    episodes = 0
    for _ in range(400):
        actions = []
        for k, environment in enumerate(envs):
            agent = environment.agent_selection
            assert agent == AGENTS[seats[k]]
            observation = environment.observe(agent)
            assert (observation["observation"] == observations[k]).all()
            assert (observation["action_mask"].astype(bool) == masks[k]).all()
            actions.append(policies[k](masks[k]))
        observations, masks, seats, rewards, dones = play.step(np.array(actions))
        for k, environment in enumerate(envs):
            environment.step(actions[k])
            assert [environment.rewards[a] for a in AGENTS] == list(rewards[k])
            assert all(environment.terminations.values()) == dones[k]
            if dones[k]:
                episodes += 1
                environment.reset()  # the next seed of the same stream
                assert play.game_seeds[k] == environment.game.seed
    assert episodes >= 2


def test_vectorised_bad_input() -> None:
    play = VectorSelfPlay(2)
    _, masks, _ = play.reset(seeds=[1, 2])
    with pytest.raises(ValueError, match="one action per game"):
        play.step([2])
    bad = np.array([int(np.flatnonzero(masks[0])[0]), 0])
    with pytest.raises(ValueError, match=r"game 1: action 0 \(pass\) is not legal"):
        play.step(bad)
    with pytest.raises(ValueError, match="one seed per game"):
        play.reset(seeds=[1])


def test_single_agent_wrapper_plays_against_bots_and_callables() -> None:
    def first_legal(view: View) -> Move:
        return view.legal[0]

    for opponents in (1, Bot(2, seed="x"), first_legal, [1, first_legal, Bot(1)]):
        environment = SingleAgentEnv(seat=2, opponents=opponents)  # type: ignore[arg-type]
        observation, info = environment.reset(seed=8)
        assert info["seat"] == 2 and observation["action_mask"].any()
        assert environment.observation_space.contains(observation)
        done = False
        total = 0.0
        steps = 0
        act = win_or_random(0)
        while not done:
            observation, reward, done, truncated, info = environment.step(
                act(observation["action_mask"])
            )
            total += float(reward)
            steps += 1
            assert not truncated
        assert environment.table.done and steps > 0
        record = environment.table.game.history[0]
        assert total == record.deltas[2]


def test_single_agent_is_deterministic() -> None:
    def run() -> list[float]:
        environment = SingleAgentEnv(seat=1, opponents=1)
        observation, _ = environment.reset(seed=21)
        act = win_or_random(3)
        out = []
        done = False
        while not done:
            observation, reward, done, _, _ = environment.step(act(observation["action_mask"]))
            out.append(float(reward))
            out.append(float(observation["observation"].sum()))
        return out

    assert run() == run()


def test_single_agent_bad_options() -> None:
    with pytest.raises(ValueError, match="seat is 0 to 3"):
        SingleAgentEnv(seat=4)
    with pytest.raises(ValueError, match="three opponents"):
        SingleAgentEnv(opponents=[1, 2])
    with pytest.raises(TypeError, match="an opponent is"):
        SingleAgentEnv(opponents="strong")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an opponent is"):
        SingleAgentEnv(opponents=[1, 2, 3.5]).reset(seed=1)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="hands per episode"):
        MahjongEnv(hands=17)
    with pytest.raises(ValueError, match="illegal is"):
        MahjongEnv(illegal="ignore")  # type: ignore[arg-type]


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium"])
@pytest.mark.parametrize("module", ["mahjongkit.mcr.rl.env", "mahjongkit.mcr.rl.single"])
def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch, missing: str, module: str) -> None:
    for name in ("mahjongkit.mcr.rl._extra", "mahjongkit.mcr.rl.env", "mahjongkit.mcr.rl.single"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, missing, None)
    with pytest.raises(ImportError, match=r'pip install "mahjongkit\[rl\]"'):
        importlib.import_module(module)


def test_describe_is_used_in_messages() -> None:
    assert describe(HU_INDEX) == "hu"
