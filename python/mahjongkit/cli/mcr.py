"""MCR commands, under ``mahjongkit mcr``."""

from __future__ import annotations

import click


@click.group(name="mcr")
def mcr() -> None:
    """Chinese Official Mahjong (MCR): scoring and play."""


def register(group: click.Group) -> None:
    """Add the ``mcr`` group to the top-level group."""
    group.add_command(mcr)
