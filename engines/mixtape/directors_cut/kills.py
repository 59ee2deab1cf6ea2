"""Kills: the roll against an attack card, the souvenirs it takes, the victim that runs, and restocking."""

from __future__ import annotations

from engines.core.events import Event
from engines.mixtape.dice import triple
from engines.mixtape.directors_cut import health, hero, machine, readings, winning
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.noise import noise as make_noise
from engines.mixtape.directors_cut.state import (
    RUN,
    State,
)

B = R.BOARD


def resolve_kill(
    state: State, dice: list[str], knives: int, noise: int, events: list[Event], edge: int = 0
) -> None:
    """`knives`: what supplies and `edge` add to the dice; `edge` the knives that waited for this roll (The
    Legend's ability, a Bonus Tracks card), told apart so the story says where they went."""
    s = state.slashers[state.current]
    card = R.SCENES[state.card]
    t = triple(dice)
    rolled = dice.count(R.KNIFE)
    facts = {
        "seat": s.seat,
        "name": s.name,
        "card": card.title,
        "dice": dice,
        "knives": rolled + knives,
        "need": card.knives,
        "combo": t,
        "edge": edge,
    }
    reading = readings.kill(dice, card.knives, knives)
    if reading == "redraw":  # RB Dice Reference: "buries the current ... card and can draw a new one"
        events.append(Event("scene_redrawn", state.turn_no, "scene", facts))
        state.scenes.bury(state.card)
        state.card = ""
        if noise and make_noise(state, noise, state.current, events):
            hero.fight(state, state.current, "offer_redraw", events)
            return
        machine.go_on(state, "offer_redraw", events)
        return
    if reading in readings.KILLS:
        double = reading == "double"
        events.append(Event("kill_made", state.turn_no, "scene", {**facts, "double": double}))
        state.scenes.discard(state.card)
        state.card = ""
        runner = take_souvenirs(state, card.souvenirs * (R.COMBO_MULTIPLIER if double else 1), events)
        if t == R.PENTAGRAM:
            for i in winning.living(state):
                if i != state.current:
                    health.hurt(state, i, R.HEX_DAMAGE, "a hex", events)
        if state.result:
            return
        after = "runner" if runner else "free_search"
        if noise and make_noise(state, noise, state.current, events):
            hero.fight(state, state.current, after, events)
            return
        machine.go_on(state, after, events)
        return
    events.append(Event("kill_failed", state.turn_no, "scene", facts))
    state.scenes.bury(state.card)
    state.card = ""
    state.pending_noise = noise
    loc = s.at
    state.running = loc
    state.chooser = winning.opponent(state)
    if B.locations[loc].neighbours and state.markers[loc]:
        state.phase = RUN
    else:
        after_run(state, events)


def run(state: State, to: str, events: list[Event]) -> None:
    src = state.running
    token = state.markers[src].pop()
    state.markers[to].append(token)
    events.append(
        Event(
            "marker_ran",
            state.turn_no,
            "scene",
            {
                "from": B.locations[src].name,
                "to": B.locations[to].name,
                "chooser": state.slashers[state.chooser].seat,
                "chooser_name": state.slashers[state.chooser].name,
            },
        )
    )
    after_run(state, events)


def after_run(state: State, events: list[Event]) -> None:
    state.running = ""
    state.chooser = -1
    noise, state.pending_noise = state.pending_noise, 0
    if noise and make_noise(state, noise, state.current, events):
        hero.fight(state, state.current, "end", events)
        return
    machine.end_turn(state, events)


def take_souvenirs(state: State, n: int, events: list[Event]) -> bool:
    """Take the location's marker and flip it; more from the location, then the bank (RB: Locations With
    Multiple Tokens), but after a Runner the rest come from the bank alone (RB: Runner Tokens). True on a
    Runner."""
    s = state.slashers[state.current]
    loc = s.at
    state.last_kill = loc
    first = state.markers[loc].pop()
    got: list[str] = []
    runner = R.is_runner(first)
    if runner:
        state.bank.append(first)
    else:
        got.append(first)
    for _ in range(n - 1):
        if state.markers[loc] and not runner:
            t = state.markers[loc].pop()
            if R.is_runner(t):  # designed: a Runner among the extra tokens is worth nothing
                state.bank.append(t)
                continue
            got.append(t)
        else:
            pick = [i for i, t in enumerate(state.bank) if not R.is_runner(t)]
            if pick:
                got.append(state.bank.pop(pick[state.rng.below(len(pick))]))
    s.souvenirs.extend(got)
    events.append(
        Event(
            "souvenirs_taken",
            state.turn_no,
            "scene",
            {
                "seat": s.seat,
                "name": s.name,
                "runner": runner,
                "gained": len(got),
                "total": len(s.souvenirs),
                "goal": state.goal,
                "place": B.locations[loc].name,
            },
        )
    )
    restock_if_empty(state, events)
    winning.check_end(state, events)
    return runner


def restock_if_empty(state: State, events: list[Event]) -> None:
    if any(state.markers.values()):
        return
    placed = []
    for loc in R.LOCATIONS:
        if loc == state.last_kill or not state.bank:
            continue
        state.markers[loc].append(state.bank.pop(state.rng.below(len(state.bank))))
        placed.append(loc)
    events.append(
        Event(
            "restocked",
            state.turn_no,
            "scene",
            {"count": len(placed), "places": [B.locations[loc].name for loc in placed]},
        )
    )


@machine.ROLLS.step("kill")
def _roll(state: State, who: int, dice: list[str], extra: tuple[int, int, int], events: list[Event]) -> None:
    knives, _, noise = extra
    s = state.slashers[who]
    edge, s.edge = s.edge, 0
    resolve_kill(state, dice, knives + edge, noise, events, edge)
