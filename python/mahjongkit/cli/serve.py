"""``mahjongkit serve``: the solitaire page and the JSON API on a local web server (uvicorn)."""

from __future__ import annotations

import ipaddress
import threading
import webbrowser

import click


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts connections from this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1")
    (True, True, True)
    >>> is_loopback("0.0.0.0"), is_loopback("192.168.1.5")
    (False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option(
    "--max-games",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Games kept in memory (the least recently used goes first).",
)
@click.option(
    "--solver-seconds",
    type=click.FloatRange(min=0.01, max=10),
    default=1.0,
    show_default=True,
    help="Budget of each solver call (hints, dead-end warnings).",
)
def serve_command(
    host: str, port: int, open_browser: bool, max_games: int, solver_seconds: float
) -> None:
    """Play solitaire (/) and MCR against bots (/mcr, replays at /mcr/replay) in the browser,
    and serve the JSON API (listed at /api)."""
    import uvicorn

    from mahjongkit.web import create_app

    if not is_loopback(host):
        click.echo(
            f"warning: binding to {host} makes the game reachable from other machines; "
            "the server has no authentication (the default, 127.0.0.1, is this machine only)",
            err=True,
        )
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    click.echo(
        f"mahjongkit: serving {url} (MCR at {url}mcr, API at {url}api); Ctrl-C stops", err=True
    )
    app = create_app(max_games=max_games, solver_seconds=solver_seconds)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")


def register(group: click.Group) -> None:
    """Add ``serve`` to the top-level group."""
    group.add_command(serve_command)
