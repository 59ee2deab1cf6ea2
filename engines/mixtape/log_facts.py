"""What a finished Mixtape run's log says about the person's seat: the facts both games' achievements read."""

from __future__ import annotations

from engines.core.events import Event


def person(log: list[Event]) -> str | None:
    """The person's seat, named by the game's ending; None while the run goes on."""
    return next((e.facts["person"] for e in log if e.kind == "game_over"), None)


def mine(log: list[Event], kind: str) -> list[Event]:
    """The events of a kind that happened to (or were done by) the person's seat."""
    me = person(log)
    return [e for e in log if e.kind == kind and e.facts.get("seat") == me]


def won(log: list[Event]) -> bool:
    return any(e.kind == "game_over" and e.facts["result"] == "won" for e in log)
