"""Hints stay what they were: the hint's rule gives the first moves (and search nodes) that the
core gave before the fast rule and the scheduled playouts existed.

The record is tests/data/solver_hint_rule.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjongkit import tiles
from mahjongkit.solitaire import deal, free_slots, get_layout
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.solver import HINT_RULE, solve

DATA = Path(__file__).resolve().parents[1] / "data" / "solver_hint_rule.txt"


def recorded() -> dict[tuple[str, int], list[tuple[int, str, str, int]]]:
    rows: dict[tuple[str, int], list[tuple[int, str, str, int]]] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, seed, step, verdict, move, nodes = (field.strip() for field in line.split("|"))
        rows.setdefault((name, int(seed)), []).append((int(step), verdict, move, int(nodes)))
    return rows


ROWS = recorded()


@pytest.mark.parametrize(("name", "seed"), sorted(ROWS))
def test_the_hint_rule_keeps_its_first_moves(name: str, seed: int) -> None:
    layout = get_layout(name)
    faces = list(deal(layout, seed=seed).faces)
    rng = Rng(seed, 77)
    wanted = {step: rest for step, *rest in ROWS[(name, seed)]}
    for step in range(max(wanted) + 1):
        if step in wanted:
            result = solve(layout, faces, max_seconds=0, max_nodes=200_000, rule=HINT_RULE)
            move = ",".join(map(str, result.solution[0])) if result.solution else "-"
            assert [result.verdict.value, move, result.nodes] == wanted[step], step
        for _ in range(6):  # six random legal moves to the next position
            free = free_slots(layout, [i for i, face in enumerate(faces) if face])
            pairs = [
                (a, b)
                for i, a in enumerate(free)
                for b in free[i + 1 :]
                if tiles.solitaire_match(faces[a], faces[b])
            ]
            if not pairs:
                break
            a, b = pairs[rng.below(len(pairs))]
            faces[a] = faces[b] = 0
