"""A PettingZoo AEC environment of MCR: agents ``seat_0`` … ``seat_3``.

Each agent observes ``{"observation": planes, "action_mask": mask}``: the float32 planes of
:mod:`mahjongkit.mcr.rl.observation` (shape ``(planes, 34)``, or flat with ``flat=True``)
and an int8 mask over the 235 indices of :mod:`mahjongkit.mcr.rl.encoding` (1 where legal;
all 0 for a seat that is not awaited). The agent to act is the first seat the rules wait on;
in a window after a discard only the seats whose answer can still change the outcome are
asked. Rewards are the settlement deltas of each hand as it ends (times ``reward_scale``);
an episode is ``hands`` hands (one by default). The last observation of an episode is the
one before the move that ended it.

>>> from mahjongkit.mcr.rl.env import MahjongEnv
>>> env = MahjongEnv()
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('seat_0', (145, 34), 13)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is part of the test install
    raise ImportError(
        'the MCR environments need PettingZoo and Gymnasium: pip install "mahjongkit[rl]"'
    ) from error

from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS
from mahjongkit.mcr.rl.observation import HISTORY
from mahjongkit.mcr.rl.table import Illegal, Table
from mahjongkit.mcr.scoring.ruleset import GREEN_BOOK, Ruleset

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")
_SEAT_OF: Final = {agent: seat for seat, agent in enumerate(AGENTS)}


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
    ``reward_scale``, ``illegal`` (``"raise"`` or ``"penalty"``), ``ruleset``,
    ``render_mode`` ``"ansi"`` (the whole table as text, every hand shown) and ``impl``
    (the observer's implementation: see :class:`~mahjongkit.mcr.rl.table.Table`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mahjongkit_mcr_v1",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        hands: int = 1,
        history: int = HISTORY,
        flat: bool = False,
        reward_scale: float = 1.0,
        illegal: Illegal = "raise",
        ruleset: Ruleset = GREEN_BOOK,
        render_mode: str | None = None,
        impl: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(
            hands=hands,
            history=history,
            reward_scale=reward_scale,
            illegal=illegal,
            ruleset=ruleset,
            impl=impl,
        )
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
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        assert self.table.seat is not None  # a fresh hand always waits on the dealer
        self.agent_selection = AGENTS[self.table.seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = _SEAT_OF[agent]
        planes = self.table.observe(seat)
        return {
            "observation": planes.reshape(-1) if self.flat else planes,
            "action_mask": self.table.mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a finished agent")
        seat = _SEAT_OF[agent]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.table.play(seat, action)
        self.rewards = dict(zip(AGENTS, rewards, strict=True))
        if self.table.done:
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            assert self.table.seat is not None
            self.agent_selection = AGENTS[self.table.seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.table.game
        return "" if game is None else game.to_string()

    def close(self) -> None:
        pass


def env(**options: Any) -> Any:
    """The environment wrapped as PettingZoo's classic games are (order enforced)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(MahjongEnv(**options))


raw_env = MahjongEnv
