"""Masked PPO fine-tuning for MCR: the cloned policy plays one seat against three level-1
bots (:class:`~mahjongkit.mcr.env.SingleAgentEnv`) and is updated by PPO, its logits masked
to the legal actions.

What the literature on fine-tuning a cloned policy recommends, each an option: the value head
first fitted to the clone's own returns with the policy frozen (``--value-warmup``), a KL
term toward the clone (``--kl``), a small learning rate, generalised advantage estimates
(``--lam``) normalised per batch, and as many hands per iteration as the budget allows
(``--hands``). A hand's result varies by tens of points, so a few thousand hands measure a
policy to within a point or two, and a CPU run is far below what policy-gradient methods
usually need: the figures are in ``examples/README.md``. The learner's seat changes every
episode, so it plays every wind.

    PYTHONPATH=python:examples python examples/mcr_ppo.py --iterations 12 --hands 100 --arena 2000
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch
from mcr_policy import DEFAULT_WEIGHTS, HERE, HISTORY, PolicyNet, load, save

from mahjongkit.mcr.env import SingleAgentEnv

REWARD_SCALE = 1 / 32  # points to rewards of order one


def collect(
    envs: list[SingleAgentEnv],
    net: PolicyNet,
    reference: PolicyNet,
    hands: int,
    seed: int,
    lam: float,
) -> tuple[dict[str, torch.Tensor], list[float]]:
    """``hands`` episodes (one hand each) with the current policy, sampled; per decision with
    a choice (a lone legal move is played without asking) the planes, look-ahead, mask,
    action, log-probability, value, the reference's log-probabilities, and the advantage
    and return by generalised advantage estimation (no discount: a hand's points come at
    its end)."""
    keys = ("planes", "columns", "claims", "masks", "actions", "logps", "values", "reference")
    rows: dict[str, list[torch.Tensor]] = {key: [] for key in keys}
    advantages: list[float] = []
    points = []
    for episode in range(hands):
        env = envs[episode % len(envs)]
        observation, _ = env.reset(seed=seed + episode)
        values: list[float] = []
        rewards: list[float] = []
        total = 0.0
        done = False
        while not done:
            legal = observation["action_mask"].astype(bool)
            if legal.sum() == 1:
                observation, reward, done, _, _ = env.step(int(np.flatnonzero(legal)[0]))
                total += float(reward)
                if rewards:
                    rewards[-1] += float(reward)
                continue
            plane = torch.from_numpy(observation["observation"]).unsqueeze(0)
            mask = torch.from_numpy(legal).unsqueeze(0)
            derived = net.derive(plane.numpy(), legal[None])
            with torch.no_grad():
                logits, value = net(plane, mask, derived)
                reference_logits, _ = reference(plane, mask, derived)
            distribution = torch.distributions.Categorical(logits=logits)
            action = distribution.sample()
            for key, tensor in zip(
                keys,
                (
                    plane[0],
                    derived[0][0],
                    derived[1][0],
                    mask[0],
                    action[0],
                    distribution.log_prob(action)[0],
                    value[0],
                    torch.log_softmax(reference_logits, dim=1)[0],
                ),
                strict=True,
            ):
                rows[key].append(tensor)
            values.append(float(value))
            observation, reward, done, _, _ = env.step(int(action))
            total += float(reward)
            rewards.append(float(reward))
        # GAE with gamma = 1: the state after the last decision is the hand's end (value 0).
        gae = 0.0
        ahead: list[float] = []
        for step in reversed(range(len(rewards))):
            following = values[step + 1] if step + 1 < len(values) else 0.0
            gae = rewards[step] + following - values[step] + lam * gae
            ahead.append(gae)
        advantages += ahead[::-1]
        points.append(total / REWARD_SCALE)
    batch = {key: torch.stack(value) for key, value in rows.items()}
    batch["advantages"] = torch.tensor(advantages, dtype=torch.float32)
    batch["returns"] = batch["advantages"] + batch["values"]
    return batch, points


def update(
    net: PolicyNet,
    optimiser: torch.optim.Optimizer,
    batch: dict[str, torch.Tensor],
    *,
    value_only: bool = False,
    kl: float = 0.1,
    entropy: float = 0.0,
    epochs: int = 3,
    size: int = 256,
    clip: float = 0.2,
) -> dict[str, float]:
    """PPO's clipped update (or, with ``value_only``, the value head's regression alone),
    with ``kl`` times the KL divergence from the reference policy at each state. Returns
    the last epoch's mean losses."""
    advantages = batch["advantages"]
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    count = len(advantages)
    for _ in range(epochs):
        sums = {"policy": 0.0, "value": 0.0, "kl": 0.0}
        for pick in torch.randperm(count).split(size):
            derived = (batch["columns"][pick], batch["claims"][pick])
            logits, value = net(batch["planes"][pick], batch["masks"][pick], derived)
            value_loss = (value - batch["returns"][pick]).pow(2).mean()
            if value_only:
                loss = value_loss
            else:
                distribution = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(
                    distribution.log_prob(batch["actions"][pick]) - batch["logps"][pick]
                )
                gain = advantages[pick]
                clipped = ratio.clamp(1 - clip, 1 + clip) * gain
                policy_loss = -torch.min(ratio * gain, clipped).mean()
                log_p = torch.log_softmax(logits, dim=1)
                divergence = (log_p.exp() * (log_p - batch["reference"][pick])).sum(dim=1).mean()
                loss = (
                    policy_loss
                    + 0.5 * value_loss
                    + kl * divergence
                    - entropy * distribution.entropy().mean()
                )
                sums["policy"] += float(policy_loss.detach()) * len(pick)
                sums["kl"] += float(divergence.detach()) * len(pick)
            sums["value"] += float(value_loss.detach()) * len(pick)
            optimiser.zero_grad()
            loss.backward()
            for group in optimiser.param_groups:  # the value head's own norm, apart
                torch.nn.utils.clip_grad_norm_(group["params"], 0.5)
            optimiser.step()
    return {key: total / count for key, total in sums.items()}


def plot(curve: list[dict[str, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [row["iteration"] for row in curve]
    mean = np.array([row["points_per_hand"] for row in curve])
    half = np.array([row["ci95"] for row in curve])
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(x, mean, "o-", label="points per hand (sampled policy)")
    axes.fill_between(x, mean - half, mean + half, alpha=0.2, label="95 % interval")
    warm = [row["iteration"] for row in curve if row.get("value_only")]
    if warm:
        axes.axvspan(0.5, max(warm) + 0.5, color="grey", alpha=0.15, label="value head only")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("PPO iteration")
    axes.set_ylabel("points per hand vs three level-1 bots")
    axes.set_title("masked PPO fine-tuning of the cloned policy")
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--hands", type=int, default=100, help="hands per iteration")
    parser.add_argument(
        "--value-warmup",
        type=int,
        default=2,
        help="first iterations that fit the value head alone (the policy frozen)",
    )
    parser.add_argument("--kl", type=float, default=0.1, help="weight of KL(policy || clone)")
    parser.add_argument("--entropy", type=float, default=0.0, help="weight of an entropy bonus")
    parser.add_argument("--lam", type=float, default=0.95, help="GAE's lambda")
    parser.add_argument("--weights", type=Path, default=DEFAULT_WEIGHTS, help="the cloned policy")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--lr", type=float, default=1e-5)
    parser.add_argument(
        "--arena", type=int, default=0, help="hands of the result, greedy, in the arena (0: none)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes for the arena")
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    net = load(args.weights) if args.weights.exists() else PolicyNet()
    reference = load(args.weights) if args.weights.exists() else PolicyNet()
    envs = [
        SingleAgentEnv(seat=seat, opponents=1, history=HISTORY, reward_scale=REWARD_SCALE)
        for seat in range(4)
    ]
    # The value head learns fast (it starts untrained); the policy moves slowly.
    value_parameters = set(net.value.parameters())
    optimiser = torch.optim.Adam(
        [
            {"params": [p for p in net.parameters() if p not in value_parameters]},
            {"params": list(value_parameters), "lr": 1e-3},
        ],
        lr=args.lr,
    )
    curve = []
    started = time.process_time()
    for iteration in range(1, args.iterations + 1):
        net.eval()
        batch, points = collect(
            envs, net, reference, args.hands, seed=1000 * iteration, lam=args.lam
        )
        mean = float(np.mean(points))
        ci95 = 1.96 * float(np.std(points, ddof=1)) / np.sqrt(len(points))
        value_only = iteration <= args.value_warmup
        net.train()
        losses = update(
            net,
            optimiser,
            batch,
            value_only=value_only,
            kl=args.kl,
            entropy=args.entropy,
        )
        curve.append(
            {
                "iteration": iteration,
                "points_per_hand": mean,
                "ci95": ci95,
                "decisions": len(batch["actions"]),
                "value_only": value_only,
                **losses,
            }
        )
        print(
            f"iteration {iteration:2d}  {mean:+6.2f} ± {ci95:5.2f} points per hand"
            f"  ({len(batch['actions'])} decisions; {'value head only; ' if value_only else ''}"
            f"value loss {losses['value']:.3f}, KL {losses['kl']:.4f})",
            flush=True,
        )
    save(net, args.out / "ppo_policy.pt")
    plot(curve, args.out / "ppo_curve.png")
    report: dict[str, object] = {
        "iterations": args.iterations,
        "hands_per_iteration": args.hands,
        "value_warmup": args.value_warmup,
        "kl": args.kl,
        "entropy": args.entropy,
        "lam": args.lam,
        "lr": args.lr,
        "curve": curve,
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    if args.arena:
        from mcr_bc import evaluate  # the cloned policy's measure: the same walls and seats

        weights, per_hand = args.out / "ppo_policy.pt", args.out / "ppo_arena.json"
        result = evaluate(weights, args.arena, args.workers, per_hand=per_hand)
        report["arena"] = result
        print(
            f"arena, {result['hands']} hands against three level-1 bots (duplicate, greedy):"
            f" {result['points_per_hand']:+.2f} ± {result['ci95']:.2f} points per hand"
        )
    (args.out / "ppo_result.json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
