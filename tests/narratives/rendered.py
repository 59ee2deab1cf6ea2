"""Events told one by one for the prose tests, once each, with the variants and rule options each telling chose.

A hundred seeded games hold some 80,000 events but only a sixth as many distinct ones (alike in kind, phase and
facts): the rest tell the same thing again at another position. Under the quick breadth a prose test tells each
distinct event once, at its first position; under the full one (SOLO_TEST_BREADTH=full) every event at its own.
What the first positions choose is kept (`Told.choices`), so a test can assert that every variant of every case
it told was still told (`unchosen`): a variant the distinct events stop reaching fails loudly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import msgspec

from engines.core.events import Event
from narratives.grammar import History
from narratives.narrator import Narrator, Unit
from tests.tools.breadth import FULL


class Told(NamedTuple):
    """One event told alone at a log position: its prose, summary and heading, and every (rule, option) its
    telling chose (a case's variants are the rule 'kind:first variant's text')."""

    event: Event
    index: int
    prose: str
    summary: str
    title: str
    choices: tuple[tuple[str, int], ...]


def positions(logs: Iterable[Sequence[Event]]) -> list[tuple[Event, int]]:
    """Each event with its position in its log; under the quick breadth only the first of those alike in kind,
    phase and facts."""
    out, seen = [], set()
    for log in logs:
        for i, event in enumerate(log):
            if not FULL:
                key = (event.kind, event.phase, msgspec.json.encode(event.facts))
                if key in seen:
                    continue
                seen.add(key)
            out.append((event, i))
    return out


def alike(events: Iterable[Event]) -> list[Event]:
    """The events, each of those alike in kind, turn, phase and facts once (in every breadth: what does not
    depend on an event's position, its case, fields, summary and heading, is the same for all of them)."""
    return list(
        {(e.kind, e.turn, e.phase, msgspec.json.encode(e.facts)): e for e in reversed(list(events))}.values()
    )[::-1]


def tell(narrator: Narrator, events: Iterable[tuple[Event, int]]) -> list[Told]:
    """Each (event, position) told as `narrator.prose(event, position)` and `summary` tell it, in one go."""
    out = []
    for event, i in events:
        history = History()
        t = narrator.tell([event], Unit(0, 1, None, False), history, i)
        out.append(Told(event, i, t.prose, t.summary, t.title, tuple(history.choices)))
    return out


def unchosen(narrator: Narrator, told: Iterable[Told]) -> set[tuple[str, int]]:
    """('kind.case', variant) of each variant never chosen, of the cases whose prose was told at all."""
    names = {}
    for kind_name, kind in narrator.templates.kinds.items():
        for case_name, case in kind.cases.items():
            variants = case.variants()
            if variants:
                names[f"{kind_name}:{variants[0].text}"] = (f"{kind_name}.{case_name}", len(variants))
    chosen: dict[str, set[int]] = {}
    for t in told:
        for rule, option in t.choices:
            if rule in names:
                chosen.setdefault(rule, set()).add(option)
    return {(names[r][0], i) for r, got in chosen.items() for i in range(names[r][1]) if i not in got}
