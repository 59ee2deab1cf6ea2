"""Special Abilities: once a game each slasher flips its token and does what its ability says."""

from __future__ import annotations

from typing import Any

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.directors_cut import health, inventory, keys, machine, winning
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    State,
)

B = R.BOARD


def rise_options(state: State) -> list[Option]:
    """Where The Drowned Girl may rise: any location with a Scene Marker but the one she stands in."""
    here = state.slashers[state.current].at
    out = []
    for loc in R.LOCATIONS:
        n = len(state.markers[loc])
        if n and loc != here:
            name = B.locations[loc].name
            out.append(Option(keys.rise(loc), f"{name} ({n} marker{'s' if n != 1 else ''})", aliases=(loc,)))
    return out


def ability(state: State, target: str, events: list[Event]) -> None:
    """Flip the Special Ability token and do what the slasher's ability says (once per game)."""
    who = state.current
    s = state.slashers[who]
    s.used = True
    a = s.ability
    facts: dict[str, Any] = {"seat": s.seat, "name": s.name, "ability": a, "health": s.health}
    rivals = [i for i in winning.living(state) if i != who]
    if a == "drowned":
        s.at = target
        facts["place"] = B.locations[target].name
    events.append(Event("ability_used", state.turn_no, "turn", facts))
    supplies = {state.slashers[i].name: state.slashers[i].supply for i in rivals}
    had, edge = len(s.souvenirs), s.edge
    goes_on = ABILITIES.run(a, state, who, rivals, events)
    # What an ability that has no event of its own did, told by the ability's (the story names every change).
    if a == "legend":
        facts.update(edge=s.edge, added=s.edge - edge)
    elif a == "thorne":
        facts["dropped"] = {name: R.supply(card).name for name, card in supplies.items() if card}
    elif a == "mother":
        facts["healed"] = s.health - int(facts["health"])  # `health` stays the health before, as rules 8 told it
    elif a == "jingles":
        facts["meter"] = state.meter
    elif a == "prom":
        facts.update(gained=len(s.souvenirs) - had, total=len(s.souvenirs))
    if goes_on:
        return
    winning.check_end(state, events)
    machine.go_on(state, "turn", events)


ABILITIES: Steps[[State, int, list[int], list[Event]], bool] = Steps("director's cut abilities")
"""A Special Ability -> what it does once chosen: (state, who, rivals, events) -> True when the flow goes on from
there (a supply drawn, a location entered), False when the turn goes on with its start-of-turn choices."""


@ABILITIES.step("legend")
def _legend(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    state.slashers[who].edge = R.LEGEND_KNIVES
    return False


@ABILITIES.step("nightmare")
def _nightmare(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    for i in rivals:
        health.hurt(state, i, R.NIGHTMARE_DAMAGE, state.slashers[who].name, events, state.slashers[who].seat)
    return False


@ABILITIES.step("ravenous")
def _ravenous(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    if rivals:
        top = max(rivals, key=lambda i: (len(state.slashers[i].souvenirs), -state.order.index(i)))
        health.hurt(state, top, R.RAVENOUS_DAMAGE, state.slashers[who].name, events, state.slashers[who].seat)
    return False


@ABILITIES.step("thorne")
def _thorne(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    for i in rivals:
        inventory.drop_supply(state, state.slashers[i])
    return False


@ABILITIES.step("mother")
def _mother(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    state.slashers[who].health = R.HEALTH
    return False


@ABILITIES.step("jingles")
def _jingles(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    state.meter = 0
    return False


@ABILITIES.step("prom")
def _prom(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
    if pick:
        state.slashers[who].souvenirs.append(state.bank.pop(pick[state.rng.below(len(pick))]))
    winning.check_end(state, events)
    return False


@ABILITIES.step("patches")
def _patches(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    machine.draw_supply(state, who, "turn", events)
    return True


@ABILITIES.step("drowned")
def _drowned(state: State, who: int, rivals: list[int], events: list[Event]) -> bool:
    """She has risen in the location she named (the ability event says where): what waits there follows."""
    machine.then(state, "arrive", events)
    return True
