"""Locks: placing yellow and red Lock Tokens, breaking them, and the door a broken lock opens."""

from __future__ import annotations

from engines.core.contract import (
    Decision,
    Option,
)
from engines.core.events import Event
from engines.mixtape.directors_cut import machine, readings
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import noise as make_noise
from engines.mixtape.directors_cut.state import (
    Slasher,
    State,
)

B = R.BOARD


def place_lock(state: State, entrance: str, colour: str, events: list[Event]) -> bool:
    if state.lock_bank <= 0 or entrance in state.locks:
        return False
    state.locks[entrance] = colour
    state.lock_bank -= 1
    loc = B.entrance_of[entrance]
    events.append(
        Event(
            "lock_placed",
            state.turn_no,
            "lock",
            {"entrance": entrance, "place": B.locations[loc].name, "colour": colour},
        )
    )
    return True


def lock_location(state: State, loc: str, colour: str, events: list[Event]) -> None:
    """Put a lock on a location's first unlocked entrance (a red lock may replace a yellow one)."""
    for e in B.locations[loc].entrances:
        if e not in state.locks:
            place_lock(state, e, colour, events)
            return
    if colour == "red":
        for e in B.locations[loc].entrances:
            if state.locks[e] == "yellow":
                state.locks[e] = "red"
                events.append(
                    Event(
                        "lock_placed",
                        state.turn_no,
                        "lock",
                        {
                            "entrance": e,
                            "place": B.locations[loc].name,
                            "colour": "red",
                            "replaced": "yellow",
                        },
                    )
                )
                return


def resolve_unlock(state: State, dice: list[str], knives: int, noise: int, events: list[Event]) -> None:
    s = state.slashers[state.current]
    entrance = s.at
    colour = state.locks[entrance]
    need = R.UNLOCK_KNIVES[colour]
    got = dice.count(R.KNIFE) + knives
    ok = readings.unlock(dice, need, knives) == "broken"
    events.append(
        Event(
            "unlock_tried",
            state.turn_no,
            "lock",
            {
                "seat": s.seat,
                "name": s.name,
                "dice": dice,
                "knives": got,
                "need": need,
                "colour": colour,
                "ok": ok,
                "place": B.locations[B.entrance_of[entrance]].name,
            },
        )
    )
    after = "end"
    if ok:  # RB Unlocking Doors: "the player can enter the location or continue their turn"
        del state.locks[entrance]
        state.lock_bank += 1
        after = "door"  # and what staying out leads to stays queued behind it
    else:
        machine.pop(state)  # no door: what staying out would have led to goes too
    if noise and make_noise(state, noise, state.current, events):
        machine.fight(state, state.current, after, events)
        return
    machine.go_on(state, after, events)


def door_decision(state: State, cur: Slasher) -> Decision:
    loc = B.entrance_of[cur.at]
    n = len(state.markers[loc])
    what = f"{n} marker{'s' if n != 1 else ''}" if n else "empty"
    inside = [x.name for x in state.slashers if x.alive and x.at == loc]
    if inside:
        what += ", " + " and ".join(inside) + " inside"
    goes_on = machine.peek(state) == "turn"
    stay = (
        "stay on the entrance and go on with your turn"
        if goes_on
        else "stay on the entrance (the lock stopped your move, so your turn ends)"
    )
    name = B.locations[loc].name
    return Decision(
        cur.seat,
        "door",
        f"The lock is broken. Go into {name}, or "
        + ("carry on with your turn?" if goes_on else "stay on the entrance and end your turn?"),
        (
            Option("enter", f"go into {name} ({what})", aliases=("in", "go in")),
            Option("stay", stay, aliases=("carry on", "out")),
        ),
    )


def door(state: State, enter: bool, events: list[Event]) -> None:
    """After a broken lock: step into the location (what waits there follows), or go on with the turn:
    the rest of it at the start of a turn, nothing after a move the lock cut short."""
    s = state.slashers[state.current]
    if enter:
        machine.pop(state)  # staying out is no longer what comes next
        s.at = B.entrance_of[s.at]
        events.append(
            Event(
                "entered",
                state.turn_no,
                "lock",
                {"seat": s.seat, "name": s.name, "place": B.locations[s.at].name},
            )
        )
        machine.then(state, "arrive", events)
    else:
        machine.resume(state, events)  # staying out: "turn" goes on with the turn, "end" ends it


@machine.ROLLS.step("unlock")
def _roll(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    knives, _, noise = extra
    resolve_unlock(state, dice, knives, noise, events)
