"""A Trespasser's turn: the options and the actions (move, run, search, swap), walking through the House
step by step (doors and stairs make Noise, Horror tiles and Grandpa stop a move), vehicles revealed, the
end-of-turn Noise roll and hiding."""

from __future__ import annotations

import functools
from typing import Any

from engines.core.contract import Option
from engines.core.decks import pick
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.combat import desperation, desperation_options
from engines.slaughterhouse.dealing import since_of
from engines.slaughterhouse.items import item_options, use
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import dice_for
from engines.slaughterhouse.panic import raise_panic
from engines.slaughterhouse.rules import (
    actions_left,
    active,
    board,
    dice_words,
    has,
    max_actions,
    move_steps,
    noise,
    offerable,
    roll,
    successes,
)
from engines.slaughterhouse.scenarios import (
    OBJECTIVE_VERBS,
    can_drive,
    drive,
    fire_step,
    objective,
    objective_options,
    objective_why,
    repair,
    repair_plan,
)
from engines.slaughterhouse.state import State, Step, Trespasser
from engines.slaughterhouse.tables import EFFECTS, TODO

_ACTION_HEADS = (
    "move",
    "run",
    "search",
    "swap",
    "repair",
    "drive",
    "use",
    "siphon",
    "ignite",
    "flee",
    "loot",
    "load",
    "photo",
    "document",
)


def no_run(state: State, t: Trespasser) -> bool:
    if any(D.ALL_INJURIES[c]["effect"] == "no_run" for c in t.injuries):
        return True
    return state.horror_up.get(D.room_of(t.space)) == "slick"


def hideable(state: State, space: str) -> bool:
    if D.SPACES[space].get("hide"):
        return True
    return space in state.vehicles_up and D.VEHICLES[state.vehicles[space]]["effect"] == "hide"


def searchable(state: State, space: str) -> bool:
    if space in state.searched:
        return False
    if D.SPACES[space].get("search"):
        return True
    return space in state.vehicles_up and D.VEHICLES[state.vehicles[space]]["effect"] == "search"


def run_paths(state: State, t: Trespasser) -> list[tuple[str, str]]:
    paths = D.RUNS[t.space]
    if "slick" not in state.horror_up.values():
        return paths
    slick = {room for room, tile in state.horror_up.items() if tile == "slick"}
    return [(a, b) for a, b, ra, rb in _RUN_ROOMS[t.space] if ra not in slick and rb not in slick]


_RUN_ROOMS = {s: [(a, b, D.room_of(a), D.room_of(b)) for a, b in D.RUNS[s]] for s in D.SPACES}
"""Each run path of a space with the rooms it passes through (a Slick Floor closes those)."""


_END_TURN = Option("end", "end your turn", ("done", "pass"))


def _move_option(a: str, b: str) -> Option:
    kind = D.LINKS[a][b]
    name = D.name(b)
    if kind == "door":
        note = " (Noise)" if name.endswith("(door)") else " (door, Noise)"  # not "front porch (door) (door, ..."
    else:
        note = " (stairs, Noise)" if kind == "stairs" else ""
    return Option(str(Key("move", space=b)), f"move to {name}{note}")


@functools.cache
def _quiet_run_option(start: str, a: str, b: str) -> Option:
    """A run by a Trespasser whose footwear runs quiet (`run_quiet`): the run itself makes no Noise, so its
    label says Noise only where a door or stairs on the way make some (built once a process per path)."""
    loud = sorted({D.LINKS[x][y] for x, y in ((start, a), (a, b))} & {"door", "stairs"})
    return Option(str(Key("run", via=a, space=b)), f"run to {D.name(b)} via {D.name(a)}" + (f" ({', '.join(loud)}, Noise)" if loud else ""))


_MOVE_OPTIONS = {a: [_move_option(a, b) for b in D.steps(a)] for a in D.SPACES}


_RUN_OPTION = {
    (a, b): Option(str(Key("run", via=a, space=b)), f"run to {D.name(b)} via {D.name(a)} (Noise)")
    for s in D.SPACES
    for a, b in D.RUNS[s]
}


_RUN_OPTIONS = {s: [_RUN_OPTION[a, b] for a, b in D.RUNS[s]] for s in D.SPACES}
"""Move and run options of each space, built once (they depend on the space alone)."""


def action_options(state: State) -> list[Option]:
    """A Trespasser's turn: the actions (while one is left), the Desperation cards, the end of the turn."""
    t = state.trespassers[state.current]
    here = [s for s in state.sawyers if s.space == t.space]
    runs = [] if no_run(state, t) else run_paths(state, t)
    opts: list[Option] = []
    if t.actions > 0:
        opts += _moves(state, t, runs)
        opts += _swaps(state, t)
        opts += item_options(state, t, here)
        if repair_plan(state, t.space) is not None:
            opts.append(Option("repair", f"repair the {D.name(state.vehicles[t.space])}"))
        if can_drive(state, t.space):
            opts.append(Option("drive", f"drive off in the {D.name(state.vehicles[t.space])}"))
        if state.scenario != "a":
            opts += objective_options(state, t)
    opts += desperation_options(state, t, here, runs)
    opts.append(_END_TURN)
    return opts


def _moves(state: State, t: Trespasser, runs: list[tuple[str, str]]) -> list[Option]:
    """Moves, runs and a search from where the Trespasser stands."""
    opts = list(_MOVE_OPTIONS[t.space])
    if runs and has(t, "run_quiet"):
        opts += [_quiet_run_option(t.space, a, b) for a, b in runs]
    elif runs:
        opts += (
            [_RUN_OPTION[a, b] for a, b in runs]
            if "slick" in state.horror_up.values()
            else _RUN_OPTIONS[t.space]
        )
    if searchable(state, t.space):
        n = dice_for(state, "search", state.current)
        opts.append(Option("search", f"search here (Noise, {dice_words(n)})"))
    return opts


def _swaps(state: State, t: Trespasser) -> list[Option]:
    """A swap with anyone in the space, living or dead, while either side holds something."""
    return [
        _swap_option(i, o.id, o.dead)
        for i, o in enumerate(state.trespassers)
        if o is not t
        and o.space == t.space
        and not o.escaped
        and (o.items or o.personal or t.items or t.personal)
    ]


@functools.cache
def _swap_option(i: int, oid: str, dead: bool) -> Option:
    """A swap with Trespasser i (named oid, maybe dead): built once a process."""
    return Option(str(Key("swap", who=i)), f"swap Items with {oid.capitalize()}{' (dead)' if dead else ''}")


def action_prompt(state: State) -> str:
    t = state.trespassers[state.current]
    return actions_left(t.id, t.space, t.actions, f", Noise {t.noise}.")


def start_turn(state: State, idx: int, events: list[Event]) -> None:
    t = state.trespassers[idx]
    state.current = idx
    t.actions = max_actions(t)
    t.used = []
    t.play_dead = False
    was_hidden = t.hidden
    t.hidden = False
    events.append(
        Event(
            "turn_started",
            state.round,
            "trespassers",
            {"trespasser": t.id, "space": D.name(t.space), "actions": t.actions, "unhid": was_hidden},
        )
    )
    if t.space in state.fire:
        TODO.later(state.todo, fire_step(state, idx))


def act(state: State, key: str, events: list[Event]) -> None:
    t = state.trespassers[state.current]
    who = state.current
    choice = Key.parse(key)
    head = choice.verb
    t.stopped = False
    t.made_noise = 0
    if head == "end":
        TODO.later(
            state.todo,
            Step("noise_roll", who=who),
            Step("hide_check", who=who),
            Step("turn_done", who=who),
        )
        return
    if head == "desp":
        desperation(state, who, choice, events)
        return
    t.actions -= 1
    if head == "move":
        TODO.later(state.todo, *move_steps(who, [choice.space], [choice.space], "move"))
    elif head == "run":
        noise(state, who, 0 if has(t, "run_quiet") else 1, events, cause="run")
        TODO.later(state.todo, *move_steps(who, list(choice.path), [choice.space], "run"))
    elif head == "search":
        search(state, who, events)
    elif head == "swap":
        o = choice.trespasser
        events.append(
            Event(
                "swap_started",
                state.round,
                "trespassers",
                {"trespasser": t.id, "other": state.trespassers[o].id, "dead": state.trespassers[o].dead},
            )
        )
        TODO.later(state.todo, Step("swap", who=who, n=o))
    elif head == "use":
        use(state, who, choice, events)
    elif head == "repair":
        repair(state, who, events)
    elif head == "drive":
        drive(state, who, events)
    else:
        objective(state, who, choice, events)


def search(state: State, who: int, events: list[Event]) -> None:
    noise(state, who, 1, events, cause="search")
    if offerable(state, "search"):
        TODO.later(state.todo, Step("offer", who=who, flag="search"))
    TODO.later(state.todo, Step("search_roll", who=who), Step("after_action", who=who))


@EFFECTS.step("begin_round")
def begin_round(state: State, step: Step, events: list[Event]) -> None:
    state.phase = "trespassers"
    state.round += 1
    state.current = -1
    state.round_used = []
    for t in state.trespassers:
        t.acted = False
    events.append(Event("round_started", state.round, "trespassers", {"round": state.round}))


@EFFECTS.step("walk")
def walk(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if t.stopped or not active(t) or not step.path:
        return
    nxt = step.path[0]
    kind = "window" if step.flag == "window" else D.LINKS[t.space][nxt]
    quiet = step.flag == "quiet"
    if kind == "window":
        noise(state, step.who, 1, events, cause="window")
    if kind == "door":
        if step.n == 0 and offerable(state, "door"):
            TODO.push(state.todo, Step("offer", who=step.who, flag="door", path=step.path, sawyer=step.flag))
            return
        if not quiet:
            locked = any(state.horror_up.get(D.room_of(x)) == "locked_door" for x in (t.space, nxt))
            noise(state, step.who, D.HORROR["locked_door"]["noise"] if locked else 1, events, cause="door")
    elif kind == "stairs" and not quiet:
        noise(state, step.who, 1, events, cause="stairs")
    t.space = nxt
    rest = step.path[1:]
    follow: list[Step] = []
    room = D.room_of(nxt)
    if room in state.horror:
        follow.append(Step("horror", who=step.who, flag=room))
    if state.grandpa == nxt:
        follow.append(Step("grandpa_attack", who=step.who))
    here = [s for s in state.sawyers if s.space == nxt]
    if (here or state.grandpa == nxt) and offerable(state, "enter"):
        # Grandpa is a Sawyer for cards (FAQ): alone, I Got Ya makes him attack (one die).
        best = max(here, key=lambda s: dice_for(state, "attack", source=s.id)).id if here else "grandpa"
        follow.append(Step("offer", who=step.who, flag="enter", sawyer=best))
    if rest:
        follow.append(Step("walk", who=step.who, path=rest, flag=step.flag))
    TODO.push(state.todo, *follow)


@EFFECTS.step("horror")
def horror(state: State, step: Step, events: list[Event]) -> None:
    state.trespassers[step.who].stopped = True
    tile = state.horror.pop(step.flag)
    arrival = next((s for s in state.todo if s.kind == "arrived" and s.who == step.who), None)
    if arrival is not None:
        arrival.cards = [tile]  # the tile the move turned up, for the arrival's line (see `arrived`)
    reveal_horror(state, step.who, step.flag, tile, state.phase, events)


def reveal_horror(state: State, who: int, room: str, tile: str, phase: str, events: list[Event]) -> None:
    """A Horror tile turned up in `room` by a Trespasser's move or a Sawyer's card: it stays face up there or
    is gone, and its effect strikes the Trespasser `who` found it."""
    info = D.HORROR[tile]
    if info["stays"]:
        state.horror_up[room] = tile
    else:
        state.horror_gone.append(tile)
    events.append(
        Event(
            "horror_revealed",
            state.round,
            phase,
            {
                "trespasser": state.trespassers[who].id,
                "room": room,
                "tile": info["name"],
                "effect": info["effect"],
            },
        )
    )
    horror_effect(state, who, tile, events)


def horror_effect(state: State, who: int, tile: str, events: list[Event]) -> None:
    """A revealed tile's immediate effect on the Trespasser who found it (its numbers are the tile's)."""
    t = state.trespassers[who]
    info = D.HORROR[tile]
    effect = info["effect"]
    if effect in ("noise2", "noise3"):
        noise(state, who, info["noise"], events, cause="tile")
    elif effect == "attack1":
        TODO.push(
            state.todo,
            Step(
                "attack",
                who=who,
                sawyer="horror",
                dice=roll(state, dice_for(state, "horror", source=tile)),
                flag="plain",
            ),
        )
    elif effect == "panic":
        raise_panic(state, events)
    elif effect == "lose_action":
        t.actions = max(0, t.actions - info["actions"])


@EFFECTS.step("arrived")
def arrived(state: State, step: Step, events: list[Event]) -> None:
    """Say where the move or run really ended (a tile, Grandpa or a card may have cut it short)."""
    t = state.trespassers[step.who]
    short = t.space != step.path[0]
    how = step.flag if not short else "stopped"
    if t.space in state.fire and active(t):
        TODO.push(state.todo, fire_step(state, step.who))
    facts: dict[str, Any] = {"trespasser": t.id, "space": D.name(t.space), "how": how}
    if step.cards:  # the story has just told the tile, entering its room and all: not the entry again
        facts["found"] = D.HORROR[step.cards[0]]["name"]
    events.append(Event("moved", state.round, state.phase, facts))


@EFFECTS.step("vehicle_check")
def vehicle_check(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if not active(t) or t.space not in state.vehicles or t.space in state.vehicles_up:
        return
    state.vehicles_up.append(t.space)
    card = state.vehicles[t.space]
    effect = D.VEHICLES[card]["effect"]
    events.append(
        Event(
            "vehicle_revealed",
            state.round,
            state.phase,
            {"trespasser": t.id, "vehicle": D.name(card), "effect": effect, "space": D.name(t.space)},
        )
    )
    if effect == "panic":
        raise_panic(state, events)
    elif effect == "noise3":
        noise(state, step.who, D.VEHICLES[card]["noise"], events, cause="vehicle")
    elif effect == "personal" and state.personal_box:
        card = state.personal_box.pop(pick(state.rng, state.personal_box, since_of))
        t.personal.append(card)
        events.append(
            Event("stash_found", state.round, state.phase, {"trespasser": t.id, "item": D.name(card)})
        )


@EFFECTS.step("after_action")
def after_action(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if active(t) and t.made_noise and offerable(state, "noise"):
        TODO.push(state.todo, Step("offer", who=step.who, flag="noise"))
    t.made_noise = 0


@EFFECTS.step("search_roll")
def search_roll(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if not active(t):
        return
    dice = roll(state, dice_for(state, "search", step.who))
    deck = state.item_decks[board(t.space)]
    found = [deck.pop() for _ in range(min(successes(dice), len(deck)))]
    events.append(
        Event(
            "searched",
            state.round,
            state.phase,
            {"trespasser": t.id, "space": D.name(t.space), "dice": dice, "found": len(found)},
        )
    )
    follow = [Step("take", who=step.who, cards=found)] if found else []
    if len(state.searched) < D.SEARCHED_TOKENS:
        state.searched.append(t.space)
    else:
        follow.append(Step("move_searched", flag=t.space))  # after the take question
    TODO.push(state.todo, *follow)


@EFFECTS.step("noise_roll")
def noise_roll(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if not active(t) or t.noise == 0:
        return
    dice = roll(state, dice_for(state, "calm", step.who))
    gone = min(successes(dice), t.noise)
    fear = t.noise - gone
    t.noise = 0
    state.fear += fear
    events.append(
        Event(
            "noise_rolled",
            state.round,
            state.phase,
            {"trespasser": t.id, "dice": dice, "calmed": gone, "fear": fear, "total": state.fear},
        )
    )


@EFFECTS.step("hide_check")
def hide_check(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if not active(t) or not (hideable(state, t.space) or t.play_dead):
        return
    if any(s.space == t.space for s in state.sawyers) or state.grandpa == t.space:
        return
    if offerable(state, "hide"):
        TODO.push(state.todo, Step("offer", who=step.who, flag="hide"))
    else:
        TODO.push(state.todo, Step("hide", who=step.who))


@EFFECTS.step("hide")
def hide(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    t.hidden = True
    events.append(Event("hidden", state.round, state.phase, {"trespasser": t.id, "space": D.name(t.space)}))


@EFFECTS.step("turn_done")
def turn_done(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    t.acted = True
    t.actions = 0
    state.current = -1
    events.append(Event("turn_ended", state.round, "trespassers", {"trespasser": t.id}))


def why_not_action(state: State, verb: str) -> str | None:
    """Why a Trespasser's action is refused (None: no reason of this mechanic's)."""
    t = state.trespassers[state.current]
    if verb in _ACTION_HEADS and t.actions < 1:
        return f"{t.id.capitalize()} has no action left this turn."
    if verb == "run":
        if no_run(state, t):
            return f"{t.id.capitalize()} cannot run now (an Injury or a Horror tile forbids it)."
        return "You cannot run there: two spaces, no stairs, no windows."
    if verb in OBJECTIVE_VERBS:
        return objective_why(verb)
    return _WHY_NOT.get(verb)


_WHY_NOT = {
    "move": "You can only move to an adjacent space (doors and stairs yes, windows no).",
    "search": "There is no uncovered Search symbol in this space.",
    "repair": "No revealed vehicle here that your group holds the parts and gas for.",
    "swap": "There is nobody in your space to swap Items with (or neither of you holds any).",
    "hide": "Hiding is not an action: end your turn on a Hide symbol with no Sawyer there and you hide.",
    "use": "You hold no Item you can use now (weapons: once per turn, a Sawyer in your space).",
    "attack": "Attacking a Sawyer needs a weapon you have not used this turn, or Fight Back, and a Sawyer here.",
}
