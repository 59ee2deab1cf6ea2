"""Events: what happened, as plain records. Prose is made from them later, so a log can be re-rendered."""

from __future__ import annotations

from typing import Any

import msgspec


class Event(msgspec.Struct, frozen=True, gc=False):
    """One thing that happened: its kind, when, and the facts a narrator needs. Not tracked by the garbage
    collector (gc=False): an event never refers back to anything that holds it, so it cannot be in a cycle,
    and the search's rollouts make millions that the collector would otherwise walk."""

    kind: str
    turn: int = 0
    phase: str = ""
    facts: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        return self.facts[name]


UNDO = "undo"
"""Kind of the meta event the application writes into a run's log when the person takes back a decision."""


def engine_events(log: list[Event]) -> list[Event]:
    """The events an engine produced, without the application's meta events (undo markers)."""
    return [e for e in log if e.kind != UNDO]
