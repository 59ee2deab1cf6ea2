"""Bonus Tracks: the card drawn on landing on a Bonus Track space, and the picks some of them ask for."""

from __future__ import annotations

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.mixtape.board import START
from engines.mixtape.directors_cut import brawls, health, hero, locks, movement, phases, searching, turns
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    BONUS_PICK,
    State,
)

B = R.BOARD


def bonus(state: State, events: list[Event]) -> None:
    s = state.slashers[state.current]
    cid = state.bonus.draw(state.rng)
    state.bonus.discard(cid)
    card = R.BONUS[cid]
    events.append(
        Event(
            "bonus_drawn",
            state.turn_no,
            "bonus",
            {
                "seat": s.seat,
                "name": s.name,
                "card": card.name,
                "effect": card.effect,
                "amount": card.amount,
                "location": B.locations[card.location].name if card.location else "",
            },
        )
    )
    e = card.effect
    if e == "heal":
        s.health = min(R.HEALTH, s.health + card.amount)
    elif e == "hurt":
        health.hurt(state, state.current, card.amount, card.name, events)
    elif e == "noise":
        if hero.noise(state, card.amount, state.current, events):
            hero.fight(state, state.current, "end", events)
            return
    elif e == "supply":
        searching.receive_supply(state, state.current, state.supplies.draw(state.rng), "end", events)
        return
    elif e == "souvenir":
        pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
        if pick:
            s.souvenirs.append(state.bank.pop(pick[state.rng.below(len(pick))]))
        turns.check_end(state, events)
    elif e == "lose_souvenir":
        if s.souvenirs:
            state.bank.append(s.souvenirs.pop())
    elif e in ("lock_yellow", "lock_red"):
        locks.lock_location(state, card.location, e[5:], events)
    elif e == "others_hurt":
        for i in turns.living(state):
            if i != state.current:
                health.hurt(state, i, card.amount, card.name, events)
        turns.check_end(state, events)
    elif e == "again":
        movement.roll_move(state, events)
        return
    elif e == "edge":
        s.edge += card.amount
    elif e == "skip":
        s.skip = True
    elif e == "drop_supply":
        if s.supply:
            state.supplies.discard(s.supply)
            s.supply = ""
            s.trackers = 0
    elif e == "steal":
        near = nearest_rival(state, card.amount, lambda o: bool(o.souvenirs))
        if near >= 0:
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
                    },
                )
            )
            turns.check_end(state, events)
    elif e in ("move_any", "swap"):
        state.pick = e
        state.phase = BONUS_PICK
        if phases.decide(state).options:
            return
        state.pick = ""
    elif e == "brawl_nearest":
        near = nearest_rival(state, card.amount, lambda o: B.kind.get(o.at) != START)
        if near >= 0:
            brawls.start_brawl(state, state.current, near, "end", events)
            return
    turns.end_turn(state, events)


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
        out.append(Option(f"to:{loc}", f"{place.name} ({what})", aliases=(loc,)))
    return out


def bonus_pick(state: State, key: str, events: list[Event]) -> None:
    s = state.slashers[state.current]
    state.pick = ""
    if key.startswith("to:"):
        s.at = key[3:]
        events.append(
            Event(
                "bonus_moved",
                state.turn_no,
                "bonus",
                {"seat": s.seat, "name": s.name, "place": B.place(s.at)},
            )
        )
        movement.arrive(state, events)
        return
    o = next(x for x in state.slashers if x.seat == key[5:])
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
                "place": B.place(s.at),
                "other_place": B.place(o.at),
            },
        )
    )
    turns.end_turn(state, events)


def nearest_rival(state: State, reach: int, ok) -> int:
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
