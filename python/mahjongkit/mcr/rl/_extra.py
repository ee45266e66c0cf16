"""The third-party packages of the ``rl`` extra, imported here once, so that a missing one
raises one ``ImportError`` naming the extra to install, whichever environment is imported."""

from __future__ import annotations

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is part of the test install
    raise ImportError(
        'the MCR environments need PettingZoo and Gymnasium: pip install "mahjongkit[rl]"'
    ) from error

__all__ = ["AECEnv", "gymnasium", "spaces"]
