"""A local Botzone judge: four protocol bots play one hand of the Botzone variant.

Every turn the judge sends each seat one request and reads four answers (all four are
written before any is read, so programs think in parallel); each answer must come within
the time limit. The hand is played by the rules in the Botzone variant
(:func:`~mahjongkit.mcr.botzone.variant.botzone_rules`); the judge only translates. All four
answers of a turn are checked before any is applied, in seat order from the seat after the
one that acted: the first seat whose answer is late
(``TLE``), missing because its program ended (``RE``), too long (``OLE``), not a response
or not a legal one (``WA``), or a win the rules refuse (``WH``, a false win) is penalised:
it pays 30 and each other seat receives 10, and the hand ends there. Otherwise a won hand
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

from mahjongkit.mcr.botzone.agents import OK, Agent, Reply
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


class Judge:
    """Plays one hand between four agents (see the module's description)."""

    def __init__(
        self,
        agents: Sequence[Agent],
        deal: BotzoneDeal,
        *,
        time_limit: float = 2.0,
        first_time_limit: float = 10.0,
    ) -> None:
        if len(agents) != SEATS:
            raise ValueError(f"four agents, not {len(agents)}")
        self.agents = list(agents)
        self.deal = deal
        self.time_limit = time_limit
        self.first_time_limit = first_time_limit
        self.rules = botzone_rules(deal)
        self.result = JudgeResult(deal, [a.name for a in agents])

    # -- one turn ----------------------------------------------------------------------------

    def _turn(self, requests: Sequence[str], first: int) -> list[str]:
        """Send the four requests, read the four answers; check their verdicts in seat order
        from ``first``. The answer texts, in seat order."""
        for agent, request in zip(self.agents, requests, strict=True):
            agent.send(request)
        limit = self.first_time_limit if len(self.result.turns) < 2 else self.time_limit
        replies: list[Reply] = []
        for agent in self.agents:
            replies.append(agent.receive(limit))
        self.result.turns.append(
            {
                "requests": list(requests),
                "responses": [r.text for r in replies],
                "verdicts": [r.verdict for r in replies],
            }
        )
        for seat, reply in enumerate(replies):
            self.result.slowest[seat] = max(self.result.slowest[seat], reply.seconds)
        for step in range(SEATS):
            seat = (first + step) % SEATS
            reply = replies[seat]
            if reply.verdict != OK:
                raise _Penalty(seat, reply.verdict, f"seat {seat}: {reply.verdict} ({reply.text})")
        return [r.text or "" for r in replies]

    @staticmethod
    def _parse(seat: int, text: str) -> Response:
        try:
            return Response.parse(text)
        except ValueError as error:
            raise _Penalty(seat, WA, f"seat {seat}: {error}") from None

    def _expect_pass(self, answers: list[str], seats: Sequence[int]) -> None:
        for seat in seats:
            if self._parse(seat, answers[seat]).kind is not ResponseKind.PASS:
                raise _Penalty(seat, WA, f"seat {seat} must answer PASS, not {answers[seat]!r}")

    def _apply(self, seat: int, move: Move, what: str) -> None:
        refusal = self.rules.apply(seat, move)
        if refusal is not None:
            verdict = WH if move.kind is MoveKind.WIN else WA
            raise _Penalty(seat, verdict, f"seat {seat}: {what} refused: {refusal}")

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
        answers = self._turn([f"0 {s} {quan}" for s in range(SEATS)], 0)
        self._expect_pass(answers, range(SEATS))
        dealt = []
        for s in range(SEATS):
            tiles = list(self.deal.walls[s][-DEALT:])[::-1]
            dealt.append("1 0 0 0 0 " + " ".join(to_botzone(t) for t in tiles))
        answers = self._turn(dealt, 0)
        self._expect_pass(answers, range(SEATS))
        announce: tuple[int, str] | None = None  # (seat, what it did) to tell everybody
        while g.is_active:
            if announce is not None:
                announce = self._announce(*announce)
                continue
            announce = self._draw_turn()
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
        """The seat on turn has drawn: it plays, kongs or wins; the others pass."""
        g = self.rules
        seat, drawn = g.turn, g.drawn
        assert seat is not None and drawn is not None
        requests = [
            f"2 {to_botzone(drawn)}" if s == seat else f"3 {seat} DRAW" for s in range(SEATS)
        ]
        answers = self._turn(requests, seat + 1)
        self._expect_pass(answers, [(seat + k) % SEATS for k in (1, 2, 3)])
        answer = self._parse(seat, answers[seat])
        k = answer.kind
        if k is ResponseKind.PLAY and answer.tile is not None:
            self._apply(seat, discard(answer.tile), f"PLAY {to_botzone(answer.tile)}")
            return seat, f"PLAY {to_botzone(answer.tile)}"
        if k is ResponseKind.HU:
            self._apply(seat, WIN, "HU")
            return None
        if k in (ResponseKind.GANG, ResponseKind.BUGANG) and answer.tile is not None:
            tile = answer.tile
            hand = g.hand_of(seat)
            if k is ResponseKind.GANG and hand.counts[tile] != 4:
                raise _Penalty(seat, WA, f"seat {seat}: GANG {to_botzone(tile)} without four")
            if k is ResponseKind.BUGANG and not any(
                m.kind is MeldKind.PUNG and m.first == tile for m in hand.melds
            ):
                raise _Penalty(seat, WA, f"seat {seat}: BUGANG {to_botzone(tile)} with no pung")
            self._apply(seat, kong(tile), f"{k.value} {to_botzone(tile)}")
            return seat, "GANG" if k is ResponseKind.GANG else f"BUGANG {to_botzone(tile)}"
        raise _Penalty(seat, WA, f"seat {seat}: {answers[seat]!r} is no answer to a draw")

    def _announce(self, actor: int, what: str) -> tuple[int, str] | None:
        """Tell everybody what ``actor`` did; take the answers (claims, robbing wins)."""
        g = self.rules
        answers = self._turn([f"3 {actor} {what}"] * SEATS, actor + 1)
        others = [(actor + k) % SEATS for k in (1, 2, 3)]
        if what == "GANG":  # nobody may answer a kong but by passing
            self._expect_pass(answers, [*others, actor])
            return None
        window = g.window
        moves: dict[int, Move] = {}
        then: dict[int, Response] = {}
        for seat in others:
            answer = self._parse(seat, answers[seat])
            move = self._claim_move(seat, answer, what)
            offered = () if window is None else window.may.get(seat, ())
            if move != PASS and move not in offered:
                verdict = WH if move == WIN else WA
                raise _Penalty(seat, verdict, f"seat {seat}: {answers[seat]!r} is not open to it")
            moves[seat], then[seat] = move, answer
        self._expect_pass(answers, [actor])
        while g.window is not None and g.waiting_on:
            seat = g.waiting_on[0]
            self._apply(seat, moves[seat], answers[seat])
        if not g.is_active or g.turn is None:
            return None
        claimer = g.turn
        if claimer in then and then[claimer].kind in (ResponseKind.PENG, ResponseKind.CHI):
            answer = then[claimer]
            assert answer.tile is not None
            self._apply(claimer, discard(answer.tile), f"the discard in {answers[claimer]!r}")
            if answer.kind is ResponseKind.PENG:
                return claimer, f"PENG {to_botzone(answer.tile)}"
            assert answer.middle is not None
            return claimer, f"CHI {to_botzone(answer.middle)} {to_botzone(answer.tile)}"
        if claimer in then and then[claimer].kind is ResponseKind.GANG and claimer != actor:
            return claimer, "GANG"
        return None  # nobody claimed: the next seat has drawn

    def _claim_move(self, seat: int, answer: Response, what: str) -> Move:
        k = answer.kind
        if k is ResponseKind.PASS:
            return PASS
        if k is ResponseKind.HU:
            return WIN
        if what.startswith("BUGANG"):
            raise _Penalty(seat, WA, f"seat {seat}: only HU or PASS may answer a BUGANG")
        if k is ResponseKind.PENG:
            return PUNG
        if k is ResponseKind.GANG and answer.tile is None:
            return KONG
        if k is ResponseKind.CHI and answer.middle is not None:
            window = self.rules.window
            tile = window.tile if window is not None else 0
            run = [answer.middle - 1, answer.middle, answer.middle + 1]
            if tile in run:
                run.remove(tile)
                return chow(run[0], run[1])
            raise _Penalty(seat, WA, f"seat {seat}: the chow does not hold the discard")
        raise _Penalty(seat, WA, f"seat {seat}: {answer} is no answer to a discard")


def judge(
    agents: Sequence[Agent],
    deal: BotzoneDeal,
    *,
    time_limit: float = 2.0,
    first_time_limit: float = 10.0,
) -> JudgeResult:
    """Play one hand between four agents (see :class:`Judge`)."""
    return Judge(agents, deal, time_limit=time_limit, first_time_limit=first_time_limit).play()


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
    data = json.loads(log) if isinstance(log, str) else log
    if data.get("format") != LOG_FORMAT:
        raise ValueError(f"not a judge log: the format is not {LOG_FORMAT!r}")
    deal = BotzoneDeal.from_json(data["deal"])
    names = list(data["players"])
    agents: list[Agent] = [_Scripted(names[s], s, data["turns"]) for s in range(SEATS)]  # type: ignore[misc]
    result = Judge(agents, deal).play()
    expected = data["result"]
    got = result.to_json()["result"]
    for key in ("scores", "outcome", "winner", "offender", "verdict", "points"):
        if got[key] != expected[key]:
            raise ValueError(f"the replay gives {key} {got[key]!r}, the log {expected[key]!r}")
    return result
