"""Replay a game record through the rules and compare its result with ours.

A record lists every tile each seat drew, so the replay needs no wall: each seat's wall in
the Botzone variant (four walls of 34, each seat drawing from its own; see
:mod:`mahjongkit.mcr.botzone.variant`) is its deal followed by its draws in the order the
record lists them, filled up to 34 with the tiles nobody saw (those are never drawn in a
complete record; a hand that ran dry draws them all). The rules then play the record's moves
one by one: a step they refuse is reported with its line and the refusal, and the replay
stops there (the state after a refused move would be a guess). At the end the recorded fan
total, fan list and scores are compared with the rules' own settlement under the ``gb``
ruleset, the values Botzone's judge scores with.

The fan names of the record are Chinese; :data:`FAN_OF_NAME` maps each onto our fan table
(the ``chinese`` column of :data:`~mahjongkit.mcr.scoring.fans.FANS`, plus the few other
spellings in use; ``docs/records.md`` lists them all).

>>> from mahjongkit.mcr.records.format import read_records
>>> lines = '''Match m1
... Wind 0
... Player 0 Deal W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 F1
... Player 1 Deal B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4
... Player 2 Deal B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4
... Player 3 Deal B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4
... Player 0 Draw W9
... Player 0 Play F1
... Player 1 Draw F1
... Player 1 Play F1
... Player 2 Draw T5
... Player 2 Play T5
... Player 3 Draw T6
... Player 3 Play T6
... Player 0 Draw W5
... Player 0 Hu W5
... Fan 88 九莲宝灯*1
... Score 288 -96 -96 -96
... '''.splitlines()
>>> [record] = read_records(lines)
>>> report = check_record(record)
>>> report.legal, report.fan, report.recorded_fan, report.score
(True, 92, 88, (300, -100, -100, -100))
>>> for problem in report.problems: print(problem)
line 17: fan total 88 recorded, 92 by the rules
line 17: fans recorded 九莲宝灯*1, by the rules 九莲宝灯*1+双暗刻*1+幺九刻*1+自摸*1
line 18: scores [288, -96, -96, -96] recorded, [300, -100, -100, -100] by the rules
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from mahjongkit._impl import pick
from mahjongkit.mcr.botzone.tiles import NAMES
from mahjongkit.mcr.botzone.variant import GB
from mahjongkit.mcr.game.legality import chow_by_middle
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, chow, discard, kong
from mahjongkit.mcr.game.result import settle
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.wall import SeatWalls
from mahjongkit.mcr.records import _cpp
from mahjongkit.mcr.records.format import Action, BadRecord, Ignored, Record, Step
from mahjongkit.mcr.scoring.context import WinBy
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS

SEATS: Final = 4
WALL: Final = 34
KINDS: Final = 34
COPIES: Final = 4
"""Copies of each of the variant's 34 kinds (it has no flowers)."""

ALIASES: Final = {
    # Other spellings of our fans' Chinese names found in calculators and logs.
    "七对子": 19,
    "十三不靠": 34,
    "平胡": 63,
    "碰碰胡": 49,
    "胡绝张": 58,
    "无番胡": 43,
    "么九刻": 73,
    "全带么": 55,
    "清么九": 8,
    "混么九": 18,
    "抢杠胡": 47,
}
FAN_OF_NAME: Final[dict[str, int]] = {
    **{fan.chinese: number for number, fan in FANS.items()},
    CONCEALED_KONG_AND_MELDED_KONG.chinese: CONCEALED_KONG_AND_MELDED_KONG.number,
    **ALIASES,
}
"""The fan number of each Chinese fan name a record may carry."""

QUAN_OF_WIND: Final = (0, 1, 2, 3)
"""The prevailing wind (0 East, 1 South, 2 West, 3 North) of each ``Wind`` value. Real
records settle only with Botzone's own numbering (docs/records.md says how we checked), not
the East-North-West-South order the data's README gives."""

Observe = Callable[[Rules, int, Move], None]
"""Called at each decision with the game (before the move), the seat and its move."""


@dataclass(frozen=True)
class Report:
    """What checking one record found. ``fan`` and ``score`` are the rules' (``None`` when
    the replay stopped or the hand was drawn); ``fans`` our fans as ``(number, times)``;
    ``win`` how the hand ended by the record (``"self"``, ``"discard"``, ``"rob"`` or
    ``None`` for a drawn hand or an unreadable record)."""

    match: str
    line: int
    legal: bool
    fan: int | None
    recorded_fan: int | None
    score: tuple[int, int, int, int] | None
    recorded_score: tuple[int, int, int, int] | None
    fans: tuple[tuple[int, int], ...]
    recorded_fans: tuple[tuple[str, int], ...]
    problems: tuple[str, ...]
    win: str | None = None
    winner: int | None = None
    readable: bool = True

    @property
    def scored(self) -> bool:
        """The steps are legal and the recorded fans and scores are the rules' own."""
        return self.legal and not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "match": self.match,
            "line": self.line,
            "legal": self.legal,
            "fan": self.fan,
            "recorded_fan": self.recorded_fan,
            "score": None if self.score is None else list(self.score),
            "recorded_score": None if self.recorded_score is None else list(self.recorded_score),
            "fans": [
                [FANS.get(n, CONCEALED_KONG_AND_MELDED_KONG).chinese, t] for n, t in self.fans
            ],
            "recorded_fans": [[name, count] for name, count in self.recorded_fans],
            "win": self.win,
            "winner": self.winner,
            "problems": list(self.problems),
        }


_ON_TURN: Final = Phase.DISCARD  # no window open: a seat is on turn (or the hand is over)


def _offered(game: Rules) -> int:
    window = game.window
    assert window is not None
    return window.tile


class _Stop(Exception):
    """The replay cannot go on: the message names the line and what is wrong."""


def _say(step: Step) -> str:
    return f"line {step.line}: {step}"


def walls_of(record: Record) -> tuple[list[list[int]], list[str]]:
    """Each seat's wall (deal, then its draws in order, filled to 34 with the tiles nobody
    saw), front first; and the problems that make the record impossible (a fifth copy of a
    tile, more draws than a wall holds), each naming its line."""
    walls = [list(deal) for deal in record.deals]
    seen = [0] * (KINDS + 1)
    problems = []
    for seat, deal in enumerate(record.deals):
        for kind in deal:
            seen[kind] += 1
            if seen[kind] == COPIES + 1:
                problems.append(
                    f"line {record.line + 2 + seat}: a fifth {NAMES[kind]} (the set holds four)"
                )
    for step in record.steps:
        if step.action is not Action.DRAW:
            continue
        walls[step.seat].append(step.tile)
        seen[step.tile] += 1
        if seen[step.tile] == COPIES + 1:
            problems.append(f"line {step.line}: a fifth {NAMES[step.tile]} (the set holds four)")
        if len(walls[step.seat]) == WALL + 1:
            problems.append(f"line {step.line}: seat {step.seat} draws more than its wall holds")
    if problems:
        return walls, problems
    unseen = [k for k in range(1, KINDS + 1) for _ in range(COPIES - seen[k])]
    for wall in walls:
        need = WALL - len(wall)
        wall.extend(unseen[:need])
        del unseen[:need]
    return walls, []


def _claim(action: Action, tile: int, offered: int) -> Move:
    """The window answer an action names on the tile ``offered`` (``tile`` as written: for a
    chow the middle of the run)."""
    if action is Action.CHI:
        pair = chow_by_middle(offered, tile)
        if pair is None:
            raise ValueError(f"a chow around {NAMES[tile]} cannot use {NAMES[offered]}")
        return chow(*pair)
    if tile != offered:
        raise ValueError(f"the tile on offer is {NAMES[offered]}, not {NAMES[tile]}")
    return {Action.PENG: PUNG, Action.GANG: KONG, Action.HU: WIN}[action]


class _Replay:
    def __init__(self, record: Record, walls: list[list[int]], observe: Observe | None) -> None:
        self.record = record
        self.observe = observe
        self.problems: list[str] = []
        # The rules of botzone_rules, given the walls front first (the rules check the set).
        self.game = Rules(
            "record",
            hand_no=4 * QUAN_OF_WIND[record.wind] + 1,
            ruleset=GB,
            variant=BOTZONE,
            wall=SeatWalls(walls),
        )
        self.expect_draw = True  # the dealer's fourteenth tile

    def run(self) -> None:
        game = self.game
        for step in self.record.steps:
            if not game.is_active:
                raise _Stop(f"{_say(step)}: the hand is already over")
            action = step.action
            if action is Action.DRAW:
                self.draw(step)
            elif action in (Action.PLAY, Action.ANGANG, Action.BUGANG) or (
                action is Action.HU and game.phase is _ON_TURN
            ):
                self.on_turn(step)
            else:
                self.claim(step)
        result = self.record.result
        if result.drawn and game.is_active:
            if game.phase is not _ON_TURN:
                self.answer({}, None)
            if game.is_active:
                waiting = ", ".join(str(s) for s in game.waiting_on)
                raise _Stop(
                    f"line {result.line - 1}: the record says Huang (a drawn hand), but the"
                    f" hand goes on: seat {waiting} to move"
                )
        elif not result.drawn and game.is_active:
            raise _Stop(f"line {result.line - 1}: the record scores a win, but nobody won")

    def draw(self, step: Step) -> None:
        game = self.game
        if game.phase is not _ON_TURN:
            self.answer({}, None)
        if not self.expect_draw or game.turn != step.seat:
            on = "nobody" if game.turn is None else f"seat {game.turn}"
            raise _Stop(f"{_say(step)}: no draw for seat {step.seat} here ({on} is on turn)")
        if game.drawn != step.tile:  # only when the record's draws are out of order
            raise _Stop(f"{_say(step)}: seat {step.seat} draws {NAMES[game.drawn or 0]}")
        self.expect_draw = False

    def on_turn(self, step: Step) -> None:
        game = self.game
        if game.phase is not _ON_TURN:
            raise _Stop(
                f"{_say(step)}: a claim window on {NAMES[_offered(game)]} is open: a draw or a"
                " claim comes first"
            )
        if self.expect_draw:
            raise _Stop(f"{_say(step)}: the record does not show seat {game.turn}'s draw")
        action = step.action
        move = (
            discard(step.tile)
            if action is Action.PLAY
            else WIN
            if action is Action.HU
            else kong(step.tile)
        )
        if action is Action.HU and game.drawn != step.tile:
            raise _Stop(f"{_say(step)}: a self-drawn win on the tile drawn, not {NAMES[step.tile]}")
        if action is Action.ANGANG and game.hand_of(step.seat).counts[step.tile] != 4:
            raise _Stop(f"{_say(step)}: refused: a concealed kong needs four held")
        if action is Action.BUGANG and game.hand_of(step.seat).counts[step.tile] == 4:
            raise _Stop(f"{_say(step)}: refused: four held make a concealed kong, not a promotion")
        if self.observe is not None and game.turn == step.seat:
            self.observe(game, step.seat, move)
        refusal = game.apply(step.seat, move)
        if refusal is not None:
            raise _Stop(f"{_say(step)}: refused: {refusal.code.value}: {refusal.message}")
        self.settled()

    def claim(self, step: Step) -> None:
        game = self.game
        window = game.window
        if window is None:
            raise _Stop(f"{_say(step)}: there is no discard or kong to claim")
        try:
            move = _claim(step.action, step.tile, window.tile)
        except ValueError as error:
            raise _Stop(f"{_say(step)}: {error}") from None
        answers = {step.seat: move}
        for claim in step.ignored:
            try:
                answers[claim.seat] = _claim(claim.action, claim.tile, window.tile)
            except ValueError as error:
                self.problems.append(f"{_say(step)}: ignored claim {claim}: {error}")
        self.answer(answers, step)
        if step.action is Action.HU:
            if game.is_active or game.history[-1].winner != step.seat:
                raise _Stop(f"{_say(step)}: the win goes to another claim")
        elif game.turn != step.seat:
            raise _Stop(f"{_say(step)}: seat {game.turn} wins the window on priority")

    def answer(self, answers: dict[int, Move], step: Step | None) -> None:
        """Answer the open window: the record's claims (the winner's first), the other asked
        seats pass. Every asked seat's decision is observed before any answer."""
        game = self.game
        window = game.window
        assert window is not None
        asked = list(window.may)
        for seat, move in list(answers.items()):
            if seat in window.may and move in window.may[seat]:
                continue
            what = str(move) if step is None else _claim_text(step, seat)
            offered = " ".join(str(m) for m in window.may.get(seat, ())) or "nothing"
            message = (
                f"line {0 if step is None else step.line}: {what}: refused: seat {seat} may"
                f" not {move} on {NAMES[window.tile]} (offered: {offered})"
            )
            if step is not None and seat == step.seat:
                raise _Stop(message)
            self.problems.append(message)  # an ignored claim: the replay goes on
            del answers[seat]
        if self.observe is not None:
            for seat in asked:
                self.observe(game, seat, answers.get(seat, PASS))
        order = list(answers) + [s for s in asked if s not in answers]
        for seat in order:
            if game.phase is _ON_TURN or seat not in game.waiting_on:
                continue
            refusal = game.apply(seat, answers.get(seat, PASS))
            if refusal is not None:  # the offers were checked: only a bug gets here
                raise _Stop(f"seat {seat}'s answer is refused: {refusal.message}")
        self.settled()

    def settled(self) -> None:
        game = self.game
        self.expect_draw = game.is_active and game.phase is _ON_TURN and not game.claimed_this_turn


def _claim_text(step: Step, seat: int) -> str:
    """How the record wrote ``seat``'s claim on ``step``'s line."""
    if seat == step.seat:
        return str(step)
    return next(str(claim) for claim in step.ignored if claim.seat == seat)


def check_record(
    record: Record | BadRecord, observe: Observe | None = None, *, impl: str | None = None
) -> Report:
    """Replay ``record`` (see the module's description); ``observe`` is called at every
    decision of every seat, before the move, with the game, the seat and its move.

    With ``impl="cpp"`` (the default, see :mod:`mahjongkit._impl`) and no ``observe``, the
    record is first replayed in one call to the C++ twin (:mod:`._cpp`); a record it finds
    refused, or cannot decide, is replayed here through the rules, which word the problems.
    Both give the same report (the conformance tests compare them)."""
    if isinstance(record, BadRecord):
        return Report(
            record.match,
            record.line,
            False,
            None,
            None,
            None,
            None,
            (),
            (),
            (str(record),),
            readable=False,
        )
    if observe is None:
        report = pick(impl, _core_verdict, _no_verdict)(record)
        if report is not None:
            return report
    walls, problems = walls_of(record)
    finished = None  # the rules' game, when the replay reached the record's end
    if not problems:
        replay = _Replay(record, walls, observe)
        try:
            replay.run()
            finished = replay.game
        except _Stop as stop:
            problems.append(str(stop.args[0]))
        problems = replay.problems + problems
    legal = not problems
    fan = score = None
    fans: tuple[tuple[int, int], ...] = ()
    if finished is not None:  # an ignored claim refused on the way still plays to the end
        hand = finished.history[-1]
        score = hand.deltas
        if not hand.exhausted:
            fan = hand.points
            fans = tuple((line.number, line.times) for line in hand.fans)
        problems += _compare(record, fan, fans, score)
    return _report(record, legal, fan, score, fans, problems)


def _core_verdict(record: Record) -> Report | None:
    """The report of ``record`` when the C++ replay (:mod:`._cpp`) plays it to its end with
    every step legal; ``None`` when it finds a step refused or cannot decide (the rules then
    replay it and word the problems)."""
    outcome = _cpp.replay_record(record, QUAN_OF_WIND[record.wind])
    return _finished_report(record, outcome) if outcome[0] == _cpp.FINISHED else None


def _no_verdict(record: Record) -> None:
    """The Python twin's first look: none (every record is replayed through the rules)."""
    return None


_WIN_BY: Final = (WinBy.SELF_DRAWN, WinBy.DISCARD, WinBy.ROBBING)
_NO_SCORE: Final = (0, 0, 0, 0)


def _finished_report(record: Record, outcome: _cpp.Outcome) -> Report:
    """The report of a record the C++ replay played to its end with every step legal."""
    _, _, winner, by, discarder, points, won = outcome
    fans: tuple[tuple[int, int], ...] = ()
    fan: int | None = None
    score = _NO_SCORE
    if winner >= 0:
        assert won is not None
        way = _WIN_BY[by]
        fan, fans = points, won
        score = settle(winner, points, way, None if way is WinBy.SELF_DRAWN else discarder)
    return _report(record, True, fan, score, fans, _compare(record, fan, fans, score))


def _report(
    record: Record,
    legal: bool,
    fan: int | None,
    score: tuple[int, int, int, int] | None,
    fans: tuple[tuple[int, int], ...],
    problems: list[str],
) -> Report:
    result = record.result
    winner = None if result.drawn or not record.steps else record.steps[-1].seat
    return Report(
        record.match,
        record.line,
        legal,
        fan,
        result.fan,
        score,
        result.score,
        fans,
        result.fans,
        tuple(problems),
        _win_kind(record),
        winner,
    )


def _win_kind(record: Record) -> str | None:
    if record.result.drawn or len(record.steps) < 2:
        return None
    before = record.steps[-2].action
    if before is Action.DRAW:
        return "self"
    return "rob" if before is Action.BUGANG else "discard"


def _compare(
    record: Record,
    fan: int | None,
    fans: tuple[tuple[int, int], ...],
    score: tuple[int, int, int, int],
) -> list[str]:
    result = record.result
    where = f"line {result.line - 1}"
    problems = []
    if result.fan != fan:
        problems.append(f"{where}: fan total {result.fan} recorded, {fan} by the rules")
    if not result.drawn:
        unknown = [name for name, _ in result.fans if name not in FAN_OF_NAME]
        if unknown and all(set(name) == {"?"} for name in unknown):
            # A copy whose Chinese was turned into '?' (it lost its encoding): compare what
            # is left, the fans in number order with their counts and name lengths.
            table = {**FANS, CONCEALED_KONG_AND_MELDED_KONG.number: CONCEALED_KONG_AND_MELDED_KONG}
            ours_shape = [(len(table[n].chinese), t) for n, t in fans]
            if ours_shape != [(len(name), count) for name, count in result.fans]:
                problems.append(
                    f"{where}: fans recorded {'+'.join(f'{n}*{c}' for n, c in result.fans)}"
                    f" (names lost), by the rules {_fan_text(dict(fans))}"
                )
        elif unknown:
            problems.append(
                f"{where}: fan names not in our table: {', '.join(unknown)} (list not compared)"
            )
        else:
            recorded: dict[int, int] = {}
            for name, count in result.fans:
                number = FAN_OF_NAME[name]
                recorded[number] = recorded.get(number, 0) + count
            ours = dict(fans)
            if recorded != ours:
                problems.append(
                    f"{where}: fans recorded {_fan_text(recorded)}, by the rules {_fan_text(ours)}"
                )
    if result.score != score:
        problems.append(
            f"line {result.line}: scores {list(result.score)} recorded, {list(score)} by the rules"
        )
    return problems


def _fan_text(fans: dict[int, int]) -> str:
    table = {**FANS, CONCEALED_KONG_AND_MELDED_KONG.number: CONCEALED_KONG_AND_MELDED_KONG}
    return "+".join(f"{table[n].chinese}*{t}" for n, t in sorted(fans.items())) or "none"


def check_records(
    records: Iterable[Record | BadRecord], *, impl: str | None = None
) -> Iterator[Report]:
    """:func:`check_record` over many records, in order."""
    for record in records:
        yield check_record(record, impl=impl)


__all__ = [
    "ALIASES",
    "FAN_OF_NAME",
    "QUAN_OF_WIND",
    "Ignored",
    "Observe",
    "Report",
    "check_record",
    "check_records",
    "walls_of",
]
