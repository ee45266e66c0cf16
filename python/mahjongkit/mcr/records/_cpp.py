"""The records' C++ adapter: the one-call replay of ``cpp/core/mcr/replay.hpp``, the fast
path of :func:`~mahjongkit.mcr.records.check.check_record`. Its Python twin is that module's
replay through the rules, which also words every problem: the C++ replay only answers
whether a record plays to its end (and how it ended), or where the rules refuse it.

The only records module that imports the compiled extension. What it hands over is derived
from the Python side once: the ``Action`` members in their order, the Botzone variant's
rule flags under the ``gb`` ruleset, that ruleset's minimum and its scorer data.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from mahjongkit.mcr.botzone.variant import GB
from mahjongkit.mcr.game.variant import BOTZONE
from mahjongkit.mcr.records.format import Action, Record
from mahjongkit.mcr.scoring._cpp import score_rules

FINISHED: Final = 0
REFUSED: Final = 1
UNDECIDED: Final = 2

Outcome = tuple[int, int, int, int, int, int, tuple[tuple[int, int], ...] | None]
"""``(status, step, winner, by, discarder, points, fans)``: ``status`` one of
:data:`FINISHED`, :data:`REFUSED`, :data:`UNDECIDED`; ``step`` the index of the refused step
(the number of steps for the record's end); ``winner``, ``by`` (0 self-drawn, 1 discard,
2 robbing) and ``discarder`` -1 when none; the points and fans (number, times) of a win."""


@functools.cache
def _replayer() -> Callable[[Record, int], Outcome]:
    """The replay with the data derived once (on first use: importing this module loads no
    compiled code)."""
    from mahjongkit._core import mcr

    call = mcr.replay_record
    actions = tuple(Action)
    flags = BOTZONE.rule_flags(GB)
    minimum = GB.minimum
    rules = score_rules(GB)

    def replay(record: Record, prevailing: int) -> Outcome:
        # The deals go as they are (the binding reads any sequences as tuples): asking here
        # whether each is a tuple cost 0.3 us a game, about 3 % of a record's whole check.
        deals: Any = record.deals
        steps: Any = record.steps
        if type(steps) is not tuple:
            steps = tuple(steps)
        outcome: Outcome = call(
            deals, steps, prevailing, record.result.drawn, actions, flags, minimum, rules
        )
        return outcome

    return replay


def replay_record(record: Record, prevailing: int) -> Outcome:
    """Replay ``record`` in C++ with ``prevailing`` the prevailing wind (0 East to 3 North)."""
    return _replayer()(record, prevailing)
