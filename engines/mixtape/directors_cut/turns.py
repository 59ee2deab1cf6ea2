"""Turns: their start and end, the start-of-turn choices, the turn order, and the end of the game."""

from __future__ import annotations

from functools import lru_cache

from engines.core.contract import (
    Option,
)
from engines.core.events import Event
from engines.core.steps import Steps
from engines.mixtape import turn
from engines.mixtape.directors_cut import abilities, hero, movement, places, scenes, searching, spending
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import (
    RISE,
    TURN,
    Slasher,
    State,
)

B = R.BOARD
PASSIVE = frozenset({"stitches"})
"""Abilities that work by themselves rather than being chosen."""
SEATS = tuple(f"slasher{i}" for i in range(1, 7))
PERSON = SEATS[0]


def living(state: State) -> list[int]:
    return [i for i, x in enumerate(state.slashers) if x.alive]


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
    state.door = ""
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
    state.door = "turn"  # a lock broken at the start of a turn leaves the whole turn to go on with
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
    spending.use_tracker(state, state.current, 1, events)
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


def opponent(state: State) -> int:
    """The opposing player who chooses for the rules: the next living slasher in turn order."""
    pos = state.order.index(state.current)
    n = len(state.order)
    for k in range(1, n):
        i = state.order[(pos + k) % n]
        if state.slashers[i].alive:
            return i
    return state.current


def check_end(state: State, events: list[Event]) -> None:
    if state.result:
        return
    alive = living(state)
    rich = [state.slashers[i] for i in alive if len(state.slashers[i].souvenirs) >= state.goal]
    if rich:
        finish(state, [rich[0].seat], "souvenirs", events)
    elif len(alive) == 1:
        finish(state, [state.slashers[alive[0]].seat], "last", events)
    elif not alive:
        finish(state, [], "none", events)


def ending(state: State) -> str:
    """The ending in words, as the outcome tells it: a souvenirs win counts the winner's own souvenirs, which
    may pass the goal (a double kill at nine). `state.reason` keeps what `finish` wrote, the goal itself, as
    the saves hold it (a different text would be a different state, and older saves would not replay)."""
    rich = [s for s in state.slashers if s.seat in state.winners and len(s.souvenirs) >= state.goal]
    if not rich:
        return state.reason
    held = len(rich[0].souvenirs)
    return f"{' and '.join(s.name for s in rich)} collected {held} souvenirs ({state.goal} to win)."


def finish(state: State, winners: list[str], why: str, events: list[Event]) -> None:
    names = [x.name for x in state.slashers if x.seat in winners]
    reasons = {
        "souvenirs": f"{' and '.join(names)} collected {state.goal} souvenirs.",
        "last": f"{' and '.join(names)} is the last slasher standing.",
        "none": "Every slasher in Tall Oaks is dead.",
    }
    turn.game_over(state, winners, names, why, reasons[why], PERSON, events)
