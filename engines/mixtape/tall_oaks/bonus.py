"""Bonus Tracks: the card drawn on landing on a Bonus Track space."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import checks, finals, health, losses, machine, searching, slasher
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.state import (
    TURN,
    State,
)

B = R.BOARD


def bonus(state: State, events: list[Event]) -> None:
    x = state.survivors[state.current]
    card = state.bonus.draw(state.rng)
    state.bonus.discard(card)
    bt = R.BONUS[card]
    # A rescue token comes from the bank, if it still holds one (designed: an empty bank gives nothing).
    got = min(bt.amount, len(state.bank)) if bt.effect == "rescue" else 0
    facts = {
        "seat": x.seat,
        "name": x.name,
        "card": card,
        "title": bt.name,
        "effect": bt.effect,
        "n": bt.amount,
        "got": got,
    }
    events.append(Event("bonus", state.turn_no, TURN, facts))
    # What an effect with no event of its own did, in the card's facts (the story names every change).
    if bt.effect == "heal":
        before = x.health
        x.health = min(R.HEALTH, x.health + bt.amount)
        facts.update(healed=x.health - before, health=x.health)
    elif bt.effect == "hurt":
        health.hurt(state, state.current, bt.amount, "bonus", events)
    elif bt.effect == "noise":
        if slasher.noise(state, bt.amount, state.current, events, "bonus"):
            slasher.start_fight(state, state.current, "normal", "end", events)
            return
    elif bt.effect == "rescue":
        for _ in range(got):
            x.rescues.append(state.bank.pop())
        facts["total"] = len(x.rescues)
        finals.flip_ready(state, events)
    elif bt.effect == "supply":
        searching.give_supply(state, state.current, "end", events)
        return
    elif bt.effect == "drop_rescue":
        losses.say_lost(
            state, state.current, [], losses.lose_rescues(state, state.current, bt.amount), "bonus", events
        )
    elif bt.effect == "hush" and not checks.legend_era(state) and not state.slasher_at:
        state.meter = max(0, state.meter - bt.amount)
    if bt.effect == "hush":
        facts["meter"] = state.meter
    machine.end_turn(state, events)
