"""The MCR table and replay viewer's JSON API, apart from the web framework.

Two kinds of object live in the server's stores:

* a :class:`Table`: one person against three bots. The engine (:class:`~mahjongkit.mcr.Rules`)
  decides every move and refusal; the bots play as soon as it is their turn, and the table
  stops whenever the person must act, and at the end of each hand so the person can read the
  result. What it answers is :func:`table_json`, the person's seat's view only: never another
  seat's concealed tiles, the wall, or the seed that makes the wall (it is shown when the game
  is over, with the save).
* a :class:`Replay`: a finished game (our save, an arena hand played again from its spec, a
  game of Botzone's records or a judge's log) stepped move by move; :meth:`Replay.frame`
  answers the state after ``n`` moves from one seat's view or with every hand open, the legal
  options of the seat about to move, and what the level-3 bot would have done. A seat's view
  shows that seat only what it saw at the table: the moves made so far (another seat's
  concealed kong without its tile), and who moves next but not what another seat will do.

Bad input raises :class:`~mahjongkit.web.api.ApiError` (a 4xx with a short code and message).

>>> table = Table.new({"seed": "doc", "levels": [1, 1, 1]})
>>> state = table_json("t1", table)
>>> state["status"], len(state["rack"]) + (state["drawn"] is not None), "seed" in state
('playing', 14, False)
>>> table.move({"move": "pung"})["refusal"]["code"]     # refused: nothing changes
'no_window'
>>> table.move({"move": "sing"})
Traceback (most recent call last):
mahjongkit.web.api.ApiError: unknown move 'sing' in 'sing'
"""

from __future__ import annotations

import io
import itertools
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mahjongkit.mcr.analysis.engine import acceptance, shanten
from mahjongkit.mcr.game.events import Event, EventKind
from mahjongkit.mcr.game.moves import Move, MoveKind
from mahjongkit.mcr.game.result import HandRecord, Standings
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.game.save import ruleset_from_json
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld
from mahjongkit.mcr.hand.notation import parse_hand
from mahjongkit.mcr.players.bot import LEVELS, TOP_LEVEL, Bot, hint, view_of
from mahjongkit.mcr.players.terminal import Terminal
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.mcr.scoring.ruleset import RULESETS as RULESET_TABLE
from mahjongkit.mcr.variants import VARIANT_NAMES, VARIANTS, game_variant, seed_text
from mahjongkit.tiles import code
from mahjongkit.web.api import ApiError, bad, check_fields

WINDS: Final = ("E", "S", "W", "N")
RULESETS: Final = tuple(RULESET_TABLE)
MAX_SAVE: Final = 1 << 20
"""The largest save a replay reads (a whole 16-hand game is about 50 KB)."""
LOG_LINES: Final = 40
"""How many narrated lines of the game a table's state carries."""
CHECKPOINT: Final = 32
"""A replay keeps the state every this many moves, so any frame is at most this many
moves of replay away."""
MAX_AUTO_MOVES: Final = 5000
"""The most moves one auto-play request makes for the person (a 16-hand game needs fewer)."""


def _clip(text: object, limit: int = 40) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


# ---- what the page sees ---------------------------------------------------------------------


def move_json(move: Move, rules: Rules | None = None) -> dict[str, Any]:
    """A move as the page shows it: its text (what ``move`` requests send back), kind and
    tiles; a chow also names the whole run with the claimed tile."""
    data: dict[str, Any] = {"move": str(move), "kind": move.kind.value}
    if move.tile is not None:
        data["tile"] = code(move.tile)
    if move.tiles is not None:
        run = list(move.tiles)
        window = rules.window if rules is not None else None
        if window is not None:
            run.append(window.tile)
        data["tiles"] = [code(t) for t in sorted(run)]
    return data


def meld_json(meld: Meld) -> dict[str, Any]:
    return {
        "kind": meld.kind.value,
        "tiles": [code(t) for t in meld.tiles],
        "concealed": meld.concealed,
        "from": meld.claimed_from,
        "claimed": code(meld.claimed_tile) if meld.claimed_tile is not None else None,
    }


def _public(meld: Meld) -> dict[str, Any]:
    if meld.concealed:  # face down to the other seats
        return {"kind": meld.kind.value, "tiles": [], "concealed": True, "from": None}
    return meld_json(meld)


def _rack(hand: Hand, drawn: int | None) -> tuple[list[str], str | None]:
    tiles = hand.concealed_tiles()
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        return [code(t) for t in tiles], code(drawn)
    return [code(t) for t in tiles], None


def _window_json(rules: Rules) -> dict[str, Any] | None:
    window = rules.window
    if window is None:
        return None
    return {"kind": window.kind.value, "tile": code(window.tile), "from": window.from_seat}


def _common(rules: Rules) -> dict[str, Any]:
    return {
        "hand_no": rules.hand_no,
        "hands": rules.variant.hands,
        "prevailing": WINDS[rules.prevailing],
        "dealer": rules.dealer,
        "seat_winds": [WINDS[rules.seat_wind(s)] for s in range(4)],
        "totals": list(rules.totals),
        "wall": len(rules.wall),
        "phase": rules.phase.value,
        "turn": rules.turn,
        "window": _window_json(rules),
        "ruleset": rules.ruleset.name,
        "variant": rules.variant.name,
    }


def record_json(record: HandRecord, hands: Sequence[Hand]) -> dict[str, Any]:
    """The end of a hand: how it ended, the fans with their points (the tally's own lines),
    the settlement, and every seat's hand as it stood (the winner's whole winning hand)."""
    shown = []
    for seat in range(4):
        hand = hands[seat]
        if seat == record.winner and record.hand:
            hand = parse_hand(record.hand)
        shown.append(
            {
                "seat": seat,
                "concealed": [code(t) for t in hand.concealed_tiles()],
                "melds": [meld_json(m) for m in hand.melds],
                "flowers": [code(t) for t in hand.flowers],
            }
        )
    return {
        "hand_no": record.hand_no,
        "winner": record.winner,
        "by": record.by.value if record.by is not None else None,
        "discarder": record.discarder,
        "tile": code(record.tile) if record.tile is not None else None,
        "fans": [
            {
                "number": fan.number,
                "name": fan.name,
                "chinese": FANS[fan.number].chinese,
                "points": fan.points,
                "times": fan.times,
            }
            for fan in record.fans
        ],
        "points": record.points,
        "basic": record.basic,
        "flowers": record.flowers,
        "deltas": list(record.deltas),
        "totals": list(record.totals),
        "hands": shown,
    }


def standings_json(standings: Standings) -> dict[str, Any]:
    return {
        "totals": list(standings.totals),
        "places": list(standings.places),
        "winner": standings.winner,
    }


# ---- the table ------------------------------------------------------------------------------


def _choice(body: Mapping[str, Any], name: str, allowed: Sequence[str], default: str) -> str:
    value = body.get(name, default)
    if value not in allowed:
        raise bad(f"bad_{name}", f"{name} is one of {', '.join(allowed)}, not {_clip(value)}")
    return str(value)


def _levels(value: object) -> tuple[int, int, int]:
    if value is None:
        return (TOP_LEVEL, TOP_LEVEL, TOP_LEVEL)
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value] * 3
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not all(type(v) is int and v in LEVELS for v in value)
    ):
        raise bad(
            "bad_levels",
            f"levels are three bot levels from {LEVELS[0]} to {LEVELS[-1]} (the seats after "
            f"yours, in turn order), got {_clip(value)}",
        )
    return (value[0], value[1], value[2])


def _seed(value: object) -> str:
    if value is None or value == "":
        return secrets.token_hex(8)
    try:
        return seed_text(value)
    except (TypeError, ValueError) as error:
        raise bad("bad_seed", str(error)) from None


def new_rules(seed: str, *, hands: int, ruleset_name: str, variant: str) -> Rules:
    """A new game's rules: the variant's game of ``seed`` (:mod:`mahjongkit.mcr.variants`),
    as its first deal (the MCR variant's hand 1, or a whole match; the Botzone variant's one
    hand on four seeded walls, as the arena deals it)."""
    game = game_variant(variant)
    return game.rules(
        seed, hands=hands, hand=game.deal_hand(0), ruleset=ruleset_from_json(ruleset_name)
    )


@dataclass
class Table:
    """One person at ``seat`` against three bots, and what the person has been told."""

    rules: Rules
    seed: str
    seat: int
    levels: dict[int, int]
    bots: dict[int, Bot]
    narrator: Terminal
    log: list[str] = field(default_factory=list)
    hand_end: dict[str, Any] | None = None
    paused: bool = False
    """Stopped at the end of a hand until the person asks for the next one."""

    @classmethod
    def new(cls, body: Mapping[str, Any]) -> Table:
        """Start a table from a request body: ``seed`` (text, random if absent), ``seat``
        (0-3, default 0), ``levels`` (three levels for the seats after the person's),
        ``hands`` (1 or 16; the ``botzone`` variant plays one), ``ruleset`` (a name of
        :data:`~mahjongkit.mcr.scoring.ruleset.RULESETS`, by default the variant's),
        ``variant`` (a name of :data:`~mahjongkit.mcr.variants.VARIANTS`)."""
        data = check_fields(
            body, ("seed", "seat", "levels", "hands", "ruleset", "variant"), "a new table"
        )
        seed = _seed(data.get("seed"))
        seat = data.get("seat", 0)
        if type(seat) is not int or seat not in range(4):
            raise bad("bad_seat", f"a seat is 0 to 3, got {_clip(seat)}")
        variant = _choice(data, "variant", VARIANT_NAMES, VARIANT_NAMES[0])
        game = VARIANTS[variant]
        hands = data.get("hands", game.hands[-1])
        if hands not in game.hands or isinstance(hands, bool):
            choices = " or ".join(map(str, game.hands))
            raise bad("bad_hands", f"a {variant} game is {choices} hands, got {_clip(hands)}")
        ruleset = _choice(data, "ruleset", RULESETS, game.ruleset)
        levels = _levels(data.get("levels"))
        rules = new_rules(seed, hands=int(hands), ruleset_name=ruleset, variant=variant)
        others = [(seat + k) % 4 for k in (1, 2, 3)]
        by_seat = dict(zip(others, levels, strict=True))
        table = cls(
            rules=rules,
            seed=seed,
            seat=seat,
            levels=by_seat,
            bots={s: Bot(by_seat[s], seed=f"{seed}:{s}") for s in others},
            narrator=Terminal(rules=rules, seat=seat, inp=io.StringIO(), out=io.StringIO()),
        )
        table._narrate(rules.take_outcomes(), rules.hands)
        table._advance()
        return table

    # -- play --

    def _narrate(self, events: Sequence[Event], before: Sequence[Hand]) -> None:
        for event in events:
            if event.kind is EventKind.HAND_END:
                number = int(event.details["hand_no"])
                record = next(h for h in self.rules.history if h.hand_no == number)
                self.hand_end = record_json(record, before)
                self.paused = self.rules.is_active
            line = self.narrator.describe(event)
            if line:
                self.log.extend(line.strip("\n").splitlines())
        del self.log[:-LOG_LINES]

    def _apply(self, seat: int, move: Move) -> Any:
        before = self.rules.hands
        refusal = self.rules.apply(seat, move)
        if refusal is None:
            self._narrate(self.rules.take_outcomes(), before)
        return refusal

    def _advance(self) -> None:
        """Let the bots play until the person must act, the hand ends or the game does."""
        rules = self.rules
        while rules.is_active and not self.paused:
            waiting = rules.waiting_on
            if self.seat in waiting:
                return
            seat = waiting[0]
            refusal = self._apply(seat, self.bots[seat].choose(view_of(rules, seat)))
            assert refusal is None, f"a bot chose a refused move: {refusal}"

    def _check_can_act(self) -> None:
        if not self.rules.is_active:
            raise ApiError(409, "game_over", "the game is over: start a new one")
        if self.paused:
            raise ApiError(409, "hand_over", "the hand is over: ask for the next hand first")

    def move(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The person's move (``{"move": "discard 5m"}``, the text of a legal move); a refused
        move changes nothing and comes back as ``refusal``."""
        data = check_fields(body, ("move",), "a move")
        text = data.get("move")
        if not isinstance(text, str):
            raise bad("missing_field", 'a move is {"move": "<text>"}, e.g. "discard 5m"')
        try:
            move = Move.parse(text[:40])
        except ValueError as error:
            raise bad("bad_move", str(error)[:120]) from None
        self._check_can_act()
        refusal = self._apply(self.seat, move)
        if refusal is not None:
            return {"refusal": {"code": refusal.code.value, "message": refusal.message}}
        self._advance()
        return {"move": move_json(move)}

    def next_hand(self) -> dict[str, Any]:
        """Go on after the end of a hand (the bots play until the person's turn)."""
        if not self.rules.is_active:
            raise ApiError(409, "game_over", "the game is over: start a new one")
        if not self.paused:
            raise ApiError(409, "hand_not_over", "the hand is still being played")
        self.paused = False
        self.hand_end = None
        self._advance()
        return {}

    def auto(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Let the level-3 bot play the person's seat: ``{"until": "hand"}`` to the end of
        this hand, ``"game"`` to the end of the game (hands go on by themselves)."""
        data = check_fields(body, ("until",), "an auto-play request")
        until = _choice(data, "until", ("hand", "game"), "hand")
        if not self.rules.is_active:
            raise ApiError(409, "game_over", "the game is over: start a new one")
        moves = 0
        while self.rules.is_active and moves < MAX_AUTO_MOVES:
            if self.paused:
                if until == "hand":
                    break
                self.next_hand()
                continue
            refusal = self._apply(self.seat, hint(self.rules, self.seat))
            assert refusal is None, f"the hint was refused: {refusal}"
            moves += 1
            self._advance()
        return {"auto": {"moves": moves}}

    def review(self) -> dict[str, Any]:
        """The person's decisions in the hand last finished (this one once it is over) where
        the top bot would have chosen otherwise (:func:`review_moves`)."""
        hands = self.rules.history
        if not hands:
            raise ApiError(409, "no_hand_over", "no hand is over yet: review it when it ends")
        game = Replay.from_save(self.rules.to_json())
        return {"review": review_moves(game.start, game.moves, self.seat, hands[-1].hand_no)}

    def hint(self, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What the top-level bot (or the bot at ``{"level": N}``) would do, and why in one
        line."""
        data = check_fields({} if body is None else body, ("level",), "the hint request")
        level = bot_level_of(data.get("level"))
        self._check_can_act()
        rules = self.rules
        if self.seat not in rules.waiting_on:
            raise ApiError(409, "not_your_turn", "it is not your turn")
        move = hint(rules, self.seat, level)
        return {
            "hint": {
                **move_json(move, rules),
                "why": hint_reason(rules, self.seat, move),
                "level": level,
            }
        }


def review_moves(
    start: Rules, moves: Sequence[tuple[int, Move]], seat: int, hand_no: int | None = None
) -> dict[str, Any]:
    """Review a hand: ``seat``'s decisions (its moves with a choice of more than one) in
    hand ``hand_no`` (``None``: every hand) where the top bot, seeing what the seat saw, would
    have chosen otherwise; each with the move's number (the frame before it), both choices and
    what each does to the hand (:func:`hint_reason`). The bot gives no expected points, so
    none are claimed."""
    rules = start.clone()
    decisions = 0
    differences: list[dict[str, Any]] = []
    for n, (mover, move) in enumerate(moves):
        asked = mover == seat and (hand_no is None or rules.hand_no == hand_no)
        if asked and len(rules.legal(seat)) > 1:
            decisions += 1
            best = hint(rules, seat)
            if str(best) != str(move):
                differences.append(
                    {
                        "index": n,
                        "hand_no": rules.hand_no,
                        "move": str(move),
                        "bot": str(best),
                        "yours": hint_reason(rules, seat, move),
                        "bots": hint_reason(rules, seat, best),
                    }
                )
        refusal = rules.apply(mover, move)
        assert refusal is None, f"a checked game's move {n} was refused: {refusal}"
    return {
        "seat": seat,
        "level": TOP_LEVEL,
        "hand_no": hand_no,
        "decisions": decisions,
        "differences": differences,
    }


def _distance(left: int) -> str:
    return "complete" if left < 0 else "ready" if left == 0 else f"{left} from ready"


def bot_level_of(value: object) -> int:
    """The bot level a request names (an int or its text; absent: the top level)."""
    if value is None:
        return TOP_LEVEL
    text = str(value)
    if type(value) not in (int, str) or not text.isdigit() or int(text) not in LEVELS:
        raise bad("bad_level", f"a bot level is one of {list(LEVELS)}, not {str(value)[:20]!r}")
    return int(text)


def hint_reason(rules: Rules, seat: int, move: Move) -> str:
    """One line: shanten before and after the move and the kinds that would then help."""
    hand = rules.hand_of(seat)
    unseen = view_of(rules, seat).unseen
    if move.kind is MoveKind.WIN:
        return "Win: the hand is complete and scores enough."
    if move.kind is MoveKind.DISCARD and move.tile is not None:
        before = shanten(hand)
        after = hand.discard(move.tile)
        helps = acceptance(after)
        kinds = " ".join(code(k) for k in helps[:12]) + (" …" if len(helps) > 12 else "")
        return (
            f"Discard {code(move.tile)}: {_distance(before)} before, {_distance(shanten(after))}"
            f" after; {len(helps)} kinds ({sum(unseen[k] for k in helps)} tiles unseen) improve"
            f" the hand: {kinds}."
        )
    if move.kind is MoveKind.PASS:
        return (
            f"Pass: you stay {_distance(shanten(hand))}; no claim here leads toward an 8-point win."
        )
    return f"{str(move).capitalize()}: it brings the hand closer to an 8-point win."


def _seat_json(rules: Rules, seat: int, viewer: int | None, levels: Mapping[int, int]) -> Any:
    hand = rules.hand_of(seat)
    open_hand = viewer is None or viewer == seat
    data: dict[str, Any] = {
        "seat": seat,
        "wind": WINDS[rules.seat_wind(seat)],
        "melds": [meld_json(m) if open_hand else _public(m) for m in hand.melds],
        "flowers": [code(t) for t in hand.flowers],
        "pool": [code(t) for t in rules.pool_of(seat)],
        "concealed_count": hand.concealed_count,
        "level": levels.get(seat),
    }
    if open_hand:
        drawn = rules.drawn if rules.turn == seat else None
        data["concealed"], data["drawn"] = _rack(hand, drawn)
    return data


def table_json(table_id: str, table: Table) -> dict[str, Any]:
    """What the person's page may see: their own rack, everything public, their legal
    moves when it is their turn; the seed and the save only once the game is over."""
    rules = table.rules
    over = not rules.is_active
    status = "finished" if over else "hand_over" if table.paused else "playing"
    to_act = not over and not table.paused and table.seat in rules.waiting_on
    rack, drawn = _rack(
        rules.hand_of(table.seat), rules.drawn if rules.turn == table.seat else None
    )
    data: dict[str, Any] = {
        "id": table_id,
        "seat": table.seat,
        "status": status,
        **_common(rules),
        "to_act": to_act,
        "rack": rack,
        "drawn": drawn,
        "seats": [_seat_json(rules, s, table.seat, table.levels) for s in range(4)],
        "legal": [move_json(m, rules) for m in rules.legal(table.seat)] if to_act else [],
        "log": list(table.log),
        "hand_end": table.hand_end,
    }
    if over:
        standings = rules.standings
        data["standings"] = standings_json(standings) if standings is not None else None
        data["seed"] = table.seed
    return data


# ---- replays --------------------------------------------------------------------------------


@dataclass
class Replay:
    """A finished game stepped move by move (see the module's description)."""

    start: Rules
    moves: list[tuple[int, Move]]
    title: str
    _checkpoints: dict[int, Rules] = field(default_factory=dict)
    _hidden: frozenset[int] | None = None

    @classmethod
    def from_save(cls, text: str, title: str = "saved game") -> Replay:
        """From a save (:meth:`Rules.to_json`); ``ApiError`` naming what is wrong."""
        if len(text) > MAX_SAVE:
            raise ApiError(413, "save_too_large", f"a save is at most {MAX_SAVE} bytes")
        try:
            whole = Rules.from_json(text)  # checks the save: every move, the final state
            data = json.loads(text)
            for key in ("moves", "check", "pending"):
                data.pop(key, None)
            start = Rules.from_json(json.dumps({**data, "moves": []}))
        except ValueError as error:
            raise bad("bad_save", str(error)[:200]) from None
        start.take_outcomes()
        return cls(start, list(whole.move_log), title)

    @classmethod
    def from_arena(cls, body: Mapping[str, Any]) -> Replay:
        """An arena hand played again: ``specs`` (four ``bot:N`` players), ``variant``,
        ``seed``, ``deal`` and ``rotation``, as the arena numbers them."""
        from mahjongkit.mcr.arena import replay_deal

        data = check_fields(
            body, ("kind", "specs", "variant", "seed", "deal", "rotation"), "an arena hand"
        )
        specs = data.get("specs")
        if not (
            isinstance(specs, list)
            and len(specs) == 4
            and all(isinstance(s, str) and s in {f"bot:{n}" for n in LEVELS} for s in specs)
        ):
            raise bad(
                "bad_specs", f"specs are four built-in players (bot:1 to bot:3), got {_clip(specs)}"
            )
        variant = _choice(data, "variant", VARIANT_NAMES, VARIANT_NAMES[0])
        seed = data.get("seed", "")
        deal, rotation = data.get("deal", 0), data.get("rotation", 0)
        if seed != "":  # an arena's seed may be empty: each deal's is seed:deal
            _seed(seed)
        if type(deal) is not int or not 0 <= deal < 1 << 40:
            raise bad("bad_deal", f"a deal is a whole number from 0, got {_clip(deal)}")
        if type(rotation) is not int or rotation not in range(4):
            raise bad("bad_rotation", f"a rotation is 0 to 3, got {_clip(rotation)}")
        game = replay_deal(specs, variant, seed, deal, rotation)
        return cls.from_save(game.to_json(), f"arena {seed}:{deal} rotation {rotation}")

    @classmethod
    def from_records(cls, body: Mapping[str, Any]) -> Replay:
        """Game ``game`` (0 the first) of a file of Botzone's human records
        (:mod:`mahjongkit.mcr.records`), replayed by the rules; a record the rules refuse is
        a 400 naming its line."""
        from mahjongkit.mcr.records.check import check_record
        from mahjongkit.mcr.records.format import BadRecord, read_records

        data = check_fields(body, ("kind", "text", "game", "title"), "a Botzone record's replay")
        text, wanted = data.get("text"), data.get("game", 0)
        if not isinstance(text, str):
            raise bad("missing_field", "a record's replay needs text: the records file")
        if type(wanted) is not int or not 0 <= wanted < 1 << 20:
            raise bad(
                "bad_game", f"game is the game's number in the file, from 0, got {_clip(wanted)}"
            )
        games = read_records(text.encode("utf-8", "surrogatepass"))
        record = next(itertools.islice(games, wanted, None), None)
        if record is None:
            raise bad("bad_game", f"the file holds fewer than {wanted + 1} games")
        if isinstance(record, BadRecord):
            raise bad("bad_record", str(record)[:200])
        replayed: list[Rules] = []

        def keep(game: Rules, seat: int, move: Move) -> None:
            if not replayed:
                replayed.append(game)

        report = check_record(record, observe=keep)
        if not report.legal or not replayed:
            raise bad("bad_record", "; ".join(report.problems)[:200] or "the record has no moves")
        return cls.from_save(replayed[0].to_json(), f"Botzone record {record.match}")

    @classmethod
    def from_judge_log(cls, body: Mapping[str, Any]) -> Replay:
        """The hand of a judge's log (``mahjongkit mcr judge --log``), played again by the
        judge and the rules from its recorded answers
        (:mod:`mahjongkit.mcr.botzone.judge_log`); a log they do not lead through is a 400
        naming what is wrong."""
        from mahjongkit.mcr.botzone.judge_log import read_judge_log

        data = check_fields(body, ("kind", "log", "title"), "a judge log's replay")
        log = data.get("log")
        if not isinstance(log, (str, dict)):
            raise bad("missing_field", "a judge log's replay needs log: the judge's log")
        if isinstance(log, str) and len(log) > MAX_SAVE:
            raise ApiError(413, "save_too_large", f"a log is at most {MAX_SAVE} bytes")
        try:
            hand = read_judge_log(log)
        except ValueError as error:
            raise bad("bad_log", str(error)[:200]) from None
        title = data.get("title")
        return cls.from_save(hand.rules.to_json(), title if isinstance(title, str) else hand.title)

    def at(self, index: int) -> tuple[Rules, list[Event], Sequence[Hand] | None]:
        """The rules after ``index`` moves, the events of the last move and the hands just
        before it."""
        base = max(k for k in (0, *self._checkpoints) if k <= index)
        rules = (self.start if base == 0 else self._checkpoints[base]).clone()
        events: list[Event] = []
        before: Sequence[Hand] | None = None
        for n in range(base, index):
            if n == index - 1:
                rules.take_outcomes()
                before = rules.hands
            seat, move = self.moves[n]
            refusal = rules.apply(seat, move)
            assert refusal is None, f"a checked save's move {n} was refused: {refusal}"
            if (n + 1) % CHECKPOINT == 0 and n + 1 not in self._checkpoints:
                self._checkpoints[n + 1] = rules.clone()
        if index > 0:
            events = rules.take_outcomes()
        return rules, events, before

    def hidden_moves(self) -> frozenset[int]:
        """The numbers of the moves that are concealed kongs: the other seats see that a
        kong was declared, not of what (found once, replaying the game from the start)."""
        if self._hidden is None:
            found = set()
            rules = self.start.clone()
            for n, (seat, move) in enumerate(self.moves):
                refusal = rules.apply(seat, move)
                assert refusal is None, f"a checked save's move {n} was refused: {refusal}"
                if move.kind is MoveKind.KONG and move.tile is not None:
                    melds = rules.hand_of(seat).melds
                    if any(m.concealed and move.tile in m.tiles for m in melds):
                        found.add(n)
            self._hidden = frozenset(found)
        return self._hidden

    def move_seen(self, n: int, viewer: int | None) -> dict[str, Any] | None:
        """Move ``n`` as ``viewer`` saw it (``None``: as it was). Another seat's pass is not
        seen at all (``None``): that the seat was asked would tell that it could claim."""
        seat, move = self.moves[n]
        others = viewer is not None and viewer != seat
        if others and move.kind is MoveKind.PASS:
            return None
        hidden = others and n in self.hidden_moves()
        return {"seat": seat, "move": "kong (concealed)" if hidden else str(move)}

    def frame(
        self, index: int, viewer: int | None, with_bot: bool, level: int = TOP_LEVEL
    ) -> dict[str, Any]:
        """The state after ``index`` moves as ``viewer`` saw it (``None``: every hand open)."""
        if not 0 <= index <= len(self.moves):
            raise bad("bad_move_index", f"the moves are numbered 0 to {len(self.moves)}")
        rules, events, before = self.at(index)
        data: dict[str, Any] = {
            "index": index,
            "moves": len(self.moves),
            "title": self.title,
            "view": "all" if viewer is None else viewer,
            **_common(rules),
            "seats": [_seat_json(rules, s, viewer, {}) for s in range(4)],
            "last": None,
            "next": None,
            "hand_end": None,
        }
        if viewer is not None:  # the moves so far, as this seat saw them
            data["seen"] = [self.move_seen(n, viewer) for n in range(index)]
        if index > 0:
            data["last"] = self.move_seen(index - 1, viewer)
            for event in events:
                if event.kind is EventKind.HAND_END and before is not None:
                    number = int(event.details["hand_no"])
                    record = next(h for h in rules.history if h.hand_no == number)
                    data["hand_end"] = record_json(record, before)
        if index < len(self.moves):
            seat, move = self.moves[index]
            # Another seat's choice is not known yet; nor, in a claim window, which seat is
            # deciding (only the seats that can claim are asked).
            window = viewer is not None and viewer != seat and rules.window is not None
            nxt: dict[str, Any] = {"seat": None if window else seat}
            if viewer is None or viewer == seat:
                nxt["move"] = str(move)
                nxt["legal"] = [move_json(m, rules) for m in rules.legal(seat)]
                if with_bot:
                    nxt["bot"] = str(hint(rules, seat, level))
                    nxt["bot_level"] = level
            data["next"] = nxt
        elif rules.standings is not None:
            data["standings"] = standings_json(rules.standings)
        return data

    def review(self, seat: int) -> dict[str, Any]:
        """:func:`review_moves` of ``seat`` over the whole game."""
        return review_moves(self.start, self.moves, seat)

    def move_list(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "move": str(move)} for seat, move in self.moves]


def replay_from(body: Mapping[str, Any]) -> Replay:
    """A replay from a request: ``{"kind": "save", "save": <object or text>}``,
    ``{"kind": "arena", "specs": [...], "variant", "seed", "deal", "rotation"}`` or
    ``{"kind": "records", "text": <a file of Botzone records>, "game": <its number>}`` or
    ``{"kind": "judge", "log": <a judge's log, object or text>}``."""
    kind = body.get("kind", "save")
    if kind == "arena":
        return Replay.from_arena(body)
    if kind == "records":
        return Replay.from_records(body)
    if kind == "judge":
        return Replay.from_judge_log(body)
    if kind != "save":
        raise bad(
            "bad_kind", f"a replay is of kind save, arena, records or judge, not {_clip(kind)}"
        )
    check_fields(body, ("kind", "save", "title"), "a saved game's replay")
    save = body.get("save")
    if isinstance(save, dict):
        save = json.dumps(save)
    if not isinstance(save, str):
        raise bad("missing_field", "a saved game's replay needs save: the saved game")
    title = body.get("title", "saved game")
    return Replay.from_save(save, title if isinstance(title, str) else "saved game")


def viewer_of(text: str | None) -> int | None:
    """The ``seat`` query parameter: ``all`` (or absent) for every hand open, else 0-3."""
    if text in (None, "", "all"):
        return None
    if text in ("0", "1", "2", "3"):
        return int(text)
    raise bad("bad_seat", f"seat is all or 0 to 3, got {_clip(text)}")


def index_of(text: str | None) -> int:
    if text is None or text == "":
        return 0
    if not (text.isascii() and text.isdigit()) or len(text) > 7:
        raise bad("bad_move_index", f"move is a move number, got {_clip(text)}")
    return int(text)
