"""The fields a fold adds for its template: what the folded events were, and how many of each.

"You take back Walk x2, Focus and Short Rest." is `You take back {items}.` over four events whose
`fold_item` is `{title}`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engines.core.events import Event
from narratives.formatting import render
from narratives.words import join


def fold_fields(events: Sequence[Event], items: Sequence[str], repeat: str) -> dict[str, Any]:
    """first_x, sum_x, all_x for each fact; has_<kind>; count; items ('Walk x2, Focus and Short Rest',
    written by `repeat` with item and n), each (every item, a list), counts (how often each came); first_turn,
    all_turn and turns (how many turns the events span)."""
    out: dict[str, Any] = {}
    sums: dict[str, int] = {}
    every: dict[str, list[Any]] = {}
    for event in events:
        out[f"has_{event.kind}"] = True
        for name, value in event.facts.items():
            out.setdefault(f"first_{name}", value)
            every.setdefault(name, []).append(value)
            if isinstance(value, int) and not isinstance(value, bool):
                sums[name] = sums.get(name, 0) + value
    out.update({f"sum_{k}": v for k, v in sums.items()})
    out.update({f"all_{k}": v for k, v in every.items()})
    tally = Counter(items)
    named = [item if n == 1 else render(repeat, {"item": item, "n": n}) or item for item, n in tally.items()]
    out.update(count=len(events), items=join(named), each=list(items), counts=list(tally.values()))
    out.update(
        first_turn=events[0].turn, all_turn=[e.turn for e in events], turns=len({e.turn for e in events})
    )
    return out
