"""A second, independent reading of the protocol: request logs written by hand from its
description, read by a seat (what it knows, what it may do) and answered by our bots."""

from __future__ import annotations

import io
import json

import pytest

from mahjongkit.mcr.botzone.adapter import BotzoneBot, run
from mahjongkit.mcr.botzone.protocol import KEEP_RUNNING, Response
from mahjongkit.mcr.botzone.seat import ProtocolError, SeatState
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, chow, discard, kong
from mahjongkit.mcr.game.rules import Phase
from mahjongkit.mcr.hand.meld import MeldKind
from mahjongkit.mcr.hand.notation import format_hand, parse_tiles
from mahjongkit.mcr.players.bot import Bot


def tile(text: str) -> int:
    return parse_tiles(text)[0]


def feed(state: SeatState, *lines: str) -> None:
    """Feed requests that need no decision (answered PASS)."""
    for line in lines:
        view = state.feed(line)
        assert view.legal == (), f"{line!r} offers {view.legal}"
        state.respond_with("PASS")


# seat 1: 123m 456p 789s, a pair of red dragons, South and West
PUNG_HAND = "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3"


def test_pung_then_win_on_a_discard():
    s = SeatState()
    feed(s, "0 1 0", PUNG_HAND, "3 0 DRAW")
    assert format_hand(s.hand) == "123m 456p 789s SW RR"
    view = s.feed("3 0 PLAY J1")
    assert view.phase is Phase.CLAIM and view.window is not None
    assert (view.window.tile, view.window.from_seat) == (tile("R"), 0)
    assert set(view.legal) == {PASS, PUNG}
    s.respond_with("PENG F3")
    feed(s, "3 1 PENG F3")  # the judge tells everybody, us included
    assert format_hand(s.hand) == "123m 456p 789s S pung(RRR:R@0)"
    assert s.pools == [[], [tile("W")], [], []]  # the claimed red left seat 0's pool
    feed(s, "3 2 DRAW")
    view = s.feed("3 2 PLAY F2")
    assert set(view.legal) == {PASS, WIN}  # Mixed Straight 8 + Dragon Pung 2 ...
    assert s.walls_left == (20, 21, 20, 21)
    assert view.concealed == (13, 10, 14 - 1, 13)
    assert view.wall_count == 82


def test_only_the_next_seat_may_chow():
    next_seat, across = SeatState(), SeatState()
    feed(next_seat, "0 1 0", PUNG_HAND, "3 0 DRAW")
    feed(across, "0 2 0", PUNG_HAND, "3 0 DRAW")
    assert set(next_seat.feed("3 0 PLAY W4").legal) == {PASS, chow(2, 3)}
    assert across.feed("3 0 PLAY W4").legal == ()


def test_an_answer_of_chow_names_the_middle_tile_and_a_discard():
    bot = BotzoneBot(Bot(level=2))
    for line in ("0 1 0", "1 0 0 0 0 W1 W3 W5 W6 B2 B2 B4 B5 B6 T7 T8 T9 F1", "3 0 DRAW"):
        assert bot.step(line) == "PASS"
    # 123m makes the hand ready on 4m/7m with a Mixed Straight (8) once East goes
    assert bot.step("3 0 PLAY W2") == "CHI W2 F1"


def test_own_concealed_kong_and_its_replacement():
    s = SeatState()
    feed(s, "0 0 3", "1 0 0 0 0 W1 W1 W1 W5 W6 W7 B2 B3 B4 T5 T5 F1 F2")
    view = s.feed("2 W1")
    assert kong(tile("1m")) in view.legal and discard(tile("E")) in view.legal
    assert view.drawn == tile("1m")
    s.respond_with("GANG W1")
    feed(s, "3 0 GANG")
    assert s.hand.melds[0].kind is MeldKind.KONG and s.hand.melds[0].concealed
    view = s.feed("2 T9")
    assert s.replacement is not None and s.replacement.value == "kong"
    assert s.walls_left == (19, 21, 21, 21)
    assert WIN not in view.legal


def test_a_concealed_kong_we_did_not_declare_is_a_protocol_error():
    s = SeatState()
    feed(s, "0 0 3", "1 0 0 0 0 W1 W1 W1 W5 W6 W7 B2 B3 B4 T5 T5 F1 F2")
    s.feed("2 W1")
    s.respond_with("PLAY F1")
    with pytest.raises(ProtocolError, match="did not declare"):
        s.feed("3 0 GANG")


def test_other_seats_kongs_concealed_and_exposed():
    s = SeatState()
    feed(s, "0 1 0", PUNG_HAND, "3 0 DRAW", "3 0 PLAY B9", "3 1 DRAW")
    s.feed("3 2 DRAW")
    assert s.concealed[2] == 14
    feed(s, "3 2 GANG")  # after its own draw: concealed, tile hidden
    assert s.melds[2][0].concealed and s.melds[2][0].tiles == ()
    assert s.concealed[2] == 10
    feed(s, "3 2 DRAW", "3 2 PLAY W9", "3 3 GANG")  # after a discard: seat 3 took it
    assert s.melds[3][0].tiles == (9,) * 4 and s.melds[3][0].claimed_from == 2
    assert s.pools[2] == [] and s.concealed[3] == 10
    assert s.walls_left == (20, 20, 19, 21)


def test_robbing_a_promoted_kong():
    s = SeatState()
    feed(s, "0 1 0", "1 0 0 0 0 W1 W2 W3 W4 W6 B4 B5 B6 T7 T8 T9 F1 F1", "3 0 DRAW")
    view = s.feed("3 0 PLAY W5")
    assert {PASS, WIN, chow(4, 6), chow(3, 4)} <= set(view.legal)
    s.respond_with("PASS")
    feed(s, "3 2 PENG J2", "3 3 DRAW", "3 3 PLAY B1", "3 0 DRAW", "3 0 PLAY B1")
    s.feed("2 T1")
    s.respond_with("PLAY T1")
    feed(s, "3 1 PLAY T1", "3 2 DRAW")
    view = s.feed("3 2 BUGANG W5")
    assert view.phase is Phase.ROB and set(view.legal) == {PASS, WIN}
    assert s.melds[2][0].kind is MeldKind.KONG and s.melds[2][0].promoted


def test_no_pung_or_chow_once_the_next_seats_wall_is_empty():
    discards = [f"T{r}" for r in range(1, 6) for _ in range(4)] + ["W9"]  # nothing to claim
    for drained in (False, True):
        s = SeatState()
        feed(s, "0 2 0", PUNG_HAND)
        for name in discards[: 21 if drained else 20]:
            feed(s, "3 1 DRAW", f"3 1 PLAY {name}")
        feed(s, "3 0 DRAW")
        legal = s.feed("3 0 PLAY J1").legal
        assert s.walls_left[1] == (0 if drained else 1)
        assert (PUNG in legal) is not drained


def test_no_kong_when_the_own_or_next_wall_is_empty():
    s = SeatState()
    feed(s, "0 0 0", "1 0 0 0 0 W1 W1 W1 W5 W6 W7 B2 B3 B4 T5 T5 F1 F2")
    s.left[1] = 0  # as if seat 1 had drawn its wall out
    assert KONG not in s.feed("2 W1").legal and s.left[0] == 20


def test_the_bot_wins_when_it_can():
    bot = BotzoneBot(Bot(level=1))
    for line in ("0 1 0", PUNG_HAND, "3 0 DRAW"):
        bot.step(line)
    assert bot.step("3 0 PLAY J1") == "PASS"  # level 1 never claims
    bot2 = BotzoneBot(Bot(level=1))
    for line in ("0 0 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 J1 F2"):
        assert bot2.step(line) == "PASS"
    assert bot2.step("2 F2") == "HU"  # Mixed Straight, Dragon Pung, self-drawn ...


def test_requests_out_of_order_are_refused():
    s = SeatState()
    with pytest.raises(ProtocolError, match="first request"):
        s.feed("2 W1")
    s = SeatState()
    feed(s, "0 1 0", PUNG_HAND)
    with pytest.raises(ProtocolError, match="no discard"):
        s.feed("3 2 PENG W1")


# -- both I/O modes ------------------------------------------------------------------------


LOG = ["0 3 2", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3", "3 0 DRAW", "3 0 PLAY J1"]


def test_json_mode_reads_the_whole_log_and_answers_once():
    line = json.dumps({"requests": LOG, "responses": ["PASS", "PASS", "PASS"]})
    out = io.StringIO()
    run(Bot(level=2), io.StringIO(line + "\n"), out)
    answer = json.loads(out.getvalue())
    assert Response.parse(answer["response"]).kind.value == "PENG"


def test_simple_mode_keeps_running():
    # the turn count, the four requests interleaved with our three answers as Botzone sends
    # them, then empty data and globaldata
    interleaved = [LOG[0], "PASS", LOG[1], "PASS", LOG[2], "PASS", LOG[3]]
    text = "4\n" + "\n".join([*interleaved, "", ""]) + "\n"
    text += "3 3 PENG F2\n"  # ... then one request per turn
    out = io.StringIO()
    run(Bot(level=2), io.StringIO(text), out)
    lines = out.getvalue().splitlines()
    assert lines[1] == lines[3] == KEEP_RUNNING
    assert lines[0].startswith("PENG ") and lines[2] == "PASS"


@pytest.mark.parametrize(
    "later", ['"3 3 PENG F2"', '{"requests": "3 3 PENG F2"}', '{"requests": ["x", "3 3 PENG F2"]}']
)
def test_json_mode_kept_running_reads_each_later_request_alone(later):
    line = json.dumps({"requests": LOG, "responses": ["PASS", "PASS", "PASS"]})
    out = io.StringIO()
    run(Bot(level=2), io.StringIO(f"{line}\n\n{later}\n"), out, keep_running=True)
    lines = out.getvalue().splitlines()
    assert lines[1] == lines[3] == KEEP_RUNNING
    assert Response.parse(json.loads(lines[0])["response"]).kind.value == "PENG"
    assert json.loads(lines[2]) == {"response": "PASS"}


def test_json_mode_kept_running_answers_pass_to_a_line_without_a_request():
    line = json.dumps({"requests": LOG, "responses": ["PASS", "PASS", "PASS"]})
    out, err = io.StringIO(), io.StringIO()
    run(Bot(level=2), io.StringIO(f'{line}\n{{"data": 1}}\n'), out, keep_running=True, err=err)
    assert json.loads(out.getvalue().splitlines()[2]) == {"response": "PASS"}
    assert "no request" in err.getvalue()


def test_rebuilt_and_incremental_states_agree():
    responses = ["PASS", "PASS", "PASS"]
    _state, view = SeatState.rebuild(LOG, responses)
    step = SeatState()
    for line, answer in zip(LOG, [*responses, None], strict=True):
        last = step.feed(line)
        if answer is not None:
            step.respond_with(answer)
    assert last == view
    with pytest.raises(ValueError, match="one request more"):
        SeatState.rebuild(LOG, responses[:1])
