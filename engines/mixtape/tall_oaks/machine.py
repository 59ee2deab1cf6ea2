"""The turn machine's tables: every named step a mechanic hands on to another, and what carries it out.

A mechanic never imports the mechanic that comes after it: it names what comes next (`end_turn(state,
events)`, `then(state, "card", events)`, `give_supply(state, who, "end", events)`), and the table runs the
handler the owning module registered (flow.py ties the plain steps to their mechanics). A flow a decision
interrupts leaves its tag in `state.after`, and `resume` picks it up: "end" (end the turn), "noise" (make the
spent supplies' noise, then end), "won:<kind>:<after>" (the prize of a fight won by Triple Actions, after its
free supply). So this module sits under every mechanic and imports none: the game's import graph has no circle
(tests/project/test_import_circles.py). A name with no handler raises `UnknownStep`."""

from __future__ import annotations

from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.keys import Key, join
from engines.mixtape.tall_oaks.state import State

AFTER: Steps[[State, Key, list[Event]], None] = Steps("tall oaks after")
"""What a tag left in `state.after` resumes: (state, the tag read as a Key, events) (flow.py)."""

STEPS: Steps[[State, list[Event]], None] = Steps("tall oaks steps")
"""A step a mechanic hands on to at once -> what it does: (state, events) (flow.py)."""

FOR: Steps[[State, int, str, list[Event]], None] = Steps("tall oaks steps for a survivor")
"""A step for one survivor with a word -> what it does: (state, who, word, events). "spend" (the roll's
purpose: spending.ask_spend), "supply" (what follows the supply found: searching.give_supply)."""

FLEE: Steps[[State, bool, list[Event]], bool] = Steps("tall oaks flights")
""""flee" -> movement.flee: (state, draw, events) -> False when the noise called the Slasher first."""


def won(kind: str, then: str) -> str:
    """The tag of a fight won by Triple Actions: its prize (`kind`) comes after the free supply, then `then`."""
    return join("won", kind, then)


def won_kind(after: str) -> str:
    """The kind of fight a "won" tag's prize is for ("task", "final", "normal"), or "" for another tag."""
    tag = Key.parse(after)
    return tag.parts()[0] if tag.verb == "won" else ""


def resume(state: State, after: str, events: list[Event]) -> None:
    """Carry on with what the tag `after` names."""
    tag = Key.parse(after)
    AFTER.run(tag.verb, state, tag, events)


def then(state: State, name: str, events: list[Event]) -> None:
    """Carry on with the step `name` now."""
    STEPS.run(name, state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """The next living survivor's turn (turns.end_turn)."""
    STEPS.run("end", state, events)


def ask_spend(state: State, who: int, purpose: str, events: list[Event]) -> None:
    """Wait for `who` to spend before the roll for `purpose` (spending.ask_spend)."""
    FOR.run("spend", state, who, purpose, events)


def give_supply(state: State, who: int, after: str, events: list[Event]) -> None:
    """`who` finds a supply; `after` goes on once it is dealt with (searching.give_supply)."""
    FOR.run("supply", state, who, after, events)


def flee(state: State, draw: bool, events: list[Event]) -> bool:
    """Run to the nearest other location (movement.flee)."""
    return FLEE.run("flee", state, draw, events)
