"""One game as a learner sees it: indices in, observation planes, masks and rewards out.

A :class:`Table` owns a :class:`~mahjongkit.mcr.game.rules.Rules` and talks to it only
through its public moves and a seat's view; the PettingZoo environment, the Gymnasium
wrapper and the vectorised self-play are thin layers over it, so that all three play the
same games for the same seeds.

An episode is ``hands`` hands (1 to 16; one by default, as on Botzone: the rules' one-hand
game variant). ``variant`` is ``"mcr"`` (this package's game, with flowers and one wall) or
``"botzone"`` (Botzone's: one hand, no flowers, four walls, scored with the values of
Botzone's judge), so that a policy trained here plays Botzone's game.

A one-hand episode covers the whole game when ``rotate`` (the default): the seed also picks
which hand of a match is dealt, so the dealer, every seat's wind and the prevailing wind
vary from episode to episode (the ``mcr`` variant deals hand 1 to 16, ``botzone`` seat 0
always deals, as on Botzone, under a prevailing wind 0 to 3 from the seed as the arena
does). :func:`rules_for` gives the very game of a seed, to replay it.

Rewards are the settlement deltas of each hand as it ends, times ``reward_scale``. An action
outside the mask raises ``ValueError`` naming it (``illegal="raise"``); with
``illegal="terminate"`` it ends the episode as PettingZoo's classic games do (the offender
gets ``-1``, the others ``0``); with ``illegal="penalty"`` it is played as the Botzone judge
does: the offender pays 30 and each other seat gains 10 (times ``reward_scale``), and the
episode ends. :attr:`Table.results` describes the hands a move ended (winner, discarder,
fans, points), for the environments' ``info``.

>>> table = Table(rotate=False)
>>> table.reset(7)
>>> table.seat, table.game.seed, table.legal()[:3]
(0, '7', [5, 6, 7])
>>> rules_for(7).dealer, rules_for(7).prevailing, rules_for(7, variant="botzone").dealer
(3, 2, 0)
>>> table.play(0, 1)
Traceback (most recent call last):
ValueError: action 1 (hu) is not legal for seat 0 now; legal: 5 (play 4m), 6 (play 5m), ...
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, Literal, TypedDict

import numpy as np
import numpy.typing as npt

from mahjongkit._impl import pick, resolve
from mahjongkit.mcr.game.result import HANDS, HandRecord
from mahjongkit.mcr.game.rules import Rules
from mahjongkit.mcr.rl.encoding import ACTIONS, MOVES, check_index, describe
from mahjongkit.mcr.rl.observation import HISTORY, Observer, Planes, Seen
from mahjongkit.mcr.variants import MATCH_HANDS, game_variant

if TYPE_CHECKING:
    from mahjongkit.mcr.rl._cpp import EngineObserver
from mahjongkit.mcr.scoring.ruleset import Ruleset

Illegal = Literal["raise", "terminate", "penalty"]
ILLEGAL_MODES: Final = ("raise", "terminate", "penalty")
ILLEGAL_PENALTY: Final = 30
"""What the offender pays under ``illegal="penalty"`` (each other seat gains a third)."""
ILLEGAL_REWARD: Final = -1.0
"""The offender's reward under ``illegal="terminate"`` (PettingZoo's classic games' value)."""
SEED_BITS: Final = 63


class TableOptions(TypedDict, total=False):
    """The keyword options of :class:`Table`, declared once: every environment over tables
    (:class:`~mahjongkit.mcr.rl.env.MahjongEnv`,
    :class:`~mahjongkit.mcr.rl.single.SingleAgentEnv`,
    :class:`~mahjongkit.mcr.rl.vector.VectorSelfPlay`,
    :class:`~mahjongkit.mcr.rl.parallel.ParallelSelfPlay`) takes them and hands them on;
    their defaults are :class:`Table`'s."""

    hands: int
    history: int
    reward_scale: float
    illegal: Illegal
    ruleset: Ruleset | None
    impl: str | None
    variant: str
    rotate: bool


def rules_for(
    seed: int | str,
    *,
    variant: str = "mcr",
    hands: int = 1,
    rotate: bool = True,
    ruleset: Ruleset | None = None,
) -> Rules:
    """The game a :class:`Table` plays for ``seed`` with these options (to replay it): the
    variant's game (:mod:`mahjongkit.mcr.variants`) of the seed's text.

    A rotated one-hand game is the hand the seed picks (``mcr``: hand ``1 + h`` of a match,
    ``h`` from the seed's hash, so every dealer and both winds in turn; ``botzone``: Botzone's
    deal of the seed, its wind from the seed's hash); without rotation hand 1 (seat 0 deals,
    East prevails). Any other number of hands is cut from a whole game."""
    game = game_variant(variant)
    game.check_hands(hands, cut=True)
    return game.rules(
        str(seed),
        hands=1 if hands == 1 else MATCH_HANDS,
        hand=None if rotate else 1,
        ruleset=ruleset,
    )


def hand_result(record: HandRecord) -> dict[str, Any]:
    """A finished hand as plain data for an ``info`` dict: ``winner``, ``discarder`` (the
    seat that fed the win, or ``None``), ``self_drawn``, ``points`` (the winner's, flowers
    included), ``fans`` (``(name, points, times)`` each), ``deltas`` (the settlement) and
    ``hand_no``, ``dealer``, ``prevailing``.

    >>> table = Table(rotate=False)
    >>> table.reset(0)
    >>> while not table.done:
    ...     _ = table.play(table.seat, table.legal()[-1])
    >>> sorted(table.results[-1])[:5]
    ['dealer', 'deltas', 'discarder', 'fans', 'hand_no']
    """
    return {
        "winner": record.winner,
        "discarder": record.discarder,
        "self_drawn": record.winner is not None and record.discarder is None,
        "points": record.points,
        "fans": [(fan.name, fan.points, fan.times) for fan in record.fans],
        "deltas": list(record.deltas),
        "hand_no": record.hand_no,
        "dealer": record.dealer,
        "prevailing": record.prevailing,
    }


class SeedStream:
    """The game seeds of successive episodes: ``reset(seed)`` plays the game ``str(seed)``,
    and each later ``reset()`` without a seed draws the next one from a generator seeded
    by it (from the system when no seed was ever given).

    >>> stream = SeedStream()
    >>> stream.next(5), stream.next(None) == SeedStream().next(5) or stream.next(None)[:0]
    ('5', '')
    """

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> str:
        chosen = episode_seed(seed)
        if chosen is not None:
            self._rng = random.Random(chosen)
            return str(chosen)
        return str(self._rng.getrandbits(SEED_BITS))


def episode_seed(seed: object) -> int | None:
    """An episode's seed (Gymnasium's convention): ``None`` (the next of the stream) or a
    non-negative integer, a NumPy one made an ``int``; the game it plays is seeded by its
    decimal text. The one seed check of every RL entry point (tables, environments, batches).

    >>> episode_seed(np.int64(3)), episode_seed(None)
    (3, None)
    >>> episode_seed(-1)
    Traceback (most recent call last):
    ValueError: a seed is a non-negative int, not -1
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"a seed is a non-negative int or None, not {seed!r}")
    if seed < 0:
        raise ValueError(f"a seed is a non-negative int, not {seed!r}")
    return int(seed)


def illegal_message(index: int, seat: int, legal: list[int]) -> str:
    """What refuses an illegal index (``illegal="raise"``), naming it and the legal ones."""
    names = ", ".join(f"{i} ({describe(i)})" for i in legal)
    return f"action {index} ({describe(index)}) is not legal for seat {seat} now; legal: {names}"


def penalty(illegal: Illegal, seat: int, scale: float) -> list[float]:
    """The four seats' rewards when ``seat`` plays an illegal index under ``illegal``
    (``"terminate"``: -1 for it, 0 for the others; ``"penalty"``: Botzone's -30 and +10
    each, times ``scale``).

    >>> penalty("penalty", 1, 1.0), penalty("terminate", 0, 1.0)
    ([10.0, -30.0, 10.0, 10.0], [-1.0, 0.0, 0.0, 0.0])
    """
    if illegal == "terminate":
        rewards = [0.0] * 4
        rewards[seat] = ILLEGAL_REWARD
        return rewards
    rewards = [ILLEGAL_PENALTY / 3 * scale] * 4
    rewards[seat] = -ILLEGAL_PENALTY * scale
    return rewards


def _check_hands(hands: int) -> int:
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= HANDS:
        raise ValueError(f"hands per episode is an int from 1 to {HANDS}, not {hands!r}")
    return hands


def _core_observer(history: int) -> Observer | EngineObserver:
    """The C++ observer (imported here: the Python twin runs without the extension)."""
    from mahjongkit.mcr.rl._cpp import EngineObserver

    return EngineObserver(history)


def _python_observer(history: int) -> Observer | EngineObserver:
    """The pure-Python twin."""
    return Observer(history)


class Table:
    """One game stepped by action indices (see the module's description).

    ``history`` is the number of discards per seat the observation keeps; ``ruleset`` the
    scorer's rules (by default the Green Book's, Botzone's judge's values for ``botzone``);
    ``impl`` (``"cpp"``, ``"python"`` or ``None``: see :mod:`mahjongkit._impl`) chooses the
    observer and mask, C++ or their pure-Python twin (the same planes and masks), as an
    object with one face: the table has one code path for both.

    A table is not thread-safe: one thread steps it at a time (the rules it owns are one
    mutable game).
    """

    def __init__(
        self,
        *,
        hands: int = 1,
        history: int = HISTORY,
        reward_scale: float = 1.0,
        illegal: Illegal = "raise",
        ruleset: Ruleset | None = None,
        impl: str | None = None,
        variant: str = "mcr",
        rotate: bool = True,
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal is one of {ILLEGAL_MODES}, not {illegal!r}")
        if not isinstance(rotate, bool):
            raise TypeError(f"rotate is a bool, not {type(rotate).__name__}")
        self.hands = _check_hands(hands)
        self.variant = game_variant(variant).name
        game_variant(variant).check_hands(self.hands, cut=True)
        self.rotate = rotate
        self.reward_scale = float(reward_scale)
        self.illegal: Illegal = illegal
        self.ruleset = ruleset
        self.impl = resolve(impl)
        # The twin, as an object: both render a seat's planes and mask from the game's
        # state, with the same face; nothing below asks which one it is.
        self.observer = pick(self.impl, _core_observer, _python_observer)(history)
        # The acting seat's mask (the observer writes it; a view into a batch's masks under
        # VectorSelfPlay), valid while _masked.
        self._mask: npt.NDArray[np.int8] | npt.NDArray[np.bool_] = np.zeros(ACTIONS, dtype=np.int8)
        self._masked = False
        self.planes = self.observer.planes
        self.seeds = SeedStream()
        self.game: Rules | None = None
        self.episode_seed = ""
        """The seed of the episode (what :func:`rules_for` was given; the game's own seed
        may differ: Botzone's deal names its game ``"botzone"``)."""
        self.seat: int | None = None
        self.done = True
        self.hands_played = 0
        self.penalised: int | None = None
        self.results: list[dict[str, Any]] = []
        """The hands the last move ended (see :func:`hand_result`), oldest first."""
        self._legal: list[int] | None = None

    def episode_game(self, seed: int | None = None) -> Rules:
        """The game of the next episode (``str(seed)``, or the next seed of the stream: its
        text becomes :attr:`episode_seed`), dealt, its events taken; the table is not
        changed otherwise (an engine's table deals from it too)."""
        # One hand is the rules' own one-hand game (it ends finished, its end observable);
        # any other number of hands is cut from a whole game.
        self.episode_seed = self.seeds.next(seed)
        game = rules_for(
            self.episode_seed,
            variant=self.variant,
            hands=self.hands,
            rotate=self.rotate,
            ruleset=self.ruleset,
        )
        game.take_outcomes()
        return game

    def reset(self, seed: int | None = None) -> None:
        """Start an episode: the game ``str(seed)``, or the next seed of the stream."""
        game = self.episode_game(seed)
        self.game = game
        self.hands_played = 0
        self.penalised = None
        self.results = []
        self.done = False
        self.observer.reset()
        self.observer.sync(game)
        self._advance()

    @property
    def started(self) -> bool:
        """Whether an episode was dealt (``reset``)."""
        return self.game is not None

    def _advance(self) -> None:
        game = self.game
        assert game is not None
        waiting = game.waiting_on
        self.seat = waiting[0] if waiting and not self.done else None
        self._legal = None
        self._masked = False

    def use_mask_buffer(self, buffer: npt.NDArray[np.bool_]) -> None:
        """Keep the acting seat's mask in ``buffer`` (235 one-byte items, e.g. a row of a
        batch's masks), written there at each move."""
        if buffer.shape != (ACTIONS,) or buffer.dtype.itemsize != 1:
            raise ValueError(f"a mask buffer of {ACTIONS} one-byte items, not {buffer.shape}")
        self._mask = buffer
        self._masked = False

    def acting_mask(self) -> npt.NDArray[np.int8] | npt.NDArray[np.bool_]:
        """The acting seat's mask, kept (do not write it): int8 by default, or the buffer
        of :meth:`use_mask_buffer`; all zero when nobody acts."""
        if not self._masked:
            game = self._rules()
            seat = self.seat
            if seat is None or self.done:
                self._mask[:] = 0
            else:
                self.observer.mask(seat, game.legal(seat), self._mask)
            self._masked = True
        return self._mask

    def _rules(self) -> Rules:
        if self.game is None:
            raise ValueError("reset() first: no game is on the table")
        return self.game

    def legal(self, seat: int | None = None) -> list[int]:
        """The legal indices of ``seat`` (the seat to act by default), ascending."""
        self._rules()
        if self.done:
            return []
        if seat is None or seat == self.seat:
            if self._legal is None:
                self._legal = (
                    [] if self.seat is None else np.flatnonzero(self.acting_mask()).tolist()
                )
            return self._legal
        return np.flatnonzero(self.mask(seat)).tolist()

    def mask(self, seat: int, out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
        """``seat``'s legal mask (int8, 1 at each legal index)."""
        game = self._rules()
        if seat == self.seat and not self.done:
            mask = self._mask if self._masked else self.acting_mask()
            if out is None:
                return mask.astype(np.int8)  # one call: a copy, or the bool row cast
            np.copyto(out, mask)
            return out
        if out is None:
            out = np.zeros(ACTIONS, dtype=np.int8)
        if self.done:
            out[:] = 0
        else:
            self.observer.mask(seat, game.legal(seat), out)
        return out

    def observe(self, seat: int, out: Planes | None = None) -> Planes:
        """``seat``'s observation planes (a new array, or written into ``out``)."""
        self._rules()
        return self.observer.encode(seat, out)

    def play(self, seat: int, action: int) -> list[float]:
        """Play ``action`` for ``seat`` (which must be the seat to act); returns the four
        seats' rewards from it. An illegal action raises ``ValueError`` naming it, or is
        penalised (see ``illegal``)."""
        game = self.game
        if game is None or self.done:
            self._rules()
            raise ValueError("the episode is over: reset() first")
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} is to act, not seat {seat}")
        # The common case (a plain int in range) without the call: this runs at every move.
        index = action if type(action) is int and 0 <= action < ACTIONS else check_index(action)
        if not (self._mask if self._masked else self.acting_mask())[index]:
            if self.illegal == "raise":
                raise ValueError(illegal_message(index, seat, self.legal()))
            rewards = penalty(self.illegal, seat, self.reward_scale)
            self.penalised = seat
            self.results = []
            self.done = True
            self._advance()
            return rewards
        return self._move(game, seat, index)

    def play_legal(self, index: int) -> list[float]:
        """Play ``index`` for the seat to act, the caller having checked it against
        :meth:`acting_mask` (a batch checks all its games' actions in one NumPy lookup);
        returns the four seats' rewards, as :meth:`play` does."""
        return self._move(self._rules(), self.seat, index)  # type: ignore[arg-type]

    def _move(self, game: Rules, seat: int, index: int) -> list[float]:
        """Play a legal index for the seat to act (the caller checked both); bring the
        observer, the seat to act and its mask up to date."""
        history = game.history  # the rules append to this very list
        seen = len(history)
        hand = game.match.hand  # the hand this move is made in (it may end it)
        refusal = game.apply(seat, MOVES[index])
        if refusal is not None:  # the mask came from the same rules: this is a bug
            raise AssertionError(f"a legal index was refused: {describe(index)}: {refusal}")
        events = game.take_outcomes()
        rewards = [0.0, 0.0, 0.0, 0.0]
        if self.results:
            self.results = []
        if len(history) > seen:
            scale = self.reward_scale
            for record in history[seen:]:
                for s in range(4):
                    rewards[s] += record.deltas[s] * scale
                self.hands_played += 1
                self.results.append(hand_result(record))
            if self.hands_played >= self.hands or not game.is_active:
                self.done = True
        waiting = game.waiting_on
        acting = self.seat = waiting[0] if waiting and not self.done else None
        self._legal = None
        if self.done and game.is_active:
            # An episode cut short of the game shows the hand it ended, at its end (as a
            # finished game does): the rules have dealt the next hand already.
            record = history[-1]
            self.observer.sync_seen(Seen(hand, record.totals, record.hand_no))
            self._mask[:] = 0
        else:
            self.observer.sync_mask(game, events, acting, self._mask)
        self._masked = True
        return rewards
