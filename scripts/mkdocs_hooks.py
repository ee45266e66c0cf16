"""MkDocs hooks for the documentation site (mkdocs.yml names this file).

A page added under docs/ joins the site without an edit to mkdocs.yml: every documentation
page the configured nav does not list is appended to a "More topics" section, ordered by path,
titled by its first heading. So `mkdocs build --strict` (which warns about pages left out of
the nav) passes whatever pages other work adds.
"""

from __future__ import annotations

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
