"""Machine players for MCR: they read only a :class:`~.view.View` of the game, never the game.

:func:`~.view.view_of` builds what one seat may see (its own tiles; everybody's pools, melds
and flowers; how many tiles each seat conceals; the wall count, winds, totals; its own offer
in an open window; its legal moves); this module re-exports both. Another seat's concealed
kong shows as a kong with no tiles. A :class:`Bot` chooses a move from that view alone, so it
cannot cheat.

Levels:

1. Win when legal; otherwise discard the most isolated tile (fewest neighbours and copies;
   honours before terminals before simples) and pass every window.
2. Win when legal. Discard to minimise the shanten left, then to maximise the acceptance
   counted in tiles still unseen by this seat; once ready, prefer the discard whose waits
   would score the 8-point minimum (the scorer is asked). Declare a concealed or promoted
   kong when the hand after it is no further from ready. In a window, claim a pung or chow
   only when it lowers the shanten *and* either leaves the hand ready on a wait that scores
   8, or is a pung of a dragon or of the seat's or prevailing wind (it scores by itself);
   claim an exposed kong under the same rule for the pung of its tile. Everything else
   passes: a claim that does not lead to eight points only spoils a concealed hand.
3. Win when legal. Plan toward a hand worth eight points (:mod:`.planner`): every discard
   is ranked by the value it keeps, a sum over concrete 8-point shapes (a mixed triple
   chow, the straights, shifted chows, a full flush, a half flush or all pungs with a pung
   that scores by itself, seven pairs, the knitted forms) of the shape's weight times a
   chance that falls with each tile still needed; a discard that leaves the hand ready on
   waits the scorer says reach eight comes first (most such tiles first), and level 2's
   shanten and acceptance break ties. In a window it claims a chow, pung or kong when the
   value after the claim and its best discard is at least ``CLAIM_MARGIN`` times the value
   of passing, or when the claim leaves it ready on a wait that scores eight; a hand
   already ready on such a wait passes. Kongs as level 2. It does not defend: in MCR a win
   fed costs the feeder only the points beyond the 8 every seat pays anyway, and measured
   defence (level 3's earlier rule: safe discards against opponents who look ready) gained
   nothing (``benchmarks/README.md``).
4. Level 3 checked by search (:mod:`.search`): where level 3's own ranking leaves close
   rivals, the hidden tiles are sampled from this seat's view, each candidate is played out
   to the end of the hand by rollout players (in C++ on the hand engine by default), and a
   rival replaces level 3's move only when it scores clearly more points under MCR
   settlement. Its budget is a count of rollouts.

Ties are broken by a hash of (bot seed, hand, move count, seat, move), never by a global
random generator: the same seed and the same game give the same moves.

>>> from mahjongkit.mcr.game.rules import Rules
>>> game = Rules("bot-doc")
>>> bot = Bot(level=2, seed="doc")
>>> move = bot.choose(view_of(game, 0))
>>> move in game.legal(0), move == bot.choose(view_of(game, 0))
(True, True)
>>> hint(game, 0) == Bot(TOP_LEVEL, seed=game.seed).choose(view_of(game, 0))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from mahjongkit.mcr.analysis.engine import shanten, shanten_after_discard, waits
from mahjongkit.mcr.game.moves import WIN, Move, MoveKind
from mahjongkit.mcr.hand.hand import Hand
from mahjongkit.mcr.hand.notation import format_hand
from mahjongkit.mcr.players.planner import discard_values, hand_value
from mahjongkit.mcr.players.view import View, WindowView, claimed_hands, view_of, visible_counts
from mahjongkit.mcr.scoring.context import WinBy, WinContext
from mahjongkit.tiles import is_honour, is_suited, is_terminal

if TYPE_CHECKING:
    from mahjongkit.mcr.game.rules import Rules
    from mahjongkit.mcr.players.search import SearchReport

__all__ = [
    "LEVELS",
    "TOP_LEVEL",
    "Bot",
    "View",
    "WindowView",
    "hint",
    "isolation",
    "play_game",
    "scores_by_itself",
    "scoring_waits",
    "tie_break",
    "view_of",
    "visible_counts",
]

LEVELS: Final = (1, 2, 3, 4)
"""The levels a :class:`Bot` plays at."""
TOP_LEVEL: Final = 3
"""The level :func:`hint`, the terminal's bots and the pages' advice use by default. Level 4
(:mod:`.search`) is asked for by name: it spends about half a second of CPU a decision,
which a hint on every frame of a replay, a page's "bot plays to the end" (hundreds of moves
in one request) and the default test run cannot afford, and the measured gain over level 3
is not yet established (``benchmarks/README.md``)."""
DRAGONS: Final = frozenset({32, 33, 34})
DEFAULT_ROLLOUTS: Final = 3000
"""Level 4's rollouts per searched decision by default (:mod:`.search`, C++ rollouts of about
0.2 ms with the shanten policy, 0.3 ms with the planned one): calibrated so that the median
decision stays under half a second of CPU on one core (``benchmarks/README.md``). The Python
fallback's rollouts cost about 20 ms: give it a budget of tens."""
DEFAULT_MAX_SECONDS: Final = 2.0
"""Level 4's safety net: CPU seconds after which a search stops at the end of the world in
hand (the move then no longer depends on the seed alone)."""
ROLLOUT_POLICIES: Final = ("shanten", "planned", "mixed")
"""The C++ search's rollout policies (``cpp/core/mcr/rollout.hpp``): ``shanten`` plays every
seat toward the lowest shanten, ``planned`` toward a target worth eight points (level 3's
planner in small), ``mixed`` the searching seat by ``planned`` (its own continuation plays on
toward eight points, as level 3 will after the decision) and the other three by ``shanten``.
The first is the default: neither other policy is yet measured to play level 4 better
(``benchmarks/README.md``)."""
ROLLOUT_LEVELS: Final = (3, 2)
"""The levels of level 4's Python rollout players (the fallback): its own seat's, then the
other seats'. The C++ search plays every seat with its own rollout policy."""
CLAIM_MARGIN: Final = 1.5
"""A level-3 claim must raise the planner's value by this factor (a claim gives up the
concealed hand's points and some freedom)."""
EAST: Final = 28


# -- helpers both levels use -------------------------------------------------------------------


def tie_break(seed: str, view: View, move: Move) -> int:
    """A seeded hash of (seed, hand, move count, seat, move): the deterministic tie-break."""
    return _tie_hash(_tie_prefix(seed, view), move)


def _tie_prefix(seed: str, view: View) -> str:
    return f"{seed}:{format_hand(view.hand)}:{view.moves}:{view.seat}:"


def _tie_hash(prefix: str, move: Move) -> int:
    text = f"{prefix}{move}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def isolation(hand: Hand, kind: int) -> tuple[int, int]:
    """How connected a held ``kind`` is (lower is more isolated): copies held and suited
    neighbours within two ranks, then honours (0) before terminals (1) before simples (2).

    >>> from mahjongkit.mcr.hand.notation import parse_hand
    >>> hand = parse_hand("1299m 5p E")
    >>> isolation(hand, 28), isolation(hand, 14), isolation(hand, 9)
    ((0, 0), (0, 2), (3, 1))
    """
    counts = hand.counts
    links = 3 * (counts[kind] - 1)
    if is_suited(kind):
        for step, weight in ((1, 2), (2, 1)):
            for neighbour in (kind - step, kind + step):
                if 1 <= neighbour <= 27 and (neighbour - 1) // 9 == (kind - 1) // 9:
                    links += weight * min(counts[neighbour], 1)
    group = 0 if is_honour(kind) else 1 if is_terminal(kind) else 2
    return links, group


def scores_by_itself(kind: int, seat_wind: int, prevailing: int) -> bool:
    """A pung of this kind scores on its own: a dragon, the seat wind or the prevailing wind."""
    return kind in DRAGONS or kind in (EAST + seat_wind, EAST + prevailing)


@lru_cache(maxsize=65536)
def _wait_scores(hand: Hand, wait: int, seat_wind: int, prevailing: int) -> bool:
    """Whether winning on ``wait`` (by discard or self-draw) would reach the minimum."""
    from mahjongkit.mcr.scoring.score import score

    complete = hand.draw(wait)
    for by in (WinBy.DISCARD, WinBy.SELF_DRAWN):
        context = WinContext(winning=wait, by=by, seat_wind=seat_wind, prevailing_wind=prevailing)
        try:
            if score(complete, context).minimum_met:
                return True
        except ValueError:  # not complete in a form the scorer reads: no win there
            return False
    return False


def scoring_waits(hand13: Hand, waits: Sequence[int], view: View) -> int:
    """How many unseen tiles among ``waits`` would win ``hand13`` with 8 points or more."""
    unseen = view.unseen
    return sum(
        unseen[w]
        for w in waits
        if unseen[w] > 0 and _wait_scores(hand13, w, view.seat_wind, view.prevailing)
    )


# -- the players -------------------------------------------------------------------------------


class Bot:
    """A machine player at ``level`` (1 to 4), deterministic for its ``seed``.

    Level 4 (:mod:`.search`) takes a budget: ``rollouts`` per searched decision (default
    :data:`DEFAULT_ROLLOUTS`; under two a candidate plays level 3's moves), a CPU-seconds safety net
    ``max_seconds``, the C++ search's ``rollout_policy`` (one of :data:`ROLLOUT_POLICIES`:
    ``shanten`` at every seat, the default; ``planned`` at every seat; ``mixed``, planned at the
    searching seat and shanten at the others) and
    ``read_discards`` (deal the other seats' hidden tiles weighted by their discards, not
    uniformly), ``paced`` (bring each other seat's dealt hand as far along as a real player's
    at its number of discards and melds), ``halving`` (spend a third of the budget on every
    candidate, then the rest only on level 3's move and the best rival that leads it, which
    must beat it again on fresh worlds), and the Python fallback's ``rollout_levels`` (its
    own seat's, the others').

    >>> Bot(level=5)
    Traceback (most recent call last):
    ValueError: a bot level is one of (1, 2, 3, 4), not 5
    >>> Bot(level=4, rollouts=-1)
    Traceback (most recent call last):
    ValueError: rollouts is a count of at least 0, not -1
    """

    def __init__(
        self,
        level: int = TOP_LEVEL,
        seed: str = "",
        *,
        rollouts: int | None = None,
        max_seconds: float | None = None,
        rollout_levels: tuple[int, int] | None = None,
        rollout_policy: str = ROLLOUT_POLICIES[0],
        read_discards: bool = False,
        paced: bool = False,
        halving: bool = False,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"a bot level is one of {LEVELS}, not {level!r}")
        self.level = level
        self.seed = seed
        budget = DEFAULT_ROLLOUTS if rollouts is None else rollouts
        if isinstance(budget, bool) or not isinstance(budget, int):
            raise TypeError(f"rollouts is an int, not {type(rollouts).__name__}")
        if budget < 0:
            raise ValueError(f"rollouts is a count of at least 0, not {rollouts!r}")
        self.rollouts = budget
        self.max_seconds = DEFAULT_MAX_SECONDS if max_seconds is None else max_seconds
        if not self.max_seconds > 0:
            raise ValueError(f"max_seconds is a positive number, not {max_seconds!r}")
        levels = ROLLOUT_LEVELS if rollout_levels is None else tuple(rollout_levels)
        if len(levels) != 2 or not all(lv in (1, 2, 3) for lv in levels):
            raise ValueError(f"rollout_levels are two levels from 1 to 3, not {rollout_levels!r}")
        self.rollout_levels: tuple[int, int] = (levels[0], levels[1])
        if not isinstance(rollout_policy, str):
            raise TypeError(f"rollout_policy is a str, not {type(rollout_policy).__name__}")
        if rollout_policy not in ROLLOUT_POLICIES:
            raise ValueError(f"rollout_policy is one of {ROLLOUT_POLICIES}, not {rollout_policy!r}")
        if not isinstance(read_discards, bool):
            raise TypeError(f"read_discards is a bool, not {type(read_discards).__name__}")
        self.rollout_policy = rollout_policy
        self.read_discards = read_discards
        if not isinstance(paced, bool):
            raise TypeError(f"paced is a bool, not {type(paced).__name__}")
        self.paced = paced
        if not isinstance(halving, bool):
            raise TypeError(f"halving is a bool, not {type(halving).__name__}")
        self.halving = halving
        self.report: SearchReport | None = None  # what level 4's last decision did

    def __repr__(self) -> str:
        return f"Bot(level={self.level}, seed={self.seed!r})"

    def choose(self, view: View) -> Move:
        """The move to make (one of ``view.legal``); ``ValueError`` if the seat has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal move now")
        if WIN in view.legal:
            return WIN
        in_window = view.window is not None
        if self.level == 1:
            return _pass_move(view) if in_window else self._isolated_discard(view)
        if self.level == 3:
            return self._claim3(view) if in_window else self._turn3(view)
        if self.level == 4:
            from mahjongkit.mcr.players.search import search

            return search(self, view)
        return self._claim(view) if in_window else self._turn(view)

    def player(self, level: int, seed: str) -> Bot:
        """A bot of ``level`` seeded ``seed`` (level 4's rollout players)."""
        return Bot(level, seed=seed)

    def _pick(self, view: View, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        prefix = _tie_prefix(self.seed, view)
        return min(moves, key=lambda m: _tie_hash(prefix, m))

    # level 1

    def _isolated_discard(self, view: View) -> Move:
        discards = [m for m in view.legal if m.kind is MoveKind.DISCARD]
        best = min(isolation(view.hand, m.tile or 0) for m in discards)
        return self._pick(view, [m for m in discards if isolation(view.hand, m.tile or 0) == best])

    # level 2

    def _ranked_discards(self, view: View, hand: Hand) -> list[tuple[tuple[int, int, int], int]]:
        """(key, kind) for each discard of a 14-tile hand, best (lowest key) first: shanten
        left, then minus the unseen tiles of 8-point waits once ready, then minus the unseen
        tiles that would help."""
        unseen = view.unseen.__getitem__
        ranked = []
        for kind, (left, accepted) in shanten_after_discard(hand).items():
            helping = sum(map(unseen, accepted))
            scoring = scoring_waits(hand.discard(kind), accepted, view) if left == 0 else 0
            ranked.append(((left, -scoring, -helping), kind))
        ranked.sort()
        return ranked

    def _best_discard(self, view: View, ranked: Sequence[tuple[Any, int]]) -> Move:
        """The legal discard ranked first (ties by the hash) of ``(key, kind)`` pairs."""
        legal = {m.tile for m in view.legal if m.kind is MoveKind.DISCARD}
        best = [(key, kind) for key, kind in ranked if kind in legal]
        top = best[0][0]
        return self._pick(view, [Move(MoveKind.DISCARD, kind) for key, kind in best if key == top])

    def _turn(self, view: View) -> Move:
        hand = view.hand
        ranked = self._ranked_discards(view, hand)
        best_left = ranked[0][0][0]
        kongs = _free_kongs(view, best_left)
        if kongs:
            return self._pick(view, kongs)
        return self._best_discard(view, ranked)

    # level 3

    def _planned(
        self, view: View, hand: Hand
    ) -> list[tuple[tuple[int, int, float, int, int], int]]:
        """(key, kind) for each discard of a 14-tile hand, best first: ready on waits that
        score eight first (most such tiles first), then the planner's value, then level 2's
        shanten and acceptance."""
        values = discard_values(
            hand.counts, hand.melds, view.unseen, view.seat_wind, view.prevailing
        )
        ranked = []
        for (left, minus_scoring, minus_helping), kind in self._ranked_discards(view, hand):
            ready = 0 if minus_scoring < 0 else 1
            ranked.append(
                ((ready, minus_scoring, -round(values[kind], 9), left, minus_helping), kind)
            )
        ranked.sort()
        return ranked

    def _turn3(self, view: View) -> Move:
        hand = view.hand
        ranked = self._planned(view, hand)
        best_left = min(key[3] for key, _ in ranked)
        kongs = _free_kongs(view, best_left)
        if kongs:
            return self._pick(view, kongs)
        return self._best_discard(view, ranked)

    def _claim3(self, view: View) -> Move:
        hand = view.hand
        if shanten(hand) <= 0 and scoring_waits(hand, waits(hand), view) > 0:
            return _pass_move(view)  # ready to win with eight: a claim can only spoil it
        now = hand_value(hand.counts, hand.melds, view.unseen, view.seat_wind, view.prevailing)
        worth: list[tuple[tuple[int, int, float, int, int], Move]] = []
        for move, after in claimed_hands(view):
            key = self._planned(view, after)[0][0]
            if key[0] == 0 or -key[2] > now * CLAIM_MARGIN:
                worth.append((key, move))
        return self._best_claim(view, worth)

    def _claim(self, view: View) -> Move:
        window = view.window
        assert window is not None
        hand, tile = view.hand, window.tile
        now = shanten(hand)
        worth: list[tuple[tuple[int, int, int], Move]] = []
        for move, after in claimed_hands(view):
            ranked = self._ranked_discards(view, after)
            key = ranked[0][0]
            left, scoring = key[0], -key[1]
            if left >= now:
                continue  # the claim does not bring the hand closer: keep it concealed
            if scoring > 0 or (
                move.kind is not MoveKind.CHOW
                and scores_by_itself(tile, view.seat_wind, view.prevailing)
            ):
                worth.append((key, move))
        return self._best_claim(view, worth)

    def _best_claim(self, view: View, worth: Sequence[tuple[tuple[float, ...], Move]]) -> Move:
        """The claim of the best key among those ``worth`` making, or a pass if none is."""
        if not worth:
            return _pass_move(view)
        top = min(key for key, _ in worth)
        # Between a pung and a kong of the same tile, the kong (one more point, a free draw).
        best = [m for key, m in worth if key == top]
        kongs = [m for m in best if m.kind is MoveKind.KONG]
        return kongs[0] if kongs else self._pick(view, best)


def _free_kongs(view: View, best_left: int) -> list[Move]:
    """The concealed or promoted kongs after which the hand is no further from ready than
    its best discard would leave it (the kong does not lengthen the road)."""
    hand = view.hand
    kongs = []
    for move in view.legal:
        if move.kind is MoveKind.KONG and move.tile is not None:
            after = (
                hand.concealed_kong(move.tile)
                if hand.counts[move.tile] == 4
                else hand.promote_kong(move.tile)
            )
            if shanten(after) <= best_left:
                kongs.append(move)
    return kongs


def _pass_move(view: View) -> Move:
    return next(m for m in view.legal if m.kind is MoveKind.PASS)


def hint(rules: Rules, seat: int, level: int = TOP_LEVEL, *, rollouts: int | None = None) -> Move:
    """The move the bot at ``level`` (the top level by default) would make for ``seat`` now,
    seeded by the game's seed; ``rollouts`` is level 4's budget (its default if ``None``).

    >>> from mahjongkit.mcr.game.rules import Rules
    >>> game = Rules("hint-doc")
    >>> hint(game, 0) in game.legal(0), hint(game, 0, 4, rollouts=6) in game.legal(0)
    (True, True)
    """
    view = view_of(rules, seat)
    return Bot(level, seed=view.seed, rollouts=rollouts).choose(view)


def play_game(
    seed: str | bytes, levels: Sequence[int] = (TOP_LEVEL,) * 4, *, bot_seed: str | None = None
) -> Rules:
    """A whole game played by four bots at ``levels`` (one per seat).

    >>> game = play_game("play-doc", levels=(2, 1, 1, 1))
    >>> game.is_active, len(game.history), sum(game.totals)
    (False, 16, 0)
    """
    if len(levels) != 4:
        raise ValueError(f"four levels, one per seat, not {len(levels)}")
    base = bot_seed if bot_seed is not None else (seed if isinstance(seed, str) else seed.hex())
    from mahjongkit.mcr.game.rules import Rules  # here: a bot answering a view needs no rules

    bots = [Bot(level, seed=f"{base}:{seat}") for seat, level in enumerate(levels)]
    game = Rules(seed)
    while game.is_active:
        seat = game.waiting_on[0]
        refusal = game.apply(seat, bots[seat].choose(view_of(game, seat)))
        if refusal is not None:  # a bot only picks from its legal moves: this is a bug
            raise AssertionError(f"bot at seat {seat} made a refused move: {refusal}")
        game.take_outcomes()
    return game
