"""The turn machine's tables: every named step a mechanic hands on to another, and what carries it out.

A mechanic never imports the mechanic that comes after it: it names what comes next (`then(state, "end",
events)`, `fight(state, who, "card", events)`), and the table runs the handler the owning module registered.
A flow a decision interrupts queues the name of the step it goes on with in `state.todo`, the core queue
(`engines/core/queue.py`, next first), and the choice that answers the decision drains it (`resume`): what
follows a Hero fight or a supply choice, what follows a brawl the mover wins, and what staying out of a
location whose lock was just broken leads to ("turn" or "end"), each queued where its flow stops and so run in
the order the flows nest. A step the flow goes on with at once is queued and drained the same way (`go_on`).
So this module sits under every mechanic and imports none: the game's import graph has no circle
(tests/project/test_import_circles.py). A name with no handler raises `UnknownStep`; "end" (end the turn) is
registered like any other."""

from __future__ import annotations

from typing import Final

from engines.core.contract import Decision
from engines.core.events import Event
from engines.core.queue import FIRST_NEXT, Queue
from engines.core.steps import Steps
from engines.mixtape import turn
from engines.mixtape.directors_cut.keys import Key
from engines.mixtape.directors_cut.state import State

QUEUE: Final[Queue] = FIRST_NEXT
"""How `state.todo` is read: its first step runs next."""

STEPS: Steps[[State, str, list[Event]], None] = Steps("director's cut steps")
"""A step's name -> what it does: (state, the name, events). The names a flow queues in `state.todo` and those
a mechanic hands on to at once (flow.py registers them)."""

FOR: Steps[[State, int, str, list[Event]], None] = Steps("director's cut steps for a slasher")
"""A step for one slasher with a word -> what it does: (state, who, word, events). "fight" (the word: what
follows the fight), "spend" (the roll's purpose), "supply" (draw a supply; the word: what follows)."""

ROLLS: Steps[[State, int, list[str], tuple[int, int, int], list[Event]], None] = Steps("director's cut rolls")
"""What an action roll was for (`state.purpose`) -> what reads it: (state, who, dice, (knives, fists, noise),
events), the knives and fists the supplies add and the noise they make; each registered by its mechanic."""

DECISIONS: Steps[[State], Decision | None] = Steps("director's cut decisions")
"""Phase -> the decision waiting in it: (state) -> Decision | None (phases.py)."""
CHOICES: Steps[[State, Key, list[Event]], None] = Steps("director's cut choices")
"""Phase -> what a legal key chosen in it does: (state, key, events) (phases.py)."""


def then(state: State, name: str, events: list[Event]) -> None:
    """Carry on with the step `name` now."""
    STEPS.run(name, state, name, events)


push = turn.push
pop = turn.pop
peek = turn.peek
forget = turn.forget
"""The queue's steps, as every Mixtape game keeps them (engines/mixtape/turn.py)."""


def resume(state: State, events: list[Event]) -> None:
    """Carry on with what the decision just answered interrupted: the next queued step, unless the game is over.
    It runs the flow on by itself to the next decision (queueing its own step there), so the drain runs it
    alone and stops."""
    ran = turn.once()
    QUEUE.run(state.todo, STEPS, str, state, events, lambda s, e: bool(s.result) or ran(s, e))


def go_on(state: State, step: str, events: list[Event]) -> None:
    """Carry on with `step` now, through the queue (`resume`): nothing, once the game is over."""
    push(state, step)
    resume(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """End the current slasher's turn (turns.end_turn)."""
    STEPS.run("end", state, "end", events)


def fight(state: State, who: int, after: str, events: list[Event]) -> None:
    """The Hero comes for `who`; `after` goes on once the fight is over (hero.fight)."""
    FOR.run("fight", state, who, after, events)


def draw_supply(state: State, who: int, after: str, events: list[Event]) -> None:
    """`who` draws a supply card; `after` goes on once it is dealt with (searching.receive_supply)."""
    FOR.run("supply", state, who, after, events)


def decide(state: State) -> Decision | None:
    """The decision waiting in the state's phase."""
    return turn.decide(DECISIONS, state)
