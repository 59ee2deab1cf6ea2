"""The named steps of the turn machine (machine.py's AFTER and STEPS): every step a flow queues in `state.todo`,
every step a mechanic hands on to, and the mechanic that carries each out.

A supply spend, a keep choice, a scuffle or a fight may interrupt a flow; the step queued says what comes next:
"end" (end the turn), "noise" (make the spent supplies' noise, then end), "escaped" (the turn ends after the
scuffle that followed an escape), "won:<kind>:<after>" (the prize of a fight won by Triple Actions, after its
free supply). The mechanics name these steps rather than import one another; this module, above them all, ties
each name to its mechanic. A step with no handler raises `UnknownStep`."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.keys import Key
from engines.mixtape.tall_oaks import movement, scenes, slasher, tasks, turns
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.machine import AFTER, STEPS
from engines.mixtape.tall_oaks.state import (
    TURN,
    State,
)

B = R.BOARD


@AFTER.step("end")
def _end_tag(state: State, step: str, events: list[Event]) -> None:
    turns.end_turn(state, events)


@AFTER.step("noise")
def _noise(state: State, step: str, events: list[Event]) -> None:
    slasher.after_noise(state, events)


@AFTER.step("escaped")
def _escaped(state: State, step: str, events: list[Event]) -> None:
    """Rulebook, Unique Combos Vs. Slashers: after an escape into a location (and its scuffle) the turn ends."""
    state.phase = TURN
    turns.end_turn(state, events)


@AFTER.step("won")
def _won(state: State, step: str, events: list[Event]) -> None:
    kind, then = Key.parse(step).parts()
    slasher.after_defeat(state, kind, then, events)


@STEPS.step("end")
def _end(state: State, events: list[Event]) -> None:
    turns.end_turn(state, events)


@STEPS.step("card")
def _card(state: State, events: list[Event]) -> None:
    """The Killer Scenes card in play, once a fight it called is won or driven off."""
    scenes.play_card(state, events)


@STEPS.step("complete_task")
def _complete_task(state: State, events: list[Event]) -> None:
    tasks.complete_task(state, events)


@STEPS.step("arrive_place")
def _arrive_place(state: State, events: list[Event]) -> None:
    movement.arrive_place(state, events)
