"""MCR for reinforcement learning: the 235-action encoding, observation planes, a table
stepping one game by action indices, vectorised self-play (NumPy only), and with the ``rl``
extra a PettingZoo AEC environment and a Gymnasium single-agent wrapper.

The layer reads the rules only through their public moves and a seat's view, so it keeps
working whatever the engine does inside. The public names are gathered in
:mod:`mahjongkit.mcr.encoding` and :mod:`mahjongkit.mcr.env`.
"""
