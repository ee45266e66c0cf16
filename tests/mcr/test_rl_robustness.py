"""The RL environments under hostile input: sizes refused before anything is allocated,
a vectorised step that either moves every game or none, clear errors for steps out of
order, Gymnasium's seed conventions, non-integer actions, and concurrent use refused."""

from __future__ import annotations

import threading

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from mahjongkit._core import mcr_rl
from mahjongkit.mcr.env import MahjongEnv, SingleAgentEnv, Table, VectorSelfPlay
from mahjongkit.mcr.rl._cpp import EngineObserver
from mahjongkit.mcr.rl.observation import MAX_HISTORY, Observer

DEADLINE = 60.0  # seconds to wait for the other thread (never reached unless broken)


@pytest.mark.parametrize("history", [2**30, 10**9, 2**31, MAX_HISTORY + 1, 0, -5])
def test_a_huge_history_is_refused_before_anything_is_allocated(history: int) -> None:
    for make in (
        lambda: Table(history=history),
        lambda: MahjongEnv(history=history),
        lambda: VectorSelfPlay(2, history=history),
        lambda: Observer(history),
        lambda: EngineObserver(history),
    ):
        with pytest.raises(ValueError, match=rf"history is .* \(1 to {MAX_HISTORY}\)"):
            make()
    if -(2**31) <= history < 2**31:  # the binding's int: the core checks it too
        with pytest.raises(ValueError, match="history"):
            mcr_rl.SelfPlay(1, history)
    assert Table(history=MAX_HISTORY).planes == 4 * (7 + MAX_HISTORY) + 21


def test_too_many_games_are_refused_up_front() -> None:
    for games in (10**7, 2**31, 0, -1, 2.0, True):
        with pytest.raises(ValueError, match="num_games is an int from 1 to"):
            VectorSelfPlay(games)  # type: ignore[arg-type]


def _state(play: VectorSelfPlay) -> list[object]:
    return [
        play.game_seeds,
        play.observations.copy(),
        play.masks.copy(),
        play.seats.copy(),
        play.episodes.copy(),
    ]


def _same(a: list[object], b: list[object]) -> bool:
    return a[0] == b[0] and all((x == y).all() for x, y in zip(a[1:], b[1:], strict=True))  # type: ignore[attr-defined]


@pytest.mark.parametrize("impl", ["cpp", "python"])
def test_a_refused_vector_step_moves_no_game(impl: str) -> None:
    play = VectorSelfPlay(4, impl=impl)
    _, masks, _ = play.reset(seeds=[1, 2, 3, 4])
    legal = [int(np.flatnonzero(row)[0]) for row in masks]
    before = _state(play)
    for bad, error, message in (
        ([*legal[:3], 0], ValueError, r"game 3: action 0 \(pass\) is not legal"),
        ([*legal[:2], 999, legal[3]], ValueError, "game 2: action 999 is outside"),
        ([legal[0], 2.9, *legal[2:]], TypeError, "game 1: an action is an int"),
        ([legal[0], "2", *legal[2:]], TypeError, "game 1: an action is an int"),
        (np.array(legal, dtype=np.float64), TypeError, "actions are integers"),
        ({k: a for k, a in enumerate(legal)}, TypeError, "a sequence of ints"),
        ("0123", TypeError, "a sequence of ints"),
        (np.array([legal]), ValueError, "one action per game"),
    ):
        with pytest.raises(error, match=message):
            play.step(bad)  # type: ignore[arg-type]
        assert _same(before, _state(play))
    # Nothing moved: the next steps are those of a batch that never saw the refused calls.
    fresh = VectorSelfPlay(4, impl=impl)
    fresh.reset(seeds=[1, 2, 3, 4])
    for _ in range(60):
        lowest = play.masks.argmax(axis=1)
        got, expected = play.step(lowest), fresh.step(lowest)
        assert all((a == b).all() for a, b in zip(got, expected, strict=True))
    assert not _same(before, _state(play))


def test_steps_out_of_order_say_so() -> None:
    environment = MahjongEnv()
    with pytest.raises(ValueError, match=r"reset\(\) first"):
        environment.step(2)
    with pytest.raises(ValueError, match=r"reset\(\) first"):
        environment.observe("seat_0")
    environment.reset(seed=3)
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    assert environment.agents == []
    with pytest.raises(ValueError, match="the episode is over"):
        environment.step(2)
    with pytest.raises(ValueError, match="the episode is over"):
        environment.step(None)
    single = SingleAgentEnv()
    with pytest.raises(ValueError, match=r"reset\(\) first"):
        single.step(2)


def test_gymnasium_seed_conventions() -> None:
    environment = SingleAgentEnv(opponents=1)
    first, _ = environment.reset(seed=np.int64(3))
    again, _ = environment.reset(seed=3)
    assert (first["observation"] == again["observation"]).all()
    with pytest.raises(ValueError, match="non-negative"):
        environment.reset(seed=-1)
    for bad in ("abc", 3.0, True, [3]):
        with pytest.raises(TypeError, match="a seed is a non-negative int"):
            environment.reset(seed=bad)  # type: ignore[arg-type]


def test_single_agent_actions_are_integers() -> None:
    environment = SingleAgentEnv(opponents=1, illegal="raise")
    observation, _ = environment.reset(seed=5)
    before = environment.table.game.to_json()
    for bad in (2.9, "2", 2.0, True, None):
        with pytest.raises(TypeError, match="an action is an int"):
            environment.step(bad)  # type: ignore[arg-type]
    assert environment.table.game.to_json() == before
    legal = np.flatnonzero(observation["action_mask"])
    environment.step(np.int32(legal[0]))  # NumPy integers are integers


def test_a_second_thread_is_refused_while_one_steps() -> None:
    """Deterministic: the first thread is held inside a step until the second has tried."""
    play = VectorSelfPlay(2)
    _, masks, _ = play.reset(seeds=[1, 2])
    inside, release = threading.Event(), threading.Event()
    games = play._games  # what a step calls inside the lock
    step = games.step

    def held_step(*args: object) -> None:
        inside.set()
        assert release.wait(DEADLINE)
        step(*args)  # type: ignore[arg-type]

    games.step = held_step  # type: ignore[method-assign]
    actions = [int(np.flatnonzero(row)[0]) for row in masks]
    errors: list[BaseException] = []

    def first() -> None:
        try:
            play.step(actions)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    worker = threading.Thread(target=first)
    worker.start()
    try:
        assert inside.wait(DEADLINE)
        with pytest.raises(RuntimeError, match="not thread-safe"):
            play.step(actions)
        with pytest.raises(RuntimeError, match="not thread-safe"):
            play.reset()
    finally:
        release.set()
        worker.join(DEADLINE)
    assert not worker.is_alive() and errors == []
    games.step = step  # type: ignore[method-assign]
    play.step([int(np.flatnonzero(row)[0]) for row in play.masks])  # free again


def test_the_engine_batch_refuses_what_it_cannot_take() -> None:
    """``_core.mcr_rl.SelfPlay`` (the engine batch under ``VectorSelfPlay``): wrong arrays, an
    undealt game, an index outside the mask and a bad wall are refused, and a refused step
    moves no game."""
    from mahjongkit.mcr.rl.games import Arrays, deal_engine
    from mahjongkit.mcr.rl.table import rules_for
    from mahjongkit.mcr.scoring._cpp import score_rules

    batch = mcr_rl.SelfPlay(2, 4)
    planes = np.zeros((2, batch.planes, 34), dtype=np.float32)
    masks = np.zeros((2, 235), dtype=np.int8)
    seats = np.zeros(2, dtype=np.int64)
    rewards = np.zeros((2, 4), dtype=np.float32)
    dones = np.zeros(2, dtype=np.bool_)
    with pytest.raises(ValueError, match="games is 1 to 65536"):
        mcr_rl.SelfPlay(0, 4)
    with pytest.raises(ValueError, match="history"):
        mcr_rl.SelfPlay(1, 0)
    with pytest.raises(ValueError, match="waits on nobody"):
        batch.step(np.zeros(2, dtype=np.int64), 1.0, planes, masks, seats, rewards, dones)
    arrays = Arrays(planes, masks, seats, rewards, dones)
    for k in (0, 1):
        deal_engine(batch, k, rules_for(k), arrays)
    before = (planes.copy(), masks.copy(), seats.copy())
    illegal = np.array([int(np.flatnonzero(masks[0] == 0)[0]), -1], dtype=np.int64)
    with pytest.raises(ValueError, match=r"game 0: action \d+ is not legal now"):
        batch.step(illegal, 1.0, planes, masks, seats, rewards, dones)
    with pytest.raises(ValueError, match="one action per game"):
        batch.step(np.zeros(3, dtype=np.int64), 1.0, planes, masks, seats, rewards, dones)
    with pytest.raises(ValueError, match="one writeable observation"):
        batch.step(illegal, 1.0, planes[:1], masks, seats, rewards, dones)
    with pytest.raises(ValueError, match="one-byte items"):
        batch.step(illegal, 1.0, planes, masks.astype(np.int16), seats, rewards, dones)
    with pytest.raises(TypeError):  # never a converted copy written in its place
        batch.step(illegal, 1.0, planes.astype(np.float64), masks, seats, rewards, dones)
    assert all((a == b).all() for a, b in zip(before, (planes, masks, seats), strict=True))
    assert batch.play(0, int(illegal[0])) == -1 and batch.seat(0) == int(seats[0])
    rules = score_rules(rules_for(0).match.ruleset)
    with pytest.raises(ValueError, match="a wall holds kinds 1 to 42"):
        batch.deal(0, rules, 0, 8, 0, 0, 1, [0] * 4, [[0] * 144], planes, masks, seats)
    assert not batch.deal(0, rules, 0, 8, 0, 0, 1, [0] * 4, [[1] * 20], planes, masks, seats)
    with pytest.raises(IndexError, match="no game 5"):
        batch.ended(5)
    with pytest.raises(ValueError, match="has not ended"):
        batch.ended(1)
