"""The MCR RL environments under hostile input: constructor options, seeds and actions of
any type and size give the documented ``ValueError``/``TypeError`` (or work), and a refused
call leaves the environment as it was."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from fuzz_budget import budget
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from mahjongkit.mcr.env import MahjongEnv, SingleAgentEnv, VectorSelfPlay
from mahjongkit.mcr.rl.vector import MAX_GAMES

DOCUMENTED = (ValueError, TypeError)
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([2**30, 2**31, 2**63, 10**9, 10**7, -1, 0, 1, 144, 145, 235]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.lists(st.integers(-3, 300), max_size=3),
    st.dictionaries(st.integers(0, 3), st.integers(0, 3), max_size=2),
    st.sampled_from([np.int64(3), np.float32(2.5), np.array([1, 2]), object()]),
)
OPTIONS = ("hands", "history", "reward_scale", "illegal", "variant", "rotate", "render_mode")


@budget(60)
@given(option=st.sampled_from(OPTIONS), value=HOSTILE)
def test_options_give_an_environment_or_a_documented_error(option: str, value: Any) -> None:
    try:
        environment = MahjongEnv(**{option: value})
    except DOCUMENTED:
        return
    environment.reset(seed=1)
    assert environment.observe(environment.agent_selection)["action_mask"].any()


def _costly(value: Any) -> bool:
    """A valid size past a few games: accepted, but slow to build in a fuzz test."""
    return isinstance(value, int) and 4 <= value <= MAX_GAMES


@budget(60)
@given(games=HOSTILE.filter(lambda value: not _costly(value)))
def test_vector_sizes_give_a_batch_or_a_documented_error(games: Any) -> None:
    try:
        play = VectorSelfPlay(games)
    except DOCUMENTED:
        return
    assert play.num_games == games and play.observations.shape[0] == games


@budget(80)
@given(actions=st.lists(HOSTILE, min_size=1, max_size=4))
def test_hostile_actions_are_refused_cleanly_and_change_nothing(actions: list[Any]) -> None:
    environment = MahjongEnv()
    environment.reset(seed=2)
    play = VectorSelfPlay(2)
    play.reset(seeds=[3, 4])
    single = SingleAgentEnv(opponents=1, illegal="raise")
    single.reset(seed=5)
    before = (
        environment.game.to_json(),
        (play.game_seeds, play.observations.tobytes(), play.masks.tobytes(), play.seats.tolist()),
        single.table.game.to_json(),
    )
    for action in actions:
        for step in (environment.step, single.step):
            try:
                step(action)
            except DOCUMENTED:
                pass
            else:  # a legal index was played: start again from the same seeds
                environment.reset(seed=2)
                single.reset(seed=5)
        try:
            play.step(action)
        except DOCUMENTED:
            pass
        else:
            play.reset(seeds=[3, 4])
    after = (
        environment.game.to_json(),
        (play.game_seeds, play.observations.tobytes(), play.masks.tobytes(), play.seats.tolist()),
        single.table.game.to_json(),
    )
    assert after == before


@budget(60)
@given(seed=HOSTILE)
def test_hostile_seeds(seed: Any) -> None:
    single = SingleAgentEnv(opponents=1)
    try:
        single.reset(seed=seed)
    except DOCUMENTED:
        return
    assert single.table.game is not None
