"""Our own games written as records: a game of the rules in the Botzone variant, step by step.

The format holds one hand of the Botzone variant (no flowers, each seat drawing from its
own wall; :data:`~mahjongkit.mcr.game.variant.BOTZONE`): games of that variant (the
``botzone`` variant of the arena, :func:`~mahjongkit.mcr.botzone.variant.botzone_rules`,
:func:`play_records`) can be written; another variant is refused with a ``ValueError``
saying why. Seats are renumbered so that the dealer is ``Player 0``, as in Botzone's
records.

A :class:`Recorder` takes the moves as they are played (``recorder.apply`` in place of
``game.apply``); :func:`record_of` writes a game already played, by replaying its moves
from a copy of its start.

>>> from mahjongkit.mcr.botzone.variant import BotzoneDeal, botzone_rules
>>> game = botzone_rules(BotzoneDeal.from_seed("write-doc"))
>>> recorder = Recorder(game, "doc")
>>> while game.is_active:
...     seat = game.waiting_on[0]
...     _ = recorder.apply(seat, game.legal(seat)[0])
>>> record = recorder.record()
>>> record.steps[0].action.value, record.result.drawn, len(record.steps) > 40
('Draw', True, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Final

from mahjongkit.mcr.arena import replay_deal
from mahjongkit.mcr.game.errors import Refusal
from mahjongkit.mcr.game.events import Claimed, Drew, Event, HandEnded
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.variant import Walls
from mahjongkit.mcr.records.check import QUAN_OF_WIND
from mahjongkit.mcr.records.format import Action, Ignored, Record, Result, Step
from mahjongkit.mcr.scoring.fans import CONCEALED_KONG_AND_MELDED_KONG, FANS

SEATS: Final = 4
_WIND_OF_QUAN: Final = {quan: wind for wind, quan in enumerate(QUAN_OF_WIND)}
_CLAIM_ACTION: Final = {
    MoveKind.CHOW: Action.CHI,
    MoveKind.PUNG: Action.PENG,
    MoveKind.KONG: Action.GANG,
    MoveKind.WIN: Action.HU,
}
_FAN_NAMES: Final = {
    **{number: fan.chinese for number, fan in FANS.items()},
    CONCEALED_KONG_AND_MELDED_KONG.number: CONCEALED_KONG_AND_MELDED_KONG.chinese,
}


class Recorder:
    """Writes down a game of the Botzone variant as it is played: call :meth:`apply` for
    every move (it returns what ``game.apply`` returns) and :meth:`record` at the end. The
    game must not have moved yet, and nothing else may take its events meanwhile."""

    def __init__(self, game: Rules, match: str) -> None:
        variant = game.variant
        if variant.walls is not Walls.PER_SEAT or variant.flowers or variant.hands != 1:
            raise ValueError(
                f"a record holds one hand of the Botzone variant (four walls, no flowers),"
                f" not the {variant.name!r} variant"
            )
        if game.moves:
            raise ValueError("record a game from its start: this one has moved already")
        if not match or any(c.isspace() for c in match):
            raise ValueError(f"a match id is one word, not {match!r}")
        self.game = game
        self.match = match
        dealer = self.dealer = game.dealer
        drawn = game.drawn
        assert drawn is not None and game.turn == dealer
        deals: list[tuple[int, ...]] = [()] * SEATS
        for seat in range(SEATS):
            counts = list(game.hand_of(seat).counts)
            if seat == dealer:
                counts[drawn] -= 1
            deals[self._seat(seat)] = tuple(k for k, n in enumerate(counts) for _ in range(n))
        self.deals = tuple(deals)
        self.steps: list[Step] = [Step(0, 0, Action.DRAW, drawn)]
        self.answers: dict[int, Move] = {}
        self.result: Result | None = None
        self._seen = len(game.outcomes)

    def _seat(self, seat: int) -> int:
        return (seat - self.dealer) % SEATS

    def apply(self, seat: int, move: Move) -> Refusal | None:
        """Play ``move`` for ``seat`` on the game and write down what happened."""
        game = self.game
        window = game.window
        step: Step | None = None
        if window is None:
            tile = move.tile
            if move.kind is MoveKind.DISCARD:
                action = Action.PLAY
            elif move.kind is MoveKind.WIN:
                action, tile = Action.HU, game.drawn
            elif move.kind is MoveKind.KONG and tile is not None:
                held = game.hand_of(seat).counts[tile]
                action = Action.ANGANG if held == 4 else Action.BUGANG
            else:
                action = Action.PLAY  # refused below: not a move of a turn
            if tile is not None:
                step = Step(0, self._seat(seat), action, tile)
        start = len(game.outcomes)
        if start < self._seen:  # someone took the events: the record would be wrong
            raise RuntimeError("the game's events were taken while it was being recorded")
        refusal = game.apply(seat, move)
        if refusal is not None:
            return refusal
        events = game.outcomes[start:]
        self._seen = len(game.outcomes)
        if window is None:
            assert step is not None
            self.steps.append(step)
        else:
            if move.kind is not MoveKind.PASS:
                self.answers[seat] = move
            if game.window is not None:
                return None
            self._close(window.tile, events)
        for event in events:
            if isinstance(event, Drew) and game.drawn is not None and game.turn is not None:
                self.steps.append(Step(0, self._seat(game.turn), Action.DRAW, game.drawn))
            elif isinstance(event, HandEnded):
                self.result = self._result(event)
        return None

    def _close(self, tile: int, events: Sequence[Event]) -> None:
        """The window closed: the winning claim's line, the others as ignored claims."""
        answers, self.answers = self.answers, {}
        winner = None
        for event in events:
            if isinstance(event, Claimed):
                winner = event.claimer
            elif isinstance(event, HandEnded) and event.record.winner is not None:
                winner = event.record.winner
        if winner is None:
            return
        ignored = tuple(
            Ignored(self._seat(s), _CLAIM_ACTION[m.kind], _named_tile(m, tile))
            for s, m in answers.items()
            if s != winner
        )
        move = answers[winner]
        self.steps.append(
            Step(0, self._seat(winner), _CLAIM_ACTION[move.kind], _named_tile(move, tile), ignored)
        )

    def _result(self, event: HandEnded) -> Result:
        hand = event.record
        score = tuple(hand.deltas[(s + self.dealer) % SEATS] for s in range(SEATS))
        four = (score[0], score[1], score[2], score[3])
        if hand.exhausted:
            return Result(True, None, (), four)
        fans = tuple((_FAN_NAMES[line.number], line.times) for line in hand.fans)
        return Result(False, hand.points, fans, four)

    def record(self) -> Record:
        """The record of the game (``ValueError`` while the hand is not over)."""
        if self.result is None:
            raise ValueError("the hand is not over: a record ends with its result")
        wind = _WIND_OF_QUAN[self.game.prevailing]
        return Record(self.match, wind, self.deals, tuple(self.steps), self.result)


def _named_tile(move: Move, tile: int) -> int:
    """The tile a claim line names: the middle of a chow, else the claimed tile."""
    if move.kind is MoveKind.CHOW:
        assert move.tiles is not None
        return sorted((*move.tiles, tile))[1]
    return tile


def record_of(game: Rules, match: str) -> Record:
    """The record of a game played to its end (its moves replayed from its start)."""
    data = json.loads(game.to_json())
    data["moves"] = []
    data.pop("check", None)
    data.pop("pending", None)
    fresh = Rules.from_json(json.dumps(data))
    recorder = Recorder(fresh, match)
    for seat, move in game.move_log:
        refusal = recorder.apply(seat, move)
        if refusal is not None:  # the game's own log: only a changed engine gets here
            raise ValueError(f"the game's move {seat}: {move} is refused on replay: {refusal}")
    return recorder.record()


def play_records(
    seed: str,
    games: range,
    specs: tuple[str, str, str, str] = ("bot:1",) * 4,
    rotation: int = 0,
) -> list[Record]:
    """Arena games of the Botzone variant, as records: game ``i`` is deal ``i`` of an arena
    run seeded ``seed``, played as the arena plays it (:func:`~mahjongkit.mcr.arena.replay_deal`:
    player ``p`` of ``specs``, arena specs of in-process players, at seat
    ``(p + rotation) % 4``), match id ``"{seed}-{i}"``. A game a player ended with an illegal
    move is a ``ValueError``."""
    out = []
    for index in games:
        game = replay_deal(specs, "botzone", seed, index, rotation)
        if game.is_active:
            raise ValueError(f"deal {index}: seat {game.waiting_on[0]} made an illegal move")
        out.append(record_of(game, f"{seed}-{index}"))
    return out
