"""A local Botzone judge: four protocol bots play one hand of the Botzone variant.

Every turn the judge sends each seat one request and reads four answers (all four are
written before any is read, so programs think in parallel, and read together, each within
its own limit: 6 s for a program started for the turn, 4 s for one kept running, Botzone's
limits for a Python bot). The hand is played by the rules in the Botzone variant
(:func:`~mahjongkit.mcr.botzone.variant.botzone_rules`); the judge only translates, and
checks the answers in the order Botzone's own judge does (``docs/botzone.md``, "Checking
the answers"): the first seat found whose answer is late (``TLE``), missing because its
program ended (``RE``), too long (``OLE``), not a response or not a legal one (``WA``), or
a win the rules refuse (``WH``, a false win) is penalised: it pays 30 and each other seat
receives 10, and the hand ends there. An answer that never takes effect (one checked after
a win or a claim was found) is not looked at. Otherwise a won hand
is settled as the rules settle it (the winner receives 8 plus the hand's points from the
discarder, 8 from the others; on a self-draw 8 plus the points from each) and an exhausted
hand scores nothing.

The log (:meth:`JudgeResult.to_json`) holds the deal and every turn's requests, answers and
verdicts; :func:`replay` plays it again from the recorded answers and must reach the same
result.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mahjongkit.mcr.botzone.agents import OK, Agent, Reply, receive_all
from mahjongkit.mcr.botzone.protocol import Response, ResponseKind
from mahjongkit.mcr.botzone.tiles import to_botzone
from mahjongkit.mcr.botzone.variant import DEALT, BotzoneDeal, botzone_rules
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, chow, discard, kong
from mahjongkit.mcr.hand.meld import MeldKind

LOG_FORMAT: Final = "mahjongkit.botzone.log"
SEATS: Final = 4
PENALTY: Final = 30
"""What a penalised seat pays; each other seat receives a third of it."""
WA: Final = "WA"  # not a response, or not a legal one
WH: Final = "WH"  # a win the rules refuse


def penalty_scores(offender: int) -> tuple[int, int, int, int]:
    """The scores of a hand ended by ``offender``'s fault.

    >>> penalty_scores(2)
    (10, 10, -30, 10)
    """
    s = [PENALTY // 3] * SEATS
    s[offender] = -PENALTY
    return (s[0], s[1], s[2], s[3])


@dataclass
class JudgeResult:
    """The end of a judged hand: ``scores``; ``outcome`` (``win``, ``exhausted`` or
    ``penalty``); the ``winner`` or the penalised ``offender`` with its ``verdict`` and a
    ``message``; the rules' record of the hand (``points``, ``fans``); the whole ``turns``
    log; and each seat's longest answer time."""

    deal: BotzoneDeal
    names: list[str]
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    outcome: str = "exhausted"
    winner: int | None = None
    by: str | None = None
    discarder: int | None = None
    points: int = 0
    fans: list[str] = field(default_factory=list)
    offender: int | None = None
    verdict: str | None = None
    message: str = ""
    turns: list[dict[str, Any]] = field(default_factory=list)
    slowest: list[float] = field(default_factory=lambda: [0.0] * SEATS)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "version": 1,
            "deal": self.deal.to_json(),
            "players": self.names,
            "result": {
                "scores": list(self.scores),
                "outcome": self.outcome,
                "winner": self.winner,
                "by": self.by,
                "discarder": self.discarder,
                "points": self.points,
                "fans": self.fans,
                "offender": self.offender,
                "verdict": self.verdict,
                "message": self.message,
                "slowest": [round(s, 4) for s in self.slowest],
            },
            "turns": self.turns,
        }


class _Penalty(Exception):
    def __init__(self, seat: int, verdict: str, message: str) -> None:
        super().__init__(message)
        self.seat, self.verdict, self.message = seat, verdict, message


FIRST_TIME_LIMIT: Final = 6.0
"""Seconds for an answer from a program started for it: Botzone's limit for a Python bot's
run (``docs/botzone.md`` cites it)."""
TIME_LIMIT: Final = 4.0
"""Seconds for an answer from a program kept running from an earlier turn: Botzone's limit
for a Python bot's later turns."""


class Judge:
    """Plays one hand between four agents (see the module's description)."""

    def __init__(
        self,
        agents: Sequence[Agent],
        deal: BotzoneDeal,
        *,
        time_limit: float = TIME_LIMIT,
        first_time_limit: float = FIRST_TIME_LIMIT,
        strict_time: bool = False,
    ) -> None:
        if len(agents) != SEATS:
            raise ValueError(f"four agents, not {len(agents)}")
        self.agents = list(agents)
        self.deal = deal
        self.time_limit = time_limit
        self.first_time_limit = first_time_limit
        self.strict_time = strict_time
        self.rules = botzone_rules(deal)
        self.result = JudgeResult(deal, [a.name for a in agents])
        for agent in self.agents:
            if hasattr(agent, "measure_cpu"):
                agent.measure_cpu = strict_time

    # -- one turn ----------------------------------------------------------------------------

    def _turn(self, requests: Sequence[str]) -> list[Reply]:
        """Send the four requests and read the four answers (together, each within its own
        limit); nothing is checked yet."""
        for agent, request in zip(self.agents, requests, strict=True):
            agent.send(request)
        first = len(self.result.turns) == 0
        limits = [
            self.first_time_limit if getattr(agent, "fresh", first) else self.time_limit
            for agent in self.agents
        ]
        replies = receive_all(self.agents, limits, cpu=self.strict_time)
        self.result.turns.append(
            {
                "requests": list(requests),
                "responses": [r.text for r in replies],
                "verdicts": [r.verdict for r in replies],
            }
        )
        for seat, reply in enumerate(replies):
            self.result.slowest[seat] = max(self.result.slowest[seat], reply.seconds)
        return replies

    @staticmethod
    def _answered(seat: int, reply: Reply) -> str:
        """The answer's text; the seat's penalty when it is late, crashed or too long."""
        if reply.verdict != OK or reply.text is None:
            raise _Penalty(seat, reply.verdict, f"seat {seat}: {reply.verdict}")
        return reply.text  # as the program gave it: Botzone's judge strips nothing

    def _passed(self, seat: int, reply: Reply) -> None:
        text = self._answered(seat, reply)
        if text != "PASS":
            raise _Penalty(seat, WA, f"seat {seat} must answer PASS, not {text!r}")

    @staticmethod
    def _parse(seat: int, text: str) -> Response:
        """The response ``text`` spells, read as Botzone's judge reads it: words separated by
        one space each, nothing before or after (``docs/botzone.md``, "Checking the
        answers"); anything else is the seat's ``WA``."""
        if text.split(" ") != text.split():
            raise _Penalty(
                seat, WA, f"seat {seat}: {text!r} is not words separated by single spaces"
            )
        try:
            return Response.parse(text)
        except ValueError as error:
            raise _Penalty(seat, WA, f"seat {seat}: {error}") from None

    def _apply(self, seat: int, move: Move, what: str) -> None:
        refusal = self.rules.apply(seat, move)
        if refusal is not None:
            verdict = WH if move.kind is MoveKind.WIN else WA
            raise _Penalty(seat, verdict, f"seat {seat}: {what} refused: {refusal}")

    def _claim(self, seat: int, move: Move, what: str) -> None:
        """``seat``'s claim takes effect, every other seat asked passes; a claim the window
        did not offer is the claimer's fault (``WH`` for a win)."""
        g = self.rules
        window = g.window
        if window is None or move not in window.may.get(seat, ()):
            verdict = WH if move == WIN else WA
            raise _Penalty(seat, verdict, f"seat {seat}: {what} is not open to it")
        while g.window is not None and g.waiting_on:
            asked = g.waiting_on[0]
            self._apply(asked, move if asked == seat else PASS, what)

    def _close_window(self) -> None:
        """Nobody claimed: every seat still asked passes."""
        g = self.rules
        while g.window is not None and g.waiting_on:
            self._apply(g.waiting_on[0], PASS, "PASS")

    # -- the hand ----------------------------------------------------------------------------

    def play(self) -> JudgeResult:
        """Play the hand to its end; the agents are closed afterwards whatever happens."""
        try:
            for agent in self.agents:
                agent.start()
            self._play()
        except _Penalty as p:
            r = self.result
            r.outcome, r.offender, r.verdict, r.message = "penalty", p.seat, p.verdict, p.message
            r.scores = penalty_scores(p.seat)
        finally:
            for agent in self.agents:
                agent.close()
        return self.result

    def _play(self) -> None:
        g = self.rules
        quan = self.deal.quan
        # Botzone's judge reads the answers of the first two turns in seat order 0 to 3
        replies = self._turn([f"0 {s} {quan}" for s in range(SEATS)])
        for seat in range(SEATS):
            self._passed(seat, replies[seat])
        dealt = []
        for s in range(SEATS):
            tiles = list(self.deal.walls[s][-DEALT:])[::-1]
            dealt.append("1 0 0 0 0 " + " ".join(to_botzone(t) for t in tiles))
        replies = self._turn(dealt)
        for seat in range(SEATS):
            self._passed(seat, replies[seat])
        announce: tuple[int, str] | None = None  # (seat, what it did) to tell everybody
        while announce is not None or g.is_active:
            # an announcement is made even when the hand has just ended: the last discard of
            # an exhausted hand is told and answered before the draw is declared
            announce = self._announce(*announce) if announce is not None else self._draw_turn()
        record = g.history[0]
        r = self.result
        r.scores = record.deltas
        if record.winner is None:
            r.outcome = "exhausted"
            return
        r.outcome, r.winner, r.discarder, r.points = (
            "win",
            record.winner,
            record.discarder,
            record.points,
        )
        r.by = record.by.value if record.by is not None else None
        r.fans = [f"{f.name} {f.points}x{f.times}" for f in record.fans]

    def _draw_turn(self) -> tuple[int, str] | None:
        """The seat on turn has drawn: it plays, kongs or wins; the others pass. The answers
        are checked in seat order 0 to 3, the drawer's move where its seat comes; a win ends
        the checking."""
        g = self.rules
        actor, drawn = g.turn, g.drawn
        assert actor is not None and drawn is not None
        requests = [
            f"2 {to_botzone(drawn)}" if s == actor else f"3 {actor} DRAW" for s in range(SEATS)
        ]
        replies = self._turn(requests)
        announce: tuple[int, str] | None = None
        for seat in range(SEATS):
            if seat != actor:
                self._passed(seat, replies[seat])
                continue
            answer = self._parse(seat, self._answered(seat, replies[seat]))
            if answer.kind is ResponseKind.HU:
                self._apply(seat, WIN, "HU")
                return None
            announce = self._drawer_moves(seat, answer)
        return announce

    def _drawer_moves(self, seat: int, answer: Response) -> tuple[int, str]:
        g = self.rules
        k, tile = answer.kind, answer.tile
        if k is ResponseKind.PLAY and tile is not None:
            self._apply(seat, discard(tile), f"PLAY {to_botzone(tile)}")
            return seat, f"PLAY {to_botzone(tile)}"
        if k in (ResponseKind.GANG, ResponseKind.BUGANG) and tile is not None:
            hand = g.hand_of(seat)
            if k is ResponseKind.GANG and hand.counts[tile] != 4:
                raise _Penalty(seat, WA, f"seat {seat}: GANG {to_botzone(tile)} without four")
            if k is ResponseKind.BUGANG and not any(
                m.kind is MeldKind.PUNG and m.first == tile for m in hand.melds
            ):
                raise _Penalty(seat, WA, f"seat {seat}: BUGANG {to_botzone(tile)} with no pung")
            self._apply(seat, kong(tile), f"{k.value} {to_botzone(tile)}")
            return seat, "GANG" if k is ResponseKind.GANG else f"BUGANG {to_botzone(tile)}"
        raise _Penalty(seat, WA, f"seat {seat}: {answer} is no answer to a draw")

    def _announce(self, actor: int, what: str) -> tuple[int, str] | None:
        """Tell everybody what ``actor`` did and take the answers, checked in the order of
        Botzone's judge (``docs/botzone.md``, "Checking the answers")."""
        replies = self._turn([f"3 {actor} {what}"] * SEATS)
        if what == "GANG" or what.startswith("BUGANG"):
            self._after_kong(actor, what, replies)
            return None
        return self._after_discard(actor, replies)

    def _after_kong(self, actor: int, what: str, replies: list[Reply]) -> None:
        # the kong-maker first, then the seats after it; only a promoted kong can be robbed
        for step in range(SEATS):
            seat = (actor + step) % SEATS
            text = self._answered(seat, replies[seat])
            if text == "PASS":
                continue
            if text == "HU" and what != "GANG" and seat != actor:
                self._claim(seat, WIN, "HU")
                return
            raise _Penalty(seat, WA, f"seat {seat}: {text!r} is no answer to {what}")
        self._close_window()

    def _after_discard(self, actor: int, replies: list[Reply]) -> tuple[int, str] | None:
        g = self.rules
        # 1. the discarder passes
        self._passed(actor, replies[actor])
        # 2. a win, nearest seat after the discarder first: the first one ends the checking
        texts: dict[int, str] = {}
        for step in (1, 2, 3):
            seat = (actor + step) % SEATS
            texts[seat] = self._answered(seat, replies[seat])
            if texts[seat] == "HU":
                self._claim(seat, WIN, "HU")
                return None
        tile = g.window.tile if g.window is not None else None
        # 3. a pung or an exposed kong, seats 0 to 3; an answer of three words waits for 4.
        for seat in range(SEATS):
            if seat == actor or len(texts[seat].split(" ")) == 3:  # boost::split on " "
                continue
            answer = self._parse(seat, texts[seat])
            if answer.kind is ResponseKind.PASS:
                continue
            if answer.kind is ResponseKind.GANG and answer.tile is None:
                self._claim(seat, KONG, "GANG")
                return seat, "GANG"
            if answer.kind is ResponseKind.PENG and answer.tile is not None:
                self._claim(seat, PUNG, texts[seat])
                self._apply(seat, discard(answer.tile), f"the discard in {texts[seat]!r}")
                return seat, f"PENG {to_botzone(answer.tile)}"
            raise _Penalty(seat, WA, f"seat {seat}: {texts[seat]!r} is no answer to a discard")
        # 4. a chow, seats 0 to 3: only the seat after the discarder may
        for seat in range(SEATS):
            if seat == actor or len(texts[seat].split(" ")) != 3:
                continue
            answer = self._parse(seat, texts[seat])
            middle = answer.middle
            if answer.kind is not ResponseKind.CHI or middle is None or answer.tile is None:
                raise _Penalty(seat, WA, f"seat {seat}: {texts[seat]!r} is no chow")
            if tile is None or tile not in (middle - 1, middle, middle + 1):
                raise _Penalty(seat, WA, f"seat {seat}: the chow does not hold the discard")
            run = [middle - 1, middle, middle + 1]
            run.remove(tile)
            self._claim(seat, chow(run[0], run[1]), texts[seat])
            self._apply(seat, discard(answer.tile), f"the discard in {texts[seat]!r}")
            return seat, f"CHI {to_botzone(middle)} {to_botzone(answer.tile)}"
        self._close_window()  # nobody claimed: the next seat draws, or the hand is drawn
        return None


def judge(
    agents: Sequence[Agent],
    deal: BotzoneDeal,
    *,
    time_limit: float = TIME_LIMIT,
    first_time_limit: float = FIRST_TIME_LIMIT,
    strict_time: bool = False,
) -> JudgeResult:
    """Play one hand between four agents (see :class:`Judge`)."""
    return Judge(
        agents,
        deal,
        time_limit=time_limit,
        first_time_limit=first_time_limit,
        strict_time=strict_time,
    ).play()


class _Scripted:
    """An agent that gives the answers a log recorded (for :func:`replay`)."""

    def __init__(self, name: str, seat: int, turns: list[dict[str, Any]]) -> None:
        self.name, self._seat, self._turns, self._index = name, seat, turns, 0

    def start(self) -> None:
        self._index = 0

    def send(self, request: str) -> None:
        turn = self._turns[self._index]
        if turn["requests"][self._seat] != request:
            raise ValueError(
                f"the replay sends seat {self._seat} {request!r} at turn {self._index},"
                f" the log says {turn['requests'][self._seat]!r}"
            )

    def receive(self, timeout: float) -> Reply:
        turn = self._turns[self._index]
        self._index += 1
        return Reply(turn["verdicts"][self._seat], turn["responses"][self._seat], 0.0)

    def close(self) -> None:
        pass


def replay(log: dict[str, Any] | str) -> JudgeResult:
    """Play a judge's log again from its recorded answers; ``ValueError`` if the hand does
    not go as the log says (a request differs, or the result does)."""
    return replayed(log)[1]


_DECIDED: Final = (
    "scores",
    "outcome",
    "winner",
    "by",
    "discarder",
    "points",
    "fans",
    "offender",
    "verdict",
)
"""The fields of a log's result that its answers decide, each compared by :func:`replayed`."""


def replayed(log: dict[str, Any] | str) -> tuple[Judge, JudgeResult]:
    """:func:`replay`, with the judge that played the log again (its ``rules`` hold every
    move, for a viewer)."""
    data = json.loads(log) if isinstance(log, str) else log
    if data.get("format") != LOG_FORMAT:
        raise ValueError(f"not a judge log: the format is not {LOG_FORMAT!r}")
    deal = BotzoneDeal.from_json(data["deal"])
    names = list(data["players"])
    agents: list[Agent] = [_Scripted(names[s], s, data["turns"]) for s in range(SEATS)]  # type: ignore[misc]
    judge = Judge(agents, deal)
    result = judge.play()
    expected = data["result"]
    got = json.loads(json.dumps(result.to_json()["result"]))  # as JSON: lists, not tuples
    # Everything the hand decided (not the timing: slowest, message).
    for key in _DECIDED:
        if got[key] != expected[key]:
            shown = repr(expected[key])
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise ValueError(f"the replay gives {key} {got[key]!r}, the log {shown}")
    return judge, result
