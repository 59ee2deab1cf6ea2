"""The named steps of the turn machine (machine.STEPS): every step a flow queues in `state.todo` and every step a
mechanic hands on to, and what each carries out.

A Hero fight, a supply spend, a keep choice, a brawl or a broken lock's door may interrupt a flow; the step
queued says what comes next. The mechanics name these steps rather than import one another; this module, above
them all, ties each name to its mechanic. A step with no handler raises `UnknownStep`; "end" (end the turn) is
registered like any other."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.directors_cut import movement, scenes, searching, turns
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.machine import STEPS
from engines.mixtape.directors_cut.state import (
    DOOR,
    REDRAW,
    State,
)

B = R.BOARD


@STEPS.step("end")
def _end(state: State, step: str, events: list[Event]) -> None:
    turns.end_turn(state, events)


@STEPS.step("turn")
def _turn(state: State, step: str, events: list[Event]) -> None:
    """Back to the start-of-turn choices (after an ability, or a lock broken at the start of a turn)."""
    turns.offer_turn(state, events)


@STEPS.step("card")
def _card(state: State, step: str, events: list[Event]) -> None:
    scenes.play_card(state, events)


@STEPS.step("redraw")
def _redraw(state: State, step: str, events: list[Event]) -> None:
    scenes.scene(state, events)


@STEPS.step("offer_redraw")
def _offer_redraw(state: State, step: str, events: list[Event]) -> None:
    state.phase = REDRAW


@STEPS.step("runner")
def _runner(state: State, step: str, events: list[Event]) -> None:
    s = state.slashers[state.current]
    events.append(Event("runner_escaped", state.turn_no, "scene", {"seat": s.seat, "name": s.name}))
    turns.end_turn(state, events)


@STEPS.step("free_search")
def _free_search(state: State, step: str, events: list[Event]) -> None:
    cur = state.current
    s = state.slashers[cur]
    events.append(Event("free_search", state.turn_no, "supply", {"seat": s.seat, "name": s.name}))
    searching.receive_supply(state, cur, state.supplies.draw(state.rng), "spree", events)


@STEPS.step("spree")
def _spree(state: State, step: str, events: list[Event]) -> None:
    state.spree = True
    s = state.slashers[state.current]
    events.append(Event("spree", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
    turns.offer_turn(state, events)


@STEPS.step("arrive_brawl")
def _arrive_brawl(state: State, step: str, events: list[Event]) -> None:
    movement.arrive_brawl(state, events)


@STEPS.step("arrive_place")
def _arrive_place(state: State, step: str, events: list[Event]) -> None:
    movement.arrive_place(state, events)


@STEPS.step("door")
def _door(state: State, step: str, events: list[Event]) -> None:
    state.phase = DOOR


@STEPS.step("roll_move")
def _roll_move(state: State, step: str, events: list[Event]) -> None:
    movement.roll_move(state, events)


@STEPS.step("arrive")
def _arrive(state: State, step: str, events: list[Event]) -> None:
    movement.arrive(state, events)
