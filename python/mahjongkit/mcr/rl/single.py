"""A Gymnasium single-agent environment: the learner in one seat, machine players in the
other three.

Each opponent is a bot level (``1`` to ``4``: a :class:`~mahjongkit.mcr.players.bot.Bot`
seeded by the game and its seat; level 4 searches, about half a second a decision, so a
cheaper budget is a ``Bot(4, rollouts=...)`` given as the opponent), anything
with a ``choose(view)`` method, or a callable
taking the seat's :class:`~mahjongkit.mcr.players.bot.View` and returning a
:class:`~mahjongkit.mcr.game.moves.Move` or an action index. Opponents see only their own
view. Observations and actions are those of :mod:`mahjongkit.mcr.rl.env`, and
:meth:`SingleAgentEnv.action_masks` gives the mask as MaskablePPO (sb3-contrib) asks for it.
The reward of a step is what the learner gained since its previous action (the settlement
of the hands that ended, times ``reward_scale``). An illegal action ends the episode with
``-1`` for the learner by default (``illegal="terminate"``, so that Gymnasium's
``check_env`` and unmasked random actions work; ``"raise"`` and ``"penalty"`` as in
:class:`~mahjongkit.mcr.rl.table.Table`). When a hand ends, ``info["hand"]`` holds its
winner, discarder, fans and points.

Seeds follow Gymnasium: ``reset(seed=s)`` takes a non-negative ``int`` (NumPy integers
too); anything else raises (``TypeError`` for a non-integer, ``ValueError`` for a negative
one). Registered with Gymnasium when :mod:`mahjongkit.mcr.env` is imported:
``gymnasium.make("mahjongkit/MCR-v0", seat=1, opponents=2)`` and
``"mahjongkit/MCR-Botzone-v0"`` (the Botzone variant). An instance is not thread-safe.

>>> from mahjongkit.mcr.rl.single import SingleAgentEnv
>>> env = SingleAgentEnv(seat=1, opponents=1)
>>> observation, info = env.reset(seed=3)
>>> observation["observation"].shape, info["seat"]
((145, 34), 1)
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> terminated or bool(observation["action_mask"].any())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, SupportsFloat, TypeAlias

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.players.bot import Bot, View, view_of
from mahjongkit.mcr.rl._extra import gymnasium, spaces
from mahjongkit.mcr.rl.encoding import ACTIONS, check_index, indices_of
from mahjongkit.mcr.rl.env import (
    RENDER_FPS,
    RENDER_MODES,
    check_render_mode,
    observation_space,
    render_table,
)
from mahjongkit.mcr.rl.games import table_for
from mahjongkit.mcr.rl.table import TableOptions, episode_seed

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

Observation: TypeAlias = dict[str, npt.NDArray[Any]]


class Chooser(Protocol):
    def choose(self, view: View) -> Move: ...


Opponent: TypeAlias = int | Chooser | Callable[[View], Move | int]
RESTARTS = 100  # games tried when the hand ends before the learner's first decision


class SingleAgentEnv(gymnasium.Env[Observation, Any]):
    """The learner plays ``seat`` (0–3) against ``opponents``: one opponent for all three
    seats or a sequence of three (for the other seats in order). Other options as
    :class:`~mahjongkit.mcr.rl.env.MahjongEnv`."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012 (as gymnasium.Env)

    def __init__(
        self,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = 2,
        flat: bool = False,
        render_mode: str | None = None,
        **options: Unpack[TableOptions],
    ) -> None:
        options.setdefault("illegal", "terminate")  # a learner's illegal move ends its episode
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise ValueError(f"the learner's seat is 0 to 3, not {seat!r}")
        self.seat = seat
        self.render_mode = check_render_mode(render_mode)
        # The game on the C++ hand engine (the opponents read its replayed rules' game), or
        # the Python rules' table: one face.
        self.table = table_for(**options)
        self.flat = flat
        given: object = opponents  # a caller may pass what the types forbid, e.g. a str
        if isinstance(given, str):
            raise TypeError(f"an opponent is a bot level, a bot or a callable, not {given!r}")
        if isinstance(opponents, Sequence):
            if len(opponents) != 3:
                raise ValueError(f"three opponents, one per other seat, not {len(opponents)}")
            chosen = list(opponents)
        else:
            chosen = [opponents] * 3
        others = [s for s in range(4) if s != seat]
        self._opponents: dict[int, Opponent] = dict(zip(others, chosen, strict=True))
        self._players: dict[int, Callable[[View], Move | int]] = {}
        self._results: list[dict[str, Any]] = []  # the hands ended since the learner's move
        self.observation_space: spaces.Dict = observation_space(self.table.planes, flat)  # type: ignore[assignment]
        self.action_space: spaces.Discrete = spaces.Discrete(ACTIONS)

    def _player(
        self, seat: int, opponent: Opponent, game_seed: str
    ) -> Callable[[View], Move | int]:
        if isinstance(opponent, int) and not isinstance(opponent, bool):
            return Bot(opponent, seed=f"{game_seed}:{seat}").choose
        choose = getattr(opponent, "choose", None)
        if callable(choose):
            return choose  # type: ignore[no-any-return]
        if callable(opponent):
            return opponent
        raise TypeError(f"an opponent is a bot level, a bot or a callable, not {opponent!r}")

    def _observation(self) -> Observation:
        planes = self.table.observe(self.seat)
        return {
            "observation": planes.reshape(-1) if self.flat else planes,
            "action_mask": self.table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        table = self.table
        game = table.game
        assert game is not None
        info: dict[str, Any] = {
            "seat": self.seat,
            "game_seed": game.seed,
            "hands_played": table.hands_played,
        }
        if self._results:
            info["hand"] = self._results[-1]
        if table.penalised is not None:
            info["illegal_move"] = True
            info["penalised"] = table.penalised
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now (bool, 235), as MaskablePPO asks for them; all
        false once the episode is over."""
        return self.table.mask(self.seat).astype(np.bool_)

    def _run_opponents(self) -> float:
        """Let the machine players move until the learner must act or the episode ends;
        the learner's reward meanwhile."""
        table = self.table
        reward = 0.0
        while not table.done and table.seat != self.seat:
            seat = table.seat
            assert seat is not None and table.game is not None
            view = view_of(table.game, seat)
            choice = self._players[seat](view)
            if isinstance(choice, Move):
                window = view.window.tile if view.window is not None else None
                index = indices_of([choice], window, view.hand.counts)[0]
            else:
                index = int(choice)
            reward += table.play(seat, index)[self.seat]
            self._results += table.results
        return reward

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode (the game ``str(seed)``, or the next of the seed stream). Should a
        hand end before the learner's first decision, the next game of the stream is
        played instead."""
        seed = episode_seed(seed)
        super().reset(seed=seed)
        for attempt in range(RESTARTS):
            self._results = []
            self.table.reset(seed if attempt == 0 else None)
            game = self.table.game
            assert game is not None
            self._players = {
                seat: self._player(seat, opponent, str(game.seed))
                for seat, opponent in self._opponents.items()
            }
            self._run_opponents()
            if not self.table.done:
                return self._observation(), self._info()
        raise RuntimeError(f"no decision for seat {self.seat} in {RESTARTS} games")

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (an ``int`` or NumPy integer: a float or a string
        raises ``TypeError``, as the AEC environment does), then the opponents' moves."""
        index = check_index(action)  # type: ignore[arg-type]  # a NumPy integer is accepted
        if not self.table.started:
            raise ValueError("reset() first: no game is on the table")
        if self.table.done:
            raise ValueError("the episode is over: reset() first")
        self._results = []
        table = self.table
        reward = table.play(self.seat, index)[self.seat]
        self._results += table.results
        reward += self._run_opponents()
        return self._observation(), reward, table.done, False, self._info()

    def render(self) -> str | None:
        return render_table(self.table, self.render_mode)
