"""The queue of steps still to do, kept as plain data in a game's state, and the one loop that drains it.

A game keeps its pending steps as a list field of its state (step records: small dicts or structs), so a save, an
undo and a copy for search see them like any other field. The list's last item runs next, so a push and a pop
cost nothing however long the queue grows; these functions are the one place that order is written:

    push(state.stack, {"op": "draw"}, {"op": "attack"})     # draw runs next, then attack
    run(state.stack, STEPS, op_name, state, events, waiting)  # until a seat must decide

`run` takes each step's handler from the game's `Steps` table (engines/core/steps.py) by the step's name, so a
name with no handler raises `UnknownStep`, never a silent end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engines.core.events import Event
from engines.core.steps import Steps

S = TypeVar("S")
"""A game's state."""
T = TypeVar("T")
"""A game's step record."""


def push(queue: list[T], *steps: T) -> None:
    """Queue `steps` to run next, in the order given (before anything queued already)."""
    if len(steps) == 1:
        queue.append(steps[0])
    else:
        queue.extend(reversed(steps))


def later(queue: list[T], *steps: T) -> None:
    """Queue `steps` to run last, in the order given (after everything queued already)."""
    queue[0:0] = reversed(steps)


def peek(queue: list[T]) -> T | None:
    """The step that runs next, or None with nothing queued."""
    return queue[-1] if queue else None


def pop(queue: list[T]) -> T:
    """Take the step that runs next off the queue (IndexError with nothing queued)."""
    return queue.pop()


def pending(queue: list[T]) -> list[T]:
    """The steps queued, in the order they will run."""
    return queue[::-1]


def run(
    queue: list[T],
    table: Steps[[S, T, list[Event]], None],
    name: Callable[[T], str],
    state: S,
    events: list[Event],
    waiting: Callable[[S], bool],
) -> None:
    """Run queued steps, next first, each by its `name` in `table`, until `waiting(state)` (a seat must decide,
    or the game is over) or nothing is left. A handler may push further steps; they run before the rest."""
    handler = table.handler
    while queue and not waiting(state):
        step = queue.pop()
        handler(name(step))(state, step, events)
