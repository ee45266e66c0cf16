"""MkDocs hooks for the documentation site (mkdocs.yml names this file).

A page added under docs/ joins the site without an edit to mkdocs.yml: every documentation
page the configured nav does not list is appended to a "More topics" section, ordered by path,
titled by its first heading. So `mkdocs build --strict` (which warns about pages left out of
the nav) passes whatever pages other work adds. And a page may link to files outside docs/, as
read on GitHub: on the site such a link goes to the page carrying that file, or becomes code.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

MORE_TOPICS = "More topics"


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
