"""MCR environments for reinforcement learning (``pip install "mahjongkit[rl]"``): the
PettingZoo AEC environment, the Gymnasium single-agent wrapper and vectorised self-play (in
one process or over several), gathered from :mod:`mahjongkit.mcr.rl`, and
:func:`expert_action` (a bot's move as an action index, for behaviour cloning). Importing
this module without PettingZoo and Gymnasium raises ``ImportError`` naming the extra;
importing it registers the Gymnasium ids ``mahjongkit/MCR-v0`` and
``mahjongkit/MCR-Botzone-v0``.

>>> from mahjongkit.mcr.env import MahjongEnv
>>> env = MahjongEnv(rotate=False)
>>> env.reset(seed=0)
>>> env.agent_selection
'seat_0'
>>> import gymnasium
>>> gymnasium.make("mahjongkit/MCR-v0", seat=2).unwrapped.seat
2
"""

from mahjongkit.mcr.rl.env import AGENTS, MahjongEnv, env, raw_env
from mahjongkit.mcr.rl.expert import expert_action
from mahjongkit.mcr.rl.parallel import ParallelSelfPlay
from mahjongkit.mcr.rl.single import SingleAgentEnv
from mahjongkit.mcr.rl.table import Table
from mahjongkit.mcr.rl.vector import VectorSelfPlay


def _register() -> None:
    import gymnasium

    entry = "mahjongkit.mcr.rl.single:SingleAgentEnv"
    for env_id, kwargs in (
        ("mahjongkit/MCR-v0", {}),
        ("mahjongkit/MCR-Botzone-v0", {"variant": "botzone"}),
    ):
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry, kwargs=kwargs)


_register()

__all__ = [
    "AGENTS",
    "MahjongEnv",
    "ParallelSelfPlay",
    "SingleAgentEnv",
    "Table",
    "VectorSelfPlay",
    "env",
    "expert_action",
    "raw_env",
]
