"""Level 4: level 3's policy, checked by sampling the hidden tiles and playing the hand out.

At a decision where level 3's own ranking leaves more than one reasonable move (see
:func:`candidates`), level 4 samples *worlds*: the tiles this seat cannot see (the other
seats' concealed tiles, their face-down kongs and the undrawn wall) dealt at random from the
copies the seat has not seen, built from its :class:`~mahjongkit.mcr.players.bot.View` alone,
never from the game. In each world every candidate is played on its own copy of the same
world (common random numbers) and the hand is played out to its end; the score is what the
seat wins or pays in that hand under MCR settlement (eight points to each seat from a
winner, the points beyond on a discard win paid by the feeder alone). Level 4 plays the
candidate with the best mean, but leaves level 3's own choice only when the paired
difference is clearly positive (``MARGIN`` standard errors): a small budget falls back to
level 3, never to a worse or illegal move.

With ``halving`` (off by default) the budget is spent in two stages instead (successive
halving, :func:`_halving`): a third on every candidate, then the rest only on level 3's
choice and the best rival if it led, judged on fresh worlds. Most searched decisions stop
after the first stage, and a rival must lead twice on independent worlds to be played.

Two implementations of the playing out, chosen by :func:`mahjongkit._impl.pick` (a bot's
policy is not a rule, so they are not twins held to the same results):

- C++ (the default): ``mahjongkit._core.mcr.search_worlds`` (``cpp/core/mcr/rollout.hpp``)
  deals the worlds from the same view data, places the C++ hand engine at each (its
  ``EngineSetup``) and plays every seat with a fast rollout policy, about 0.2 ms a rollout
  with the GIL released: thousands of rollouts a decision. The bot's ``rollout_policy``:
  ``shanten`` (the default: the lowest shanten, a claim only toward eight points, every
  legal win), ``planned`` (each seat toward one of the planner's 8-point targets,
  ``cpp/core/mcr/rollout_plan.hpp``, about 0.3 ms) or ``mixed`` (the searching seat planned,
  as level 3 will really play on after the decision, the other three by shanten). With
  ``read_discards`` the other seats' hidden tiles are dealt weighted by their own discards
  rather than uniformly; with
  ``paced`` each other seat's dealt hand is then brought to a shanten drawn from what
  level-3 players hold at its number of discards and melds (``cpp/core/mcr/rollout_pace.hpp``:
  a uniform deal stays about three from ready all hand long, real players close in). The
  Python fallback deals uniformly whatever these say.
- Python (``MAHJONGKIT_IMPLEMENTATION=python``): the worlds are
  :class:`~mahjongkit.mcr.game.rules.Rules` built by :func:`sample_world` and played by
  Python bots (this seat at level 3, the others at level 2 by default), about 20 ms a
  rollout: use a budget of tens of rollouts there.

Obvious moves are taken at once: a legal win (the engine offers a win only at eight points
or more, and a win is worth at least 24 points to the winner while passing risks them), the
only legal move, and a decision where level 3 sees only one candidate.

The budget is a count of rollouts (``rollouts``, default
:data:`~.bot.DEFAULT_ROLLOUTS`), not a time: the same seed and the same view give the same
move on any machine and under any load.
The default is calibrated so that the median CPU per decision stays under half a second on
one core of the development machine (``benchmarks/README.md``). A CPU-time cap
(``max_seconds``) is only a safety net against a pathological position; when it trips the
search stops after the world in hand (the choice is then no longer a function of the seed).

>>> from mahjongkit.mcr.game.rules import Rules
>>> from mahjongkit.mcr.players.bot import Bot, view_of
>>> game = Rules("search-doc")
>>> bot = Bot(level=4, seed="doc", rollouts=8)
>>> move = bot.choose(view_of(game, 0))
>>> move in game.legal(0), move == Bot(level=4, seed="doc", rollouts=8).choose(view_of(game, 0))
(True, True)
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Protocol

from mahjongkit._impl import pick
from mahjongkit.mcr.game.moves import PASS, Move, MoveKind, discard
from mahjongkit.mcr.game.position import Position
from mahjongkit.mcr.game.variant import Walls
from mahjongkit.mcr.game.window import Phase
from mahjongkit.mcr.hand.hand import COUNTS_LENGTH, Hand
from mahjongkit.mcr.hand.meld import Meld, MeldKind
from mahjongkit.mcr.hand.notation import format_hand
from mahjongkit.mcr.players.planner import hand_value
from mahjongkit.mcr.players.view import View, claimed_hands, view_of
from mahjongkit.tiles import KINDS, STANDARD_KINDS

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules

MAX_CANDIDATES: Final = 3
"""At most this many moves are searched (level 3's choice and its closest rivals)."""
CLOSE: Final = 0.7
"""A discard is a rival of level 3's choice when it keeps at least this share of the
planner's value (or, once ready on scoring waits, keeps such waits too)."""
CLAIM_CLOSE: Final = 1.0
"""A claim is searched when the planner's value after it is at least this many times the
value of passing (level 3 itself claims at 1.5)."""
MARGIN: Final = 1.0
"""Standard errors by which a rival's mean must beat level 3's choice to be played."""
FIRST_SHARE: Final = 3
"""With ``halving``, the first stage spends one part in this many of the budget on every
candidate; the rest goes to level 3's choice and the one rival still in (see
:func:`_halving`)."""


class Player(Protocol):
    """What a rollout player does: choose a move from a view."""

    def choose(self, view: View) -> Move: ...


class Searcher(Protocol):
    """The level-4 bot as the search reads it (:class:`~.bot.Bot`; this module does not
    import it, the bot imports this module): its budget, level 3's policy, and a way to
    make rollout players of its kind."""

    seed: str
    rollouts: int
    max_seconds: float
    rollout_levels: tuple[int, int]
    rollout_policy: str
    read_discards: bool
    paced: bool
    halving: bool
    report: SearchReport | None

    def _claim3(self, view: View) -> Move: ...
    def _turn3(self, view: View) -> Move: ...
    def _planned(self, view: View, hand: Hand) -> list[tuple[Any, int]]: ...
    def player(self, level: int, seed: str) -> Player: ...


@dataclass
class SearchReport:
    """What the last decision of a level-4 bot did (for tests and benchmarks)."""

    candidates: tuple[Move, ...] = ()
    worlds: int = 0
    skipped: int = 0  # worlds drawn but not played (not placeable, or a candidate refused)
    rollouts: int = 0
    means: tuple[float, ...] = ()
    chosen: Move | None = None
    fallback: Move | None = None  # level 3's choice
    seconds: float = 0.0
    # Each seat's mean shanten of the hidden tiles the worlds dealt it (the C++ search; the
    # seat's own 0): how far along the sampled other hands were.
    dealt_shanten: tuple[float, ...] = ()


def _int_seed(seed: str, view: View) -> int:
    text = (
        f"{seed}:search:{format_hand(view.hand)}:{view.moves}:{view.seat}:{view.pools}"
        f":{view.hand_no}:{view.wall_count}"
    )
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# -- candidates --------------------------------------------------------------------------------


def candidates(bot: Searcher, view: View) -> tuple[Move, list[Move]]:
    """Level 3's choice and the moves worth searching against it (the choice first); a
    single candidate means there is nothing to search."""
    if view.window is not None:
        choice = bot._claim3(view)
        if view.window.kind is not Phase.CLAIM:
            return choice, [choice]
        return choice, _claim_candidates(bot, view, choice)
    choice = bot._turn3(view)
    return choice, _turn_candidates(bot, view, choice)


def _turn_candidates(bot: Searcher, view: View, choice: Move) -> list[Move]:
    legal = set(view.legal)
    ranked = bot._planned(view, view.hand)
    out = [choice]
    top = ranked[0][0]
    top_value = -top[2]
    for key, kind in ranked:
        move = discard(kind)
        if move not in legal or move in out or len(out) >= MAX_CANDIDATES:
            continue
        if key[0] != top[0]:
            continue  # ready on scoring waits against not: level 3's order stands
        if top[0] == 0 or -key[2] >= CLOSE * top_value:
            out.append(move)
    for move in view.legal:  # a kong (or not) is a real choice: always searched
        if move.kind is MoveKind.KONG and move not in out:
            out.append(move)
            if choice.kind is MoveKind.KONG:
                best = next((discard(kind) for _, kind in ranked if discard(kind) in legal), None)
                if best is not None and best not in out:
                    out.append(best)
    return out


def _claim_candidates(bot: Searcher, view: View, choice: Move) -> list[Move]:
    hand = view.hand
    out = [choice]
    if PASS not in out:
        out.append(PASS)
    now = hand_value(hand.counts, hand.melds, view.unseen, view.seat_wind, view.prevailing)
    worth: list[tuple[tuple[float, ...], Move]] = []
    for move, after in claimed_hands(view):
        if move in out:
            continue
        key = bot._planned(view, after)[0][0]
        if key[0] == 0 or -key[2] >= now * CLAIM_CLOSE:
            worth.append((key, move))
    worth.sort(key=lambda pair: (pair[0], str(pair[1])))
    out += [move for _, move in worth[: max(0, MAX_CANDIDATES - len(out))]]
    return out


# -- worlds ------------------------------------------------------------------------------------


def _hidden_pool(view: View) -> list[int]:
    unseen = view.unseen
    return [k for k in range(1, STANDARD_KINDS + 1) for _ in range(unseen[k])]


def sample_world(view: View, rng: random.Random) -> Rules | None:
    """One world consistent with ``view``: the hidden tiles dealt at random from the copies
    the seat has not seen. In a claim window the world stands just before the discard (the
    caller replays it). ``None`` when the view cannot be filled consistently."""
    from mahjongkit.mcr.game.rules import Rules

    me = view.seat
    window = view.window
    pools = [list(p) for p in view.pools]
    turn_seat: int
    if window is not None:
        turn_seat = window.from_seat
        if (
            window.kind is not Phase.CLAIM
            or not pools[turn_seat]
            or (pools[turn_seat][-1] != window.tile)
        ):
            return None
        pools[turn_seat].pop()
    else:
        turn_seat = me
    unseen = list(view.unseen)
    # Face-down kongs of the other seats: a kind of which this seat has seen no copy.
    melds: list[list[Meld]] = [list(m) for m in view.melds]
    for seat in range(4):
        if seat == me:
            continue
        for i, meld in enumerate(melds[seat]):
            if meld.kind is MeldKind.KONG and not meld.tiles:
                kinds = [k for k in range(1, STANDARD_KINDS + 1) if unseen[k] >= 4]
                if not kinds:
                    return None
                kind = rng.choice(kinds)
                unseen[kind] -= 4
                melds[seat][i] = Meld(MeldKind.KONG, (kind,) * 4, concealed=True)
    pool = [k for k in range(1, STANDARD_KINDS + 1) for _ in range(unseen[k])]
    rng.shuffle(pool)
    hands: list[str] = []
    for seat in range(4):
        if seat == me:
            hand = view.hand
        else:
            need = view.concealed[seat]
            if len(pool) < need:
                return None
            counts = [0] * COUNTS_LENGTH
            for k in pool[len(pool) - need :]:
                counts[k] += 1
            del pool[len(pool) - need :]
            hand = Hand(tuple(counts), tuple(melds[seat]), view.flowers[seat])
        if window is not None and seat == turn_seat:
            hand = hand.draw(window.tile)
        hands.append(format_hand(hand))
    variant = view.variant
    exposed = {f for flowers in view.flowers for f in flowers}
    if variant.flowers:
        pool += [f for f in range(STANDARD_KINDS + 1, KINDS + 1) if f not in exposed]
        rng.shuffle(pool)
    walls = None
    wall: tuple[int, ...] = ()
    if variant.walls is Walls.PER_SEAT:
        sizes = view.walls if view.walls is not None else _even(view.wall_count)
        if sum(sizes) > len(pool):
            return None
        parts, at = [], 0
        for size in sizes:
            parts.append(tuple(pool[at : at + size]))
            at += size
        walls = tuple(parts)
    else:
        if view.wall_count > len(pool):
            return None
        wall = tuple(pool[: view.wall_count])
    drawn = view.drawn if window is None and not view.claimed_this_turn else None
    position = Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        wall=wall,
        turn=turn_seat,
        pools=tuple(tuple(p) for p in pools),
        claimed_this_turn=view.claimed_this_turn if window is None else False,
        drawn=drawn,
        walls=walls,
    )
    try:
        world = Rules(
            "world",
            hand_no=view.hand_no,
            position=position,
            ruleset=view.ruleset,
            variant=replace(variant, hands=1),
        )
    except ValueError:
        return None
    if window is not None and world.apply(turn_seat, discard(window.tile)) is not None:
        return None
    world.take_outcomes()
    return world


def _even(total: int) -> tuple[int, int, int, int]:
    base, extra = divmod(total, 4)
    return tuple(base + (1 if s < extra else 0) for s in range(4))  # type: ignore[return-value]


# -- the C++ search -----------------------------------------------------------------------------

_MELD_KINDS: Final = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}
# As kPolicyShanten, kPolicyPlanned, kPolicyMixed (cpp/core/mcr/rollout.hpp).
_POLICIES: Final = {"shanten": 0, "planned": 1, "mixed": 2}


def _cpp_scores(
    bot: Searcher,
    view: View,
    moves: Sequence[Move],
    seed: int,
    report: SearchReport,
    worlds: int | None = None,
) -> list[list[int]] | None:
    """Each candidate's scores world by world from the C++ search
    (``mahjongkit._core.mcr.search_worlds``), given only what ``view`` shows; ``None`` when
    the view cannot be passed on (a window whose tile is not its discarder's last).
    ``worlds`` (default: the bot's budget shared by the candidates) worlds are drawn;
    ``report`` adds what was played. The worlds are a function of ``seed`` alone, so two
    calls with one seed play the same worlds whatever the candidates."""
    from mahjongkit.mcr.game._cpp import engine_move
    from mahjongkit.mcr.players._cpp import search_worlds
    from mahjongkit.mcr.scoring._cpp import score_rules

    window = view.window
    pools = [list(p) for p in view.pools]
    turn, drawn, window_tile = view.seat, 0, 0
    if window is not None:
        turn, window_tile = window.from_seat, window.tile
        if window.kind is not Phase.CLAIM or not pools[turn] or pools[turn][-1] != window.tile:
            return None
        pools[turn].pop()  # the world stands before the discard, which the engine replays
    elif not view.claimed_this_turn and view.drawn is not None:
        drawn = view.drawn
    melds = [
        [
            (
                _MELD_KINDS[m.kind],
                min(m.tiles) if m.tiles else 0,
                m.concealed,
                -1 if m.claimed_from is None else m.claimed_from,
                m.claimed_tile or 0,
            )
            for m in seat_melds
        ]
        for seat_melds in view.melds
    ]
    variant, ruleset = view.variant, view.ruleset
    exposed = {f for flowers in view.flowers for f in flowers}
    bonus = (
        [f for f in range(STANDARD_KINDS + 1, KINDS + 1) if f not in exposed]
        if variant.flowers
        else []
    )
    four = variant.walls is Walls.PER_SEAT
    sizes: tuple[int, ...] = (
        (view.walls if view.walls is not None else _even(view.wall_count))
        if four
        else (view.wall_count,)
    )
    if worlds is None:
        worlds = bot.rollouts // len(moves)
    played, skipped, flat, dealt = search_worlds(
        rules=score_rules(ruleset),
        flags=variant.rule_flags(ruleset),
        minimum=ruleset.minimum,
        dealer=view.dealer,
        prevailing=view.prevailing,
        seat=view.seat,
        counts=list(view.hand.counts),
        melds=melds,
        flowers=[list(f) for f in view.flowers],
        pools=pools,
        hidden=list(view.concealed),
        unseen=list(view.unseen),
        bonus=bonus,
        four_walls=four,
        wall_sizes=list(sizes),
        turn=turn,
        drawn=drawn,
        window_tile=window_tile,
        candidates=[engine_move(m) for m in moves],
        worlds=worlds,
        max_seconds=bot.max_seconds,
        seed=seed,
        policy=_POLICIES[bot.rollout_policy],
        read_discards=bot.read_discards,
        paced=bot.paced,
    )
    report.worlds += played
    report.skipped += skipped
    report.dealt_shanten = tuple(total / played if played else 0.0 for total in dealt)
    report.rollouts += played * len(moves)
    k = len(moves)
    return [list(flat[i::k]) for i in range(k)]


# -- rollouts ----------------------------------------------------------------------------------


def rollout(world: Rules, players: Sequence[Player], seat: int) -> int:
    """Play ``world`` (a clone, played in place) to the end of its hand; ``seat``'s points."""
    while world.is_active:
        actor = world.waiting_on[0]
        move = players[actor].choose(view_of(world, actor))
        if world.apply(actor, move) is not None:  # pragma: no cover - the bots pick legal moves
            raise AssertionError(f"rollout player at seat {actor} made a refused move {move}")
    history = world.history
    return history[-1].deltas[seat] if history else 0


def search(bot: Searcher, view: View) -> Move:
    """Level 4's move for ``view`` (see the module); ``bot.report`` says what was done."""
    start = time.process_time()
    report = SearchReport()
    bot.report = report
    choice, moves = candidates(bot, view)
    report.fallback = report.chosen = choice
    report.candidates = tuple(moves)
    if len(moves) < 2 or bot.rollouts < 2 * len(moves):
        return choice  # nothing to compare, or too small a budget to compare anything
    seed = _int_seed(bot.seed, view)
    twin: Scores = pick(None, cpp=_cpp_scores, python=_python_scores)
    if bot.halving:
        move = _halving(bot, view, moves, seed, report, twin)
    else:
        scores = twin(bot, view, moves, seed, report)
        move = _pick(moves, scores, report) if scores is not None else choice
    report.seconds = time.process_time() - start
    return move


class Scores(Protocol):
    """:func:`_cpp_scores` or :func:`_python_scores`."""

    def __call__(
        self,
        bot: Searcher,
        view: View,
        moves: Sequence[Move],
        seed: int,
        report: SearchReport,
        worlds: int | None = None,
    ) -> list[list[int]] | None: ...


def _halving(
    bot: Searcher,
    view: View,
    moves: Sequence[Move],
    seed: int,
    report: SearchReport,
    twin: Scores,
) -> Move:
    """Successive halving of the budget over the candidates (``moves``, level 3's choice
    first), in two stages.

    First every candidate is played on the same worlds with one part in
    :data:`FIRST_SHARE` of the budget. A rival whose paired mean does not beat level 3's
    choice there is dropped; if none does, level 3's move is played at once (most searched
    decisions end here, at a third of the cost). Otherwise the best rival and level 3's
    choice get the rest of the budget on fresh worlds (another seed), and the rival is
    played only when it beats level 3's choice there by ``MARGIN`` standard errors. The
    second stage alone decides: the rival was kept *because* it led on the first worlds, so
    pooling them would count that luck twice (a rival no better than level 3's move would
    pass about twice as often)."""
    choice = moves[0]
    first = twin(bot, view, moves, seed, report, max(2, bot.rollouts // FIRST_SHARE // len(moves)))
    if first is None or len(first[0]) < 2:
        return choice
    n = len(first[0])
    report.means = tuple(sum(s) / n for s in first)
    gains = [report.means[i] - report.means[0] for i in range(len(moves))]
    best = max(range(1, len(moves)), key=lambda i: (gains[i], -i))
    if gains[best] <= 0:
        return choice
    rest = (bot.rollouts - report.rollouts) // 2
    if rest < 2:
        return choice
    pair = [choice, moves[best]]
    second = twin(bot, view, pair, _int_seed(f"{bot.seed}:second", view), report, rest)
    if second is None:
        return choice
    means = report.means
    move = _pick(pair, second, report)
    report.means = means  # the first stage's, one for every candidate
    return move


def _python_scores(
    bot: Searcher,
    view: View,
    moves: Sequence[Move],
    seed: int,
    report: SearchReport,
    worlds: int | None = None,
) -> list[list[int]]:
    """Each candidate's scores world by world from Python rollout players on
    :meth:`~mahjongkit.mcr.game.rules.Rules.clone` (the fallback with
    ``MAHJONGKIT_IMPLEMENTATION=python``: about 20 ms a rollout)."""
    start = time.process_time()
    rng = random.Random(seed)
    own, others = bot.rollout_levels
    players = [
        bot.player(own if s == view.seat else others, f"{bot.seed}:rollout:{s}") for s in range(4)
    ]
    if worlds is None:
        worlds = bot.rollouts // len(moves)
    scores: list[list[int]] = [[] for _ in moves]
    attempts = played = 0
    while played < worlds and attempts < 2 * worlds:
        attempts += 1
        world = sample_world(view, rng)
        if world is None:
            report.skipped += 1
            continue
        legal = set(world.legal(view.seat))
        if not all(m in legal for m in moves):
            report.skipped += 1
            continue
        for i, move in enumerate(moves):
            copy = world.clone()
            copy.apply(view.seat, move)
            scores[i].append(rollout(copy, players, view.seat))
            report.rollouts += 1
        report.worlds += 1
        played += 1
        if time.process_time() - start > bot.max_seconds:
            break
    return scores


def _pick(moves: Sequence[Move], scores: Sequence[Sequence[int]], report: SearchReport) -> Move:
    """The candidate to play given each candidate's scores world by world (paired): level
    3's choice (the first) unless a rival's mean gain over it exceeds ``MARGIN`` standard
    errors (the largest such gain wins)."""
    n = len(scores[0])
    if n < 2:
        return moves[0]
    report.means = tuple(sum(s) / n for s in scores)
    base = scores[0]
    best, best_gain = 0, 0.0
    for i in range(1, len(moves)):
        diffs = [a - b for a, b in zip(scores[i], base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        se = math.sqrt(var / n)
        if mean > MARGIN * se and mean > best_gain:
            best, best_gain = i, mean
    report.chosen = moves[best]
    return moves[best]


__all__ = [
    "SearchReport",
    "candidates",
    "rollout",
    "sample_world",
    "search",
]
