"""MkDocs hooks for the documentation site (mkdocs.yml names this file).

A page added under docs/ joins the site without an edit to mkdocs.yml: every documentation
page the configured nav does not list is appended to a "More topics" section, ordered by path,
titled by its first heading. So `mkdocs build --strict` (which warns about pages left out of
the nav) passes whatever pages other work adds. And a page may link to files outside docs/, as
read on GitHub: on the site such a link goes to the page carrying that file, or becomes code.
"""

from __future__ import annotations

import ast
import logging
import posixpath
import re
from pathlib import Path
from typing import Any

MORE_TOPICS = "More topics"
log = logging.getLogger("mkdocs.hooks.mahjongkit")  # under mkdocs: --strict counts its warnings


def _listed(entries: Any) -> set[str]:
    """Every page path the nav configuration names, at any depth."""
    found: set[str] = set()
    if isinstance(entries, str):
        found.add(entries)
    elif isinstance(entries, list):
        for entry in entries:
            found |= _listed(entry)
    elif isinstance(entries, dict):
        for value in entries.values():
            found |= _listed(value)
    return found


def on_files(files: Any, config: Any) -> Any:
    """Append the pages the nav leaves out; MkDocs builds the nav after this event."""
    nav = config["nav"]
    if nav is None:  # no nav configured: MkDocs lists every page itself
        return files
    listed = _listed(nav)
    missing = sorted(
        file.src_uri
        for file in files.documentation_pages()
        if file.src_uri not in listed and not file.src_uri.startswith("_")
    )
    if missing:
        nav.append({MORE_TOPICS: missing})
    return files


# Pages are also read on GitHub, where a link may point anywhere in the repository. On the site,
# a link that leaves docs/ goes to the page that carries the same text, or, for a file the site
# does not carry (source, tests), becomes its path in code.
CARRIED = {
    "README.md": "index.md",
    "benchmarks/README.md": "benchmarks.md",
    "CHANGELOG.md": "changelog.md",
    "CONTRIBUTING.md": "development.md",
}
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s#]+)(?P<anchor>#[^)\s]*)?\)")


def outside_links(markdown: str, page_uri: str) -> str:
    """``markdown`` of the page at ``page_uri`` (under docs/), its links out of docs/ mapped.

    >>> outside_links("[b](../benchmarks/README.md#solver), [c](../tests/x.py)", "records.md")
    '[b](benchmarks.md#solver), `tests/x.py`'
    >>> outside_links("[d](../decisions.md), [r](../../README.md)", "guide/a.md")
    '[d](../decisions.md), [r](../index.md)'
    """
    folder = posixpath.dirname(posixpath.join("docs", page_uri))

    def replace(match: re.Match[str]) -> str:
        target = match["target"]
        if "://" in target or target.startswith(("/", "mailto:")):
            return match[0]
        in_repository = posixpath.normpath(posixpath.join(folder, target))
        if in_repository.startswith("docs/"):
            return match[0]
        carried = CARRIED.get(in_repository)
        if carried is None:
            return f"`{in_repository}`"
        relative = posixpath.relpath(carried, posixpath.dirname(page_uri) or ".")
        return f"[{match['text']}]({relative}{match['anchor'] or ''})"

    return LINK.sub(replace, markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return outside_links(markdown, page.file.src_uri)


# Every public name has its entry in the API reference: the names of the ``__all__`` of the
# modules below, and the types the public API hands back without exporting them. A name the
# built reference pages do not carry (an object without a docstring is left out, for one) is a
# warning, so `mkdocs build --strict` fails on it.
PUBLIC_MODULES = (
    "mahjongkit.mcr",
    "mahjongkit.mcr.env",
    "mahjongkit.mcr.encoding",
    "mahjongkit.solitaire",
    "mahjongkit.web",
)
ALSO_PUBLIC = ("GameResult", "Phase", "Position", "Status", "TallyBatch", "WinBatch")
ANCHOR = re.compile(r'id="(mahjongkit[\w.]*)"')


def public_names(source_root: Path) -> dict[str, list[str]]:
    """The ``__all__`` of each of :data:`PUBLIC_MODULES`, read from the source (not
    imported), and :data:`ALSO_PUBLIC` under ``""``."""
    names: dict[str, list[str]] = {"": list(ALSO_PUBLIC)}
    for module in PUBLIC_MODULES:
        path = source_root.joinpath(*module.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
            ):
                names[module] = [ast.literal_eval(item) for item in node.value.elts]  # type: ignore[attr-defined]
    return names


def undocumented(names: dict[str, list[str]], pages: list[str]) -> list[str]:
    """The names no reference page has an entry for (an anchor ending in the name).

    >>> page = '<h2 id="mahjongkit.mcr.Hand">' + '<h3 id="mahjongkit.mcr.game.window.Phase">'
    >>> undocumented({"mahjongkit.mcr": ["Hand", "WinBy"], "": ["Phase"]}, [page])
    ['mahjongkit.mcr.WinBy']
    """
    entries = {anchor.rsplit(".", 1)[-1] for page in pages for anchor in ANCHOR.findall(page)}
    return [
        f"{module}.{name}" if module else name
        for module, listed in names.items()
        for name in listed
        if name not in entries
    ]


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"]) / "reference"
    pages = [page.read_text(encoding="utf-8") for page in sorted(site.glob("*.html"))]
    root = Path(config["config_file_path"]).parent / "python"
    for name in undocumented(public_names(root), pages):
        log.warning(f"the API reference has no entry for the public name {name}")
