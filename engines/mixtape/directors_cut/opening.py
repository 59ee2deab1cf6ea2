"""The opening: starting points, the first player's roll and the yellow locks."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.directors_cut import places
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    LOCK,
    State,
)

B = R.BOARD


def start_label(state: State, point: str) -> str:
    """A starting point by its landmark, with who already stands there (a start holds any number)."""
    there = [x.name for x in state.slashers if x.alive and x.at == point]
    return B.place(point) + (f" ({' and '.join(there)} already there)" if there else "")


def place_start(state: State, point: str, events: list[Event]) -> None:
    s = state.slashers[state.placing]
    s.at = point
    events.append(
        Event(
            "start_chosen",
            0,
            "setup",
            {"seat": s.seat, "name": s.name, "space": point, "place": places.logged(point)},
        )
    )
    state.placing += 1
    if state.placing < len(state.slashers):
        return
    # The opening roll: two movement dice each, the highest goes first; ties for the top roll again.
    state.order, rolls, faces = turn.opening_roll(state.rng, [x.seat for x in state.slashers], R.MOVEMENT_DICE)
    first = state.order[0]
    locks = state.rng.d6()
    state.locks_left = min(locks, state.lock_bank)
    fs = state.slashers[first]
    events.append(
        Event(
            "opening_roll",
            0,
            "setup",
            {
                "rolls": rolls,
                "faces": faces,
                "first": fs.seat,
                "name": fs.name,
                "locks": locks,
                "names": {x.seat: x.name for x in state.slashers},  # so the story says whose roll is whose
            },
        )
    )
    state.phase = LOCK
