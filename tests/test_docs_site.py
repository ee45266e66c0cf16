"""The documentation site's configuration: every nav entry exists, and new pages join the nav.

The site itself is built by `.ci/run` (`mkdocs build --strict`); these checks need no MkDocs.
"""

from __future__ import annotations

import doctest
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml  # PyYAML: MkDocs needs it, and Dask (in the test extra)
from scripts.mkdocs_hooks import MORE_TOPICS, on_files
from scripts.mkdocs_hooks import _listed as listed

ROOT = Path(__file__).resolve().parents[1]


def configured_nav() -> list[object]:
    """The nav of mkdocs.yml, read without MkDocs (its YAML is plain, one entry a line)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav: list[object] = config["nav"]
    return nav


def test_every_page_the_nav_names_exists() -> None:
    missing = sorted(p for p in listed(configured_nav()) if not (ROOT / "docs" / p).is_file())
    assert missing == []


@dataclass
class Page:
    src_uri: str


class Files:
    def __init__(self, *uris: str) -> None:
        self.pages = [Page(uri) for uri in uris]

    def documentation_pages(self) -> list[Page]:
        return self.pages


def test_pages_left_out_of_the_nav_are_added_under_more_topics() -> None:
    nav = configured_nav()
    pages = sorted(listed(nav))
    config = {"nav": nav}
    on_files(Files(*pages, "new-topic.md", "adjudications/new.md", "_partial.md"), config)
    assert config["nav"][-1] == {MORE_TOPICS: ["adjudications/new.md", "new-topic.md"]}
    assert listed(config["nav"]) == {*pages, "new-topic.md", "adjudications/new.md"}


def test_a_site_whose_nav_lists_every_page_is_left_alone() -> None:
    nav = configured_nav()
    config = {"nav": list(nav)}
    on_files(Files(*listed(nav)), config)
    assert config["nav"] == nav


def test_the_hooks_examples() -> None:
    import scripts.mkdocs_hooks

    failed, tried = doctest.testmod(scripts.mkdocs_hooks)
    assert tried > 0 and failed == 0


def test_docstrings_render_their_examples_as_code() -> None:
    pytest.importorskip("griffe", reason="the docs extra is not installed")
    from scripts.griffe_docstrings import fence_doctests

    text = "Deal.\n\n    >>> deal(1)\n    Board(...)\n\nSee :func:`~mahjongkit.deal`.\n"
    assert fence_doctests(text).splitlines() == [
        "Deal.",
        "",
        "    ```pycon",
        "    >>> deal(1)",
        "    Board(...)",
        "    ```",
        "",
        "See `mahjongkit.deal`.",
    ]


def test_the_site_fetches_nothing_and_formats_signatures() -> None:
    """No web fonts, the offline plugin with our own worker shim (no unpkg.com), and a
    formatter for the signatures in the docs extra."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["theme"]["font"] is False
    assert "offline" in config["plugins"]
    shims = config["extra"]["polyfills"]
    assert all("://" not in shim and (ROOT / "docs" / shim).is_file() for shim in shims)
    assert any("iframe-worker" in shim for shim in shims)  # so the plugin adds no unpkg.com shim
    options = config["plugins"][-1]["mkdocstrings"]["handlers"]["python"]["options"]
    assert options["separate_signature"] and options["signature_crossrefs"]
    import tomllib

    docs_extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["docs"]
    assert any(requirement.startswith(("ruff", "black")) for requirement in docs_extra)


def test_every_public_name_is_listed_for_the_reference_check() -> None:
    from scripts.mkdocs_hooks import ALSO_PUBLIC, public_names

    names = public_names(ROOT / "python")
    assert {"WinBy", "MeldKind", "SetKind", "Hand", "Rules"} <= set(names["mahjongkit.mcr"])
    assert {"GameResult", "Phase", "Position", "Status", "WinBatch"} <= set(ALSO_PUBLIC)
    assert "Game" in names["mahjongkit.solitaire"]
