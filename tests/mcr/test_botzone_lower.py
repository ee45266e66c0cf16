"""The pack-time lowering to Python 3.6 (``mahjongkit.mcr.botzone.lower``): what it rewrites
behaves as the original does, what it cannot rewrite is refused by module and line, and the
packed bot's modules are those its entry reaches (whole hands on 3.6: test_botzone_pack)."""

from __future__ import annotations

import subprocess
import sys
import types
from typing import Any

import pytest

from mahjongkit.mcr.botzone.lower import CannotLower, lower, lower_all
from mahjongkit.mcr.botzone.pack import bot_modules
from tests.mcr.old_pythons import PYTHON36

SOURCE = """\
from __future__ import annotations
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Final, Generic, TypeVar, overload

if TYPE_CHECKING:
    from collections.abc import Sequence

T = TypeVar("T")
Counts = list[int]
Pair = tuple[int, int] | None
LIMIT: Final = 3


@dataclass(frozen=True)
class Tile:
    kind: int
    name: str = "x"
    tags: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.kind < 0:
            raise ValueError("a kind is not negative")


@dataclass
class Box(Generic[T]):
    items: list[T] = field(default_factory=lambda: [LIMIT])
    count: int = 0


@overload
def first(xs: Sequence[int]) -> int: ...
@overload
def first(xs: str) -> str: ...
def first(xs: Any) -> Any:
    return xs[0]


@cache
def steps(xs: tuple[int, ...]) -> list[int]:
    return [b - a for a, b in pairwise(xs)]


def same(a: Counts, b: Counts) -> bool:
    for x, y in zip(a, b, strict=True):
        if x != y:
            return False
    return isinstance(a, list | tuple)


def answers() -> list[object]:
    one = Tile(1)
    two = replace(one, name="y")
    box = Box()
    box.items.append(4)
    out: list[object] = [
        repr(one), repr(two), one == Tile(1), one == two, hash(one) == hash(Tile(1)),
        Box().items is not Box().items, Box().items, box.items, box == Box([3, 4]),
        first([5]), steps((1, 4, 9)), same([1, 2], [1, 2]), f"{LIMIT=}",
    ]
    try:
        one.kind = 2
    except AttributeError:
        out.append("frozen")
    try:
        Tile(-1)
    except ValueError as error:
        out.append(str(error))
    try:
        hash(box)
    except TypeError:
        out.append("unhashable")
    return out
"""


def _run(source: str) -> Any:
    module = types.ModuleType("sample")  # dataclasses looks its module up in sys.modules
    sys.modules["sample"] = module
    try:
        exec(compile(source, "sample", "exec"), module.__dict__)
        return module.answers()
    finally:
        del sys.modules["sample"]


def test_the_lowered_module_answers_as_the_original():
    lowered = lower(SOURCE, "sample")
    assert _run(lowered) == _run(SOURCE)
    for gone in ("__future__", "@dataclass", "typing", "TypeVar", "list[int]", "strict", "Generic"):
        assert gone not in lowered, gone


def test_the_lowered_module_runs_on_python_36(tmp_path):
    if not PYTHON36.is_file():
        pytest.skip(f"no Python 3.6 at {PYTHON36}")
    path = tmp_path / "sample.py"
    path.write_text(lower(SOURCE, "sample") + "\nprint(repr(answers()))\n", encoding="utf-8")
    done = subprocess.run(
        [str(PYTHON36), "-I", "-S", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == repr(_run(SOURCE))


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("if (n := 3):\n    pass\n", "assignment expression"),
        ("match x:\n    case 1:\n        pass\n", "match statement"),
        ("def f(a, /):\n    pass\n", "positional-only"),
        ("x = 'ab'.removeprefix('a')\n", "'.removeprefix' (Python 3.9)"),
        ("from math import prod\n", "math.prod (Python 3.8)"),
        ("from typing import cast\nx = cast(int, 3)\n", "'cast' (a typing-only name"),
        ("def f():\n    return list[int]()\n", "a generic alias"),
        ("def f(x):\n    return int | None\n", "a union of types"),
        ("from dataclasses import asdict\n", "dataclasses.asdict"),
        (
            "from dataclasses import dataclass\n@dataclass(order=True)\nclass A:\n    x: int\n",
            "order",
        ),
        ("from functools import lru_cache\n@lru_cache\ndef f():\n    pass\n", "@lru_cache"),
        ("x = sum([1], start=0)\n", "sum(start=...)"),
    ],
)
def test_what_cannot_be_lowered_is_refused_by_module_and_line(source, named):
    with pytest.raises(CannotLower, match=r"^m, line [0-9]+: ") as caught:
        lower(source, "m")
    assert named in str(caught.value)


def test_a_typing_only_name_imported_from_another_module_goes_too():
    lowered = lower_all(
        {
            "a": "Counts = list[int]\nLIMIT = 3\n",
            "b": "from a import Counts, LIMIT\ndef f(c: Counts) -> int:\n    return LIMIT\n",
        }
    )
    assert lowered["b"].splitlines()[0] == "from a import LIMIT"
    assert lowered["a"].strip() == "LIMIT = 3"


def test_the_bot_modules_are_those_its_entry_reaches():
    names = set(bot_modules())
    assert {"mahjongkit.mcr.botzone.adapter", "mahjongkit.mcr.players.bot"} <= names
    assert {"mahjongkit.mcr.scoring.score", "mahjongkit.mcr.botzone.program"} <= names
    for left_out in ("mahjongkit.mcr.game.rules", "mahjongkit.mcr.botzone.pack", "mahjongkit.cli"):
        assert left_out not in names
    assert not [n for n in names if ".solitaire" in n or ".rl" in n or "_core" in n]
