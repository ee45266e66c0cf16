"""Botzone's tile names and messages, checked against the protocol's description (written
out by hand here, not produced by our own printer)."""

from __future__ import annotations

import pytest

from mahjongkit.mcr.botzone.protocol import Request, RequestKind, Response, ResponseKind
from mahjongkit.mcr.botzone.tiles import KIND_OF, NAMES, from_botzone, to_botzone
from mahjongkit.mcr.hand.notation import parse_tiles
from mahjongkit.tiles import KINDS, code

# The description's table, one row per tile, against our own notation.
BY_HAND = {
    "W1": "1m", "W5": "5m", "W9": "9m",  # characters
    "B1": "1p", "B5": "5p", "B9": "9p",  # dots
    "T1": "1s", "T5": "5s", "T9": "9s",  # bamboo
    "F1": "E", "F2": "S", "F3": "W", "F4": "N",  # winds
    "J1": "R", "J2": "G", "J3": "B",  # dragons: red, green, white
    "H1": "F1", "H4": "F4", "H5": "T1", "H8": "T4",  # bonus tiles
}  # fmt: skip


@pytest.mark.parametrize(("botzone", "ours"), sorted(BY_HAND.items()))
def test_names_by_hand(botzone, ours):
    assert code(from_botzone(botzone)) == ours
    assert to_botzone(parse_tiles(ours)[0]) == botzone


def test_the_table_is_a_bijection_over_all_42_kinds():
    assert len(KIND_OF) == KINDS == len(NAMES) - 1
    for kind in range(1, KINDS + 1):
        assert from_botzone(to_botzone(kind)) == kind
    assert {name[0] for name in KIND_OF} == set("WBTFJH")


def test_our_notation_letters_are_refused_as_botzone_names():
    # "5m" and "E" are ours; in Botzone a white dragon is J3, not B.
    for wrong in ("5m", "E", "B", "F5", "J4", "H9", "W0", "w1", ""):
        with pytest.raises(ValueError, match="not a Botzone tile name"):
            from_botzone(wrong)


def test_requests_by_hand():
    r = Request.parse("0 2 1")
    assert (r.kind, r.seat, r.quan) == (RequestKind.SEAT, 2, 1)
    r = Request.parse("1 1 0 2 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3 H1 H5 H8")
    assert r.kind is RequestKind.DEAL
    assert r.flower_counts == (1, 0, 2, 0)
    assert r.hand == tuple(parse_tiles("123m 456p 789s E E R B"))
    assert r.flowers == ((35,), (), (39, 42), ())
    r = Request.parse("2 T6")
    assert (r.kind, r.seat, r.tile, r.own_draw) == (RequestKind.DRAW, None, 24, True)
    r = Request.parse("3 2 DRAW")
    assert (r.kind, r.seat, r.own_draw) == (RequestKind.DRAW, 2, False)
    assert Request.parse("3 2 BUHUA H7").tile == 41
    assert Request.parse("3 2 PLAY T1").tile == 19
    r = Request.parse("3 2 PENG W9")
    assert (r.kind, r.seat, r.tile) == (RequestKind.PENG, 2, 9)
    r = Request.parse("3 2 CHI T2 W3")  # the chow's middle tile, then the discard
    assert (r.kind, r.middle, r.tile) == (RequestKind.CHI, 20, 3)
    assert Request.parse("3 0 GANG").kind is RequestKind.GANG
    r = Request.parse("3 3 BUGANG J2")
    assert (r.kind, r.seat, r.tile) == (RequestKind.BUGANG, 3, 33)


@pytest.mark.parametrize(
    "line",
    [
        "0 2 1",
        "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J3",
        "2 T6",
        "3 1 DRAW",
        "3 1 BUHUA H2",
        "3 1 PLAY J3",
        "3 1 PENG B9",
        "3 1 CHI B8 F4",
        "3 1 GANG",
        "3 1 BUGANG T9",
    ],
)
def test_requests_print_back_as_written(line):
    assert str(Request.parse(line)) == line


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("", "empty"),
        ("4 1", "unknown request type"),
        ("0 4 0", "not a seat"),
        ("1 0 0 0 0 W1 W2", "expected 18 words"),
        ("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 H1", "bonus tile"),
        ("2 H1", "bonus tile"),
        ("3 1 PLAY", "expected 4 words"),
        ("3 1 EAT W1", "unknown action"),
        ("3 1 BUHUA W1", "not a bonus tile"),
        ("3 1 CHI W2", "expected 5 words"),
    ],
)
def test_bad_requests_name_the_problem(line, why):
    with pytest.raises(ValueError, match=why):
        Request.parse(line)


def test_responses_by_hand():
    assert Response.parse("PASS").kind is ResponseKind.PASS
    assert Response.parse("PLAY W1") == Response(ResponseKind.PLAY, tile=1)
    assert Response.parse("GANG T6") == Response(ResponseKind.GANG, tile=24)
    assert Response.parse("GANG") == Response(ResponseKind.GANG)
    assert Response.parse("BUGANG T6") == Response(ResponseKind.BUGANG, tile=24)
    assert Response.parse("HU").kind is ResponseKind.HU
    assert Response.parse("PENG F3") == Response(ResponseKind.PENG, tile=30)
    assert Response.parse("CHI T2 T5") == Response(ResponseKind.CHI, tile=23, middle=20)
    assert str(Response.parse("CHI T2 T5")) == "CHI T2 T5"


@pytest.mark.parametrize(
    "line", ["", "pass", "PLAY", "PLAY W1 W2", "PENG", "CHI T2", "HU W1", "PLAY H1", "NOPE"]
)
def test_garbage_responses_are_refused(line):
    with pytest.raises(ValueError, match="bad response"):
        Response.parse(line)
