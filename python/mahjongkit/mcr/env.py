"""MCR environments for reinforcement learning (``pip install "mahjongkit[rl]"``): the
PettingZoo AEC environment, the Gymnasium single-agent wrapper and vectorised self-play,
gathered from :mod:`mahjongkit.mcr.rl`. Importing this module without PettingZoo and
Gymnasium raises ``ImportError`` naming the extra.

>>> from mahjongkit.mcr.env import MahjongEnv
>>> env = MahjongEnv()
>>> env.reset(seed=0)
>>> env.agent_selection
'seat_0'
"""

from mahjongkit.mcr.rl.env import AGENTS, MahjongEnv, env, raw_env
from mahjongkit.mcr.rl.single import SingleAgentEnv
from mahjongkit.mcr.rl.table import Table
from mahjongkit.mcr.rl.vector import VectorSelfPlay

__all__ = ["AGENTS", "MahjongEnv", "SingleAgentEnv", "Table", "VectorSelfPlay", "env", "raw_env"]
