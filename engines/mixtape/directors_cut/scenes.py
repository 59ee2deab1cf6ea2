"""Killer Scenes, Dude cards: drawing one and the defences against victims and The Survivor."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import health, hero, inventory, kills, machine, readings, spending, winning
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import noise as make_noise
from engines.mixtape.directors_cut.state import (
    State,
)

B = R.BOARD


def scene(state: State, events: list[Event]) -> None:
    if state.result:
        return
    s = state.slashers[state.current]
    state.card = state.scenes.draw(state.rng)
    card = R.SCENES[state.card]
    events.append(
        Event(
            "scene_drawn",
            state.turn_no,
            "scene",
            {
                "seat": s.seat,
                "name": s.name,
                "card": card.title,
                "kind": card.kind,
                "knives": card.knives,
                "fists": card.fists,
                "damage": card.damage,
                "souvenirs": card.souvenirs,
                "noise": card.noise,
                "place": B.locations[s.at].name,
            },
        )
    )
    if card.kind == "full_moon":
        state.scenes.discard(state.card)
        state.card = ""
        state.wolf = True
        moon = {"seat": s.seat, "name": s.name, "draws": True}
        events.append(Event("full_moon", state.turn_no, "scene", moon))
        if make_noise(state, card.noise, state.current, events):
            moon["draws"] = False  # the Hero comes first: the draw waits on the fight (the story says so)
            hero.fight(state, state.current, "redraw", events)
            return
        scene(state, events)
        return
    if card.noise and make_noise(state, card.noise, state.current, events):
        hero.fight(state, state.current, "card", events)
        return
    play_card(state, events)


def play_card(state: State, events: list[Event]) -> None:
    card = R.SCENES[state.card]
    s = state.slashers[state.current]
    if card.kind == "attack":
        spending.ask_spend(state, state.current, "kill", events)
    elif card.kind == "survivor":
        spending.ask_spend(state, state.current, "survivor", events)
    elif card.fists == 0:
        state.scenes.discard(state.card)
        state.card = ""
        events.append(
            Event(
                "victim_escaped",
                state.turn_no,
                "scene",
                {
                    "seat": s.seat,
                    "name": s.name,
                    "card": card.title,
                    "damage": card.damage,
                    "defended": False,
                    "dice": [],
                },
            )
        )
        health.hurt(state, state.current, card.damage, "a victim", events)
        machine.end_turn(state, events)
    else:
        spending.ask_spend(state, state.current, "defend", events)


def resolve_defend(state: State, dice: list[str], fists: int, noise: int, events: list[Event]) -> None:
    s = state.slashers[state.current]
    card = R.SCENES[state.card]
    t = triple(dice)
    got = dice.count(R.FIST) + fists
    facts = {
        "seat": s.seat,
        "name": s.name,
        "card": card.title,
        "dice": dice,
        "fists": got,
        "need": card.fists,
        "damage": card.damage,
        "combo": t,
    }
    state.scenes.discard(state.card)
    state.card = ""
    reading = readings.defend(dice, card.fists, fists)
    if reading == "beaten":  # RB Dice Reference: "defeats the card and can draw another"
        events.append(Event("victim_beaten", state.turn_no, "scene", facts))
        after = "offer_redraw"
    elif reading == "held":
        events.append(Event("victim_escaped", state.turn_no, "scene", {**facts, "defended": True}))
        after = "end"
    else:
        events.append(Event("victim_escaped", state.turn_no, "scene", {**facts, "defended": False}))
        health.hurt(state, state.current, card.damage, "a victim", events)
        after = "end"
    if not s.alive:
        after = "end"
    if noise and s.alive and make_noise(state, noise, state.current, events):
        hero.fight(state, state.current, after, events)
        return
    machine.go_on(state, after, events)


def resolve_survivor(state: State, dice: list[str], fists: int, events: list[Event]) -> None:
    """RB The Survivor, its effects in the printed order; the game ends the moment its end is reached
    (the drawer's death leaving one slasher, say), and what is left of the card is not played."""
    s = state.slashers[state.current]
    card = R.SCENES[state.card]
    got = dice.count(R.FIST) + fists
    state.scenes.discard(state.card)
    state.card = ""
    if readings.survivor(dice, card.fists, fists) == "stopped":
        events.append(
            Event(
                "survivor_stopped",
                state.turn_no,
                "scene",
                {"seat": s.seat, "name": s.name, "dice": dice, "fists": got},
            )
        )
        machine.end_turn(state, events)
        return
    events.append(
        Event(
            "survivor_escaped",
            state.turn_no,
            "scene",
            {
                "seat": s.seat,
                "name": s.name,
                "dice": dice,
                "fists": got,
                "damage": card.damage,
                "dropped": R.supply(s.supply).name if s.supply else "",
            },
        )
    )
    health.hurt(state, state.current, card.damage, "The Survivor", events)
    if state.result:
        return
    inventory.drop_supply(state, s)
    for i in winning.living(state):
        if i == state.current:
            continue
        o = state.slashers[i]
        if o.souvenirs:
            lost = min(R.SURVIVOR_SOUVENIR_LOSS, len(o.souvenirs))
            for _ in range(lost):
                state.bank.append(o.souvenirs.pop())
            events.append(
                Event(
                    "souvenir_lost",
                    state.turn_no,
                    "scene",
                    {"seat": o.seat, "name": o.name, "total": len(o.souvenirs), "amount": lost},
                )
            )
        else:
            health.hurt(state, i, R.SURVIVOR_HEALTH_LOSS, "The Survivor", events)
    if state.result:
        return
    loc = s.at
    if B.is_location(loc) and state.markers[loc]:
        # Not a kill: a restock this sets off spares the location of the last kill (RB Restocking).
        state.bank.append(state.markers[loc].pop())
        events.append(Event("marker_removed", state.turn_no, "scene", {"place": B.locations[loc].name}))
        kills.restock_if_empty(state, events)
    for i in winning.living(state):
        health.to_start(state, i, events)
    machine.end_turn(state, events)


def redraw(state: State, again: bool, events: list[Event]) -> None:
    """Three fists beat the card: RB "can draw another Killer Scenes, Dude card"; or the turn ends there
    (the victim neither killed nor fled, so no marker runs)."""
    if again:
        scene(state, events)
    else:
        machine.end_turn(state, events)


@machine.ROLLS.step("defend")
def _defend(
    state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]
) -> None:
    _, fists, noise = extra
    resolve_defend(state, dice, fists, noise, events)


@machine.ROLLS.step("survivor")
def _survivor(
    state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]
) -> None:
    resolve_survivor(state, dice, extra[1], events)
