"""The queue of steps still to do, kept as plain data in a game's state, and the one loop that drains it.

A game keeps its pending steps as a list field of its state (step records: small dicts, structs or names), so a
save, an undo and a copy for search see them like any other field. Which end of that list runs next is the
game's, fixed by the JSON its saves already hold, and is the one thing a `Queue` knows: `LAST_NEXT` (Final
Girl's `stack`: a push and a pop cost nothing however long it grows) or `FIRST_NEXT` (Slaughterhouse's `todo`,
Escape of the Dead's `unrolled`: read in the order they run). Every push, pop and drain goes through one of the
two, so the order is written in this module only:

    LAST_NEXT.push(state.stack, {"op": "draw"}, {"op": "attack"})   # draw runs next, then attack
    LAST_NEXT.run(state.stack, STEPS, op_name, state, events, waiting)  # until a seat must decide

`run` takes each step's handler from the game's `Steps` table (engines/core/steps.py) by the step's name, so a
name with no handler raises `UnknownStep`, never a silent end of the turn. A game whose questions to a seat
wait in the queue (Slaughterhouse) gives `run` their table too, and a phase that acts on its own once the queue
is empty gives it `idle`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from engines.core.events import Event
from engines.core.steps import Steps

S = TypeVar("S")
"""A game's state."""
T = TypeVar("T")
"""A game's step record."""


class Queue:
    """How a state's list of steps is read: which end runs next. Holds no list itself (the state does), so
    one `Queue` serves every state of a game, and the list stays exactly the shape saves hold."""

    __slots__ = ("_next", "name")

    def __init__(self, name: str, *, last_next: bool) -> None:
        self.name = name
        self._next: Final[int] = -1 if last_next else 0
        """The index of the step that runs next."""

    def push(self, queue: list[T], *steps: T) -> None:
        """Queue `steps` to run next, in the order given (before anything queued already)."""
        if self._next:
            if len(steps) == 1:
                queue.append(steps[0])
            else:
                queue.extend(reversed(steps))
        elif len(steps) == 1:
            queue.insert(0, steps[0])
        else:
            queue[0:0] = steps

    def later(self, queue: list[T], *steps: T) -> None:
        """Queue `steps` to run last, in the order given (after everything queued already)."""
        if self._next:
            queue[0:0] = reversed(steps)
        else:
            queue.extend(steps)

    def drop(self, queue: list[T], gone: Callable[[T], bool]) -> None:
        """Take every step `gone` names off the queue, the rest keeping their order (in place: a loop draining
        this very list goes on with what is left)."""
        queue[:] = [step for step in queue if not gone(step)]

    def peek(self, queue: list[T]) -> T | None:
        """The step that runs next, or None with nothing queued."""
        return queue[self._next] if queue else None

    def pop(self, queue: list[T]) -> T:
        """Take the step that runs next off the queue (IndexError with nothing queued)."""
        return queue.pop(self._next)

    def pending(self, queue: list[T]) -> list[T]:
        """The steps queued, in the order they will run."""
        return queue[::-1] if self._next else queue[:]

    def run(
        self,
        queue: list[T],
        table: Steps[[S, T, list[Event]], None],
        name: Callable[[T], str],
        state: S,
        events: list[Event],
        waiting: Callable[[S, list[Event]], bool],
        *,
        questions: Steps[[S, T, list[Event]], bool] | None = None,
        idle: Callable[[S, list[Event]], bool] | None = None,
    ) -> None:
        """Run queued steps, next first, each by its `name` in `table`, until `waiting(state, events)` (a seat
        must decide, or the game is over: a game whose end is found between steps ends it there, with its
        events) or nothing is left. A handler may push further steps; they run before the rest.

        `questions`: the steps that ask a seat and wait in the queue until answered (Slaughterhouse's). The next
        step, where its name is one of them, stays queued while its handler runs; the handler returns True
        when the seat must answer (the loop stops, the question next), or False when it settled the question
        itself (took it off, unasked or answered with its one choice). `idle`: with nothing queued, what the
        game does on its own (start the one turn left, end a phase); True when it did something, and the loop
        goes on."""
        handler = table.handler
        nxt = self._next
        while not waiting(state, events):
            if not queue:
                if idle is not None and idle(state, events):
                    continue
                return
            step = queue[nxt]
            kind = name(step)
            if questions is not None and kind in questions:
                if questions.run(kind, state, step, events):
                    return
                continue
            queue.pop(nxt)
            handler(kind)(state, step, events)


LAST_NEXT: Final = Queue("last next", last_next=True)
"""A queue whose list's last item runs next (Final Girl's `stack`)."""
FIRST_NEXT: Final = Queue("first next", last_next=False)
"""A queue whose list's first item runs next (Slaughterhouse's `todo`, Escape of the Dead's `unrolled`)."""
