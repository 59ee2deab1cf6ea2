"""Killer Scenes' rolls: rescues, defences and The Invaders, and what a survivor loses to them."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import finals, health, machine, scenes, searching, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.in_play import bury_scene, discard_scene
from engines.mixtape.tall_oaks.losses import lose_rescues, say_lost
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.readings import WON, outcome
from engines.mixtape.tall_oaks.state import (
    REDRAW,
    TURN,
    State,
)

B = R.BOARD


def resolve_rescue(state: State, result: str, events: list[Event]) -> None:
    x = state.survivors[state.current]
    sc = R.SCENES[state.card]
    won = outcome("rescue", result)
    if won == "bury":
        # Unique combos: bury the card; no return to a starting point.
        told = scenes.combo(state, "rescue", result, events)
        bury_scene(state)
        if result == "stay":
            slasher.after_noise(state, events)
        else:
            told["flees"] = machine.flee(state, True, events)  # the noise may call the Slasher first
        return
    discard_scene(state)
    ok = won in WON
    n = sc.rescues * (2 if won == "double" else 1)
    if won == "double":
        scenes.combo(state, "rescue", result, events)
    # The marker is the first token; the rest come from the bank, as many as it still holds (designed:
    # the box has 42 tokens and no more). The event says how many were taken and how many were short.
    extra = min(n - 1, len(state.bank)) if ok else 0
    events.append(
        Event(
            "rescue",
            state.turn_no,
            TURN,
            {
                "seat": x.seat,
                "name": x.name,
                "ok": ok,
                "title": sc.title,
                "n": 1 + extra if ok else 0,
                "short": n - 1 - extra if ok else 0,
                "total": len(x.rescues) + (1 + extra if ok else 0),
                "place": place(x.at),
            },
        )
    )
    if not ok:
        # Designed order: the card is resolved first (back to a starting point), then the spent supplies'
        # noise, as on a success ("the Slasher would attack after the player collected their souvenirs").
        health.to_start(state, state.current, events)
        slasher.after_noise(state, events)
        return
    here = x.at
    token = state.markers[here]
    state.markers[here] = ""
    x.rescues.append(token)
    for _ in range(extra):
        x.rescues.append(state.bank.pop())
    state.last_cleared = here
    finals.restock(state, events)
    finals.flip_ready(state, events)
    searching.give_supply(state, state.current, "noise", events)


def resolve_defend(state: State, result: str, events: list[Event]) -> None:
    x = state.survivors[state.current]
    sc = R.SCENES[state.card]
    told = scenes.combo(state, "defend", result, events) if result in ("nothing", "redraw", "flee_draw") else {}
    won = outcome("defend", result)
    if won == "run":
        bury_scene(state)
        told["flees"] = machine.flee(state, True, events)  # the noise may call the Slasher first
        return
    discard_scene(state)
    ok = won == "held"
    events.append(
        Event(
            "defended",
            state.turn_no,
            TURN,
            {"seat": x.seat, "name": x.name, "ok": ok, "damage": sc.damage},
        )
    )
    if not ok:
        health.hurt(state, state.current, sc.damage, "scene", events)
    if result == "redraw" and x.alive and state.markers.get(x.at):
        # Unique combo: "The player defeats the card and can redraw another Killer Scenes, Dude card": a
        # choice, once the spent supplies' noise is made (a Slasher it calls is fought first, and ends the
        # turn). Declined, the turn ends as after any defence: draw again next turn.
        if not slasher.noise_first(state, events):
            state.phase = REDRAW
        return
    slasher.after_noise(state, events)


def resolve_invaders(state: State, result: str, events: list[Event]) -> None:
    x = state.survivors[state.current]
    discard_scene(state)
    ok = outcome("invaders", result) in WON
    events.append(Event("invaders", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "ok": ok}))
    if not ok:
        # Rulebook, The Invaders Card.
        # The current player loses the health and the token, with no health instead of a missing token:
        # "If the player doesn't have a rescue, the player loses 1 health instead" is the other players' line.
        taken = lose_rescues(state, state.current, R.INVADERS_TOKENS)
        say_lost(state, state.current, [], taken, "invaders", events)
        health.hurt(state, state.current, R.INVADERS_HEALTH, "invaders", events)
        for i, other in enumerate(state.survivors):
            if i == state.current or not other.alive:
                continue
            if other.rescues:
                taken = lose_rescues(state, i, R.INVADERS_OTHERS)
                say_lost(state, i, [], taken, "invaders", events)
            else:
                health.hurt(state, i, R.INVADERS_OTHERS, "invaders", events)
        if state.done[0] and not all(state.done):
            state.done[0] = False
            state.center = sorted([*state.center, 1], reverse=True)
            facts = {"done": sum(state.done), "left": len(state.center)}
            events.append(Event("power_out", state.turn_no, TURN, facts))
    slasher.after_noise(state, events)
