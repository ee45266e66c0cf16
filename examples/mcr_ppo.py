"""Masked PPO fine-tuning for MCR: the cloned policy plays one seat against three level-1
bots (:class:`~mahjongkit.mcr.env.SingleAgentEnv`) and is updated by PPO, its logits masked
to the legal actions.

A short run, to show the loop and its curve (points per hand, by iteration) rather than to
reach a strong player: a hand's result varies by tens of points, so a few hundred hands per
iteration measure the policy only to within a few points, and the run's total (a few
thousand hands) is far below what policy-gradient methods need in this game. The learner's
seat changes every episode, so it plays every wind.

    PYTHONPATH=python:examples python examples/mcr_ppo.py --iterations 12 --hands 48
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
    envs: list[SingleAgentEnv], net: PolicyNet, hands: int, seed: int
) -> tuple[dict[str, torch.Tensor], list[float]]:
    """``hands`` episodes (one hand each) with the current policy, sampled; per decision the
    planes, mask, action, log-probability, value and return (the hand's reward-to-go)."""
    planes, columns, claims, masks, actions, logps, values, returns = ([] for _ in range(8))
    points = []
    for episode in range(hands):
        env = envs[episode % len(envs)]
        observation, _ = env.reset(seed=seed + episode)
        rewards: list[float] = []
        done = False
        while not done:
            plane = torch.from_numpy(observation["observation"]).unsqueeze(0)
            mask = torch.from_numpy(observation["action_mask"].astype(bool)).unsqueeze(0)
            features = net.derive(plane.numpy(), mask.numpy())
            with torch.no_grad():
                logits, value = net(plane, mask, features)
            distribution = torch.distributions.Categorical(logits=logits)
            action = distribution.sample()
            planes.append(plane[0])
            columns.append(features[0][0])
            claims.append(features[1][0])
            masks.append(mask[0])
            actions.append(action[0])
            logps.append(distribution.log_prob(action)[0])
            values.append(value[0])
            observation, reward, done, _, _ = env.step(int(action))
            rewards.append(float(reward))
        # gamma = 1: every decision of the hand is credited with what came after it.
        to_go = np.cumsum(rewards[::-1])[::-1].tolist()
        returns += to_go
        points.append(sum(rewards) / REWARD_SCALE)
    batch = {
        "planes": torch.stack(planes),
        "columns": torch.stack(columns),
        "claims": torch.stack(claims),
        "masks": torch.stack(masks),
        "actions": torch.stack(actions),
        "logps": torch.stack(logps),
        "values": torch.stack(values),
        "returns": torch.tensor(returns, dtype=torch.float32),
    }
    return batch, points


def update(
    net: PolicyNet,
    optimiser: torch.optim.Optimizer,
    batch: dict[str, torch.Tensor],
    epochs: int = 3,
    size: int = 256,
    clip: float = 0.2,
) -> None:
    advantages = batch["returns"] - batch["values"]
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    count = len(advantages)
    for _ in range(epochs):
        for start in range(0, count, size):
            pick = torch.randperm(count)[:size] if count > size else torch.arange(count)
            derived = (batch["columns"][pick], batch["claims"][pick])
            logits, value = net(batch["planes"][pick], batch["masks"][pick], derived)
            distribution = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(distribution.log_prob(batch["actions"][pick]) - batch["logps"][pick])
            gain = advantages[pick]
            policy_loss = -torch.min(ratio * gain, ratio.clamp(1 - clip, 1 + clip) * gain).mean()
            value_loss = (value - batch["returns"][pick]).pow(2).mean()
            loss = policy_loss + 0.5 * value_loss - 0.01 * distribution.entropy().mean()
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimiser.step()
            if start + size >= count:
                break


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
    parser.add_argument("--hands", type=int, default=48, help="hands per iteration")
    parser.add_argument("--weights", type=Path, default=DEFAULT_WEIGHTS, help="the cloned policy")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument(
        "--arena", type=int, default=0, help="hands of the result, greedy, in the arena (0: none)"
    )
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    net = load(args.weights) if args.weights.exists() else PolicyNet()
    envs = [
        SingleAgentEnv(seat=seat, opponents=1, history=HISTORY, reward_scale=REWARD_SCALE)
        for seat in range(4)
    ]
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    curve = []
    started = time.process_time()
    for iteration in range(1, args.iterations + 1):
        net.eval()
        batch, points = collect(envs, net, args.hands, seed=1000 * iteration)
        mean = float(np.mean(points))
        ci95 = 1.96 * float(np.std(points, ddof=1)) / np.sqrt(len(points))
        curve.append(
            {
                "iteration": iteration,
                "points_per_hand": mean,
                "ci95": ci95,
                "decisions": len(batch["actions"]),
            }
        )
        print(
            f"iteration {iteration:2d}  {mean:+6.2f} ± {ci95:5.2f} points per hand"
            f"  ({len(batch['actions'])} decisions)",
            flush=True,
        )
        net.train()
        update(net, optimiser, batch)
    save(net, args.out / "ppo_policy.pt")
    plot(curve, args.out / "ppo_curve.png")
    report: dict[str, object] = {
        "iterations": args.iterations,
        "hands_per_iteration": args.hands,
        "curve": curve,
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    if args.arena:
        from mcr_bc import evaluate  # the cloned policy's measure: the same walls and seats

        result = evaluate(args.out / "ppo_policy.pt", args.arena, workers=2)
        report["arena"] = result
        print(
            f"arena, {result['hands']} hands against three level-1 bots (duplicate, greedy):"
            f" {result['points_per_hand']:+.2f} ± {result['ci95']:.2f} points per hand"
        )
    (args.out / "ppo_result.json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
