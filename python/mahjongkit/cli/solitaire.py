"""Solitaire commands at the top level: ``deal``, ``daily``, ``layouts``, ``batch``, ``search``.

Bad arguments give a one-line ``Error: ...`` and exit status 1 (click's usage errors exit 2),
never a traceback.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import math
import os
import signal
import sys
import time
from pathlib import Path

import click

from mahjongkit._impl import IMPLEMENTATIONS
from mahjongkit.cli.progress import progress_bar
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
from mahjongkit.solitaire.search import Match
from mahjongkit.solitaire.seeds import parse_seed

_FORMAT = click.Choice(["text", "json"])
_IMPL = click.option(
    "--impl", type=click.Choice(IMPLEMENTATIONS), default=None, help="Implementation."
)


def _layout(name: str) -> Layout:
    """A built-in layout by name, or a layout file (``.layout`` files are KMahjongg's).

    A name with a suffix or a folder in it is a file (no built-in name has either), so a
    missing file is reported as such, not as an unknown layout.
    """
    path = Path(name)
    if path.suffix or "/" in name or os.sep in name or name.startswith("."):
        if path.suffix == ".layout":
            return Layout.from_kmahjongg(path)
        return Layout.from_file(path)
    return get_layout(name)


def _chosen_layout(layout_name: str | None, layout_file: str | None) -> Layout:
    """``--layout`` alone (a name or a file, the Turtle by default), or ``--layout-file`` in
    any format :meth:`Layout.from_text` reads, where ``--layout`` picks a GNOME map by name
    (or names the layout)."""
    if layout_file is None:
        return _layout(layout_name if layout_name is not None else "turtle")
    return Layout.from_file(layout_file, name=layout_name)


_LAYOUT_HELP = "Layout name or file [default: turtle]; with --layout-file, the map to take."
_LAYOUT_FILE_HELP = "A layout file: KMahjongg (.layout), GNOME Mahjongg (mahjongg.map) or ours."


def _seed(text: str) -> int:
    """A seed by the one seed rule (:mod:`mahjongkit.solitaire.seeds`)."""
    try:
        return parse_seed(text)
    except ValueError as error:
        raise click.ClickException(str(error)) from None


def _show(board: Board, output_format: str, glyphs: bool) -> None:
    if output_format == "json":
        click.echo(board.to_json(indent=2))
    else:
        click.echo(board.to_text(glyphs=glyphs))


def _deal(
    layout_name: str | None, seed: int, impl: str | None, layout_file: str | None = None
) -> Board:
    try:
        return deal(_chosen_layout(layout_name, layout_file), seed, impl=impl)
    except (LayoutError, DealError, ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None


@click.command("deal")
@click.option("--layout", "layout_name", default=None, help=_LAYOUT_HELP)
@click.option("--layout-file", "layout_file", default=None, help=_LAYOUT_FILE_HELP)
@click.option("--seed", required=True, help="Seed, 0 to 2**64 - 1 (decimal or 0x hex).")
@click.option("--format", "output_format", type=_FORMAT, default="text", show_default=True)
@click.option("--glyphs", is_flag=True, help="Draw Unicode tiles instead of codes.")
@_IMPL
def deal_command(
    layout_name: str | None,
    layout_file: str | None,
    seed: str,
    output_format: str,
    glyphs: bool,
    impl: str | None,
) -> None:
    """Deal the solvable board of a layout and seed."""
    _show(_deal(layout_name, _seed(seed), impl, layout_file), output_format, glyphs)


@click.command("daily")
@click.option("--date", "date_text", default=None, help="YYYY-MM-DD (default: today, local).")
@click.option("--format", "output_format", type=_FORMAT, default="text", show_default=True)
@click.option("--glyphs", is_flag=True, help="Draw Unicode tiles instead of codes.")
@click.option(
    "--solution", is_flag=True, help="With --format json: include the removal order (the answer)."
)
def daily_command(date_text: str | None, output_format: str, glyphs: bool, solution: bool) -> None:
    """Deal the Daily Challenge: the Turtle with the seed of the date."""
    text = date_text if date_text is not None else datetime.date.today().isoformat()
    seed = _daily_seed(text)
    board = _deal("turtle", seed, None)
    if output_format == "text":
        click.echo(f"Daily Challenge {text}")
        click.echo(board.to_text(glyphs=glyphs))
        return
    # The day's answer is shown only when asked for.
    data = board.to_dict()
    if not solution:
        del data["removal_order"]
    click.echo(json.dumps(data, indent=2))


def _daily_seed(text: str) -> int:
    try:
        return daily_seed(text)
    except ValueError as error:
        raise click.ClickException(str(error)) from None


@click.command("layouts")
def layouts_command() -> None:
    """List the built-in layouts: name, tiles, tiles free at the start."""
    width = max(len(layout.name) for layout in layouts())
    click.echo(f"{'layout'.ljust(width)}  tiles  free  layers")
    for layout in layouts():
        free = len(free_slots(layout, range(layout.size)))
        counts = "/".join(map(str, layout.layer_counts()))
        click.echo(f"{layout.name.ljust(width)}  {layout.size:5}  {free:4}  {counts}")


# ---- play (issue 4) ----


@click.command("play")
@click.option("--layout", "layout_name", default=None, help=_LAYOUT_HELP)
@click.option("--layout-file", "layout_file", default=None, help=_LAYOUT_FILE_HELP)
@click.option("--seed", default=None, help="Seed, 0 to 2**64 - 1 (default: a random one).")
@click.option("--daily", is_flag=True, help="Play the Daily Challenge (the Turtle, today).")
@click.option("--date", "date_text", default=None, help="With --daily: YYYY-MM-DD.")
@click.option("--load", "load_path", default=None, help="Continue a saved game (JSON).")
@click.option(
    "--solver-seconds",
    type=float,
    default=1.0,
    show_default=True,
    callback=lambda _ctx, _param, value: _seconds(value),
    help="Budget of each solver call (hints, dead-end warnings); 0: no time limit.",
)
@click.option("--glyphs", is_flag=True, help="Draw Unicode tiles instead of codes.")
@click.option(
    "--color/--no-color",
    default=None,
    help="Free tiles in colour [default: on a terminal, unless NO_COLOR is set or TERM=dumb].",
)
def play_command(
    layout_name: str | None,
    layout_file: str | None,
    seed: str | None,
    daily: bool,
    date_text: str | None,
    load_path: str | None,
    solver_seconds: float,
    glyphs: bool,
    color: bool | None,
) -> None:
    """Play in the terminal: type two tile ids to remove a pair, ? for help."""
    import secrets

    from mahjongkit.solitaire.game import Game
    from mahjongkit.solitaire.play import run
    from mahjongkit.solitaire.save import SaveError, load

    if daily and seed is not None:
        raise click.UsageError("give --seed or --daily, not both")
    if date_text is not None and not daily:
        raise click.UsageError("--date goes with --daily")
    if load_path is not None:
        try:
            game = load(load_path, solver_seconds=solver_seconds)
        except (OSError, SaveError) as error:
            raise click.ClickException(f"cannot load {load_path}: {error}") from None
    else:
        if daily:
            text = date_text if date_text is not None else datetime.date.today().isoformat()
            chosen_seed = _daily_seed(text)
            click.echo(f"Daily Challenge {text}")
            layout_name, layout_file = "turtle", None
        else:
            chosen_seed = _seed(seed) if seed is not None else secrets.randbits(64)
        board = _deal(layout_name, chosen_seed, None, layout_file)
        game = Game.from_board(board, solver_seconds=solver_seconds)
    # sys streams, not click.get_text_stream (deprecated in Click 8.5); CliRunner swaps them too.
    if color is None:  # a terminal gets colour unless NO_COLOR or TERM=dumb asks otherwise
        color = (
            sys.stdout.isatty()
            and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb"
        )
    colored = bool(color)
    run(game, sys.stdin, sys.stdout, glyphs=glyphs, color=colored)


def _seconds(value: float) -> float:
    if not (math.isfinite(value) and value >= 0):
        raise click.BadParameter(
            f"must be a finite number of seconds >= 0, got {value}", param_hint="--solver-seconds"
        )
    return value


def register(group: click.Group) -> None:
    """Add the solitaire commands to the top-level group."""
    group.add_command(play_command)
    group.add_command(deal_command)
    group.add_command(daily_command)
    group.add_command(layouts_command)
    group.add_command(batch_command)
    group.add_command(search_command)


# ---- Solitaire at scale: batch and search ----------------------------------------------------
# Data goes to the file or stdout; the progress bar and the summary go to stderr (the bar only
# when stderr is a terminal, unless --progress says otherwise).


def _count(seeds: range) -> int:
    """``len(seeds)``, which raises OverflowError from 2**63 seeds on."""
    return seeds.stop - seeds.start


def _seed_range(text: str) -> range:
    from mahjongkit.solitaire.seeds import parse_seeds

    try:
        return parse_seeds(text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--seeds") from None


_PROGRESS = click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: when stderr is a terminal].",
)
_THREADS = click.option(
    "--threads", type=click.IntRange(min=1), default=None, help="Threads [default: every core]."
)
_LAYOUT = click.option(
    "--layout", "layout_name", default="turtle", show_default=True, help="Layout name or file."
)
_SEEDS = click.option(
    "--seeds", "seeds_text", required=True, help="Seed range A:B (B excluded), A:+N or A."
)
_DASK = click.option("--dask", is_flag=True, help="Run on a local Dask cluster (needs the extra).")
_SCHEDULER = click.option(
    "--scheduler", default=None, metavar="ADDRESS", help="Run on the Dask cluster at ADDRESS."
)


@click.command("batch")
@_LAYOUT
@_SEEDS
@click.option(
    "--out", "out_path", required=True, type=click.Path(dir_okay=False), help="Output file."
)
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["npy", "jsonl"]),
    default=None,
    help="File format [default: from the suffix of --out].",
)
@_THREADS
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
@_PROGRESS
@_DASK
@_SCHEDULER
def batch_command(
    layout_name: str,
    seeds_text: str,
    out_path: str,
    file_format: str | None,
    threads: int | None,
    force: bool,
    progress: bool | None,
    dask: bool,
    scheduler: str | None,
) -> None:
    """Write the boards of a seed range to a .npy file (uint8[boards, slots], row i = seed
    A + i) or JSON Lines (one board a line: layout, seed, faces)."""
    from mahjongkit.solitaire.batch import (
        Boards,
        Progress,
        Source,
        Terminated,
        check_target,
        format_of,
        stream_batch,
        write_batch,
    )

    seeds = _seed_range(seeds_text)
    to_stdout = out_path == "-"
    try:
        layout = _layout(layout_name)
        if to_stdout:
            kind = format_of(out_path, file_format or "jsonl")
            if kind == "npy" and sys.stdout.isatty():
                raise ValueError("--out -: a .npy file is binary; redirect standard output")
        else:
            kind = format_of(out_path, file_format)
            check_target(out_path, overwrite=force)
    except (LayoutError, ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None
    started = time.perf_counter()
    try:
        with contextlib.ExitStack() as stack:
            source: Source | None = None
            if dask or scheduler is not None:
                from mahjongkit.solitaire.distributed import batch_dask, connect

                client = stack.enter_context(connect(None, scheduler))

                def on_dask(chosen: Layout, part: range, done: Progress | None) -> Boards:
                    return batch_dask(chosen, part, client=client, progress=done)

                source = on_dask
            report = stack.enter_context(progress_bar(_count(seeds), "boards", progress))
            if to_stdout:
                stream = sys.stdout.buffer  # not click.get_binary_stream (deprecated in 8.5)
                stream_batch(
                    stream,
                    layout,
                    seeds,
                    format=kind,
                    threads=threads,
                    progress=report,
                    source=source,
                )
                out_path = "standard output"
            else:
                write_batch(
                    out_path,
                    layout,
                    seeds,
                    format=kind,
                    threads=threads,
                    overwrite=force,
                    progress=report,
                    source=source,
                )
    except KeyboardInterrupt as error:
        lost = "the output is cut short" if to_stdout else f"nothing written to {out_path}"
        click.echo(f"interrupted: {lost}", err=True)
        sys.exit(128 + (error.signum if isinstance(error, Terminated) else signal.SIGINT))
    except BrokenPipeError:  # the reader went away: the group ends the command quietly
        raise
    except (DealError, ValueError, OSError, ImportError) as error:
        raise click.ClickException(str(error)) from None
    seconds = time.perf_counter() - started
    click.echo(
        f"wrote {_count(seeds)} {layout.name} boards (seeds {seeds.start}:{seeds.stop}) to "
        f"{out_path} in {seconds:.2f} s ({_count(seeds) / seconds:,.0f} boards/s)",
        err=True,
    )


@click.command("search")
@_LAYOUT
@_SEEDS
@click.option(
    "--where",
    required=True,
    help='Condition on board properties, e.g. "free_pairs >= 20 and difficulty <= 0.3".',
)
@click.option(
    "--limit", type=click.IntRange(min=0), default=None, help="At most this many (smallest seeds)."
)
@click.option(
    "--report",
    default="",
    help="More properties to show for each match, comma-separated.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "jsonl"]),
    default="text",
    show_default=True,
)
@click.option(
    "--playouts",
    type=click.IntRange(min=0),
    default=None,
    help="Random playouts behind difficulty [default: 32].",
)
@click.option(
    "--solver-budget",
    type=click.IntRange(min=1),
    default=None,
    help="Node budget of solver_nodes [default: 20000].",
)
@_THREADS
@_PROGRESS
@_DASK
@_SCHEDULER
@_IMPL
def search_command(
    layout_name: str,
    seeds_text: str,
    where: str,
    limit: int | None,
    report: str,
    output_format: str,
    playouts: int | None,
    solver_budget: int | None,
    threads: int | None,
    progress: bool | None,
    dask: bool,
    scheduler: str | None,
    impl: str | None,
) -> None:
    """Find the seeds whose boards satisfy a condition; matches go to stdout in seed order.

    Properties: free_tiles, free_pairs, deepest_stack, stacked_pairs, solver_nodes,
    random_wins, difficulty (defined in mahjongkit.solitaire.properties). Put cheap tests
    first: expensive properties are computed only when the rest of the condition still needs
    them. Ctrl-C stops and prints what the examined seeds hold, with the range to resume from.
    """
    from mahjongkit.solitaire import properties
    from mahjongkit.solitaire.condition import Condition, ConditionError
    from mahjongkit.solitaire.search import SearchJob
    from mahjongkit.solitaire.stream import run_stream

    seeds = _seed_range(seeds_text)
    try:
        condition = Condition.parse(where)
    except ConditionError as error:
        raise click.BadParameter(str(error), param_hint="--where") from None
    extra = [name.strip() for name in report.split(",") if name.strip()]
    playout_count = properties.DEFAULT_PLAYOUTS if playouts is None else playouts
    budget = properties.DEFAULT_SOLVER_BUDGET if solver_budget is None else solver_budget
    started = time.perf_counter()
    try:
        # One options object for both places the search can run. On this machine the
        # matches are streamed (no bound on how many); on Dask they are gathered.
        on_dask = dask or scheduler is not None
        job = SearchJob.make(
            _layout(layout_name),
            condition,
            limit if on_dask else None,
            report=extra,
            playouts=playout_count,
            solver_budget=budget,
        )
        with progress_bar(_count(seeds), "seeds", progress) as bar:
            printer = _MatchPrinter(job.layout.name, job.report, output_format)
            if on_dask:
                from mahjongkit.solitaire.distributed import run_search_dask

                result = run_search_dask(job, seeds, scheduler=scheduler, progress=bar)
                for match in result.matches:
                    printer.print(match)
                found, examined = len(result.matches), result.examined
                interrupted, next_seed = result.interrupted, result.next_seed
            else:
                stream = run_stream(job, seeds, limit, threads=threads, impl=impl, progress=bar)
                for match in stream:
                    printer.print(match)
                found, examined = stream.found, stream.examined
                interrupted, next_seed = stream.interrupted, stream.next_seed
            printer.finish()
    except BrokenPipeError:  # the reader went away: the group ends the command quietly
        raise
    except (LayoutError, DealError, ValueError, OSError, ImportError) as error:
        raise click.ClickException(str(error)) from None
    seconds = time.perf_counter() - started
    done = f"{seeds.start}:{seeds.start + examined}"
    rate = f"{examined / seconds:,.0f} seeds/s" if seconds > 0 else ""
    click.echo(
        f"{found} boards found in seeds {done} ({examined} examined, {seconds:.2f} s, {rate})",
        err=True,
    )
    if interrupted:
        resume = f"{next_seed}:{seeds.stop}" if next_seed is not None else ""
        click.echo(f"interrupted: resume with --seeds {resume}", err=True)
        sys.exit(130)


class _MatchPrinter:
    """Matches on stdout as they come: JSON Lines, or a table under a header line."""

    def __init__(self, layout: str, names: tuple[str, ...], output_format: str) -> None:
        self.layout, self.names, self.jsonl = layout, names, output_format == "jsonl"
        self.header = not self.jsonl

    def print(self, match: Match) -> None:
        if self.jsonl:
            record = {"layout": self.layout, "seed": match.seed, **match.properties}
            click.echo(json.dumps(record, separators=(",", ":")))
            return
        self.finish()
        values = [_cell(match.properties[name]) for name in self.names]
        click.echo("  ".join([str(match.seed).rjust(20), *(v.rjust(13) for v in values)]))

    def finish(self) -> None:
        """The header, if nothing printed it yet (a table with no rows still has one)."""
        if self.header:
            self.header = False
            click.echo("  ".join(["seed".rjust(20), *(name.rjust(13) for name in self.names)]))


def _cell(value: int | float) -> str:
    return f"{value:.4f}" if isinstance(value, float) else str(value)
