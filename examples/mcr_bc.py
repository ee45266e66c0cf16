"""Behaviour cloning for MCR: a small MLP learns the level-3 bot's decisions, then plays.

Three steps, each printed as it goes:

1. **Decisions.** Level-3 bots play one-hand games against each other through a
   :class:`~mahjongkit.mcr.rl.table.Table` (the C++ observer; the seed rotates the dealer and
   winds). At every decision with more than one legal index the acting seat's planes, its
   mask and the bot's index (:func:`~mahjongkit.mcr.env.expert_action`) are kept.
2. **Training.** Cross-entropy over the *legal* indices only (the mask is applied to the
   logits), Adam, a few epochs; the learning curve (training loss, agreement with the bot on
   held-out games) is printed, saved as JSON and plotted.
3. **Arena.** The cloned policy in one seat against three level-1 bots, duplicate (every wall
   from every seat), points per hand with the 95 % interval.

    PYTHONPATH=python:examples python examples/mcr_bc.py --hands 800 --epochs 4 --arena 2000

The human records source (Botzone logs) will plug in at step 1: any iterator of
``(planes, mask, index)`` can replace :func:`expert_decisions` (see ``examples/README.md``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import torch
from mcr_policy import HERE, HISTORY, PolicyNet, save
from torch import nn

from mahjongkit.mcr.env import expert_action
from mahjongkit.mcr.rl.table import Table

Decision = tuple[np.ndarray, np.ndarray, int]


def expert_decisions(hands: int, seed: int, level: int = 3) -> Iterator[Decision]:
    """Every decision with a choice in ``hands`` self-play hands of level-``level`` bots:
    (planes as float16, mask as bool, the bot's index)."""
    table = Table(history=HISTORY)
    table.reset(seed)
    for number in range(hands):
        if number:
            table.reset()
        while not table.done:
            seat = table.seat
            assert seat is not None
            index = expert_action(table, seat, level)
            mask = table.mask(seat)
            if mask.sum() > 1:
                yield table.observe(seat).astype(np.float16), mask.astype(np.bool_), index
            table.play(seat, index)


def _gather_one(hands: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    planes, masks, labels = [], [], []
    for plane, mask, index in expert_decisions(hands, seed):
        planes.append(plane)
        masks.append(mask)
        labels.append(index)
    return np.stack(planes), np.stack(masks), np.array(labels, dtype=np.int64)


def gather(hands: int, seed: int, workers: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decisions of ``hands`` hands, in ``workers`` processes (each its own seed stream,
    ``seed + 1000 * w``): the same data for the same ``workers``."""
    if workers == 1:
        return _gather_one(hands, seed)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    shares = [hands // workers + (w < hands % workers) for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        parts = list(pool.map(_gather_one, shares, [seed + 1000 * w for w in range(workers)]))
    return tuple(np.concatenate([part[i] for part in parts]) for i in range(3))  # type: ignore[return-value]


def train(
    data: tuple[np.ndarray, np.ndarray, np.ndarray],
    held_out: tuple[np.ndarray, np.ndarray, np.ndarray],
    epochs: int,
    batch: int = 256,
    seed: int = 0,
) -> tuple[PolicyNet, list[dict[str, float]]]:
    """The network and its curve: per epoch, the mean training loss and the agreement with
    the bot on the held-out decisions."""
    torch.manual_seed(seed)
    net = PolicyNet()
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3)
    loss_of = nn.CrossEntropyLoss()
    planes, masks, labels = (torch.from_numpy(a) for a in data)
    test_planes, test_masks, test_labels = (torch.from_numpy(a) for a in held_out)
    generator = torch.Generator().manual_seed(seed)
    curve = []
    for epoch in range(1, epochs + 1):
        net.train()
        order = torch.randperm(len(labels), generator=generator)
        total = 0.0
        for start in range(0, len(order), batch):
            pick = order[start : start + batch]
            logits, _ = net(planes[pick].float(), masks[pick])
            loss = loss_of(logits, labels[pick])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(pick)
        net.eval()
        with torch.no_grad():
            logits, _ = net(test_planes.float(), test_masks)
            agree = float((logits.argmax(dim=1) == test_labels).float().mean())
        curve.append({"epoch": epoch, "loss": total / len(labels), "held_out_agreement": agree})
        print(
            f"epoch {epoch:2d}  loss {total / len(labels):.4f}  agreement {agree:.3f}", flush=True
        )
    return net, curve


def plot(curve: list[dict[str, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    epochs = [row["epoch"] for row in curve]
    figure, left = plt.subplots(figsize=(6, 3.5))
    left.plot(epochs, [row["loss"] for row in curve], "o-", color="tab:blue")
    left.set_xlabel("epoch")
    left.set_ylabel("training loss (masked cross-entropy)", color="tab:blue")
    right = left.twinx()
    right.plot(epochs, [row["held_out_agreement"] for row in curve], "s-", color="tab:red")
    right.set_ylabel("agreement with level 3 (held out)", color="tab:red")
    left.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def evaluate(weights: Path, hands: int, workers: int) -> dict[str, float]:
    """The cloned policy against three level-1 bots, duplicate, in the arena."""
    import os

    from mahjongkit.mcr.arena import arena

    os.environ["MAHJONGKIT_POLICY"] = str(weights)
    result = arena(
        ["mcr_policy:ClonedPlayer", "bot:1", "bot:1", "bot:1"],
        hands=hands,
        duplicate=True,
        seed="bc-eval",
        workers=workers,
    )
    me = result.players[0]
    others = result.players[1:]
    return {
        "hands": result.hands,
        "points_per_hand": me.mean,
        "ci95": me.ci95,
        "level1_points_per_hand": sum(p.mean for p in others) / 3,
        "win_rate": me.win_rate,
        "deal_in_rate": me.deal_in_rate,
        "penalties": me.penalties,
        "cpu_seconds": result.cpu_seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=800, help="self-play hands to clone")
    parser.add_argument("--held-out", type=int, default=100, help="hands kept for agreement")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--arena", type=int, default=2000, help="hands in the arena (0: none)")
    parser.add_argument("--workers", type=int, default=1, help="processes for data and arena")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args()
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.process_time()
    data = gather(args.hands, seed=1, workers=args.workers)
    held_out = gather(args.held_out, seed=2)
    print(
        f"{len(data[2])} decisions from {args.hands} hands, {len(held_out[2])} held out"
        f" ({time.process_time() - started:.0f} CPU-s)",
        flush=True,
    )
    net, curve = train(data, held_out, args.epochs)
    weights = args.out / "bc_policy.pt"
    save(net, weights)
    report: dict[str, object] = {
        "hands": args.hands,
        "decisions": len(data[2]),
        "curve": curve,
        "train_cpu_seconds": round(time.process_time() - started, 1),
    }
    plot(
        curve, args.out / "bc_curve.png", f"behaviour cloning of level 3 ({len(data[2])} decisions)"
    )
    if args.arena:
        result = evaluate(weights, args.arena, args.workers)
        report["arena"] = result
        print(
            f"arena, {result['hands']} hands against three level-1 bots (duplicate):"
            f" {result['points_per_hand']:+.2f} ± {result['ci95']:.2f} points per hand"
            f" (level 1: {result['level1_points_per_hand']:+.2f})"
        )
    (args.out / "bc_result.json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
