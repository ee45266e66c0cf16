"""The tokens of the hand notation (decision 11 of docs/decisions.md): tiles and melds to and
from text, on the parts of a hand (counts by kind, melds, flowers).

:mod:`mahjongkit.mcr.hand.notation` is the public face (``parse_hand``, ``format_hand``);
this module sits below :class:`~mahjongkit.mcr.hand.hand.Hand`, so that a hand can print and
parse itself without the two modules importing each other.

>>> format_parts(*parse_parts("F1 312m pung(NNN:N@3)"))
'123m pung(NNN:N@3) F1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.tiles import HONOUR_LETTERS, STANDARD_KINDS, SUITS, check_kind, code, is_bonus

Parts = tuple[tuple[int, ...], tuple[Meld, ...], tuple[int, ...]]
"""A hand as its parts: concealed counts by kind (index 0 unused), melds, flowers."""

_MELD_TOKEN = re.compile(r"^(chow|pung|kong|ckong|pkong)\((.*)\)$")
_MELD_BODY = re.compile(r"^([^:@]*)(?::([^:@]*))?(?:@(.*))?$")


def _refuse(token: str, why: str) -> ValueError:
    return ValueError(f"bad notation token {token!r}: {why}")


def _token_kinds(token: str, whole: str | None = None) -> list[int]:
    """The kinds one tile token spells, in written order.

    Groups may be joined in one token (``123m456pEE``); the canonical print separates them.
    """
    quoted = whole if whole is not None else token
    if not token:
        raise _refuse(quoted, "no tiles")
    kinds: list[int] = []
    ranks = ""
    i = 0
    while i < len(token):
        ch = token[i]
        if ch in "0123456789":  # ASCII only: "٣".isdigit() and int("٣") == 3
            if ch == "0":
                raise _refuse(quoted, "rank 0")
            ranks += ch
        elif ranks:
            if ch not in SUITS:
                raise _refuse(quoted, f"unknown letter {ch!r} (suits are m, p, s)")
            kinds += [SUITS.index(ch) * 9 + int(r) for r in ranks]
            ranks = ""
        elif ch in HONOUR_LETTERS:
            kinds.append(28 + HONOUR_LETTERS.index(ch))
        elif ch in "FT" and i + 1 < len(token) and token[i + 1] in "1234":
            kinds.append((35 if ch == "F" else 39) + int(token[i + 1]) - 1)
            i += 1
        else:
            raise _refuse(
                quoted, f"unknown letter {ch!r} (m p s after ranks, E S W N R G B, F1-F4 T1-T4)"
            )
        i += 1
    if ranks:
        raise _refuse(quoted, "ranks without a suit letter (m, p, s)")
    return kinds


def _single_kind(text: str, token: str) -> int:
    kinds = _token_kinds(text, token)
    if len(kinds) != 1:
        raise _refuse(token, f"{text!r} is not one tile")
    return kinds[0]


def _parse_meld(token: str, keyword: str, body: str) -> Meld:
    parts = _MELD_BODY.match(body)
    if parts is None:
        raise _refuse(token, "a meld is written like chow(234s), pung(EEE:E@2)")
    tiles_text, claimed_text, seat_text = parts.groups()
    tiles = tuple(sorted(_token_kinds(tiles_text, token)))
    if any(is_bonus(k) for k in tiles):
        raise _refuse(token, "a bonus tile in a meld")
    if keyword == "chow":
        runs = (
            len(tiles) == 3
            and tiles[0] <= 27
            and (tiles[0] - 1) // 9 == (tiles[2] - 1) // 9
            and tiles[1] == tiles[0] + 1
            and tiles[2] == tiles[0] + 2
        )
        if not runs:
            raise _refuse(token, "a chow is three consecutive tiles of one suit")
        kind = MeldKind.CHOW
    else:
        size = 3 if keyword == "pung" else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            raise _refuse(token, f"a {keyword} is {size} like tiles")
        kind = MeldKind.PUNG if keyword == "pung" else MeldKind.KONG
    claimed_tile = None if claimed_text is None else _single_kind(claimed_text, token)
    if claimed_tile is not None and claimed_tile not in tiles:
        raise _refuse(token, f"the claimed tile {code(claimed_tile)} is not in the meld")
    claimed_from = None
    if seat_text is not None:
        if seat_text not in ("0", "1", "2", "3"):
            raise _refuse(token, f"seat {seat_text!r} is not 0 to 3")
        claimed_from = int(seat_text)
    concealed = keyword == "ckong"
    if concealed and (claimed_tile is not None or claimed_from is not None):
        raise _refuse(token, "a concealed kong is not claimed")
    return Meld(
        kind,
        tiles,
        concealed=concealed,
        promoted=keyword == "pkong",
        claimed_from=claimed_from,
        claimed_tile=claimed_tile,
    )


def _check_copies(kinds_by_token: Iterable[tuple[str, list[int]]]) -> None:
    """Refuse a fifth copy of a standard kind or a second copy of a bonus tile."""
    seen = [0] * 43
    for token, kinds in kinds_by_token:
        for kind in kinds:
            seen[kind] += 1
            if is_bonus(kind) and seen[kind] > 1:
                raise _refuse(token, f"a second copy of the bonus tile {code(kind)}")
            if seen[kind] > 4:
                raise _refuse(token, f"a fifth copy of {code(kind)}")


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise TypeError(f"notation is a str, not {type(text).__name__}")


def parse_tiles(text: str) -> list[int]:
    """The kinds a string of tile tokens spells, in written order (no melds).

    >>> parse_tiles("19m EE F2")
    [1, 9, 28, 28, 36]
    """
    _check_text(text)
    written = [(token, _token_kinds(token)) for token in text.split()]
    _check_copies(written)
    return [kind for _, kinds in written for kind in kinds]


def _format_counts(counts: list[int]) -> list[str]:
    tokens = []
    for suit_index, letter in enumerate(SUITS):
        ranks = "".join(
            str(r) * counts[suit_index * 9 + r] for r in range(1, 10) if counts[suit_index * 9 + r]
        )
        if ranks:
            tokens.append(ranks + letter)
    for first, last in ((28, 31), (32, 34)):
        letters = "".join(code(k) * counts[k] for k in range(first, last + 1))
        if letters:
            tokens.append(letters)
    return tokens


def _format_meld(meld: Meld, claims: bool = True) -> str:
    if meld.kind is MeldKind.CHOW:
        keyword = "chow"
    elif meld.kind is MeldKind.PUNG:
        keyword = "pung"
    else:
        keyword = "ckong" if meld.concealed else "pkong" if meld.promoted else "kong"
    body = _format_counts(_count(meld.tiles))[0]
    if claims and meld.claimed_tile is not None:
        body += ":" + code(meld.claimed_tile)
    if claims and meld.claimed_from is not None:
        body += f"@{meld.claimed_from}"
    return f"{keyword}({body})"


def _count(kinds: Iterable[int]) -> list[int]:
    counts = [0] * (STANDARD_KINDS + 1)
    for kind in kinds:
        counts[kind] += 1
    return counts


def format_tiles(kinds: Iterable[int]) -> str:
    """Canonical notation of some tiles (any order): suits, winds, dragons, bonus tiles.

    >>> format_tiles([36, 28, 1, 9, 34, 1])
    '119m E B F2'
    """
    standard: list[int] = []
    bonus: list[int] = []
    for kind in kinds:
        (bonus if is_bonus(check_kind(kind)) else standard).append(kind)
    tokens = _format_counts(_count(standard))
    tokens += [code(k) for k in sorted(bonus)]
    return " ".join(tokens)


def parse_parts(text: str) -> Parts:
    """The parts of a hand a notation string describes: counts by kind, melds, flowers.

    >>> counts, melds, flowers = parse_parts("19m 55p pung(EEE) F1")
    >>> counts[1], counts[14], melds[0].kind.value, flowers
    (1, 2, 'pung', (35,))
    """
    _check_text(text)
    counts = [0] * (STANDARD_KINDS + 1)
    melds: list[Meld] = []
    flowers: list[int] = []
    written: list[tuple[str, list[int]]] = []
    for token in text.split():
        meld_match = _MELD_TOKEN.match(token)
        if meld_match is not None:
            meld = _parse_meld(token, meld_match.group(1), meld_match.group(2))
            melds.append(meld)
            written.append((token, list(meld.tiles)))
            continue
        if "(" in token or ")" in token:
            raise _refuse(token, "unknown meld (chow, pung, kong, ckong, pkong)")
        kinds = _token_kinds(token)
        written.append((token, kinds))
        for kind in kinds:
            if is_bonus(kind):
                flowers.append(kind)
            else:
                counts[kind] += 1
    _check_copies(written)
    return tuple(counts), tuple(melds), tuple(flowers)


def format_parts(
    counts: Iterable[int], melds: Iterable[Meld], flowers: Iterable[int], *, claims: bool = True
) -> str:
    """Canonical notation of a hand's parts: concealed tiles, then melds, then flowers.

    ``claims=False`` leaves out who each meld was claimed from and which tile.
    """
    tokens = _format_counts(list(counts))
    tokens += [_format_meld(meld, claims) for meld in melds]
    tokens += [code(k) for k in flowers]
    return " ".join(tokens)
