"""How the API tests read a refusal: the status, the code and a short message."""

from __future__ import annotations

from typing import Any

from mahjongkit.web.api import MAX_MESSAGE


def error_of(response: Any, status: int, code: str) -> str:
    """The message of ``response``, after checking it is the error ``status``/``code`` with a
    message of one to :data:`~mahjongkit.web.api.MAX_MESSAGE` characters."""
    assert response.status_code == status, response.text
    body = response.json()["error"]
    assert body["status"] == status and body["code"] == code, body
    assert isinstance(body["message"], str) and 0 < len(body["message"]) <= MAX_MESSAGE, body
    return str(body["message"])
