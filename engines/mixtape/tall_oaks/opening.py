"""The opening: starting points and the first player's roll."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks import turns
from engines.mixtape.tall_oaks.state import (
    State,
)

B = R.BOARD


def place_start(state: State, point: str, events: list[Event]) -> None:
    x = state.survivors[state.placing]
    x.at = point
    events.append(Event("start_chosen", 0, "setup", {"seat": x.seat, "name": x.name, "space": point}))
    state.placing += 1
    if state.placing < len(state.survivors):
        return
    # Rulebook, Traveling: each rolls the movement dice, the highest goes first; ties roll again.
    state.order, rolls, faces = turn.opening_roll(state.rng, [x.seat for x in state.survivors], R.MOVEMENT_DICE)
    first = state.order[0]
    fx = state.survivors[first]
    names = {x.seat: x.name for x in state.survivors}  # so the story says whose roll is whose
    events.append(
        Event(
            "opening_roll",
            0,
            "setup",
            {"rolls": rolls, "faces": faces, "first": fx.seat, "name": fx.name, "names": names},
        )
    )
    turns.begin_turn(state, first, events)
