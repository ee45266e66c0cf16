"""The condition language of seed search: comparisons of board properties, joined by logic.

A condition is a Python-like expression over the property names of
:mod:`mahjongkit.solitaire.properties`: comparisons (``<``, ``<=``, ``>``, ``>=``, ``==``,
``!=``, chained as in ``0.1 <= difficulty <= 0.3``), ``and``, ``or``, ``not``, parentheses,
and numbers. It is parsed with :mod:`ast` and checked node by node; nothing is ever
evaluated by Python's ``eval``, so a condition can come from anyone. Anything else (names
that are not properties, calls, attributes, arithmetic, strings) is refused with an error
that quotes the bad part.

>>> condition = Condition.parse("free_pairs >= 8 and difficulty <= 0.3")
>>> condition.properties
('free_pairs', 'difficulty')
>>> condition.evaluate({"free_pairs": 9, "difficulty": 0.25}.__getitem__)
True
>>> Condition.parse("free_pairs >= 8 and __import__('os')")
Traceback (most recent call last):
mahjongkit.solitaire.condition.ConditionError: ... a function call, in "__import__('os')" ...
"""

from __future__ import annotations

import ast
import difflib
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from mahjongkit.solitaire.properties import PROPERTY_NAMES

Value = int | float
Node = tuple[int, int, int, int, float]
"""One node of the tree the C++ core evaluates: (kind, op or property, left, right, value)."""

_CONST, _PROPERTY, _COMPARE, _AND, _OR, _NOT = range(6)
_COMPARISONS: Final[dict[type[ast.cmpop], tuple[int, str, Callable[[Value, Value], bool]]]] = {
    ast.Lt: (0, "<", operator.lt),
    ast.LtE: (1, "<=", operator.le),
    ast.Gt: (2, ">", operator.gt),
    ast.GtE: (3, ">=", operator.ge),
    ast.Eq: (4, "==", operator.eq),
    ast.NotEq: (5, "!=", operator.ne),
}
MAX_LENGTH: Final = 2000
"""The longest condition text, in characters (a useful one is far shorter)."""
MAX_DEPTH: Final = 50
"""The deepest nesting of parentheses, ``not`` and operators."""
MAX_NODES: Final = 500
"""The most nodes of the evaluated tree (a comparison of two numbers is three)."""
_LARGEST_EXACT: Final = 2**53
"""Numbers are compared as doubles in C++: larger integers would lose their last digits."""
_DESCRIPTIONS: Final[dict[type[ast.AST], str]] = {
    ast.Call: "a function call",
    ast.Attribute: "an attribute",
    ast.Subscript: "indexing",
    ast.BinOp: "arithmetic",
    ast.Lambda: "a lambda",
    ast.IfExp: "a conditional expression",
    ast.NamedExpr: "an assignment",
    ast.List: "a list",
    ast.Tuple: "a tuple",
    ast.Dict: "a dict",
    ast.Set: "a set",
    ast.JoinedStr: "an f-string",
    ast.Starred: "unpacking",
}


class ConditionError(ValueError):
    """A condition that cannot be used; the message quotes the bad part and its column."""


@dataclass(frozen=True)
class Condition:
    """A checked condition: its text, the tree, and the properties it reads (in order)."""

    text: str
    nodes: tuple[Node, ...]
    properties: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Condition:
        """Parse and check ``text``; raises :class:`ConditionError` naming the bad part.

        >>> Condition.parse("free_pairs >= 8 and dificulty <= 0.3")
        Traceback (most recent call last):
        mahjongkit.solitaire.condition.ConditionError: unknown property 'dificulty' (did you ...
        >>> Condition.parse("free_pairs")
        Traceback (most recent call last):
        mahjongkit.solitaire.condition.ConditionError: a condition must compare, in "free_pairs" ...
        """
        if not isinstance(text, str):
            raise TypeError(f"a condition is a str, not {type(text).__name__}")
        if not text.strip():
            raise ConditionError("empty condition: write e.g. free_pairs >= 8")
        if len(text) > MAX_LENGTH:
            raise ConditionError(
                f"a condition is at most {MAX_LENGTH} characters long, this one has {len(text)}"
            )
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as error:
            column = f" (column {error.offset})" if error.offset else ""
            raise ConditionError(f"not a valid condition{column}: {error.msg}") from None
        except (RecursionError, MemoryError):  # the parser's own limits on nesting
            raise ConditionError(
                f"the condition is nested too deeply (at most {MAX_DEPTH} levels)"
            ) from None
        depth = _depth(tree.body)
        if depth > MAX_DEPTH:
            raise ConditionError(
                f"the condition is nested {depth} levels deep: at most {MAX_DEPTH}"
            )
        builder = _Builder(text.strip())
        builder.condition(tree.body)
        if len(builder.nodes) > MAX_NODES:
            raise ConditionError(
                f"the condition has {len(builder.nodes)} nodes: at most {MAX_NODES} "
                "(each comparison, property, number, and, or, not is one)"
            )
        return cls(text.strip(), tuple(builder.nodes), tuple(builder.used))

    def evaluate(self, lookup: Callable[[str], Value]) -> bool:
        """Evaluate with ``lookup(name)`` giving property values, with short-circuit logic
        (a property the outcome does not need is never looked up).

        >>> Condition.parse("free_tiles > 40 and difficulty < 0.5").evaluate(
        ...     {"free_tiles": 33}.__getitem__)
        False
        """
        # An explicit stack, as in C++: `a and b and c ...` is a chain as deep as it is long.
        stack = [[len(self.nodes) - 1, 0]]  # [node, children visited]
        value = False  # the value of the node last finished
        while stack:
            frame = stack[-1]
            at, stage = frame
            frame[1] += 1
            kind, op, left, right, _ = self.nodes[at]
            if kind == _COMPARE:
                # As in C++: both sides as doubles (exact here, see _LARGEST_EXACT).
                value = _BY_CODE[op](self._number(left, lookup), self._number(right, lookup))
                stack.pop()
            elif kind == _NOT:
                if stage == 0:
                    stack.append([left, 0])
                else:
                    value = not value
                    stack.pop()
            else:  # and, or: the left side decides unless it is true for and, false for or
                if stage == 0:
                    stack.append([left, 0])
                elif stage == 1 and value != (kind == _OR):
                    stack.append([right, 0])
                else:
                    stack.pop()
        return value

    def _number(self, at: int, lookup: Callable[[str], Value]) -> float:
        kind, op, _, _, value = self.nodes[at]
        return value if kind == _CONST else float(lookup(PROPERTY_NAMES[op]))

    def __str__(self) -> str:
        return self.text


_BY_CODE: Final = {code: function for code, _, function in _COMPARISONS.values()}


class _Builder:
    """Walks the Python AST, refusing all but the language, and emits the node list."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.nodes: list[Node] = []
        self.used: list[str] = []

    def _where(self, node: ast.AST) -> str:
        segment = ast.get_source_segment(self.text, node) or ""
        column = getattr(node, "col_offset", 0) + 1
        return f'in "{segment}" (column {column})'

    def _refuse(self, node: ast.AST, what: str) -> ConditionError:
        return ConditionError(f"{what}, {self._where(node)}")

    def _emit(self, node: Node) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def condition(self, node: ast.expr) -> int:
        """A node that is true or false."""
        if isinstance(node, ast.BoolOp):
            kind = _AND if isinstance(node.op, ast.And) else _OR
            at = self.condition(node.values[0])
            for operand in node.values[1:]:
                at = self._emit((kind, 0, at, self.condition(operand), 0.0))
            return at
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self._emit((_NOT, 0, self.condition(node.operand), -1, 0.0))
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Name | ast.Constant) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd)
        ):
            self.number(node)  # refuses unknown names and non-numbers first
            hint = ast.get_source_segment(self.text, node)
            raise ConditionError(
                f"a condition must compare, {self._where(node)}: write e.g. {hint} >= 8"
            )
        raise self._refuse(node, f"not allowed in a condition: {_describe(node)}")

    def _compare(self, node: ast.Compare) -> int:
        for op in node.ops:
            if type(op) not in _COMPARISONS:
                word = "in" if isinstance(op, ast.In | ast.NotIn) else "is"
                raise self._refuse(node, f"not allowed in a condition: the operator '{word}'")
        operands = [node.left, *node.comparators]
        indices = [self.number(operand) for operand in operands]
        at = -1
        for k, op in enumerate(node.ops):
            code = _COMPARISONS[type(op)][0]
            step = self._emit((_COMPARE, code, indices[k], indices[k + 1], 0.0))
            at = step if at < 0 else self._emit((_AND, 0, at, step, 0.0))
        return at

    def number(self, node: ast.expr) -> int:
        """A node that is a number: a property name or a numeric literal."""
        if isinstance(node, ast.Name):
            if node.id not in PROPERTY_NAMES:
                close = difflib.get_close_matches(node.id, PROPERTY_NAMES, n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise ConditionError(
                    f"unknown property {node.id!r}{hint}, {self._where(node)}; the properties "
                    "are " + ", ".join(PROPERTY_NAMES)
                )
            if node.id not in self.used:
                self.used.append(node.id)
            return self._emit((_PROPERTY, PROPERTY_NAMES.index(node.id), -1, -1, 0.0))
        sign = 1
        literal: ast.expr = node
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            sign = -1 if isinstance(node.op, ast.USub) else 1
            literal = node.operand
        if isinstance(literal, ast.Constant) and isinstance(literal.value, int | float):
            if isinstance(literal.value, bool):
                raise self._refuse(node, "not a number: bool literal")
            value = sign * literal.value
            if not abs(value) <= _LARGEST_EXACT:  # NaN and inf fail too; 10**400 is no float
                raise self._refuse(node, "a number must be finite and at most 2**53 in size")
            return self._emit((_CONST, 0, -1, -1, float(value)))
        if isinstance(literal, ast.Constant):
            raise self._refuse(node, f"not a number: {type(literal.value).__name__} literal")
        if isinstance(node, ast.Compare | ast.BoolOp) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        ):
            raise self._refuse(node, "a comparison needs a number or a property on each side")
        raise self._refuse(node, f"not allowed in a condition: {_describe(node)}")


def _depth(root: ast.AST) -> int:
    """How deeply ``root`` nests (without recursion: the tree may come from anyone)."""
    deepest = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _describe(node: ast.AST) -> str:
    for kind, description in _DESCRIPTIONS.items():
        if isinstance(node, kind):
            return description
    return type(node).__name__.lower()
