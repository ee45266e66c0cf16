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

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from mahjongkit.mcr.analysis.engine import shanten_of_counts
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.players.bot import Bot, View
from mahjongkit.mcr.players.planner import discard_values, hand_value
from mahjongkit.mcr.rl.encoding import (
    ACTIONS,
    ANGANG,
    BUGANG,
    CHI,
    COLUMN_OF_KIND,
    COLUMNS,
    GANG,
    HU_INDEX,
    KIND_OF_COLUMN,
    MOVES,
    PASS_INDEX,
    PENG,
    PLAY,
    indices_of,
    move_in_view,
    view_mask,
)
from mahjongkit.mcr.rl.observation import (
    CHOWS,
    HAND,
    KONGS,
    OFFER,
    OWN_KONGS,
    OWN_PLANES,
    PREVAILING,
    PUNGS,
    SEAT_WIND,
    UNSEEN,
    WIND_COLUMN,
    encode_view,
    plane_count,
)

HISTORY = 8
"""Discards kept per seat in the examples' observations (81 planes): enough for a discard
policy, and a third of the default's memory for the cloned decisions."""
HERE = Path(__file__).resolve().parent
DEFAULT_WEIGHTS = HERE / "results" / "bc_policy.pt"


FEATURES = 6
"""Planes the network derives from the observation before its first layer (see
:func:`lookahead`): four from the shanten, two from the planner's values of the discards."""
SHANTEN_FEATURES = 4
"""The first :data:`FEATURES` planes: the shanten planes (networks of ``lookahead`` 0 and 1
read only these)."""
_MAX_SHANTEN = 8.0
CLAIMS = slice(CHI, ANGANG)
"""The claim indices (63 chows, 34 pungs, 34 exposed kongs of the discard), scored by the
claim head from what each claim leads to."""
CLAIM_FEATURES = 5
"""Numbers per claim index (see :func:`lookahead`)."""
LOOKAHEAD_VERSION = 1
"""The version of :func:`lookahead`'s output: it changes whenever a feature's meaning or
place does (caches of the features are named by it)."""
_VALUE_RANGE = 4.0  # log-ratios of the planner's values, clipped to +-4 and scaled to +-1


@dataclass(frozen=True)
class SeatHand:
    """What :func:`lookahead` reads from one observation: the seat's concealed counts (35
    entries, by kind), its melds, the unseen copies (35 entries), the winds and the tile
    offered (0: none)."""

    counts: list[int]
    melds: list[Meld]
    unseen: list[int]
    seat_wind: int
    prevailing: int
    offered: int


def read_hand(plane: np.ndarray) -> SeatHand:
    """The seat's own hand and melds, the unseen tiles, the winds and the offered tile, from
    one observation ``(planes, 34)`` (``docs/mcr-rl-observation.md``): nothing the seat
    could not see."""
    plane = plane.astype(np.float32)
    own = plane.shape[0] - OWN_PLANES
    held = np.rint(plane[own + HAND : own + HAND + 4].sum(axis=0)).astype(int)
    unseen_columns = np.rint(plane[own + UNSEEN : own + UNSEEN + 4].sum(axis=0)).astype(int)
    counts, unseen = [0] * 35, [0] * 35
    for column, kind in enumerate(KIND_OF_COLUMN):
        counts[kind] = int(held[column])
        unseen[kind] = int(unseen_columns[column])
    melds = []
    chows = np.rint(plane[CHOWS] * 4).astype(int)  # copies of each tile in the seat's chows
    for column in range(27):  # the lowest tile left in chows starts one
        while chows[column] > 0:
            first = KIND_OF_COLUMN[column]
            melds.append(Meld(MeldKind.CHOW, (first, first + 1, first + 2)))
            chows[column : column + 3] -= 1
    for source, kind_of_meld, size, concealed in (
        (plane[PUNGS], MeldKind.PUNG, 3, False),
        (plane[KONGS], MeldKind.KONG, 4, False),
        (plane[own + OWN_KONGS], MeldKind.KONG, 4, True),
    ):
        for column in np.flatnonzero(source > 0.5):
            tile = KIND_OF_COLUMN[column]
            melds.append(Meld(kind_of_meld, (tile,) * size, concealed=concealed))
    winds = slice(WIND_COLUMN, WIND_COLUMN + 4)
    offer = plane[own + OFFER : own + OFFER + 3].sum(axis=0)
    return SeatHand(
        counts,
        melds,
        unseen,
        int(np.argmax(plane[own + SEAT_WIND, winds])),
        int(np.argmax(plane[own + PREVAILING, winds])),
        KIND_OF_COLUMN[int(np.argmax(offer))] if offer.max() > 0 else 0,
    )


def _log_ratio(value: float, reference: float) -> float:
    ratio = math.log(max(value, 1e-12) / max(reference, 1e-12))
    return max(-_VALUE_RANGE, min(_VALUE_RANGE, ratio)) / _VALUE_RANGE


def _best_after_discard(counts: list[int], melds: int) -> int:
    best = 99
    for kind in range(1, 35):
        if counts[kind]:
            counts[kind] -= 1
            best = min(best, shanten_of_counts(counts, melds))
            counts[kind] += 1
    return best


def _claim_row(seen: SeatHand, mask: np.ndarray, out: np.ndarray, now: int) -> None:
    """The claim features of one window (see :func:`lookahead`) into ``out``
    ``(CLAIM_FEATURES, claims)``."""
    tile = seen.offered
    value_now = hand_value(seen.counts, seen.melds, seen.unseen, seen.seat_wind, seen.prevailing)
    for index in np.flatnonzero(mask[CLAIMS]) + CLAIMS.start:
        if index < PENG:  # a chow: the two held tiles of this index and the offered one
            taken = MOVES[index].tiles or ()
            first = min(*taken, tile)
            meld = Meld(MeldKind.CHOW, (first, first + 1, first + 2))
        else:  # a pung, or a kong judged as its pung (as level 3 does)
            taken = (tile, tile)
            meld = Meld(MeldKind.PUNG, (tile,) * 3)
        counts = list(seen.counts)
        for kind in taken:
            counts[kind] -= 1
        melds = [*seen.melds, meld]
        values = discard_values(counts, melds, seen.unseen, seen.seat_wind, seen.prevailing)
        after = _best_after_discard(counts, len(melds))
        column = index - CLAIMS.start
        out[:, column] = (
            1.0,
            after - now,
            after == 0,
            _log_ratio(max(values.values()), value_now),
            now / _MAX_SHANTEN,
        )


def lookahead(
    planes: np.ndarray, masks: np.ndarray, values: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """What each move leads to, from the observation alone (as Suphx's look-ahead features):
    the shanten and the level-3 planner's value (``mahjongkit.mcr.players.planner``: how close
    the hand is to shapes worth the 8-point minimum) after each discard and each claim. A
    network learns these from raw tile counts only with far more data than a CPU example
    has: the bots compute them with the same calls; the network still decides.

    ``planes`` ``(N, planes, 34)`` and ``masks`` ``(N, 235)`` in; out, float32:

    - ``(N, FEATURES, 34)`` planes: the shanten left after discarding each held tile
      (scaled to [0, 1]), whether that keeps the best shanten, whether it leaves the hand
      ready, the hand's shanten now (a scalar plane); then, with ``values``, the planner's
      value after each discard as a log-ratio to the best one (scaled to [-1, 0]), and
      whether it is the best.
    - ``(N, CLAIM_FEATURES, 131)`` for the claim indices (chows, pungs, kongs of the
      discard): whether the claim is legal, the change of shanten it brings (after the claim
      and its best discard), whether it leaves the hand ready, the log-ratio of the
      planner's value after it (and its best discard) to the value of passing (scaled to
      [-1, 1]; level 3 claims above log 1.5), and the shanten now."""
    rows = planes.shape[0]
    columns = np.zeros((rows, FEATURES, COLUMNS), dtype=np.float32)
    claims = np.zeros((rows, CLAIM_FEATURES, CLAIMS.stop - CLAIMS.start), dtype=np.float32)
    for row in range(rows):
        seen = read_hand(planes[row])
        counts, melds = seen.counts, len(seen.melds)
        total = sum(counts)
        now = shanten_of_counts(counts, melds)
        columns[row, 3] = now / _MAX_SHANTEN
        if total % 3 != 2:  # 13 tiles (a window: claims to weigh), not a turn
            if masks[row, CLAIMS].any():
                _claim_row(seen, masks[row], claims[row], now)
            continue
        after = {}
        for kind in range(1, 35):
            if counts[kind]:
                counts[kind] -= 1
                after[COLUMN_OF_KIND[kind]] = shanten_of_counts(counts, melds)
                counts[kind] += 1
        best = min(after.values())
        for column, left in after.items():
            columns[row, 0, column] = left / _MAX_SHANTEN
            columns[row, 1, column] = left == best
            columns[row, 2, column] = left == 0
        if values:
            worth = discard_values(counts, seen.melds, seen.unseen, seen.seat_wind, seen.prevailing)
            top = max(worth.values())
            for kind, value in worth.items():
                column = COLUMN_OF_KIND[kind]
                columns[row, 4, column] = min(0.0, _log_ratio(value, top))
                columns[row, 5, column] = value >= top
    return columns, claims


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


Derived = tuple[torch.Tensor, torch.Tensor]
""":func:`lookahead`'s two arrays as tensors."""

LOOKAHEAD = 2
"""What the network is given of :func:`lookahead` (kept with its weights): 0 the shanten
planes alone (the first measured clone), 1 also the claim features and the claim head,
2 also the planner's values of the discards."""


class PolicyNet(nn.Module):
    """Planes and mask in, one logit per action (and a value for PPO) out; illegal logits
    masked.

    A small ResNet over the 34 tile columns with the planes as channels, as the Botzone-era
    MCR bots use: the mask's five per-column parts (which tiles may be played, punged,
    konged, concealed-konged, promoted) and the look-ahead planes (:func:`lookahead`) are
    more channels. The per-column actions are scored by a 1-wide convolution at each
    column; pass, hu and the 63 chows by a linear layer over the whole trunk and the rest of
    the mask. With ``lookahead`` 1 or 2, a claim head adds to each claim's logit a score
    of what the claim leads to (its :data:`CLAIM_FEATURES` numbers, through a small MLP
    shared by all claims): without it the clone passed on almost every claim (the raw
    planes do not show what a claim does to the hand's road to eight points;
    ``examples/README.md``). (The first version, an MLP on the flat planes, played far
    worse than level 1: ``benchmarks/README.md``.)"""

    def __init__(
        self,
        history: int = HISTORY,
        channels: int = 48,
        blocks: int = 2,
        lookahead: int = LOOKAHEAD,
    ) -> None:
        super().__init__()
        self.history = history
        self.channels = channels
        self.blocks = blocks
        self.lookahead = lookahead
        self.features = FEATURES if lookahead >= 2 else SHANTEN_FEATURES
        inputs = plane_count(history) + self.features + len(_COLUMN_ACTIONS)
        self.stem = nn.Conv1d(inputs, channels, 3, padding=1)
        self.trunk = nn.Sequential(*(_Block(channels) for _ in range(blocks)))
        self.column_head = nn.Conv1d(channels, len(_COLUMN_ACTIONS), 1)
        flat = channels * COLUMNS + len(_OTHER_ACTIONS)
        self.other_head = nn.Sequential(
            nn.Linear(flat, 128), nn.ReLU(), nn.Linear(128, len(_OTHER_ACTIONS))
        )
        if lookahead >= 1:
            self.claim_head = nn.Sequential(
                nn.Linear(CLAIM_FEATURES, 32), nn.ReLU(), nn.Linear(32, 1)
            )
        self.value = nn.Sequential(nn.Linear(channels * COLUMNS, 64), nn.ReLU(), nn.Linear(64, 1))

    def to_state(self, half: bool = False) -> dict[str, Any]:
        """The shape and the weights, for :meth:`from_state` (in another process, or a file)."""
        weights = {k: v.half() if half else v for k, v in self.state_dict().items()}
        return {
            "history": self.history,
            "channels": self.channels,
            "blocks": self.blocks,
            "lookahead": self.lookahead,
            "state": weights,
        }

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> PolicyNet:
        net = cls(
            int(data["history"]),
            int(data["channels"]),
            int(data["blocks"]),
            int(data.get("lookahead", 0)),  # weights saved before the claim head: 0
        )
        net.load_state_dict({k: v.float() for k, v in data["state"].items()})
        net.eval()
        return net

    def derive(self, planes: np.ndarray, masks: np.ndarray) -> Derived:
        """:func:`lookahead` of a batch, as much of it as this network reads."""
        columns, claims = lookahead(planes, masks, values=self.lookahead >= 2)
        return torch.from_numpy(columns), torch.from_numpy(claims)

    def forward(
        self, planes: torch.Tensor, mask: torch.Tensor, derived: Derived | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at a large negative value) and values;
        ``derived`` is :meth:`derive` of the same batch when the caller has it."""
        rows = planes.shape[0]
        float_mask = mask.float()
        if derived is None:
            derived = self.derive(planes.numpy(), mask.numpy())
        columns, claims = derived
        x = torch.cat(
            [planes.float(), columns[:, : self.features].float(), float_mask[:, _COLUMN_ACTIONS]],
            dim=1,
        )
        features = self.trunk(torch.relu(self.stem(x)))
        flat = features.reshape(rows, -1)
        logits = torch.empty(rows, ACTIONS)
        logits[:, _COLUMN_ACTIONS] = self.column_head(features)
        other = self.other_head(torch.cat([flat, float_mask[:, _OTHER_ACTIONS]], dim=1))
        logits[:, _OTHER_ACTIONS] = other
        if self.lookahead >= 1:
            bonus = self.claim_head(claims.float().transpose(1, 2)).squeeze(-1)
            logits[:, CLAIMS] = logits[:, CLAIMS] + bonus
        # The value head reads the trunk without training it: PPO's value loss would
        # otherwise move the features the cloned policy decides with.
        return logits.masked_fill(~mask, -1e9), self.value(flat.detach()).squeeze(-1)


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
