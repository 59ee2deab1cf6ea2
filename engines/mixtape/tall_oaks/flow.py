"""The turn machine's table: every tag a flow leaves in `state.after` and what it resumes.

A supply spend, a keep choice or a fight may interrupt a flow; the tag says what comes next: "end" (end the
turn), "noise" (make the spent supplies' noise, then end), "won:<kind>:<after>" (the prize of a fight won by
Triple Actions, after its free supply). A tag with no handler raises `UnknownStep`."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks import slasher, turns
from engines.mixtape.tall_oaks.state import (
    State,
)

B = R.BOARD


def resume(state: State, after: str, events: list[Event]) -> None:
    if after == "noise":
        slasher.after_noise(state, events)
    elif after.startswith("won:"):
        _, kind, then = after.split(":")
        slasher.after_defeat(state, kind, then, events)
    else:
        turns.end_turn(state, events)
