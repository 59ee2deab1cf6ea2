"""Samples of what the survivor cannot see, for the search: in this game only the dice to come."""

from __future__ import annotations

import copy

from engines.core.rng import Rng
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.state import State


def determinize(state: State, seat: str, rng: Rng) -> State:
    """A copy whose future dice are reseeded from `rng`: everything else lies open on the table."""
    sample = copy.deepcopy(state)
    sample.rng = Rng.from_seed(rng.next_u32() << 32 | rng.next_u32())
    return sample


def facts(state: State, seat: str) -> dict[str, float]:
    """What a rollout's end says: how far the car got and how much barricade was left."""
    return {
        "car repaired %": 100.0 * state.repairs / R.REPAIRS_TO_WIN,
        "barricade left": float(state.barricade),
        "zombies destroyed": float(state.total_kills),
    }


def value(state: State, seat: str) -> float | None:
    """The survivor's only goal is the win; no count to add."""
    return None
