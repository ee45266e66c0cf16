"""The arena: players measured against each other over many hands, duplicate if asked.

A player is named by a spec (parsed by :mod:`mahjongkit.mcr.players.spec`): ``bot:N`` (the
built-in bot at level N), ``module:Class`` (a Python object with ``choose(view) -> Move``, made
with no arguments) or ``cmd:COMMAND`` (a program speaking the Botzone protocol in the
simple mode; ``cmd-json:`` and ``cmd-json-long:`` in the JSON modes; Botzone variant
only). Four specs fill the four seats; the same spec may appear several times (each entry
is its own player).

Each *deal* is one wall: in the ``mcr`` variant a hand of the 16-hand game (seed
``SEED:i``, hand ``1 + i % 16``: every dealer and prevailing wind in turn) played alone; in
the ``botzone`` variant a Botzone hand (:mod:`mahjongkit.mcr.botzone.variant`). With
``duplicate`` every deal is played four times, the players moved one seat on each time,
so every player meets every wall from every seat and the luck of the wall cancels; without
it each deal is played once, the seating rotated by the deal's number. An illegal move (or,
for a program, a late, crashed or garbled answer) costs the player 30 and gives each other
seat 10, and ends the hand.

Results per player: the mean points per hand with a 95 % confidence interval (normal
approximation; in duplicate the unit is a deal's four hands together, which are not
independent of each other), the win rate, the deal-in rate (its discard or robbed kong won
the hand), the self-draw rate, the places (ties share the better place), the penalties.
The hands are cut into chunks of deals that run in worker processes or on a Dask cluster;
every random choice is seeded by the deal and the player, so the results are the same for
any number of workers and on Dask.

>>> result = arena(["bot:2", "bot:1", "bot:1", "bot:1"], hands=8, duplicate=True, seed="doc")
>>> result.hands, len(result.players), sum(p.points for p in result.players)
(8, 4, 0)
"""

from __future__ import annotations

import collections
import contextlib
import math
import os
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from mahjongkit._dask import scheduler_client
from mahjongkit.mcr.game.moves import Move
from mahjongkit.mcr.game.result import HANDS, places
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import ONE_HAND
from mahjongkit.mcr.players.bot import View, view_of
from mahjongkit.mcr.players.spec import check_spec, is_program, make_player, program_of

if TYPE_CHECKING:
    from distributed import Client

    from mahjongkit.mcr.botzone.adapter import Player

SEATS: Final = 4
VARIANTS: Final = ("mcr", "botzone")
Z95: Final = 1.959964
DEFAULT_CHUNK: Final = 8
DASK_WINDOW: Final = 256
"""Chunks submitted to a Dask cluster ahead of the one being read (enough to keep a large
cluster busy; the rest are made as these are read)."""
"""Deals per task: a few seconds of work, so workers stay busy and the order is cheap."""


# -- one hand --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult:
    """One hand, seen per player (index into the specs): the deal, the rotation, each
    player's seat and points; the winner, discarder and penalised player (or ``None``)."""

    deal: int
    rotation: int
    seats: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None
    self_drawn: bool
    discarder: int | None
    offender: int | None


def _penalised(offender_seat: int) -> tuple[int, int, int, int]:
    from mahjongkit.mcr.botzone.judge import penalty_scores

    return penalty_scores(offender_seat)


def _play_in_process(game: Rules, players: Sequence[Player]) -> tuple[Any, int | None]:
    """Play ``game`` to its end; (the hand's record or the deltas of a penalty, offender)."""
    while game.is_active:
        seat = game.waiting_on[0]
        view: View = view_of(game, seat)
        try:
            move: Move = players[seat].choose(view)
            refusal = game.apply(seat, move)
        except Exception:  # a player's crash is its own fault
            refusal = True  # type: ignore[assignment]
        if refusal is not None:
            return _penalised(seat), seat
        game.outcomes.clear()
    return game.history[0], None


def _seating(rotation: int) -> tuple[tuple[int, ...], list[int]]:
    """Player ``p``'s seat, and the player at each seat, for a rotation."""
    seats = tuple((p + rotation) % SEATS for p in range(SEATS))
    at_seat = [0] * SEATS
    for p, s in enumerate(seats):
        at_seat[s] = p
    return seats, at_seat


def deal_rules(variant: str, seed: str, deal: int) -> Rules:
    """The rules of deal ``deal`` of an arena run seeded ``seed``, before anyone moves."""
    deal_seed = f"{seed}:{deal}"
    if variant == "botzone":
        from mahjongkit.mcr.botzone.variant import BotzoneDeal, botzone_rules

        return botzone_rules(BotzoneDeal.from_seed(deal_seed))
    if variant == "mcr":
        return Rules(deal_seed, hand_no=1 + deal % HANDS, variant=ONE_HAND)
    raise ValueError(f"the variant is one of {VARIANTS}, not {variant!r}")


def replay_deal(specs: Sequence[str], variant: str, seed: str, deal: int, rotation: int) -> Rules:
    """Deal ``deal`` played again by in-process players, as :func:`play_deal` played it: the
    finished rules, whose move log and save show every move (for the replay viewer).

    >>> game = replay_deal(["bot:1"] * 4, "mcr", "doc", 3, 0)
    >>> game.is_active, game.history[0].hand_no, len(game.move_log) > 10
    (False, 4, True)
    """
    _, at_seat = _seating(rotation)
    deal_seed = f"{seed}:{deal}"
    game = deal_rules(variant, seed, deal)
    players = [make_player(specs[at_seat[s]], seed=f"{deal_seed}:{at_seat[s]}") for s in range(4)]
    _play_in_process(game, players)
    return game


def play_deal(
    specs: Sequence[str],
    variant: str,
    seed: str,
    deal: int,
    rotation: int,
    time_limit: float = 2.0,
) -> HandResult:
    """Play deal ``deal`` with player ``p`` at seat ``(p + rotation) % 4``."""
    seats, at_seat = _seating(rotation)
    deal_seed = f"{seed}:{deal}"
    offender_seat: int | None = None
    if variant == "botzone" and any(is_program(s) for s in specs):
        from mahjongkit.mcr.botzone.variant import BotzoneDeal

        walls = BotzoneDeal.from_seed(deal_seed)
        deltas, winner_seat, by_self, discarder_seat, offender_seat = _judged(
            specs, at_seat, walls, deal_seed, time_limit
        )
        return _as_players(
            deal,
            rotation,
            seats,
            at_seat,
            deltas,
            winner_seat,
            by_self,
            discarder_seat,
            offender_seat,
        )
    game = deal_rules(variant, seed, deal)
    players = [make_player(specs[at_seat[s]], seed=f"{deal_seed}:{at_seat[s]}") for s in range(4)]
    record, offender_seat = _play_in_process(game, players)
    if offender_seat is not None:
        return _as_players(deal, rotation, seats, at_seat, record, None, False, None, offender_seat)
    return _as_players(
        deal,
        rotation,
        seats,
        at_seat,
        record.deltas,
        record.winner,
        record.by is not None and record.by.value == "self",
        record.discarder,
        None,
    )


def _judged(
    specs: Sequence[str], at_seat: list[int], walls: Any, deal_seed: str, time_limit: float
) -> tuple[tuple[int, ...], int | None, bool, int | None, int | None]:
    from mahjongkit.mcr.botzone.agents import Agent, PlayerAgent, ProgramAgent
    from mahjongkit.mcr.botzone.judge import judge

    agents: list[Agent] = []
    for s in range(SEATS):
        spec = specs[at_seat[s]]
        if is_program(spec):
            mode, command = program_of(spec)
            agents.append(ProgramAgent(command, mode=mode, name=spec))
        else:
            agents.append(PlayerAgent(make_player(spec, seed=f"{deal_seed}:{at_seat[s]}"), spec))
    result = judge(agents, walls, time_limit=time_limit)
    return result.scores, result.winner, result.by == "self", result.discarder, result.offender


def _as_players(
    deal: int,
    rotation: int,
    seats: tuple[int, ...],
    at_seat: list[int],
    deltas: Sequence[int],
    winner: int | None,
    self_drawn: bool,
    discarder: int | None,
    offender: int | None,
) -> HandResult:
    def who(seat: int | None) -> int | None:
        return None if seat is None else at_seat[seat]

    return HandResult(
        deal=deal,
        rotation=rotation,
        seats=seats,
        points=tuple(deltas[s] for s in seats),
        winner=who(winner),
        self_drawn=self_drawn,
        discarder=who(discarder),
        offender=who(offender),
    )


def play_chunk(
    specs: Sequence[str],
    variant: str,
    seed: str,
    deals: Sequence[int],
    duplicate: bool,
    time_limit: float = 2.0,
) -> tuple[list[HandResult], float]:
    """Every hand of some deals (all four rotations in duplicate), and the CPU seconds."""
    start = time.process_time()
    out = []
    for deal in deals:
        rotations = range(SEATS) if duplicate else (deal % SEATS,)
        for rotation in rotations:
            out.append(play_deal(specs, variant, seed, deal, rotation, time_limit))
    return out, time.process_time() - start


# -- results -----------------------------------------------------------------------------------


@dataclass
class PlayerStats:
    """One player's results (see the module's description)."""

    spec: str
    hands: int = 0
    points: int = 0
    mean: float = 0.0
    ci95: float = 0.0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    penalties: int = 0
    places: list[int] = field(default_factory=lambda: [0] * SEATS)

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["win_rate"] = round(self.win_rate, 6)
        data["deal_in_rate"] = round(self.deal_in_rate, 6)
        data["mean"] = round(self.mean, 6)
        data["ci95"] = round(self.ci95, 6)
        return data


@dataclass
class ArenaResult:
    """The arena's answer: the configuration, per-player stats and the hands themselves.
    ``cpu_seconds`` (summed over workers) is not part of the results' identity."""

    specs: list[str]
    variant: str
    seed: str
    duplicate: bool
    hands: int
    players: list[PlayerStats]
    records: list[HandResult]
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    interrupted: bool = False
    """Ctrl-C stopped the run: the results are those of the hands played before it."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "specs": self.specs,
            "variant": self.variant,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "hands": self.hands,
            "players": [p.to_json() for p in self.players],
            "cpu_seconds": round(self.cpu_seconds, 3),
            "wall_seconds": round(self.wall_seconds, 3),
            "hands_per_cpu_second": round(self.hands / self.cpu_seconds, 3)
            if self.cpu_seconds
            else None,
        }
        if self.interrupted:  # only then: an uninterrupted run's JSON is as it always was
            data["interrupted"] = True
        return data

    def to_csv(self) -> str:
        head = "player,spec,hands,points,mean,ci95,win_rate,deal_in_rate,self_drawn,penalties"
        head += ",first,second,third,fourth"
        rows = [head]
        for index, p in enumerate(self.players):
            rows.append(
                f"{index},{p.spec},{p.hands},{p.points},{p.mean:.4f},{p.ci95:.4f},"
                f"{p.win_rate:.4f},{p.deal_in_rate:.4f},{p.self_drawn},{p.penalties},"
                + ",".join(str(c) for c in p.places)
            )
        return "\n".join(rows) + "\n"


def summarise(
    specs: Sequence[str], records: Sequence[HandResult], duplicate: bool
) -> list[PlayerStats]:
    """Per-player statistics of some hands."""
    stats = [PlayerStats(spec) for spec in specs]
    per_unit: list[dict[int, list[int]]] = [{} for _ in specs]
    for r in records:
        ranks = places(r.points)
        for p, s in enumerate(stats):
            s.hands += 1
            s.points += r.points[p]
            s.places[ranks[p] - 1] += 1
            unit = r.deal if duplicate else len(per_unit[p])
            per_unit[p].setdefault(unit, []).append(r.points[p])
        if r.winner is not None:
            stats[r.winner].wins += 1
            stats[r.winner].self_drawn += int(r.self_drawn)
        if r.discarder is not None:
            stats[r.discarder].deal_ins += 1
        if r.offender is not None:
            stats[r.offender].penalties += 1
    for p, s in enumerate(stats):
        values = [sum(v) / len(v) for v in per_unit[p].values()]
        n = len(values)
        if n:
            s.mean = sum(values) / n
        if n > 1:
            var = sum((x - s.mean) ** 2 for x in values) / (n - 1)
            s.ci95 = Z95 * math.sqrt(var / n)
    return stats


# -- running -----------------------------------------------------------------------------------


class _Pending(Protocol):
    """A chunk submitted to a pool or a cluster (a ``concurrent.futures`` or Dask future)."""

    def result(self) -> tuple[list[HandResult], float]: ...

    def cancel(self) -> object: ...


def _chunks(deals: int, chunk: int) -> Iterator[range]:
    """The deals in chunks, made as they are needed: ``--hands 10**12`` must not build a
    list of every chunk before the first hand is played."""
    for start in range(0, deals, chunk):
        yield range(start, min(deals, start + chunk))


def _in_order(
    submit: Callable[[range], _Pending],
    pieces: Iterator[range],
    window: int,
) -> Iterator[tuple[list[HandResult], float]]:
    """The results of ``submit(piece)`` for every piece, in order, with at most ``window``
    pieces submitted and not yet read (so the pieces waiting, and their results, stay
    bounded however many hands are asked for)."""
    waiting: collections.deque[_Pending] = collections.deque()
    try:
        for piece in pieces:
            waiting.append(submit(piece))
            if len(waiting) >= window:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        for future in waiting:
            future.cancel()


def _deals_for(hands: int, duplicate: bool) -> int:
    if hands < 1:
        raise ValueError(f"hands must be positive, not {hands}")
    if duplicate and hands % SEATS:
        raise ValueError(f"in duplicate the hands come in fours (one per seat), not {hands}")
    return hands // SEATS if duplicate else hands


def arena(
    specs: Sequence[str],
    *,
    hands: int,
    duplicate: bool = True,
    variant: str = "mcr",
    seed: str = "arena",
    workers: int = 1,
    scheduler: str | None = None,
    client: Client | None = None,
    chunk: int = DEFAULT_CHUNK,
    time_limit: float = 2.0,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play ``hands`` hands between the four ``specs`` and gather the results.

    ``workers`` > 1 runs chunks of deals in that many processes; ``scheduler`` (an address
    such as ``tcp://HOST:8786``) or ``client`` runs them on a Dask cluster instead.
    ``progress`` is called with the number of hands done so far. Ctrl-C
    (``KeyboardInterrupt``) ends the run early: the result holds the chunks of deals played
    to the end before it, with ``interrupted`` set.
    """
    specs = [check_spec(s) for s in specs]
    if len(specs) != SEATS:
        raise ValueError(f"four players, one per seat, not {len(specs)}")
    if variant not in VARIANTS:
        raise ValueError(f"the variant is one of {VARIANTS}, not {variant!r}")
    if variant == "mcr" and any(is_program(s) for s in specs):
        raise ValueError("protocol programs (cmd:) play the botzone variant only")
    if workers < 1 or chunk < 1:
        raise ValueError("workers and chunk are positive")
    for spec in specs:
        if not is_program(spec):
            make_player(spec)  # fail early on a bad spec, in this process
    deals = _deals_for(hands, duplicate)
    pieces = _chunks(deals, chunk)
    args = (specs, variant, seed)
    started = time.perf_counter()
    records: list[HandResult] = []
    cpu = 0.0
    interrupted = False
    runs = _run(pieces, args, duplicate, time_limit, workers, scheduler, client)
    try:
        for part, seconds in runs:
            records.extend(part)
            cpu += seconds
            if progress is not None:
                progress(len(records))
    except KeyboardInterrupt:  # Ctrl-C: the chunks finished so far are the result
        interrupted = True
        runs.close()  # the workers and the cluster's tasks are let go
    return ArenaResult(
        specs=list(specs),
        variant=variant,
        seed=seed,
        duplicate=duplicate,
        hands=len(records),
        players=summarise(specs, records, duplicate),
        records=records,
        cpu_seconds=cpu,
        wall_seconds=time.perf_counter() - started,
        interrupted=interrupted,
    )


@contextlib.contextmanager
def _dask_client(client: Client | None, scheduler: str | None) -> Iterator[Client]:
    """``client`` itself, else a client of the scheduler at ``scheduler`` (closed on exit)."""
    if client is not None:
        yield client
        return
    assert scheduler is not None
    with scheduler_client(scheduler) as remote:
        yield remote


def _run(
    pieces: Iterator[range],
    args: tuple[list[str], str, str],
    duplicate: bool,
    time_limit: float,
    workers: int,
    scheduler: str | None,
    client: Client | None,
) -> Generator[tuple[list[HandResult], float], None, None]:
    specs, variant, seed = args
    if scheduler is not None or client is not None:
        with _dask_client(client, scheduler) as active:

            def on_dask(piece: range) -> _Pending:
                return active.submit(
                    play_chunk, specs, variant, seed, piece, duplicate, time_limit, pure=False
                )

            # in deal order, whatever order they finish in; enough in flight for every worker
            yield from _in_order(on_dask, pieces, DASK_WINDOW)
        return
    if workers == 1:
        for piece in pieces:
            yield play_chunk(specs, variant, seed, piece, duplicate, time_limit)
        return
    processes = min(workers, os.cpu_count() or workers)
    with ProcessPoolExecutor(max_workers=processes) as pool:

        def on_process(piece: range) -> _Pending:
            return pool.submit(play_chunk, specs, variant, seed, piece, duplicate, time_limit)

        yield from _in_order(on_process, pieces, 2 * processes)
