"""The policy network of the MCR learning examples, and an arena player that plays it.

A small MLP on the observation planes (``history`` discards per seat, 8 here: 81 planes),
with the mask applied to its logits so that it only ever chooses a legal index. Shared by
``mcr_bc.py`` (behaviour cloning) and ``mcr_ppo.py`` (masked PPO fine-tuning).

The arena (``mahjongkit mcr arena`` or :func:`mahjongkit.mcr.arena.arena`) makes a player
from ``module:Class`` with no arguments: ``mcr_policy:ClonedPlayer`` loads the weights named
by ``MAHJONGKIT_POLICY`` (default ``examples/results/bc_policy.pt``), with this folder on
``PYTHONPATH``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.players.bot import View
from mahjongkit.mcr.rl.encoding import ACTIONS, COLUMNS, move_in_view, view_mask
from mahjongkit.mcr.rl.observation import encode_view, plane_count

HISTORY = 8
"""Discards kept per seat in the examples' observations (81 planes): enough for a discard
policy, and a third of the default's memory for the cloned decisions."""
HERE = Path(__file__).resolve().parent
DEFAULT_WEIGHTS = HERE / "results" / "bc_policy.pt"


class PolicyNet(nn.Module):
    """Planes and mask in, one logit per action (and a value for PPO) out; illegal logits
    masked. The mask is an input as well: whether a win or a claim is legal is what most
    decisions turn on, and an MLP cannot reliably work it out from the tiles (a first version
    fed only the planes and rarely won: 2.8 % of its hands)."""

    def __init__(self, history: int = HISTORY, hidden: int = 256) -> None:
        super().__init__()
        self.history = history
        inputs = plane_count(history) * COLUMNS + ACTIONS
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.logits = nn.Linear(hidden, ACTIONS)
        self.value = nn.Linear(hidden, 1)

    def forward(
        self, planes: torch.Tensor, mask: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at a large negative value) and values."""
        flat = planes.reshape(planes.shape[0], -1).float()
        features = self.body(torch.cat([flat, mask.float()], dim=1))
        logits = self.logits(features).masked_fill(~mask, -1e9)
        return logits, self.value(features).squeeze(-1)


def save(net: PolicyNet, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"history": net.history, "state": net.state_dict()}, path)


def load(path: Path | str) -> PolicyNet:
    data: dict[str, Any] = torch.load(path, weights_only=True)
    net = PolicyNet(history=int(data["history"]))
    net.load_state_dict(data["state"])
    net.eval()
    return net


class ClonedPlayer:
    """An arena player: the network's most likely legal action for the seat's view (it
    sees only the view, as every player does)."""

    def __init__(self, path: Path | str | None = None) -> None:
        torch.set_num_threads(1)
        self.net = load(path or os.environ.get("MAHJONGKIT_POLICY", DEFAULT_WEIGHTS))

    def choose(self, view: View) -> Move:
        mask = view_mask(view)
        if mask.sum() == 1:  # one legal move (often a lone pass): no need to ask
            return move_in_view(view, int(np.flatnonzero(mask)[0]))
        planes = torch.from_numpy(encode_view(view, self.net.history)).unsqueeze(0)
        with torch.no_grad():
            logits, _ = self.net(planes, torch.from_numpy(mask).unsqueeze(0))
        return move_in_view(view, int(logits.argmax()))
