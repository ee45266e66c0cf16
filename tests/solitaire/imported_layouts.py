"""The checks every imported layout must pass, shared by the slow test
(tests/solitaire/test_imported_layouts.py) and ``python -m scripts.check_imported_layouts``.

The layouts are KMahjongg's ``.layout`` files and GNOME Mahjongg's ``mahjongg.map``, read from
the two games' sources (not shipped here).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mahjongkit.solitaire import Layout, deal, free_slots
from mahjongkit.solitaire.game import Game, Refusal, Status
from mahjongkit.solitaire.layout import gnome_maps
from mahjongkit.solitaire.solver import Verdict, solve


def imported_layouts(kmahjongg: Path | None, gnome: Path | None) -> list[Layout]:
    """Every ``.layout`` file of the folder ``kmahjongg`` and every map of ``gnome``."""
    found = []
    if kmahjongg is not None:
        found += [Layout.from_file(path) for path in sorted(kmahjongg.glob("*.layout"))]
    if gnome is not None:
        found += list(gnome_maps(gnome))
    return found


def problems(layout: Layout, seeds: Iterable[int]) -> list[str]:
    """What is wrong with ``layout``: C++ and Python must deal and free the same, and each
    board must be solved and its solution played to a win."""
    found = []
    everything = range(layout.size)
    if free_slots(layout, everything) != free_slots(layout, everything, impl="python"):
        found.append(f"{layout.name}: the free slots differ")
    for seed in seeds:
        board = deal(layout, seed)
        if board != deal(layout, seed, impl="python"):
            found.append(f"{layout.name} seed {seed}: C++ and Python deal differently")
        result = solve(layout, board.faces)
        if result.verdict is not Verdict.SOLVABLE:
            found.append(f"{layout.name} seed {seed}: the solver says {result.verdict.value}")
            continue
        game = Game.new(layout, seed, check_dead_ends=False)
        for first, second in result.solution:
            if isinstance(game.remove(first, second), Refusal):
                found.append(f"{layout.name} seed {seed}: the solution is refused")
                break
        if game.status is not Status.WON:
            found.append(f"{layout.name} seed {seed}: the game is not won")
    return found
