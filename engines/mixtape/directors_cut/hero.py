"""The Hero: its roaming and the fight with it (noise and the Hero Meter: noise.py)."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.board import START
from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import health, inventory, locks, machine, places, readings, spending
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import profile
from engines.mixtape.directors_cut.state import (
    State,
)

B = R.BOARD


def roams(state: State, events: list[Event]) -> None:
    """Designed: at each new round the active Hero walks one movement die toward the nearest slasher
    off the starting points, along roads and sewers, stopping beside them; it never steps into a
    location and never starts a fight by itself (RB: a fight comes from noise or a slasher landing by it).
    """
    prey = [
        x.at
        for x in state.slashers
        if x.alive and x.at and B.kind.get(x.at) != START and not B.touching(x.at, state.hero_at)
    ]
    if not prey:
        return
    dist = B.distances(prey)
    here = state.hero_at
    if here not in dist:
        return
    roll = sum(state.rng.d6s(R.HERO_ROAM_DICE))
    start, steps, jumped = here, 0, False
    while steps < roll and dist[here] > 1:
        d = dist[here]
        step = next((n for n in B.adjacent[here] if n not in B.locations and dist.get(n, 99) == d - 1), None)
        if step is None:  # the shortest way goes through the sewer: the jump is free
            jump = next((n for n in B.sewer_exits(here) if dist.get(n, 99) == d), None)
            if jump is None or jumped:
                break
            here, jumped = jump, True
            continue
        here, jumped = step, False
        steps += 1
    if here == start:
        return
    state.hero_at = here
    events.append(
        Event(
            "hero_moved",
            state.turn_no,
            "hero",
            {
                "hero": profile(state).name,
                "roll": roll,
                "steps": steps,
                "from": places.logged(start),
                "place": places.logged(here),
            },
        )
    )


@machine.FOR.step("fight")
def fight(state: State, who: int, after: str, events: list[Event]) -> None:
    """The Hero comes for `who` (RB Fighting Heroes); `after` goes on once the fight is over."""
    if state.result:
        return
    s = state.slashers[who]
    state.fighter = who
    machine.push(state, after)
    events.append(
        Event(
            "hero_arrives",
            state.turn_no,
            "hero",
            {
                "seat": s.seat,
                "name": s.name,
                "hero": profile(state).name,
                "place": places.logged(s.at),
            },
        )
    )
    spending.ask_spend(state, who, "hero", events)


def resolve_hero(state: State, dice: list[str], knives: int, fists: int, events: list[Event]) -> None:
    who = state.fighter
    s = state.slashers[who]
    hero = profile(state)
    state.wolf = False  # designed: the Wolf form lasts one fight, whatever its end
    t = triple(dice)
    k = dice.count(R.KNIFE) + knives
    f = dice.count(R.FIST) + fists
    facts = {
        "seat": s.seat,
        "name": s.name,
        "hero": hero.name,
        "dice": dice,
        "knives": k,
        "fists": f,
        "defeat": hero.defeat,
        "defend": hero.defend,
        "combo": t,
    }
    after = machine.pop(state)
    state.fighter = -1
    reading = readings.hero(dice, hero.defeat, hero.defend, knives, fists)
    if reading == "defeat":
        state.meter = 0
        state.hero_at = ""
        events.append(Event("hero_defeated", state.turn_no, "hero", {**facts, "meter": state.meter}))
        if t in (R.KNIFE, R.PENTAGRAM):
            machine.draw_supply(state, who, after, events)
            return
        resume_after_fight(state, who, after, events)
        return
    if reading == "fend":
        state.meter = max(0, state.meter - R.FEND_METER_DROP)
        state.hero_at = ""
        events.append(Event("hero_fended", state.turn_no, "hero", {**facts, "meter": state.meter}))
        if after == "spree":
            # RB Fighting Heroes: after Here Comes A Hero on a free search "If the player defeats the
            # Hero ... the player can resume their killing spree": fending the Hero off is not enough.
            events.append(
                Event(
                    "spree_ended",
                    state.turn_no,
                    "hero",
                    {"seat": s.seat, "name": s.name, "hero": hero.name},
                )
            )
            after = "end"
        resume_after_fight(state, who, after, events)
        return
    dropped = R.supply(s.supply).name if hero.supply_loss and s.supply else ""  # told, not taken in silence
    events.append(
        Event("hero_won", state.turn_no, "hero", {**facts, "loss": hero.health_loss, "dropped": dropped})
    )
    place = s.at
    state.hero_at = place
    if hero.lock and state.lock_bank:
        loc = place if B.is_location(place) else B.nearest(place, R.LOCATIONS)
        if loc:
            locks.lock_location(state, loc, hero.lock, events)
    for _ in range(hero.souvenir_loss):
        if s.souvenirs:
            state.bank.append(s.souvenirs.pop())
            events.append(
                Event(
                    "souvenir_lost",
                    state.turn_no,
                    "hero",
                    {"seat": s.seat, "name": s.name, "total": len(s.souvenirs), "amount": 1},
                )
            )
    if hero.supply_loss:
        inventory.drop_supply(state, s)
    if state.card:
        state.scenes.discard(state.card)
        state.card = ""
    health.hurt(state, who, hero.health_loss, hero.name, events)
    if s.alive:
        health.to_start(state, who, events)
    if who == state.current or not state.slashers[state.current].alive:
        machine.end_turn(state, events)
    else:
        machine.go_on(state, "end", events)


def resume_after_fight(state: State, who: int, after: str, events: list[Event]) -> None:
    if who != state.current:
        after = "end"
    machine.go_on(state, after, events)


@machine.ROLLS.step("hero")
def _roll(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    knives, fists, _ = extra
    resolve_hero(state, dice, knives, fists, events)
