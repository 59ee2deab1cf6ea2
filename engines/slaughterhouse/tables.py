"""The turn machine's tables for Slaughterhouse: each queued step's kind -> the function that runs it.

A step is either an effect (runs at once) or a question (waits for a seat's choice). Every mechanic module
registers its own steps with `@EFFECTS.step(kind)`, `@QUESTIONS.step(kind)` and `@ANSWERS.step(kind)`; the
core queue's loop (engines/core/queue.py, run by machine.py) looks them up here, and an unknown kind raises
`UnknownStep`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.queue import FIRST_NEXT
from engines.core.steps import Steps

if TYPE_CHECKING:
    from engines.core.contract import Option
    from engines.core.events import Event
    from engines.slaughterhouse.state import State, Step

TODO = FIRST_NEXT
"""How `state.todo` is read: its first step runs next, as saves have always held it. Every mechanic queues its
steps through it (`TODO.push(state.todo, step)` runs next, `TODO.later` last), and machine.py drains it."""

TRESPASSERS = "trespassers"
SAWYER = "sawyer"

EFFECTS: Steps[[State, Step, list[Event]], None] = Steps("slaughterhouse effects")
"""kind -> fn(state, step, events): a step that runs at once."""
QUESTIONS: Steps[[State, Step], tuple[list[Option], str]] = Steps("slaughterhouse questions")
"""kind -> fn(state, step) -> (options, prompt): what a waiting step asks."""
ANSWERS: Steps[[State, Step, str, list[Event]], None] = Steps("slaughterhouse answers")
"""kind -> fn(state, step, key, events): what the chosen option does."""

ASKS = {
    "place_horror": SAWYER,
    "brutal": SAWYER,
    "personal": TRESPASSERS,
    "place_hitchhiker": SAWYER,
    "place_grandpa": SAWYER,
    "offer": SAWYER,
    "give": SAWYER,
    "reroll": SAWYER,
    "bury": TRESPASSERS,
    "take": TRESPASSERS,
    "bury_order": TRESPASSERS,
    "bury_injuries": SAWYER,
    "move_searched": SAWYER,
    "buy": SAWYER,
    "swap": TRESPASSERS,
    "camera": TRESPASSERS,
    "place_vehicle": TRESPASSERS,
    "place_token": SAWYER,
    "reroll_pick": SAWYER,
}
"""Steps that wait for a choice, and whose choice it is (every other step is an effect)."""
