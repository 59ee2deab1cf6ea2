"""The turn machine of Final Girl: the step tables every mechanic fills, and the loop that runs `state.stack`.

`state.stack` holds the steps still to run as plain dicts (`{"op": NAME, ...}`): the queue of
engines/core/queue.py (`queue.LAST_NEXT`: last = next; `push` and `run` are that queue's), so saves carry them; each NAME has one
handler in `STEPS`, registered by the mechanic it belongs to. `state.ask` is the decision waited on: its kind names one entry in `OPTIONS` (what may be chosen) and one in `CHOICES` (what a
chosen key does). The Action phase's keys go one step further: their verb names an entry in `ACTS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import queue
from engines.core.contract import Option
from engines.core.events import Event
from engines.core.steps import Steps
from engines.final_girl.keys import Key
from engines.final_girl.state import State

STEPS: Steps[[State, dict[str, Any], list[Event]], None] = Steps("final girl steps")
"""op name -> handler(state, op, events): the phases, card effects and everything automatic."""
OPTIONS: Steps[[State], Sequence[Option]] = Steps("final girl options")
"""decision kind -> options(state): the legal Options of a pending decision."""
CHOICES: Steps[[State, Key, list[Event]], None] = Steps("final girl choices")
"""decision kind -> handler(state, key, events): what a chosen key does (`key` a `keys.Key`)."""
ACTS: Steps[[State, Key, list[Event]], None] = Steps("final girl actions")
"""Action-phase verb -> handler(state, key, events)."""
PHASE_OPS = ("turn", "action_phase", "planning_phase", "killer_phase", "panic_phase", "upkeep_phase")
"""The steps a Final Health comeback stops at: the turn's phases, which it never cuts."""


def ev(state: State, events: list[Event], kind: str, **facts: Any) -> None:
    events.append(Event(kind, state.turn, state.phase, facts))


def emit(state: State, events: list[Event], kind: str, facts: dict[str, Any]) -> None:
    """As `ev`, the facts given as a dict: the form of the frequent events, as packing keywords into a dict
    costs more than the rest of the call."""
    events.append(Event(kind, state.turn, state.phase, facts))


def run(state: State, events: list[Event]) -> None:
    """Run queued steps until a decision is needed or the game is over (only `end_game` replaces the stack,
    and it ends the game, so the loop's list is the state's while it runs)."""
    queue.LAST_NEXT.run(state.stack, STEPS, _name, state, events, _waiting)


def _name(op: dict[str, Any]) -> str:
    name: str = op["op"]
    return name


def _waiting(state: State, events: list[Event]) -> bool:
    return bool(state.ask or state.result)


def push(state: State, *ops: dict[str, Any]) -> None:
    """Queue steps to run next, in the order given."""
    queue.LAST_NEXT.push(state.stack, *ops)
