"""Searching and supplies: the Search Die, a drawn supply, First Aid Kits and the one-supply hand."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape import turn
from engines.mixtape.directors_cut import hero, machine
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.inventory import trackers_for
from engines.mixtape.directors_cut.noise import noise, profile
from engines.mixtape.directors_cut.state import (
    AID,
    KEEP,
    State,
)
from engines.mixtape.searching import roll_search

B = R.BOARD


def search(state: State, events: list[Event], after: str = "end") -> None:
    """Roll the Search Die. On entering, the move is spent and the turn ends; at the start of a turn
    (after="turn") only Denied ends it (designed reading of RB Searching)."""
    s = state.slashers[state.current]
    face = roll_search(state, s, R.SEARCH_FACES, "search", events, {"place": B.locations[s.at].name})
    if face == "search":
        receive_supply(state, state.current, state.supplies.draw(state.rng), after, events)
    elif face == "noise" and noise(state, R.SEARCH_NOISE, state.current, events):
        hero.fight(state, state.current, after, events)
    elif face == "noise":
        machine.go_on(state, after, events)
    else:
        machine.end_turn(state, events)


@machine.FOR.step("supply")
def _draw(state: State, who: int, after: str, events: list[Event]) -> None:
    receive_supply(state, who, state.supplies.draw(state.rng), after, events)


def receive_supply(state: State, who: int, card: str, after: str, events: list[Event]) -> None:
    s = state.slashers[who]
    kind = R.supply(card)
    events.append(
        Event(
            "supply_drawn",
            state.turn_no,
            "supply",
            {"seat": s.seat, "name": s.name, "card": kind.name, "type": kind.kind},
        )
    )
    if kind.kind == "hero":
        state.supplies.discard(card)
        state.meter = R.METER
        events.append(
            Event(
                "hero_called",
                state.turn_no,
                "hero",
                {"seat": s.seat, "name": s.name, "hero": profile(state).name, "meter": state.meter},
            )
        )
        hero.fight(state, who, after, events)
        return
    if kind.kind == "key":
        if s.key:
            state.supplies.discard(card)
        else:
            s.key = card
        machine.go_on(state, after, events)
        return
    if kind.kind == "heal" and s.health < R.HEALTH:  # RB First Aid Kit: "use now or at the start of any turn"
        turn.ask_keep(state, who, card, after, AID)
        return
    hold(state, who, card, after, events)


def hold(state: State, who: int, card: str, after: str, events: list[Event]) -> None:
    """Put a drawn supply in the inventory, or ask which to keep when one is held already."""
    s = state.slashers[who]
    if not s.supply:
        s.supply = card
        s.trackers = trackers_for(state, card)
        machine.go_on(state, after, events)
        return
    turn.ask_keep(state, who, card, after, KEEP)


def aid(state: State, now: bool, events: list[Event]) -> None:
    """A First Aid Kit just drawn: heal with it at once (then discard it), or keep it like any supply."""
    who, card, after = state.keeper, state.drawn, machine.pop(state)
    state.drawn, state.keeper = "", -1
    if not now:
        hold(state, who, card, after, events)
        return
    s = state.slashers[who]
    kind = R.supply(card)
    before = s.health
    s.health = min(R.HEALTH, s.health + kind.amount)
    state.supplies.discard(card)
    events.append(
        Event(
            "healed",
            state.turn_no,
            "supply",
            {
                "seat": s.seat,
                "name": s.name,
                "card": kind.name,
                "amount": s.health - before,
                "health": s.health,
            },
        )
    )
    machine.go_on(state, after, events)


def keep(state: State, new: bool, events: list[Event]) -> None:
    s = state.slashers[state.keeper]
    dropped = R.supply(s.supply if new else state.drawn).name
    if new:
        state.supplies.discard(s.supply)
        s.trackers = 0  # the old card's tokens go back to the bank before the new one takes its own
        s.supply = state.drawn
        s.trackers = trackers_for(state, state.drawn)
    else:
        state.supplies.discard(state.drawn)
    events.append(
        Event(
            "supply_kept",
            state.turn_no,
            "supply",
            {"seat": s.seat, "name": s.name, "card": R.supply(s.supply).name, "dropped": dropped},
        )
    )
    state.drawn = ""
    state.keeper = -1
    machine.resume(state, events)
