"""A Griffe extension for the API reference (mkdocs.yml loads it for mkdocstrings).

Our docstrings are plain reStructuredText-flavoured prose with doctest examples, read by
`help()` and run by tests/test_doctests.py. The site renders them as Markdown, where a bare
``>>>`` line would be a nested quote and ``:mod:`x``` a stray colon. So, for the site only:

- every doctest block (a ``>>>`` line, its ``...`` continuations and its expected output, up to
  a blank line) becomes a fenced ``pycon`` code block;
- Sphinx roles (``:class:`Game```, ``:meth:`~Game.remove```) become inline code.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:mod|class|meth|func|attr|data|exc|obj|const|py:\w+):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    """The docstring with its doctest blocks fenced and its Sphinx roles as inline code."""
    out: list[str] = []
    in_block = False
    in_fence = False
    indent = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and not in_block and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_block = True
        elif in_block and not stripped:
            out.append(f"{indent}```")
            in_block = False
        out.append(line if in_block or in_fence else ROLE.sub(r"`\1`", line))
    if in_block:
        out.append(f"{indent}```")
    return "\n".join(out)


class FenceDoctests(griffe.Extension):
    """Rewrites each docstring once the object tree is complete."""

    def on_object(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
