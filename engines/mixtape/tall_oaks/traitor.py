"""The Traitor card: played at the start of a turn against a rival."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import checks, finals, health, keys, machine
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import (
    TRAITOR,
    State,
)

B = R.BOARD


def traitor_options(state: State) -> list[tuple[str, str]]:
    """(key, label) for every way to use the Traitor card: steal a supply, a Task or a rescue token
    (a stolen supply or Task needs a free slot: designed), or send a rival to a starting point."""
    x = state.survivors[state.current]
    room = checks.free_slots(x) > 0
    out = []
    for o in state.survivors:
        if o is x or not o.alive:
            continue
        out.append((keys.Traitor(o.seat, "start").key(), f"send {o.name} to the nearest starting point"))
        if o.rescues:
            out.append((keys.Traitor(o.seat, "rescue").key(), f"steal a rescue token from {o.name}"))
        if room:
            for c in o.supplies:
                out.append((keys.Traitor(o.seat, "supply", c).key(), f"steal {o.name}'s {R.supply(c).name}"))
            for t in o.tasks:
                out.append((keys.Traitor(o.seat, keys.TASK, str(t)).key(), f"steal Task #{t} from {o.name}"))
    return out


def betray(state: State, use: keys.Traitor, events: list[Event]) -> None:
    x = state.survivors[state.current]
    i = next(n for n, o in enumerate(state.survivors) if o.seat == use.seat)
    o = state.survivors[i]
    act, item = use.act, ""
    if act == "start":
        # The traitor event says where the rival ends up: the move itself needs no line of its own.
        health.to_start(state, i, [])
        item = place(o.at)
    elif act == "rescue":
        x.rescues.append(o.rescues.pop())
    elif act == "supply":
        card = use.item
        o.supplies.remove(card)
        left = o.trackers.pop(card, 0)
        x.supplies.append(card)
        if left:
            x.trackers[card] = left
        item = R.supply(card).name
    else:
        task = int(use.item)
        o.tasks.remove(task)
        x.tasks.append(task)
        item = f"Task #{task}"
    state.supplies.discard(x.traitors.pop())
    events.append(
        Event(
            "traitor",
            state.turn_no,
            TRAITOR,
            {
                "seat": x.seat,
                "name": x.name,
                "other": o.seat,
                "other_name": o.name,
                "act": act,
                "item": item,
                "total": len(x.rescues),
                "other_total": len(o.rescues),
            },
        )
    )
    finals.flip_ready(state, events)  # a stolen rescue token may be the fifth
    machine.end_turn(state, events)
