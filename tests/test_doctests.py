"""Run every docstring example of the installed package, the README's and the docs' pages."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import mahjongkit

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(mahjongkit.__path__, prefix="mahjongkit.")
    if not m.name.endswith("._core")
)
ROOT = Path(__file__).resolve().parents[1]
# Each page runs on its own, top to bottom, so every page imports what its examples use.
PAGES = sorted(
    path.relative_to(ROOT).as_posix()
    for path in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    if ">>> " in path.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} docstring example(s) failed in {name}"


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    failed, tried = doctest.testfile(str(ROOT / page), module_relative=False)
    assert tried > 0 and failed == 0, f"{failed} of {tried} example(s) failed in {page}"


def test_the_readme_and_the_guides_have_examples() -> None:
    assert {"README.md", "docs/guide/solitaire.md", "docs/guide/mcr.md"} <= set(PAGES)
