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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Final, NamedTuple

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
        raise _Bad(number, f"unknown tile {word!r} (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)")
    return kind


def _seat(word: str, number: int) -> int:
    if word not in ("0", "1", "2", "3"):
        raise _Bad(number, f"a seat is 0 to 3, not {word!r}")
    return int(word)


def _ints(words: list[str], number: int, what: str) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise _Bad(number, f"{what}: not integers: {' '.join(words)!r}") from None


def _fans(words: list[str], number: int) -> tuple[tuple[str, int], ...]:
    fans = []
    for part in " ".join(words).split("+") if words else []:
        name, star, count = part.strip().rpartition("*")
        if not star or not name or not count.isdigit():
            raise _Bad(number, f"a fan is written name*count, not {part!r}")
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
        raise _Bad(number, f"a step is 'Player <n> <action> <tile>', not {' '.join(words)!r}")
    step_action = _ACTIONS.get(words[2])
    if step_action is None:
        raise _Bad(number, f"unknown action {words[2]!r} ({', '.join(_ACTIONS)})")
    step_seat = _seat(words[1], number)
    step_tile = _tile(words[3], number)
    ignored = []
    rest = words[4:]
    while rest:
        if len(rest) < 5 or rest[0] != "Ignore" or rest[1] != "Player":
            raise _Bad(
                number,
                f"after the step, expected 'Ignore Player <m> <action> <tile>', not"
                f" {' '.join(rest)!r}",
            )
        claim = _CLAIMS.get(rest[3].upper())
        if claim is None:
            raise _Bad(number, f"an ignored claim is Chi, Peng, Gang or Hu, not {rest[3]!r}")
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
        raise _Bad(number, f"expected 'Wind <0-3>', not {' '.join(words)!r}")
    wind = int(words[1])
    deals: list[tuple[int, ...]] = []
    for seat in range(SEATS):
        number, words = expect(f"Player {seat} Deal")
        if words[:3] != ["Player", str(seat), "Deal"]:
            raise _Bad(
                number, f"expected 'Player {seat} Deal' and 13 tiles, not {' '.join(words[:3])!r}"
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
        raise _Bad(number, f"unexpected line {' '.join(words)!r} (a step, Fan or Huang)")
    number, words = expect("Score")
    if words[:1] != ["Score"] or len(words) != 5:
        raise _Bad(number, f"expected 'Score' and four integers, not {' '.join(words)!r}")
    s = _ints(words[1:], number, "the scores")
    extra = next(it, None)
    if extra is not None:
        raise _Bad(extra[0], f"unexpected line after the score: {extra[1].strip()!r}")
    result = Result(drawn, fan, fans, (s[0], s[1], s[2], s[3]), number)
    return Record(match, wind, tuple(deals), tuple(steps), result, start)


def _numbered(source: Iterable[str | bytes]) -> Iterator[tuple[int, str | None]]:
    """Lines with their numbers (1-based); ``None`` for a line that is not UTF-8 text."""
    for number, raw in enumerate(source, 1):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, None
                continue
        if number == 1:
            raw = raw.removeprefix("\ufeff")  # a byte-order mark some editors write
        yield number, None if "\0" in raw else raw.rstrip("\r\n")


def read_records(
    source: str | os.PathLike[str] | Iterable[str | bytes],
    *,
    first_line: int = 1,
) -> Iterator[Record | BadRecord]:
    """The games of a file (a path) or of lines, in order, one at a time.

    Every game is a :class:`Record` or, when a line of it is wrong, a :class:`BadRecord`
    naming that line; reading resumes at the next ``Match`` line. Lines before the first
    ``Match`` that are not blank, and a line that is not UTF-8 text (a binary file), make a
    :class:`BadRecord` too. ``first_line`` numbers the first line read (for a slice of a
    file).
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as stream:
            yield from _read(stream, first_line)
        return
    yield from _read(source, first_line)


def _read(source: Iterable[str | bytes], first_line: int) -> Iterator[Record | BadRecord]:
    offset = first_line - 1
    match: str | None = None
    lines: list[tuple[int, str]] = []
    bad: BadRecord | None = None
    stray: int | None = None  # the first line of text outside any game, not yet reported

    def finish() -> Record | BadRecord:
        assert match is not None
        if bad is not None:
            return bad
        try:
            return _parse(match, lines)
        except _Bad as error:
            return BadRecord(match, error.line, error.problem)

    for number, line in _numbered(source):
        number += offset
        if line is None:
            problem = "not text: a binary file, or not UTF-8"
            if match is None:
                if stray is None:
                    yield BadRecord("", number, problem)
                    stray = number
            elif bad is None:
                bad = BadRecord(match, number, problem)
            continue
        if line.startswith("Match"):
            words = line.split(maxsplit=1)
            if words[0] == "Match":
                if match is not None:
                    yield finish()
                match = words[1].strip() if len(words) > 1 else ""
                lines, bad, stray = [(number, line)], None, None
                if not match:
                    bad = BadRecord("", number, "'Match' names no id")
                continue
        if not line or line.isspace():
            continue
        if match is None:
            if stray is None:
                yield BadRecord("", number, f"a line outside any game: {line.strip()[:60]!r}")
                stray = number
            continue
        lines.append((number, line))
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
