"""Bonus Tracks: the card drawn on landing on a Bonus Track space, and the picks some of them ask for."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.board import START
from engines.mixtape.directors_cut import (
    brawls,
    health,
    inventory,
    keys,
    locks,
    machine,
    places,
    winning,
)
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import noise
from engines.mixtape.directors_cut.state import (
    BONUS_PICK,
    Slasher,
    State,
)

B = R.BOARD


def bonus(state: State, events: list[Event]) -> None:
    s = state.slashers[state.current]
    cid = state.bonus.draw(state.rng)
    state.bonus.discard(cid)
    card = R.BONUS[cid]
    facts = {
        "seat": s.seat,
        "name": s.name,
        "card": card.name,
        "effect": card.effect,
        "amount": card.amount,
        "place": B.locations[card.location].name if card.location else "",
    }
    events.append(Event("bonus_drawn", state.turn_no, "bonus", facts))
    had_health, had_souvenirs, had_supply = s.health, len(s.souvenirs), s.supply
    goes_on = EFFECTS.run(card.effect, state, s, card, events)
    # What an effect that has no event of its own did, told by the card's (the story names every change):
    # the health healed and left, the souvenirs now, the knives waiting, the supply let go.
    if card.effect == "heal":
        facts.update(healed=s.health - had_health, health=s.health)
    elif card.effect in ("souvenir", "lose_souvenir"):
        facts.update(changed=abs(len(s.souvenirs) - had_souvenirs), total=len(s.souvenirs))
    elif card.effect == "edge":
        facts.update(edge=s.edge)
    elif card.effect == "drop_supply":
        facts.update(dropped=R.supply(had_supply).name if had_supply else "")
    if not goes_on:
        machine.end_turn(state, events)


EFFECTS: Steps[[State, Slasher, R.BonusCard, list[Event]], bool] = Steps("director's cut bonus effects")
"""A Bonus Tracks card's effect -> what it does: (state, slasher, card, events) -> True when the flow goes on
from there (a fight, a draw, a pick, a roll), False when the turn then ends."""


@EFFECTS.step("heal")
def _heal(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    s.health = min(R.HEALTH, s.health + card.amount)
    return False


@EFFECTS.step("hurt")
def _hurt(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    health.hurt(state, state.current, card.amount, card.name, events)
    return False


@EFFECTS.step("noise")
def _noise(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    if noise(state, card.amount, state.current, events):
        machine.fight(state, state.current, "end", events)
        return True
    return False


@EFFECTS.step("supply")
def _supply(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    machine.draw_supply(state, state.current, "end", events)
    return True


@EFFECTS.step("souvenir")
def _souvenir(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
    if pick:
        s.souvenirs.append(state.bank.pop(pick[state.rng.below(len(pick))]))
    winning.check_end(state, events)
    return False


@EFFECTS.step("lose_souvenir")
def _lose_souvenir(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    if s.souvenirs:
        state.bank.append(s.souvenirs.pop())
    return False


@EFFECTS.step("lock_yellow", "lock_red")
def _lock(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    colour = card.effect.partition("_")[2]
    locks.lock_location(state, card.location, colour, events)
    return False


@EFFECTS.step("others_hurt")
def _others_hurt(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    for i in winning.living(state):
        if i != state.current:
            health.hurt(state, i, card.amount, card.name, events)
    winning.check_end(state, events)
    return False


@EFFECTS.step("again")
def _again(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    machine.then(state, "roll_move", events)
    return True


@EFFECTS.step("edge")
def _edge(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    s.edge += card.amount
    return False


@EFFECTS.step("skip")
def _skip(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    s.skip = True
    return False


@EFFECTS.step("drop_supply")
def _drop_supply(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    inventory.drop_supply(state, s)
    return False


@EFFECTS.step("steal")
def _steal(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    near = nearest_rival(state, card.amount, lambda o: bool(o.souvenirs))
    if near < 0:
        return False
    o = state.slashers[near]
    s.souvenirs.append(o.souvenirs.pop())
    events.append(
        Event(
            "souvenir_stolen",
            state.turn_no,
            "bonus",
            {
                "seat": s.seat,
                "name": s.name,
                "loser": o.seat,
                "loser_name": o.name,
                "total": len(s.souvenirs),
                "amount": 1,
                "loser_total": len(o.souvenirs),
            },
        )
    )
    winning.check_end(state, events)
    return False


@EFFECTS.step("move_any", "swap")
def _pick(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    state.pick = card.effect
    state.phase = BONUS_PICK
    decision = machine.decide(state)
    if decision is not None and decision.options:
        return True
    state.pick = ""
    return False


@EFFECTS.step("brawl_nearest")
def _brawl_nearest(state: State, s: Slasher, card: R.BonusCard, events: list[Event]) -> bool:
    near = nearest_rival(state, card.amount, lambda o: B.kind.get(o.at) != START)
    if near < 0:
        return False
    brawls.start_brawl(state, state.current, near, "end", events)
    return True


def anywhere_options(state: State) -> list[Option]:
    """Every location but the one you stand in, unless both its entrances are locked."""
    here = state.slashers[state.current].at
    out = []
    for loc in R.LOCATIONS:
        place = B.locations[loc]
        if loc == here or all(e in state.locks for e in place.entrances):
            continue
        n = len(state.markers[loc])
        what = f"{n} marker{'s' if n != 1 else ''}" if n else "empty"
        out.append(Option(keys.to(loc), f"{place.name} ({what})", aliases=(loc,)))
    return out


def bonus_pick(state: State, key: keys.Key, events: list[Event]) -> None:
    s = state.slashers[state.current]
    state.pick = ""
    if key.verb == "to":
        s.at = key.arg
        events.append(
            Event(
                "bonus_moved",
                state.turn_no,
                "bonus",
                {"seat": s.seat, "name": s.name, "place": places.logged(s.at)},
            )
        )
        machine.then(state, "arrive", events)
        return
    o = next(x for x in state.slashers if x.seat == key.arg)
    s.at, o.at = o.at, s.at
    events.append(
        Event(
            "places_swapped",
            state.turn_no,
            "bonus",
            {
                "seat": s.seat,
                "name": s.name,
                "other": o.seat,
                "other_name": o.name,
                "place": places.logged(s.at),
                "other_place": places.logged(o.at),
            },
        )
    )
    machine.end_turn(state, events)


def nearest_rival(state: State, reach: int, ok: Callable[[Slasher], bool]) -> int:
    """The living rival fewest steps away within `reach` that passes `ok` (ties: turn order), or -1."""
    s = state.slashers[state.current]
    dist = B.distances(s.at, through=B.locations)
    best, best_d = -1, reach + 1
    pos = state.order.index(state.current)
    for k in range(1, len(state.order)):
        i = state.order[(pos + k) % len(state.order)]
        o = state.slashers[i]
        if o.alive and o.at and ok(o) and dist.get(o.at, 99) < best_d:
            best, best_d = i, dist[o.at]
    return best
