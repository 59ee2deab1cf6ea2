"""The roll and move both Mixtape games share: roll the movement dice, list the stops the total reaches, wait
for the mover to pick one; with none, the mover is stuck and the turn ends (both rulebooks, Traveling in Tall
Oaks). Each game passes what differs: how many dice, the stops its board and pieces allow, what its event
adds (Director's Cut tells the total and how many stops), and how its turn ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engines.core.events import Event
from engines.core.rng import Rng

MOVE = "move"
"""The phase (and the events' phase) in which the mover picks a stop, in both games."""


class Mover(Protocol):
    @property
    def seat(self) -> str: ...
    @property
    def name(self) -> str: ...


class Rolling(Protocol):
    """The fields of a game's state the roll writes (both games' states have them)."""

    rng: Rng
    roll: list[int]
    stops: dict[str, int]
    phase: str
    turn_no: int


def roll_move(
    state: Rolling,
    mover: Mover,
    dice: int,
    reach: Callable[[int], dict[str, int]],
    end_turn: Callable[[Any, list[Event]], None],
    events: list[Event],
    told: Callable[[], Mapping[str, object]] | None = None,
) -> None:
    """Roll `dice` movement dice; `reach(total)` gives the stops (space -> steps); `told()` the game's own
    facts for the `moved_roll` event, read once the stops are known."""
    state.roll = state.rng.d6s(dice)
    state.stops = reach(sum(state.roll))
    facts = {"seat": mover.seat, "name": mover.name, "dice": list(state.roll), **(told() if told else {})}
    events.append(Event("moved_roll", state.turn_no, MOVE, facts))
    if not state.stops:
        events.append(Event("stuck", state.turn_no, MOVE, {"seat": mover.seat, "name": mover.name}))
        end_turn(state, events)
        return
    state.phase = MOVE
