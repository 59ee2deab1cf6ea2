"""Why a choice is refused: the reason an illegal key gets, in the game's words."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
)
from engines.mixtape.directors_cut import keys, movement
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    BONUS_PICK,
    MOVE,
    SEARCH,
    TARGET,
    TURN,
    State,
)

B = R.BOARD


def refusal_now(state: State, lid: str) -> str:
    """Why a move may not end in this location now (it is not among the stops)."""
    s = state.slashers[state.current]
    return movement.refusal(lid, s.at, sum(state.roll), state.locks, bool(s.key))


def _spend_refusal(state: State, key: str) -> str:
    """A spend of tokens the slasher holds is never refused, offered or not (spending.held_spend)."""
    return "You do not have that many Supply Tracker Tokens for this roll."


def illegal(state: State, d: Decision, key: str) -> str:
    choice = keys.Key.parse(key)  # a verb and its one argument, by name
    if state.phase == MOVE and choice.verb == "go" and choice.arg:
        node = choice.arg
        if node in B.locations:
            return refusal_now(state, node)
        if node in B.kind:
            return (
                f"You cannot end your move on {B.place(node)} with {sum(state.roll)}: you must use the "
                "whole roll, stopping early only in a location or on a locked entrance."
            )
    if key == "search" and state.phase in (SEARCH, TURN):
        s = state.slashers[state.current]
        if not B.is_location(s.at):
            return "There is nothing to search here: only empty locations may be searched."
        if state.markers[s.at]:
            return "There is a Scene Marker here: a location with a victim is not searched."
        if state.spree:
            return "A Killing Spree goes on with a roll or another scene, not a search."
        return "You searched this location last time; search somewhere else first."
    if state.phase == TARGET:
        names = " or ".join(state.slashers[i].name for i in state.targets)
        return f"That slasher is not within reach: brawl {names}."
    if state.phase == BONUS_PICK and choice.verb == "to" and choice.arg in B.locations:
        return f"{B.locations[choice.arg].name} is locked shut or is where you stand: pick another location."
    if key == "unlock":
        return "There is no lock here to break."
    if key == "scene":
        return "There is no Scene Marker here."
    if choice.verb == "spend":
        return _spend_refusal(state, key)
    shown = key if len(key) <= 40 else key[:40] + "..."
    return f"'{shown}' is not a choice now. Choices: {', '.join(d.keys()[:8])}."
