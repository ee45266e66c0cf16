"""The bot's modules as Python 3.6 reads them: lowered at pack time, never written twice.

Botzone runs Python bots with ``/usr/bin/python3.6`` (or Ubuntu 16.04's 3.5), while the
package is written for 3.10 and newer. :func:`lower` rewrites one module's source with
:mod:`ast` into the same program in the language 3.6 reads, so the packed bot
(:mod:`~.program`) is the package's own pure-Python code:

- annotations go (the ``__future__`` import that deferred them too), and what only the type
  checker reads: ``if TYPE_CHECKING:`` blocks, imports from :mod:`typing`, type aliases and
  type variables, ``@overload`` stubs, ``Protocol`` and ``Generic[...]`` bases;
- each ``@dataclass`` class becomes a plain class with the methods the decorator would make
  (``__init__`` with its defaults and factories and the ``__post_init__`` call, ``__repr__``,
  ``__eq__``, ``__hash__``, and for a frozen one the refusals to assign), and
  ``dataclasses.replace`` a function of the module;
- ``zip(..., strict=...)`` loses its check (the lengths are the package's invariants, tested
  on 3.10+), ``functools.cache`` is ``lru_cache(maxsize=None)``, ``itertools.pairwise`` a
  function of the module; ``ast.unparse`` writes the rest (it spells ``f"{x=}"`` and
  ``return *a, b`` the old way).

Anything else newer than 3.6 that the lowering does not know is refused with
:class:`CannotLower`, naming the module, the line and the construct, so the packed bot cannot
quietly stop running there. (3.5 is not a target: it reads no f-strings, and its dicts do
not keep their order, which the bot's choices rely on.)

>>> print(lower("from __future__ import annotations\\nx: list[int] = [1]\\n", "m"))
x = [1]
>>> lower("if (n := 3):\\n    pass\\n", "m")
Traceback (most recent call last):
mahjongkit.mcr.botzone.lower.CannotLower: m, line 1: an assignment expression (:=)...
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Set
from typing import Final

TARGET: Final = (3, 6)
"""The oldest Python the lowered source runs on."""

GENERIC_BUILTINS: Final = frozenset({"list", "dict", "tuple", "set", "frozenset", "type"})
BUILTIN_TYPES: Final = GENERIC_BUILTINS | {"int", "str", "float", "bool", "bytes", "complex"}
ABSTRACT: Final = frozenset(
    {
        "Callable",
        "Collection",
        "Container",
        "Generator",
        "Hashable",
        "Iterable",
        "Iterator",
        "Mapping",
        "MutableMapping",
        "MutableSequence",
        "MutableSet",
        "Sequence",
        "Set",
        "Sized",
    }
)
NEWER_ATTRIBUTES: Final = {
    # method names newer than 3.6 that cannot be told from the package's own names
    "isascii": (3, 7),
    "removeprefix": (3, 9),
    "removesuffix": (3, 9),
    "bit_count": (3, 10),
    "reconfigure": (3, 7),
}
NEWER_IMPORTS: Final = {
    ("functools", "cached_property"): (3, 8),
    ("functools", "singledispatchmethod"): (3, 8),
    ("math", "prod"): (3, 8),
    ("math", "isqrt"): (3, 8),
    ("math", "comb"): (3, 8),
    ("math", "perm"): (3, 8),
    ("math", "dist"): (3, 8),
    ("contextlib", "nullcontext"): (3, 7),
    ("itertools", "batched"): (3, 12),
    ("enum", "StrEnum"): (3, 11),
}
SUPPORTED_FIELD_OPTIONS: Final = frozenset({"default", "default_factory"})
MISSING: Final = "_LOWERED_MISSING"
"""The lowering's own "no value given" (a module-level ``object()``)."""

# what the lowering writes for names that 3.6 lacks ({name} is the name the module imported)
_CACHE: Final = "from functools import lru_cache as _lru_cache\n{name} = _lru_cache(maxsize=None)\n"
_PAIRWISE: Final = """\
def {name}(iterable):
    items = iter(iterable)
    before = next(items, _LOWERED_MISSING)
    for item in items:
        yield before, item
        before = item
"""
_REPLACE: Final = """\
def {name}(obj, **changes):
    values = {{field: getattr(obj, field) for field in obj.__dataclass_fields__}}
    values.update(changes)
    return obj.__class__(**values)
"""


class CannotLower(ValueError):
    """A module uses something newer than Python 3.6 that the lowering cannot rewrite."""


def lower(source: str, name: str, typing_only: Mapping[str, Set[str]] | None = None) -> str:
    """``source`` (the module ``name``) rewritten to run on Python 3.6, as source text;
    ``typing_only`` names, by module, what other modules define only for the type checker
    (:func:`typing_only_names`), so importing it goes too."""
    tree = ast.parse(source, filename=name)
    return ast.unparse(_Lowering(name, typing_only or {}).module(tree))


def lower_all(sources: Mapping[str, str]) -> dict[str, str]:
    """Every module of ``sources`` (source text by module name) lowered, knowing what each
    defines only for the type checker."""
    typing_only = typing_only_names(sources)
    return {name: lower(source, name, typing_only) for name, source in sources.items()}


def typing_only_names(sources: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """By module, the names the lowering takes away (type aliases, type variables, names
    from :mod:`typing`), including those imported from another module that takes them away."""
    found: dict[str, frozenset[str]] = {}
    while True:
        before = dict(found)
        for name, source in sources.items():
            lowering = _Lowering(name, found)
            lowering.module(ast.parse(source, filename=name), check=False)
            found[name] = frozenset(lowering.erased)
        if found == before:
            return found


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _statements(text: str) -> list[ast.stmt]:
    return ast.parse(text).body


class _Lowering:
    def __init__(self, module: str, typing_only: Mapping[str, Set[str]]) -> None:
        self.module_name = module
        self.typing_only = typing_only
        self.erased: dict[str, int] = {}  # name -> line: typing's names, aliases, type variables
        self.dataclass_names: set[str] = set()
        self.field_name: str | None = None
        self.prelude: list[ast.stmt] = []  # definitions the lowering adds after the imports
        self.uses_missing = False

    def refuse(self, node: ast.AST, what: str) -> CannotLower:
        line = getattr(node, "lineno", "?")
        return CannotLower(
            f"{self.module_name}, line {line}: {what}; the packer cannot lower it for Python "
            f"{TARGET[0]}.{TARGET[1]} (write it in the older form)"
        )

    # -- the module ------------------------------------------------------------------------

    def module(self, tree: ast.Module, *, check: bool = True) -> ast.Module:
        if check:
            self.check(tree)
        body = self.block(tree.body, top=True)
        position = 0
        while position < len(body) and (
            isinstance(body[position], (ast.Import, ast.ImportFrom))
            or (position == 0 and _is_docstring(body[0]))
        ):
            position += 1
        if self.uses_missing:
            self.prelude[:0] = _statements(f"{MISSING} = object()")
        tree.body = body[:position] + self.prelude + body[position:]
        if check:
            self.check_erased(tree)
        return ast.fix_missing_locations(tree)

    def check(self, tree: ast.AST) -> None:
        """Refuse what has no older spelling the lowering knows."""
        for node in ast.walk(tree):
            if isinstance(node, ast.NamedExpr):
                raise self.refuse(node, "an assignment expression (:=)")
            if isinstance(node, ast.Match):
                raise self.refuse(node, "a match statement")
            if isinstance(node, ast.TryStar):
                raise self.refuse(node, "except*")
            if (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                and node.args.posonlyargs
            ):
                raise self.refuse(node, "positional-only parameters (/)")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for decorator in node.decorator_list:
                    if not _dotted(decorator) and not (
                        isinstance(decorator, ast.Call) and _dotted(decorator.func)
                    ):
                        raise self.refuse(decorator, "a decorator that is not a dotted name")
                    if _dotted(decorator) in ("lru_cache", "functools.lru_cache"):
                        raise self.refuse(decorator, "@lru_cache without parentheses")
            if isinstance(node, ast.Attribute) and node.attr in NEWER_ATTRIBUTES:
                since = ".".join(map(str, NEWER_ATTRIBUTES[node.attr]))
                raise self.refuse(node, f"'.{node.attr}' (Python {since})")
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    if (node.module, alias.name) in NEWER_IMPORTS:
                        since = ".".join(map(str, NEWER_IMPORTS[node.module, alias.name]))
                        raise self.refuse(node, f"{node.module}.{alias.name} (Python {since})")
            if (
                isinstance(node, ast.Call)
                and _dotted(node.func) == "sum"
                and any(k.arg == "start" for k in node.keywords)
            ):
                raise self.refuse(node, "sum(start=...) (Python 3.8)")
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.slice, ast.Tuple)
                and any(isinstance(e, ast.Starred) for e in node.slice.elts)
            ):
                raise self.refuse(node, "a starred subscript")

    def check_erased(self, tree: ast.AST) -> None:
        """Refuse a name the lowering took away that the program still reads at run time."""
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in self.erased:
                raise self.refuse(
                    node,
                    f"'{node.id}' (a typing-only name, line {self.erased[node.id]}) at run time",
                )
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
                for side in (node.left, node.right):
                    if _is_none(side) or _dotted(side) in BUILTIN_TYPES:
                        raise self.refuse(
                            node, f"'{ast.unparse(node)}' (a union of types) at run time"
                        )
            if isinstance(node, ast.Subscript):
                base = _dotted(node.value).rpartition(".")[2]
                if base in GENERIC_BUILTINS or base in ABSTRACT:
                    raise self.refuse(node, f"'{ast.unparse(node)}' (a generic alias) at run time")

    # -- statements ------------------------------------------------------------------------

    def block(self, body: list[ast.stmt], *, top: bool = False) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for statement in body:
            out.extend(self.statement(statement, top=top))
        return out or [ast.Pass()]

    def statement(self, node: ast.stmt, *, top: bool) -> list[ast.stmt]:
        if isinstance(node, ast.ImportFrom):
            return self.import_from(node)
        if isinstance(node, ast.Import):
            kept = [a for a in node.names if a.name != "typing"]
            for alias in node.names:
                if alias.name == "typing":
                    self.erased[alias.asname or "typing"] = node.lineno
            return [ast.Import(names=kept)] if kept else []
        if isinstance(node, ast.If) and _dotted(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            return self.block(node.orelse) if node.orelse else []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.function(node)
        if isinstance(node, ast.ClassDef):
            return self.class_def(node)
        if isinstance(node, ast.AnnAssign):
            return self.annotated(node, top=top)
        if isinstance(node, ast.Assign) and top and self.is_type(node.value):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.erased[target.id] = node.lineno
            return []
        for field_name, value in ast.iter_fields(node):  # nested blocks: if, for, try, with
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field_name, self.block(value))
            elif isinstance(value, list) and value and isinstance(value[0], ast.excepthandler):
                for handler in value:
                    handler.body = self.block(handler.body)
        self.expressions(node)
        return [node]

    def import_from(self, node: ast.ImportFrom) -> list[ast.stmt]:
        if node.module == "__future__":
            return []
        if node.module == "typing":
            for alias in node.names:
                self.erased[alias.asname or alias.name] = node.lineno
            return []
        if node.module == "dataclasses":
            for alias in node.names:
                local = alias.asname or alias.name
                if alias.name == "dataclass":
                    self.dataclass_names.add(local)
                elif alias.name == "field":
                    self.field_name = local
                elif alias.name == "replace":
                    self.prelude.extend(_statements(_REPLACE.format(name=local)))
                else:
                    raise self.refuse(node, f"dataclasses.{alias.name}")
            return []
        made: list[ast.stmt] = []
        kept = []
        elsewhere = self.typing_only.get(node.module or "", set()) if not node.level else set()
        for alias in node.names:
            local = alias.asname or alias.name
            if alias.name in elsewhere:
                self.erased[local] = node.lineno
            elif (node.module, alias.name) == ("functools", "cache"):
                made.extend(_statements(_CACHE.format(name=local)))
            elif (node.module, alias.name) == ("itertools", "pairwise"):
                self.uses_missing = True
                self.prelude.extend(_statements(_PAIRWISE.format(name=local)))
            else:
                kept.append(alias)
        node.names = kept
        return ([node] if kept else []) + made

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
        names = [_dotted(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list]
        if any(n.rpartition(".")[2] == "overload" for n in names):
            return []  # a stub for the type checker; the implementation follows it
        node.decorator_list = [
            d
            for d, n in zip(node.decorator_list, names, strict=True)
            if n.partition(".")[0] not in self.erased
        ]
        arguments = node.args
        for argument in [*arguments.args, *arguments.kwonlyargs]:
            argument.annotation = None
        for maybe in (arguments.vararg, arguments.kwarg):
            if maybe is not None:
                maybe.annotation = None
        node.returns = None
        self.expressions(arguments)
        for decorator in node.decorator_list:
            self.expressions(decorator)
        node.body = self.block(node.body)
        return [node]

    def annotated(self, node: ast.AnnAssign, *, top: bool) -> list[ast.stmt]:
        alias = _dotted(node.annotation).rpartition(".")[2] == "TypeAlias"
        if top and isinstance(node.target, ast.Name) and (alias or self.is_type(node.value)):
            self.erased[node.target.id] = node.lineno
            return []
        if node.value is None:
            return []
        assign = ast.Assign(targets=[node.target], value=node.value, lineno=node.lineno)
        self.expressions(assign)
        return [assign]

    def is_type(self, node: ast.expr | None) -> bool:
        """Whether ``node`` can only be a type (a type alias or variable's value)."""
        if isinstance(node, ast.Subscript):
            base = _dotted(node.value)
            return (
                base.rpartition(".")[2] in GENERIC_BUILTINS | ABSTRACT
                or base.partition(".")[0] in self.erased
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            sides = (node.left, node.right)
            return any(self.is_type(s) or _is_none(s) for s in sides)
        if isinstance(node, ast.Call):  # a type variable
            return _dotted(node.func).rpartition(".")[2] in ("TypeVar", "NewType", "ParamSpec")
        if isinstance(node, (ast.Name, ast.Attribute)):
            return _dotted(node).partition(".")[0] in self.erased
        return False

    def expressions(self, node: ast.AST) -> None:
        """Lower the expressions under ``node``: ``zip``'s ``strict`` goes, and the union of
        types that ``isinstance`` or ``issubclass`` is given becomes a tuple of them."""
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and _dotted(inner.func) == "zip":
                inner.keywords = [k for k in inner.keywords if k.arg != "strict"]
            if (
                isinstance(inner, ast.Call)
                and _dotted(inner.func) in ("isinstance", "issubclass")
                and len(inner.args) == 2
                and isinstance(inner.args[1], ast.BinOp)
                and isinstance(inner.args[1].op, ast.BitOr)
            ):
                inner.args[1] = ast.Tuple(elts=_union_members(inner.args[1]), ctx=ast.Load())

    # -- classes ---------------------------------------------------------------------------

    def class_def(self, node: ast.ClassDef) -> list[ast.stmt]:
        bases = []
        for base in node.bases:
            if isinstance(base, ast.Subscript):
                base = base.value  # Generic[T], Protocol[T], a generic class of ours
            if _dotted(base).partition(".")[0] not in self.erased:
                bases.append(base)
        node.bases = bases
        if any(k.arg == "metaclass" for k in node.keywords):
            self.expressions(node)
        options = None
        decorators = []
        for decorator in node.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if _dotted(called) in self.dataclass_names:
                options = decorator
            elif _dotted(called).partition(".")[0] not in self.erased:
                decorators.append(decorator)
        node.decorator_list = decorators
        if options is not None:
            self.dataclass(node, options)
        node.body = self.block(node.body)
        return [node]

    def dataclass(self, node: ast.ClassDef, decorator: ast.expr) -> None:
        settings = {"init": True, "repr": True, "eq": True, "frozen": False}
        for keyword in decorator.keywords if isinstance(decorator, ast.Call) else []:
            if not isinstance(keyword.value, ast.Constant):
                raise self.refuse(keyword, "a dataclass option that is not a constant")
            if keyword.arg in settings:
                settings[str(keyword.arg)] = bool(keyword.value.value)
            elif keyword.arg in ("slots", "match_args"):
                continue  # no behaviour the bot sees: same fields, same methods
            elif keyword.value.value:
                raise self.refuse(keyword, f"dataclass({keyword.arg}=True)")
        if node.bases:
            raise self.refuse(node, "a dataclass with a base class (its fields would be inherited)")
        fields: list[str] = []
        defaults: dict[str, str] = {}
        body: list[ast.stmt] = []
        for statement in node.body:
            if not (
                isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            ):
                body.append(statement)
                continue
            name = statement.target.id
            kind = _dotted(
                statement.annotation.value
                if isinstance(statement.annotation, ast.Subscript)
                else statement.annotation
            ).rpartition(".")[2]
            if kind == "InitVar":
                raise self.refuse(statement, "an InitVar field")
            if kind == "ClassVar":
                body.append(statement)  # a class attribute, not a field
                continue
            fields.append(name)
            value = statement.value
            if isinstance(value, ast.Call) and _dotted(value.func) == self.field_name:
                options = {k.arg: k.value for k in value.keywords}
                if value.args or not set(options) <= SUPPORTED_FIELD_OPTIONS:
                    raise self.refuse(statement, "a field() option other than a default")
                if "default_factory" in options:
                    defaults[name] = f"({ast.unparse(options['default_factory'])})()"
                    continue
                value = options.get("default")
                if value is None:
                    continue
            if value is not None:
                defaults[name] = name  # the class attribute, read when __init__ is defined
                body.append(ast.Assign(targets=[ast.Name(name, ast.Store())], value=value))
        own = {s.name for s in node.body if isinstance(s, ast.FunctionDef)}
        own |= {
            t.id
            for s in node.body
            if isinstance(s, ast.Assign)
            for t in s.targets
            if isinstance(t, ast.Name)
        }
        methods = [f"__dataclass_fields__ = {tuple(fields)!r}"]
        if settings["init"] and "__init__" not in own:
            methods.append(self.init(fields, defaults, settings["frozen"], "__post_init__" in own))
        if settings["repr"] and "__repr__" not in own:
            shown = ", ".join(f"{f}=%r" for f in fields)
            values = "".join(f"self.{f}, " for f in fields)
            methods.append(
                "def __repr__(self):\n"
                f"    return self.__class__.__qualname__ + '({shown})' % ({values})"
            )
        mine = "(" + "".join(f"self.{f}, " for f in fields) + ")"
        theirs = "(" + "".join(f"other.{f}, " for f in fields) + ")"
        if settings["eq"] and "__eq__" not in own:
            methods.append(
                "def __eq__(self, other):\n"
                "    if other.__class__ is self.__class__:\n"
                f"        return {mine} == {theirs}\n"
                "    return NotImplemented"
            )
        if settings["eq"] and "__hash__" not in own:
            if settings["frozen"]:
                methods.append(f"def __hash__(self):\n    return hash({mine})")
            else:
                methods.append("__hash__ = None")
        if settings["frozen"]:
            for method, parameters in (("__setattr__", "name, value"), ("__delattr__", "name")):
                methods.append(
                    f"def {method}(self, {parameters}):\n"
                    f"    if type(self) is {node.name} or name in {tuple(fields)!r}:\n"
                    "        raise AttributeError('cannot assign to field %r' % (name,))\n"
                    f"    super().{method}({parameters})"
                )
        node.body = body + [s for text in methods for s in _statements(text)]

    def init(self, fields: list[str], defaults: dict[str, str], frozen: bool, post: bool) -> str:
        parameters = []
        lines = []
        for name in fields:
            default = defaults.get(name)
            if default is None:
                parameters.append(name)
            elif default == name:
                parameters.append(f"{name}={name}")
            else:  # a factory: called for each instance that is not given the value
                self.uses_missing = True
                parameters.append(f"{name}={MISSING}")
                lines.append(f"    if {name} is {MISSING}:\n        {name} = {default}")
        for name in fields:
            if frozen:
                lines.append(f"    object.__setattr__(self, {name!r}, {name})")
            else:
                lines.append(f"    self.{name} = {name}")
        if post:
            lines.append("    self.__post_init__()")
        return f"def __init__(self, {', '.join(parameters)}):\n" + ("\n".join(lines) or "    pass")


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _union_members(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_union_members(node.left), *_union_members(node.right)]
    return [node]


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
