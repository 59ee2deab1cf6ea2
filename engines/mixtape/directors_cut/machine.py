"""The turn machine's tables: every named step a mechanic hands on to another, and what carries it out.

A mechanic never imports the mechanic that comes after it: it names what comes next (`then(state, "end",
events)`, `fight(state, who, "card", events)`), and the table runs the handler the owning module registered.
A flow a decision interrupts leaves its next step's name in the state (`state.after`, `state.brawl_after`,
`state.door`), and `resume` picks it up from there. So this module sits under every mechanic and imports none:
the game's import graph has no circle (tests/project/test_import_circles.py). A name with no handler raises
`UnknownStep`; "end" (end the turn) is registered like any other."""

from __future__ import annotations

from engines.core.contract import Decision
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape import turn
from engines.mixtape.directors_cut.keys import Key
from engines.mixtape.directors_cut.state import State

STEPS: Steps[[State, list[Event]], None] = Steps("director's cut steps")
"""A step's name -> what it does: (state, events). The names a flow leaves in `state.after` (or `brawl_after`,
`door`) and those a mechanic hands on to at once (flow.py registers them)."""

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
    STEPS.run(name, state, events)


def resume(state: State, tag: str, events: list[Event]) -> None:
    """Carry on after a Hero fight or a supply choice that interrupted a flow: the step its tag names."""
    if state.result:
        return
    state.after = ""
    STEPS.run(tag, state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """End the current slasher's turn (turns.end_turn)."""
    STEPS.run("end", state, events)


def fight(state: State, who: int, after: str, events: list[Event]) -> None:
    """The Hero comes for `who`; `after` goes on once the fight is over (hero.fight)."""
    FOR.run("fight", state, who, after, events)


def draw_supply(state: State, who: int, after: str, events: list[Event]) -> None:
    """`who` draws a supply card; `after` goes on once it is dealt with (searching.receive_supply)."""
    FOR.run("supply", state, who, after, events)


def decide(state: State) -> Decision | None:
    """The decision waiting in the state's phase."""
    return turn.decide(DECISIONS, state)
