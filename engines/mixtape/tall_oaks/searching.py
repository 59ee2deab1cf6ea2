"""Searching and supplies: the Search Die, a supply found, and the keep choice when hands are full."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.searching import roll_search
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import checks, keys, machine, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    KEEP,
    TURN,
    State,
    Survivor,
)

B = R.BOARD


def search(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    rolled = roll_search(state, x, R.SEARCH_FACES, TURN, events)
    face = A.search_face(x.name, rolled)  # Ivy (designed): a Denied counts as a Search
    if face != rolled:
        A.ability_used(state, x, "search_denied", events)
    if face == "search":
        give_supply(state, state.current, "end", events)
        return
    if face == "noise" and slasher.noise(state, R.SEARCH_NOISE, state.current, events, "search"):
        slasher.start_fight(state, state.current, "normal", "end", events)
        return
    machine.end_turn(state, events)


@machine.FOR.step("supply")
def give_supply(state: State, who: int, after: str, events: list[Event]) -> None:
    """`who` finds a supply (a Traitor card is pocketed); `after` goes on once it is dealt with."""
    x = state.survivors[who]
    if not x.alive:
        machine.go_on(state, after, events)
        return
    card = state.supplies.draw(state.rng)
    kind = R.supply(card)
    room = checks.free_slots(x) > 0
    events.append(
        Event(
            "supply_found",
            state.turn_no,
            state.phase,
            {"seat": x.seat, "name": x.name, "card": kind.name, "a": R.article(card), "room": room},
        )
        if kind.kind != R.TRAITOR
        else Event("card_pocketed", state.turn_no, state.phase, {"seat": x.seat, "name": x.name})
    )
    if kind.kind == R.TRAITOR:
        x.traitors.append(card)  # Rulebook: held without taking a slot
        machine.go_on(state, after, events)
        return
    if room:
        take(x, card)
        machine.go_on(state, after, events)
        return
    if not x.supplies and not droppable_tasks(state, x, after):
        state.supplies.discard(card)  # hands full of Task cards that cannot be let go now
        events.append(
            Event(
                "supply_dropped",
                state.turn_no,
                state.phase,
                {"seat": x.seat, "name": x.name, "card": kind.name, "task": 0, "kept": ""},
            )
        )
        machine.go_on(state, after, events)
        return
    turn.ask_keep(state, who, card, after, KEEP)


def droppable_tasks(state: State, x: Survivor, after: str) -> list[int]:
    """Task cards that may be let go for a new supply: not the one a won fight is completing now."""
    fighting = checks.next_task(state) if machine.won_kind(after) == "task" else 0
    return [t for t in x.tasks if t != fighting]


def take(x: Survivor, card: str) -> None:
    x.supplies.append(card)
    uses = R.supply(card).uses
    if uses:
        x.trackers[card] = uses


def keep(state: State, drop: str, events: list[Event]) -> None:
    x = state.survivors[state.keeper]
    card, state.drawn, state.keeper = state.drawn, "", -1
    task = keys.dropped_task(drop)
    kept = R.supply(card).name if drop != card else ""  # the supply found, taken in the place of what goes
    pile: dict[str, int] = {}
    if task:
        # Designed: a Task card may be let go for a supply; it goes back into the pile in number order.
        x.tasks.remove(task)
        state.center = sorted([*state.center, task], reverse=True)
        pile["pile"] = len(state.center)
        take(x, card)
        item = f"Task #{task}"
    else:
        if drop != card:
            x.supplies.remove(drop)
            x.trackers.pop(drop, None)
            take(x, card)
        state.supplies.discard(drop)
        item = R.supply(drop).name
    events.append(
        Event(
            "supply_dropped",
            state.turn_no,
            KEEP,
            {"seat": x.seat, "name": x.name, "card": item, "task": task, "kept": kept, **pile},
        )
    )
    state.phase = TURN
    machine.resume(state, events)
