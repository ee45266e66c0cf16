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
* **simple, kept running**: the input starts with the number of turns ``n``, then the log
  of the hand so far as Botzone sends it, interleaved: request 1, the bot's response 1,
  request 2, ..., request ``n`` (``2n - 1`` lines), then a ``data`` and a ``globaldata``
  line (empty: these programs save nothing);
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

import functools
import json
from collections.abc import Callable
from typing import Final, Protocol, TextIO

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


MAX_LINE: Final = 1 << 20
"""The longest input line read, in characters: a whole hand's JSON log is about 20 KB, and
Botzone adds at most 100 KB each of ``data`` and ``globaldata``."""
MAX_TURNS: Final = 2000
"""The most turns a simple-mode log may announce (a hand has a few hundred)."""


class BotzoneInputError(ValueError):
    """Input that is not a Botzone log at all: no request can be read from it."""


def _read_line(inp: TextIO) -> str | None:
    """The next line without its end (``None`` at the end of the input), read with a bound."""
    line = inp.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE:
        raise BotzoneInputError(f"an input line longer than {MAX_LINE} characters")
    return line.rstrip("\r\n")


def _next_nonblank(inp: TextIO) -> str | None:
    """The next line with something in it (the empty ``data`` lines are skipped)."""
    line = _read_line(inp)
    while line is not None and not line.strip():
        line = _read_line(inp)
    return line


def _json_log(text: str) -> tuple[list[str], list[str]]:
    """The requests and responses of a JSON turn's input line."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BotzoneInputError("the input starts with '{' but is not one JSON object") from None
    requests = data.get("requests") if isinstance(data, dict) else None
    responses = data.get("responses", []) if isinstance(data, dict) else None
    if not isinstance(requests, list) or not requests:
        raise BotzoneInputError('the JSON input has no "requests" list')
    if not isinstance(responses, list):
        raise BotzoneInputError('the JSON input\'s "responses" is not a list')
    if not all(isinstance(x, str) for x in (*requests, *responses)):
        raise BotzoneInputError("the JSON input's requests and responses are not all strings")
    if len(responses) != len(requests) - 1:
        raise BotzoneInputError(
            f"a log has one request more than responses, not {len(requests)} and {len(responses)}"
        )
    return requests, responses


def _simple_log(first: str, inp: TextIO) -> tuple[list[str], list[str]]:
    """The requests and responses of a simple-mode first turn: the count ``n`` (already
    read), then request 1, response 1, ..., request ``n``, interleaved as Botzone sends them."""
    word = first.strip()
    if not word or word.strip("0123456789"):  # ASCII digits only (not isdigit's others)
        raise BotzoneInputError(
            f"the input starts with neither '{{' (JSON) nor a turn count: {word[:40]!r}"
        )
    turns = int(word)
    if not 1 <= turns <= MAX_TURNS:
        raise BotzoneInputError(f"a log of 1 to {MAX_TURNS} turns, not {turns}")
    lines: list[str] = []
    for _ in range(2 * turns - 1):
        line = _read_line(inp)
        if line is None:
            raise BotzoneInputError(
                f"the input ended after {len(lines)} of the log's {2 * turns - 1} lines"
            )
        lines.append(line.strip())
    return lines[0::2], lines[1::2]


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
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"no request in {text[:80]!r}") from None
    if isinstance(data, dict):
        data = data.get("requests")
        if isinstance(data, list) and data:
            data = data[-1]
    if not isinstance(data, str):
        raise ValueError(f"no request in {text[:80]!r}")
    return data


def run(
    player: Player,
    inp: TextIO,
    out: TextIO,
    *,
    keep_running: bool = False,
    err: TextIO | None = None,
) -> None:
    """Serve one hand on ``inp``/``out`` in whichever mode the input starts in (the simple
    mode always keeps running; the JSON mode only with ``keep_running``).

    Input that is no log at all raises :class:`BotzoneInputError` (a ``ValueError``); a
    request that cannot be read or does not follow the ones before it is answered ``PASS``
    (the answer that is right for most requests) with one line on ``err`` saying why. Lines
    are read with a bound (:data:`MAX_LINE`), so no input makes the program hold more than
    that, and the end of the input always ends the program."""
    first = _next_nonblank(inp)
    if first is None:
        raise BotzoneInputError("the input ended before the first request")
    text = first.strip()
    json_mode = text.startswith("{")
    requests, responses = _json_log(text) if json_mode else _simple_log(text, inp)
    bot = BotzoneBot(player)
    answer = _safely(lambda: bot.replay(requests, responses), err)
    while True:
        out.write((json.dumps({"response": answer}) if json_mode else answer) + "\n")
        if json_mode and not keep_running:
            out.flush()
            return
        out.write(f"{KEEP_RUNNING}\n")
        out.flush()
        line = _next_nonblank(inp)
        if line is None:
            return
        answer = _safely(functools.partial(_step, bot, line.strip(), json_mode), err)


def _step(bot: BotzoneBot, text: str, json_mode: bool) -> str:
    return bot.step(later_request(text) if json_mode else text)


def _safely(answer: Callable[[], str], err: TextIO | None) -> str:
    """The bot's answer, or ``PASS`` with one line on ``err`` when the request was bad."""
    try:
        return answer()
    except Exception as error:  # a bad request, or a player's bug: never a traceback
        if err is not None:
            err.write(f"mahjongkit botzone: answered PASS: {type(error).__name__}: {error}\n")
            err.flush()
        return str(PASS_RESPONSE)
