"""Any ``choose(view) -> Move`` player as a Botzone program, in both I/O modes.

:class:`BotzoneBot` keeps a :class:`~mahjongkit.mcr.botzone.seat.SeatState`, turns each
request into a view, asks the player, and turns its move into a response (a chow or pung
asks the player a second time, on the turn view after the claim, for the discard that
Botzone wants in the same answer). Requests with nothing to decide are answered ``PASS``
without asking.

:func:`run` speaks to Botzone (or to :mod:`mahjongkit.mcr.botzone.judge`) on a text stream:

* **JSON**: the input is one line ``{"requests": [...], "responses": [...]}`` holding the
  whole log of the hand so far; the program answers one line ``{"response": "..."}`` and
  exits (the view is rebuilt from the log every time). With ``keep_running=True`` it prints
  ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after each answer and stays alive; each later turn
  brings one line holding only the new request, read leniently: a JSON string
  (``"2 W1"``), an object whose ``requests`` is that string or a list ending with it, or
  the bare request.
* **simple, kept running**: the input starts with the number of turns ``n``, then the ``n``
  requests of the hand so far (oldest first), then the bot's own ``n - 1`` earlier
  responses, then a ``data`` and a ``globaldata`` line (empty: these programs save nothing);
  the program answers with the response line and the line
  ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``, then stays alive and reads one request line per
  turn, answering each the same way, until its input ends. Blank lines between requests
  (the empty ``data`` lines) are skipped.

The mode is read from the first character of the input (``{`` means JSON).

>>> from mahjongkit.mcr.players.bot import Bot
>>> bot = BotzoneBot(Bot(level=2))
>>> bot.step("0 0 1"), bot.step("1 0 0 0 0 W1 W1 W1 W2 W3 B5 B6 B7 T2 T2 F1 J1 J2")
('PASS', 'PASS')
>>> bot.step("2 T2")  # the hand holds a pung of T2 and ugly honours: play an honour
'PLAY F1'
"""

from __future__ import annotations

import json
from typing import Protocol, TextIO

from mahjongkit.mcr.botzone.protocol import (
    HU_RESPONSE,
    KEEP_RUNNING,
    PASS_RESPONSE,
    Response,
    ResponseKind,
)
from mahjongkit.mcr.botzone.seat import SeatState
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.players.bot import View


class Player(Protocol):
    """What the adapter needs of a player."""

    def choose(self, view: View) -> Move: ...


def to_response(state: SeatState, move: Move, player: Player) -> Response:
    """The Botzone answer for ``move`` (asking ``player`` again for the discard after a
    chow or pung). A move the protocol cannot say raises ``ValueError``."""
    kind = move.kind
    if kind is MoveKind.PASS:
        return PASS_RESPONSE
    if kind is MoveKind.WIN:
        return HU_RESPONSE
    if kind is MoveKind.DISCARD and move.tile is not None:
        return Response(ResponseKind.PLAY, tile=move.tile)
    if kind is MoveKind.KONG:
        if move.tile is None:
            return Response(ResponseKind.GANG)
        concealed = state.hand.counts[move.tile] == 4
        return Response(ResponseKind.GANG if concealed else ResponseKind.BUGANG, tile=move.tile)
    if kind in (MoveKind.PUNG, MoveKind.CHOW) and state.window is not None:
        then = player.choose(state.after_claim(move))
        if then.kind is not MoveKind.DISCARD or then.tile is None:
            raise ValueError(f"after a {kind.value} the player must discard, not {then}")
        if kind is MoveKind.PUNG:
            return Response(ResponseKind.PENG, tile=then.tile)
        assert move.tiles is not None
        middle = sorted((*move.tiles, state.window.tile))[1]
        return Response(ResponseKind.CHI, tile=then.tile, middle=middle)
    raise ValueError(f"the Botzone protocol has no answer for {move} now")


class BotzoneBot:
    """A player speaking the protocol, one request at a time (see the module's text)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.state = SeatState()

    def step(self, request: str) -> str:
        """The answer to the next request of the hand."""
        view = self.state.feed(request)
        response = self._answer(view)
        self.state.respond_with(response)
        return str(response)

    def _answer(self, view: View) -> Response:
        if not view.legal:
            return PASS_RESPONSE
        return to_response(self.state, self.player.choose(view), self.player)

    def replay(self, requests: list[str], responses: list[str]) -> str:
        """The answer to the last request of a whole log (the view rebuilt from scratch)."""
        self.state, view = SeatState.rebuild(requests, responses)
        response = self._answer(view)
        self.state.respond_with(response)
        return str(response)


def _lines(inp: TextIO) -> list[str] | None:
    line = inp.readline()
    while line and not line.strip():
        line = inp.readline()
    return [line] if line else None


def later_request(line: str) -> str:
    """The new request in a later JSON turn of a program kept running (see the module).

    >>> later_request('"2 W1"'), later_request('{"requests": ["0 1 0", "2 W1"]}')
    ('2 W1', '2 W1')
    >>> later_request("2 W1")
    '2 W1'
    """
    text = line.strip()
    if not text.startswith(("{", '"')):
        return text
    data = json.loads(text)
    if isinstance(data, dict):
        data = data.get("requests")
        if isinstance(data, list) and data:
            data = data[-1]
    if not isinstance(data, str):
        raise ValueError(f"no request in {text[:80]!r}")
    return data


def run(player: Player, inp: TextIO, out: TextIO, *, keep_running: bool = False) -> None:
    """Serve one hand on ``inp``/``out`` in whichever mode the input starts in (the simple
    mode always keeps running; the JSON mode only with ``keep_running``)."""
    first = _lines(inp)
    if first is None:
        return
    text = first[0].strip()
    bot = BotzoneBot(player)
    if text.startswith("{"):
        data = json.loads(text)
        requests = [str(r) for r in data["requests"]]
        responses = [str(r) for r in data.get("responses", [])]
        answer = bot.replay(requests, responses)
        while True:
            out.write(json.dumps({"response": answer}) + "\n")
            if not keep_running:
                out.flush()
                return
            out.write(f"{KEEP_RUNNING}\n")
            out.flush()
            line = inp.readline()
            while line and not line.strip():
                line = inp.readline()
            if not line:
                return
            answer = bot.step(later_request(line))
    turns = int(text)
    requests = [inp.readline().strip() for _ in range(turns)]
    responses = [inp.readline().strip() for _ in range(turns - 1)]
    answer = bot.replay(requests, responses)
    while True:
        out.write(f"{answer}\n{KEEP_RUNNING}\n")
        out.flush()
        line = inp.readline()
        while line and not line.strip():  # the empty data lines
            line = inp.readline()
        if not line:
            return
        answer = bot.step(line.strip())
