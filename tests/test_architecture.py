"""The import rules docs/architecture.md draws, checked on the source: what imports what.

Every ``import`` is counted, also those inside functions (a cycle through a late import is
still a cycle); package ``__init__`` modules that only gather names are left out (one that
defines functions or classes, like ``cli/__init__.py``, counts as a module).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "python"
MCR_LAYERS = (
    "hand",
    "analysis",
    "scoring",
    "game",
    "players",
    "rl",
    "botzone",
    "arena",
    "records",
    "variants",
)
"""Each MCR layer imports only those before it (players, rl, botzone, arena, records,
variants: peers)."""
ONLY_CORE_IMPORTERS = {
    "mahjongkit.solitaire._cpp",
    "mahjongkit.mcr.analysis._cpp",
    "mahjongkit.mcr.scoring._cpp",
    "mahjongkit.mcr.rl._cpp",
    "mahjongkit.mcr.game._cpp",
    "mahjongkit.mcr.records._cpp",
    "mahjongkit.mcr.players._cpp",
}


def _modules() -> dict[str, Path]:
    modules = {}
    for path in SOURCE.rglob("*.py"):
        name = ".".join(path.relative_to(SOURCE).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    return modules


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules else base)
    return {m for m in found if m.startswith("mahjongkit") and m != name}


def _defines(path: Path) -> bool:
    """Whether a module defines a function or a class (a package ``__init__`` that does is
    a module of its own, not a list of names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.FunctionDef | ast.ClassDef) for n in tree.body)


MODULES = _modules()
IMPORTS = {name: _imports(name, path, MODULES) for name, path in MODULES.items()}
PLAIN = {name for name, path in MODULES.items() if path.name != "__init__.py" or _defines(path)}


def test_no_import_cycles() -> None:
    graph = {n: {m for m in IMPORTS[n] if m in PLAIN} for n in PLAIN}
    cycles = []
    for start in sorted(graph):
        stack, seen = [(start, (start,))], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    cycles.append(" -> ".join((*path, start)))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert cycles == []


def test_no_script_changes_the_import_path() -> None:
    """Benchmarks and scripts import the package, the tests' helpers and each other as
    modules, run from the root (``python -m benchmarks.bench_page``): none edits
    ``sys.path``. (A test may put a user's folder on it, as a user's program would.)"""
    root = SOURCE.parent
    offenders = []
    for folder in ("benchmarks", "scripts", "examples"):
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "path"
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "sys"
                ):
                    offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    assert offenders == []


def test_only_the_adapters_import_the_extension() -> None:
    importers = {
        n for n, found in IMPORTS.items() if any(m.startswith("mahjongkit._core") for m in found)
    }
    assert importers <= ONLY_CORE_IMPORTERS


@pytest.mark.parametrize("game, other", [("solitaire", "mcr"), ("mcr", "solitaire")])
def test_the_games_do_not_import_each_other(game: str, other: str) -> None:
    crossing = {
        n
        for n, found in IMPORTS.items()
        if n.startswith(f"mahjongkit.{game}")
        and any(m.startswith(f"mahjongkit.{other}") for m in found)
    }
    assert crossing == set()


@pytest.mark.parametrize("game", ["solitaire", "mcr"])
def test_the_games_import_no_front_end(game: str) -> None:
    front = ("mahjongkit.cli", "mahjongkit.web")
    crossing = {
        n
        for n, found in IMPORTS.items()
        if n.startswith(f"mahjongkit.{game}") and any(m.startswith(front) for m in found)
    }
    assert crossing == set()


def test_the_twins_import_neither_the_core_nor_the_dispatcher() -> None:
    banned = ("mahjongkit._core", "mahjongkit.solitaire._cpp", "mahjongkit.solitaire.engine")
    for name, found in IMPORTS.items():
        if name.startswith("mahjongkit.solitaire._ref"):
            assert not [m for m in found if m.startswith(banned)], name


def _layer(name: str) -> int | None:
    parts = name.split(".")
    if len(parts) < 3 or parts[1] != "mcr" or parts[2] not in MCR_LAYERS:
        return None
    return min(MCR_LAYERS.index(parts[2]), MCR_LAYERS.index("players"))


def test_each_mcr_layer_imports_only_the_layers_below() -> None:
    upward = []
    for name in PLAIN:
        mine = _layer(name)
        if mine is None:
            continue
        for target in IMPORTS[name]:
            theirs = _layer(target)
            if theirs is not None and theirs > mine:
                upward.append(f"{name} -> {target}")
    assert upward == []


def _names_an_implementation(node: ast.AST) -> bool:
    """A comparison with the literal ``"cpp"`` or ``"python"`` (branching on a name)."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    return any(isinstance(s, ast.Constant) and s.value in ("cpp", "python") for s in sides)


def test_only_the_seam_reads_the_switch_or_compares_implementation_names() -> None:
    """docs/architecture.md: ``_impl.py`` alone reads ``MAHJONGKIT_IMPLEMENTATION`` or
    branches on ``"cpp"``/``"python"``; every twin pair is chosen by ``_impl.pick``."""
    offenders = []
    for name, path in MODULES.items():
        if name == "mahjongkit._impl":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            reads = isinstance(node, ast.Constant) and node.value == "MAHJONGKIT_IMPLEMENTATION"
            if reads or _names_an_implementation(node):
                offenders.append(f"{name}:{getattr(node, 'lineno', '?')}")
    assert offenders == []


def test_twins_are_picked_as_objects() -> None:
    """docs/architecture.md: ``_impl.pick`` chooses between two objects (functions, classes,
    modules), never between two constants that the caller then branches on."""
    offenders = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called != "pick":
                continue
            chosen = [*node.args[1:], *(k.value for k in node.keywords)]
            if any(isinstance(c, ast.Constant) for c in chosen):
                offenders.append(f"{name}:{node.lineno}")
    assert offenders == []


REGISTRIES = {
    # names listed together in one literal: only their registry may write them so
    ("mcr", "botzone"): "mahjongkit.mcr.variants",
    ("green_book", "gb"): "mahjongkit.mcr.scoring.ruleset",
}


def test_variant_and_ruleset_names_are_written_once() -> None:
    """The games by name live in ``mcr/variants.py`` and the rulesets in
    ``scoring/ruleset.py`` (``RULESETS``, mirrored by ``variants.RULESET_NAMES`` for the
    command line): a list of their names written anywhere else is a second registry."""
    offenders = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # a literal compared with something is a command line's words (`mcr botzone`)
        compared = {
            id(side) for n in ast.walk(tree) if isinstance(n, ast.Compare) for side in n.comparators
        }
        for node in ast.walk(tree):
            if id(node) in compared or not isinstance(
                node, ast.List | ast.Tuple | ast.Set | ast.Dict
            ):
                continue
            elements = node.keys if isinstance(node, ast.Dict) else node.elts
            words = {e.value for e in elements if isinstance(e, ast.Constant)}
            for names, home in REGISTRIES.items():
                if set(names) <= words and name not in (home, "mahjongkit.mcr.variants"):
                    offenders.append(f"{name}:{node.lineno} lists {names}")
    assert offenders == []


LEGALITY = "mahjongkit.mcr.game.legality"
RULE_PRIMITIVES = {
    # the shapes of a chow (defined by the hand layer, asked by the checks alone)
    "chow_pairs": {LEGALITY, "mahjongkit.mcr.hand.hand"},
    "chow_shapes": {LEGALITY},
    # what the walls allow
    "melds_allowed": {LEGALITY},
    "replacement_left": {LEGALITY},
}


def test_only_the_legality_checks_compute_claims_and_turn_moves() -> None:
    """docs/architecture.md: each rule of a turn and of a claim lives once, in
    ``mcr/game/legality.py`` (and its C++ twin); every legal list, refusal and claim offer is
    derived from it. A module that asks the chow shapes or the walls' rules itself, or
    builds a list of claims (``PUNG``/``KONG`` appended or listed), computes offers a second
    time, and fails here."""
    offenders = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name not in RULE_PRIMITIVES.get(called, {name}):
                    offenders.append(f"{name}:{node.lineno} calls {called}")
                if (
                    called == "append"
                    and node.args
                    and isinstance(node.args[0], ast.Name)
                    and node.args[0].id in ("PUNG", "KONG")
                    and name != LEGALITY
                ):
                    offenders.append(f"{name}:{node.lineno} appends a claim")
            if (
                isinstance(node, ast.List | ast.Tuple)
                and name.startswith("mahjongkit.mcr.game")
                and name != LEGALITY
                and any(isinstance(e, ast.Name) and e.id in ("PUNG", "KONG") for e in node.elts)
            ):
                offenders.append(f"{name}:{node.lineno} lists claims")
    assert offenders == []


HAND_RULE_LAYERS = ("game", "botzone", "records", "rl", "arena", "variants")
"""The MCR layers that play, replay or watch a hand (players' estimates are their own)."""


def test_the_win_rule_and_its_context_live_in_the_legality_checks() -> None:
    """docs/architecture.md: a win's context is built by ``legality.win_context``, the
    scorer's answer read as a win by ``legality.win_tally``/``win_reason`` and claims ranked
    by ``legality.claim_priority`` only; a module of the layers that play a hand that builds
    a ``WinContext``, reads ``minimum_met`` or ranks claims in a table of its own decides a
    win or a priority a second time, and fails here."""
    offenders = []
    for name, path in MODULES.items():
        parts = name.split(".")
        if name == LEGALITY or len(parts) < 3 or parts[1] != "mcr":
            continue
        if parts[2] not in HAND_RULE_LAYERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "WinContext":
                offenders.append(f"{name}:{node.lineno} builds a WinContext")
            if isinstance(node, ast.Attribute) and node.attr == "minimum_met":
                offenders.append(f"{name}:{node.lineno} reads minimum_met")
            if (  # {MoveKind.WIN: 3, ...}: claims ranked by hand (legality.claim_priority's)
                name != "mahjongkit.mcr.game.moves"  # the legal list's order, not a priority
                and isinstance(node, ast.Dict)
                and any(
                    isinstance(k, ast.Attribute) and getattr(k.value, "id", "") == "MoveKind"
                    for k in node.keys
                )
                and all(
                    isinstance(v, ast.Constant) and isinstance(v.value, int) for v in node.values
                )
            ):
                offenders.append(f"{name}:{node.lineno} ranks claims")
    assert offenders == []


CPP = SOURCE.parent / "cpp"
CPP_LEGALITY = {"core/mcr/legality.hpp", "core/mcr/legality.cpp"}
CPP_RULES: dict[str, tuple[str, dict[str, str]]] = {
    # a hand rule: the pattern of its arithmetic, and the files that may match it for
    # another reason (file: why)
    "chow shapes": (
        r"\bchow_pairs\s*\(|%\s*9\b",
        {
            "core/tiles.hpp": "a tile's rank",
            "core/mcr/score.cpp": "fans read the runs of a scored hand",
            "core/mcr/shanten.cpp": "shanten reads the runs of a hand",
            "core/mcr/planes.hpp": "the RL action index of a chow (the planes' layout)",
            "bindings/bind_mcr_score.cpp": "a scored meld's range",
        },
    ),
    "win offers": (r"\bbasic\s*>=|>=\s*minimum\b|==\s*Refusal::NotComplete", {}),
    "the win context": (
        r"\.\s*(last_tile|last_of_wall)\s*=[^=]|\bvisible\s*>=\s*3",
        {
            "bindings/bind_mcr_score.cpp": "reads a Python WinContext for the scorer",
            "bindings/bind_mcr_legality.cpp": "hands win_check a context to test it",
        },
    ),
    "the last tile (the next seat's wall)": (
        r"\bwall_of\s*\(|\(\s*\w+\s*\+\s*1\s*\)\s*==\s*0|\bleft\s*\(\s*\w+\s*\+\s*1\s*\)",
        {},
    ),
    "claim priority": (
        r"\(\s*[\w.]+\s*-\s*(from|discarder|from_seat)\s*\)\s*&\s*3|\brank_of\s*\(\s*(st|other)\b",
        {},
    ),
}


def test_only_the_cpp_legality_twin_computes_the_hand_rules() -> None:
    """docs/architecture.md: each hand rule's C++ is written once, in
    ``cpp/core/mcr/legality.*``; a file under ``cpp/`` that computes chow shapes, win
    offers, the win context, the last tile or claim priority itself fails here (the
    records replay had its own chow check and priority before)."""
    import re

    offenders = []
    for path in sorted(CPP.rglob("*.[ch]pp")):
        relative = path.relative_to(CPP).as_posix()
        if relative in CPP_LEGALITY:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0]
            for rule, (pattern, allowed) in CPP_RULES.items():
                if relative not in allowed and re.search(pattern, code):
                    offenders.append(f"cpp/{relative}:{number} computes {rule}")
    assert offenders == []
