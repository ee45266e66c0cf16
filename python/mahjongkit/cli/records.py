"""Game records in Botzone's format, under ``mahjongkit mcr records`` (docs/records.md)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from mahjongkit._words import plural

if TYPE_CHECKING:  # the game layer is imported when a command runs, not for --help
    from mahjongkit.mcr.records.check import Report


@click.group(name="records")
def records() -> None:
    """Game records in Botzone's text format: check, export for learning, stats, samples."""


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
            f"{plural(counts['games'], 'game')}: {counts['ok']} legal and scored as recorded,"
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
    if total == 0:
        raise click.ClickException(f"{file} holds no game to export")
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
        f"{manifest['exported']} of {plural(manifest['games'], 'game')} exported:"
        f" {plural(manifest['samples'], 'decision')} in"
        f" {plural(len(manifest['shards']), 'shard')} under {out}"
    )
    for entry in skipped:
        click.echo(f"left out {entry['match'] or '?'}: {entry['problem']}")


@records.command(name="sample")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
def sample_command(file: str) -> None:
    """Write the package's sample records (four hand-written games) to FILE ("-": stdout).

    Example: mahjongkit mcr records sample games.txt && mahjongkit mcr records check games.txt
    """
    from mahjongkit.cli._output import checked, write
    from mahjongkit.mcr.records.samples import HANDWRITTEN

    text = HANDWRITTEN.read_text(encoding="utf-8")
    if file == "-":
        click.echo(text, nl=False)
        return
    write(checked(file) or file, text, "the sample records")
    games = sum(line.startswith("Match ") for line in text.splitlines())
    click.echo(f"{plural(games, 'sample game')} written to {file}")


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
@click.option("--progress/--no-progress", default=True, help="A progress bar on a terminal.")
def selfplay_command(games: int, seed: str, players: str, output: str, progress: bool) -> None:
    """Play games in the Botzone variant and write them as records."""
    from mahjongkit._entry import current_folder_on_path
    from mahjongkit.cli._output import checked, write
    from mahjongkit.cli.progress import progress_bar
    from mahjongkit.mcr.records.format import Record, format_record
    from mahjongkit.mcr.records.write import play_records

    checked(output)  # before any game is played
    current_folder_on_path()
    specs = [s.strip() for s in players.split(",")]
    if len(specs) != 4:
        raise click.ClickException(f"four players, not {len(specs)}")
    played: list[Record] = []
    with progress_bar(games, "games", None if progress else False) as report:
        try:
            for game in range(games):  # one at a time: each game depends only on its number
                four = (specs[0], specs[1], specs[2], specs[3])
                played += play_records(seed, range(game, game + 1), four)
                report(game + 1)
        except ValueError as error:
            raise click.ClickException(str(error)) from None
    text = "".join(format_record(record) + "\n" for record in played)
    write(output, text, "the records")
    click.echo(f"{plural(len(played), 'game')} written to {output}")
