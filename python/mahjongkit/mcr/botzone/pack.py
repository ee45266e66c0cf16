"""Packing the bot into one file that Botzone runs with its own Python (3.6).

:func:`pack` writes a Python zip application (a zip file whose root holds ``__main__.py``;
``python3 bot.pyz`` runs it): Botzone's way to upload a Python bot of several files
(``docs/botzone.md``). It holds the modules :func:`bot_modules` finds, each lowered by
:mod:`~.lower` to the Python 3.6 that Botzone runs (with bytecode for the packing Python,
used when the running Python is the same version), and no compiled core: the answers are
those of the installed bot with ``impl="python"`` (the twins give the C++ core's results).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Final

from mahjongkit._version import __version__

ENTRY: Final = "mahjongkit.mcr.botzone.program"
"""The module a packed bot starts from (its ``serve``)."""
NOT_PACKED: Final = frozenset(
    {
        "mahjongkit._core",  # compiled: the twins answer instead
        # a bot answers from its view; only a whole game played in-process (``play_game``,
        # ``botzone_rules``) builds the rules, and a packed bot plays no game itself
        "mahjongkit.mcr.game.rules",
        # level 4's search plays hands out on the rules: it is not packed (see pack)
        "mahjongkit.mcr.players.search",
        "mahjongkit._drawing",  # the pictures notebooks show (``Hand._repr_svg_``): no bot draws
    }
)
SEARCHING: Final = 4
"""The level that searches (it plays hands out on the rules): not packed, see :func:`pack`."""
MAIN: Final = '''\
"""A mahjongkit {version} bot ({what}) for Botzone's Chinese Standard Mahjong."""
import os
import sys

if sys.version_info < {target}:
    needed = {target} + sys.version_info[:2]
    sys.stderr.write("this bot needs Python %d.%d or newer, not %d.%d\\n" % needed)
    sys.exit(1)
os.environ["MAHJONGKIT_IMPLEMENTATION"] = "python"  # the pure-Python twins: no compiled core
from mahjongkit.mcr.botzone.program import serve

sys.exit(serve({spec!r}, keep_running={keep_running}))
'''


def package_root() -> Path:
    """The folder of the ``mahjongkit`` package."""
    return Path(__file__).resolve().parents[2]


def _source_of(module: str, root: Path) -> Path | None:
    relative = Path(*module.split(".")[1:])
    for candidate in (root / relative / "__init__.py", (root / relative).with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _imported(module: str, path: Path, top: str | None = "mahjongkit") -> set[str]:
    """Every module of the package ``top`` (of any package if ``None``) that ``module``
    imports, where it may run (at the top or in a function; not under ``if
    TYPE_CHECKING:``), with the packages above each."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for inner in node.orelse:
                visit(inner)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # submodules
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    with_packages: set[str] = set()
    for name in found:
        parts = name.split(".")
        with_packages.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return {name for name in with_packages if top is None or name.split(".")[0] == top}


def bot_modules(root: Path | None = None, also: Sequence[str] = ()) -> dict[str, Path]:
    """The package's modules a packed bot may import, by name: those :data:`ENTRY` (and the
    modules ``also`` names) reach through their imports, less :data:`NOT_PACKED` (and
    whatever only they reach)."""
    root = root if root is not None else package_root()
    found: dict[str, Path] = {}
    waiting = [ENTRY, *also]
    while waiting:
        name = waiting.pop()
        if name in found or name in NOT_PACKED:
            continue
        path = _source_of(name, root)
        if path is None:  # a name imported from a module, not a module
            continue
        found[name] = path
        waiting.extend(_imported(name, path) - found.keys())
    return dict(sorted(found.items()))


def _source_found(name: str) -> Path | None:
    """The source file import would run for the module ``name`` (``None`` when ``name`` is
    no module with a ``.py`` source, e.g. a class imported from a module)."""
    import importlib.util

    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if found is None or found.origin is None or not found.origin.endswith(".py"):
        return None
    return Path(found.origin)


def player_modules(spec: str) -> tuple[dict[str, Path], set[str]]:
    """The own code of the ``module:Class`` player ``spec``: its module and every module it
    imports (directly or through another) whose source lies in the player's folder, by
    name, found on ``sys.path`` as ``import`` finds them; and the modules of mahjongkit
    they import. ``ValueError`` when the module has no Python source to pack."""
    module = spec.rpartition(":")[0]
    path = _source_found(module)
    if path is None:
        raise ValueError(f"player {spec!r}: no Python source of {module!r} to pack")
    folder = path.parents[module.count(".") + (path.name == "__init__.py")]
    found: dict[str, Path] = {}
    uses: set[str] = set()
    waiting = [module]
    while waiting:
        name = waiting.pop()
        if name in found or name.split(".")[0] == "mahjongkit":
            continue
        source = _source_found(name)
        if source is None or not source.is_relative_to(folder):
            continue  # the standard library, an installed package, or no module
        found[name] = source
        waiting.extend(_imported(name, source, None) - found.keys())
        uses |= _imported(name, source)
    return dict(sorted(found.items())), uses


def _inside(name: str, path: Path) -> str:
    """Where the module ``name`` (from the file ``path``) goes in the zip."""
    return "/".join(name.split(".")) + ("/__init__.py" if path.name == "__init__.py" else ".py")


def _bytecode(source: str, name: str) -> bytes:
    """``source`` compiled to a ``.pyc`` for this Python that is used without checking its
    source (the zip never changes), naming ``name`` in tracebacks; another Python's zip
    import reads the source instead."""
    import importlib.util
    import marshal

    code = compile(source, name, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, its source unchecked (PEP 552)
    digest = importlib.util.source_hash(source.encode("utf-8"))
    return importlib.util.MAGIC_NUMBER + flags + digest + marshal.dumps(code)


@lru_cache(maxsize=1)
def _lowered(sources: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The modules' lowered sources, by name; the same for every level, so packing the
    levels one after another lowers once (about a second)."""
    from mahjongkit.mcr.botzone.lower import lower_all

    return lower_all(dict(sources))


def pack(
    target: str | os.PathLike[str],
    *,
    level: int = 2,
    keep_running: bool = False,
    player: str | None = None,
) -> int:
    """Write the bot at ``level`` (or the ``module:Class`` ``player``, its own modules packed
    with it and lowered as the package's are) as one zip application to ``target``; the
    number of modules in it. Botzone's restart-per-turn JSON mode is served unless
    ``keep_running`` (then the JSON mode stays alive between turns too; the simple mode
    always does). :class:`~.lower.CannotLower` if a module uses what Python 3.6 cannot run;
    ``ValueError`` for a bad level or a player that cannot be made or found."""
    import zipfile

    from mahjongkit.mcr.botzone.lower import TARGET
    from mahjongkit.mcr.players.bot import LEVELS
    from mahjongkit.mcr.players.spec import check_spec, is_program, make_player

    root = package_root()
    own: dict[str, Path] = {}
    if player is None:
        if level not in LEVELS:
            raise ValueError(f"bot levels are {LEVELS}, not {level}")
        if level == SEARCHING:
            raise ValueError(
                "level 4 plays hands out on the game rules, which a packed bot for Botzone's"
                " Python 3.6 does not hold (docs/botzone.md): pack level 3, or run"
                " 'mahjongkit mcr botzone --level 4' where mahjongkit is installed"
            )
        spec, what = f"bot:{level}", f"level {level}"
        modules = bot_modules(root)
    else:
        spec = check_spec(player)
        if is_program(spec) or spec.startswith("bot:"):
            raise ValueError(f"--player packs a module:Class player, not {spec!r}")
        make_player(spec)  # it must be made here before it is packed to be made there
        what = spec
        module = spec.rpartition(":")[0]
        if module.split(".")[0] == "mahjongkit":  # a player of the package itself
            own, uses = {}, {module}
        else:
            own, uses = player_modules(spec)
        modules = bot_modules(root, sorted(uses))
    sources = tuple(
        (name, path.read_text(encoding="utf-8")) for name, path in {**modules, **own}.items()
    )
    places = {name: _inside(name, path) for name, path in {**modules, **own}.items()}
    lowered = {places[name]: source for name, source in _lowered(sources).items()}
    main = MAIN.format(
        version=__version__, what=what, spec=spec, keep_running=keep_running, target=TARGET
    )
    stamp = (2020, 1, 1, 0, 0, 0)  # the same bytes for the same sources
    target = Path(target)
    partial = target.with_name(f".{target.name}.part")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(zipfile.ZipInfo("__main__.py", stamp), main)
            for inside, source in lowered.items():
                archive.writestr(zipfile.ZipInfo(inside, stamp), source)
                archive.writestr(zipfile.ZipInfo(inside + "c", stamp), _bytecode(source, inside))
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return len(lowered)
