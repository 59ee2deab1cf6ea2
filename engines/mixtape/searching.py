"""The Search Die both Mixtape games roll in a location (both rulebooks, Searching): the searcher marks the
location searched (no two searches in a row there), rolls the die, and the `searched`
event tells the face. What each face then does is the game's own (Director's Cut's supply and noise, Tall
Oaks' Ivy, whose Denied counts as a Search)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from engines.core.events import Event
from engines.core.rng import Rng


class Searcher(Protocol):
    @property
    def seat(self) -> str: ...
    @property
    def name(self) -> str: ...

    at: str
    searched: str


class Searching(Protocol):
    rng: Rng
    turn_no: int


def roll_search(
    state: Searching,
    searcher: Searcher,
    faces: Sequence[str],
    phase: str,
    events: list[Event],
    told: Mapping[str, object] | None = None,
) -> str:
    """Mark the searcher's location searched, roll the Search Die and tell it (with the game's own facts
    `told` after the face); the face rolled."""
    searcher.searched = searcher.at
    face = faces[state.rng.below(len(faces))]
    events.append(
        Event(
            "searched",
            state.turn_no,
            phase,
            {"seat": searcher.seat, "name": searcher.name, "face": face, **(told or {})},
        )
    )
    return face
