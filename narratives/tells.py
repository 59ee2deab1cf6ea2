"""What a template tells: conditions on an event's fields that must hold for the template to be chosen.

`tells = ["killed", "!wasted", "reward=a", "damage>1", "count:kills", "!count:left"]` reads: `killed` is there
and not zero, false or empty; `wasted` is absent or zero; `reward` is 'a'; `damage` is a number above 1;
`kills` is a number; `left` is not (a card that never wears out has no tokens left to count). A template that says "you miss" tells the failure and can only be chosen where the event is one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

_COMPARE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(<=|>=|!=|=|<|>)\s*(.+)")


def check(condition: str) -> str:
    """The condition if it is well formed; ValueError otherwise (so a typo fails at load, not at play)."""
    body = condition.lstrip("!")
    body = body[len("count:") :] if body.startswith("count:") else body
    if not (body.isidentifier() or _COMPARE.fullmatch(body)):
        raise ValueError(f"'{condition}' is not a condition a template can tell")
    return condition


def holds(conditions: Iterable[str], fields: Mapping[str, Any]) -> bool:
    return all(_one(c, fields) for c in conditions)


@cache
def _comparison(condition: str) -> tuple[str, str, str] | None:
    """(name, operator, value) of a comparison, None for a plain name: parsed once per condition."""
    found = _COMPARE.fullmatch(condition)
    return None if found is None else (found[1], found[2], found[3])


def _one(condition: str, fields: Mapping[str, Any]) -> bool:
    if condition.startswith("!count:"):
        return not _one(condition[1:], fields)
    if condition.startswith("count:"):
        value = fields.get(condition[len("count:") :])
        return isinstance(value, int) and not isinstance(value, bool)
    if condition.startswith("!"):
        return not fields.get(condition[1:])
    found = _comparison(condition)
    if found is None:
        return bool(fields.get(condition))
    name, op, expected = found
    if name not in fields:
        return False
    value = fields[name]
    if op in ("=", "!="):
        same = str(value).lower() == expected.strip().lower()
        return same if op == "=" else not same
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        limit = float(expected)
    except ValueError:
        return False
    return {"<": value < limit, ">": value > limit, "<=": value <= limit, ">=": value >= limit}[op]
