"""The policy network of the MCR learning examples, and arena players that play by index.

A small ResNet over the 34 tile columns (:class:`PolicyNet`) on the observation planes
(``history`` discards per seat, 8 here: 81 planes), the mask's per-column parts and the
shanten planes of the seat's own hand (:func:`shanten_planes`), with the mask applied to its
logits so that it only ever chooses a legal index. Shared by ``mcr_bc.py`` (behaviour
cloning) and ``mcr_ppo.py`` (masked PPO fine-tuning).

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

from mahjongkit.mcr.analysis.engine import shanten_of_counts
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.players.bot import Bot, View
from mahjongkit.mcr.rl.encoding import (
    ACTIONS,
    ANGANG,
    BUGANG,
    CHI,
    COLUMNS,
    GANG,
    HU_INDEX,
    KIND_OF_COLUMN,
    PASS_INDEX,
    PENG,
    PLAY,
    indices_of,
    move_in_view,
    view_mask,
)
from mahjongkit.mcr.rl.observation import HAND, OWN_PLANES, encode_view, plane_count

HISTORY = 8
"""Discards kept per seat in the examples' observations (81 planes): enough for a discard
policy, and a third of the default's memory for the cloned decisions."""
HERE = Path(__file__).resolve().parent
DEFAULT_WEIGHTS = HERE / "results" / "bc_policy.pt"


FEATURES = 4
"""Planes the network derives from the hand planes before its first layer (see
:func:`shanten_planes`)."""
_MAX_SHANTEN = 8.0


def shanten_planes(planes: np.ndarray) -> np.ndarray:
    """Four planes per observation, from its own hand planes alone (the seat's concealed
    counts, and its melds as the tiles it lacks): the shanten left after discarding each
    held tile (scaled to [0, 1]), whether that discard keeps the best shanten, whether it
    leaves the hand ready, and the hand's shanten now (a scalar plane). How far a hand is
    from winning is what every discard turns on, and a network learns it from the raw
    counts only with far more data than a CPU example has: the bots compute it with the
    same call (``mahjongkit.mcr.analysis``); the network still decides.

    ``planes`` is ``(N, planes, 34)``; the result ``(N, 4, 34)`` float32."""
    rows = planes.shape[0]
    out = np.zeros((rows, FEATURES, COLUMNS), dtype=np.float32)
    own = planes.shape[1] - OWN_PLANES + HAND
    columns = np.rint(planes[:, own : own + 4, :].astype(np.float32).sum(axis=1)).astype(int)
    for row in range(rows):
        held = columns[row]
        total = int(held.sum())
        melds = (14 - total) // 3
        counts = [0] * 35
        for column in np.flatnonzero(held):
            counts[KIND_OF_COLUMN[column]] = int(held[column])
        now = shanten_of_counts(counts, melds)
        out[row, 3] = now / _MAX_SHANTEN
        if total % 3 != 2:  # 13 tiles (a window): no discard to weigh
            continue
        after = {}
        for column in np.flatnonzero(held):
            kind = KIND_OF_COLUMN[column]
            counts[kind] -= 1
            after[column] = shanten_of_counts(counts, melds)
            counts[kind] += 1
        best = min(after.values())
        for column, left in after.items():
            out[row, 0, column] = left / _MAX_SHANTEN
            out[row, 1, column] = left == best
            out[row, 2, column] = left == 0
    return out


# The five actions that name one tile column each (play, peng, gang, angang, bugang), in
# the order of the encoding: a 1-wide convolution over the columns scores them, so that what
# is learnt about discarding one tile carries over to every other.
_COLUMN_ACTIONS = torch.tensor(
    [[base + c for c in range(COLUMNS)] for base in (PLAY, PENG, GANG, ANGANG, BUGANG)]
)
_OTHER_ACTIONS = torch.tensor([PASS_INDEX, HU_INDEX, *range(CHI, PENG)])


class _Block(nn.Module):
    """Two 3-wide convolutions over the tile columns with a skip (a ResNet block)."""

    def __init__(self, channels: int) -> None:
        super().__init__()
        self.first = nn.Conv1d(channels, channels, 3, padding=1)
        self.second = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x + self.second(torch.relu(self.first(x))))


class PolicyNet(nn.Module):
    """Planes and mask in, one logit per action (and a value for PPO) out; illegal logits
    masked.

    A small ResNet over the 34 tile columns with the planes as channels, as the Botzone-era
    MCR bots use: the mask's five per-column parts (which tiles may be played, punged,
    konged, concealed-konged, promoted) are five more channels, since whether a claim or a
    kong is legal is what many decisions turn on. The per-column actions are scored by a
    1-wide convolution at each column; pass, hu and the 63 chows by a linear layer over
    the whole trunk and the rest of the mask. (The first version, an MLP on the flat planes,
    played far worse than level 1: ``benchmarks/README.md``.)"""

    def __init__(self, history: int = HISTORY, channels: int = 48, blocks: int = 2) -> None:
        super().__init__()
        self.history = history
        self.channels = channels
        self.blocks = blocks
        inputs = plane_count(history) + FEATURES + len(_COLUMN_ACTIONS)
        self.stem = nn.Conv1d(inputs, channels, 3, padding=1)
        self.trunk = nn.Sequential(*(_Block(channels) for _ in range(blocks)))
        self.column_head = nn.Conv1d(channels, len(_COLUMN_ACTIONS), 1)
        flat = channels * COLUMNS + len(_OTHER_ACTIONS)
        self.other_head = nn.Sequential(
            nn.Linear(flat, 128), nn.ReLU(), nn.Linear(128, len(_OTHER_ACTIONS))
        )
        self.value = nn.Sequential(nn.Linear(channels * COLUMNS, 64), nn.ReLU(), nn.Linear(64, 1))

    def to_state(self, half: bool = False) -> dict[str, Any]:
        """The shape and the weights, for :meth:`from_state` (in another process, or a file)."""
        weights = {k: v.half() if half else v for k, v in self.state_dict().items()}
        return {
            "history": self.history,
            "channels": self.channels,
            "blocks": self.blocks,
            "state": weights,
        }

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> PolicyNet:
        net = cls(int(data["history"]), int(data["channels"]), int(data["blocks"]))
        net.load_state_dict({k: v.float() for k, v in data["state"].items()})
        net.eval()
        return net

    def forward(
        self, planes: torch.Tensor, mask: torch.Tensor, derived: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at a large negative value) and values;
        ``derived`` is :func:`shanten_planes` of ``planes`` when the caller has it."""
        rows = planes.shape[0]
        float_mask = mask.float()
        if derived is None:
            derived = torch.from_numpy(shanten_planes(planes.numpy()))
        x = torch.cat([planes.float(), derived, float_mask[:, _COLUMN_ACTIONS]], dim=1)
        features = self.trunk(torch.relu(self.stem(x)))
        flat = features.reshape(rows, -1)
        logits = torch.empty(rows, ACTIONS)
        logits[:, _COLUMN_ACTIONS] = self.column_head(features)
        other = self.other_head(torch.cat([flat, float_mask[:, _OTHER_ACTIONS]], dim=1))
        logits[:, _OTHER_ACTIONS] = other
        return logits.masked_fill(~mask, -1e9), self.value(flat).squeeze(-1)


def save(net: PolicyNet, path: Path) -> None:
    """The network's shape and weights (as float16: half the size, the same moves)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.to_state(half=True), path)


def load(path: Path | str) -> PolicyNet:
    return PolicyNet.from_state(torch.load(path, weights_only=True))


class IndexPlayer:
    """An arena player that decides by action index, as a learnt policy does: the seat's
    view becomes its mask (and planes, for a network), :meth:`index` picks a legal index
    and the move is the one that index names in the view. One path for every policy, so
    that a policy's result in the arena measures the policy, not the path."""

    def choose(self, view: View) -> Move:
        mask = view_mask(view)
        if mask.sum() == 1:  # one legal move (often a lone pass): no need to ask
            return move_in_view(view, int(np.flatnonzero(mask)[0]))
        return move_in_view(view, self.index(view, mask))

    def index(self, view: View, mask: np.ndarray) -> int:
        raise NotImplementedError


class ClonedPlayer(IndexPlayer):
    """The network's most likely legal index for the seat's view (it sees only the view,
    as every player does: its planes and its mask)."""

    def __init__(self, path: Path | str | None = None) -> None:
        torch.set_num_threads(1)
        self.net = load(path or os.environ.get("MAHJONGKIT_POLICY", DEFAULT_WEIGHTS))

    def index(self, view: View, mask: np.ndarray) -> int:
        planes = torch.from_numpy(encode_view(view, self.net.history)).unsqueeze(0)
        with torch.no_grad():
            logits, _ = self.net(planes, torch.from_numpy(mask).unsqueeze(0))
        return int(logits.argmax())


class ExpertPlayer(IndexPlayer):
    """The level-3 bot through the same path (its move as an index, then the index as a
    move): the check that the path itself loses nothing (it must score what ``bot:3``
    scores)."""

    def __init__(self) -> None:
        self.bot = Bot(3, seed="expert-player")

    def index(self, view: View, mask: np.ndarray) -> int:
        window = view.window.tile if view.window is not None else None
        return indices_of([self.bot.choose(view)], window, view.hand.counts)[0]
