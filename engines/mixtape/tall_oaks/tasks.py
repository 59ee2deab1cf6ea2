"""Tasks: taking them at the Rec Center, completing them in order, and the Slasher battles they call."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import checks, finals, keys, machine, searching, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    TASK,
    TURN,
    State,
    Survivor,
)

B = R.BOARD


def task_waits(state: State, x: Survivor, here: str, events: list[Event]) -> None:
    """Say why a Task card held for this location does not advance on entering: the location is not
    cleared yet (its Scene Marker comes first), or an earlier Task is still undone (rulebook, Acquiring A
    Task: "they cannot be completed before the preceding Task")."""
    if here not in R.TASK_LOCATIONS:
        return
    task = R.TASK_LOCATIONS.index(here) + 1
    if task not in x.tasks or checks.can_complete(state, x, here):
        return
    first = checks.next_task(state)
    why = "order" if first != task else "marker"
    events.append(
        Event(
            "task_waits",
            state.turn_no,
            TURN,
            {
                "seat": x.seat,
                "name": x.name,
                "task": task,
                "first": first,
                "why": why,
                "place": place(here),
            },
        )
    )


def task_choice(state: State, key: keys.Key, events: list[Event]) -> None:
    """The Rec Center's choice: `key` is "take", "leave" or "swap:<card>" (the part after "task:")."""
    x = state.survivors[state.current]
    if key.verb == "leave":
        machine.end_turn(state, events)
        return
    dropped = ""
    if key.verb == "swap":
        card = key.arg
        x.supplies.remove(card)
        x.trackers.pop(card, None)
        state.supplies.discard(card)
        dropped = R.supply(card).name
    task = state.center.pop()
    x.tasks.append(task)
    facts = {"seat": x.seat, "name": x.name, "task": task, "left": len(state.center), "dropped": dropped}
    events.append(Event("task_taken", state.turn_no, TASK, facts))
    machine.end_turn(state, events)


def task_here(state: State, events: list[Event]) -> None:
    k = checks.next_task(state)
    if k in R.TASK_BATTLES:
        # Rulebook, Slashers And Tasks: the meter fills and the Slasher comes for a final battle.
        slasher.start_fight(state, state.current, "task", "end", events)
        return
    complete_task(state, events)


def complete_task(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    k = checks.next_task(state)
    x.tasks.remove(k)
    state.done[k - 1] = True
    events.append(
        Event(
            "task_done",
            state.turn_no,
            TURN,
            {"seat": x.seat, "name": x.name, "task": k, "place": place(x.at), "done": sum(state.done)},
        )
    )
    if k in R.TASK_BATTLES and state.slasher < R.LEGEND:
        gone = slasher.slasher_name(state)
        state.slasher += 1
        state.slasher_at = ""
        state.meter = R.METER if checks.legend_era(state) else 0
        events.append(
            Event(
                "slasher_switch",
                state.turn_no,
                TURN,
                {"gone": gone, "slasher": slasher.slasher_name(state), "meter": state.meter},
            )
        )
    if all(state.done):
        state.helipad = True
        events.append(Event("helipad", state.turn_no, TURN, {}))
        finals.flip_ready(state, events)  # everyone already holding five turns the card over now
    searching.give_supply(state, state.current, "end", events)
