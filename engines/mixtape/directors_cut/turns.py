"""Turns: their start and end, the start-of-turn choices and the turn order (the end of the game: winning.py)."""

from __future__ import annotations

from functools import lru_cache

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape.directors_cut import (
    abilities,
    hero,
    inventory,
    machine,
    movement,
    places,
    scenes,
    searching,
    spending,
)
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    RISE,
    TURN,
    Slasher,
    State,
)
from engines.mixtape.directors_cut.winning import check_end, living

B = R.BOARD
PASSIVE = frozenset({"stitches"})
"""Abilities that work by themselves rather than being chosen."""


def begin_turn(state: State, who: int, events: list[Event]) -> None:
    if state.result:
        return
    new_round = state.current >= 0 and state.order.index(who) <= state.order.index(state.current)
    if new_round:
        state.round += 1
    if state.current < 0:
        state.round = 1
    if new_round and state.hero_at:
        hero.roams(state, events)
    state.current = who
    state.turn_no += 1
    state.spree = False
    machine.forget(state)
    s = state.slashers[who]
    if s.skip:
        s.skip = False
        events.append(Event("turn_skipped", state.turn_no, "turn", {"seat": s.seat, "name": s.name}))
        end_turn(state, events)
        return
    events.append(
        Event(
            "turn_started",
            state.turn_no,
            "turn",
            {"seat": s.seat, "name": s.name, "round": state.round, "place": places.logged(s.at)},
        )
    )
    offer_turn(state, events)


def turn_options(state: State) -> list[Option]:
    s = state.slashers[state.current]
    opts = []
    if state.markers.get(s.at):
        opts.append(_SCENE)
    if s.at in state.locks:
        opts.append(_UNLOCK)
    if may_search_here(state, s):
        opts.append(_search_option(s.at))
    if s.supply and R.supply(s.supply).kind == "heal" and s.health < R.HEALTH and s.trackers > 0:
        opts.append(_heal_option(R.supply(s.supply).name))
    usable = not s.used and s.ability not in PASSIVE
    if usable and (s.ability != "drowned" or abilities.rise_options(state)):  # she rises where victims are
        opts.append(_ability_option(s.ability))
    opts.append(_ROLL)
    return opts


# The start-of-turn options, built once each (options are frozen, so every decision may share them).
_SCENE = Option("scene", "draw a Killer Scenes, Dude card here", aliases=("kill", "attack"))
_UNLOCK = Option("unlock", "try to break the lock", aliases=("break",))
_ROLL = Option("roll", "roll the movement dice", aliases=("move", "r"))


@lru_cache(maxsize=64)
def _search_option(location: str) -> Option:
    return Option("search", f"search {B.locations[location].name} with the Search Die")


@lru_cache(maxsize=64)
def _heal_option(supply_name: str) -> Option:
    return Option("heal", f"use the {supply_name}", aliases=("first aid",))


@lru_cache(maxsize=64)
def _ability_option(ability: str) -> Option:
    return Option("ability", f"Special Ability: {R.ABILITY_TEXT[ability]}", aliases=("special",))


def may_search_here(state: State, s: Slasher) -> bool:
    """Standing in an empty location not searched last time, outside a Killing Spree."""
    return not state.spree and B.is_location(s.at) and not state.markers[s.at] and s.searched != s.at


def offer_turn(state: State, events: list[Event]) -> None:
    if state.result:
        return
    state.phase = TURN
    if len(turn_options(state)) == 1:
        movement.roll_move(state, events)


TURN_CHOICES: Steps[[State, Slasher, list[Event]], None] = Steps("director's cut turn choices")
"""A start-of-turn choice's key -> what it does: (state, slasher, events)."""


def turn_choice(state: State, key: str, events: list[Event]) -> None:
    TURN_CHOICES.run(key, state, state.slashers[state.current], events)


@TURN_CHOICES.step("roll")
def _roll(state: State, s: Slasher, events: list[Event]) -> None:
    movement.roll_move(state, events)


@TURN_CHOICES.step("scene")
def _scene(state: State, s: Slasher, events: list[Event]) -> None:
    scenes.scene(state, events)


@TURN_CHOICES.step("unlock")
def _unlock(state: State, s: Slasher, events: list[Event]) -> None:
    machine.push(state, "turn")  # a lock broken at the start of a turn leaves the whole turn to go on with
    spending.ask_spend(state, state.current, "unlock", events)


@TURN_CHOICES.step("ability")
def _ability(state: State, s: Slasher, events: list[Event]) -> None:
    if s.ability == "drowned":
        state.phase = RISE  # the ability is spent once she names the location
    else:
        abilities.ability(state, "", events)


@TURN_CHOICES.step("search")
def _search(state: State, s: Slasher, events: list[Event]) -> None:
    searching.search(state, events, after="turn")


@TURN_CHOICES.step("heal")
def _heal(state: State, s: Slasher, events: list[Event]) -> None:
    kind = R.supply(s.supply)
    before = s.health
    s.health = min(R.HEALTH, s.health + kind.amount)
    events.append(
        Event(
            "healed",
            state.turn_no,
            "turn",
            {
                "seat": s.seat,
                "name": s.name,
                "card": kind.name,
                "amount": s.health - before,
                "health": s.health,
            },
        )
    )
    inventory.use_tracker(state, state.current, 1, events)
    offer_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    if state.result:
        return
    check_end(state, events)
    if state.result:
        return
    alive = set(living(state))
    pos = state.order.index(state.current)
    n = len(state.order)
    for k in range(1, n + 1):
        nxt = state.order[(pos + k) % n]
        if nxt in alive:
            begin_turn(state, nxt, events)
            return
