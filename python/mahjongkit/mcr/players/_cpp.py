"""The players' one door to the C++ core: level 4's search of sampled worlds
(``cpp/core/mcr/rollout.hpp``), imported here so the players' other modules never import the
extension (the architecture test keeps it so)."""

from __future__ import annotations

from mahjongkit._core.mcr import plan_distances, search_worlds

__all__ = ["plan_distances", "search_worlds"]
