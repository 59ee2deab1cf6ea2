"""The check both Mixtape games' summary tests share: the person's summaries say "you", rivals' say their name."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from engines.core.events import Event
from narratives.narrator import Narrator


def check_summary_voice(narrator: Narrator, events: Iterable[Event], seat: str, roles: Sequence[str]) -> None:
    """Over the events, a dozen of each way of telling: an event of the person's `seat` never names the person's
    character; another seat's never says "You" unless one of its `roles` (other, winner, ...) is the person."""
    person, seen = "", Counter[tuple]()
    for e in events:
        if e.kind == "game_started":
            person = e.facts["names"][0]
        if "seat" not in e.facts:
            continue
        mine = e.facts["seat"] == seat
        named = seat in (e.facts.get(role) for role in roles)
        seen[key := (e.kind, narrator.case(e), mine, named)] += 1
        if seen[key] > 12:  # a dozen of each way of telling is plenty, and keeps the test quick
            continue
        said = narrator.summary(e)
        if mine:
            assert e.facts["name"] == person, e
            assert not said.startswith(person) and person not in said, (e.kind, said)
        elif not named:
            assert not re.search(r"\bYou\b", said), (e.kind, said)  # a rival's line says "you" only of a role
    assert any(mine for _, _, mine, _ in seen) and any(not mine for _, _, mine, _ in seen)
