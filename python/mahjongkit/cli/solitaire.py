"""Solitaire commands at the top level: ``deal``, ``daily``, ``layouts``.

Bad arguments give a one-line ``Error: ...`` and exit status 1 (click's usage errors exit 2),
never a traceback.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import click

from mahjongkit.solitaire import (
    Board,
    DealError,
    Layout,
    LayoutError,
    daily_seed,
    deal,
    free_slots,
    get_layout,
    layouts,
)

_FORMAT = click.Choice(["text", "json"])


def _layout(name: str) -> Layout:
    """A built-in layout by name, or a layout file (``.layout`` files are KMahjongg's)."""
    path = Path(name)
    if path.suffix and path.is_file():
        if path.suffix == ".layout":
            return Layout.from_kmahjongg(path)
        return Layout.load(path)
    return get_layout(name)


def _seed(text: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        raise click.ClickException(f"the seed must be an integer, got {text!r}") from None


def _show(board: Board, output_format: str, glyphs: bool) -> None:
    if output_format == "json":
        click.echo(board.to_json(indent=2))
    else:
        click.echo(board.to_text(glyphs=glyphs))


def _deal(layout_name: str, seed: int, impl: str | None) -> Board:
    try:
        return deal(_layout(layout_name), seed, impl=impl)
    except (LayoutError, DealError, ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None


@click.command("deal")
@click.option(
    "--layout", "layout_name", default="turtle", show_default=True, help="Layout name or file."
)
@click.option("--seed", required=True, help="Seed, 0 to 2**64 - 1 (decimal or 0x hex).")
@click.option("--format", "output_format", type=_FORMAT, default="text", show_default=True)
@click.option("--glyphs", is_flag=True, help="Draw Unicode tiles instead of codes.")
@click.option("--impl", type=click.Choice(["cpp", "python"]), default=None, help="Implementation.")
def deal_command(
    layout_name: str, seed: str, output_format: str, glyphs: bool, impl: str | None
) -> None:
    """Deal the solvable board of a layout and seed."""
    _show(_deal(layout_name, _seed(seed), impl), output_format, glyphs)


@click.command("daily")
@click.option("--date", "date_text", default=None, help="YYYY-MM-DD (default: today, local).")
@click.option("--format", "output_format", type=_FORMAT, default="text", show_default=True)
@click.option("--glyphs", is_flag=True, help="Draw Unicode tiles instead of codes.")
def daily_command(date_text: str | None, output_format: str, glyphs: bool) -> None:
    """Deal the Daily Challenge: the Turtle with the seed of the date."""
    text = date_text if date_text is not None else datetime.date.today().isoformat()
    try:
        seed = daily_seed(text)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    if output_format == "text":
        click.echo(f"Daily Challenge {text}")
    _show(_deal("turtle", seed, None), output_format, glyphs)


@click.command("layouts")
def layouts_command() -> None:
    """List the built-in layouts: name, tiles, tiles free at the start."""
    width = max(len(layout.name) for layout in layouts())
    click.echo(f"{'layout'.ljust(width)}  tiles  free  layers")
    for layout in layouts():
        free = len(free_slots(layout, range(layout.size)))
        counts = "/".join(map(str, layout.layer_counts()))
        click.echo(f"{layout.name.ljust(width)}  {layout.size:5}  {free:4}  {counts}")


def register(group: click.Group) -> None:
    """Add the solitaire commands to the top-level group."""
    group.add_command(deal_command)
    group.add_command(daily_command)
    group.add_command(layouts_command)
