"""ParallelSelfPlay and VectorSelfPlay under faults (issue 39): every wait for a worker
has a deadline, a call that finds a worker dead changes no game, and the masks handed out
cannot be made writable again.

The stopped-worker runs happen in a child process bounded by a deadline, so a wait that
never ends fails the test instead of hanging the suite."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from mahjongkit.mcr.rl.parallel import ParallelSelfPlay
from mahjongkit.mcr.rl.vector import VectorSelfPlay

DEADLINE = 120.0

STOPPED = """
    import os, signal, sys
    from mahjongkit.mcr.rl.parallel import ParallelSelfPlay
    play = ParallelSelfPlay(4, workers=2, timeout=600.0)
    play.async_reset(seeds=[1, 2, 3, 4])
    batches = [play.recv(), play.recv()]
    play.timeout = 1.0  # only the stopped worker is waited for from here
    ready = next(b for b in batches if b.ids[0] == 0)
    worker = play._processes[0]
    os.kill(worker.pid, signal.SIGSTOP)
    play.send(ready.masks.argmax(axis=1), ready.ids)
    if sys.argv[1] == "recv":
        try:
            play.recv()
        except RuntimeError as error:
            print("refused:", error)
        try:
            play.step([0, 0, 0, 0])
        except RuntimeError as error:
            print("then:", error)
    play.close()
    print("closed", worker.is_alive())
"""


@pytest.mark.parametrize("call", ["close", "recv"])
def test_a_stopped_worker_never_blocks_a_call_for_ever(call):
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(STOPPED), call],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("closed False"), done.stdout
    if call == "recv":
        assert "refused: no worker answered within 1 s" in done.stdout
        assert "then: no worker answered" in done.stdout  # the instance stays refused
    assert "Traceback" not in done.stderr, done.stderr


def test_step_with_a_dead_worker_moves_no_game():
    play = ParallelSelfPlay(4, workers=2)
    play.reset(seeds=[1, 2, 3, 4])
    before = play.observations.copy(), play.seats.copy()
    dead = play._processes[1]
    dead.kill()
    dead.join(DEADLINE)  # a deadline, never reached: kill() ends it at once
    assert dead.exitcode == -signal.SIGKILL
    for _ in range(2):  # refused every time
        with pytest.raises(RuntimeError, match=r"worker 1 stopped \(exit code -9\)"):
            play.step(play.masks.argmax(axis=1))
    play.close()  # the survivor has answered whatever it was sent: its rows are final
    assert np.array_equal(play.observations, before[0])  # and its games never moved
    assert np.array_equal(play.seats, before[1])


def test_the_masks_cannot_be_made_writable_again():
    vector = VectorSelfPlay(2)
    _, masks, _ = vector.reset(seeds=[1, 2])
    with ParallelSelfPlay(2, workers=2) as parallel:
        _, shared, _ = parallel.reset(seeds=[1, 2])
        ready_masks = shared[0:1]
        for array in (masks, vector.masks, masks[0], shared, parallel.masks, ready_masks):
            with pytest.raises(ValueError, match="WRITEABLE"):
                array.flags.writeable = True
            with pytest.raises(ValueError, match="read-only"):
                array[..., 0] = 1
            view = array.view()
            with pytest.raises(ValueError, match="WRITEABLE"):
                view.flags.writeable = True
    vector.step(masks.argmax(axis=1))  # the legal actions still play


def test_a_timeout_is_checked():
    for bad in (0, -1.0, float("nan"), True, "5"):
        with pytest.raises(ValueError, match="timeout"):
            ParallelSelfPlay(2, workers=1, timeout=bad)  # type: ignore[arg-type]
