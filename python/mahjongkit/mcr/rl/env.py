"""A PettingZoo AEC environment of MCR: agents ``seat_0`` … ``seat_3``.

Each agent observes ``{"observation": planes, "action_mask": mask}``: the float32 planes of
``docs/mcr-rl-observation.md`` (shape ``(planes, 34)``, or flat with ``flat=True``) and an
int8 mask over the 235 indices of :mod:`mahjongkit.mcr.rl.encoding`: 1 where legal for the
agent to act (``agent_selection``), all 0 for every other agent. The agent to act is the
first seat the rules wait on; in a window after a discard only the seats whose answer can
still change the outcome are asked. Rewards are the settlement deltas of each hand as it
ends (times ``reward_scale``); an episode is ``hands`` hands (one by default, its hand drawn
from the whole match by the seed: see :mod:`mahjongkit.mcr.rl.table`). The last observation
of an episode is the one before the move that ended it. When a hand ends every agent's
``info`` holds ``"hand"``: the winner, the discarder, the fans and the points
(:func:`~mahjongkit.mcr.rl.table.hand_result`); after an illegal action under ``"terminate"``
or ``"penalty"``, ``"illegal_move": True`` and ``"penalised"`` (the offender's seat).

The environment is a turn game: PettingZoo's ``aec_to_parallel`` refuses it
(``metadata["is_parallelizable"]`` is false), since only one seat ever acts at a time. An
instance is not thread-safe; one thread steps it.

:func:`env` is the environment as PettingZoo's classic games give it, with the checks done
inside (no wrapper forwarding every attribute): steps and observations before ``reset`` or
after the episode raise a clear error (the order wrapper), an action outside the action
space raises (the bounds wrapper), and an illegal action ends the episode with ``-1`` for
the offender (the illegal-move wrapper; ``illegal="penalty"`` plays Botzone's penalty).

>>> from mahjongkit.mcr.rl.env import MahjongEnv
>>> env = MahjongEnv(rotate=False)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('seat_0', (145, 34), 13)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.rl._extra import AECEnv, spaces
from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS
from mahjongkit.mcr.rl.games import EngineTable, table_for
from mahjongkit.mcr.rl.table import Table, TableOptions

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")
"""The PettingZoo agent names, seat 0 first."""
RENDER_MODES: Final = ("human", "ansi")
RENDER_FPS: Final = 4
"""Frames a second when a table is shown (``metadata["render_fps"]``, read by Gymnasium's
and PettingZoo's wrappers that record or pace the rendering): text for a human to follow."""
_SEAT_OF: Final = {agent: seat for seat, agent in enumerate(AGENTS)}
_NO_REWARDS: Final = [0.0, 0.0, 0.0, 0.0]


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode is None or one of {RENDER_MODES}, not {render_mode!r}")
    return render_mode


def render_table(table: Table | EngineTable, render_mode: str | None) -> str | None:
    """The table as text (``"ansi"``), printed (``"human"``, returning ``None``)."""
    if render_mode is None:
        return None
    game = table.game
    text = "" if game is None else str(game.to_string())
    if render_mode == "human":
        print(text)
        return None
    return text


def observation_space(planes: int, flat: bool) -> spaces.Dict:
    """The observation space of one agent."""
    shape = (planes * COLUMNS,) if flat else (planes, COLUMNS)
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ACTIONS,), dtype=np.int8),
        }
    )


class MahjongEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """The AEC environment (see the module's description). Options: ``hands`` per episode
    (1–16), ``history`` (discards kept per seat in the planes), ``flat`` observations,
    ``reward_scale``, ``illegal`` (``"raise"``, ``"terminate"`` or ``"penalty"``),
    ``ruleset``, ``variant`` (``"mcr"`` or ``"botzone"``), ``rotate`` (vary the dealer and
    winds of one-hand episodes), ``render_mode`` (``"ansi"``: :meth:`render` returns the
    whole table as text; ``"human"``: prints it) and ``impl`` (the observer's
    implementation); see :class:`~mahjongkit.mcr.rl.table.Table`."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mahjongkit_mcr_v1",
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        flat: bool = False,
        render_mode: str | None = None,
        **options: Unpack[TableOptions],
    ) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        # A one-hand game on the C++ hand engine, or the Python rules' table: one face.
        self.table = table_for(**options)
        self.flat = flat
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        space = observation_space(self.table.planes, flat)
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = dict.fromkeys(AGENTS, spaces.Discrete(ACTIONS))
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]
        self._quiet = True

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Rules | None:
        """The :class:`~mahjongkit.mcr.game.rules.Rules` being played (read it, never move it)."""
        return self.table.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: the game ``str(seed)``, or the next one of the seed stream."""
        self.table.reset(seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._quiet = True  # the last step's rewards were all zero
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        assert self.table.seat is not None  # a fresh hand always waits on the dealer
        self.agent_selection = AGENTS[self.table.seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = _SEAT_OF[agent]
        table = self.table
        if not table.started:
            raise ValueError("reset() first: no game is on the table")
        planes = table.observe(seat)
        if seat == table.seat and agent == self.agent_selection:
            mask = table.mask(seat)
        else:  # only the agent to act has moves
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": planes.reshape(-1) if self.flat else planes, "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self.table.started:
            raise ValueError("reset() first: no game is on the table")
        if not self.agents:
            raise ValueError("the episode is over (every agent is done): reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a finished agent")
        seat = _SEAT_OF[agent]
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        rewards = table.play(seat, action)
        quiet = rewards == _NO_REWARDS
        if not (quiet and self._quiet):  # most moves score nothing, as the one before
            self.rewards = dict(zip(AGENTS, rewards, strict=True))
        self._quiet = quiet
        if table.results or table.penalised is not None:
            info: dict[str, Any] = {}
            if table.results:
                info["hand"] = table.results[-1]
            if table.penalised is not None:
                info["illegal_move"] = True
                info["penalised"] = table.penalised
            self.infos = {name: dict(info) for name in AGENTS}
        elif self.infos[agent]:
            self.infos = {name: {} for name in AGENTS}
        if table.done:
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            assert table.seat is not None
            self.agent_selection = AGENTS[table.seat]
        if not quiet:  # zeros add nothing to the cumulative rewards
            self._accumulate_rewards()

    def render(self) -> str | None:
        return render_table(self.table, self.render_mode)

    def close(self) -> None:
        pass


def env(**options: Any) -> MahjongEnv:
    """The environment as PettingZoo's classic games are wrapped (see the module's
    description): an illegal action ends the episode (``illegal="terminate"`` unless given)."""
    options.setdefault("illegal", "terminate")
    return MahjongEnv(**options)


raw_env = MahjongEnv
"""PettingZoo's name for the environment without wrappers: :class:`MahjongEnv` itself."""
