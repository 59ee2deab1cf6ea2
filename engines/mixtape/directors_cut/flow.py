"""The turn machine's table: every tag a flow leaves in `state.after` (or `brawl_after`) and what it resumes.

A Hero fight, a supply spend or a keep choice may interrupt a flow; the tag says what comes next. A tag with no
handler raises `UnknownStep`; "end" (end the turn) is registered like any other."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.directors_cut import movement, scenes, searching, turns
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    DOOR,
    REDRAW,
    State,
)

B = R.BOARD


def resume(state: State, tag: str, events: list[Event]) -> None:
    """Carry on after a Hero fight or a supply choice that interrupted a flow."""
    if state.result:
        return
    state.after = ""
    cur = state.current
    if tag == "card":
        scenes.play_card(state, events)
    elif tag == "redraw":
        scenes.scene(state, events)
    elif tag == "runner":
        s = state.slashers[cur]
        events.append(Event("runner_escaped", state.turn_no, "scene", {"seat": s.seat, "name": s.name}))
        turns.end_turn(state, events)
    elif tag == "free_search":
        s = state.slashers[cur]
        events.append(Event("free_search", state.turn_no, "supply", {"seat": s.seat, "name": s.name}))
        searching.receive_supply(state, cur, state.supplies.draw(state.rng), "spree", events)
    elif tag == "spree":
        state.spree = True
        s = state.slashers[cur]
        events.append(Event("spree", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
        turns.offer_turn(state, events)
    elif tag == "arrive_brawl":
        movement.arrive_brawl(state, events)
    elif tag == "arrive_place":
        movement.arrive_place(state, events)
    elif tag == "door":
        state.phase = DOOR
    elif tag == "offer_redraw":
        state.phase = REDRAW
    elif tag == "turn":
        turns.offer_turn(state, events)
    else:
        turns.end_turn(state, events)
