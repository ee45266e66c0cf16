"""Play MCR against three machine players in a plain prompt loop (``mahjongkit mcr play``).

The loop reads one line at a time from ``inp`` and writes to ``out``, so it runs the same in
a terminal, under a test's ``io.StringIO`` and as a subprocess. The person's seat shows its
rack (numbered; the tile just drawn is set apart at the end, and the numbers follow the
displayed order), every seat's melds, flowers and pool, the wall count, the winds and the
totals, and how far the hand is from ready. The other seats are :class:`~.bot.Bot` players,
narrated one line per move. A mistyped command prints the help; end of input quits.

>>> import io
>>> out = io.StringIO()
>>> Terminal("doc", inp=io.StringIO("table\\nquit\\n"), out=out).run()
0
>>> text = out.getvalue()
>>> "Hand 1 of 16" in text, "Your rack" in text, "Bye" in text
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from mahjongkit.commands import Command, Commands
from mahjongkit.mcr.analysis.engine import acceptance, shanten, shanten_after_discard
from mahjongkit.mcr.game.events import Event, EventKind
from mahjongkit.mcr.game.moves import KONG, PASS, PUNG, WIN, Move, MoveKind, discard, kong
from mahjongkit.mcr.game.result import HandRecord
from mahjongkit.mcr.game.rules import Phase, Rules
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.meld import Meld
from mahjongkit.mcr.players.bot import TOP_LEVEL, Bot, hint, view_of
from mahjongkit.mcr.scoring.fans import FANS
from mahjongkit.tiles import code, from_code, glyph

WIND_WORDS = ("East", "South", "West", "North")
HELP = """\
Commands (on your turn):
  <n>            discard the tile numbered n in your rack
  d <tile>       discard by name: d 5m, d E, d B (also 'discard 5m', or just '5m')
  kong [tile]    declare a concealed kong, or add a tile to your exposed pung
  win            declare a win on the fourteen you hold
In a window (another seat's discard, or a kong you may rob):
  pass | pung | kong | chow [n] | win
Any time:
  hint           what the top-level bot would do, and why
  auto           play the hint
  table          show the table again
  fans           the 81 fans with their points
  help           this text
  quit           leave the game (it is saved first if you gave --save)
Tiles: 1m-9m characters, 1p-9p dots, 1s-9s bamboo, E S W N winds, R G B dragons
(B is white: 'blank'), F1-F4 flowers, T1-T4 seasons."""


def parse_tile(text: str) -> int:
    """A standard tile kind from what a person types: ``5m``, ``5M``, ``e``, ``B``.

    >>> parse_tile("5M"), parse_tile("e"), parse_tile("b")
    (5, 28, 34)
    >>> parse_tile("0m")
    Traceback (most recent call last):
    ValueError: unknown tile '0m' (try 5m, 9p, 1s, E, R, B)
    """
    for candidate in (text, text.lower(), text.upper()):
        try:
            kind = from_code(candidate)
        except ValueError:
            continue
        if kind <= 34:
            return kind
    raise ValueError(f"unknown tile {text!r} (try 5m, 9p, 1s, E, R, B)")


def rack_order(hand: Hand, drawn: int | None) -> list[int]:
    """The concealed tiles as displayed: ascending, the drawn tile set apart at the end.

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> rack_order(parse_hand("123m 5p 1m"), drawn=1)
    [1, 2, 3, 14, 1]
    """
    tiles = hand.concealed_tiles()
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        tiles.append(drawn)
    return tiles


class _Quit(Exception):
    """The person asked to leave (or the input ended)."""


class Terminal:
    """One game: the person at ``seat``, bots at ``level`` in the other three seats.

    ``rules`` continues a game already under way (e.g. restored with
    :meth:`~mahjongkit.mcr.game.rules.Rules.from_json`); otherwise a new game starts from ``seed``.
    ``save`` names a file the game is written to (as :meth:`Rules.to_json`) when the person
    quits or the game ends.
    """

    def __init__(
        self,
        seed: str = "",
        *,
        level: int = TOP_LEVEL,
        seat: int = 0,
        inp: TextIO,
        out: TextIO,
        glyphs: bool = False,
        save: str | Path | None = None,
        rules: Rules | None = None,
    ) -> None:
        if seat not in range(4):
            raise ValueError(f"a seat is 0 to 3, not {seat!r}")
        self.rules = rules if rules is not None else Rules(seed)
        base = self.rules.seed if isinstance(self.rules.seed, str) else self.rules.seed.hex()
        self.seat = seat
        self.bots = {s: Bot(level, seed=f"{base}:{s}") for s in range(4) if s != seat}
        self.inp = inp
        self.out = out
        self.glyphs = glyphs
        self.save_path = Path(save) if save is not None else None
        # The seat winds of the hand being narrated: events are told after the engine has
        # moved on (a win's events arrive with the next hand's deal), so they follow the
        # narration, not the state.
        self.winds = [WIND_WORDS[self.rules.seat_wind(s)] for s in range(4)]
        # Each returns the move to make, or None once it has shown something; ValueError
        # carries what to tell the person.
        self.commands: Commands[Move | None] = Commands(
            Command(("quit", "q", "exit"), self._quit),
            Command(("help", "?", "h"), lambda _: self._show(HELP)),
            Command(("table", "t"), lambda _: self._show(self.show_table)),
            Command(("fans",), lambda _: self._show(self.show_fans)),
            Command(("hint",), lambda _: self._show(self.hint_text())),
            Command(("auto",), lambda _: hint(self.rules, self.seat)),
            Command(("discard", "d"), self._discard),
            Command(("win", "hu", "mahjong"), lambda _: WIN),
            Command(("pass",), lambda _: PASS),
            Command(("pung", "pong"), lambda _: PUNG),
            Command(("kong",), self.kong_move),
            Command(("chow",), self.chow_move),
        )

    # -- output ----------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def tile(self, kind: int) -> str:
        return glyph(kind) if self.glyphs else code(kind)

    def tiles(self, kinds: Sequence[int]) -> str:
        return " ".join(self.tile(k) for k in kinds) if kinds else "-"

    def name(self, seat: int | None, *, start: bool = False) -> str:
        """How the narration names a seat: "you", or "seat 2 (West)" (capitalised to start a
        sentence)."""
        if seat is None:
            text = "nobody"
        elif seat == self.seat:
            text = "you"
        else:
            text = f"seat {seat} ({self.winds[seat]})"
        return text[0].upper() + text[1:] if start else text

    def whose(self, seat: int | None) -> str:
        return "your" if seat == self.seat else f"{self.name(seat)}'s"

    def of_hands(self) -> str:
        """The " of 16" after a hand number; nothing in a game of one hand."""
        hands = self.rules.variant.hands
        return f" of {hands}" if hands > 1 else ""

    def meld_text(self, meld: Meld) -> str:
        if not meld.tiles:
            return "kong(hidden)"
        label = "ckong" if meld.concealed else meld.kind.value
        return f"{label}({''.join(self.tile(k) for k in meld.tiles)})"

    # -- the table -------------------------------------------------------------------------

    def show_table(self) -> None:
        r = self.rules
        view = view_of(r, self.seat)
        self.say(
            f"Hand {r.hand_no}{self.of_hands()} | prevailing {WIND_WORDS[r.prevailing]}"
            f" | you are seat {self.seat} ({WIND_WORDS[r.seat_wind(self.seat)]})"
            f" | dealer {self.name(r.dealer)} | wall {view.wall_count}"
        )
        self.say("Totals: " + ", ".join(f"{self.name(s)} {t:+d}" for s, t in enumerate(r.totals)))
        for seat in range(4):
            melds = " ".join(self.meld_text(m) for m in view.melds[seat]) or "-"
            marker = "*" if seat in r.waiting_on else " "
            self.say(
                f"{marker} {self.name(seat):16} melds {melds} | flowers"
                f" {self.tiles(view.flowers[seat])} | pool {self.tiles(view.pools[seat])}"
            )
        self.show_rack()

    def show_rack(self) -> None:
        r = self.rules
        hand = r.hand_of(self.seat)
        drawn = r.drawn if r.turn == self.seat else None
        order = rack_order(hand, drawn)
        cells = [self.tile(k) for k in order]
        # A code is at most two characters; a glyph is one character drawn two columns wide
        # by most terminals: pad both to the width of the numbers above them.
        width = 4 if self.glyphs else 3
        numbers = [f"{n:>{width}}" for n in range(1, len(order) + 1)]
        faces = [" " * (width - 2) + c if self.glyphs else f"{c:>{width}}" for c in cells]
        if drawn is not None and len(order) > 1:
            numbers.insert(len(order) - 1, "  ")
            faces.insert(len(order) - 1, " +")
        self.say("Your rack" + (f" (drew {self.tile(drawn)})" if drawn is not None else "") + ":")
        self.say("".join(numbers))
        self.say("".join(faces))
        melds = " ".join(self.meld_text(m) for m in hand.melds)
        if melds:
            self.say(f"Your melds: {melds}")
        self.say(self.progress_line(hand))

    def progress_line(self, hand: Hand) -> str:
        """How far the hand is from ready, and what would help."""
        unseen = view_of(self.rules, self.seat).unseen
        if hand.size == 14:
            table = shanten_after_discard(hand)
            suggested = hint(self.rules, self.seat) if self.rules.turn == self.seat else None
            if suggested is not None and suggested.tile in table:
                kind = suggested.tile  # the line agrees with the hint
            else:
                kind = min(table, key=lambda k: (table[k][0], -sum(unseen[a] for a in table[k][1])))
            left, helps = table[kind]
            now = shanten(hand)
            step = " (a step backwards)" if left > max(now, 0) else ""
            return (
                f"Throw {self.tile(kind)} and you are {_distance(left)}: {len(helps)} kinds"
                f" ({sum(unseen[k] for k in helps)} tiles unseen) would help{step}."
            )
        left = shanten(hand)
        helps = acceptance(hand)
        return (
            f"You are {_distance(left)}: {len(helps)} kinds"
            f" ({sum(unseen[k] for k in helps)} tiles unseen) would help."
        )

    def show_fans(self) -> None:
        ruleset = self.rules.ruleset
        self.say(f"  # pts  fan ({ruleset.name} ruleset; a win needs {ruleset.minimum} points)")
        for number in sorted(FANS):
            fan = FANS[number]
            self.say(f"{number:3} {ruleset.points(number):3}  {fan.name} ({fan.chinese})")

    # -- narration -------------------------------------------------------------------------

    def narrate(self, events: Sequence[Event]) -> None:
        for event in events:
            line = self.describe(event)
            if line:
                self.say(line)

    def describe(self, event: Event) -> str | None:
        kind, actor = event.kind, event.actor
        tile = self.tile(event.tile) if event.tile is not None else ""
        who = self.name(actor, start=True) if actor is not None else ""
        if kind is EventKind.DEAL:
            d = event.details
            self.winds = [_word(w) for w in d["seat_winds"]]
            return (
                f"\n=== Hand {d['hand_no']}{self.of_hands()}: prevailing {_word(d['prevailing'])},"
                f" dealer {self.name(int(d['dealer']))}; you sit {self.winds[self.seat]} ==="
            )
        if kind is EventKind.FLOWER:
            return f"{who} {'expose' if actor == self.seat else 'exposes'} {tile}."
        if kind is EventKind.DISCARD:
            return f"{who} {'discard' if actor == self.seat else 'discards'} {tile}."
        if kind is EventKind.KONG:
            how = event.details.get("how")
            if how == "concealed":
                hidden = f" of {tile}" if actor == self.seat else ""
                return f"{who} declare{'' if actor == self.seat else 's'} a concealed kong{hidden}."
            if how == "promoted":
                return f"{who} add{'' if actor == self.seat else 's'} {tile} to a pung: a kong."
            return None  # an exposed kong is told when the claim takes effect
        if kind is EventKind.WIN:
            return f"{who} declare{'' if actor == self.seat else 's'} a win on {tile}!"
        if kind is EventKind.CLAIMED:
            meld = str(event.details.get("meld"))
            taker = self.name(event.seat, start=True)
            verb = meld if event.seat == self.seat else f"{meld}s"
            return f"{taker} {verb} {tile} from {self.name(event.details.get('from'))}."
        if kind is EventKind.HAND_END:
            number = int(event.details["hand_no"])
            record = next(h for h in self.rules.history if h.hand_no == number)
            return self.hand_summary(record)
        if kind is EventKind.GAME_END:
            return self.standings()
        return None  # draws (the tile is secret) and window answers (a claim may be beaten)

    def hand_summary(self, record: HandRecord) -> str:
        lines = []
        if record.winner is None:
            lines.append(f"Hand {record.hand_no}: the wall is empty, nobody wins.")
        else:
            winning = self.tile(record.tile) if record.tile is not None else "?"
            how = {
                "self": f"by self-draw on {winning}",
                "discard": f"on {self.whose(record.discarder)} discard of {winning}",
                "rob": f"by robbing {self.whose(record.discarder)} kong of {winning}",
            }[record.by.value if record.by is not None else "self"]
            lines.append(
                f"Hand {record.hand_no}: {self.name(record.winner)} won {how} with {record.hand}"
            )
            for fan in record.fans:
                times = f" x{fan.times}" if fan.times > 1 else ""
                lines.append(f"  {fan.points * fan.times:3}  {fan.name}{times}")
            lines.append(
                f"  {record.points:3}  points ({record.basic} without flowers,"
                f" {record.flowers} flower{'s' if record.flowers != 1 else ''})"
            )
        lines.append(
            "Settlement: "
            + ", ".join(f"{self.name(s)} {d:+d}" for s, d in enumerate(record.deltas))
        )
        lines.append(
            "Totals: " + ", ".join(f"{self.name(s)} {t:+d}" for s, t in enumerate(record.totals))
        )
        return "\n".join(lines)

    def standings(self) -> str:
        standings = self.rules.standings
        assert standings is not None
        lines = ["\n=== The game is over. Standings ==="]
        for seat in sorted(range(4), key=lambda s: (standings.places[s], s)):
            lines.append(
                f"  {_ordinal(standings.places[seat])}  {self.name(seat):16}"
                f" {standings.totals[seat]:+d}"
            )
        winner = standings.winner
        if winner is None:
            lines.append("A drawn game: first place is shared.")
        elif winner == self.seat:
            lines.append("You win the game!")
        else:
            lines.append(f"{self.name(winner, start=True)} wins the game.")
        return "\n".join(lines)

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person quits; 0 either way."""
        self.say(f"MCR against three bots. Seed {self.rules.seed!r}. Type 'help' for commands.")
        self.narrate(self.rules.take_outcomes())
        try:
            while self.rules.is_active:
                waiting = self.rules.waiting_on
                if self.seat in waiting:
                    self.your_move()
                else:
                    seat = waiting[0]
                    move = self.bots[seat].choose(view_of(self.rules, seat))
                    refusal = self.rules.apply(seat, move)
                    assert refusal is None, f"a bot chose a refused move: {refusal}"
                self.narrate(self.rules.take_outcomes())
        except (_Quit, KeyboardInterrupt):  # Ctrl-C leaves like 'quit', without a traceback
            self.say("Bye.")
            self.write_save()
            return 0
        self.write_save()
        return 0

    def write_save(self) -> None:
        if self.save_path is not None:
            self.save_path.write_text(self.rules.to_json())
            self.say(f"Game saved to {self.save_path}.")

    def read(self) -> str:
        self.out.write("> ")
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say("")
            raise _Quit
        return line.strip()

    def your_move(self) -> None:
        r = self.rules
        window = r.window
        if window is None:
            self.show_table()
            self.say("Your turn: discard (a number, or d <tile>), kong, win, or help.")
        else:
            self.show_rack()
            question = (
                f"Claim {self.whose(window.from_seat)} discard {self.tile(window.tile)}?"
                if window.kind is Phase.CLAIM
                else f"Rob {self.whose(window.from_seat)} kong of {self.tile(window.tile)}?"
            )
            self.say(f"{question} You may: {self.offer_text()}.")
        while True:
            text = self.read()
            if not text:
                continue
            move = self.command(text)
            if move is None:
                continue
            refusal = r.apply(self.seat, move)
            if refusal is None:
                return
            self.say(f"Not allowed: {refusal.message}. You may: {self.offer_text()}.")

    def offer_text(self) -> str:
        legal = self.rules.legal(self.seat)
        words: list[str] = []
        chows = [m for m in legal if m.kind is MoveKind.CHOW]
        for move in legal:
            if move.kind is MoveKind.DISCARD:
                if "discard" not in words[:1]:
                    words.insert(0, "discard")
            elif move.kind is MoveKind.CHOW:
                n = chows.index(move) + 1
                words.append(f"chow {n} ({self.chow_text(move)})")
            elif move.kind is MoveKind.KONG and move.tile is not None:
                words.append(f"kong {self.tile(move.tile)}")
            else:
                words.append(move.kind.value)
        return ", ".join(words)

    def chow_text(self, move: Move) -> str:
        window = self.rules.window
        assert move.tiles is not None and window is not None
        return "".join(self.tile(k) for k in sorted((*move.tiles, window.tile)))

    def command(self, text: str) -> Move | None:
        """The move a typed line names, or ``None`` after doing a display command or telling
        the person what is wrong."""
        words = text.split()
        try:
            if words[0].isdigit() and len(words) == 1:
                return self.discard_number(int(words[0]))
            command = self.commands.find(words[0])
            if command is not None:
                return command.run(words[1:])
            if len(words) == 1:
                try:
                    return discard(parse_tile(words[0]))  # a bare tile: discard it
                except ValueError:
                    pass  # not a tile either: the help below
        except ValueError as error:
            self.say(f"{error}. Type 'help' for the commands.")
            return None
        self.say(f"I do not understand {text!r}.")
        self.say(HELP)
        return None

    def _show(self, what: str | Callable[[], None]) -> None:
        if isinstance(what, str):
            self.say(what)
        else:
            what()

    def _quit(self, _: Sequence[str]) -> Move | None:
        raise _Quit

    def _discard(self, args: Sequence[str]) -> Move | None:
        if len(args) != 1:
            raise ValueError("name one tile to discard, as in 'd 5m'")
        return discard(parse_tile(args[0]))

    def discard_number(self, number: int) -> Move | None:
        r = self.rules
        if r.window is not None:
            raise ValueError(f"a window is open: answer it ({self.offer_text()})")
        order = rack_order(r.hand_of(self.seat), r.drawn if r.turn == self.seat else None)
        if not 1 <= number <= len(order):
            raise ValueError(f"your rack is numbered 1 to {len(order)}, not {number}")
        return discard(order[number - 1])

    def kong_move(self, args: Sequence[str]) -> Move | None:
        r = self.rules
        if r.window is not None:
            return KONG
        if args:
            return kong(parse_tile(args[0]))
        kongs = [m for m in r.legal(self.seat) if m.kind is MoveKind.KONG]
        if len(kongs) == 1:
            return kongs[0]
        if not kongs:
            raise ValueError("you have no kong to declare now")
        raise ValueError("name the kong: " + ", ".join(f"kong {code(m.tile or 0)}" for m in kongs))

    def chow_move(self, args: Sequence[str]) -> Move | None:
        r = self.rules
        chows = [m for m in r.legal(self.seat) if m.kind is MoveKind.CHOW]
        if not chows:
            raise ValueError("you cannot chow now")
        if not args:
            if len(chows) == 1:
                return chows[0]
            raise ValueError(
                "which chow? "
                + ", ".join(f"chow {n} ({self.chow_text(m)})" for n, m in enumerate(chows, 1))
            )
        if args[0].isdigit():
            n = int(args[0])
            if not 1 <= n <= len(chows):
                raise ValueError(f"the chows are numbered 1 to {len(chows)}, not {n}")
            return chows[n - 1]
        return Move.parse("chow " + args[0])

    def hint_text(self) -> str:
        r = self.rules
        move = hint(r, self.seat)
        hand = r.hand_of(self.seat)
        if move.kind is MoveKind.DISCARD and move.tile is not None:
            after = hand.discard(move.tile)
            unseen = view_of(r, self.seat).unseen
            helps = acceptance(after)
            return (
                f"Hint: discard {self.tile(move.tile)} (d {code(move.tile)}): you stay"
                f" {_distance(shanten(after))}, {len(helps)} kinds"
                f" ({sum(unseen[k] for k in helps)} tiles unseen) would help."
            )
        if move.kind is MoveKind.PASS:
            return "Hint: pass (no claim here leads toward an 8-point win)."
        if move.kind is MoveKind.WIN:
            return "Hint: win!"
        if move.kind is MoveKind.CHOW:
            chows = [m for m in r.legal(self.seat) if m.kind is MoveKind.CHOW]
            return f"Hint: chow {chows.index(move) + 1} ({self.chow_text(move)})."
        return f"Hint: {move}."


def _distance(left: int) -> str:
    if left < 0:
        return "complete"
    if left == 0:
        return "ready"
    return f"{left} away from ready"


def _word(letter: object) -> str:
    return WIND_WORDS["ESWN".index(str(letter))] if str(letter) in "ESWN" else str(letter)


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


__all__ = ["HELP", "Terminal", "parse_tile", "rack_order"]
