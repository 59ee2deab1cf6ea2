"""The turn machine's tables: every named step a mechanic hands on to another, and what carries it out.

A mechanic never imports the mechanic that comes after it: it names what comes next (`end_turn(state,
events)`, `then(state, "card", events)`, `give_supply(state, who, "end", events)`), and the table runs the
handler the owning module registered (flow.py ties the plain steps to their mechanics). A flow a decision
interrupts queues the step it goes on with in `state.todo`, the core queue (`engines/core/queue.py`, next
first), and the choice that answers the decision drains it (`resume`): "end" (end the turn), "noise" (make the
spent supplies' noise, then end), "escaped" (a scuffle after an escape into a location: then the turn ends),
"won:<kind>:<after>" (the prize of a fight won by Triple Actions, after its free supply); a fight's own step
("card": the Killer Scene that called it; "end") is read by the fight once resolved (`pop`). A step the flow
goes on with at once is queued and drained the same way (`go_on`). So
this module sits under every mechanic and imports none: the game's import graph has no circle
(tests/project/test_import_circles.py). A name with no handler raises `UnknownStep`."""

from __future__ import annotations

from typing import Final

from engines.core.events import Event
from engines.core.queue import FIRST_NEXT, Queue
from engines.core.steps import Steps
from engines.mixtape import turn
from engines.mixtape.keys import Key, join
from engines.mixtape.tall_oaks.state import State

QUEUE: Final[Queue] = FIRST_NEXT
"""How `state.todo` is read: its first step runs next."""

AFTER: Steps[[State, str, list[Event]], None] = Steps("tall oaks after")
"""A step queued in `state.todo` -> what it does: (state, the step, events) (flow.py). The step is its name, or
"won:<kind>:<after>" with the fight's kind and what follows its prize."""

STEPS: Steps[[State, list[Event]], None] = Steps("tall oaks steps")
"""A step a mechanic hands on to at once -> what it does: (state, events) (flow.py)."""

FOR: Steps[[State, int, str, list[Event]], None] = Steps("tall oaks steps for a survivor")
"""A step for one survivor with a word -> what it does: (state, who, word, events). "spend" (the roll's
purpose: spending.ask_spend), "supply" (what follows the supply found: searching.give_supply)."""

FLEE: Steps[[State, bool, list[Event]], bool] = Steps("tall oaks flights")
""""flee" -> movement.flee: (state, draw, events) -> False when the noise called the Slasher first."""


def won(kind: str, then: str) -> str:
    """The step of a fight won by Triple Actions: its prize (`kind`) comes after the free supply, then `then`."""
    return join("won", kind, then)


def won_kind(after: str) -> str:
    """The kind of fight a "won" step's prize is for ("task", "final", "normal"), or "" for another step."""
    tag = Key.parse(after)
    return tag.parts()[0] if tag.verb == "won" else ""


def step_name(step: str) -> str:
    """The name a queued step is run by: its verb ("won:task:end" runs as "won")."""
    return Key.parse(step).verb


push = turn.push
pop = turn.pop
peek = turn.peek
forget = turn.forget
"""The queue's steps, as every Mixtape game keeps them (engines/mixtape/turn.py)."""


def resume(state: State, events: list[Event]) -> None:
    """Carry on with what the decision just answered interrupted: the next queued step. It runs the flow on by
    itself to the next decision (queueing its own step there) or to the end of the game, so the drain runs it
    alone and stops."""
    QUEUE.run(state.todo, AFTER, step_name, state, events, turn.once())


def go_on(state: State, step: str, events: list[Event]) -> None:
    """Carry on with `step` now, through the queue (`resume`)."""
    push(state, step)
    resume(state, events)


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
