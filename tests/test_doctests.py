"""Run every docstring example of the installed package, and the README's, as tests."""

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
README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} docstring example(s) failed in {name}"


def test_readme_examples() -> None:
    failed, tried = doctest.testfile(str(README), module_relative=False)
    assert tried > 0 and failed == 0
