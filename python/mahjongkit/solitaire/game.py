"""A game of Mahjong solitaire: moves, refusals, undo/redo, replay, shuffles, hints, a result.

A :class:`Game` starts from the deal of ``(layout, seed)``. Moves remove a pair by slot ids;
a move the rules forbid is *refused*: :meth:`Game.remove` returns a :class:`Refusal` (a code
and the reason in words) and nothing changes. Illegal moves are values, not exceptions;
wrong argument types still raise.

>>> game = Game.new("turtle", seed=1)
>>> game.status, game.tiles_left, len(game.available_pairs()) > 0
(<Status.PLAYING: 'playing'>, 144, True)
>>> refusal = game.remove(1, 2)
>>> refusal.code
<RefusalCode.NOT_FREE: 'not_free'>
>>> print(refusal.reason)
1 at (6,0,0) is blocked: both sides occupied (left 0, right 2)
>>> a, b = game.hint().pair
>>> move = game.remove(a, b)
>>> game.tiles_left, game.counters.moves, game.undo() is not None, game.tiles_left
(142, 1, True, 144)

Shuffles (decision 8 of docs/decisions.md) are seeded from the game's seed and the shuffle's
index (stream
``1 + index`` of the seeded generator), so a saved game replays them exactly: *solvable*
(002's reverse deal over the remaining slots with the remaining faces; the default) and
*classic* (000's reshuffle of the remaining faces over the remaining slots, no guarantee).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import Enum

from mahjongkit import tiles
from mahjongkit._words import plural
from mahjongkit.refusal import Refusal as BaseRefusal
from mahjongkit.solitaire import engine
from mahjongkit.solitaire.board import Board
from mahjongkit.solitaire.checks import layout_of
from mahjongkit.solitaire.layout import Layout
from mahjongkit.solitaire.learn import Explanation, Unlock, explain, unlocked
from mahjongkit.solitaire.rng import Rng
from mahjongkit.solitaire.seeds import check_seed
from mahjongkit.solitaire.solver import (
    HINT_RULE,
    SolveResult,
    Verdict,
    check_seconds,
    solve,
)

Clock = Callable[[], float]


class Status(Enum):
    """Where the game stands."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"
    """Tiles are left but no two free tiles match (undo or shuffle to go on)."""


class RefusalCode(Enum):
    """Why an action was refused; the :class:`Refusal` also says it in words."""

    UNKNOWN_SLOT = "unknown_slot"
    SAME_TILE = "same_tile"
    ALREADY_REMOVED = "already_removed"
    NOT_FREE = "not_free"
    NO_MATCH = "no_match"
    GAME_OVER = "game_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    NO_SOLVABLE_ARRANGEMENT = "no_solvable_arrangement"
    UNKNOWN_SHUFFLE = "unknown_shuffle"


class Refusal(BaseRefusal[RefusalCode, int]):
    """A refused action, in the shape of both games (:mod:`mahjongkit.refusal`): nothing
    changed. It is falsy, so ``if game.remove(a, b):`` reads. Its context is the slots it is
    about."""

    @property
    def reason(self) -> str:
        """The message (the name this field had first)."""
        return self.message

    @property
    def slots(self) -> tuple[int, ...]:
        """The slots the refusal is about (the context)."""
        return self.context


class ShuffleKind(Enum):
    """The two shuffles of decision 8."""

    SOLVABLE = "solvable"
    CLASSIC = "classic"


@dataclass(frozen=True)
class Move:
    """A pair removed, and what it changed."""

    first: int
    second: int
    faces: tuple[int, int]
    unlock: Unlock
    dead_end: bool | None = None
    """``True`` when the position was winnable before this move and is not after it
    ("dead end ahead"); ``False`` when it is still winnable or was already lost; ``None``
    when not checked or the solver's budget ran out."""

    @property
    def pair(self) -> tuple[int, int]:
        """The two slots."""
        return (self.first, self.second)


@dataclass(frozen=True)
class Shuffle:
    """A shuffle done: which kind, its index, and the faces on the board before and after."""

    kind: ShuffleKind
    index: int
    before: tuple[int, ...]
    after: tuple[int, ...]


Action = Move | Shuffle


@dataclass(frozen=True)
class Hint:
    """A pair to play, and whether it keeps the game winnable."""

    pair: tuple[int, int]
    keeps_winnable: bool | None
    """``True``: the solver proved the game can still be won after it. ``False``: the game
    cannot be won any more (this is just some legal pair). ``None``: the budget ran out."""


@dataclass
class Counters:
    """What a result reports: moves, undos, shuffles, hints and elapsed seconds."""

    moves: int = 0
    undos: int = 0
    redos: int = 0
    shuffles: int = 0
    hints: int = 0

    def to_json(self) -> dict[str, int]:
        """The counters by name, as saves and the web API write them.

        >>> Counters(moves=3).to_json()
        {'moves': 3, 'undos': 0, 'redos': 0, 'shuffles': 0, 'hints': 0}
        """
        return asdict(self)


@dataclass(frozen=True)
class GameResult:
    """The end of a game as the player sees it: never the solution or the assignment."""

    layout: str
    seed: int
    outcome: str
    """``"won"``, ``"stuck"`` or ``"abandoned"`` (quit while moves were left)."""
    seconds: float
    moves: int
    undos: int
    shuffles: int
    hints: int
    tiles_left: int

    def __str__(self) -> str:
        minutes, seconds = divmod(round(self.seconds), 60)
        return (
            f"{self.outcome} on {self.layout} (seed {self.seed}) in {minutes}:{seconds:02d}: "
            f"{plural(self.moves, 'move')}, {plural(self.undos, 'undo')}, "
            f"{plural(self.shuffles, 'shuffle')}, {plural(self.hints, 'hint')}, "
            f"{plural(self.tiles_left, 'tile left', 'tiles left')}"
        )


@dataclass
class _Timer:
    clock: Clock
    started: float = 0.0
    carried: float = 0.0
    stopped_at: float | None = None

    def restart(self, carried: float = 0.0) -> None:
        self.started = self.clock()
        self.carried = carried
        self.stopped_at = None

    def elapsed(self) -> float:
        end = self.stopped_at if self.stopped_at is not None else self.clock()
        return self.carried + max(0.0, end - self.started)

    def stop(self) -> None:
        if self.stopped_at is None:
            self.stopped_at = self.clock()

    def resume(self) -> None:
        if self.stopped_at is not None:
            self.carried = self.elapsed()
            self.started = self.clock()
            self.stopped_at = None


@dataclass
class Game:
    """One game session over a dealt board. Build it with :meth:`new` or :meth:`from_board`.

    ``solver_seconds`` bounds each solver call (hints and the dead-end check);
    ``check_dead_ends`` turns the after-move check off for speed.
    """

    board: Board
    clock: Clock = time.monotonic
    solver_seconds: float = 1.0
    check_dead_ends: bool = True
    impl: str | None = None
    faces: list[int] = field(init=False)
    history: list[Action] = field(init=False)
    redo_stack: list[Action] = field(init=False)
    counters: Counters = field(init=False)
    selection: int | None = field(init=False, default=None)
    shown_hint: Hint | None = field(init=False, default=None)
    _timer: _Timer = field(init=False)
    _paused: bool = field(init=False, default=False)
    _verdicts: dict[tuple[int, ...], bool | None] = field(init=False)

    def __post_init__(self) -> None:
        self.solver_seconds = check_seconds(self.solver_seconds, "solver_seconds")
        self._timer = _Timer(self.clock)
        self._verdicts = {}
        self._reset()

    @classmethod
    def new(
        cls,
        layout: str | Layout = "turtle",
        seed: int = 0,
        *,
        clock: Clock = time.monotonic,
        solver_seconds: float = 1.0,
        check_dead_ends: bool = True,
        impl: str | None = None,
    ) -> Game:
        """A game on the deal of ``(layout, seed)``.

        >>> Game.new("tea house", seed=2).tiles_left
        36
        """
        chosen = layout_of(layout)
        board = engine.deal(chosen, check_seed(seed), impl=impl)
        return cls(
            board,
            clock=clock,
            solver_seconds=solver_seconds,
            check_dead_ends=check_dead_ends,
            impl=impl,
        )

    @classmethod
    def from_board(cls, board: Board, **options: object) -> Game:
        """A game on a board you already have (options as for :meth:`new`)."""
        return cls(board, **options)  # type: ignore[arg-type]

    # ---- state ----

    def _reset(self) -> None:
        self.faces = list(self.board.faces)
        self.history = []
        self.redo_stack = []
        self.counters = Counters()
        self.selection = None
        self.shown_hint = None
        self._timer.restart()

    @property
    def layout(self) -> Layout:
        """The layout played on."""
        return self.board.layout

    @property
    def seed(self) -> int:
        """The deal's seed."""
        return self.board.seed

    @property
    def present(self) -> tuple[int, ...]:
        """The slots that still hold a tile, ascending."""
        return tuple(slot for slot, face in enumerate(self.faces) if face)

    @property
    def tiles_left(self) -> int:
        """How many tiles are still on the board."""
        return sum(1 for face in self.faces if face)

    def __repr__(self) -> str:
        """A line: the deal, the tiles left, the moves and the status.

        >>> Game.new("tea house", seed=2)
        <Game Tea House seed=2: 36 tiles left, 0 moves, playing>
        """
        left = plural(self.tiles_left, "tile left", "tiles left")
        return (
            f"<Game {self.board.layout.name} seed={self.board.seed}: {left},"
            f" {plural(self.counters.moves, 'move')}, {self.status.value}>"
        )

    def _repr_svg_(self) -> str:
        """The tiles still on the board seen from above, the free ones outlined (Jupyter)."""
        from mahjongkit._drawing import stack_svg

        title = f"{self.board.layout.name}, seed {self.board.seed}"
        return stack_svg(self.board.layout.slots, self.faces, self.free_slots(), title=title)

    def _repr_html_(self) -> str:
        from mahjongkit._drawing import html

        return html(repr(self)[1:-1], self._repr_svg_())

    @property
    def elapsed(self) -> float:
        """Seconds played (the clock stops when the game is won, and while paused)."""
        return self._timer.elapsed()

    @property
    def paused(self) -> bool:
        """Whether :meth:`pause` stopped the clock and nothing has started it since."""
        return self._paused and self._timer.stopped_at is not None

    def pause(self) -> None:
        """Stop the clock while the player is away; :meth:`resume` (or an undo) starts it.

        >>> now = [0.0]
        >>> game = Game.new("tea house", seed=2, clock=lambda: now[0])
        >>> now[0] = 5.0; game.pause(); now[0] = 65.0; game.resume(); now[0] = 66.0
        >>> game.elapsed, game.paused
        (6.0, False)
        """
        if self.tiles_left and self._timer.stopped_at is None:
            self._timer.stop()
            self._paused = True

    def resume(self) -> None:
        """Start the clock that :meth:`pause` stopped (nothing otherwise: a won game's
        clock stays stopped)."""
        if self.paused:
            self._timer.resume()
        self._paused = False

    def position(self) -> tuple[int, ...]:
        """The face on every slot, 0 for removed: the input of the solver."""
        return tuple(self.faces)

    def free_slots(self) -> tuple[int, ...]:
        """The free tiles now."""
        return engine.free_slots(self.layout, self.present, impl=self.impl)

    def available_pairs(self) -> list[tuple[int, int]]:
        """Every pair that can be removed now, ascending.

        >>> game = Game.new("turtle", seed=1)
        >>> all(game.faces[a] and game.faces[b] for a, b in game.available_pairs())
        True
        """
        free = self.free_slots()
        pairs = []
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                if tiles.solitaire_match(self.faces[a], self.faces[b]):
                    pairs.append((a, b))
        return pairs

    @property
    def status(self) -> Status:
        """Playing, won, or stuck (tiles left and no pair to remove)."""
        if self.tiles_left == 0:
            return Status.WON
        if not self.available_pairs():
            return Status.STUCK
        return Status.PLAYING

    def explain(self, slot: int) -> Explanation:
        """Learn Mode: why ``slot`` is (not) free now (see :mod:`mahjongkit.solitaire.learn`)."""
        return explain(self.layout, self.present, slot)

    # ---- moves ----

    def why_not(self, first: int, second: int) -> Refusal | None:
        """The refusal ``apply(first, second)`` would give, or ``None`` if it is legal.

        ``why_not`` and :meth:`apply` are the verbs of both games (MCR's ``Rules`` has them
        too); ``check`` is the old name and keeps working."""
        for slot in (first, second):
            if isinstance(slot, bool) or not isinstance(slot, int):
                raise TypeError(f"a slot id is an int, not {type(slot).__name__}")
        size = self.layout.size
        for slot in (first, second):
            if not 0 <= slot < size:
                return Refusal(
                    RefusalCode.UNKNOWN_SLOT,
                    f"there is no tile {slot}: the ids of {self.layout.name} are 0 to {size - 1}",
                    (slot,),
                )
        if self.tiles_left == 0:
            return Refusal(RefusalCode.GAME_OVER, "the game is over: every tile is removed")
        if first == second:
            return Refusal(
                RefusalCode.SAME_TILE, f"{first} twice: a pair is two different tiles", (first,)
            )
        for slot in (first, second):
            if not self.faces[slot]:
                return Refusal(
                    RefusalCode.ALREADY_REMOVED, f"tile {slot} is already removed", (slot,)
                )
        for slot in (first, second):
            why = self.explain(slot)
            if not why.free:
                return Refusal(RefusalCode.NOT_FREE, str(why), (slot,))
        a, b = self.faces[first], self.faces[second]
        if not tiles.solitaire_match(a, b):
            return Refusal(
                RefusalCode.NO_MATCH,
                f"{first} ({tiles.code(a)}) and {second} ({tiles.code(b)}) do not match",
                (first, second),
            )
        return None

    check = why_not

    def apply(self, first: int, second: int) -> Move | Refusal:
        """Remove the pair of tiles ``first`` and ``second``, or say why not (``remove`` is
        the same method under its first name).

        >>> game = Game.new("turtle", seed=1)
        >>> game.apply(0, 0).code, game.remove(0, 999).code
        (<RefusalCode.SAME_TILE: 'same_tile'>, <RefusalCode.UNKNOWN_SLOT: 'unknown_slot'>)
        """
        refusal = self.why_not(first, second)
        if refusal is not None:
            return refusal
        before = self.present
        was_winnable = self._winnable() if self.check_dead_ends else None
        faces = (self.faces[first], self.faces[second])
        self.faces[first] = self.faces[second] = 0
        unlock = unlocked(self.layout, before, self.present)
        dead_end: bool | None = None
        if self.check_dead_ends:
            now_winnable = self._winnable()
            if was_winnable is True and now_winnable is False:
                dead_end = True
            elif was_winnable is not None and now_winnable is not None:
                dead_end = False
        move = Move(first, second, faces, unlock, dead_end)
        self._record(move)
        self.counters.moves += 1
        if self.tiles_left == 0:
            self._timer.stop()
        return move

    remove = apply

    def select(self, slot: int) -> Move | Refusal | None:
        """Click-style play: select a tile, then its partner; the second click removes the
        pair (or refuses and clears the selection). Clicking the selection again unselects.
        """
        if self.selection is None:
            refusal = self.check(slot, slot)
            if refusal is not None and refusal.code is not RefusalCode.SAME_TILE:
                return refusal
            self.selection = slot
            return None
        first, self.selection = self.selection, None
        if first == slot:
            return None
        return self.remove(first, slot)

    def _record(self, action: Action) -> None:
        self.history.append(action)
        self.redo_stack.clear()
        self.selection = None
        self.shown_hint = None

    # ---- undo, redo, replay ----

    def undo(self) -> Action | Refusal:
        """Take back the last move or shuffle; the selection and any hint are dropped."""
        if not self.history:
            return Refusal(RefusalCode.NOTHING_TO_UNDO, "nothing to undo")
        action = self.history.pop()
        self._unapply(action)
        self.redo_stack.append(action)
        self.counters.undos += 1
        self.selection = None
        self.shown_hint = None
        self._timer.resume()
        return action

    def redo(self) -> Action | Refusal:
        """Play again what the last undo took back."""
        if not self.redo_stack:
            return Refusal(RefusalCode.NOTHING_TO_REDO, "nothing to redo")
        action = self.redo_stack.pop()
        self._apply(action)
        self.history.append(action)
        self.counters.redos += 1
        self.selection = None
        self.shown_hint = None
        if self.tiles_left == 0:
            self._timer.stop()
        return action

    def _apply(self, action: Action) -> None:
        if isinstance(action, Move):
            self.faces[action.first] = self.faces[action.second] = 0
        else:
            self.faces = list(action.after)

    def _unapply(self, action: Action) -> None:
        if isinstance(action, Move):
            self.faces[action.first], self.faces[action.second] = action.faces
        else:
            self.faces = list(action.before)

    def replay(self) -> None:
        """Replay Same Board: the dealt position again, history and counters reset."""
        self._reset()

    # ---- shuffles ----

    def shuffle(self, kind: ShuffleKind | str = ShuffleKind.SOLVABLE) -> Shuffle | Refusal:
        """Rearrange the remaining faces over the remaining slots (decision 8).

        >>> game = Game.new("turtle", seed=5)
        >>> done = game.shuffle()
        >>> done.index, sorted(done.before) == sorted(done.after), game.is_winnable()
        (0, True, True)
        """
        try:
            chosen = ShuffleKind(kind) if isinstance(kind, str) else kind
        except ValueError:
            return Refusal(
                RefusalCode.UNKNOWN_SHUFFLE, f"unknown shuffle {kind!r}: use solvable or classic"
            )
        if not isinstance(chosen, ShuffleKind):
            raise TypeError(f"kind must be a ShuffleKind or str, not {type(kind).__name__}")
        if self.tiles_left == 0:
            return Refusal(RefusalCode.GAME_OVER, "the game is over: every tile is removed")
        return self._shuffle_at(chosen, self.counters.shuffles)

    def _shuffle_at(self, chosen: ShuffleKind, index: int) -> Shuffle | Refusal:
        arranged = shuffled_faces(self.layout, self.faces, self.seed, index, chosen, impl=self.impl)
        if isinstance(arranged, str):
            return Refusal(RefusalCode.NO_SOLVABLE_ARRANGEMENT, arranged)
        # Shuffles in a row share their tuples (one's after is the next's before): the
        # history of a game of shuffles costs half the memory (docs/web.md's bound).
        last = self.history[-1] if self.history else None
        before = tuple(self.faces)
        if isinstance(last, Shuffle) and last.after == before:
            before = last.after
        action = Shuffle(chosen, index, before, tuple(arranged))
        self.faces = list(arranged)
        self._record(action)
        self.counters.shuffles += 1
        return action

    # ---- the solver's help ----

    def _winnable(self) -> bool | None:
        key = tuple(self.faces)
        if key not in self._verdicts:
            self._verdicts[key] = solve(
                self.layout, key, max_seconds=self.solver_seconds, impl=self.impl
            ).solvable
        return self._verdicts[key]

    def _hint_solve(self) -> SolveResult:
        # The hint's rule: the classic playouts and search, without the fast rule's quick games
        # and extra playouts, which decide verdicts faster but pick other solutions (hints).
        return solve(
            self.layout,
            self.faces,
            max_seconds=self.solver_seconds,
            impl=self.impl,
            rule=HINT_RULE,
        )

    def is_winnable(self) -> bool | None:
        """Whether the current position can still be cleared (``None``: budget ran out)."""
        return self._winnable()

    def solution(self) -> tuple[tuple[int, int], ...] | None:
        """A full solution from here, or ``None`` (unwinnable, or the budget ran out); the one
        whose first move :meth:`hint` shows (the hint's rule, ``HINT_RULE``)."""
        result = self._hint_solve()
        self._verdicts[tuple(self.faces)] = result.solvable
        return result.solution if result.verdict is Verdict.SOLVABLE else None

    def hint(self) -> Hint | None:
        """A pair to play, preferring one that keeps the game winnable; ``None`` when stuck.

        Counts as a hint; the hint is dropped by the next move or undo.
        """
        result = self._hint_solve()
        self._verdicts[tuple(self.faces)] = result.solvable
        if result.solution:
            hint = Hint(result.solution[0], True)
        else:
            pairs = self.available_pairs()
            if not pairs:
                return None
            hint = Hint(pairs[0], result.solvable)
        self.counters.hints += 1
        self.shown_hint = hint
        return hint

    # ---- the end ----

    def result(self, *, quit: bool = False) -> GameResult:
        """The result: outcome, time, counters; never the solution or the board.

        >>> game = Game.new("tea house", seed=1, clock=lambda: 0.0)
        >>> print(game.result(quit=True))  # doctest: +ELLIPSIS
        abandoned on Tea House (seed 1) in 0:00: 0 moves, 0 undos, ..., 36 tiles left
        """
        status = self.status
        if status is Status.WON:
            outcome = "won"
        elif status is Status.STUCK:
            outcome = "stuck"
        else:
            outcome = "abandoned" if quit else "playing"
        return GameResult(
            self.layout.name,
            self.seed,
            outcome,
            self.elapsed,
            self.counters.moves,
            self.counters.undos,
            self.counters.shuffles,
            self.counters.hints,
            self.tiles_left,
        )

    def copy_counters(self) -> Counters:
        """A snapshot of the counters."""
        return replace(self.counters)


def shuffle_stream(index: int) -> int:
    """The generator stream of the shuffle number ``index`` (0-based) of a game: ``1 + index``
    (stream 0 is the deal's own).

    >>> shuffle_stream(0)
    1
    """
    return 1 + index


def shuffled_faces(
    layout: Layout,
    faces: Sequence[int],
    seed: int,
    index: int,
    kind: ShuffleKind,
    *,
    impl: str | None = None,
) -> list[int] | str:
    """The faces after shuffle ``index`` of the game of ``seed``, or, when a solvable shuffle
    cannot be made, the reason why in words.

    *classic*: a Fisher-Yates shuffle, on ``Rng(seed, 1 + index)``, of the remaining faces
    in slot order, put back on the remaining slots in slot order. *solvable*: the core's
    ``redeal`` on the same stream.

    >>> from mahjongkit.solitaire import deal, get_layout
    >>> board = deal(get_layout("tea house"), 3)
    >>> shuffled_faces(board.layout, board.faces, 3, 0, ShuffleKind.CLASSIC) == (
    ...     shuffled_faces(board.layout, board.faces, 3, 0, ShuffleKind.CLASSIC))
    True
    """
    present = [slot for slot, face in enumerate(faces) if face]
    remaining = [faces[slot] for slot in present]
    stream = shuffle_stream(index)
    if kind is ShuffleKind.CLASSIC:
        Rng(seed, stream).shuffle(remaining)
        out = [0] * layout.size
        for slot, face in zip(present, remaining, strict=True):
            out[slot] = face
        return out
    try:
        board = engine.redeal(layout, present, remaining, seed, stream=stream, impl=impl)
        return list(board.faces)
    except engine.DealError:
        pass
    # Every trial of the reverse deal got stuck. Whether any arrangement can be cleared is a
    # question about the slots alone (any two free slots can be given a pair): ask the
    # solver with every remaining tile in one group, and if it finds a clearance, paste the
    # shuffled pairs onto it.
    one_group = [5 if face else 0 for face in faces]
    result = solve(layout, one_group, max_nodes=2_000_000, max_seconds=0, impl=impl)
    if result.verdict is Verdict.UNSOLVABLE:
        return (
            f"no arrangement of the {len(present)} remaining tiles can be cleared: the "
            "remaining slots cannot be emptied two free tiles at a time"
        )
    if result.verdict is Verdict.UNKNOWN:
        return (
            f"no solvable arrangement of the {len(present)} remaining tiles was found "
            f"({result.reason})"
        )
    pairs = engine.pair_faces(remaining)
    Rng(seed, stream).shuffle(pairs)
    out = [0] * layout.size
    for (a, b), (face_a, face_b) in zip(result.solution, pairs, strict=True):
        out[a], out[b] = face_a, face_b
    return out
