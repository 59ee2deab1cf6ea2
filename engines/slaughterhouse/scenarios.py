"""Scenarios A-E: the repair and the drive off, the scenario actions (siphon and ignite, flee, take and load
Loot, photos, documenting Evidence) and their refusals, and the Fire (its attacks, its spread each round)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import dice_for
from engines.slaughterhouse.rules import active, holds, limit, roll, sawyer_of, scenario, successes
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser
from engines.slaughterhouse.tables import EFFECTS, TODO

_OBJECTIVE_EVENT = {
    "siphon": "siphoned",
    "ignite": "ignited",
    "loot": "loot_taken",
    "load": "loot_loaded",
    "photo": "photo_taken",
    "document": "documented",
}


def fire_step(state: State, who: int) -> Step:
    return Step("attack", who=who, sawyer="fire", dice=roll(state, dice_for(state, "fire")), flag="plain")


def repair_needs(state: State) -> dict[str, list[str]]:
    """Vehicle card -> the parts a Repair needs (plus a Gas Can), for this scenario."""
    if state.scenario == "a":
        return {v: D.VEHICLES[v]["needs"] for v in D.ESCAPE_VEHICLES}
    return dict(scenario(state).get("repair", {}))


def can_drive(state: State, space: str) -> bool:
    if space not in state.vehicles_up:
        return False
    card = state.vehicles[space]
    if card in state.driven:
        return False
    sc = state.scenario
    if sc == "a":
        return card in state.repaired
    if sc == "c":
        return card in state.repaired and state.loaded >= scenario(state)["loot_to_load"]
    if sc == "d":
        return (
            card == "green_van"
            and state.photos >= scenario(state)["photos_needed"]
            and bool(state.photographed)
        )
    return False


def repair_plan(state: State, space: str) -> list[str] | None:
    """The parts and Gas Can the group in this space would use to repair the vehicle here, or None."""
    if space not in state.vehicles_up:
        return None
    card = state.vehicles[space]
    needs = repair_needs(state).get(card)
    if needs is None or card in state.repaired:
        return None
    pool = [c for t in state.trespassers if t.space == space and active(t) for c in t.items]
    used = []
    for need in [*needs, "gas"]:
        got = next((c for c in pool if D.ALL_ITEMS[c].get("part") == need and c not in used), None)
        if got is None:
            return None
        used.append(got)
    return used


def objective_options(state: State, t: Trespasser) -> list[Option]:
    """The scenario's own actions open to this Trespasser here (none in scenario A)."""
    found = _OBJECTIVE_OPTIONS.get(state.scenario)
    return found(state, t, scenario(state)) if found else []


def _burn_options(state: State, t: Trespasser, sc: dict) -> list[Option]:
    """Scenario B: siphon an escape vehicle's fuel, set a room alight, flee once enough rooms burn."""
    opts: list[Option] = []
    here = t.space
    card = state.vehicles.get(here, "")
    if (
        here in state.vehicles_up
        and card in D.ESCAPE_VEHICLES
        and card not in state.siphoned
        and any(D.ALL_ITEMS[c]["effect"] == "fuel" for c in state.beside)
    ):
        opts.append(Option("siphon", f"siphon fuel from the {D.name(card)}"))
    room = D.room_of(here)
    if holds(t, "fuel") and here in D.INDOORS and room not in state.ignited:
        opts.append(Option("ignite", f"douse the {room} and set it alight"))
    return opts + _flee(t, len(state.ignited), sc["rooms_to_burn"])


def _ransack_options(state: State, t: Trespasser, sc: dict) -> list[Option]:
    """Scenario C: pick up Loot (one at a time), load it into the Blue Truck."""
    opts: list[Option] = []
    here = t.space
    if here in state.tokens and not t.carrying:
        opts.append(Option("loot", "pick up the Loot here"))
    if t.carrying and here in state.vehicles_up and state.vehicles[here] == sc["placed_vehicle"]:
        opts.append(Option("load", f"load the Loot into the {D.name(state.vehicles[here])}"))
    return opts


def _dare_options(state: State, t: Trespasser, sc: dict) -> list[Option]:
    """Scenario D: with the Camera, photograph a room's token or a Sawyer (Grandpa too) not yet taken."""
    opts: list[Option] = []
    here = t.space
    if D.CAMERA not in t.items:
        return opts
    if here in state.tokens:
        opts.append(Option("photo", f"photograph the {D.room_of(here)}"))
    subjects = [s.id for s in state.sawyers if s.space == here]
    if state.grandpa == here:
        subjects.append("grandpa")
    for sid in subjects:
        if sid not in state.photographed:
            opts.append(Option(str(Key("photo", sawyer=sid)), f"take a picture of {D.name(sid)}"))
    return opts


def _evidence_options(state: State, t: Trespasser, sc: dict) -> list[Option]:
    """Scenario E: flee once enough is documented; document Evidence in its room with the Camera here."""
    here = t.space
    opts = _flee(t, len(state.documented), sc["documents_needed"])
    if state.film <= 0:
        return opts
    group = [x for x in state.trespassers if x.space == here and active(x)]
    if any(D.CAMERA in x.items for x in group):
        room = D.room_of(here)
        for x in group:
            for c in holds(x, "evidence"):
                if D.ALL_ITEMS[c]["room"] == room:
                    opts.append(Option(str(Key("document", card=c)), f"photograph the {D.name(c)}"))
    return opts


def _flee(t: Trespasser, done: int, goal: int) -> list[Option]:
    """From an Outdoor Corner, once the scenario's goal is met."""
    if t.space in D.CORNERS and done >= goal:
        return [Option("flee", "flee into the night from this corner")]
    return []


_OBJECTIVE_OPTIONS: dict[str, Callable[[State, Trespasser, dict], list[Option]]] = {
    "b": _burn_options,
    "c": _ransack_options,
    "d": _dare_options,
    "e": _evidence_options,
}


_WHY_NOT = {
    "siphon": "Siphon needs a revealed escape vehicle not yet siphoned, and fuel left beside the board.",
    "ignite": "Ignite needs Siphoned Fuel in hand, indoors, in a room not yet set alight.",
    "flee": "You can flee only from an Outdoor Corner once the scenario's goal is done.",
    "loot": "There is no Loot here, or you already carry something (one thing at a time).",
    "load": "Load needs Loot in your hands and the Blue Truck in your space.",
    "photo": "A photo needs the Camera in your hands and a Photo token or an unphotographed Sawyer here.",
    "document": "Documenting needs the Camera, film, and that Evidence card here, in its own room.",
    "drive": "This vehicle cannot leave yet (it is not ready, or the scenario's goal is not done).",
}
OBJECTIVE_VERBS = frozenset(_WHY_NOT)
"""The scenario actions (and driving off), whose refusals this module explains."""


def objective_why(verb: str) -> str:
    """Why a scenario action is refused."""
    return _WHY_NOT[verb]


def repair(state: State, who: int, events: list[Event]) -> None:
    t = state.trespassers[who]
    card = state.vehicles[t.space]
    used = repair_plan(state, t.space)
    assert used is not None
    owners: dict[str, str] = {}  # each part's name -> the Trespasser it came from (the story says whose)
    for c in used:
        for x in state.trespassers:
            if x.space == t.space and c in x.items:
                x.items.remove(c)
                owners[D.name(c)] = x.id
    state.installed += used
    state.repaired.append(card)
    events.append(
        Event(
            "vehicle_repaired",
            state.round,
            "trespassers",
            {"trespasser": t.id, "vehicle": D.name(card), "parts": [D.name(c) for c in used], "from": owners},
        )
    )


def drive(state: State, who: int, events: list[Event]) -> None:
    t = state.trespassers[who]
    card = state.vehicles[t.space]
    gone = [x for x in state.trespassers if x.space == t.space and active(x)]
    state.driven.append(card)
    for x in gone:
        x.escaped = True
        x.hidden = False
        x.noise = 0
    events.append(
        Event(
            "escaped",
            state.round,
            "trespassers",
            {"trespassers": [x.id for x in gone], "vehicle": D.name(card), "how": "vehicle"},
        )
    )
    TODO.drop(state.todo, lambda s: s.who == who)
    TODO.later(state.todo, Step("turn_done", who=who))


def objective(state: State, who: int, choice: Key, events: list[Event]) -> None:
    """Scenario actions B-E: siphon and ignite, flee, take and load Loot, take photos, document Evidence."""
    t = state.trespassers[who]
    head = choice.verb
    facts: dict = {"trespasser": t.id, "space": D.name(t.space)}
    if head == "siphon":
        fuel = next(c for c in state.beside if D.ALL_ITEMS[c]["effect"] == "fuel")
        state.beside.remove(fuel)
        t.items.append(fuel)
        card = state.vehicles[t.space]
        state.siphoned.append(card)
        facts |= {
            "vehicle": D.name(card),
            "left": sum(D.ALL_ITEMS[c]["effect"] == "fuel" for c in state.beside),
        }
        if len(t.items) > limit(t):
            TODO.push(state.todo, Step("bury", who=who))
    elif head == "ignite":
        fuel = next(c for c in t.items if D.ALL_ITEMS[c]["effect"] == "fuel")
        t.items.remove(fuel)
        state.installed.append(fuel)
        room = D.room_of(t.space)
        state.ignited.append(room)
        if t.space not in state.fire:
            state.fire.append(t.space)
        facts |= {
            "room": room,
            "burning": len(state.ignited),
            "needed": scenario(state)["rooms_to_burn"],
        }
    elif head == "flee":
        t.escaped = True
        t.hidden = False
        t.noise = 0
        events.append(
            Event(
                "escaped",
                state.round,
                "trespassers",
                {"trespassers": [t.id], "vehicle": "", "how": "corner"},
            )
        )
        TODO.drop(state.todo, lambda x: x.who == who)
        TODO.later(state.todo, Step("turn_done", who=who))
        return
    elif head == "loot":
        state.tokens.remove(t.space)
        t.carrying = True
        facts["room"] = D.room_of(t.space)  # the token's room, as its placing was told
    elif head == "load":
        t.carrying = False
        state.loaded += 1
        facts |= {"loaded": state.loaded, "needed": scenario(state)["loot_to_load"]}
    elif head == "photo":
        subject = choice.sawyer
        if subject:
            state.photographed.append(subject)
        else:
            state.tokens.remove(t.space)
            facts["room"] = D.room_of(t.space)  # the Photo token's room, as its placing was told
        state.photos += 1
        facts |= {
            "subject": D.name(subject) if subject else "",
            "photos": state.photos,
            "needed": scenario(state)["photos_needed"],
        }
    elif head == "document":
        card = choice.card
        holder = next(x for x in state.trespassers if card in x.items)
        holder.items.remove(card)
        state.documented.append(card)
        state.film -= 1
        facts |= {
            "item": D.name(card),
            "holder": holder.id,
            "room": D.ALL_ITEMS[card]["room"],
            "documented": len(state.documented),
            "needed": scenario(state)["documents_needed"],
            "film": state.film,
        }
    events.append(Event(_OBJECTIVE_EVENT[head], state.round, "trespassers", facts))


def burn_sawyer(state: State, s: Sawyer) -> None:
    """A Sawyer starting a turn or ending a move in Fire: two dice, one action lost per success."""
    TODO.later(state.todo, Step("fire_burns", sawyer=s.id, dice=roll(state, dice_for(state, "fire"))))


@EFFECTS.step("fire_burns")
def fire_burns(state: State, step: Step, events: list[Event]) -> None:
    """The Fire's roll against a Sawyer, on the family's turn: the family may reroll it first (any dice)."""
    if step.n == 0 and state.phase == "sawyer" and state.hand:
        TODO.push(
            state.todo,
            Step("reroll", dice=step.dice, flag="fire"),
            Step("fire_burns", sawyer=step.sawyer, dice=step.dice, n=1),
        )
        return
    s = sawyer_of(state, step.sawyer)
    lost = min(successes(step.dice), s.actions)
    s.actions -= lost
    events.append(
        Event(
            "fire_burns",
            state.round,
            state.phase,
            {"sawyer": D.name(s.id), "dice": step.dice, "lost": lost, "actions": s.actions},
        )
    )


def spread_fire(state: State, events: list[Event]) -> None:
    """After each round the fire takes one indoor space next to it (designed, `spread_per_round`), keeping
    the tokens still owed to ignitions."""
    for _ in range(D.FIRE["spread_per_round"]):
        left = D.FIRE["tokens"] - len(state.fire)
        owed = max(0, scenario(state).get("rooms_to_burn", 0) - len(state.ignited))
        if left <= owed:
            return
        near = sorted({b for a in state.fire for b in D.steps(a) if b in D.INDOORS and b not in state.fire})
        if not near:
            return
        space = near[state.rng.below(len(near))]
        state.fire.append(space)
        events.append(
            Event(
                "fire_spread",
                state.round,
                state.phase,
                {"space": D.name(space), "room": D.room_of(space)},
            )
        )
