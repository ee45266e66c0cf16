"""Conformance with Botzone's own judge: recorded hands (``tests/data/botzone/*.txt``)
replayed through our judge and our adapter.

Each file says, in its comments, what Botzone's judge (``judge/main.cpp`` of
ailab-pku/Chinese-Standard-Mahjong, cited by line) does in the case, and ends with the
result that judge gives. A file holds the deal (``walltiles``, ``quan``) and one line per
turn: the requests (one for all four seats; four separated by ``|``; or ``@p 2 T``, seat
``p`` drawing ``T`` and the others told ``3 p DRAW``), then ``=>`` and the answers (``PASS``
for all, or ``@p TEXT`` for a seat that answered otherwise, ``@p !TLE`` for one that was
late), separated by ``;``. The judge must send exactly these requests, take these answers,
and end with the expected outcome, seat, verdict and scores. The adapter must read each
seat's log of the hand in the file's I/O mode (simple or JSON, as Botzone frames it for a
program started again, or kept running) without a protocol error.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from mahjongkit.mcr.botzone.adapter import run
from mahjongkit.mcr.botzone.agents import OK, Reply
from mahjongkit.mcr.botzone.judge import Judge
from mahjongkit.mcr.botzone.protocol import Response
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.players.bot import Bot

DATA = Path(__file__).resolve().parents[1] / "data" / "botzone"
FILES = sorted(DATA.glob("*.txt"))


@dataclass
class Transcript:
    mode: str
    deal: BotzoneDeal
    turns: list[tuple[list[str], list[str | None], list[str]]]  # requests, answers, verdicts
    expect: list[str]


def parse(path: Path) -> Transcript:
    fields: dict[str, str] = {}
    turns = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=>" not in line:
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
            continue
        left, right = (part.strip() for part in line.split("=>"))
        if left.startswith("@"):
            seat, request = int(left[1]), left[3:]
            requests = [request if s == seat else f"3 {seat} DRAW" for s in range(4)]
        elif "|" in left:
            requests = [r.strip() for r in left.split("|")]
        else:
            requests = [left] * 4
        answers: list[str | None] = ["PASS"] * 4
        verdicts = [OK] * 4
        if right != "PASS":
            for item in right.split(";"):
                seat_text, _, text = item.strip().partition(" ")
                seat = int(seat_text[1:])
                if text.startswith("!"):
                    answers[seat], verdicts[seat] = None, text[1:]
                else:
                    answers[seat] = text
        turns.append((requests, answers, verdicts))
    deal = BotzoneDeal.from_walltiles(fields["walltiles"], int(fields["quan"]))
    return Transcript(fields["mode"], deal, turns, fields["expect"].split())


class Scripted:
    """A seat that answers as the transcript says and checks each request it is sent."""

    def __init__(self, seat: int, transcript: Transcript) -> None:
        self.name, self.seat, self.transcript, self.turn = f"seat {seat}", seat, transcript, 0

    def start(self) -> None:
        self.turn = 0

    def send(self, request: str) -> None:
        assert self.turn < len(self.transcript.turns), f"an extra request: {request!r}"
        expected = self.transcript.turns[self.turn][0][self.seat]
        assert request == expected, (self.turn, self.seat)

    def receive(self, timeout: float) -> Reply:
        _, answers, verdicts = self.transcript.turns[self.turn]
        self.turn += 1
        return Reply(verdicts[self.seat], answers[self.seat], 0.0)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_our_judge_gives_botzones_result(path):
    transcript = parse(path)
    agents = [Scripted(s, transcript) for s in range(4)]
    result = Judge(agents, transcript.deal).play()  # type: ignore[arg-type]
    assert all(a.turn == len(transcript.turns) for a in agents), "the judge stopped early"
    outcome, *rest = transcript.expect
    assert result.outcome == outcome, result.message
    if outcome == "penalty":
        seat, verdict, *scores = rest
        assert (result.offender, result.verdict) == (int(seat), verdict), result.message
    elif outcome == "win":
        seat, *scores = rest
        assert result.winner == int(seat)
    else:
        scores = rest
        # a drawn hand's last request is the announcement of its last discard
        assert transcript.turns[-1][0][0].split()[2] == "PLAY"
    assert list(result.scores) == [int(x) for x in scores]


def framing(transcript: Transcript, seat: int) -> str:
    """The input a program started for the last turn receives, in the transcript's mode."""
    requests = [turn[0][seat] for turn in transcript.turns]
    responses = [str(turn[1][seat]) for turn in transcript.turns[:-1]]
    if transcript.mode.startswith("json"):
        return json.dumps({"requests": requests, "responses": responses}) + "\n"
    lines = [str(len(requests))]
    for index, request in enumerate(requests):
        lines.append(request)
        if index < len(responses):
            lines.append(responses[index])
    return "\n".join([*lines, "", ""]) + "\n"


def _valid(text: str | None) -> bool:
    try:
        Response.parse(text or "")
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_our_adapter_reads_every_seats_log(path):
    transcript = parse(path)
    for seat in range(4):
        earlier = [turn[1][seat] for turn in transcript.turns[:-1]]
        if not all(_valid(text) for text in earlier):
            continue  # a seat whose own earlier answer was garbage has no consistent log
        out, err = io.StringIO(), io.StringIO()
        run(Bot(1), io.StringIO(framing(transcript, seat)), out, err=err)
        assert err.getvalue() == "", (seat, err.getvalue())
        first = out.getvalue().splitlines()[0]
        answer = json.loads(first)["response"] if first.startswith("{") else first
        Response.parse(answer)


def test_the_transcripts_cover_both_modes_both_framings_and_the_cases():
    modes = {parse(p).mode for p in FILES}
    assert modes == {"simple keep-running", "simple restart", "json keep-running", "json restart"}
    outcomes = {parse(p).expect[0] for p in FILES}
    assert outcomes == {"exhausted", "win", "penalty"}
