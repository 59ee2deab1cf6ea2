"""Which template cases a set of seeded games reaches: the truth tests play fewer seeds than they once did
(bench/truth.py checks the same truth over 1,000 games a title), so each asserts that its seeds still tell
every case the templates hold, bar a named few, and a seed that stops reaching one fails loudly."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.core.events import Event
from narratives.narrator import Narrator


def cases_told(told: Iterable[tuple[Narrator, Sequence[Event]]]) -> set[tuple[str, str]]:
    """(kind, case) of every event as its narrator chose to tell it, and ('fold', name) of every fold told."""
    out: set[tuple[str, str]] = set()
    for narrator, log in told:
        names = {id(c): (k, n) for k, kind in narrator.templates.kinds.items() for n, c in kind.cases.items()}
        for event in log:
            case = narrator._case(event, narrator.values(event))
            if case is not None:
                out.add(names[id(case)])
        out |= {("fold", t.fold) for t in narrator.story(log) if t.folded and t.fold}
    return out


def untold(told: Iterable[tuple[Narrator, Sequence[Event]]], narrator: Narrator) -> set[tuple[str, str]]:
    """The template cases (and folds) of the narrator's game that none of the logs tells."""
    every = {(k, n) for k, kind in narrator.templates.kinds.items() for n in kind.cases}
    every |= {("fold", name) for name in narrator.templates.folds}
    return every - cases_told(told)
