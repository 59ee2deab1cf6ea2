"""Small questions the rules ask of a survivor and the board: free slots, a weapon, the next Task, what may be done here."""

from __future__ import annotations

from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    State,
    Survivor,
)

B = R.BOARD


def free_slots(x: Survivor) -> int:
    return A.slots(x.name) - len(x.supplies) - len(x.tasks)


def armed(x: Survivor) -> bool:
    """Holding a weapon (a supply that gives Actions), or Christine's fists."""
    return A.fists(x.name) or any(R.supply(c).kind == R.ACTION for c in x.supplies)


def next_task(state: State) -> int:
    """The lowest Task whose token is still yellow (0 when all four are green)."""
    for i, done in enumerate(state.done):
        if not done:
            return i + 1
    return 0


def can_complete(state: State, x: Survivor, loc: str) -> bool:
    """Holding the next Task here, with the location cleared of its Scene Marker."""
    k = next_task(state)
    return bool(k) and k in x.tasks and R.TASK_LOCATIONS[k - 1] == loc and not state.markers.get(loc)


def can_face_final(state: State, x: Survivor, loc: str) -> bool:
    """At the location of your own Final Rescue token, not yet collected, holding five rescue tokens: the
    rulebook's five are needed "in order to turn over their Final Scene and attempt their Final Rescue"."""
    return state.final_tokens.get(loc) == x.seat and not x.final_token and len(x.rescues) >= R.RESCUES_NEEDED


def can_search(state: State, x: Survivor, loc: str) -> bool:
    return (
        loc in R.MARKER_LOCATIONS
        and not state.markers[loc]
        and x.searched != loc
        and state.final_tokens.get(loc, "") == ""
    )


def legend_era(state: State) -> bool:
    return state.slasher == R.LEGEND
