"""Solitaire commands at the top level: ``deal``, ``daily``, ``layouts``, ``play``, ..."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add the solitaire commands to the top-level group."""
