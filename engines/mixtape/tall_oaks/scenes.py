"""Killer Scenes cards: drawing one, playing it, burying or discarding it."""

from __future__ import annotations

from typing import Any

from engines.core.events import Event
from engines.mixtape.tall_oaks import checks, health, machine, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.in_play import discard_scene
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.readings import NEEDS_WEAPON, SCENE_ROLL
from engines.mixtape.tall_oaks.state import (
    TURN,
    State,
)

B = R.BOARD


def scene(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    card = state.scenes.draw(state.rng)
    state.card = card
    sc = R.SCENES[card]
    events.append(
        Event(
            "scene_drawn",
            state.turn_no,
            TURN,
            {
                "seat": x.seat,
                "name": x.name,
                "card": card,
                "title": sc.title,
                "kind": sc.kind,
                "place": place(x.at),
                "need": sc.actions or sc.shields,
                "rescues": sc.rescues,
                "damage": sc.damage,
                "noise": sc.noise,
            },
        )
    )
    if sc.kind == "here":
        discard_scene(state)
        slasher.start_fight(state, state.current, "normal", "end", events)
        return
    if sc.noise and slasher.noise(state, sc.noise, state.current, events, "scene"):
        # Rulebook, Slasher Attacks During Killer Scenes: fight first, then the card if you won.
        slasher.start_fight(state, state.current, "normal", "card", events)
        return
    play_card(state, events)


def play_card(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    sc = R.SCENES[state.card]
    if sc.kind in NEEDS_WEAPON and not checks.armed(x):
        events.append(Event("unarmed", state.turn_no, TURN, {"seat": x.seat, "name": x.name}))
        discard_scene(state)
        health.to_start(state, state.current, events)
        machine.end_turn(state, events)
        return
    purpose = SCENE_ROLL.get(sc.kind)
    if purpose:
        machine.ask_spend(state, state.current, purpose, events)
    else:  # late: no defence
        discard_scene(state)
        health.hurt(state, state.current, sc.damage, "scene", events)
        machine.end_turn(state, events)


def combo(state: State, purpose: str, effect: str, events: list[Event]) -> dict[str, Any]:
    """Say the unique combo; its facts are returned, for what follows to add to (whether a flight happened)."""
    x = state.survivors[state.current]
    facts: dict[str, Any] = {"seat": x.seat, "name": x.name, "purpose": purpose, "effect": effect}
    events.append(Event("combo", state.turn_no, TURN, facts))
    return facts
