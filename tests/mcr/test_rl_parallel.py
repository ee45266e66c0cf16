"""Vectorised self-play over worker processes: the games play what they play in one
process, through ``step`` and through ``async_reset``/``recv``/``send``, and every refused
call leaves the games as they were."""

from __future__ import annotations

import numpy as np
import pytest

from mahjongkit.mcr.rl.parallel import ParallelSelfPlay
from mahjongkit.mcr.rl.vector import VectorSelfPlay


def legal_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    keys = rng.random(masks.shape)
    keys[masks == 0] = -1.0
    return keys.argmax(axis=1)


def test_parallel_self_play_plays_the_vectorised_games_and_refuses_as_it_does() -> None:
    seeds = [5, 6, 7]
    alone = VectorSelfPlay(3)
    with ParallelSelfPlay(3, workers=2) as play:
        observations, masks, _ = play.reset(seeds=seeds)
        expected, expected_masks, _ = alone.reset(seeds=seeds)
        rng = np.random.default_rng(1)
        for _ in range(200):
            assert (observations == expected).all() and (masks == expected_masks).all()
            keys = rng.random(masks.shape)
            keys[masks == 0] = -1.0
            actions = keys.argmax(axis=1)
            observations, masks, seats, rewards, _ = play.step(actions)
            expected, expected_masks, expected_seats, expected_rewards, _ = alone.step(actions)
            assert (seats == expected_seats).all() and (rewards == expected_rewards).all()
            assert play.final_infos == alone.final_infos
        assert play.game_seeds == alone.game_seeds and play.episodes.sum() >= 1
        before = observations.copy(), masks.copy(), list(play.game_seeds)
        bad = masks.argmax(axis=1)
        bad[1] = int(np.flatnonzero(masks[1] == 0)[0])
        with pytest.raises(ValueError, match="game 1: action"):
            play.step(bad)
        with pytest.raises(TypeError, match="a sequence of ints"):
            play.step({0: 1})  # type: ignore[arg-type]
        assert (play.observations == before[0]).all() and (play.masks == before[1]).all()
        assert play.game_seeds == before[2]
    with pytest.raises(ValueError, match="closed"):
        play.reset()
    with pytest.raises(ValueError, match="workers is"):
        ParallelSelfPlay(2, workers=3)


def test_send_and_recv_play_each_batch_as_one_process_plays_it() -> None:
    """Each worker's games, stepped whenever they come back, play what a VectorSelfPlay of
    those games plays for the same actions, whatever order the batches return in."""
    seeds = [11, 12, 13, 14, 15]
    with ParallelSelfPlay(5, workers=2) as play:
        alone = {0: VectorSelfPlay(2), 2: VectorSelfPlay(3)}  # the workers' slices
        expected = {
            first: alone[first].reset(seeds[first : first + alone[first].num_games])
            for first in alone
        }
        rngs = {first: np.random.default_rng(first) for first in alone}
        steps = dict.fromkeys(alone, 0)
        play.async_reset(seeds=seeds)
        for _ in range(2 * 150 + 2):  # each batch: its deal, then 150 steps
            ready = play.recv()
            first = int(ready.ids[0])
            stop = first + alone[first].num_games
            assert ready.ids.tolist() == list(range(first, stop))
            observations, masks, seats, *ended = expected[first]
            assert (ready.observations == observations).all()
            assert (ready.masks == masks).all() and (ready.seats == seats).all()
            if ended:
                rewards, dones = ended
                assert (ready.rewards == rewards).all() and (ready.dones == dones).all()
                assert play.final_infos[first:stop] == alone[first].final_infos
            assert play.game_seeds[first:stop] == alone[first].game_seeds
            if steps[first] == 150:
                continue  # this batch is done; the other may still be playing
            actions = legal_random(ready.masks, rngs[first])
            play.send(actions, ready.ids)
            expected[first] = alone[first].step(actions)
            steps[first] += 1
        assert play.episodes.sum() == sum(v.episodes.sum() for v in alone.values()) >= 1
        play.step(legal_random(play.masks, rngs[0]))


def test_refused_sends_and_calls_out_of_order_change_nothing() -> None:
    with ParallelSelfPlay(4, workers=2) as play:
        with pytest.raises(RuntimeError, match="no games in flight"):
            play.recv()
        play.async_reset(seeds=[1, 2, 3, 4])
        with pytest.raises(RuntimeError, match="recv\\(\\) them before step"):
            play.step([0, 0, 0, 0])
        with pytest.raises(RuntimeError, match="recv\\(\\) them before async_reset"):
            play.async_reset()
        ready = play.recv()
        before = ready.observations.copy(), ready.masks.copy()
        bad = ready.masks.argmax(axis=1)
        bad[1] = int(np.flatnonzero(ready.masks[1] == 0)[0])
        with pytest.raises(ValueError, match=f"game {int(ready.ids[1])}: action"):
            play.send(bad, ready.ids)
        with pytest.raises(ValueError, match="one action per game"):
            play.send(bad[:1], ready.ids)
        with pytest.raises(TypeError, match="ids is the array recv"):
            play.send(bad, ready.ids.tolist())  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not a batch that recv"):
            play.send(bad, ready.ids[:1])
        other = np.arange(4)[np.isin(np.arange(4), ready.ids, invert=True)]
        with pytest.raises(ValueError, match="not a batch that recv"):
            play.send(bad, other)  # still in flight: not handed out
        assert (ready.observations == before[0]).all() and (ready.masks == before[1]).all()
        play.send(ready.masks.argmax(axis=1), ready.ids)  # the refused calls moved nothing
        with pytest.raises(ValueError, match="not a batch that recv"):
            play.send(ready.masks.argmax(axis=1), ready.ids)  # sent already
        processes = list(play._processes)
    # Closed with batches in flight: the workers still stop cleanly, and calls are refused.
    assert [process.exitcode for process in processes] == [0, 0]
    with pytest.raises(ValueError, match="closed"):
        play.recv()


def test_a_worker_that_died_is_named() -> None:
    with ParallelSelfPlay(4, workers=2) as play:
        play.async_reset(seeds=[1, 2, 3, 4])
        first = play.recv()
        second = play.recv()
        dead = play._processes[0]
        dead.kill()
        dead.join(60)  # a deadline, never reached: kill() ends it at once
        assert dead.exitcode is not None
        ready, other = (first, second) if first.ids[0] == 0 else (second, first)
        with pytest.raises(RuntimeError, match=r"worker 0 stopped \(exit code -9\)"):
            play.send(ready.masks.argmax(axis=1), ready.ids)
        play.send(other.masks.argmax(axis=1), other.ids)  # the other worker plays on
        assert play.recv().ids.tolist() == other.ids.tolist()
        with pytest.raises(RuntimeError, match=r"worker 0 stopped"):
            play.step(play.masks.argmax(axis=1))
