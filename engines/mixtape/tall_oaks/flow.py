"""The turn machine's table: every tag a flow leaves in `state.after` and what it resumes.

A supply spend, a keep choice or a fight may interrupt a flow; the tag says what comes next: "end" (end the
turn), "noise" (make the spent supplies' noise, then end), "won:<kind>:<after>" (the prize of a fight won by
Triple Actions, after its free supply). A tag with no handler raises `UnknownStep`."""

from __future__ import annotations

from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.keys import Key, join
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks import slasher, turns
from engines.mixtape.tall_oaks.state import (
    State,
)

B = R.BOARD


AFTER: Steps[[State, Key, list[Event]], None] = Steps("tall oaks after")
"""What a tag left in `state.after` resumes: (state, the tag read as a Key, events)."""


def won(kind: str, then: str) -> str:
    """The tag of a fight won by Triple Actions: its prize (`kind`) comes after the free supply, then `then`."""
    return join("won", kind, then)


def won_kind(after: str) -> str:
    """The kind of fight a "won" tag's prize is for ("task", "final", "normal"), or "" for another tag."""
    tag = Key.parse(after)
    return tag.parts()[0] if tag.verb == "won" else ""


def resume(state: State, after: str, events: list[Event]) -> None:
    tag = Key.parse(after)
    AFTER.run(tag.verb, state, tag, events)


@AFTER.step("end")
def _end(state: State, tag: Key, events: list[Event]) -> None:
    turns.end_turn(state, events)


@AFTER.step("noise")
def _noise(state: State, tag: Key, events: list[Event]) -> None:
    slasher.after_noise(state, events)


@AFTER.step("won")
def _won(state: State, tag: Key, events: list[Event]) -> None:
    kind, then = tag.parts()
    slasher.after_defeat(state, kind, then, events)
