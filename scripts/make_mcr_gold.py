"""Write tests/data/mcr_gold.txt: the MCR scorer's gold corpus.

The hands below are authored: for each of the 81 fans a hand that scores it (``+``) and a
winning near miss that does not (``-``), plus worked examples (``e``). The script fills in
the expected fans and total with the scorer, and refuses to write the file unless

* every ``+`` row scores its fan and every ``-`` row does not,
* no fan the ``+`` row's fan excludes appears in it,
* under the ``gb`` ruleset every row agrees exactly with pymahjonggb (when installed), and
* rows marked with an oracle total (``e`` rows from the anchors' verified table) match it.

Review the diff of the written file by eye before committing it: it is the test.

    python -m scripts.make_mcr_gold            # rewrite the file
    python -m scripts.make_mcr_gold --check    # exit 1 if the file would change
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.scoring.context import WinContext
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.mcr.scoring.ruleset import Ruleset, ruleset_named
from mahjongkit.mcr.scoring.score import score

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "mcr_gold.txt"

# (mark, fan, hand with the winning tile, context); context words: "win 5m", "self",
# "rob", "seat S", "prevailing S", "last-of-wall", "kong-replacement",
# "flower-replacement", "last-tile", "gb" (ruleset), "oracle=N" (the anchors' verified
# pymahjonggb total, gb rows only)
ROWS: list[tuple[str, int, str, str]] = [
    ("+", 1, "EEE SSS WWW NNN 55m", "win 5m"),
    ("-", 1, "EEE SSS WWW NN 555m", "win 5m"),
    ("+", 2, "RRR GGG BBB 123m 55p", "win 5p"),
    ("-", 2, "RRR GGG BB 123m 555p", "win 5p"),
    ("+", 3, "234s 234s 666s 888s GG", "win G"),
    ("-", 3, "234s 234s 666s 777s GG", "win G"),
    ("+", 4, "11123455678999m", "win 5m"),
    ("-", 4, "11123445678999m", "win 9m"),
    ("+", 5, "kong(1111m) kong(2222p) kong(3333s) kong(EEEE) 55m", "win 5m"),
    ("-", 5, "kong(1111m) kong(2222p) kong(3333s) pung(EEE) 55m", "win 5m"),
    ("+", 6, "11223344556677p", "win 7p"),
    ("-", 6, "11223344556688p", "win 8p"),
    ("+", 7, "19m 19p 19s ESWNRGB 1m", "win 1m"),
    ("-", 7, "111m 999p 111s EEE RR", "win R"),
    ("+", 8, "111m 999m 111p 999s 11s", "win 1s"),
    ("-", 8, "111m 999m 111p 999s EE", "win E"),
    ("+", 9, "EEE SSS WWW NN 123m", "win 3m"),
    ("-", 9, "EEE SSS WWW 55m 123m", "win 3m"),
    ("+", 10, "RRR GGG BB 123m 456m", "win 6m"),
    ("-", 10, "RRR GGG 55m 123m 456m", "win 6m"),
    ("+", 11, "EEE SSS RRR GGG BB", "win B"),
    ("-", 11, "EEE SSS RRR GGG 11m", "win 1m"),
    ("+", 12, "111m 222p 333s EEE 55m", "win 5m"),
    ("-", 12, "111m 222p 333s EEE 55m", "win E"),
    ("+", 13, "123m 123m 789m 789m 55m", "win 5m"),
    ("-", 13, "123m 123m 789m 789m 55p", "win 5p"),
    ("+", 14, "123m 123m 123m 123m 55p", "win 5p"),
    ("-", 14, "123m 123m 123m 234m 55p", "win 5p"),
    ("+", 15, "pung(111m) pung(222m) pung(333m) pung(444m) 55p", "win 5p"),
    ("-", 15, "pung(111m) pung(222m) pung(333m) pung(555m) 55p", "win 5p"),
    ("+", 16, "123m 234m 345m 456m 55p", "win 5p"),
    ("-", 16, "123m 234m 345m 567m 55p", "win 5p"),
    ("+", 17, "kong(1111m) kong(2222p) kong(3333s) 456m 55p", "win 5p"),
    ("-", 17, "kong(1111m) kong(2222p) pung(333s) 456m 55p", "win 5p"),
    ("+", 18, "111m 999p EEE RRR 11s", "win 1s"),
    ("-", 18, "111m 999p EEE RRR 22s", "win 2s"),
    ("+", 19, "11m 55m 22p 99p 33s EE RR", "win R self"),
    ("-", 19, "123m 123m 456p 567p 77s", "win 7s self"),
    ("+", 20, "147m 258p 3s ESWNRGB", "win G"),
    ("-", 20, "147m 258p 36s ESWNRB", "win E"),
    ("+", 21, "222m 444p 666s 888m 22s", "win 2s"),
    ("-", 21, "222m 444p 666s 888m 55s", "win 5s"),
    ("+", 22, "123m 345m 567m 789m 99m", "win 9m"),
    ("-", 22, "123m 345m 567m 789m 99p", "win 9p"),
    ("+", 23, "chow(123m) 123m 123m 456p 99s", "win 9s"),
    ("-", 23, "chow(123m) 123m 234m 456p 99s", "win 9s"),
    ("+", 24, "pung(222m) pung(333m) pung(444m) 678p 99s", "win 9s"),
    ("-", 24, "pung(222m) pung(333m) pung(555m) 678p 99s", "win 9s"),
    ("+", 25, "789m 789p 789s 777s 88m", "win 8m"),
    ("-", 25, "789m 789p 789s 666s 88m", "win 8m"),
    ("+", 26, "456m 456p 456s 444m 55s", "win 5s"),
    ("-", 26, "456m 456p 456s 333m 55s", "win 5s"),
    ("+", 27, "123m 123p 123s 333s 22m", "win 2m"),
    ("-", 27, "123m 123p 123s 444s 22m", "win 2m"),
    ("+", 28, "123m 456m 789m 123p 55s", "win 5s"),
    ("-", 28, "123m 456m 678m 123p 55s", "win 5s"),
    ("+", 29, "123m 789m 123p 789p 55s", "win 5s"),
    ("-", 29, "123m 789m 123p 789p 55m", "win 5m"),
    ("+", 30, "123m 234m 345m 789p 55s", "win 5s"),
    ("-", 30, "123m 234m 456m 789p 55s", "win 5s"),
    ("+", 31, "345m 456p 567s 555m 55p", "win 5p"),
    ("-", 31, "345m 456p 567s 555m 66p", "win 6p"),
    ("+", 32, "222m 222p 222s 456m 99p", "win 9p"),
    ("-", 32, "222m 222p 333s 456m 99p", "win 9p"),
    ("+", 33, "111m 555p 999s 234m 77s", "win 2m"),
    ("-", 33, "111m 555p 999s 234m 77s", "win 9s"),
    ("+", 34, "147m 258p 36s ESWNRB", "win E"),
    ("-", 34, "147m 258p 369s 123m EE", "win E"),
    ("+", 35, "147m 258p 369s 123s 55m", "win 5m"),
    ("-", 35, "123m 456p 789s 123s 55m", "win 5m"),
    ("+", 36, "678m 789p 678s 999s 66m", "win 6m"),
    ("-", 36, "678m 789p 678s 999s 55m", "win 5m"),
    ("+", 37, "123m 234p 234s 111s 44m", "win 4m"),
    ("-", 37, "123m 234p 234s 111s 55m", "win 5m"),
    ("+", 38, "EEE SSS WWW 123m 55p", "win 5p"),
    ("-", 38, "EEE SSS RRR 123m 55p", "win 5p"),
    ("+", 39, "123m 456p 789s 234s 55m", "win 5m"),
    ("-", 39, "123m 456p 789p 234s 55m", "win 5m"),
    ("+", 40, "123p 345p 888p 456s 99s", "win 9s"),
    ("-", 40, "123p 345p 888p 567s 99s", "win 9s"),
    ("+", 41, "234m 234p 234s 789m 99p", "win 9p"),
    ("-", 41, "234m 234p 345s 789m 99p", "win 9p"),
    ("+", 42, "pung(222m) pung(333p) pung(444s) 678m 99p", "win 9p"),
    ("-", 42, "pung(222m) pung(333p) pung(555s) 678m 99p", "win 9p"),
    ("+", 43, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m"),
    ("-", 43, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m self"),
    ("+", 44, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m self last-of-wall"),
    ("-", 44, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m last-of-wall"),
    ("+", 45, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m last-of-wall"),
    ("-", 45, "chow(234m) chow(456p) pung(888s) 678m SS", "win 8m"),
    ("+", 46, "kong(5555m) 123p 456p 789s SS", "win 9s self kong-replacement"),
    ("-", 46, "kong(5555m) 123p 456p 789s SS F1", "win 9s self flower-replacement"),
    ("+", 47, "chow(123m) 456p 789s 345s EE", "win 5s rob"),
    ("-", 47, "chow(123m) 456p 789s 345s EE", "win 5s"),
    ("+", 48, "ckong(5555m) ckong(7777p) 123s 567s WW", "win W"),
    ("-", 48, "ckong(5555m) kong(7777p) 123s 567s WW", "win W"),
    ("+", 49, "pung(111m) pung(555p) 999s EEE 22m", "win 2m"),
    ("-", 49, "pung(111m) pung(555p) 789s EEE 22m", "win 2m"),
    ("+", 50, "123m 456m 789m EEE 55m", "win 5m"),
    ("-", 50, "123m 456m 789p EEE 55m", "win 5m"),
    ("+", 51, "123m 234p 345s 789m 55p", "win 5p"),
    ("-", 51, "123m 234p 456s 789m 55p", "win 5p"),
    ("+", 52, "123m 456p 789s EEE RR", "win R"),
    ("-", 52, "123m 456p 789s EEE 55m", "win 5m"),
    ("+", 53, "chow(123m) chow(456p) pung(888s) pung(EEE) 55m", "win 5m"),
    ("-", 53, "chow(123m) chow(456p) pung(888s) pung(EEE) 55m", "win 5m self"),
    ("+", 54, "RRR GGG 123m 456p 99s", "win 9s"),
    ("-", 54, "RRR 123m 456p 456s 99s", "win 9s"),
    ("+", 55, "123m 789p 123s 999m 11p", "win 1p"),
    ("-", 55, "123m 789p 234s 999m 11p", "win 1p"),
    ("+", 56, "234m 345p 567s 678s 88m", "win 8m self"),
    ("-", 56, "234m 345p 567s 678s 88m", "win 8m"),
    ("+", 57, "kong(5555m) kong(7777p) 123s 567s WW", "win W"),
    ("-", 57, "kong(5555m) pung(777p) 123s 567s WW", "win W"),
    ("+", 58, "pung(999p) 123m 456m 78s 9s EE", "win 9s last-tile"),
    ("-", 58, "pung(999p) 123m 456m 78s 9s EE", "win 9s"),
    ("+", 59, "RRR 123m 456p 789s 55m", "win 5m"),
    ("-", 59, "NNN 123m 456p 789s 55m", "win 5m"),
    ("+", 60, "SSS 123m 456p 789s 55m", "win 5m prevailing S"),
    ("-", 60, "SSS 123m 456p 789s 55m", "win 5m prevailing W"),
    ("+", 61, "SSS 123m 456p 789s 55m", "win 5m seat S"),
    ("-", 61, "SSS 123m 456p 789s 55m", "win 5m seat W"),
    ("+", 62, "234m 345p 567s 678s 88m", "win 8m"),
    ("-", 62, "chow(234m) 345p 567s 678s 88m", "win 8m"),
    ("+", 63, "123m 456m 234p 678s 55s", "win 5s"),
    ("-", 63, "123m 456m 234p 678s EE", "win E"),
    ("+", 64, "234m 234m 567p 789s 22m", "win 2m"),
    ("-", 64, "234m 234m 567p 789s 55m", "win 5m"),
    ("+", 65, "222m 222p 456s 789s 55m", "win 5m"),
    ("-", 65, "222m 333p 456s 789s 55m", "win 5m"),
    ("+", 66, "222m 444p 456s 789s 55m", "win 4s self"),
    ("-", 66, "pung(222m) 444p 456s 789s 55m", "win 4s self"),
    ("+", 67, "ckong(2222m) 345p 567s 678s 88m", "win 8m"),
    ("-", 67, "kong(2222m) 345p 567s 678s 88m", "win 8m"),
    ("+", 68, "234m 345p 456s 678s 88m", "win 8m"),
    ("-", 68, "234m 345p 456s 789s 88m", "win 8m"),
    ("+", 69, "234m 234m 567p 678s EE", "win E"),
    ("-", 69, "234m 345m 567p 678s EE", "win E"),
    ("+", 70, "234m 234p 678s 999s EE", "win E"),
    ("-", 70, "234m 345p 678s 999s EE", "win E"),
    ("+", 71, "123m 456m 789p 222s EE", "win E"),
    ("-", 71, "123m 567m 789p 222s EE", "win E"),
    ("+", 72, "123m 789m 456p 222s EE", "win E"),
    ("-", 72, "123m 678m 456p 222s EE", "win E"),
    ("+", 73, "111m 234p 567s 678s 55m", "win 5m"),
    ("-", 73, "222m 234p 567s 678s 55m", "win 5m"),
    ("+", 74, "kong(2222m) 234p 567s 678s 55m", "win 5m"),
    ("-", 74, "ckong(2222m) 234p 567s 678s 55m", "win 5m"),
    ("+", 75, "123m 456m 234p 678p EE", "win E"),
    ("-", 75, "123m 456m 234p 678s EE", "win E"),
    ("+", 76, "123m 456m 234p 999s 88s", "win 8s"),
    ("-", 76, "123m 456m 234p 999s EE", "win E"),
    ("+", 77, "123m 456p 789p 234s 55s", "win 3m"),
    ("-", 77, "345m 456p 789p 234s 55s", "win 3m"),
    ("+", 78, "123m 456p 789p 234s 55s", "win 2m"),
    ("-", 78, "123m 456p 789p 234s 55s", "win 1m"),
    ("+", 79, "123m 456p 789p 234s EE", "win E"),
    ("-", 79, "123m 456p 789p 234s EE", "win 4s"),
    ("+", 80, "chow(123m) 456p 789p 234s 55s", "win 5s self"),
    ("-", 80, "chow(123m) 456p 789p 234s 55s", "win 5s"),
    ("+", 81, "chow(123m) 456p 789p 234s 55s F1 T3", "win 5s"),
    ("-", 81, "chow(123m) 456p 789p 234s 55s", "win 5s"),
    # worked examples: the anchors' verified pymahjonggb outputs (mcr-anchors.md §3),
    # each once under gb (with the oracle's own total) and once under the Green Book
    ("e", 0, "234m 345p 567s 67m 88p 8m", "win 8m gb oracle=6"),
    ("e", 0, "11m 55m 22p 99p 33s EE RR", "win R self gb oracle=31"),
    ("e", 0, "11m 55m 22p 99p 33s EE RR", "win R self"),
    ("e", 0, "19m 19p 19s ESWNRGB 1m", "win 1m gb oracle=88"),
    ("e", 0, "pung(RRR) 123m 456p 789s SS F1 F2", "win 9s self gb oracle=19"),
    ("e", 0, "pung(RRR) 123m 456p 789s SS F1 F2", "win 9s self"),
    ("e", 0, "pung(RRR) 123m 456p 789s SS F1 F2", "win 9s rob gb oracle=24"),
    ("e", 0, "pung(RRR) 123m 456p 789s SS F1 F2", "win 9s last-of-wall gb oracle=24"),
    ("e", 0, "kong(5555m) 123m 456p 789s SS", "win 9s self kong-replacement gb oracle=17"),
    ("e", 0, "kong(5555m) 123m 456p 789s SS", "win 9s self last-of-wall gb oracle=17"),
    ("e", 0, "ckong(5555m) kong(7777p) 123s 567s WW", "win W gb oracle=6"),
    ("e", 0, "ckong(5555m) ckong(7777p) 123s 567s WW", "win W gb oracle=9"),
    ("e", 0, "ckong(5555m) ckong(7777p) 123s 567s WW", "win W"),
    ("e", 0, "pung(SSS) 123m 456p 789s RR", "win R seat S prevailing S gb oracle=19"),
    ("e", 0, "chow(234m) chow(456p) pung(888s) 678m SS F1", "win 8m gb oracle=9"),
    ("e", 0, "222m 333p 555s EE RRR", "win R self gb oracle=73"),
    ("e", 0, "222m 333p 555s EE RRR", "win R self"),
    ("e", 0, "11123455678999m", "win 5m gb oracle=91"),
    ("e", 0, "11123455678999m", "win 5m"),
    ("e", 0, "11112345678999m", "win 1m gb oracle=106"),
    ("e", 0, "234s 234s 666s 888s GG", "win G gb oracle=94"),
    ("e", 0, "pung(111m) 111p 999m 999s 99p", "win 9p gb oracle=81"),
    ("e", 0, "pung(111m) 111p 999m 999s 99p", "win 9p"),
    ("e", 0, "ckong(2222m) kong(3333p) kong(4444s) 567m EE", "win E gb oracle=41"),
    ("e", 0, "ckong(2222m) kong(3333p) kong(4444s) 567m EE", "win E"),
    # Appendix 1's Full Flush reading: a straight plus a fourth chow doubling one of its
    # chows scores Pure Double Chow once (account-once), not also Short Straight
    ("e", 0, "123m 456m 789m 456m 11m", "win 1m"),
    # account-once: 234567s234567p scores at most three pair fans among four chows
    ("e", 0, "234s 567s 234p 567p 99m", "win 9m"),
    # non-identical: 234s 223344p 567p scores Pure Double Chow, Mixed Double Chow and Short
    # Straight, not Mixed Double Chow twice
    ("e", 0, "234s 234p 234p 567p 99m", "win 9m"),
    # The Tianjin rulings of October 2006 (T. Sloper, column #293, 19 November 2006), each
    # under the Green Book as printed and under green_book_2006: Knitted Straight does not
    # combine with Edge or Closed Wait (a true closed wait on 2p: 17, by the ruling 16)
    ("e", 0, "258m 123369p 14788s", "win 2p expected=17"),
    ("e", 0, "258m 123369p 14788s", "win 2p ruleset=green_book_2006 expected=16"),
    # Seven Pairs with All Terminals or All Green adds no Tile Hog (90 and 120; 88 and 118)
    ("e", 0, "1111m 99m 11p 99p 11s 99s", "win 9s expected=90"),
    ("e", 0, "1111m 99m 11p 99p 11s 99s", "win 9s ruleset=green_book_2006 expected=88"),
    ("e", 0, "223344668888s GG", "win G expected=120"),
    ("e", 0, "223344668888s GG", "win G ruleset=green_book_2006 expected=118"),
    # the knitted straight's wait under gb: pymahjonggb reads Closed Wait on 3p (17); the
    # Chinese rules-explanation book reads the 3p as completing the knit (16): the choice
    # knit_holds_winning_tile
    ("e", 0, "258m 233469p 14788s", "win 3p gb oracle=17"),
    ("e", 0, "258m 233469p 14788s", "win 3p gb choose=knit_holds_winning_tile expected=16"),
    # Three/Four Kongs with concealed kongs: no concealed-kong award by the majority reading
    # (pymahjonggb, the Chinese reading: 162 with four concealed kongs); the other reading
    # is the choice many_kongs_award_concealed (170)
    ("e", 0, "ckong(1111s) ckong(2222m) ckong(3333p) ckong(4444p) 88s", "win 8s gb oracle=162"),
    ("e", 0, "ckong(1111s) ckong(2222m) ckong(3333p) ckong(4444p) 88s", "win 8s expected=162"),
    (
        "e",
        0,
        "ckong(1111s) ckong(2222m) ckong(3333p) ckong(4444p) 88s",
        "win 8s choose=many_kongs_award_concealed expected=170",
    ),
    # robbing a kong with the last tile: pymahjonggb and a published analysis score 40
    # (Greater Honors and Knitted Tiles 24, Last Tile Claim 8, Robbing the Kong 8) under gb;
    # the Green Book rulesets refuse the context (robbing_on_last_tile)
    ("e", 0, "147m 258p 3s ESWNRGB", "win 3s rob last-of-wall gb oracle=40 expected=40"),
]


def parse_context(text: str) -> tuple[WinContext, Ruleset, int | None, int | None]:
    """The context of a row (read as the test reads it), its ruleset, the oracle's verified
    total and a published total."""
    from tests.mcr.scoring_gold import expected_total, ruleset_of
    from tests.mcr.scoring_gold import parse_context as read_context

    words = text.split()
    oracle = next((int(w.split("=")[1]) for w in words if w.startswith("oracle=")), None)
    return read_context(text), ruleset_of(text), oracle, expected_total(text)


def _fan_list(hand: Hand, context: WinContext, ruleset: Ruleset) -> tuple[str, int, Counter[int]]:
    tally = score(hand, context, ruleset)
    parts = [f"{f.key} {f.points}" + (f"x{f.times}" if f.times > 1 else "") for f in tally.fans]
    numbers = Counter({f.number: f.times for f in tally.fans if f.number != 81})
    return ", ".join(parts), tally.total, numbers


def build() -> str:
    try:
        from tests.mcr.scoring_oracle import AVAILABLE, gb_score
    except ImportError:
        AVAILABLE = False
    lines = [
        "# MCR scorer gold corpus: the file is the test (tests/mcr/test_gold.py reads it).",
        "# Written by scripts/make_mcr_gold.py from authored hands; reviewed by eye.",
        "#",
        "# mark fan | hand (holding the winning tile) | context | fans = total | not: keys",
        "#   +  the hand scores the fan; -  a winning near miss that does not;",
        "#   e  a worked example (oracle=N: pymahjonggb's verified total, gb ruleset;",
        "#      expected=N: a published total, its source in scripts/make_mcr_gold.py)",
        "# context: win TILE, self | rob (else a discard), seat W, prevailing W,",
        "#   last-of-wall, kong-replacement, flower-replacement, last-tile, gb or",
        "#   ruleset=NAME (the Green Book otherwise), choose=FIELD (a contested reading",
        "#   answered yes)",
        "# fans: key points[xtimes], highest first; not: the fans the + row's fan",
        "#   excludes (non-repeat), none of which may be listed",
    ]
    problems = []
    current = None
    for mark, number, notation, words in ROWS:
        hand = parse_hand(notation)
        context, ruleset, oracle_total, published = parse_context(words)
        fans, total, numbers = _fan_list(hand, context, ruleset)
        where = f"{mark} {number} {notation} [{words}]"
        if number and number != current:
            current = number
            fan = FANS[number]
            lines.append("")
            lines.append(f"# {number} {fan.name} ({fan.chinese}), {fan.points} points")
        elif not number and current != 0:
            current = 0
            lines.append("")
            lines.append("# worked examples")
        not_part = ""
        if mark == "+":
            excluded = sorted(FANS[number].excludes)
            if number not in numbers and not (number == 81 and hand.flowers):
                problems.append(f"{where}: does not score fan {number}: {fans}")
            if set(excluded) & set(numbers):
                problems.append(f"{where}: lists an excluded fan: {fans}")
            if excluded:
                not_part = " | not: " + ", ".join(FANS[n].key for n in excluded)
        elif mark == "-" and (number in numbers or (number == 81 and hand.flowers)):
            problems.append(f"{where}: the near miss scores fan {number}: {fans}")
        if AVAILABLE:
            oracle = gb_score(hand, context)
            gb_fans, gb_total, gb_numbers = _fan_list(hand, context, ruleset_named("gb"))
            basic = gb_total - len(hand.flowers)
            if oracle is None or oracle[1] != basic or oracle[0] != gb_numbers:
                problems.append(f"{where}: gb {gb_fans} but pymahjonggb {oracle}")
        if oracle_total is not None:
            # the anchors' table gives the oracle's sum, with or without the flowers
            basic = total - len(hand.flowers)
            if oracle_total not in (basic, total):
                problems.append(f"{where}: total {total}, verified oracle total {oracle_total}")
        if published is not None and published not in (total - len(hand.flowers), total):
            problems.append(f"{where}: total {total}, the published total {published}")
        lines.append(f"{mark} {number} | {notation} | {words} | {fans} = {total}{not_part}")
    if problems:
        raise SystemExit("refusing to write the gold corpus:\n" + "\n".join(problems))
    return "\n".join(lines) + "\n"


def main() -> None:
    text = build()
    if "--check" in sys.argv:
        if OUT.read_text(encoding="utf-8") != text:
            raise SystemExit(f"{OUT} is out of date: run scripts/make_mcr_gold.py")
        return
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
