"""Terminal play: a plain prompt loop over a :class:`~mahjongkit.solitaire.game.Game`.

Every command is a line; :meth:`Session.handle` turns one line into the text to show, so the
loop is trivially scriptable and testable (``mahjongkit play`` reads standard input).

>>> from mahjongkit.solitaire.game import Game
>>> session = Session(Game.new("tea house", seed=3, clock=lambda: 0.0))
>>> print(session.handle("explain 7"))
7 at (2,2,0) is blocked: covered by 24; both sides occupied (left 6, right 8)
>>> print(session.handle("remove 7 8"))
refused (not_free): 7 at (2,2,0) is blocked: covered by 24; both sides occupied (left 6, right 8)
>>> print(session.handle("fly"))  # doctest: +ELLIPSIS
unknown command 'fly'. Commands:
...
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from mahjongkit import tiles
from mahjongkit._words import plural
from mahjongkit.commands import Command, Commands
from mahjongkit.solitaire.game import (
    Game,
    GameResult,
    Move,
    Refusal,
    Shuffle,
    ShuffleKind,
    Status,
)
from mahjongkit.solitaire.save import SaveError, dumps, load

HELP = """\
  A B            remove the pair of tiles A and B (also: remove A B)
  u, undo        take back the last move or shuffle
  redo           play again what undo took back
  h, hint        show a pair that keeps the game winnable
  s, shuffle [solvable|classic]
                 rearrange the remaining tiles (solvable by default)
  e, explain ID  why tile ID is free or blocked (Learn Mode)
  b, board       show the board again
  replay         start this board again (history and counters reset)
  save FILE      save the game as JSON
  load FILE      load a saved game (the current one stays if the file is bad)
  ?, help        this list
  q, quit        stop and show the result"""


_FREE = "\x1b[1;32m"  # bold green: a free tile's face
_DIM = "\x1b[2m"  # the ids
_RESET = "\x1b[0m"


def render(game: Game, *, glyphs: bool = False, color: bool = False) -> str:
    """The board to scale, layer by layer, as ``mahjongkit deal`` draws it: each tile is
    four characters wide (two per half-tile of x), its id above its face, ``*`` after the
    face of a free tile (and, with ``color``, the free faces in green). Rows half a tile down
    (wings, offset rows) get their own lines; removed tiles leave their place empty.

    >>> from mahjongkit.solitaire.game import Game
    >>> game = Game.new("tea house", seed=3)
    >>> _ = game.remove(6, 18)  # two 1m
    >>> print(render(game))  # doctest: +ELLIPSIS
    Tea House, seed 3: 34 tiles left, 15 free, 4 pairs to take
    layer 0
    y 0 0   1   2   3   4   5
        8p* 2p  3p  T4  6s  R*
    y 2     7   8   9   10  11
            2m  R   T3  8s  3m*
    y 4 12  13  14  15  16  17
        9s* 7p  W   8s  9p  W*
    y 6     19  20  21  22  23
            6s* 1p  3p  2p  1p*
    layer 1
    ...
    """
    free = set(game.free_slots())
    pairs = len(game.available_pairs())
    lines = [
        f"{game.layout.name}, seed {game.seed}: "
        f"{plural(game.tiles_left, 'tile left', 'tiles left')}, "
        f"{len(free)} free, {plural(pairs, 'pair')} to take"
    ]
    rows: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for slot in game.present:
        x, y, z = game.layout.slots[slot]
        rows.setdefault((z, y), []).append((x, slot))
    layer = -1
    for (z, y), cells in sorted(rows.items()):
        if z != layer:
            lines.append(f"layer {z}")
            layer = z
        ids, faces = [f"y{y:>2} "], ["    "]
        column = 0
        for x, slot in sorted(cells):
            gap = " " * (2 * x - column)
            column = 2 * x + 4
            face = game.faces[slot]
            shown = tiles.glyph(face) if glyphs else tiles.code(face)
            mark = "*" if slot in free else " "
            cell = f"{shown}{mark}".ljust(4 if not glyphs else 3)
            if color and slot in free:
                cell = f"{_FREE}{cell}{_RESET}"
            number = f"{slot:<4}"
            ids.append(gap + (f"{_DIM}{number}{_RESET}" if color else number))
            faces.append(gap + cell)
        lines.append("".join(ids).rstrip())
        lines.append("".join(faces).rstrip())
    return "\n".join(lines)


def _status_line(game: Game) -> str:
    status = game.status
    if status is Status.WON:
        return f"You won! {game.result()}"
    if status is Status.STUCK:
        return "Stuck: no free pair is left. Try undo, shuffle or replay (or quit to end the game)."
    left = plural(game.tiles_left, "tile left", "tiles left")
    return f"{left}, {plural(len(game.available_pairs()), 'pair')} to take."


def _is_id(text: str) -> bool:
    """ASCII digits only (``"²".isdigit()`` is true, and ``int`` refuses it), and short."""
    return text.isascii() and text.isdigit() and len(text) <= 6


class Session:
    """One game at the terminal: :meth:`handle` a line, get the text to print."""

    def __init__(self, game: Game, *, glyphs: bool = False, color: bool = False) -> None:
        self.game = game
        self.finished = False
        self.glyphs = glyphs
        self.color = color
        self.commands = Commands(
            Command(("remove", "r", "m"), self._remove),
            Command(("undo", "u"), self._undo),
            Command(("redo",), self._redo),
            Command(("hint", "h"), self._hint),
            Command(("shuffle", "s"), self._shuffle),
            Command(("explain", "e"), self._explain),
            Command(("board", "b"), self._board),
            Command(("replay",), self._replay),
            Command(("save",), self._save),
            Command(("load",), self._load),
            Command(("help", "?"), self._help),
            Command(("quit", "q"), self._quit),
        )

    def board(self) -> str:
        """The board as :func:`render` draws it with this session's options."""
        return render(self.game, glyphs=self.glyphs, color=self.color)

    def handle(self, line: str) -> str:
        """Run one command line and return what to show (never raises on bad input)."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            return f"cannot read that line ({error}). Type ? for help."
        if not words:
            return ""
        if _is_id(words[0]):  # two ids alone remove a pair
            return self._remove(words)
        command = self.commands.find(words[0])
        if command is None or (command.name == "remove" and len(words) == 1):
            return f"unknown command {words[0]!r}. Commands:\n{HELP}"
        return command.run(words[1:])

    def _remove(self, numbers: list[str]) -> str:
        if len(numbers) != 2 or not all(_is_id(n) for n in numbers):
            return "to remove a pair, type the two tile ids, e.g. 12 40"
        outcome = self.game.remove(int(numbers[0]), int(numbers[1]))
        if isinstance(outcome, Refusal):
            return f"refused ({outcome.code.value}): {outcome.reason}"
        return self._describe_move(outcome)

    def _describe_move(self, move: Move) -> str:
        a, b = move.faces
        lines = [f"removed {move.first} and {move.second} ({tiles.code(a)}, {tiles.code(b)})"]
        if move.unlock.newly_free or move.unlock.newly_uncovered:
            lines.append(str(move.unlock))
        if move.dead_end:
            lines.append("Dead end ahead: this move lost a game that could still be won (undo?)")
        lines.append(_status_line(self.game))
        return "\n".join([*lines, self.board()])

    def _undo(self, _: list[str]) -> str:
        outcome = self.game.undo()
        if isinstance(outcome, Refusal):
            return outcome.reason
        if isinstance(outcome, Move):
            said = f"took back {outcome.first} and {outcome.second}. {_status_line(self.game)}"
        else:
            said = f"took back the {outcome.kind.value} shuffle. {_status_line(self.game)}"
        return f"{said}\n{self.board()}"

    def _redo(self, _: list[str]) -> str:
        outcome = self.game.redo()
        if isinstance(outcome, Refusal):
            return outcome.reason
        if isinstance(outcome, Move):
            said = f"removed {outcome.first} and {outcome.second} again. " + _status_line(self.game)
        else:
            said = f"shuffled again. {_status_line(self.game)}"
        return f"{said}\n{self.board()}"

    def _hint(self, _: list[str]) -> str:
        hint = self.game.hint()
        if hint is None:
            return "no pair can be removed: undo, shuffle or replay."
        a, b = hint.pair
        if hint.keeps_winnable:
            return f"hint: {a} and {b} (the game can still be won after it)"
        if hint.keeps_winnable is False:
            return f"hint: {a} and {b} (but this position can no longer be won: undo or shuffle)"
        return f"hint: {a} and {b} (the solver ran out of time to check the rest)"

    def _shuffle(self, args: list[str]) -> str:
        kind = args[0].lower() if args else ShuffleKind.SOLVABLE.value
        outcome = self.game.shuffle(kind)
        if isinstance(outcome, Refusal):
            return f"refused ({outcome.code.value}): {outcome.reason}"
        assert isinstance(outcome, Shuffle)
        return f"shuffled ({outcome.kind.value}).\n{self.board()}"

    def _explain(self, args: list[str]) -> str:
        if len(args) != 1 or not _is_id(args[0]):
            return "explain which tile? e.g. explain 139"
        slot = int(args[0])
        if slot >= self.game.layout.size:
            return f"there is no tile {slot}: the ids are 0 to {self.game.layout.size - 1}"
        return str(self.game.explain(slot))

    def _board(self, _: list[str]) -> str:
        return self.board()

    def _replay(self, _: list[str]) -> str:
        self.game.replay()
        return "the same board again, from the start.\n" + self.board()

    def _save(self, args: list[str]) -> str:
        if len(args) != 1:
            return "save where? e.g. save game.json"
        try:
            Path(args[0]).write_text(dumps(self.game), encoding="utf-8")
        except OSError as error:
            return f"could not save: {error}"
        return f"saved to {args[0]}"

    def _load(self, args: list[str]) -> str:
        if len(args) != 1:
            return "load which file? e.g. load game.json"
        try:
            game = load(args[0], clock=self.game.clock, solver_seconds=self.game.solver_seconds)
        except (OSError, SaveError) as error:
            return f"could not load, the current game goes on: {error}"
        self.game = game
        return f"loaded {args[0]}.\n{self.board()}"

    def _help(self, _: list[str]) -> str:
        return "Commands:\n" + HELP

    def _quit(self, _: list[str]) -> str:
        self.finished = True
        return ""


def run(
    game: Game,
    lines: Iterable[str],
    out: TextIO,
    *,
    prompt: str = "> ",
    glyphs: bool = False,
    color: bool = False,
) -> GameResult:
    """Play ``game`` with commands from ``lines`` (ends at quit, a win, or end of input); the
    board is drawn to scale after every move (``glyphs``: Unicode tiles; ``color``: free
    tiles in colour, for a terminal)."""
    session = Session(game, glyphs=glyphs, color=color)
    out.write(session.board() + "\nType ? for help.\n" + prompt)
    out.flush()
    for line in lines:
        reply = session.handle(line)
        if reply:
            out.write(reply + "\n")
        if session.finished or session.game.status is Status.WON:
            break
        out.write(prompt)
        out.flush()
    result = session.game.result(quit=True)
    out.write(f"\nResult: {result}\n")
    out.flush()
    return result
