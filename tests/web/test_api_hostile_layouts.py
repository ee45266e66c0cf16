"""The web API under hostile layouts (issue 39): a layout that cannot be dealt and layout
files built to cost memory or recursion are 400s that say why, never a 500."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from mahjongkit.web import create_app
from tests.web.answers import error_of


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(solver_seconds=0.2), raise_server_exceptions=False) as made:
        yield made


STACKED = [[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3]]  # one tile free at a time: no deal


@pytest.mark.parametrize("seed", [{"seed": "1"}, {}])
def test_a_layout_that_cannot_be_dealt_is_a_400(client: TestClient, seed: dict[str, str]) -> None:
    body = {"layout": "Tower", "slots": STACKED, **seed}
    message = error_of(client.post("/api/games", json=body), 400, "cannot_deal")
    assert "could not deal layout 'Tower'" in message


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("<map name='A'>" + "<layer>" * 1200 + "</layer>" * 1200 + "</map>", "nested more than"),
        (
            "<map name='A'>" + "<block left='0' right='23' top='0' bottom='23'/>" * 200 + "</map>",
            "more than 576 tiles",
        ),
        ("kmahjongg-layout-v1.1\nw999999999\nh1\nd1\n" + "12" * 1000 + "\n", "w999999999"),
    ],
    ids=["nested", "blocks", "wide"],
)
def test_hostile_layout_files_are_400s(client: TestClient, text: str, reason: str) -> None:
    response = client.post("/api/layouts/import", json={"text": text})
    assert reason in error_of(response, 400, "bad_layout_text")
