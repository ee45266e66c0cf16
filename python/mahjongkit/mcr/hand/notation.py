"""The hand notation of decision 11: the strings tests, positions and the terminal speak.

Decision 11 is written out in docs/decisions.md.

Tokens are separated by spaces:

* ranks followed by a suit letter: ``123m`` (characters), ``55p`` (dots), ``9s`` (bamboo);
* a run of honour letters: ``E S W N`` winds, ``R`` red, ``G`` green, ``B`` white;
* bonus tiles ``F1``–``F4`` (flowers) and ``T1``–``T4`` (seasons), anywhere in a hand: they
  become its exposed flowers;
* melds: ``chow(234s)``, ``pung(EEE)``, ``kong(5555p)`` (exposed), ``ckong(5555p)``
  (concealed), ``pkong(5555p)`` (promoted from a pung). A meld may carry who it was claimed
  from and which tile: ``chow(234s:3s@1)`` is 3s claimed from seat 1, ``pung(EEE@2)`` a pung
  claimed from seat 2 with no tile recorded.

Printing is canonical: the concealed tiles as one token per suit (m, p, s, ranks ascending),
then the winds and the dragons (table order E S W N, R G B), then the melds in the hand's
order, then the bonus tiles; ``parse_hand(format_hand(h)) == h`` for every hand.

>>> h = parse_hand("55p RGB 312m EEE F1 pung(NNN:N@3)")
>>> format_hand(h)
'123m 55p EEE RGB pung(NNN:N@3) F1'
>>> parse_hand(format_hand(h)) == h
True
>>> parse_tiles("5m 3p E"), format_tiles([28, 12, 5, 5])
([5, 12, 28], '55m 3p E')
>>> parse_hand("105m")
Traceback (most recent call last):
ValueError: bad notation token '105m': rank 0
>>> parse_hand("１23m")
Traceback (most recent call last):
ValueError: bad notation token '１23m': unknown letter '１' ...
"""

from __future__ import annotations

from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.tokens import format_parts, parse_parts
from mahjongkit.mcr.hand.tokens import format_tiles as format_tiles
from mahjongkit.mcr.hand.tokens import parse_tiles as parse_tiles


def parse_hand(text: str) -> Hand:
    """The :class:`Hand` a notation string describes.

    >>> h = parse_hand("19m 55p pung(EEE) ckong(4444s) F1")
    >>> h.size, len(h.melds), h.flowers
    (10, 2, (35,))
    """
    return Hand(*parse_parts(text))


def format_hand(hand: Hand, *, claims: bool = True) -> str:
    """Canonical notation of a hand: concealed tiles, then melds, then flowers.

    ``claims=False`` leaves out who each meld was claimed from and which tile (for display;
    parsing that string gives melds without claim information).

    >>> format_hand(parse_hand("F2 kong(5555p:5p@1) 9s 1s"))
    '19s kong(5555p:5p@1) F2'
    >>> format_hand(parse_hand("F2 kong(5555p:5p@1) 9s 1s"), claims=False)
    '19s kong(5555p) F2'
    """
    return format_parts(hand.counts, hand.melds, hand.flowers, claims=claims)
