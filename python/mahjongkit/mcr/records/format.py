"""Botzone's game-record text format: typed records, a streaming reader and a writer.

The format (described in full, with what real records showed, in ``docs/records.md``): a
game opens with ``Match <id>`` and ``Wind <0-3>``, four ``Player <n> Deal`` lines of 13 tiles,
then one line a step, ``Player <n> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile>``, each
possibly followed on the same line by ``Ignore Player <m> <action> <tile>`` claims that lost
on priority, and ends with ``Fan <total> <name*count+...>`` and ``Score`` (a win) or
``Huang`` and ``Score 0 0 0 0`` (a drawn hand). Tiles are Botzone names (``W1``, ``B5``,
``F2``, ``J3``; :mod:`mahjongkit.mcr.botzone.tiles`).

:func:`read_records` streams a file game by game (memory bounded by one game, whatever the
file's size): each item is a :class:`Record`, or a :class:`BadRecord` naming the line that
is wrong and why; after a bad game the reader goes on at the next ``Match`` line, so one
damaged game never hides the others. :func:`format_record` writes a record back, line for
line.

>>> text = '''Match demo
... Wind 0
... Player 0 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4
... Player 1 Deal T1 T2 T3 T4 T5 T6 T7 T8 T9 B5 B6 B7 B8
... Player 2 Deal F1 F1 F1 F2 F2 F2 F3 F3 F3 F4 F4 F4 J1
... Player 3 Deal J2 J2 J2 J3 J3 J3 W1 W2 W3 W4 W5 W6 W7
... Player 0 Draw B9
... Player 0 Play B9
... Player 1 Chi B8 Ignore Player 2 Peng B9
... Huang
... Score 0 0 0 0
... '''
>>> [record] = read_records(text.splitlines())
>>> record.match, record.wind, record.steps[2].action.value, record.steps[2].tile
('demo', 0, 'Chi', 17)
>>> record.steps[2].ignored[0].action.value, record.result.drawn
('Peng', True)
>>> format_record(record) == text
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import accumulate, repeat
from typing import BinaryIO, Final, NamedTuple

from mahjongkit._files import open_regular_file
from mahjongkit.mcr.botzone.tiles import KIND_OF, NAMES

SEATS: Final = 4
DEALT: Final = 13
PLAYING_KINDS: Final = 34
"""The variant has no flowers: only kinds 1-34 (``H1``-``H8`` are refused)."""


class Action(Enum):
    """A step's action, spelled as the format spells it."""

    DRAW = "Draw"
    PLAY = "Play"
    CHI = "Chi"
    PENG = "Peng"
    GANG = "Gang"
    ANGANG = "AnGang"
    BUGANG = "BuGang"
    HU = "Hu"


_ACTIONS: Final = {a.value: a for a in Action}
# Ignore lines in real records spell the action in capitals as often as not (PENG, CHI).
_CLAIMS: Final = {a.value.upper(): a for a in (Action.CHI, Action.PENG, Action.GANG, Action.HU)}


class Ignored(NamedTuple):
    """A claim that lost on priority (``Ignore Player <seat> <action> <tile>``)."""

    seat: int
    action: Action
    tile: int

    def __str__(self) -> str:
        return f"Ignore Player {self.seat} {self.action.value} {NAMES[self.tile]}"


class Step(NamedTuple):
    """One step: ``line`` (1-based, in the file read; 0 for a record built in memory), the
    seat, the action, its tile (a kind 1-34) and the claims it beat. (A named tuple: a
    file holds millions of steps, and a tuple is the cheapest value to make.)"""

    line: int
    seat: int
    action: Action
    tile: int
    ignored: tuple[Ignored, ...] = ()

    def __str__(self) -> str:
        words = [f"Player {self.seat} {self.action.value} {NAMES[self.tile]}"]
        words += [str(claim) for claim in self.ignored]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Result:
    """How the record says the hand ended: ``drawn`` (``Huang``), else the fan total and the
    fans as written (``(name, count)`` pairs, the names in Chinese), and the four scores."""

    drawn: bool
    fan: int | None
    fans: tuple[tuple[str, int], ...]
    score: tuple[int, int, int, int]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Record:
    """One game: the match id, the prevailing ``wind`` as written (0-3), the four deals (13
    kinds each), the steps and the result. ``line`` is the line of ``Match`` (0 when built
    in memory)."""

    match: str
    wind: int
    deals: tuple[tuple[int, ...], ...]
    steps: tuple[Step, ...]
    result: Result
    line: int = 0


@dataclass(frozen=True, slots=True)
class BadRecord:
    """A game that could not be read: its match id (``""`` when even that is missing), the
    line at fault and what is wrong there."""

    match: str
    line: int
    problem: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.problem}"


class _Bad(Exception):
    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem


def _tile(word: str, number: int) -> int:
    kind = KIND_OF.get(word)
    if kind is None or kind > PLAYING_KINDS:
        raise _Bad(number, f"unknown tile {_quoted(word, 12)} (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)")
    return kind


def _seat(word: str, number: int) -> int:
    if word not in ("0", "1", "2", "3"):
        raise _Bad(number, f"a seat is 0 to 3, not {_quoted(word, 12)}")
    return int(word)


_INTEGER: Final = re.compile(r"-?[0-9]{1,9}")
"""A number of a record: ASCII digits (``int`` would read ``٣٣`` and ``1_0``), at most nine."""
_COUNT: Final = re.compile(r"[0-9]{1,4}")
MAX_FANS: Final = 32
"""The most fans a ``Fan`` line lists (a hand scores a dozen at most), so that a problem
that lists them stays short."""
_MAX_FAN_NAME: Final = 16


def _ints(words: list[str], number: int, what: str) -> list[int]:
    if not all(_INTEGER.fullmatch(w) for w in words):
        raise _Bad(number, f"{what}: not integers of ASCII digits: {_quoted(' '.join(words))}")
    return [int(w) for w in words]


def _fans(words: list[str], number: int) -> tuple[tuple[str, int], ...]:
    fans = []
    parts = " ".join(words).split("+") if words else []
    if len(parts) > MAX_FANS:
        raise _Bad(number, f"more than {MAX_FANS} fans on the line")
    for part in parts:
        name, star, count = part.strip().rpartition("*")
        if len(name) > _MAX_FAN_NAME:
            raise _Bad(number, f"a fan's name is at most {_MAX_FAN_NAME} characters")
        if not star or not name or not _COUNT.fullmatch(count):
            raise _Bad(number, f"a fan is written name*count (1 to 4 digits), not {_quoted(part)}")
        fans.append((name, int(count)))
    return tuple(fans)


_SEATS: Final = {"0": 0, "1": 1, "2": 2, "3": 3}
_TILES: Final = {name: kind for name, kind in KIND_OF.items() if kind <= PLAYING_KINDS}


def _step(words: list[str], number: int) -> Step:
    # words: Player <n> <Action> <tile> [Ignore Player <m> <ACTION> <tile>]...
    if len(words) == 4:  # the common case, checked with three lookups
        seat = _SEATS.get(words[1])
        action = _ACTIONS.get(words[2])
        tile = _TILES.get(words[3])
        if seat is not None and action is not None and tile is not None:
            return Step(number, seat, action, tile)
    if len(words) < 4:
        raise _Bad(
            number, f"a step is 'Player <n> <action> <tile>', not {_quoted(' '.join(words))}"
        )
    step_action = _ACTIONS.get(words[2])
    if step_action is None:
        raise _Bad(number, f"unknown action {_quoted(words[2], 12)} ({', '.join(_ACTIONS)})")
    step_seat = _seat(words[1], number)
    step_tile = _tile(words[3], number)
    ignored = []
    rest = words[4:]
    while rest:
        if len(rest) < 5 or rest[0] != "Ignore" or rest[1] != "Player":
            raise _Bad(
                number,
                f"after the step, expected 'Ignore Player <m> <action> <tile>', not"
                f" {_quoted(' '.join(rest))}",
            )
        claim = _CLAIMS.get(rest[3].upper())
        if claim is None:
            raise _Bad(
                number, f"an ignored claim is Chi, Peng, Gang or Hu, not {_quoted(rest[3], 12)}"
            )
        ignored.append(Ignored(_seat(rest[2], number), claim, _tile(rest[4], number)))
        rest = rest[5:]
    return Step(number, step_seat, step_action, step_tile, tuple(ignored))


def _parse(match: str, lines: list[tuple[int, str]]) -> Record:
    """One game from its numbered lines (the first is ``Match``)."""
    start = lines[0][0]
    it = iter(lines[1:])
    last = start

    def expect(what: str) -> tuple[int, list[str]]:
        nonlocal last
        entry = next(it, None)
        if entry is None:
            raise _Bad(last, f"the game ends early: {what} is missing after line {last}")
        last = entry[0]
        return entry[0], entry[1].split()

    number, words = expect("Wind")
    if len(words) != 2 or words[0] != "Wind" or words[1] not in ("0", "1", "2", "3"):
        raise _Bad(number, f"expected 'Wind <0-3>', not {_quoted(' '.join(words))}")
    wind = int(words[1])
    deals: list[tuple[int, ...]] = []
    for seat in range(SEATS):
        number, words = expect(f"Player {seat} Deal")
        if words[:3] != ["Player", str(seat), "Deal"]:
            raise _Bad(
                number,
                f"expected 'Player {seat} Deal' and 13 tiles, not {_quoted(' '.join(words[:3]))}",
            )
        if len(words) != 3 + DEALT:
            raise _Bad(number, f"a deal is 13 tiles, not {len(words) - 3}")
        deals.append(tuple(_tile(w, number) for w in words[3:]))
    steps = []
    for number, text in it:  # the steps, up to the first line that is not one
        last = number
        words = text.split()
        if words[0] != "Player":
            break
        steps.append(_step(words, number))
    else:
        raise _Bad(
            last,
            f"the game ends early: its end (Fan and Score, or Huang and Score) is"
            f" missing after line {last}",
        )
    head = words[0]
    if head == "Huang":
        if len(words) != 1:
            raise _Bad(number, "'Huang' stands alone on its line")
        drawn, fan = True, None
        fans: tuple[tuple[str, int], ...] = ()
    elif head == "Fan":
        if len(words) < 2:
            raise _Bad(number, "'Fan' is followed by the total and the fans")
        [fan] = _ints(words[1:2], number, "the fan total")
        drawn, fans = False, _fans(words[2:], number)
    else:
        raise _Bad(number, f"unexpected line {_quoted(' '.join(words))} (a step, Fan or Huang)")
    number, words = expect("Score")
    if words[:1] != ["Score"] or len(words) != 5:
        raise _Bad(number, f"expected 'Score' and four integers, not {_quoted(' '.join(words))}")
    s = _ints(words[1:], number, "the scores")
    extra = next(it, None)
    if extra is not None:
        raise _Bad(extra[0], f"unexpected line after the score: {_quoted(extra[1].strip())}")
    result = Result(drawn, fan, fans, (s[0], s[1], s[2], s[3]), number)
    return Record(match, wind, tuple(deals), tuple(steps), result, start)


MAX_LINE: Final = 1 << 16
"""The longest line read, in bytes (a step with three ignored claims is under 100); a longer
line is a problem of its game, and is never held in memory whole."""
MAX_MATCH: Final = 256
"""The longest match id, in characters (Botzone's are 24)."""
_CHUNK: Final = 1 << 16
_BOM: Final = b"\xef\xbb\xbf"
_GAME_STARTS: Final = ("Match", "\ufeffMatch")  # what starts_game looks at first


class Line(NamedTuple):
    """One line of a record file: its number (1-based), the byte offset of its start, and
    its text without the line end, or ``None`` with ``problem`` saying why it cannot be read
    (not UTF-8, a NUL byte, longer than :data:`MAX_LINE`)."""

    number: int
    offset: int
    text: str | None
    problem: str = ""


def decoded(raw: bytes, number: int, offset: int) -> Line:
    """One line's bytes (without its end) as a :class:`Line`."""
    if len(raw) > MAX_LINE:
        return Line(number, offset, None, f"the line is longer than {MAX_LINE} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Line(number, offset, None, "not text: a binary file, or not UTF-8")
    if "\0" in text:
        return Line(number, offset, None, "not text: a binary file, or not UTF-8")
    return Line(number, offset, text)


def record_lines(
    chunks: Iterable[bytes], *, first_line: int = 1, offset: int = 0
) -> Iterator[Line]:
    """The lines of a record file given as byte chunks of any size, in order: the one
    splitting rule of every reader of records (the commands, the export and the web page).

    A line ends at ``\\n``, ``\\r\\n`` or ``\\r`` (bytes' ``splitlines``, whatever the
    chunks' sizes); a byte-order mark is skipped at the start of the file (``offset`` 0)
    only; a line longer than :data:`MAX_LINE` bytes is reported, never held whole.

    >>> [line.text for line in record_lines([b"\\xef\\xbb\\xbfa\\r", b"\\nb\\rc\\n\\n"])]
    ['a', 'b', 'c', '']
    """
    fields = line_fields(chunks, first_line=first_line, offset=offset)
    return map(tuple.__new__, repeat(Line), fields)


LineFields = tuple[int, int, str | None, str]
"""A :class:`Line`'s fields as a plain tuple (what :func:`read_lines` reads)."""


def line_fields(
    chunks: Iterable[bytes], *, first_line: int = 1, offset: int = 0
) -> Iterator[LineFields]:
    """:func:`record_lines` as plain tuples, for :func:`read_lines` (a tuple a line less)."""
    return _split(chunks, first_line, offset, decode=True)  # type: ignore[return-value]


def raw_lines(
    chunks: Iterable[bytes], *, first_line: int = 1, offset: int = 0
) -> Iterator[tuple[bytes, int, int, int]]:
    """:func:`record_lines` before decoding: each line's bytes without its end, its number,
    its offset, and how many of its bytes were dropped (not 0: it is over :data:`MAX_LINE`)."""
    return _split(chunks, first_line, offset, decode=False)  # type: ignore[return-value]


def _split(
    chunks: Iterable[bytes], first_line: int, offset: int, decode: bool
) -> Iterator[Line | tuple[bytes, int, int, int]]:
    """The one splitting loop of :func:`record_lines` (``decode``) and :func:`raw_lines`:
    it runs once a line of files of millions of lines, so a line's decoding is inline."""
    number = first_line
    at = offset  # the offset of the line being read
    pending = b""  # its bytes so far (a "\\r" end is held until the next byte is seen)
    dropped = 0  # bytes of it dropped once it passed MAX_LINE
    look_for_bom = offset == 0
    new_line = tuple.__new__  # Line(...) without its Python-level __new__
    for chunk in chunks:
        if not chunk:
            continue
        data, pending = pending + chunk, b""
        if look_for_bom:
            if len(data) < len(_BOM) and _BOM.startswith(data):
                pending = data
                continue
            look_for_bom = False
            if data.startswith(_BOM):
                data = data[len(_BOM) :]
                at += len(_BOM)
                if not data:
                    continue
        parts = data.splitlines(keepends=True)
        pending = b"" if parts[-1].endswith(b"\n") else parts.pop()
        texts = _block_texts(data, parts, pending) if decode and not dropped else None
        if texts is not None:  # the whole block at once: the lines of almost every file
            count = len(parts)
            offsets = list(accumulate(map(len, parts), initial=at))
            at = offsets.pop()
            # Plain tuples: record_lines makes them Lines; read_records reads them as they are.
            yield from zip(
                range(number, number + count), offsets, texts, repeat("", count), strict=True
            )
            number += count
            parts = []
        for part in parts:
            raw = part.rstrip(b"\r\n")  # one line end: \r\n, \n or \r, never two
            if not decode:
                yield raw, number, at, dropped
            elif dropped or len(raw) > MAX_LINE:
                yield Line(number, at, None, f"the line is longer than {MAX_LINE} bytes")
            else:
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    text = "\0"
                yield (
                    new_line(Line, (number, at, text, ""))
                    if "\0" not in text
                    else (decoded(raw, number, at))
                )
            number += 1
            at += len(part) + dropped
            dropped = 0
        if len(pending) > MAX_LINE + 1:
            keep = b"\r" if pending.endswith(b"\r") else b""
            dropped += len(pending) - len(keep)
            pending = keep
    if pending or dropped:
        raw = pending.rstrip(b"\r\n")
        if not decode:
            yield raw, number, at, dropped
        elif dropped:
            yield Line(number, at, None, f"the line is longer than {MAX_LINE} bytes")
        else:
            yield decoded(raw, number, at)


_OTHER_LINE_ENDS: Final = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""What ``str.splitlines`` ends a line at besides ``\\n`` and ``\\r`` (bytes' does not)."""


def _block_texts(data: bytes, parts: list[bytes], pending: bytes) -> list[str] | None:
    """The texts of ``parts`` (the complete lines of ``data``) decoded in one call, or
    ``None`` when any of them needs the line-by-line path: not UTF-8, a NUL, a line over
    :data:`MAX_LINE`, or a character that ``str.splitlines`` would split at."""
    if not parts or max(map(len, parts)) > MAX_LINE:
        return None
    try:
        text = data[: len(data) - len(pending)].decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\0" in text or _OTHER_LINE_ENDS.search(text):
        return None
    return text.splitlines()


def open_record_file(path: str | os.PathLike[str]) -> BinaryIO:
    """A record file opened for reading, if it is a regular file (a named pipe, a device such
    as ``/dev/zero`` or a folder is refused before it is opened); ``ValueError``,
    ``FileNotFoundError`` or ``IsADirectoryError`` naming the path."""
    return open_regular_file(path, what="record file")


def file_chunks(stream: BinaryIO, limit: int | None = None) -> Iterator[bytes]:
    """The bytes of ``stream`` from where it stands, in chunks, at most ``limit`` of them."""
    left = limit
    while left is None or left > 0:
        chunk = stream.read(_CHUNK if left is None else min(_CHUNK, left))
        if not chunk:
            return
        if left is not None:
            left -= len(chunk)
        yield chunk


def starts_game(text: str) -> bool:
    """Whether a line opens a game: its first word is ``Match`` (after a byte-order mark
    too, which then is a problem of that game: two files joined)."""
    words = text.removeprefix("\ufeff").split(maxsplit=1)
    return bool(words) and words[0] == "Match"


def read_records(
    source: str | os.PathLike[str] | bytes | Iterable[str | bytes],
    *,
    first_line: int = 1,
) -> Iterator[Record | BadRecord]:
    """The games of a file (a path), of a file's bytes, or of lines, in order, one at a time.

    Every game is a :class:`Record` or, when a line of it is wrong, a :class:`BadRecord`
    naming that line; reading resumes at the next ``Match`` line. Lines before the first
    ``Match`` that are not blank, and a line that is not UTF-8 text (a binary file), make a
    :class:`BadRecord` too. ``first_line`` numbers the first line read (for a slice of a
    file). Lines are split by :func:`record_lines` (each item of an iterable of lines is
    split by the same rule, and ends a line). A path must name a regular file.
    """
    if isinstance(source, (str, os.PathLike)):
        with open_record_file(source) as stream:
            yield from read_lines(line_fields(file_chunks(stream), first_line=first_line))
        return
    if isinstance(source, bytes):
        yield from read_lines(line_fields([source], first_line=first_line))
        return
    yield from read_lines(_item_lines(source, first_line))


def _item_lines(items: Iterable[str | bytes], first_line: int) -> Iterator[Line]:
    number, offset = first_line, 0
    for item in items:
        raw = item if isinstance(item, bytes) else item.encode("utf-8", "surrogatepass")
        if not raw:  # an empty item is an empty line
            yield Line(number, offset, "")
            number += 1
            continue
        for line in record_lines([raw], first_line=number, offset=offset):
            yield line
            number = line.number + 1
        offset += len(raw)


def _quoted(text: str, limit: int = 60) -> str:
    """``text`` quoted for a problem, cut to ``limit`` characters (a line may be 64 KB)."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def read_lines(lines: Iterable[LineFields]) -> Iterator[Record | BadRecord]:
    """The games of lines split by :func:`record_lines` or :func:`line_fields` (what
    :func:`read_records` reads)."""
    match: str | None = None
    lines_of_game: list[tuple[int, str]] = []
    bad: BadRecord | None = None
    stray: int | None = None  # the first line of text outside any game, not yet reported

    def finish() -> Record | BadRecord:
        assert match is not None
        if bad is not None:
            return bad
        try:
            return _parse(match, lines_of_game)
        except _Bad as error:
            return BadRecord(match, error.line, error.problem)

    for number, _, line, problem in lines:
        if line is None:
            if match is None:
                if stray is None:
                    yield BadRecord("", number, problem)
                    stray = number
            elif bad is None:
                bad = BadRecord(match, number, problem)
            continue
        if line.startswith(_GAME_STARTS) and starts_game(line):
            if match is not None:
                yield finish()
            words = line.split(maxsplit=1)
            match = words[1].strip() if len(words) > 1 else ""
            lines_of_game, bad, stray = [(number, line)], None, None
            if len(match) > MAX_MATCH:
                match = match[:MAX_MATCH]
                bad = BadRecord(match, number, f"a match id is at most {MAX_MATCH} characters")
            elif line.startswith("\ufeff"):
                bad = BadRecord(
                    match,
                    number,
                    "a byte-order mark before 'Match' inside the file (two files joined?)",
                )
            elif not match:
                bad = BadRecord("", number, "'Match' names no id")
            continue
        if not line or line.isspace():
            continue
        if match is None:
            if stray is None:
                yield BadRecord("", number, f"a line outside any game: {_quoted(line.strip())}")
                stray = number
            continue
        lines_of_game.append((number, line))
    if match is not None:
        yield finish()


def format_record(record: Record) -> str:
    """The text of one record, each line ending with a newline."""
    out = [f"Match {record.match}", f"Wind {record.wind}"]
    for seat, deal in enumerate(record.deals):
        out.append(f"Player {seat} Deal " + " ".join(NAMES[k] for k in deal))
    out += [str(step) for step in record.steps]
    result = record.result
    if result.drawn:
        out.append("Huang")
    else:
        fans = "+".join(f"{name}*{count}" for name, count in result.fans)
        out.append(f"Fan {result.fan} {fans}".rstrip())
    out.append("Score " + " ".join(str(s) for s in result.score))
    return "\n".join(out) + "\n"
