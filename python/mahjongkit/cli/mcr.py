"""MCR commands, under ``mahjongkit mcr``."""

from __future__ import annotations

import click

from mahjongkit._boundary import LEVELS as BOT_LEVELS
from mahjongkit._files import read_text_file
from mahjongkit._words import plural
from mahjongkit.cli import _output
from mahjongkit.cli.records import records
from mahjongkit.mcr.variants import RULESET_NAMES, VARIANT_NAMES

SAVE_LIMIT = 16 << 20
"""The largest saved MCR game read (a whole game is about 50 KB)."""


@click.group(name="mcr")
def mcr() -> None:
    """Chinese Official Mahjong (MCR): scoring and play."""


mcr.add_command(records)  # game records in Botzone's format, in their own module


def register(group: click.Group) -> None:
    """Add the ``mcr`` group to the top-level group."""
    group.add_command(mcr)


_WINDS = "ESWN"


def _wind(value: str) -> int:
    letter = value.strip().upper()[:1]
    if not letter or letter not in _WINDS:
        raise ValueError(f"a wind is E, S, W or N, not {value!r}")
    return _WINDS.index(letter)


@mcr.command(name="score")
@click.argument("notation")
@click.option("--win", "win", required=True, help="The winning tile, e.g. 5m, E, R.")
@click.option("--self-drawn", is_flag=True, help="Won on one's own draw.")
@click.option("--robbing", is_flag=True, help="Won by robbing a promoted kong.")
@click.option("--seat", default="E", show_default=True, help="Seat wind: E, S, W or N.")
@click.option("--prevailing", default="E", show_default=True, help="Prevailing wind.")
@click.option("--last-of-wall", is_flag=True, help="On the wall's last tile (or its discard).")
@click.option("--kong-replacement", is_flag=True, help="Self-drawn on a kong's replacement.")
@click.option("--flower-replacement", is_flag=True, help="Self-drawn on a flower's replacement.")
@click.option("--last-tile", is_flag=True, help="The other three copies were visible.")
@click.option(
    "--ruleset",
    type=click.Choice(RULESET_NAMES),
    default="green_book",
    show_default=True,
    help="Green Book (WMO 2006) as printed, with the Tianjin 2006 rulings, or the 1998 "
    "Chinese values of the common calculators.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a line a fan; json: one object (fans, points, the minimum).",
)
def score_command(
    notation: str,
    win: str,
    self_drawn: bool,
    robbing: bool,
    seat: str,
    prevailing: str,
    last_of_wall: bool,
    kong_replacement: bool,
    flower_replacement: bool,
    last_tile: bool,
    ruleset: str,
    fmt: str,
) -> None:
    """Score a winning hand written in NOTATION (with or without the winning tile).

    Example: mahjongkit mcr score "123m 456p 789s 234s 5m" --win 5m --self-drawn
    """
    from mahjongkit.mcr.hand.notation import parse_hand, parse_tiles
    from mahjongkit.mcr.scoring.context import Replacement, WinBy, WinContext
    from mahjongkit.mcr.scoring.ruleset import ruleset_named
    from mahjongkit.mcr.scoring.score import score

    try:
        kinds = parse_tiles(win)
        if len(kinds) != 1 or kinds[0] > 34:
            raise ValueError(f"--win names one tile (like 5m, E, R), not {win!r}")
        winning = kinds[0]
        hand = parse_hand(notation)
        if hand.size == 13:
            hand = hand.draw(winning)
        if self_drawn and robbing:
            raise ValueError("a hand is won by self-draw or by robbing a kong, not both")
        if kong_replacement and flower_replacement:
            raise ValueError("the winning tile replaced a kong or a flower, not both")
        replacement = (
            Replacement.KONG
            if kong_replacement
            else Replacement.FLOWER
            if flower_replacement
            else None
        )
        by = WinBy.SELF_DRAWN if self_drawn else WinBy.ROBBING if robbing else WinBy.DISCARD
        context = WinContext(
            winning=winning,
            by=by,
            seat_wind=_wind(seat),
            prevailing_wind=_wind(prevailing),
            last_of_wall=last_of_wall,
            replacement=replacement,
            last_tile=last_tile,
        )
        tally = score(hand, context, ruleset_named(ruleset))
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    if fmt == "json":
        import json

        fans = [
            {k: getattr(fan, k) for k in ("number", "key", "name", "chinese", "points", "times")}
            | {"total": fan.total}
            for fan in tally.fans
        ]
        summary = {"basic": tally.basic, "flowers": tally.flowers, "total": tally.total}
        limits = {"minimum": tally.minimum, "minimum_met": tally.minimum_met}
        data = {"fans": fans, **summary, **limits, "ruleset": tally.ruleset}
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    for fan in tally.fans:
        times = f" x{fan.times}" if fan.times > 1 else ""
        click.echo(f"{fan.total:>4}  {fan.name}{times} ({fan.chinese}, fan {fan.number})")
    click.echo(f"basic {tally.basic}, flowers {tally.flowers}, total {tally.total}")
    if not tally.minimum_met:
        click.echo(f"below the {tally.minimum}-point minimum: not a legal win")


# -- the wall and whole games (owned by the rules state machine) ------------------------------


def _seed_arg(seed: str, as_hex: bool) -> str | bytes:
    if not as_hex:
        return seed
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise click.ClickException(f"--hex: {seed!r} is not hexadecimal") from None


@mcr.command(name="wall")
@click.argument("seed")
@click.option("--hand", "hand_no", default=1, show_default=True, help="Hand number, 1 to 16.")
@click.option("--hex", "as_hex", is_flag=True, help="SEED is hexadecimal bytes.")
def wall_command(seed: str, hand_no: int, as_hex: bool) -> None:
    """Print the seeded wall of one hand (decision 12, docs/decisions.md), front first.

    Example: mahjongkit mcr wall published-seed --hand 3
    """
    from mahjongkit.mcr.game.result import HANDS
    from mahjongkit.mcr.hand.wall import Wall
    from mahjongkit.tiles import code

    if hand_no > HANDS:
        raise click.ClickException(f"--hand: a game has hands 1 to {HANDS}, not {hand_no}")
    try:
        wall = Wall.from_seed(_seed_arg(seed, as_hex), hand_no)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    tiles = [code(t) for t in wall.tiles]
    for start in range(0, len(tiles), 24):
        click.echo(" ".join(tiles[start : start + 24]))


@mcr.command(name="game")
@click.argument("seed", required=False)
@click.option("--hex", "as_hex", is_flag=True, help="SEED is hexadecimal bytes.")
@click.option("--replay", type=click.Path(exists=True, dir_okay=False), help="A saved game.")
@click.option("--save", type=click.Path(dir_okay=False), help="Write the game here as JSON.")
@click.option("--events", is_flag=True, help="Print every event, not only the hands.")
def game_command(
    seed: str | None, as_hex: bool, replay: str | None, save: str | None, events: bool
) -> None:
    """Play a whole game with seeded random players, or replay a saved one, and print what
    happened: one line per hand, then the standings.

    Example: mahjongkit mcr game demo --save demo.json
    """
    import random

    from mahjongkit.mcr.game.moves import MoveKind
    from mahjongkit.mcr.game.rules import Rules

    save = _output.checked(save)
    try:
        if replay is not None:
            game = Rules.from_json(read_text_file(replay, what="saved game", limit=SAVE_LIMIT))
        elif seed is not None:
            game = Rules(_seed_arg(seed, as_hex))
            rng = random.Random(seed)
            while game.is_active:
                seat = rng.choice(game.waiting_on)
                legal = game.legal(seat)
                wins = [m for m in legal if m.kind is MoveKind.WIN]
                game.apply(seat, wins[0] if wins else rng.choice(legal))
        else:
            raise ValueError("give a SEED to play, or --replay FILE")
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None
    if events:
        for event in game.take_outcomes():
            click.echo(str(event))
    for record in game.history:
        if record.winner is None:
            line = "exhausted"
        else:
            how = record.by.value if record.by is not None else "?"
            source = f" from seat {record.discarder}" if record.discarder is not None else ""
            line = f"seat {record.winner} wins ({how}{source}) {record.points}: {record.hand}"
        click.echo(f"hand {record.hand_no:2}: {line}  totals {list(record.totals)}")
    if game.standings is not None and game.result is not None:
        click.echo(f"places {list(game.standings.places)}, result {game.result.value}")
    else:
        click.echo(game.to_string())
    if save is not None:
        _output.write(save, game.to_json(), "the saved game")


# -- play in the terminal against three bots ---------------------------------------------------


@mcr.command(name="play")
@click.option("--seed", default=None, help="The game's seed (default: a fresh one, printed).")
@click.option(
    "--level",
    type=click.IntRange(int(BOT_LEVELS[0]), int(BOT_LEVELS[-1])),
    default=2,
    show_default=True,
    help="The bots' level: 1 (discards isolated tiles), 2 (plays for an 8-point win), 3"
    " (plans toward concrete 8-point hands) or 4 (level 3 checked by playing the hand out"
    " in sampled deals; about half a second of CPU a decision).",
)
@click.option("--seat", type=click.IntRange(0, 3), default=0, show_default=True, help="Your seat.")
@click.option(
    "--glyphs/--ascii",
    default=False,
    show_default=True,
    help="Show tiles as Unicode Mahjong glyphs, or as codes (5m, E, R).",
)
@click.option("--save", type=click.Path(dir_okay=False), help="Save the game here on leaving.")
@click.option(
    "--resume",
    type=click.Path(exists=True, dir_okay=False),
    help="Continue a game saved with --save.",
)
def play_command(
    seed: str | None, level: int, seat: int, glyphs: bool, save: str | None, resume: str | None
) -> None:
    """Play a whole game of MCR against three bots, typing commands ('help' lists them).

    Example: mahjongkit mcr play --seed demo --level 2 --save demo.json
    """
    import secrets
    import sys

    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.players.terminal import Terminal

    save = _output.checked(save)
    rules = None
    if resume is not None:
        try:
            rules = Rules.from_json(read_text_file(resume, what="saved game", limit=SAVE_LIMIT))
        except (ValueError, OSError) as error:
            raise click.ClickException(str(error)) from None
    terminal = Terminal(
        seed if seed is not None else secrets.token_hex(4),
        level=level,
        seat=seat,
        inp=sys.stdin,
        out=sys.stdout,
        glyphs=glyphs,
        save=save,
        rules=rules,
    )
    terminal.run()


# -- Botzone: a bot as a protocol program, the local judge, the arena --------------------------

_BOT_LEVEL = click.option(
    "--level",
    type=click.IntRange(int(BOT_LEVELS[0]), int(BOT_LEVELS[-1])),
    default=2,
    show_default=True,
    help="The built-in bot's level.",
)
_KEEP_RUNNING = click.option(
    "--keep-running",
    is_flag=True,
    help="In JSON mode too, stay alive between turns (the simple mode always does).",
)
"""The options a bot program and its packed file share (``_entry.botzone_arguments`` reads
the same two for the fast path)."""


@mcr.command(name="botzone")
@_BOT_LEVEL
@click.option("--player", default=None, help="A 'module:Class' player to run instead of a bot.")
@_KEEP_RUNNING
def botzone_command(level: int, player: str | None, keep_running: bool) -> None:
    """Run a bot as a Botzone program on standard input and output (JSON or simple mode;
    the simple mode is kept running, the JSON mode with --keep-running).

    Example: mahjongkit mcr judge "mahjongkit mcr botzone --level 2" ... (four commands)
    """
    from mahjongkit._boundary import current_folder_on_path
    from mahjongkit.mcr.botzone.program import serve

    current_folder_on_path()
    spec = player if player is not None else f"bot:{level}"
    raise SystemExit(serve(spec, keep_running=keep_running))


@mcr.command(name="botzone-pack")
@click.argument("output", type=click.Path(dir_okay=False))
@_BOT_LEVEL
@click.option(
    "--player",
    default=None,
    help="A 'module:Class' player to pack instead of a bot (its module is packed with it; "
    "the current folder is searched first).",
)
@_KEEP_RUNNING
def botzone_pack_command(output: str, level: int, player: str | None, keep_running: bool) -> None:
    """Write the bot as one file to upload to Botzone as Python 3 code: a zip application
    of the bot and the pure-Python modules it needs, with no compiled core
    (python3 OUTPUT runs it; docs/botzone.md says what Botzone's Python offers).

    Example: mahjongkit mcr botzone-pack bot.pyz --player mybot:MyPlayer
    """
    from mahjongkit._boundary import current_folder_on_path
    from mahjongkit._files import check_output_path
    from mahjongkit.mcr.botzone.pack import pack

    current_folder_on_path()
    try:
        check_output_path(output, "OUTPUT")
        count = pack(output, level=level, keep_running=keep_running, player=player)
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None
    what = f"the player {player}" if player is not None else f"the level-{level} bot"
    click.echo(f"{output}: {what}, {plural(count, 'module')}", err=True)


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """A time limit: a finite number of seconds above 0 and at most an hour."""
    import math

    if not math.isfinite(value) or not 0 < value <= 3600:
        raise click.BadParameter(f"seconds above 0 and at most 3600, not {value}")
    return value


def _modes(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    """One mode for the four programs, or four comma-separated, seat 0 first."""
    from mahjongkit.mcr.botzone.agents import MODES

    modes = [m.strip() for m in value.split(",")]
    if len(modes) == 1:
        modes *= 4
    if len(modes) != 4 or any(m not in MODES for m in modes):
        raise click.BadParameter(
            f"one of {', '.join(MODES)}, or four of them comma-separated, not {value!r}"
        )
    return tuple(modes)


@mcr.command(name="judge")
@click.argument("commands", nargs=4)
@click.option("--seed", default=None, help="Seed of the walls and wind (default: fresh).")
@click.option("--walltiles", default=None, help="Botzone's walltiles string (136 names).")
@click.option("--quan", type=click.IntRange(0, 3), default=None, help="Prevailing wind 0-3.")
@click.option(
    "--time-limit",
    type=float,
    default=4.0,
    show_default=True,
    callback=_seconds,
    help="Seconds for an answer from a program kept running (Botzone's, Python).",
)
@click.option(
    "--first-time-limit",
    type=float,
    default=6.0,
    show_default=True,
    callback=_seconds,
    help="Seconds for an answer from a program started for it (Botzone's, Python).",
)
@click.option(
    "--strict-time",
    is_flag=True,
    help="Also fail a program whose processes used more CPU time than the limit (Botzone "
    "runs a bot on one core).",
)
@click.option(
    "--memory",
    "memory_mb",
    type=click.IntRange(16, 1 << 20),
    default=2048,
    show_default=True,
    help="MiB of address space per program.",
)
@click.option(
    "--mode",
    default="simple",
    show_default=True,
    callback=_modes,
    help="How programs are spoken to: simple (kept running), json (one run per turn) or "
    "json-long (JSON, kept running when a program asks); one for all, or four "
    "comma-separated (seat 0 first).",
)
@click.option("--log", "log_path", type=click.Path(dir_okay=False), help="Write the log here.")
def judge_command(
    commands: tuple[str, str, str, str],
    seed: str | None,
    walltiles: str | None,
    quan: int | None,
    time_limit: float,
    first_time_limit: float,
    strict_time: bool,
    memory_mb: int,
    mode: tuple[str, str, str, str],
    log_path: str | None,
) -> None:
    """Judge one Botzone hand between four programs (seat 0 first); print the result as
    JSON (with --log, the whole log goes to the file).

    Example: mahjongkit mcr judge "mahjongkit mcr botzone" "mahjongkit mcr botzone --level 1"
    "mahjongkit mcr botzone --level 1" "mahjongkit mcr botzone --level 1" --seed demo
    """
    import json
    import secrets
    import signal

    from mahjongkit._files import check_output_path, write_text_atomically
    from mahjongkit.mcr.botzone.agents import ProgramAgent, check_command
    from mahjongkit.mcr.botzone.judge import judge
    from mahjongkit.mcr.botzone.variant import BotzoneDeal

    try:
        if log_path is not None:
            check_output_path(log_path, "--log")
        for seat, command in enumerate(commands):
            check_command(command, f"seat {seat}")
        if walltiles is not None:
            deal = BotzoneDeal.from_walltiles(walltiles, quan if quan is not None else 0)
        else:
            deal = BotzoneDeal.from_seed(seed if seed is not None else secrets.token_hex(4), quan)
        agents = [
            ProgramAgent(c, mode=m, memory_mb=memory_mb)
            for c, m in zip(commands, mode, strict=True)
        ]
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None

    def stop(signum: int, frame: object) -> None:
        for agent in agents:
            agent.close()
        raise SystemExit(128 + signum)

    # the handlers live only while the judge runs: a caller running this command in-process
    # (a test, an embedding app) gets its own handlers back
    caught = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
    previous = {signum: signal.signal(signum, stop) for signum in caught}
    try:
        result = judge(
            agents,
            deal,
            time_limit=time_limit,
            first_time_limit=first_time_limit,
            strict_time=strict_time,
        )
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    data = result.to_json()
    if log_path is not None:
        try:
            write_text_atomically(log_path, json.dumps(data, indent=1))
        except OSError as error:
            raise click.ClickException(f"--log: {error}") from None
    click.echo(json.dumps(data["result"]))


@mcr.command(name="arena")
@click.option(
    "--players",
    required=True,
    help="Four comma-separated players: bot:N, module:Class (the current folder is searched "
    "first) or a Botzone program: cmd:COMMAND (simple mode), cmd-json:COMMAND or "
    "cmd-json-long:COMMAND.",
)
@click.option("--hands", default=400, show_default=True, help="Hands to play in all.")
@click.option(
    "--duplicate/--no-duplicate",
    default=True,
    show_default=True,
    help="Play every wall once from each seat (hands come in fours).",
)
@click.option(
    "--variant", type=click.Choice(VARIANT_NAMES), default=VARIANT_NAMES[0], show_default=True
)
@click.option("--seed", default="arena", show_default=True, help="Seed of the walls.")
@click.option("--workers", default=1, show_default=True, help="Worker processes.")
@click.option("--scheduler", default=None, help="A Dask scheduler, e.g. tcp://HOST:8786.")
@click.option("--chunk", default=8, show_default=True, help="Deals per task.")
@click.option(
    "--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True
)
@click.option("--output", type=click.Path(dir_okay=False), help="Write the results here.")
@click.option("--progress/--no-progress", default=True, help="A progress bar on a terminal.")
def arena_command(
    players: str,
    hands: int,
    duplicate: bool,
    variant: str,
    seed: str,
    workers: int,
    scheduler: str | None,
    chunk: int,
    fmt: str,
    output: str | None,
    progress: bool,
) -> None:
    """Measure four players against each other over many hands (Ctrl-C: the results of
    the hands played so far, status 130).

    Example: mahjongkit mcr arena --players bot:2,bot:1,bot:1,bot:1 --hands 400 --workers 2
    """
    import json

    from mahjongkit._boundary import current_folder_on_path
    from mahjongkit.cli.progress import progress_bar
    from mahjongkit.mcr.arena import arena

    current_folder_on_path()
    output = _output.checked(output)
    specs = [s.strip() for s in players.split(",")]
    with progress_bar(hands, "hands", None if progress else False) as report:
        try:
            result = arena(
                specs,
                hands=hands,
                duplicate=duplicate,
                variant=variant,
                seed=seed,
                workers=workers,
                scheduler=scheduler,
                chunk=chunk,
                progress=report,
            )
        except (ValueError, OSError, ImportError) as error:
            raise click.ClickException(str(error)) from None
    text = result.to_csv() if fmt == "csv" else json.dumps(result.to_json(), indent=1) + "\n"
    if output is not None:
        _output.write(output, text, "the results")
    else:
        click.echo(text, nl=False)
    if result.interrupted:
        click.echo(f"interrupted: the results of the first {result.hands} hands", err=True)
        raise SystemExit(130)
