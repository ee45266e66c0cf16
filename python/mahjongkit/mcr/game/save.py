"""What a saved game says about its ruleset: a name for the built-in ones, every field for
any other, so a game with a house ruleset restores to the very same scoring.

>>> from mahjongkit.mcr.scoring.ruleset import GB, Ruleset
>>> ruleset_to_json(GB), ruleset_from_json("gb") is GB
('gb', True)
>>> house = Ruleset(name="house", point_overrides={48: 7})
>>> ruleset_from_json(ruleset_to_json(house)) == house
True
>>> chosen = GB.choose(knit_holds_winning_tile=True)
>>> ruleset_from_json(ruleset_to_json(chosen)) == chosen
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

from mahjongkit.mcr.scoring.ruleset import RULESETS, RuleDifference, Ruleset, ruleset_named

SAVE_FORMAT: Final = "mahjongkit.mcr.game"
SAVE_VERSION: Final = 1


def ruleset_to_json(ruleset: Ruleset) -> str | dict[str, Any]:
    """The ruleset's name if it is a built-in one, else all its fields."""
    if RULESETS.get(ruleset.name) == ruleset:
        return ruleset.name
    return {
        "name": ruleset.name,
        "point_overrides": {str(k): v for k, v in sorted(ruleset.point_overrides.items())},
        "mixed_kong_pair": list(ruleset.mixed_kong_pair),
        "concealed_form_self_drawn": ruleset.concealed_form_self_drawn,
        "concealed_forms": sorted(ruleset.concealed_forms),
        "extra_excludes": {str(k): sorted(v) for k, v in sorted(ruleset.extra_excludes.items())},
        "nine_gates_extras": {
            str(k): list(v) for k, v in sorted(ruleset.nine_gates_extras.items())
        },
        "conditional_excludes": [
            [sorted(when), sorted(drop)] for when, drop in ruleset.conditional_excludes
        ],
        "many_kongs_award_concealed": ruleset.many_kongs_award_concealed,
        "robbing_on_last_tile": ruleset.robbing_on_last_tile,
        "knit_holds_winning_tile": ruleset.knit_holds_winning_tile,
        "minimum": ruleset.minimum,
        "differences": [[d.key, d.clause, d.text] for d in ruleset.differences],
    }


def ruleset_from_json(data: object) -> Ruleset:
    """The ruleset :func:`ruleset_to_json` wrote; ``ValueError`` or ``TypeError`` naming
    what is wrong."""
    if isinstance(data, str):
        return ruleset_named(data)
    if not isinstance(data, dict):
        raise TypeError(f"a ruleset is a name or a JSON object, not {type(data).__name__}")
    try:
        pair = data["mixed_kong_pair"]
        return Ruleset(
            name=_str(data["name"]),
            point_overrides=MappingProxyType(
                {_kind(k): _num(v) for k, v in dict(data["point_overrides"]).items()}
            ),
            mixed_kong_pair=_pair(pair),
            concealed_form_self_drawn=_num(data["concealed_form_self_drawn"]),
            concealed_forms=frozenset(_num(v) for v in data["concealed_forms"]),
            extra_excludes=MappingProxyType(
                {
                    _kind(k): frozenset(_num(f) for f in v)
                    for k, v in dict(data["extra_excludes"]).items()
                }
            ),
            nine_gates_extras=MappingProxyType(
                {
                    _kind(k): tuple(_num(f) for f in v)
                    for k, v in dict(data["nine_gates_extras"]).items()
                }
            ),
            # the fields below the first save format lacked default to the Green Book's
            conditional_excludes=tuple(
                (frozenset(_num(f) for f in when), frozenset(_num(f) for f in drop))
                for when, drop in data.get("conditional_excludes", ())
            ),
            many_kongs_award_concealed=bool(data["many_kongs_award_concealed"]),
            robbing_on_last_tile=bool(data.get("robbing_on_last_tile", False)),
            knit_holds_winning_tile=bool(data.get("knit_holds_winning_tile", False)),
            minimum=_num(data["minimum"]),
            differences=tuple(
                RuleDifference(_str(k), _str(c), _str(t)) for k, c, t in data["differences"]
            ),
        )
    except KeyError as error:
        raise ValueError(f"a ruleset without {error}") from None


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string in the ruleset, not {type(value).__name__}")
    return value


def _num(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer in the ruleset, not {value!r}")
    return value


def _pair(value: object) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"mixed_kong_pair is [fan number, points], not {value!r}")
    return _num(value[0]), _num(value[1])


def _kind(key: object) -> int:
    # ASCII digits only: str.isdigit() also takes "١٢" and "²", which int() reads or refuses
    if not isinstance(key, str) or not (key.isascii() and key.isdigit()) or len(key) > 4:
        raise ValueError(f"a fan number key is one to four ASCII digits, not {key!r}")
    return int(key)
