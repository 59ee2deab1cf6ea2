"""Rescue tokens' end game: Final Scenes cards turned over, and restocking the Scene Markers."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    State,
    Survivor,
)

B = R.BOARD


def restock(state: State, events: list[Event]) -> None:
    """Rulebook, Restocking: when every location is cleared, refill all but the last one cleared."""
    if any(state.markers.values()):
        return
    placed = []
    for loc in R.MARKER_LOCATIONS:
        if loc == state.last_cleared or loc in state.final_tokens or not state.bank:
            continue
        state.markers[loc] = state.bank.pop()
        placed.append(place(loc))
    events.append(Event("restocked", state.turn_no, state.phase, {"count": len(placed), "places": placed}))


def can_reveal(state: State, x: Survivor) -> bool:
    """Rulebook, Final Scenes: "Once all tasks have been completed and the player has successfully acquired
    their 5 (five) Rescue tokens, that player flips over their Final Scenes, Dude card"."""
    return all(state.done) and not x.revealed and x.alive and len(x.rescues) >= R.RESCUES_NEEDED


def flip_ready(state: State, events: list[Event]) -> None:
    """Turn over every Final Scenes card whose holder now meets both conditions, at once (no choice, no
    waiting for a turn): the current survivor first, then the others in turn order (designed)."""
    if not all(state.done):
        return
    order = state.order or list(range(len(state.survivors)))
    start = order.index(state.current) if state.current in order else 0
    for k in range(len(order)):
        who = order[(start + k) % len(order)]
        if can_reveal(state, state.survivors[who]):
            reveal(state, who, events)


def reveal(state: State, who: int, events: list[Event]) -> None:
    x = state.survivors[who]
    x.revealed = True
    fs = R.FINAL_SCENES[x.final]
    loc = fs.location
    cleared = bool(state.markers.get(loc))
    if cleared:
        state.bank.append(state.markers[loc])
        state.markers[loc] = ""
        state.last_cleared = loc
    state.final_tokens[loc] = x.seat
    events.append(
        Event(
            "final_revealed",
            state.turn_no,
            state.phase,
            {
                "seat": x.seat,
                "name": x.name,
                "title": fs.title,
                "place": place(loc),
                "need": fs.actions,
                "cleared": cleared,  # the location's victims made way for the Final Scene
            },
        )
    )
    restock(state, events)
