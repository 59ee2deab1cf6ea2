"""The Slasher: noise and the Slasher Meter, and the fights (normal, Task battles, Final Scenes); what follows a
fight is named (machine.py), not imported."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import checks, health, losses, machine
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.in_play import discard_scene
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.readings import outcome, read
from engines.mixtape.tall_oaks.state import (
    TURN,
    State,
)

B = R.BOARD


def slasher_name(state: State) -> str:
    return R.SLASHERS[state.slasher].name


def after_noise(state: State, events: list[Event]) -> None:
    """Make the noise of spent supplies; a Slasher it calls is fought now, and the turn ends."""
    if not noise_first(state, events):
        machine.end_turn(state, events)


def noise_first(state: State, events: list[Event]) -> bool:
    """Make the pending noise; True when it called the Slasher (the fight has begun and ends the turn)."""
    n, state.pending_noise = state.pending_noise, 0
    x = state.survivors[state.current]
    if x.alive and n and noise(state, n, state.current, events, "supplies"):
        start_fight(state, state.current, "normal", "end", events)
        return True
    return False


def noise(state: State, n: int, who: int, events: list[Event], by: str) -> bool:
    """Raise the Slasher Meter; True when the Slasher comes for `who` (`checks.noise_heard`). `by`: what made
    the noise ("scene" a Killer Scene card, "search" the Search Die, "supplies" the supplies a roll spent,
    "bonus" a Bonus Track), so the story gives its cause (the spent supplies' noise is made after the roll)."""
    if n <= 0:
        return False
    x = state.survivors[who]
    made = A.quieter(x.name, n)
    if made < n:
        A.ability_used(state, x, "quiet", events, n=n, made=made)
    if made <= 0:
        return False
    state.meter, called = checks.noise_heard(
        state.meter, made, checks.comes_at_once(state.slasher, state.slasher_at)
    )
    events.append(
        Event(
            "noise",
            state.turn_no,
            state.phase,
            {"amount": made, "meter": state.meter, "called": called, "by": by},
        )
    )
    return called


def fight_stats(state: State, who: int, kind: str) -> checks.Fight:
    """(actions to defeat, escapes to escape, health lost, supplies lost, rescues lost)."""
    return checks.fight_numbers(state.slasher, state.survivors[who].final, kind)


def start_fight(state: State, who: int, kind: str, after: str, events: list[Event]) -> None:
    x = state.survivors[who]
    came_from = state.slasher_at
    if kind == "task" and came_from and came_from != x.at:
        # Rulebook, Slashers And Tasks: the Slasher returns to the Task's location for the new attempt.
        events.append(
            Event(
                "slasher_returns",
                state.turn_no,
                state.phase,
                {"slasher": slasher_name(state), "from": place(came_from), "place": place(x.at)},
            )
        )
    state.slasher_at = x.at
    if not checks.legend_era(state):
        state.meter = R.METER
    state.fight = kind
    machine.push(state, after)
    defeat, escape, *_ = fight_stats(state, who, kind)
    events.append(
        Event(
            "slasher_attacks",
            state.turn_no,
            state.phase,
            {
                "seat": x.seat,
                "name": x.name,
                "slasher": slasher_name(state),
                "kind": kind,
                "defeat": defeat,
                "escape": escape,
                "place": place(x.at),
                "meter": state.meter,
            },
        )
    )
    machine.ask_spend(state, who, "fight", events)


def resolve_fight(
    state: State, dice: list[str], count: dict[str, int], armed: bool, events: list[Event]
) -> None:
    who = state.spender
    x = state.survivors[who]
    kind = state.fight
    defeat, escape, damage, supplies, rescue_loss = fight_stats(state, who, kind)
    result = read("fight", dice, count, defeat, escape, armed)
    name = slasher_name(state)
    if result in ("slay", "defeat", "repel"):
        meter_after = R.METER if checks.legend_era(state) else (0 if result != "repel" else R.METER - R.REPEL_DROP)
    else:
        meter_after = state.meter
    events.append(
        Event(
            "fight",
            state.turn_no,
            TURN,
            {
                "seat": x.seat,
                "name": x.name,
                "slasher": name,
                "result": result,
                "kind": kind,
                # what decided it, so the story gives the true cause (no weapon, too few Actions)
                "armed": armed,
                "actions": count[R.ACTION],
                "escapes": count[R.ESCAPE],
                "defeat": defeat,
                "escape": escape,
                "meter": meter_after,
            },
        )
    )
    state.fight = ""
    after = machine.pop(state)
    won = outcome("fight", result)
    if result == "slay":
        # Unique combo: instant defeat and a free supply, then the fight's prize.
        slasher_defeated(state)
        machine.give_supply(state, who, machine.won(kind, after), events)
        return
    if won == "defeat":
        slasher_defeated(state)
        after_defeat(state, kind, after, events)
        return
    if won == "drive off":
        # Unique combo: the meter drops 1 and the Slasher goes back to the woods; you stay where you are.
        state.slasher_at = ""
        state.meter = R.METER if checks.legend_era(state) else R.METER - R.REPEL_DROP
        if after == "card" and state.card:
            machine.then(state, "card", events)
            return
        discard_scene(state)
        machine.end_turn(state, events)
        return
    discard_scene(state)
    if result == "flee":
        machine.flee(state, False, events)
        return
    if won == "lose":
        # Rulebook, Fighting Slashers: the card's extras are lost. Which supply goes is designed: the one
        # gained last (the rulebook does not say; the loser has no time to choose mid-fight).
        items = []
        for _ in range(supplies):
            if x.supplies:
                card = x.supplies.pop()
                x.trackers.pop(card, None)
                state.supplies.discard(card)
                items.append(R.supply(card).name)
        losses.say_lost(state, who, items, losses.lose_rescues(state, who, rescue_loss), "slasher", events)
        lost = A.slasher_loss(x.name, damage)
        if lost < damage:
            A.ability_used(state, x, "tough", events, n=damage - lost)
        health.hurt(state, who, lost, "slasher", events)
    if x.alive:
        health.to_start(state, who, events)
    machine.end_turn(state, events)


def after_defeat(state: State, kind: str, after: str, events: list[Event]) -> None:
    """The prize of a won fight: the Task, the Final Rescue token, or the Killer Scene that called it."""
    x = state.survivors[state.current]
    if kind == "task":
        machine.then(state, "complete_task", events)
        return
    if kind == "final":
        x.final_token = True
        del state.final_tokens[x.at]
        events.append(
            Event("final_rescue", state.turn_no, TURN, {"seat": x.seat, "name": x.name, "place": place(x.at)})
        )
    if after == "card" and state.card:
        machine.then(state, "card", events)
        return
    machine.end_turn(state, events)


def slasher_defeated(state: State) -> None:
    """The Slasher beaten: back to the woods, the meter empty (full for The Legend)."""
    state.slasher_at = ""
    state.meter = R.METER if checks.legend_era(state) else 0
