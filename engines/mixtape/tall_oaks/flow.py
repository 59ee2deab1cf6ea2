"""The named steps of the turn machine (machine.py's AFTER and STEPS): every tag a flow leaves in `state.after`,
every step a mechanic hands on to, and the mechanic that carries each out.

A supply spend, a keep choice or a fight may interrupt a flow; the tag says what comes next: "end" (end the
turn), "noise" (make the spent supplies' noise, then end), "won:<kind>:<after>" (the prize of a fight won by
Triple Actions, after its free supply). The mechanics name these steps rather than import one another; this
module, above them all, ties each name to its mechanic. A tag with no handler raises `UnknownStep`."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.keys import Key
from engines.mixtape.tall_oaks import movement, scenes, slasher, tasks, turns
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.machine import AFTER, STEPS
from engines.mixtape.tall_oaks.state import (
    State,
)

B = R.BOARD


@AFTER.step("end")
def _end_tag(state: State, tag: Key, events: list[Event]) -> None:
    turns.end_turn(state, events)


@AFTER.step("noise")
def _noise(state: State, tag: Key, events: list[Event]) -> None:
    slasher.after_noise(state, events)


@AFTER.step("won")
def _won(state: State, tag: Key, events: list[Event]) -> None:
    kind, then = tag.parts()
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
