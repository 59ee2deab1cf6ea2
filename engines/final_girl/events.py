"""The Event cards: drawing one, its special Victim, and the effects of its own (accidents, scatters)."""

from __future__ import annotations

from typing import Any

from engines.core.events import Event
from engines.final_girl import data as D
from engines.final_girl.board import (
    fg_trap,
    free_victims,
    kill_victim,
    leave_play,
    move_victim,
    other_setup,
    place_victims,
    unlock,
    victims_at,
)
from engines.final_girl.machine import STEPS, ev, push
from engines.final_girl.state import State, Victim
from engines.final_girl.tracks import hurt_fg


def draw_event(state: State, events: list[Event]) -> None:
    if not state.event_deck:
        ev(state, events, "event_none")
        return
    card = state.event_deck.pop()
    spec = D.EVENTS[card]
    ev(state, events, "event_drawn", event=card, title=spec["name"])
    if spec.get("special"):
        free = free_victims(state)
        if not free:
            ev(state, events, "event_ignored", event=card, title=spec["name"])
            state.events_done.append(card)
            return
        nearest = min(free, key=lambda v: (D.DIST[state.fg_space][v.space], v.id))
        nearest.special = card
        state.events_active.append(card)
        ev(
            state,
            events,
            "special_victim",
            event=card,
            victim=nearest.id,
            title=spec["name"],
            name=D.SPACES[nearest.space]["name"],
        )
        return
    if spec.get("persistent"):
        state.events_active.append(card)
    else:
        state.events_done.append(card)
    push(state, *[dict(e) for e in spec.get("effects", [])])


@STEPS.step("forklift_accident")
def _forklift_accident(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """Designed: roll two dice; the sum picks a space in board order, where every Victim dies and you lose 1."""
    roll = state.rng.d6s(2)
    space = D.ORDER[(sum(roll) - 2) % len(D.ORDER)]
    ev(state, events, "forklift_accident", dice=roll, space=space, name=D.SPACES[space]["name"])
    for v in victims_at(state, space):
        kill_victim(state, v, events, "accident")
    if state.fg_space == space and fg_trap(state) is None:  # a Trapped subject is off the board here (D9)
        hurt_fg(state, 1, events, "accident")


@STEPS.step("to_racks")
def _to_racks(state: State, op: dict[str, Any], events: list[Event]) -> None:
    for v in free_victims(state):
        racks = [n for n in D.WALK_LINES[v.space] if n in D.RACKS]
        if racks and v.space not in D.RACKS:
            move_victim(state, v, racks[0], events, "event")


@STEPS.step("supervisor")
def _supervisor(state: State, op: dict[str, Any], events: list[Event]) -> None:
    """The Supervisor: his own special meeple in the Supply Cage, never one of the 21 Victims of the supply (the
    box holds 21 Victim meeples and 3 Special Victim meeples), so he comes into play however many are left; the
    2 new Victims his card places after him come from the supply, what is left of it (V8)."""
    supervisor = Victim(state.next_victim, "cage", "supervisor")
    state.next_victim += 1
    state.victims.append(supervisor)
    ev(
        state,
        events,
        "special_victim",
        event="supervisor",
        victim=supervisor.id,
        title=D.EVENTS["supervisor"]["name"],
        name=D.SPACES["cage"]["name"],
    )


@STEPS.step("victims")
def _victims_op(state: State, op: dict[str, Any], events: list[Event]) -> None:
    at, stand_in = op["at"], ""
    if at == "killer":
        space = state.killer_space or other_setup(state)
        stand_in = "" if state.killer_space else state.setups_revealed[-1]
    elif at == "fg":
        space = state.fg_start
    else:
        space = at
    place_victims(state, op["n"], space, events, stand_in)


@STEPS.step("event")
def _event_step(state: State, op: dict[str, Any], events: list[Event]) -> None:
    draw_event(state, events)


def event_upkeep(state: State, events: list[Event]) -> None:
    """The Events in play that act in Upkeep: Zipp unlocks his Exit; with Smarter Than They Look, Victims on
    an open Exit away from her get out on their own."""
    if "zipp" in state.events_active:
        zipp = next((v for v in state.victims if v.special == "zipp"), None)
        if zipp and zipp.space in state.locked and not zipp.trapped:
            unlock(state, zipp.space, events, "zipp")
    if "smarter" in state.events_active:
        for v in [v for v in free_victims(state) if v.space in D.EXITS and v.space not in state.locked]:
            if v.space != state.fg_space:
                state.victims.remove(v)
                state.saved += 1
                state.saved_alone += 1
                ev(state, events, "victim_escapes_alone", victim=v.id, name=D.SPACES[v.space]["name"])
                leave_play(state, v)
