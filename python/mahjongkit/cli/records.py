"""Game records in Botzone's format, under ``mahjongkit mcr records`` (docs/records.md)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # the game layer is imported when a command runs, not for --help
    from mahjongkit.mcr.records.check import Report


@click.group(name="records")
def records() -> None:
    """Game records in Botzone's text format: check, export for learning, stats."""


def _reports(path: str) -> Iterator[Report]:
    from mahjongkit.mcr.records.check import check_records
    from mahjongkit.mcr.records.format import read_records

    try:
        yield from check_records(read_records(path))
    except OSError as error:
        raise click.ClickException(f"cannot read {path!r}: {error.strerror or error}") from None


_FILE = click.Path(exists=True, dir_okay=False)


@records.command(name="check")
@click.argument("file", type=_FILE)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a summary and each game with a problem; json: one object a game (JSON Lines).",
)
def check_command(file: str, fmt: str) -> None:
    """Replay every game of FILE through the rules; report illegal steps and wrong scores.

    Exits with status 1 when a game is unreadable, illegal or scored differently.
    """
    counts: Counter[str] = Counter()
    for report in _reports(file):
        counts["games"] += 1
        kind = _verdict(report)
        counts[kind] += 1
        if fmt == "json":
            click.echo(json.dumps(report.to_json(), ensure_ascii=False))
        elif kind != "ok":
            for problem in report.problems:
                click.echo(f"{report.match or '?'}: {kind}: {problem}")
    if fmt == "text":
        click.echo(
            f"{counts['games']} games: {counts['ok']} legal and scored as recorded,"
            f" {counts['illegal']} illegal, {counts['mis-scored']} scored differently,"
            f" {counts['unreadable']} unreadable"
        )
    if counts["games"] != counts["ok"]:
        raise SystemExit(1)


def _verdict(report: Report) -> str:
    if not report.readable:
        return "unreadable"
    if not report.legal:
        return "illegal"
    return "ok" if report.scored else "mis-scored"


@records.command(name="stats")
@click.argument("file", type=_FILE)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def stats_command(file: str, fmt: str) -> None:
    """Games, wins by kind, fan frequencies, mean points, and the games with a problem."""
    from mahjongkit.mcr.records.stats import Stats

    stats = Stats()
    for report in _reports(file):
        stats.add(report)
    if fmt == "json":
        click.echo(json.dumps(stats.to_json(), ensure_ascii=False, indent=1))
    else:
        click.echo(stats.to_text(), nl=False)


@records.command(name="export")
@click.argument("file", type=_FILE)
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False),
    help="The folder of the shards and manifest.json (made if missing).",
)
@click.option("--workers", default=1, show_default=True, help="Worker processes.")
@click.option(
    "--scheduler",
    default=None,
    help="A Dask scheduler, e.g. tcp://HOST:8786 (its workers must see FILE).",
)
@click.option("--shard-games", default=256, show_default=True, help="Games per shard.")
@click.option("--progress/--no-progress", default=True, help="A progress bar on a terminal.")
def export_command(
    file: str, out: str, workers: int, scheduler: str | None, shard_games: int, progress: bool
) -> None:
    """Write every decision of every legal game of FILE as training arrays (.npz shards).

    Example: mahjongkit mcr records export data.txt --out shards --workers 2
    """
    from mahjongkit._files import check_output_folder
    from mahjongkit._signals import exit_status
    from mahjongkit.cli.progress import progress_bar
    from mahjongkit.mcr.records.export import export, index_games

    try:
        check_output_folder(out)  # before any work
        total = len(index_games(file))
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None
    done = [0]  # the export reports games finished since its last report
    try:
        with progress_bar(total, "games", None if progress else False) as report:

            def advance(games: int) -> None:
                done[0] += games
                report(done[0])

            manifest = export(
                file,
                out,
                workers=workers,
                scheduler=scheduler,
                shard_games=shard_games,
                progress=advance,
            )
    except KeyboardInterrupt as error:
        click.echo(f"interrupted: {out} is as it was", err=True)
        sys.exit(exit_status(error))
    except (ValueError, OSError, ImportError) as error:
        raise click.ClickException(str(error)) from None
    skipped = [s for shard in manifest["shards"] for s in shard["skipped"]]
    click.echo(
        f"{manifest['exported']} of {manifest['games']} games exported: {manifest['samples']}"
        f" decisions in {len(manifest['shards'])} shards under {out}"
    )
    for entry in skipped:
        click.echo(f"left out {entry['match'] or '?'}: {entry['problem']}")


@records.command(name="selfplay")
@click.option(
    "--games", default=100, show_default=True, type=click.IntRange(min=1), help="Games to play."
)
@click.option("--seed", default="selfplay", show_default=True, help="Seed of the deals.")
@click.option(
    "--players",
    default="bot:2,bot:2,bot:2,bot:2",
    show_default=True,
    help="Four comma-separated in-process players (bot:N or module:Class).",
)
@click.option(
    "--output", required=True, type=click.Path(dir_okay=False), help="The record file to write."
)
def selfplay_command(games: int, seed: str, players: str, output: str) -> None:
    """Play games in the Botzone variant and write them as records."""
    from mahjongkit.cli._output import checked, write
    from mahjongkit.mcr.records.format import format_record
    from mahjongkit.mcr.records.write import play_records

    checked(output)  # before any game is played
    specs = [s.strip() for s in players.split(",")]
    if len(specs) != 4:
        raise click.ClickException(f"four players, not {len(specs)}")
    try:
        played = play_records(seed, range(games), (specs[0], specs[1], specs[2], specs[3]))
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    text = "".join(format_record(record) + "\n" for record in played)
    write(output, text, "the records")
    click.echo(f"{len(played)} games written to {output}")
