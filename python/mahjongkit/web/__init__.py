"""Solitaire in the browser: ``mahjongkit serve`` serves a page that draws the board to scale
and a JSON API over the engine (boards, the Daily Challenge, a solver, games).

The page and its files live in ``static/`` (HTML, CSS, plain JavaScript, SVG drawn by the
script; no build step and nothing fetched from elsewhere). :func:`create_app` builds the ASGI
application; :mod:`mahjongkit.web.api` holds the rules of every endpoint.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> [layout["key"] for layout in client.get("/api/layouts").json()["layouts"]][:2]
['tea-house', 'twin-bridge']
"""

from mahjongkit.web.app import create_app

__all__ = ["create_app"]
