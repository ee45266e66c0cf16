"""Behaviour cloning for MCR: a small network learns the level-3 bot's decisions, DAgger
corrects it on its own states, then it plays level-1 bots in the arena.

Four steps, each printed as it goes:

1. **Decisions.** Level-3 bots play one-hand games against each other through a
   :class:`~mahjongkit.mcr.rl.table.Table` (the C++ observer; the seed rotates the dealer and
   winds), in chunks of :data:`CHUNK` hands with their own seeds. At every decision with more
   than one legal index the acting seat's planes, its mask and the bot's index
   (:func:`~mahjongkit.mcr.env.expert_action`) are kept. The first chunk is held out.
2. **Cloning.** Cross-entropy over the *legal* indices only (the mask is applied to the
   logits), each kind of decision weighing the same, Adam, a few epochs; the learning curve
   (training loss, agreement with the bot on the held-out decisions, in all and per kind) is
   printed, saved as JSON and plotted.
3. **DAgger.** The network plays one seat against three level-1 bots; level 3 labels the
   decisions it met, which join the data for one more epoch, round after round.
4. **Arena.** The cloned policy in one seat against three level-1 bots, duplicate (every wall
   from every seat), points per hand with the 95 % interval.

    PYTHONPATH=python:examples python examples/mcr_bc.py --cache /tmp/mcr-selfplay

``--expert 4`` clones the searching level 4 instead (it also labels DAgger's states); its
self-play costs about half a second of CPU a decision, hundreds of times level 3's.

With ``--records FILE`` (Botzone's text format, e.g. the PKU course's ``data.txt``) step 1
clones the humans instead: the file is exported by :func:`mahjongkit.mcr.records.export.export`
with this network's history and read back with ``RecordDataset``; every twentieth game is
held out, and there is no DAgger (no human labels the network's own states)::

    PYTHONPATH=python:examples python examples/mcr_bc.py --records data.txt --cache /tmp/human
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import torch
from mcr_policy import (
    HERE,
    HISTORY,
    LOOKAHEAD,
    LOOKAHEAD_VERSION,
    PolicyNet,
    lookahead,
    save,
)
from torch import nn

from mahjongkit.mcr.env import expert_action
from mahjongkit.mcr.rl.encoding import ANGANG, HU_INDEX, PASS_INDEX
from mahjongkit.mcr.rl.table import Table

Decision = tuple[np.ndarray, np.ndarray, int]
Data = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Decisions: planes (float16), masks (bool), the expert's indices, and the two arrays of
:func:`~mcr_policy.lookahead` (float16), computed once where the decisions are made."""


def with_lookahead(planes: np.ndarray, masks: np.ndarray, labels: np.ndarray) -> Data:
    columns, claims = lookahead(planes, masks)
    return planes, masks, labels, columns.astype(np.float16), claims.astype(np.float16)


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


def _gather_one(hands: int, seed: int, level: int = 3) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    planes, masks, labels = [], [], []
    for plane, mask, index in expert_decisions(hands, seed, level):
        planes.append(plane)
        masks.append(mask)
        labels.append(index)
    return np.stack(planes), np.stack(masks), np.array(labels, dtype=np.int64)


def _dagger_one(
    hands: int, seed: int, state: dict[str, Any], opponents: int, expert: int = 3
) -> Data:
    """DAgger's states: the network plays one seat (a different one each hand) against three
    level-``opponents`` bots, greedily, and level 3 labels every decision with a choice the
    network met (the network's move is played, the bot's is the label)."""
    torch.set_num_threads(1)
    net = PolicyNet.from_state(state)
    table = Table(history=net.history)
    table.reset(seed)
    planes, masks, labels = [], [], []
    for number in range(hands):
        if number:
            table.reset()
        learner = number % 4
        while not table.done:
            seat = table.seat
            assert seat is not None
            if seat != learner:
                table.play(seat, expert_action(table, seat, opponents))
                continue
            mask = table.mask(seat).astype(np.bool_)
            if mask.sum() == 1:
                table.play(seat, int(np.flatnonzero(mask)[0]))
                continue
            plane = table.observe(seat)
            with torch.no_grad():
                logits, _ = net(torch.from_numpy(plane)[None], torch.from_numpy(mask)[None])
            planes.append(plane.astype(np.float16))
            masks.append(mask)
            labels.append(expert_action(table, seat, expert))
            table.play(seat, int(logits.argmax()))
    return with_lookahead(np.stack(planes), np.stack(masks), np.array(labels, dtype=np.int64))


def dagger(
    net: PolicyNet,
    hands: int,
    seed: int,
    workers: int = 1,
    opponents: int = 1,
    expert: int = 3,
) -> Data:
    """One DAgger round's decisions (see :func:`_dagger_one`), in ``workers`` processes
    (one share of the hands each, seeded ``seed + w``)."""
    state = net.to_state()
    if workers == 1:
        return _dagger_one(hands, seed, state, opponents, expert)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    shares = [hands // workers + (w < hands % workers) for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        parts = pool.map(
            _dagger_one,
            shares,
            [seed + w for w in range(workers)],
            [state] * workers,
            [opponents] * workers,
            [expert] * workers,
        )
        return joined(list(parts))


CHUNK = 50
"""Self-play hands per chunk of :func:`gather` (each chunk its own seed)."""


def chunk_size(hands: int) -> int:
    """Hands per chunk: :data:`CHUNK`, fewer for a small run (at least two chunks: the first
    is held out)."""
    return min(CHUNK, max(1, hands // 2))


def chunk_seeds(hands: int, seed: int) -> list[int]:
    """The seeds of the chunks of ``hands`` self-play hands: two streams, ``seed + c`` and
    ``seed + 1000 + c``, taking turns (so the data are the same with any ``workers``)."""
    return [seed + 1000 * (i % 2) + i // 2 for i in range(max(1, hands // chunk_size(hands)))]


def _chunk(seed: int, hands: int, cache: Path | None, level: int = 3) -> Data:
    """One chunk's decisions, with their look-ahead features; each kept in ``cache`` (the
    decisions and the features in two files, so that a change of the features keeps the
    self-play)."""
    name = f"part_{seed}.npz" if level == 3 else f"part_{seed}_level{level}.npz"
    path = cache / name if cache is not None else None
    if path is not None and path.exists():
        with np.load(path) as saved:
            planes, masks, labels = saved["planes"], saved["masks"], saved["labels"]
    else:
        planes, masks, labels = _gather_one(hands, seed, level)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(path, planes=planes, masks=masks, labels=labels)
    tail = "" if level == 3 else f"_level{level}"
    features = (
        cache / f"lookahead{LOOKAHEAD_VERSION}_{seed}{tail}.npz" if cache is not None else None
    )
    if features is not None and features.exists():
        with np.load(features) as saved:
            return planes, masks, labels, saved["columns"], saved["claims"]
    data = with_lookahead(planes, masks, labels)
    if features is not None:
        np.savez(features, columns=data[3], claims=data[4])
    return data


def gather(
    hands: int, seed: int, workers: int = 1, cache: Path | None = None, level: int = 3
) -> list[Data]:
    """The level-3 self-play decisions of ``hands`` hands (see :func:`expert_decisions`) in
    chunks of :data:`CHUNK` hands, in ``workers`` processes, each chunk kept in ``cache`` (a
    folder) when given and read from there when it is already."""
    seeds = chunk_seeds(hands, seed)
    size = chunk_size(hands)
    if workers == 1:
        return [_chunk(s, size, cache, level) for s in seeds]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        n = len(seeds)
        return list(pool.map(_chunk, seeds, [size] * n, [cache] * n, [level] * n))


def human_decisions(records: Path, cache: Path) -> list[Data]:
    """The decisions with a choice in a record file, as two parts: the games held out (every
    twentieth) and the others. The export is kept in ``cache`` and made only once."""
    from mahjongkit.mcr.records.export import RecordDataset, export

    folder = cache / f"export_{records.stem}_h{HISTORY}"
    if not (folder / "manifest.json").exists():
        export(records, folder, history=HISTORY)
    dataset = RecordDataset(folder)
    if dataset.manifest["history"] != HISTORY:
        raise ValueError(f"{folder} holds planes of history {dataset.manifest['history']}")
    parts: list[list[Data]] = [[], []]
    for batch in dataset.batches(4096):
        choice = batch["mask"].sum(axis=1) > 1
        held = (batch["game"] % 20 == 0) & choice
        for part, keep in ((0, held), (1, choice & ~held)):
            parts[part].append(
                with_lookahead(
                    batch["obs"][keep].astype(np.float16),
                    batch["mask"][keep].astype(np.bool_),
                    batch["action"][keep].astype(np.int64),
                )
            )
    held_out, data = (joined(part) for part in parts)
    if not len(held_out[2]) or not len(data[2]):
        raise ValueError(f"{records}: too few games to hold one in twenty out and train on")
    return [held_out, data]


def joined(parts: list[Data]) -> Data:
    return tuple(np.concatenate([part[i] for part in parts]) for i in range(5))  # type: ignore[return-value]


KINDS = ("discard", "claim", "hu", "kong")
"""The decisions' kinds, by what the mask offers: a win (hu legal), a claim or a pass (a
window without a win), a kong on one's turn (a concealed or promoted kong legal), else a
discard."""


def kinds_of(masks: np.ndarray) -> np.ndarray:
    """Each decision's kind as an index into :data:`KINDS`."""
    kong = masks[:, ANGANG:].any(axis=1)
    kind = np.zeros(len(masks), dtype=np.int64)
    kind[kong] = 3
    kind[masks[:, PASS_INDEX] & ~masks[:, HU_INDEX]] = 1
    kind[masks[:, HU_INDEX]] = 2
    return kind


def agreement(net: PolicyNet, data: Data, batch: int = 1024) -> dict[str, float]:
    """The share of ``data``'s decisions on which the network plays the bot's index, in all
    and per kind, with how often it claims (and the bot does) where it may."""
    planes, masks, labels, columns, claims = (torch.from_numpy(a) for a in data)
    chosen = []
    net.eval()
    with torch.no_grad():
        for start in range(0, len(labels), batch):
            part = slice(start, start + batch)
            logits, _ = net(planes[part], masks[part], (columns[part], claims[part]))
            chosen.append(logits.argmax(dim=1).numpy())
    labels, masks = data[2], data[1]
    played = np.concatenate(chosen)
    right = played == labels
    kind = kinds_of(masks)
    result = {"all": float(right.mean())}
    for number, name in enumerate(KINDS):
        if (kind == number).any():
            result[name] = float(right[kind == number].mean())
    window = kind == 1
    if window.any():
        expert_claims = window & (labels != PASS_INDEX)
        result["claims_played"] = float((played[window] != PASS_INDEX).mean())
        result["claims_expert"] = float(expert_claims.sum() / window.sum())
        if expert_claims.any():  # the bot's claims the network makes (the same claim)
            result["claims_matched"] = float(right[expert_claims].mean())
    return result


def train(
    data: Data,
    held_out: Data,
    epochs: int,
    batch: int = 256,
    seed: int = 0,
    lr: float = 1e-3,
    net: PolicyNet | None = None,
    lookahead: int = LOOKAHEAD,
) -> tuple[PolicyNet, list[dict[str, Any]]]:
    """The network and its curve: per epoch, the mean training loss and the agreement with
    the bot on the held-out decisions (in all and per kind). Each kind weighs the same in
    the loss whatever its share of the decisions (discards are most of them; a wrong claim
    or a missed win costs a hand). A new network (reading ``lookahead``) starts from
    weights drawn with ``seed``."""
    torch.manual_seed(seed)
    net = net or PolicyNet(lookahead=lookahead)
    optimiser = torch.optim.Adam(net.parameters(), lr=lr)
    steps = epochs * ((len(data[2]) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=steps)
    kind = kinds_of(data[1])
    share = np.bincount(kind, minlength=len(KINDS)) / len(kind)
    weight_of_kind = np.where(share > 0, 1.0 / np.maximum(share, 1e-9), 0.0)
    weights = torch.from_numpy((weight_of_kind / weight_of_kind[kind].mean())[kind]).float()
    planes, masks, labels, columns, claims = (torch.from_numpy(a) for a in data)
    generator = torch.Generator().manual_seed(seed)
    curve = []
    for epoch in range(1, epochs + 1):
        net.train()
        order = torch.randperm(len(labels), generator=generator)
        total = 0.0
        for start in range(0, len(order), batch):
            pick = order[start : start + batch]
            logits, _ = net(planes[pick], masks[pick], (columns[pick], claims[pick]))
            losses = nn.functional.cross_entropy(logits, labels[pick], reduction="none")
            loss = (losses * weights[pick]).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(losses.detach().sum())
        agree = agreement(net, held_out)
        curve.append(
            {
                "epoch": epoch,
                "loss": total / len(labels),
                "held_out_agreement": agree["all"],
                "by_kind": agree,
            }
        )
        kinds = "  ".join(f"{name} {agree[name]:.3f}" for name in KINDS if name in agree)
        print(
            f"epoch {epoch:2d}  loss {loss:.4f}  agreement {agree['all']:.3f}  ({kinds};"
            f" claims {agree.get('claims_played', 0):.3f}, the bot's"
            f" {agree.get('claims_expert', 0):.3f}, of which matched"
            f" {agree.get('claims_matched', 0):.3f})",
            flush=True,
        )
    return net, curve


def plot(curve: list[dict[str, Any]], path: Path, title: str) -> None:
    """The loss and the agreements along the training (epochs of cloning, then DAgger
    rounds), one point per epoch."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = list(range(1, len(curve) + 1))
    figure, left = plt.subplots(figsize=(6.4, 3.6))
    left.plot(steps, [row["loss"] for row in curve], "o-", color="tab:blue", label="loss")
    left.set_xlabel("epoch (cloning, then one per DAgger round)")
    left.set_ylabel("training loss (masked cross-entropy)", color="tab:blue")
    right = left.twinx()
    right.plot(steps, [row["held_out_agreement"] for row in curve], "s-", color="tab:red")
    right.plot(steps, [row["by_kind"].get("discard", 0) for row in curve], "^--", color="tab:red")
    own = [
        (n, row["on_policy_agreement"])
        for n, row in enumerate(curve, 1)
        if "on_policy_agreement" in row
    ]
    if own:
        right.plot(*zip(*own, strict=True), "d:", color="tab:green")
    right.set_ylabel("agreement with level 3", color="tab:red")
    right.legend(
        ["held out, all", "held out, discards", "on its own states (DAgger)"][: 3 if own else 2],
        loc="lower right",
        fontsize=8,
    )
    left.set_title(title, fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)


def evaluate(
    weights: Path,
    hands: int,
    workers: int,
    player: str = "mcr_policy:ClonedPlayer",
    per_hand: Path | None = None,
) -> dict[str, float]:
    """The cloned policy (or another ``player`` spec) in one seat against three level-1
    bots, duplicate (every wall from every seat), in the arena. With ``per_hand``, the
    player's points in each hand are written there (JSON, in the arena's order: the same
    hands for every policy, so two policies compare hand by hand)."""
    import os

    from mahjongkit.mcr.arena import arena

    os.environ["MAHJONGKIT_POLICY"] = str(weights)
    result = arena(
        [player, "bot:1", "bot:1", "bot:1"],
        hands=hands,
        duplicate=True,
        seed="bc-eval",
        workers=workers,
    )
    me = result.players[0]
    others = result.players[1:]
    if per_hand is not None:
        per_hand.write_text(json.dumps([record.points[0] for record in result.records]) + "\n")
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
    parser.add_argument("--hands", type=int, default=2000, help="self-play hands to clone")
    parser.add_argument("--seed", type=int, default=100000, help="of the self-play chunks")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--dagger", type=int, default=3, help="DAgger rounds after cloning")
    parser.add_argument("--dagger-hands", type=int, default=200, help="hands per round")
    parser.add_argument("--arena", type=int, default=2000, help="hands in the arena (0: none)")
    parser.add_argument(
        "--check-path",
        type=int,
        default=0,
        help="hands of the level-3 bot through the policy's path in the arena first (0: none)",
    )
    parser.add_argument(
        "--lookahead",
        type=int,
        default=LOOKAHEAD,
        choices=(0, 1, 2),
        help="what the network is given: 0 shanten planes, 1 and claim features, 2 and the"
        " planner's discard values (mcr_policy.LOOKAHEAD)",
    )
    parser.add_argument(
        "--expert",
        type=int,
        default=3,
        choices=(3, 4),
        help="the bot cloned and asked by DAgger: level 3, or level 4 (it searches: about"
        " half a second of CPU a decision, so its self-play takes hours where level 3's takes"
        " minutes)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes for data and arena")
    parser.add_argument("--threads", type=int, default=2, help="torch threads for training")
    parser.add_argument("--cache", type=Path, help="a folder keeping the self-play chunks")
    parser.add_argument(
        "--records", type=Path, help="clone the human games of this record file instead"
    )
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.process_time()
    source = f"the human games of {args.records}" if args.records else f"{args.hands} hands"
    if args.records is not None:
        parts = human_decisions(args.records, args.cache or args.out / "cache")
        args.dagger = 0  # no human labels the network's own states
    else:
        parts = gather(args.hands, args.seed, args.workers, args.cache, args.expert)
    # The first chunk is held out (its own seed: no wall of it is trained on).
    held_out, data = parts[0], joined(parts[1:] or parts)
    print(
        f"{len(data[2])} decisions from {source}, {len(held_out[2])} held out"
        f" ({time.process_time() - started:.0f} CPU-s in this process)",
        flush=True,
    )
    net, curve = train(data, held_out, args.epochs, lookahead=args.lookahead)
    for number in range(1, args.dagger + 1):
        own = dagger(
            net,
            args.dagger_hands,
            args.seed + 500_000 + 1000 * number,
            args.workers,
            expert=args.expert,
        )
        on_policy = agreement(net, own)
        print(
            f"DAgger round {number}: {len(own[2])} decisions of its own, agreement"
            f" {on_policy['all']:.3f} (discards {on_policy.get('discard', 0):.3f})",
            flush=True,
        )
        data = joined([data, own])
        net, more = train(data, held_out, 1, seed=number, lr=3e-4, net=net)
        more[-1]["on_policy_agreement"] = on_policy["all"]
        more[-1]["dagger_round"] = number
        curve += more
    weights = args.out / "bc_policy.pt"
    save(net, weights)
    report: dict[str, object] = {
        "source": source,
        "hands": args.hands,
        "seed": args.seed,
        "decisions": len(data[2]),
        "lookahead": args.lookahead,
        "expert": args.expert,
        "curve": curve,
        "cpu_seconds_this_process": round(time.process_time() - started, 1),
    }
    plot(
        curve,
        args.out / "bc_curve.png",
        f"cloning {'humans' if args.records else f'level {args.expert}'}"
        f" ({len(data[2]):,} decisions"
        f"{' with DAgger' if args.dagger else ''})",
    )
    if args.check_path:
        check = evaluate(weights, args.check_path, args.workers, "mcr_policy:ExpertPlayer")
        report["level3_through_the_path"] = check
        print(
            f"level 3 through the policy's path, {check['hands']} hands:"
            f" {check['points_per_hand']:+.2f} ± {check['ci95']:.2f} points per hand"
        )
    if args.arena:
        result = evaluate(weights, args.arena, args.workers, per_hand=args.out / "bc_arena.json")
        report["arena"] = result
        print(
            f"arena, {result['hands']} hands against three level-1 bots (duplicate):"
            f" {result['points_per_hand']:+.2f} ± {result['ci95']:.2f} points per hand"
            f" (level 1: {result['level1_points_per_hand']:+.2f})"
        )
    (args.out / "bc_result.json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
