"""The turn machine's table: every tag a flow leaves in `state.after` (or `brawl_after`) and what it resumes.

A Hero fight, a supply spend or a keep choice may interrupt a flow; the tag says what comes next. A tag with no
handler raises `UnknownStep`; "end" (end the turn) is registered like any other."""

from __future__ import annotations

from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.directors_cut import movement, scenes, searching, turns
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    DOOR,
    REDRAW,
    State,
)

B = R.BOARD


AFTER: Steps[[State, list[Event]], None] = Steps("director's cut after")
"""What a tag left in `state.after` (or `state.brawl_after`, `state.door`) resumes: (state, events)."""


def resume(state: State, tag: str, events: list[Event]) -> None:
    """Carry on after a Hero fight or a supply choice that interrupted a flow."""
    if state.result:
        return
    state.after = ""
    AFTER.run(tag, state, events)


@AFTER.step("end")
def _end(state: State, events: list[Event]) -> None:
    turns.end_turn(state, events)


@AFTER.step("turn")
def _turn(state: State, events: list[Event]) -> None:
    """Back to the start-of-turn choices (after an ability, or a lock broken at the start of a turn)."""
    turns.offer_turn(state, events)


@AFTER.step("card")
def _card(state: State, events: list[Event]) -> None:
    scenes.play_card(state, events)


@AFTER.step("redraw")
def _redraw(state: State, events: list[Event]) -> None:
    scenes.scene(state, events)


@AFTER.step("offer_redraw")
def _offer_redraw(state: State, events: list[Event]) -> None:
    state.phase = REDRAW


@AFTER.step("runner")
def _runner(state: State, events: list[Event]) -> None:
    s = state.slashers[state.current]
    events.append(Event("runner_escaped", state.turn_no, "scene", {"seat": s.seat, "name": s.name}))
    turns.end_turn(state, events)


@AFTER.step("free_search")
def _free_search(state: State, events: list[Event]) -> None:
    cur = state.current
    s = state.slashers[cur]
    events.append(Event("free_search", state.turn_no, "supply", {"seat": s.seat, "name": s.name}))
    searching.receive_supply(state, cur, state.supplies.draw(state.rng), "spree", events)


@AFTER.step("spree")
def _spree(state: State, events: list[Event]) -> None:
    state.spree = True
    s = state.slashers[state.current]
    events.append(Event("spree", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
    turns.offer_turn(state, events)


@AFTER.step("arrive_brawl")
def _arrive_brawl(state: State, events: list[Event]) -> None:
    movement.arrive_brawl(state, events)


@AFTER.step("arrive_place")
def _arrive_place(state: State, events: list[Event]) -> None:
    movement.arrive_place(state, events)


@AFTER.step("door")
def _door(state: State, events: list[Event]) -> None:
    state.phase = DOOR
